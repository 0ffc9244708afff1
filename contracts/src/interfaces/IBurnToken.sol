// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IFeeToken} from "./IFeeToken.sol";

/// @title The burn token: a fee token whose burn share stops at a supply floor or after a burn phase, with a
///        per-account buy limit per time window
/// @notice See IFeeToken for the fee rules and docs/tokens.md for the burn token's own rules.
interface IBurnToken is IFeeToken {
    /// @notice The spec's burn token config.
    /// @param startBlock First block non-exempt accounts can trade in (with `openTime`).
    /// @param openTime First second non-exempt accounts can trade (0: not scheduled).
    /// @param burnTime Seconds after `openTime` during which fees burn (0: no end); afterwards the burn share
    ///        goes to the pool share.
    /// @param burnMin Supply floor: a fee never burns the supply below it (the share goes to the pool instead).
    /// @param activeAmount Least balance that makes a holder active (`isActive`) for the dividend distributor.
    /// @param dividendGas Gas a keeper passes to the distributor's `sendReward(gas)`; never used in a transfer.
    /// @param addPoolRate The sell fee's pool share, basis points.
    /// @param buyRate The whole buy fee, basis points.
    /// @param swapEveryMax Most tokens (gross) one account may buy per `swapEveryTime` window (0: no limit).
    /// @param swapEveryTime Length in seconds of the buy-limit window (0: no limit).
    struct Config {
        uint256 startBlock;
        uint256 openTime;
        uint256 burnTime;
        uint256 burnMin;
        uint256 activeAmount;
        uint256 dividendGas;
        uint256 addPoolRate;
        uint256 buyRate;
        uint256 swapEveryMax;
        uint256 swapEveryTime;
    }

    /// @notice The owner-settable part of the config.
    struct BurnSettings {
        uint256 burnTime;
        uint256 burnMin;
        uint256 activeAmount;
        uint256 dividendGas;
        uint256 swapEveryMax;
        uint256 swapEveryTime;
    }

    /// @notice Emitted when the burn token's settings change.
    event BurnSettingsUpdated(BurnSettings settings);

    /// @notice Thrown when a setting exceeds its cap.
    error SettingTooHigh(uint256 value, uint256 max);
    /// @notice Thrown when a buy would take the buyer past `swapEveryMax` in the current window.
    error BuyLimitExceeded(uint256 amount, uint256 remaining);

    /// @notice Cap of `burnTime` (10 years).
    function MAX_BURN_TIME() external view returns (uint256);
    /// @notice Cap of `dividendGas`.
    function MAX_GAS() external view returns (uint256);
    /// @notice Cap of `swapEveryTime` (1 day).
    function MAX_WINDOW() external view returns (uint256);

    /// @notice The configuration in the spec's shape (the full fee tables are in `getFees`).
    function getConfig() external view returns (Config memory);
    /// @notice Whether `account` holds at least `activeAmount` (and something).
    function isActive(address account) external view returns (bool);
    /// @notice What `account` has bought in its current buy-limit window and when that window started.
    function buyWindow(address account) external view returns (uint256 start, uint256 bought);
    /// @notice The burn token's name for `swapAndLiquify`: same rules, same errors.
    function swapAndTrans() external;
    /// @notice Sets the burn token's settings (owner).
    function setBurnSettings(BurnSettings calldata settings) external;
}
