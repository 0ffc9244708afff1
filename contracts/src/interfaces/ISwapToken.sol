// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IFeeToken} from "./IFeeToken.sol";

/// @title The product token (the spec's "swap token"), sold in the presale and traded against USDT
/// @notice A fee token (see IFeeToken) whose configuration reads as the spec's "swap token config".
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

    /// @notice The configuration in the spec's shape (the full fee tables are in `getFees`).
    function getConfig() external view returns (Config memory);
}
