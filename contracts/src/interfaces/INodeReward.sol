// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The node reward: a token's node fee share paid to the nodes of three classes A, B and C
/// @notice Fee shares arrive as plain balance moves. `updatePool` splits what arrived since the last call by
///         `rates` (basis points, summing to 10000) among the classes; within a class every node has one unit of
///         force and earns `perForce` (reward per force, scaled by 1e18) from the moment it joined the class. The
///         owner or the manager sets a member's node classes (`setUserForce`); nodes pull with `claim`. A class
///         without nodes keeps its share for its first nodes. See docs/dividends.md.
/// @dev `setUserForce` is open to the owner and to the Presale registry's manager; `setRates` is the owner's.
///      Classes are indexed 0 (A), 1 (B), 2 (C).
interface INodeReward {
    /// @notice A member.
    /// @param isExist Has been a node.
    /// @param isForceA Node of class A now (B, C alike).
    /// @param index Order in which the member became a node, from 1; 0: never.
    /// @param balance Reward tokens owed now, claimable (including what arrived and is not yet shared).
    /// @param debtA Class A accumulator already accounted to the member, scaled by 1e18 (B, C alike).
    /// @param rewardA Reward tokens earned in class A in total, claimed or not (B, C alike).
    struct UserInfo {
        bool isExist;
        bool isForceA;
        bool isForceB;
        bool isForceC;
        uint256 index;
        uint256 balance;
        uint256 debtA;
        uint256 debtB;
        uint256 debtC;
        uint256 rewardA;
        uint256 rewardB;
        uint256 rewardC;
    }

    /// @notice The configuration and totals.
    /// @param rates Basis points of incoming rewards for classes A, B, C (sum 10000).
    /// @param totalUser Members that have been nodes.
    /// @param totalRewardA Reward tokens assigned to class A in total (B, C alike).
    /// @param totalForceA Nodes of class A now (B, C alike).
    /// @param perForceA Class A reward per node since deployment, scaled by 1e18 (B, C alike).
    /// @param lastBalance Reward tokens already accounted (owed, or waiting in a class without nodes).
    struct Config {
        uint256[3] rates;
        uint256 totalUser;
        uint256 totalRewardA;
        uint256 totalRewardB;
        uint256 totalRewardC;
        uint256 totalForceA;
        uint256 totalForceB;
        uint256 totalForceC;
        uint256 perForceA;
        uint256 perForceB;
        uint256 perForceC;
        uint256 lastBalance;
    }

    /// @notice Emitted when `amount` newly arrived reward tokens were split among the classes.
    event PoolUpdated(uint256 amount, uint256 amountA, uint256 amountB, uint256 amountC);
    /// @notice Emitted when `account`'s node classes change.
    event UserForceUpdated(address indexed account, bool isForceA, bool isForceB, bool isForceC);
    /// @notice Emitted when `account` claimed `amount`.
    event Claimed(address indexed account, uint256 amount);
    /// @notice Emitted when the class rates change.
    event RatesUpdated(uint256[3] rates);

    /// @notice Thrown when a required address is zero.
    error ZeroAddress();
    /// @notice Thrown when an admin call comes from neither the owner nor the registry's manager.
    error NotOwnerOrManager(address caller);
    /// @notice Thrown when the class rates do not add up to 10000.
    error RatesInvalid(uint256 sum);
    /// @notice Thrown when `claim` finds nothing owed.
    error NothingToClaim();

    /// @notice Basis-points denominator of the rates.
    function RATE_DENOMINATOR() external view returns (uint256);

    /// @notice Pays the caller what it is owed.
    function claim() external;
    /// @notice Splits what arrived since the last call among the classes (anyone).
    function updatePool() external;
    /// @notice Settles `account`'s earnings into its balance (anyone).
    function updateUser(address account) external;
    /// @notice Sets `account`'s node classes (owner or manager); earnings so far stay its own, a class joined
    ///         earns only what arrives from now on.
    function setUserForce(address account, bool isForceA, bool isForceB, bool isForceC) external;
    /// @notice Sets the class rates (owner only); what arrived before is split at the old rates.
    function setRates(uint256[3] calldata rates) external;

    /// @notice The configuration and totals.
    function getConfig() external view returns (Config memory);
    /// @notice A member.
    function getUserInfo(address account) external view returns (UserInfo memory);
    /// @notice The reward token.
    function token() external view returns (address);
}
