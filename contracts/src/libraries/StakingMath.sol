// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title The interest arithmetic of Staking, kept pure so it can be fuzzed on its own
/// @dev Every result rounds down (in the pool's favour) and none overflows for inputs below 2^128.
library StakingMath {
    /// @dev Basis points.
    uint256 internal constant DENOMINATOR = 10_000;

    /// @dev Static income of `principal` locked `lockDay` days at `rate` basis points per day:
    ///      `principal * rate * lockDay / 10_000`, rounded down.
    function staticIncome(uint256 principal, uint256 rate, uint256 lockDay) internal pure returns (uint256) {
        return Math.mulDiv(principal, rate * lockDay, DENOMINATOR);
    }

    /// @dev `bps` basis points of `amount`, rounded down.
    function share(uint256 amount, uint256 bps) internal pure returns (uint256) {
        return Math.mulDiv(amount, bps, DENOMINATOR);
    }

    /// @dev Project tokens worth `value` USDT at `price` USDT per token (both 18 decimals), rounded down.
    function toTokens(uint256 value, uint256 price) internal pure returns (uint256) {
        return Math.mulDiv(value, 1e18, price);
    }

    /// @dev The share of an order's lock saved when it opens, in basis points, and which acceleration gives
    ///      it (0 none, 1 exit, 2 bottom; the larger wins, exit on a tie). `dynamic`: the depositor's referral
    ///      and team income so far; `principal`: what it deposited before. Exit acceleration saves
    ///      `exitRate * min(dynamic, principal) / principal`; bottom acceleration saves `bottomRate` when
    ///      `dynamic <= principal * bottomFloor / 10_000`. At most max(exitRate, bottomRate).
    function acceleration(
        uint256 dynamic,
        uint256 principal,
        uint256 exitRate,
        uint256 bottomRate,
        uint256 bottomFloor
    ) internal pure returns (uint256 bps, uint256 kind) {
        uint256 exit = principal == 0 ? 0 : Math.mulDiv(exitRate, Math.min(dynamic, principal), principal);
        uint256 bottom = dynamic * DENOMINATOR > principal * bottomFloor ? 0 : bottomRate;
        if (exit != 0 && !(exit < bottom)) return (exit, 1);
        if (bottom != 0) return (bottom, 2);
        return (0, 0);
    }

    /// @dev The average price, in USDT per token with 18 decimals, of a Uniswap-V2 cumulative price (UQ112x112
    ///      USDT per token, times seconds) that grew by `cumulativeDelta` over `elapsed` seconds; rounded down.
    function averagePrice(uint256 cumulativeDelta, uint256 elapsed) internal pure returns (uint256) {
        return Math.mulDiv(cumulativeDelta, 1e18, elapsed << 112);
    }

    /// @dev The price a token deposit is valued at: the lowest of the configured `fbPrice`, the `twap` and the
    ///      pool's `spot` price now, and whether `fbPrice` and the `twap` are within `maxDeviation` basis points
    ///      of each other (the higher at most `10_000 + maxDeviation` / 10_000 times the lower). A price drop
    ///      since the last observation lowers the valuation at once; a pump of the spot price changes nothing.
    function depositPrice(uint256 fbPrice, uint256 twap, uint256 spot, uint256 maxDeviation)
        internal
        pure
        returns (uint256 price, bool withinBound)
    {
        (uint256 low, uint256 high) = fbPrice < twap ? (fbPrice, twap) : (twap, fbPrice);
        return (spot < low ? spot : low, !(high * DENOMINATOR > low * (DENOMINATOR + maxDeviation)));
    }
}
