// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title What the share-based dividend distributors (LpDividend, HoldDividend) have in common
/// @notice A distributor holds one reward token. Fee shares arrive as plain balance moves; `updatePool` shares
///         what arrived since the last call among the credited shares (reward per share). How a share is credited
///         is the distributor's own (HoldDividend: from balances held over two blocks; LpDividend: LP staked in
///         it). A balance borrowed for one transaction never earns. See docs/dividends.md.
interface IShareDividend {
    /// @notice Totals of the accounting.
    /// @param totalShares Credited shares of every holder.
    /// @param rewardPer Reward per share since deployment, scaled by 1e18.
    /// @param carry The division remainder (wei x 1e18) carried into the next distribution.
    /// @param lastBalance Reward tokens already accounted (owed to holders, plus the carry).
    /// @param totalReward Reward tokens ever shared among holders.
    /// @param totalPaid Reward tokens ever paid to holders.
    struct Totals {
        uint256 totalShares;
        uint256 rewardPer;
        uint256 carry;
        uint256 lastBalance;
        uint256 totalReward;
        uint256 totalPaid;
    }

    /// @notice Emitted when `amount` newly arrived reward tokens were shared; `rewardPer` is the new accumulator.
    event PoolUpdated(uint256 amount, uint256 rewardPer);
    /// @notice Emitted when `account`'s credited share changed to `shares`.
    event ShareUpdated(address indexed account, uint256 shares);
    /// @notice Emitted when `account` was paid `amount` reward tokens.
    event RewardPaid(address indexed account, uint256 amount);
    /// @notice Emitted when `account` was excluded from (or readmitted to) new rewards.
    event BlackListUpdated(address indexed account, bool blackListed);

    /// @notice Thrown when a required address is zero.
    error ZeroAddress();
    /// @notice Thrown when an admin call comes from neither the owner nor the registry's manager.
    error NotOwnerOrManager(address caller);
    /// @notice Thrown when `addUser` is called for an account already listed.
    error UserExists(address account);
    /// @notice Thrown when `addUser` is called for an account with nothing to credit.
    error NoShares(address account);
    /// @notice Thrown when there is nothing to pay.
    error NothingToClaim();

    /// @notice Shares the reward tokens that arrived since the last call (anyone).
    function updatePool() external;
    /// @notice Lists `account` as a holder and credits it as `updateUser` does (anyone).
    function addUser(address account) external;
    /// @notice Settles `account` and credits its share as the distributor's rule allows now (anyone). Does nothing
    ///         for an account never listed with nothing to credit.
    function updateUser(address account) external;
    /// @notice Pays the caller what it is owed; `NothingToClaim()` when nothing.
    function claim() external;
    /// @notice Excludes `account` from new rewards (share set to 0) or readmits it (owner only). What it has
    ///         earned stays its own.
    function setBlackList(address account, bool blackListed) external;

    /// @notice The reward token and the share token.
    function getTokens() external view returns (address reward, address shares);
    /// @notice Totals of the accounting.
    function getTotals() external view returns (Totals memory);
    /// @notice Reward tokens `account` can be paid now (including what arrived and is not yet shared).
    function pendingReward(address account) external view returns (uint256);
}
