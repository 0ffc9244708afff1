// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DexDeployer, path} from "./DexDeployer.sol";
import {SwapToken} from "../../src/SwapToken.sol";
import {BurnToken} from "../../src/BurnToken.sol";
import {MiningToken} from "../../src/MiningToken.sol";
import {IFeeToken} from "../../src/interfaces/IFeeToken.sol";
import {IUniswapV2Router} from "../../src/interfaces/IUniswapV2.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";

address constant DEAD = 0x000000000000000000000000000000000000dEaD;

/// @dev The router functions the tests call beyond what the tokens use.
interface IRouterForTests is IUniswapV2Router {
    function removeLiquidity(
        address tokenA,
        address tokenB,
        uint256 liquidity,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external returns (uint256 amountA, uint256 amountB);
}

/// @dev The pair functions the tests call beyond what the tokens use.
interface IPairForTests {
    function getReserves()
        external
        view
        returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function token0() external view returns (address);
    function balanceOf(address account) external view returns (uint256);
    function totalSupply() external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
    function sync() external;
    function skim(address to) external;
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

/// @dev Deploys the real Uniswap-V2 bytecode shipped on npm (factory, WETH9, router 02; the prebuilt router's
///      init-code hash matches the prebuilt pair), USDT, and a SwapToken whose pair the holder seeds with
///      1,000,000 tokens and 100,000 USDT (0.1 USDT a token). Trading opens at `OPEN`, an hour after `T0`.
///      A suite on another fee token overrides `deployToken` with `newBurnToken` or `newMiningToken` (the
///      helpers only use the shared ERC20 / IFeeToken functions).
abstract contract TokenFixture is DexDeployer {
    uint256 internal constant T0 = 1_700_000_000;
    uint256 internal constant OPEN = T0 + 1 hours;
    uint256 internal constant SUPPLY = 100_000_000 ether;
    uint256 internal constant SEED_TOKENS = 1_000_000 ether;
    uint256 internal constant SEED_USDT = 100_000 ether;

    address internal owner = makeAddr("owner");
    address internal holder = makeAddr("holder");
    address internal market = makeAddr("market");
    address internal node = makeAddr("node");
    address internal distributor = makeAddr("distributor");
    address internal trc = makeAddr("trc");
    address internal mainContract = makeAddr("main");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");

    address internal factory;
    address internal weth;
    IRouterForTests internal router;
    Usdt internal usdt;
    SwapToken internal token;
    IPairForTests internal pair;

    function setUp() public virtual {
        vm.chainId(31337);
        vm.warp(T0);
        vm.roll(100);
        deployDex();
        usdt = new Usdt();
        token = deployToken(address(usdt));
        pair = IPairForTests(token.swapPair());
        seedLiquidity(SEED_TOKENS, SEED_USDT);
        vm.prank(owner);
        token.setOpening(OPEN, 0);
    }

    function deployDex() internal {
        address router_;
        (factory, weth, router_) = deployDex(owner);
        router = IRouterForTests(router_);
    }

    function deployToken(address quote) internal virtual returns (SwapToken deployed) {
        deployed = new SwapToken(owner, holder, SUPPLY, address(router), quote, defaultAccounts());
    }

    function newBurnToken(address quote) internal returns (BurnToken) {
        return new BurnToken("Burn", "BURN", owner, holder, SUPPLY, address(router), quote, defaultAccounts());
    }

    function newMiningToken(address quote) internal returns (MiningToken) {
        return
            new MiningToken(
                "Mining", "MINE", owner, holder, SUPPLY, address(router), quote, defaultAccounts()
            );
    }

    /// @dev Moves the clock to `OPEN` and on a block, so that trading is open.
    function open() internal {
        vm.warp(OPEN);
        vm.roll(block.number + 1);
    }

    function defaultAccounts() internal view returns (IFeeToken.Accounts memory) {
        return IFeeToken.Accounts({
            market: market, node: node, trc: trc, main: mainContract, distributor: distributor
        });
    }

    function seedLiquidity(uint256 tokens, uint256 usdtAmount) internal {
        usdt.mint(holder, usdtAmount);
        vm.startPrank(holder);
        token.approve(address(router), type(uint256).max);
        usdt.approve(address(router), type(uint256).max);
        router.addLiquidity(address(token), address(usdt), tokens, usdtAmount, 0, 0, holder, block.timestamp);
        vm.stopPrank();
    }

    /// @dev `account` spends `usdtIn` USDT on tokens through the router (fee-on-transfer path).
    function buy(address account, uint256 usdtIn) internal {
        usdt.mint(account, usdtIn);
        vm.startPrank(account);
        usdt.approve(address(router), usdtIn);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            usdtIn, 0, path(address(usdt), address(token)), account, block.timestamp
        );
        vm.stopPrank();
    }

    /// @dev `account` sells `tokensIn` tokens for USDT through the router (fee-on-transfer path).
    function sell(address account, uint256 tokensIn) internal {
        vm.startPrank(account);
        token.approve(address(router), tokensIn);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            tokensIn, 0, path(address(token), address(usdt)), account, block.timestamp
        );
        vm.stopPrank();
    }

    function reserves() internal view returns (uint256 reserveToken, uint256 reserveUsdt) {
        (uint112 r0, uint112 r1,) = pair.getReserves();
        (reserveToken, reserveUsdt) = pair.token0() == address(token) ? (r0, r1) : (r1, r0);
    }

    function assertPairBalanceIsReserve() internal view {
        (uint256 reserveToken,) = reserves();
        assertEq(token.balanceOf(address(pair)), reserveToken, "pair balance == reserve");
    }

    /// @dev The reference fee split: each share but the pool's rounded down, the pool taking the rest.
    function referenceFees(uint256 value, IFeeToken.Fees memory f)
        internal
        pure
        returns (
            uint256 total,
            uint256 burnShare,
            uint256 pool,
            uint256 nodeShare,
            uint256 marketShare,
            uint256 div
        )
    {
        total = value * (uint256(f.burn) + f.pool + f.node + f.market + f.dividend) / 10_000;
        burnShare = value * f.burn / 10_000;
        nodeShare = value * f.node / 10_000;
        marketShare = value * f.market / 10_000;
        div = value * f.dividend / 10_000;
        pool = total - burnShare - nodeShare - marketShare - div;
    }
}
