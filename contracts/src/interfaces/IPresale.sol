// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The referral registry shared by every part of the product
/// @notice Each member binds once to a registered referrer; the tree is rooted at the account registered at
///         deploy. Because a referrer must have registered before the caller, and the caller only once, no
///         member can bind to one of its own referrals: the tree has no loops.
interface IPresale {
    /// @notice A member of the referral tree.
    /// @param index Registration order, starting at 1 for the root; 0 means unregistered.
    /// @param refer The referrer the member bound to (zero for the root).
    /// @param invites Number of members that bound directly to this member.
    /// @param registeredAt Timestamp of the registration.
    struct User {
        uint256 index;
        address refer;
        uint256 invites;
        uint256 registeredAt;
    }

    /// @notice The registry's configuration and totals.
    struct Config {
        address manager;
        address root;
        uint256 totalUser;
    }

    /// @notice Emitted when `account` binds to `referrer`.
    event Registered(address indexed account, address indexed referrer, uint256 index);
    /// @notice Emitted when the owner changes the manager.
    event ManagerUpdated(address indexed previousManager, address indexed newManager);
    /// @notice Emitted when the owner allows or disallows `registrar` to register members on their behalf.
    event RegistrarUpdated(address indexed registrar, bool allowed);

    /// @notice Thrown when the chosen referrer has not registered.
    error ReferrerNotRegistered(address referrer);
    /// @notice Thrown when the caller has already registered.
    error AlreadyRegistered(address account);
    /// @notice Thrown when the caller names itself as referrer.
    error SelfReferral();
    /// @notice Thrown when an address argument must not be zero.
    error ZeroAddress();
    /// @notice Thrown when `registerFor` is called by an address the owner has not made a registrar.
    error NotRegistrar(address caller);

    /// @notice Binds the caller to `referrer`, once.
    function register(address referrer) external;

    /// @notice Binds `account` to `referrer` on the member's behalf, once, with the same rules as `register`.
    /// @dev Only for registrars set by the owner (contracts such as Ido that forward their caller).
    function registerFor(address account, address referrer) external;

    /// @notice The member record of `account` (index 0 when unregistered).
    function users(address account) external view returns (User memory);

    /// @notice Whether `account` is a member, and the two referrer generations above it, in one call (for
    ///         contracts paying referral shares).
    /// @return registered Whether `account` has registered.
    /// @return referrer The member's referrer (zero for the root or an unregistered account).
    /// @return grandReferrer The referrer's referrer (zero when the referrer is the root or zero).
    function getReferrers(address account)
        external
        view
        returns (bool registered, address referrer, address grandReferrer);

    /// @notice Whether `account` may call `registerFor`.
    function isRegistrar(address account) external view returns (bool);

    /// @notice The configuration, including the manager.
    function getConfig() external view returns (Config memory);

    /// @notice Sets the manager (owner only).
    function setManager(address manager) external;

    /// @notice Allows or disallows `registrar` to call `registerFor` (owner only).
    function setRegistrar(address registrar, bool allowed) external;
}
