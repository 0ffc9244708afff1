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

    /// @notice Thrown when the chosen referrer has not registered.
    error ReferrerNotRegistered(address referrer);
    /// @notice Thrown when the caller has already registered.
    error AlreadyRegistered(address account);
    /// @notice Thrown when the caller names itself as referrer.
    error SelfReferral();
    /// @notice Thrown when an address argument must not be zero.
    error ZeroAddress();

    /// @notice Binds the caller to `referrer`, once.
    function register(address referrer) external;

    /// @notice The member record of `account` (index 0 when unregistered).
    function users(address account) external view returns (User memory);

    /// @notice The configuration, including the manager.
    function getConfig() external view returns (Config memory);

    /// @notice Sets the manager (owner only).
    function setManager(address manager) external;
}
