// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IShareDividend} from "./IShareDividend.sol";

/// @title The LP dividend: a token's dividend fee share paid to the LP of its USDT pair staked in it
/// @notice Members `stake` LP tokens to earn (share = LP staked, from that call on) and `unstake` them (the share
///         ends in the same call); what arrived is shared at most once a block, at the block's first call. A keeper
///         calls `sendReward(gas)`: it shares what arrived, then pays listed holders in rotation, from
///         `nextIndex`, within `gas`, and resumes at the next holder on the next call. A holder owed less than
///         `rewardMin` is skipped (paid later, once the amount has grown); a blacklisted holder is skipped; a
///         payment that fails leaves the amount owed and the rotation moves on. A holder may also `claim`.
///         See docs/dividends.md.
/// @dev `setRewardMin` is open to the owner and to the Presale registry's manager; `setBlackList` is the owner's.
interface ILpDividend is IShareDividend {
    /// @notice A holder.
    /// @param isValid Earns now: listed, not blacklisted, with credited LP.
    /// @param isBlackList Excluded from new rewards.
    /// @param index Position in the holder list, from 1; 0: not listed.
    /// @param lp Credited LP tokens (the share): the LP staked, 0 while blacklisted.
    /// @param reward Reward tokens paid to the holder in total.
    /// @param pending Reward tokens owed now (including what arrived and is not yet shared).
    /// @param staked LP tokens the holder staked (what `unstake` returns).
    struct UserInfo {
        bool isValid;
        bool isBlackList;
        uint256 index;
        uint256 lp;
        uint256 reward;
        uint256 pending;
        uint256 staked;
    }

    /// @notice The configuration.
    /// @param nextIndex Position in the holder list (from 0) where the next `sendReward` starts.
    /// @param userTotal Holders listed.
    /// @param rewardMin Smallest amount `sendReward` pays to a holder (dust is left to grow).
    /// @param token The reward token.
    /// @param lp The LP token staked.
    /// @param totalStaked LP tokens staked by every holder.
    struct Config {
        uint256 nextIndex;
        uint256 userTotal;
        uint256 rewardMin;
        address token;
        address lp;
        uint256 totalStaked;
    }

    /// @notice Emitted after a `sendReward` round: `visited` holders looked at, `paid` of them paid `amount` in
    ///         total, and the next round starts at `nextIndex`.
    event RewardSent(uint256 visited, uint256 paid, uint256 amount, uint256 nextIndex);
    /// @notice Emitted when a payment to `account` failed; the amount stays owed.
    event RewardFailed(address indexed account, uint256 amount);
    /// @notice Emitted when the dust bound changes.
    event RewardMinUpdated(uint256 rewardMin);

    /// @notice Emitted when `account` staked `amount` LP tokens (what arrived).
    event Staked(address indexed account, uint256 amount);
    /// @notice Emitted when `account` took back `amount` staked LP tokens.
    event Unstaked(address indexed account, uint256 amount);

    /// @notice Thrown when `rewardMin` is set above its cap.
    error RewardMinTooHigh(uint256 rewardMin, uint256 max);
    /// @notice Thrown when staking or unstaking nothing (or a stake of which nothing arrived).
    error ZeroAmount();
    /// @notice Thrown when unstaking more than the caller staked.
    error UnstakeExceedsStake(uint256 amount, uint256 staked);
    /// @notice Thrown at initialization when the reward token is the LP token (staked LP would be paid out).
    error RewardIsStakeToken(address token);

    /// @notice Cap of `rewardMin` (1,000 tokens of 18 decimals).
    function MAX_REWARD_MIN() external view returns (uint256);

    /// @notice Stakes `amount` LP tokens of the caller (approved first); the share rises by what arrived.
    function stake(uint256 amount) external;
    /// @notice Returns `amount` of the caller's staked LP tokens; the share drops at once (earnings stay owed).
    function unstake(uint256 amount) external;
    /// @notice Shares what arrived, then pays holders in rotation while the gas used stays within `gas` (anyone).
    ///         When the transaction has less gas left than `gas`, the round keeps within what it has: it stops
    ///         before a holder it cannot pay, and the next call starts at that holder.
    function sendReward(uint256 gas) external;
    /// @notice Sets the smallest amount `sendReward` pays (owner or manager).
    function setRewardMin(uint256 rewardMin) external;

    /// @notice A holder.
    function users(address account) external view returns (UserInfo memory);
    /// @notice The configuration.
    function getConfig() external view returns (Config memory);
    /// @notice Up to `count` holders from list position `start` (from 0), with their state.
    function getUsers(uint256 start, uint256 count)
        external
        view
        returns (address[] memory accounts, UserInfo[] memory infos);
    /// @notice Every listed holder.
    function getUsersAll() external view returns (address[] memory);
}
