// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Reward-per-share arithmetic shared by the dividend distributors (see docs/dividends.md)
/// @dev Accumulators are scaled by `PRECISION`. A distribution divides `amount * PRECISION + carry` by the shares
///      and keeps the remainder as the next `carry`, so nothing is lost to the division: it is paid out with the
///      next distribution. Accumulators never exceed `MAX_PER`, so `share * accumulator` fits an int256 for every
///      share up to 2^104.
library DividendMath {
    uint256 internal constant PRECISION = 1e18;
    /// @dev A distribution that would take the accumulator past this waits (the funds stay unaccounted).
    uint256 internal constant MAX_PER = 2 ** 150;
    /// @dev Incoming funds taken in one distribution at most; the rest waits for the next one.
    uint256 internal constant MAX_INCOMING = 2 ** 128;

    /// @dev The accumulator and carry after sharing `amount` wei among `shares`; `ok` false when it would pass
    ///      `MAX_PER` (then nothing changes).
    function distribute(uint256 per, uint256 carry, uint256 amount, uint256 shares)
        internal
        pure
        returns (uint256 newPer, uint256 newCarry, bool ok)
    {
        uint256 scaled = amount * PRECISION + carry;
        uint256 delta = scaled / shares;
        if (delta > MAX_PER - per) return (per, carry, false);
        return (per + delta, scaled % shares, true);
    }
}
