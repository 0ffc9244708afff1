// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IPairForTests, DEAD} from "./utils/TokenFixture.sol";
import {FeeTokenTestBase} from "./utils/FeeTokenTestBase.sol";
import {path} from "./utils/DexDeployer.sol";
import {ReentryAssertions} from "./utils/ReentryAssertions.sol";
import {SwapToken} from "../src/SwapToken.sol";
import {IFeeToken} from "../src/interfaces/IFeeToken.sol";
import {ISwapToken} from "../src/interfaces/ISwapToken.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {MockToken, ReentrantToken} from "./mocks/MockToken.sol";
import {Usdt} from "../src/mocks/Usdt.sol";

/// @dev Borrows tokens from the pair in a flash swap and, inside the callback, moves them between wallets
///      (which would start a swap-and-liquify) before paying the pair back with USDT.
contract FlashBorrower {
    IPairForTests private immutable _pair;
    SwapToken private immutable _token;
    Usdt private immutable _usdt;

    constructor(IPairForTests pair_, SwapToken token_, Usdt usdt_) {
        _pair = pair_;
        _token = token_;
        _usdt = usdt_;
    }

    function borrow(uint256 tokens, uint256 usdtRepay) external {
        bool tokenIs0 = _pair.token0() == address(_token);
        _pair.swap(tokenIs0 ? tokens : 0, tokenIs0 ? 0 : tokens, address(this), abi.encode(usdtRepay));
    }

    function uniswapV2Call(address, uint256, uint256, bytes calldata data) external {
        _token.transfer(address(0xB0B), _token.balanceOf(address(this)));
        _usdt.transfer(address(_pair), abi.decode(data, (uint256)));
    }
}

