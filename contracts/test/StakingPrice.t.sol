// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingFixture} from "./utils/StakingFixture.sol";
import {path} from "./utils/DexDeployer.sol";
import {Staking} from "../src/Staking.sol";
import {DataReader} from "../src/DataReader.sol";
import {IStaking} from "../src/interfaces/IStaking.sol";
import {IUniswapV2Router} from "../src/interfaces/IUniswapV2.sol";
import {StakingMath} from "../src/libraries/StakingMath.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @dev Borrows USDT (handed to it, as a flash lender would), pumps the token's price on the pair, stakes tokens
///      while the spot price is up, sells back and returns the loan: all in one transaction.
contract FlashStaker {
    function run(Staking staking, IUniswapV2Router router, IERC20 usdt, IERC20 token, uint256 tokens)
        external
        returns (uint256 orderIndex, uint256 spotDuring)
    {
        uint256 loan = usdt.balanceOf(address(this));
        usdt.approve(address(router), type(uint256).max);
        token.approve(address(router), type(uint256).max);
        token.approve(address(staking), type(uint256).max);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            loan, 0, path(address(usdt), address(token)), address(this), block.timestamp
        );
        spotDuring = router.getAmountsOut(1e18, path(address(token), address(usdt)))[1];
        // as much USDT value as the tokens would be worth at the pumped spot price
        uint256 value = tokens * spotDuring / 1e18;
        orderIndex = staking.deposit(1, value > 100_000e18 ? 100_000e18 : value, false);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            token.balanceOf(address(this)),
            0,
            path(address(token), address(usdt)),
            address(this),
            block.timestamp
        );
    }
}

