// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IShareDividend} from "./IShareDividend.sol";

/// @title The hold dividend: a token's dividend fee share paid to its holders in proportion to what they hold
/// @notice Shares are holders' balances of the token, credited by `updateUser` (anyone) or `updateUsers` (a
///         keeper's rotation, which also lowers the shares of holders who sold), and lowered at once by `onTransfer`
///         when the token (SwapToken's share distributor) tells of a transfer out; see IShareDividend for the
///         flash-balance rule. Holders pull their rewards with `claim`. See docs/dividends.md.
/// @dev Its one admin call, `setBlackList`, is the owner's.
interface IHoldDividend is IShareDividend {
    /// @notice A holder.
    /// @param isExist Listed.
    /// @param amount Credited tokens (the share).
    /// @param dept Reward debt: what the current share would have earned since deployment but is not owed (wei;
    ///        negative after a share decrease, whose earnings stay owed).
    /// @param balance Reward tokens owed now, claimable (including what arrived and is not yet shared).
    /// @param rewardTotal Reward tokens claimed in total.
    struct UserInfo {
        bool isExist;
        uint256 amount;
        int256 dept;
        uint256 balance;
        uint256 rewardTotal;
    }

    /// @notice Global state.
    /// @param totalUser Holders listed.
    /// @param totalReward Reward tokens ever shared among holders.
    /// @param totalForce Credited shares of every holder.
    /// @param rewardPer Reward per share since deployment, scaled by 1e18.
    /// @param lastIndex Position in the holder list (from 0) where the next `updateUsers` starts.
    /// @param lastBalance Reward tokens already accounted (owed to holders, plus the division carry).
    struct Config {
        uint256 totalUser;
        uint256 totalReward;
        uint256 totalForce;
        uint256 rewardPer;
        uint256 lastIndex;
        uint256 lastBalance;
    }

    /// @notice Thrown when `onTransfer` is called by anything but the share token.
    error NotShareToken(address caller);

    /// @notice Called by the share token after `from` sent or burned tokens: shares what arrived and lowers `from`'s
    ///         credited share to its balance (as `updateUser`, which within a block can only lower it). Accounts
    ///         never listed are skipped.
    function onTransfer(address from) external;
    /// @notice Re-credits up to `count` listed holders in rotation from `lastIndex` (anyone).
    function updateUsers(uint256 count) external;

    /// @notice A holder.
    function users(address account) external view returns (UserInfo memory);
    /// @notice Whether `account` is excluded from new rewards (`setBlackList`).
    function isBlacklisted(address account) external view returns (bool);
    /// @notice Global state.
    function getConfig() external view returns (Config memory);
}