contract SwapTokenTest is FeeTokenTestBase, ReentryAssertions {
    /// Makes the token take `amount` pool tokens in sell fees (a 10% pool fee on a sell into the pair whose
    /// proceeds are skimmed back, so the price does not move), as if fees had accrued. Trading must be open.
    function accruePool(uint256 amount) internal {
        address payer = makeAddr("fee payer");
        (IFeeToken.Fees memory buyFees, IFeeToken.Fees memory sellFees) = token.getFees();
        vm.prank(owner);
        token.setFees(buyFees, fees(0, 1000, 0, 0, 0));
        vm.prank(holder);
        token.transfer(payer, amount * 10);
        vm.prank(payer);
        token.transfer(address(pair), amount * 10);
        pair.skim(holder);
        vm.prank(owner);
        token.setFees(buyFees, sellFees);
    }

    /// The fees with the fuzzed rates `r` (burn, pool, node, market, dividend), each bounded to its `max`.
    function boundFees(uint16[5] memory r, uint16[5] memory max)
        internal
        pure
        returns (IFeeToken.Fees memory)
    {
        return fees(
            uint16(bound(r[0], 0, max[0])),
            uint16(bound(r[1], 0, max[1])),
            uint16(bound(r[2], 0, max[2])),
            uint16(bound(r[3], 0, max[3])),
            uint16(bound(r[4], 0, max[4]))
        );
    }

    // ---------------------------------------------------------------- construction and config

    function test_constructor_mintsFixedSupplyAndCreatesThePair() public view {
        assertEq(token.totalSupply(), SUPPLY, "supply");
        assertEq(token.decimals(), 18, "decimals");
        assertEq(token.balanceOf(holder), SUPPLY - SEED_TOKENS - 100_000 ether, "holder");
        assertTrue(token.isFeeExempt(holder) && token.isFeeExempt(owner), "holder and owner exempt");
        assertEq(token.owner(), owner, "owner");
        assertTrue(address(pair) != address(0), "pair");
        assertPairBalanceIsReserve();
    }

    function test_getConfig_returnsTheSpecFields() public view {
        ISwapToken.Config memory c = token.getConfig();
        assertEq(c.openTime, OPEN, "openTime");
        assertEq(c.startBlock, 0, "startBlock");
        assertEq(c.buyRate, 300, "buyRate");
        assertEq(c.addPoolRate, 100, "addPoolRate");
        assertEq(c.nodeReward, 100, "nodeReward");
        assertEq(c.slgReward, 100, "slgReward");
        assertEq(c.market, market, "market");
        assertEq(c.node, node, "node");
        assertEq(c.swapPair, address(pair), "swapPair");
        assertEq(c.usdt, address(usdt), "usdt");
        assertEq(c.trc, trc, "trc");
        assertEq(c.main, mainContract, "main");
        assertEq(c.distributor, distributor, "distributor");
        assertEq(c.router, address(router), "router");
    }

    function test_getPrice_readsTheReserves() public view {
        assertEq(token.getPrice(), 0.1 ether, "0.1 USDT a token");
        uint256 net = 1000 ether - 1000 ether * 500 / 10_000;
        uint256 expected = router.getAmountsOut(net, path(address(token), address(usdt)))[1];
        assertEq(token.getSwapValueUSDT(1000 ether), expected, "after the sell fee and the DEX fee");
        assertEq(token.getSwapValueUSDT(0), 0, "zero");
    }

    function testFuzz_burn_lowersSupplyByAmount(uint256 amount) public {
        amount = bound(amount, 0, 100_000 ether);
        vm.prank(alice);
        token.burn(amount);
        assertEq(token.totalSupply(), SUPPLY - amount, "supply");
        assertEq(token.balanceOf(alice), 100_000 ether - amount, "alice");
    }

    // ---------------------------------------------------------------- transfers and gas

    function test_transfer_betweenWalletsPaysNoFee() public {
        open();
        vm.prank(alice);
        token.transfer(bob, 5 ether);
        vm.snapshotGasLastCall("SwapToken", "transfer");
        assertEq(token.balanceOf(bob), 5 ether, "bob");

        // the same transfer of a plain OpenZeppelin ERC20, for comparison
        MockToken plain = new MockToken("Plain", "P");
        plain.mint(alice, 100_000 ether);
        vm.prank(alice);
        plain.transfer(bob, 5 ether);
        vm.snapshotGasLastCall("SwapToken", "transfer (OpenZeppelin ERC20)");
    }

    function test_transfer_worksBeforeTradingOpens() public {
        vm.prank(alice);
        token.transfer(bob, 5 ether);
        assertEq(token.balanceOf(bob), 5 ether, "bob");
    }

    // ---------------------------------------------------------------- buy and sell fees

    function test_buy_paysEachShareToItsDestination() public {
        open();
        uint256 pairBefore = token.balanceOf(address(pair));
        buy(bob, 1000 ether);
        vm.snapshotGasLastCall("SwapToken", "router buy (USDT -> token)");
        uint256 gross = pairBefore - token.balanceOf(address(pair));
        (uint256 total,, uint256 pool, uint256 nodeShare,, uint256 div) =
            referenceFees(gross, fees(0, 100, 100, 0, 100));
        assertEq(token.balanceOf(bob), gross - total, "buyer gets the rest");
        assertEq(token.balanceOf(address(token)), pool, "pool");
        assertEq(token.balanceOf(node), nodeShare, "node");
        assertEq(token.balanceOf(distributor), div, "distributor");
        assertEq(token.balanceOf(market), 0, "market");
        assertEq(token.totalSupply(), SUPPLY, "nothing burned on a buy by default");
        assertPairBalanceIsReserve();
    }

    function test_sell_paysEachShareToItsDestination() public {
        open();
        vm.prank(holder);
        token.transfer(bob, 1000 ether);
        sell(bob, 1000 ether);
        vm.snapshotGasLastCall("SwapToken", "router sell (token -> USDT)");
        (uint256 total, uint256 burned, uint256 pool, uint256 nodeShare, uint256 marketShare, uint256 div) =
            referenceFees(1000 ether, fees(100, 100, 100, 100, 100));
        assertEq(total, 50 ether, "5%");
        assertEq(SUPPLY - token.totalSupply(), burned, "burned");
        assertEq(token.balanceOf(address(token)), pool, "pool");
        assertEq(token.balanceOf(node), nodeShare, "node");
        assertEq(token.balanceOf(market), marketShare, "market");
        assertEq(token.balanceOf(distributor), div, "distributor");
        assertTrue(usdt.balanceOf(bob) > 0, "USDT received");
        assertPairBalanceIsReserve();
    }

    function testFuzz_sell_feesMatchTheReference(uint256 amount, uint16[5] memory r) public {
        open();
        IFeeToken.Fees memory f = boundFees(r, [uint16(500), 500, 500, 500, 500]);
        vm.prank(owner);
        token.setFees(f, f);
        amount = bound(amount, 1, 100_000 ether);
        (uint256 total, uint256 burned, uint256 pool, uint256 nodeShare, uint256 marketShare, uint256 div) =
            referenceFees(amount, f);
        uint256 pairBefore = token.balanceOf(address(pair));
        // a direct transfer into the pair is a sell (the router's first step)
        vm.prank(alice);
        token.transfer(address(pair), amount);
        assertEq(token.balanceOf(address(pair)) - pairBefore, amount - total, "pair receives the rest");
        assertEq(SUPPLY - token.totalSupply(), burned, "burned");
        assertEq(token.balanceOf(address(token)), pool, "pool");
        assertEq(token.balanceOf(node), nodeShare, "node");
        assertEq(token.balanceOf(market), marketShare, "market");
        assertEq(token.balanceOf(distributor), div, "distributor");
        uint256 rate = uint256(f.burn) + f.pool + f.node + f.market + f.dividend;
        assertEq(
            burned + pool + nodeShare + marketShare + div,
            amount * rate / 10_000,
            "total == rate, rounded down"
        );
    }

    function testFuzz_buy_feesMatchTheReference(uint256 usdtIn, uint16[5] memory r) public {
        open();
        IFeeToken.Fees memory f = boundFees(r, [uint16(1000), 1000, 500, 0, 0]);
        vm.prank(owner);
        token.setFees(f, fees(0, 0, 0, 0, 0));
        usdtIn = bound(usdtIn, 1e12, 50_000 ether);
        uint256 pairBefore = token.balanceOf(address(pair));
        buy(bob, usdtIn);
        uint256 gross = pairBefore - token.balanceOf(address(pair));
        (uint256 total, uint256 burned, uint256 pool, uint256 nodeShare,,) = referenceFees(gross, f);
        assertEq(token.balanceOf(bob), gross - total, "buyer");
        assertEq(SUPPLY - token.totalSupply(), burned, "burned");
        assertEq(token.balanceOf(address(token)), pool, "pool");
        assertEq(token.balanceOf(node), nodeShare, "node");
        assertPairBalanceIsReserve();
    }

    function test_buy_exemptAccountPaysNoFee() public {
        open();
        vm.prank(owner);
        token.setFeeExempt(bob, true);
        uint256 pairBefore = token.balanceOf(address(pair));
        buy(bob, 1000 ether);
        assertEq(token.balanceOf(bob), pairBefore - token.balanceOf(address(pair)), "all of it");
        assertEq(token.balanceOf(address(token)) + token.balanceOf(node), 0, "no fee");
    }

    function test_removeLiquidity_paysTheBuyFeeAndKeepsReserves() public {
        open();
        vm.startPrank(holder);
        uint256 lp = pair.balanceOf(holder);
        pair.approve(address(router), lp);
        vm.stopPrank();
        vm.prank(owner);
        token.setFeeExempt(holder, false);
        vm.prank(holder);
        router.removeLiquidity(address(token), address(usdt), lp / 10, 0, 0, holder, block.timestamp);
        assertTrue(token.balanceOf(node) > 0, "fee paid");
        assertPairBalanceIsReserve();
    }

    // ---------------------------------------------------------------- opening

    function test_buy_revertsBeforeOpenTime() public {
        assertBuyRefused(bob, 100 ether);
    }

    function test_sell_revertsBeforeOpenTime() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.TradingNotOpen.selector, OPEN, 0));
        token.transfer(address(pair), 1 ether);
    }

    function test_sell_revertsBeforeStartBlock() public {
        vm.prank(owner);
        token.setOpening(OPEN, 500);
        vm.warp(OPEN);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.TradingNotOpen.selector, OPEN, 500));
        token.transfer(address(pair), 1 ether);
        vm.roll(500);
        vm.prank(alice);
        token.transfer(address(pair), 1 ether);
    }

    function test_exemptAccount_tradesBeforeOpening() public {
        assertTrue(!token.tradingOpen(), "closed");
        vm.prank(holder);
        token.transfer(address(pair), 1 ether);
    }

    function test_setOpening_revertsOnceTradingOpened() public {
        open();
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.TradingAlreadyOpen.selector, OPEN, 0));
        token.setOpening(OPEN + 1 days, 0);
    }

    function test_setOpening_emitsAndReschedules() public {
        vm.expectEmit(false, false, false, true, address(token));
        emit IFeeToken.OpeningUpdated(OPEN + 1 days, 7);
        vm.prank(owner);
        token.setOpening(OPEN + 1 days, 7);
        assertEq(token.getConfig().openTime, OPEN + 1 days, "openTime");
    }

    // ---------------------------------------------------------------- blacklist and exemption

    function test_setBlackList_blocksSendingSellingAndBuying() public {
        open();
        vm.prank(owner);
        token.setBlackList(alice, true);
        assertTrue(token.isBlackList(alice), "listed");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.BlackListed.selector, alice));
        token.transfer(bob, 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.BlackListed.selector, alice));
        token.transfer(address(pair), 1);
        assertBuyRefused(alice, 10 ether);
        vm.prank(owner);
        token.setBlackList(alice, false);
        vm.prank(alice);
        token.transfer(bob, 1);
    }

    function test_setBlackList_cannotListThePair() public {
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.ProtectedAccount.selector, address(pair)));
        token.setBlackList(address(pair), true);
    }

    function test_setBlackList_cannotListSystemOrExemptAccounts() public {
        address[7] memory protected =
            [address(token), address(router), market, node, distributor, mainContract, holder];
        for (uint256 i = 0; i < protected.length; ++i) {
            vm.prank(owner);
            vm.expectRevert(abi.encodeWithSelector(IFeeToken.ProtectedAccount.selector, protected[i]));
            token.setBlackList(protected[i], true);
        }
    }

    function test_setFeeExempt_refusesAListedAccount() public {
        vm.startPrank(owner);
        token.setBlackList(alice, true);
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.BlackListed.selector, alice));
        token.setFeeExempt(alice, true);
        vm.stopPrank();
    }

    function test_setAccounts_refusesAListedOrZeroAccount() public {
        vm.prank(owner);
        token.setBlackList(alice, true);
        IFeeToken.Accounts memory a = defaultAccounts();
        a.node = alice;
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.BlackListed.selector, alice));
        token.setAccounts(a);
        a.node = address(0);
        vm.prank(owner);
        vm.expectRevert(IFeeToken.ZeroAddress.selector);
        token.setAccounts(a);
    }

    function test_setters_onlyOwner() public {
        bytes memory err = abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice);
        vm.startPrank(alice);
        vm.expectRevert(err);
        token.setFees(fees(0, 0, 0, 0, 0), fees(0, 0, 0, 0, 0));
        vm.expectRevert(err);
        token.setFeeExempt(alice, true);
        vm.expectRevert(err);
        token.setBlackList(bob, true);
        vm.expectRevert(err);
        token.setOpening(0, 0);
        vm.expectRevert(err);
        token.setSwapSettings(1 ether, 0);
        vm.expectRevert(err);
        token.setAccounts(defaultAccounts());
        vm.stopPrank();
    }

    // ---------------------------------------------------------------- caps

    function testFuzz_setFees_capsEachRate(uint256 rate, uint256 slot) public {
        rate = bound(rate, 1001, type(uint16).max);
        uint16[5] memory r;
        r[bound(slot, 0, 4)] = uint16(rate);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.FeeRateTooHigh.selector, rate, 1000));
        token.setFees(fees(0, 0, 0, 0, 0), fees(r[0], r[1], r[2], r[3], r[4]));
    }

    function test_setFees_capsTheTotal() public {
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.TotalFeeTooHigh.selector, 2600, 2500));
        token.setFees(fees(1000, 1000, 600, 0, 0), fees(0, 0, 0, 0, 0));
        vm.prank(owner);
        token.setFees(fees(1000, 1000, 500, 0, 0), fees(500, 500, 500, 500, 500));
    }

    function test_setSwapSettings_boundsThresholdAndSlippage() public {
        vm.startPrank(owner);
        vm.expectRevert(
            abi.encodeWithSelector(IFeeToken.SwapThresholdOutOfRange.selector, 0, 1, SUPPLY / 100)
        );
        token.setSwapSettings(0, 100);
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.SlippageTooHigh.selector, 2001, 2000));
        token.setSwapSettings(1 ether, 2001);
        token.setSwapSettings(1 ether, 2000);
        vm.stopPrank();
        (uint256 threshold, uint256 slippage) = token.getSwapSettings();
        assertEq(threshold, 1 ether, "threshold");
        assertEq(slippage, 2000, "slippage");
    }

    // ---------------------------------------------------------------- swap and liquify

    function test_sell_aboveThresholdSwapsAndLiquifies() public {
        open();
        vm.prank(holder);
        token.transfer(bob, 1000 ether);
        accruePool(20_000 ether);
        sell(bob, 1000 ether);
        vm.snapshotGasLastCall("SwapToken", "router sell with swap-and-liquify");
        assertTrue(pair.balanceOf(DEAD) > 0, "LP locked at the dead address");
        assertTrue(token.balanceOf(address(token)) < 1000 ether, "pool spent (but this sell's share)");
        assertEq(usdt.balanceOf(token.getConfig().router), 0, "router holds nothing");
        assertPairBalanceIsReserve();
    }

    function test_transfer_aboveThresholdSwapsAndLiquifies() public {
        open();
        accruePool(20_000 ether);
        vm.prank(alice);
        token.transfer(bob, 5 ether);
        vm.snapshotGasLastCall("SwapToken", "transfer with swap-and-liquify");
        assertTrue(pair.balanceOf(DEAD) > 0, "LP locked");
        assertTrue(token.balanceOf(address(token)) < 10 ether, "pool spent");
        assertPairBalanceIsReserve();
    }

    function test_transfer_belowThresholdDoesNotSwap() public {
        open();
        accruePool(9999 ether); // threshold: supply / 10000 = 10000 tokens
        vm.prank(alice);
        token.transfer(bob, 5 ether);
        assertEq(token.balanceOf(address(token)), 9999 ether, "kept");
    }

    function test_buy_neverSwapsAndLiquifies() public {
        open();
        accruePool(20_000 ether);
        buy(bob, 1000 ether);
        assertTrue(token.balanceOf(address(token)) > 20_000 ether, "pool kept and grown");
        assertEq(pair.balanceOf(DEAD), 0, "no liquidity added");
        assertPairBalanceIsReserve();
    }

    function test_swapAndLiquify_revertsBelowThreshold() public {
        open();
        accruePool(1 ether);
        vm.expectRevert(
            abi.encodeWithSelector(IFeeToken.BelowSwapThreshold.selector, 1 ether, SUPPLY / 10_000)
        );
        token.swapAndLiquify();
    }

    function test_swapAndLiquify_anyoneCanCallAboveThreshold() public {
        open();
        accruePool(20_000 ether);
        vm.prank(bob);
        token.swapAndLiquify();
        assertTrue(pair.balanceOf(DEAD) > 0, "LP locked");
        assertPairBalanceIsReserve();
    }

    /// Sandwich bound: a dump earlier in the block moves the price past the slippage bound, so the automatic
    /// swap is skipped (the tokens stay) and an explicit call reverts; in a later block it goes through.
    function test_swapAndLiquify_refusesAPriceMovedEarlierInTheBlock() public {
        open();
        vm.prank(owner);
        token.setSwapSettings(30_000 ether, 500); // the attacker's moves below must not start the swap
        accruePool(20_000 ether);
        vm.prank(holder);
        token.transfer(bob, 200_000 ether);
        vm.prank(owner);
        token.setFeeExempt(bob, true);
        sell(bob, 200_000 ether); // price down ~30%
        vm.prank(owner);
        token.setSwapSettings(10_000 ether, 500);

        vm.expectEmit(false, false, false, false, address(token));
        emit IFeeToken.SwapAndLiquifySkipped(0, 0);
        vm.prank(alice);
        token.transfer(bob, 1 ether);
        assertEq(token.balanceOf(address(token)), 20_000 ether, "kept");

        vm.expectRevert(); // SwapFailed(tokens, minUsdtOut)
        token.swapAndLiquify();

        vm.roll(block.number + 1);
        token.swapAndLiquify();
        assertTrue(token.balanceOf(address(token)) < 20_000 ether, "swapped at the new block's price");
    }

    function test_swapAndLiquify_isNotReentrant() public {
        ReentrantToken evil = new ReentrantToken();
        SwapToken t = new SwapToken(owner, holder, SUPPLY, address(router), address(evil), defaultAccounts());
        evil.mint(holder, SEED_USDT);
        vm.startPrank(holder);
        t.approve(address(router), type(uint256).max);
        evil.approve(address(router), type(uint256).max);
        router.addLiquidity(address(t), address(evil), SEED_TOKENS, SEED_USDT, 0, 0, holder, block.timestamp);
        t.transfer(address(t), 20_000 ether);
        vm.stopPrank();
        vm.prank(owner);
        t.setOpening(OPEN, 0);
        open();
        // the pair's USDT payment to the vault calls back into swapAndLiquify
        evil.arm(address(t), abi.encodeCall(IFeeToken.swapAndLiquify, ()));
        t.swapAndLiquify();
        assertReentryRefused(evil, abi.encodeWithSelector(IFeeToken.SwapLocked.selector));
    }

    /// Flash-swap regression: tokens borrowed from the pair and moved inside the callback cannot make the token
    /// swap at the borrowed-against price (the pair is locked, the swap is skipped) and the pair ends balanced.
    function test_flashSwap_cannotTriggerASwapAtTheManipulatedPrice() public {
        open();
        accruePool(20_000 ether);
        FlashBorrower borrower = new FlashBorrower(pair, token, usdt);
        usdt.mint(address(borrower), 100_000 ether);
        vm.expectEmit(false, false, false, false, address(token));
        emit IFeeToken.SwapAndLiquifySkipped(0, 0);
        // borrow 100,000 tokens, repay with ~11,200 USDT (the 0.3% fee and the price move covered)
        borrower.borrow(100_000 ether, 11_200 ether);
        assertEq(token.balanceOf(address(token)) >= 20_000 ether ? 1 : 0, 1, "pool kept");
        assertEq(pair.balanceOf(DEAD), 0, "no liquidity added");
        assertPairBalanceIsReserve();
    }
}
