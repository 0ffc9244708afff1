// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IFeeToken} from "./IFeeToken.sol";

/// @title The mining token: a fee token with a whitelist window after opening, an automatic swap switch and
///        a running total of what the fees paid to liquidity
/// @notice See IFeeToken for the fee rules and docs/tokens.md for the mining token's own rules.
interface IMiningToken is IFeeToken {
    /// @notice The spec's "other token" config.
    /// @param whiteTime Seconds after `openTime` during which only whitelisted accounts may buy.
    /// @param whiteMax Most tokens (gross) one whitelisted account may buy during the window.
    /// @param tjqReward The sell fee's node share, basis points.
    /// @param rewardDiv1 The buy fee's dividend share, basis points.
    /// @param rewardDiv2 The sell fee's dividend share, basis points.
    /// @param rewardLP The sell fee's pool share (turned into locked liquidity), basis points.
    /// @param sendGAS Gas a keeper passes to the distributor's `sendReward(gas)`; never used in a transfer.
    /// @param autoSwap Whether sells and wallet transfers start swap-and-liquify on their own.
    struct Config {
        uint256 whiteTime;
        uint256 whiteMax;
        uint256 tjqReward;
        uint256 rewardDiv1;
        uint256 rewardDiv2;
        uint256 rewardLP;
        uint256 sendGAS;
        bool autoSwap;
    }

    /// @notice The owner-settable part of the config.
    struct MiningSettings {
        uint256 whiteTime;
        uint256 whiteMax;
        uint256 sendGAS;
        bool autoSwap;
    }

    /// @notice Emitted when the mining token's settings change.
    event MiningSettingsUpdated(MiningSettings settings);
    /// @notice Emitted when an account is put on or taken off the whitelist.
    event WhiteListUpdated(address indexed account, bool whiteListed);
    /// @notice Emitted when `burnPool` burned what the dead address held.
    event PoolBurned(uint256 amount);

    /// @notice Thrown when a setting exceeds its cap.
    error SettingTooHigh(uint256 value, uint256 max);
    /// @notice Thrown when a non-whitelisted account buys during the whitelist window.
    error NotWhiteListed(address account);
    /// @notice Thrown when a buy would take a whitelisted account past `whiteMax`.
    error WhiteMaxExceeded(uint256 amount, uint256 remaining);
    /// @notice Thrown when `burnPool` finds nothing to burn.
    error NothingToBurn();

    /// @notice Cap of `whiteTime` (1 day).
    function MAX_WHITE_TIME() external view returns (uint256);
    /// @notice Cap of `sendGAS`.
    function MAX_GAS() external view returns (uint256);

    /// @notice The configuration in the spec's shape (the full fee tables are in `getFees`).
    function getConfig() external view returns (Config memory);
    /// @notice Whether `account` may buy during the whitelist window.
    function isWhiteList(address account) external view returns (bool);
    /// @notice Second of `account`'s last buy (0: never) and what it bought during the whitelist window.
    function userLasts(address account) external view returns (uint256 lastBuy, uint256 whiteBought);
    /// @notice Tokens the fees have put in the pool share so far (turned into locked liquidity).
    function lpReward() external view returns (uint256);
    /// @notice Burns everything the dead address holds (tokens "burned" by sending them there), so the supply
    ///         shows it; anyone may call. Never touches the pair.
    function burnPool() external;
    /// @notice Sets the mining token's settings (owner).
    function setMiningSettings(MiningSettings calldata settings) external;
    /// @notice Puts `accounts` on the whitelist or takes them off (owner).
    function setWhiteList(address[] calldata accounts, bool whiteListed) external;
}
