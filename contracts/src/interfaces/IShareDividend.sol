// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title What the share-based dividend distributors (LpDividend, HoldDividend) have in common
/// @notice A distributor holds one reward token. Fee shares arrive as plain balance moves; `updatePool` shares
///         what arrived since the last call among the credited shares (reward per share). A holder's share is
///         credited from the share token's balance by `updateUser` and only counts what the holder held in an
///         earlier block too (the lower of this block's balance and the one seen at the previous update in an
///         earlier block), so a balance borrowed for one transaction never earns. Contracts, the zero and the
///         dead address never hold a share. See docs/dividends.md.
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
    /// @notice Thrown when `addUser` is called for an account that holds no share token or cannot hold a share.
    error NoShares(address account);
    /// @notice Thrown when there is nothing to pay.
    error NothingToClaim();

    /// @notice Shares the reward tokens that arrived since the last call (anyone).
    function updatePool() external;
    /// @notice Lists `account` as a holder and observes its share-token balance (anyone).
    function addUser(address account) external;
    /// @notice Settles `account` and credits its share from its balance now and at its previous update (anyone).
    ///         Does nothing for an account never listed with nothing to credit (no balance, or a contract).
    function updateUser(address account) external;
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
