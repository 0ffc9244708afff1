// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IUniswapV2Pair} from "../interfaces/IUniswapV2.sol";

/// @title A Uniswap-V2 pair's cumulative price as of the current block (as UniswapV2OracleLibrary computes it)
library PairPrice {
    /// @dev `pair`'s cumulative price of its token0 (`ofToken0`) or token1, UQ112x112 in the other token times
    ///      seconds: what it stored, plus its reserves' price since its last update. Wraps, as in the pair.
    function cumulative(address pair, bool ofToken0) internal view returns (uint256 price) {
        IUniswapV2Pair p = IUniswapV2Pair(pair);
        (uint256 reserve0, uint256 reserve1, uint32 last) = p.getReserves();
        (uint256 reserveOf, uint256 reserveIn) = ofToken0 ? (reserve0, reserve1) : (reserve1, reserve0);
        price = ofToken0 ? p.price0CumulativeLast() : p.price1CumulativeLast();
        if (reserveOf == 0) return price;
        unchecked {
            // overflow is desired, as in the pair: 32-bit time and a wrapping cumulative price
            price += (reserveIn << 112) / reserveOf * uint32(uint32(block.timestamp) - last);
        }
    }

    /// @dev `pair`'s price of its token0 (`ofToken0`) or token1 now, in the other token with 18 decimals (0 while
    ///      it holds none). A spot price: one transaction can move it, so it only ever lowers a valuation.
    function spot(address pair, bool ofToken0) internal view returns (uint256) {
        (uint256 reserve0, uint256 reserve1,) = IUniswapV2Pair(pair).getReserves();
        (uint256 reserveOf, uint256 reserveIn) = ofToken0 ? (reserve0, reserve1) : (reserve1, reserve0);
        return reserveOf == 0 ? 0 : reserveIn * 1e18 / reserveOf;
    }
}
