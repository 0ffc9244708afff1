// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The parts of the Uniswap-V2 / PancakeSwap-V2 factory the tokens use
interface IUniswapV2Factory {
    /// @notice The pair of `tokenA` and `tokenB`, or zero when none exists.
    function getPair(address tokenA, address tokenB) external view returns (address pair);

    /// @notice Creates the pair of `tokenA` and `tokenB`.
    function createPair(address tokenA, address tokenB) external returns (address pair);
}

/// @title The parts of a Uniswap-V2 / PancakeSwap-V2 pair the tokens use
interface IUniswapV2Pair {
    /// @notice The lower-addressed token of the pair.
    function token0() external view returns (address);

    /// @notice The higher-addressed token of the pair.
    function token1() external view returns (address);

    /// @notice Token0's price in token1 (UQ112x112) times the seconds it held, summed since the pair began.
    function price0CumulativeLast() external view returns (uint256);

    /// @notice Token1's price in token0 (UQ112x112) times the seconds it held, summed since the pair began.
    function price1CumulativeLast() external view returns (uint256);

    /// @notice The reserves as of the last swap, mint, burn or sync, and that block's timestamp.
    function getReserves()
        external
        view
        returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
}

/// @title The parts of the Uniswap-V2 / PancakeSwap-V2 router 02 the tokens use
interface IUniswapV2Router {
    /// @notice The factory the router trades through.
    function factory() external view returns (address);

    /// @notice Adds liquidity at the pair's current ratio; see the Uniswap-V2 periphery.
    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external returns (uint256 amountA, uint256 amountB, uint256 liquidity);

    /// @notice Swaps an exact input along `path`, measuring what arrived (for fee-on-transfer tokens).
    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external;

    /// @notice What `amountIn` buys against these reserves after the DEX's own fee (UniswapV2Library.getAmountOut).
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut)
        external
        pure
        returns (uint256 amountOut);

    /// @notice What `amountIn` buys along `path` at the current reserves, before any token's own fee.
    function getAmountsOut(uint256 amountIn, address[] calldata path)
        external
        view
        returns (uint256[] memory amounts);
}
