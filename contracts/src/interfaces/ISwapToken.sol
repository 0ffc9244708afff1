// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IFeeToken} from "./IFeeToken.sol";

/// @title The product token (the spec's "swap token"), sold in the presale and traded against USDT
/// @notice A fee token (see IFeeToken) whose configuration reads as the spec's "swap token config". When a share
///         distributor is set, every transfer or burn out of an account that can hold a share (not the pair, not a
///         contract) then tells it (`IHoldDividend.onTransfer`), so the sender's credited share drops at once;
///         the call is limited to `HOOK_GAS` and its failure never reverts the transfer. See docs/dividends.md.
interface ISwapToken is IFeeToken {
    /// @notice The spec's swap token config.
    /// @param startBlock First block non-exempt accounts can trade in (with `openTime`).
    /// @param openTime First second non-exempt accounts can trade (0: not scheduled).
    /// @param buyRate The whole buy fee, basis points (the sum of the buy fee table).
    /// @param addPoolRate The sell fee's pool share (swap-and-liquify), basis points.
    /// @param nodeReward The sell fee's node share, basis points.
    /// @param slgReward The sell fee's dividend-distributor share, basis points.
    /// @param market Receives the market share of fees.
    /// @param node Receives the node share of fees.
    /// @param swapPair The token/USDT pair.
    /// @param usdt The quote token.
    /// @param trc The product's other token.
    /// @param main The main staking contract.
    /// @param distributor The dividend distributor.
    /// @param router The DEX router.
    struct Config {
        uint256 startBlock;
        uint256 openTime;
        uint256 buyRate;
        uint256 addPoolRate;
        uint256 nodeReward;
        uint256 slgReward;
        address market;
        address node;
        address swapPair;
        address usdt;
        address trc;
        address main;
        address distributor;
        address router;
    }

    /// @notice Emitted when the share distributor told of transfers changed (zero: none).
    event ShareDistributorUpdated(address distributor);

    /// @notice Thrown when the share distributor to set is not a distributor of this token's holders.
    error NotShareDistributor(address distributor);
    /// @notice Thrown when a transfer that must tell the share distributor has too little gas left to give the call
    ///         its whole `HOOK_GAS` (so the call cannot be starved into failing).
    error HookGasTooLow(uint256 gasLeft, uint256 needed);

    /// @notice The gas given to the share distributor's `onTransfer` call.
    function HOOK_GAS() external view returns (uint256);
    /// @notice The configuration in the spec's shape (the full fee tables are in `getFees`).
    function getConfig() external view returns (Config memory);
    /// @notice The share distributor told of transfers (zero: none).
    function shareDistributor() external view returns (address);

    /// @notice Sets the share distributor told of transfers (owner): a distributor whose share token is this
    ///         token, or zero to stop telling.
    function setShareDistributor(address distributor) external;
}