/// @dev Token deposits are valued at the lower of `fbPrice` and the pair's TWAP (docs/economics.md, "Token
///      deposits"), on the real Uniswap-V2 pair. The pool prices the token at 0.10 USDT while the configured
///      price says 1 USDT (a stale setting).
contract StakingPriceTest is StakingFixture {
    uint256 internal constant MARKET = 0.1e18; // 1,000,000 tokens against 100,000 USDT
    /// 0.10 through the pair's UQ112x112 price (2^112 / 10, rounded down) read back with 18 decimals
    uint256 internal constant TWAP = MARKET - 1;
    address internal alice;
    address internal pair;
    IUniswapV2Router internal router;

    function setUp() public override {
        super.setUp();
        alice = member("alice", root);
        address router_;
        (pair, router_) = listToken(MARKET);
        router = IUniswapV2Router(router_);
    }

    function _fbPrice(uint256 price) internal {
        IStaking.Settings memory s = settings();
        s.fbPrice = price;
        configure(s);
    }

    /// `account` buys tokens with `usdtIn` USDT on the pair; returns the tokens bought.
    function _buy(address account, uint256 usdtIn) internal returns (uint256 bought) {
        uint256 before = token.balanceOf(account);
        usdt.mint(account, usdtIn);
        vm.startPrank(account);
        usdt.approve(address(router), usdtIn);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            usdtIn, 0, path(address(usdt), address(token)), account, block.timestamp
        );
        vm.stopPrank();
        return token.balanceOf(account) - before;
    }

    // ------------------------------------------------------------------------------------------------
    // Replays: buy on the DEX, then stake
    // ------------------------------------------------------------------------------------------------

    /// A stale `fbPrice` of 1 USDT against a pool at 0.10: token deposits are refused, not valued tenfold.
    function test_deposit_staleFbPriceIsRefused() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PriceDeviation.selector, 1e18, TWAP, PRICE_DEVIATION));
        staking.deposit(1, 1000e18, false);
    }

    /// Buying on the DEX and staking at once: the tokens 1,000 USDT buys are valued at less than 1,000 USDT.
    function test_deposit_buyThenStake_noInflation() public {
        _fbPrice(0.11e18); // a setting 10% above the market: within the bound, the TWAP is used
        address buyer = member("buyer", root);
        uint256 spent = 1000e18;
        uint256 bought = _buy(buyer, spent);
        // the most USDT value those tokens can be staked as, at the price a deposit uses
        DataReader.TokenPrice memory p = reader.tokenPrice();
        assertEq(p.price, TWAP, "valued at the TWAP of 0.10, the lower");
        (uint256 reserveToken, uint256 reserveUsdt) =
            (LISTED_TOKENS - bought, LISTED_TOKENS * MARKET / 1e18 + spent);
        assertEq(p.spot, reserveUsdt * 1e18 / reserveToken, "the market price after the buy, shown beside it");
        uint256 value = bought * p.price / 1e18;
        uint256 before = token.balanceOf(buyer);
        vm.prank(buyer);
        uint256 index = staking.deposit(1, value, false);
        assertTrue(before - token.balanceOf(buyer) <= bought, "paid with the tokens bought");
        IStaking.Order memory o = staking.orders(index);
        assertTrue(o.amount < spent, "counted below what the tokens cost");
        assertEq(staking.teams(root).teamAmount, o.amount, "team volume no larger");
        // at the old valuation (fbPrice 1 USDT) the same tokens counted as about 9,870 USDT
        assertTrue(bought * 1e18 / 1e18 > 9 * spent, "what a 1 USDT fbPrice would have counted");
    }

    /// The same in one transaction with borrowed USDT: the pumped spot price moves nothing.
    function test_deposit_flashLoanPumpedSpot_noInflation() public {
        _fbPrice(MARKET);
        FlashStaker attacker = new FlashStaker();
        vm.prank(address(attacker));
        presale.register(root);
        uint256 tokens = 5000e18; // what the attacker means to stake as if at the pumped price
        token.mint(address(attacker), tokens);
        usdt.mint(address(attacker), 1_000_000e18); // the loan: ten times the pool's USDT
        (uint256 index, uint256 spot) = attacker.run(staking, router, usdt, token, tokens);
        assertTrue(spot > 100 * MARKET, "spot price pumped a hundredfold");
        IStaking.Order memory o = staking.orders(index);
        assertEq(o.amount, tokens * spot / 1e18, "the USDT value asked for");
        assertEq(o.actual, o.amount * 1e18 / TWAP, "paid in tokens at the TWAP of 0.10, not the spot price");
        assertTrue(o.actual > 100 * tokens, "a hundred times the tokens it meant to pay");
    }

    /// A price pushed up and held for a whole window lifts the TWAP, but a deposit uses the lower fbPrice;
    /// once the two differ by more than the bound it is refused.
    function test_deposit_pumpHeldForAWindow_isRefused() public {
        _fbPrice(MARKET);
        staking.updatePrice(); // the window before the pump
        _buy(makeAddr("whale"), 300_000e18); // spot ~1.6 USDT
        vm.warp(block.timestamp + PRICE_WINDOW);
        DataReader.TokenPrice memory p = reader.tokenPrice();
        assertTrue(p.twap > 10 * MARKET, "the TWAP followed");
        assertEq(keccak256(bytes(p.refusal)), keccak256("PriceDeviation"), "refused");
        vm.prank(alice);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.PriceDeviation.selector, MARKET, p.twap, PRICE_DEVIATION)
        );
        staking.deposit(1, 1000e18, false);
    }

    // ------------------------------------------------------------------------------------------------
    // The observation
    // ------------------------------------------------------------------------------------------------

    function test_deposit_usesTheLowerOfFbPriceAndTwap() public {
        _fbPrice(0.09e18); // below the market, within 20%
        uint256 before = token.balanceOf(alice);
        vm.prank(alice);
        staking.deposit(1, 900e18, false);
        assertEq(before - token.balanceOf(alice), 10_000e18, "900 USDT at 0.09: 10,000 tokens");
        _fbPrice(0.115e18); // above: the TWAP
        before = token.balanceOf(alice);
        vm.prank(alice);
        staking.deposit(1, 1000e18, false);
        assertEq(before - token.balanceOf(alice), 1000e18 * 1e18 / TWAP, "1,000 USDT at 0.10");
    }

    function test_deposit_refusedWithoutAFreshAverage() public {
        _fbPrice(MARKET);
        vm.prank(owner);
        staking.setPriceOracle(pair, PRICE_WINDOW, PRICE_DEVIATION); // a new observation
        vm.prank(alice);
        vm.expectRevert(IStaking.PriceUnavailable.selector);
        staking.deposit(1, 1000e18, false); // no window yet
        vm.warp(block.timestamp + PRICE_WINDOW);
        vm.prank(alice);
        staking.deposit(1, 1000e18, false);
        // three quiet windows: the average would span them all
        vm.warp(block.timestamp + 3 * PRICE_WINDOW);
        vm.prank(alice);
        vm.expectRevert(IStaking.PriceUnavailable.selector);
        staking.deposit(1, 1000e18, false);
        vm.expectEmit(false, false, false, true, address(staking));
        emit IStaking.PriceObserved(TWAP, 3 * PRICE_WINDOW);
        staking.updatePrice(); // anyone
        vm.prank(alice);
        vm.expectRevert(IStaking.PriceUnavailable.selector);
        staking.deposit(1, 1000e18, false); // the kept average is stale, the next is a window away
        vm.warp(block.timestamp + PRICE_WINDOW);
        vm.prank(alice);
        staking.deposit(1, 1000e18, false);
    }

    function test_setPriceOracle_boundedOwnerOnlyAndEvented() public {
        vm.prank(manager); // an owner setting
        vm.expectRevert(abi.encodeWithSignature("OwnableUnauthorizedAccount(address)", manager));
        staking.setPriceOracle(pair, PRICE_WINDOW, PRICE_DEVIATION);
        vm.startPrank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.OutOfRange.selector, "window", 299, 300, 7 days));
        staking.setPriceOracle(pair, 299, PRICE_DEVIATION);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.OutOfRange.selector, "window", 7 days + 1, 300, 7 days)
        );
        staking.setPriceOracle(pair, 7 days + 1, PRICE_DEVIATION);
        vm.expectRevert(abi.encodeWithSelector(IStaking.OutOfRange.selector, "maxDeviation", 5001, 0, 5000));
        staking.setPriceOracle(pair, PRICE_WINDOW, 5001);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PairMismatch.selector, address(usdt)));
        staking.setPriceOracle(address(usdt), PRICE_WINDOW, PRICE_DEVIATION);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PairMismatch.selector, address(0xbeef)));
        staking.setPriceOracle(address(0xbeef), PRICE_WINDOW, PRICE_DEVIATION);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.PriceOracleUpdated(pair, 2 hours, 1000);
        staking.setPriceOracle(pair, 2 hours, 1000);
        vm.stopPrank();
        DataReader.TokenPrice memory p = reader.tokenPrice();
        assertEq(p.pair, pair, "pair");
        assertEq(p.window, 2 hours, "window");
        assertEq(p.maxDeviation, 1000, "deviation");
    }

    function test_setToken_clearsThePricePair() public {
        vm.prank(owner);
        staking.setToken(address(0x1234));
        assertEq(reader.tokenPrice().pair, address(0), "the pair priced the previous token");
    }

    // ------------------------------------------------------------------------------------------------
    // Arithmetic (fuzz)
    // ------------------------------------------------------------------------------------------------

    /// A price held for `elapsed` seconds averages to itself, within a wei (UQ112x112 rounding).
    function testFuzz_averagePrice_ofAConstantPrice(
        uint256 reserveUsdt,
        uint256 reserveToken,
        uint256 elapsed
    ) public pure {
        reserveUsdt = bound(reserveUsdt, 1e6, 1e30);
        reserveToken = bound(reserveToken, 1e6, 1e30);
        elapsed = bound(elapsed, 1, 30 days);
        uint256 delta = (reserveUsdt << 112) / reserveToken * elapsed;
        uint256 price = StakingMath.averagePrice(delta, elapsed);
        uint256 exact = reserveUsdt * 1e18 / reserveToken;
        assertTrue(price <= exact, "rounded down");
        assertTrue(exact - price <= 1 + exact / 1e15, "within rounding");
    }

    function testFuzz_depositPrice_isTheLowestWithinTheBound(
        uint256 fbPrice,
        uint256 twap,
        uint256 spot,
        uint256 maxDeviation
    ) public pure {
        fbPrice = bound(fbPrice, 1e6, 1e30);
        twap = bound(twap, 1, 1e30);
        spot = bound(spot, 0, 1e31);
        maxDeviation = bound(maxDeviation, 0, 5000);
        (uint256 price, bool ok) = StakingMath.depositPrice(fbPrice, twap, spot, maxDeviation);
        uint256 low = fbPrice < twap ? fbPrice : twap;
        assertEq(price, spot < low ? spot : low, "the lowest of the three");
        assertTrue(price <= spot && price <= twap && price <= fbPrice, "never above any of them");
        uint256 high = fbPrice < twap ? twap : fbPrice;
        // the higher of fbPrice and the average is at most (1 + maxDeviation) times the lower; the spot plays no part
        assertTrue(ok == (high * 10_000 <= low * (10_000 + maxDeviation)), "bound");
        if (ok) assertTrue(high - low <= low * maxDeviation / 10_000 + 1, "close");
    }
}
