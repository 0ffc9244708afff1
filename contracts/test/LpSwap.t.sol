// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LpSwapFixture} from "./utils/LpSwapFixture.sol";
import {LpSwap} from "../src/LpSwap.sol";
import {ILpSwap} from "../src/interfaces/ILpSwap.sol";
import {FeeOnTransferToken, MockToken, ReentrantToken} from "./mocks/MockToken.sol";
import {ReentryAssertions} from "./utils/ReentryAssertions.sol";
import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";

contract LpSwapTest is LpSwapFixture, ReentryAssertions {
    // keccak256(abi.encode(uint256(keccak256("taichi.storage.LpSwap")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 internal constant STORAGE = 0x63e8e5535de2b0e8759a35b3a5ad8dadb76d79e428d5eb1ad65f927902aa3f00;

    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");

    function info(address account) internal view returns (ILpSwap.UserInfo memory) {
        return lpSwap.getUserInfo(account);
    }

    // ---------------------------------------------------------------- initialize

    function test_initialize_setsTheConfig() public view {
        ILpSwap.Config memory c = lpSwap.getConfig();
        assertEq(c.algebra, 0, "algebra");
        assertEq(c.dayTimes, DAY, "dayTimes");
        assertEq(c.lpRate, LP_RATE, "lpRate");
        assertEq(c.tokenRate, TOKEN_RATE, "tokenRate");
        (address lp_, address token_, address presale_) = lpSwap.getContracts();
        assertEq(lp_, address(lp), "lp");
        assertEq(token_, address(token), "token");
        assertEq(presale_, address(presale), "presale");
        assertEq(lpSwap.owner(), owner, "owner");
    }

    function test_initialize_refusesBadArguments() public {
        address impl = address(new LpSwap());
        vm.expectRevert(ILpSwap.ZeroAddress.selector);
        new ERC1967Proxy(
            impl,
            abi.encodeCall(LpSwap.initialize, (owner, address(0), address(lp), address(token), DAY, 1, 1))
        );
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.DayTimesOutOfRange.selector, 0, 1, 1 days));
        new ERC1967Proxy(
            impl,
            abi.encodeCall(LpSwap.initialize, (owner, address(presale), address(lp), address(token), 0, 1, 1))
        );
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.RateOutOfRange.selector, 10_001, 1, 10_000));
        new ERC1967Proxy(
            impl,
            abi.encodeCall(
                LpSwap.initialize, (owner, address(presale), address(lp), address(token), DAY, 10_001, 1)
            )
        );
        vm.expectRevert(Initializable.InvalidInitialization.selector);
        LpSwap(impl).initialize(owner, address(presale), address(lp), address(token), DAY, 1, 1);
        vm.expectRevert(Initializable.InvalidInitialization.selector);
        lpSwap.initialize(owner, address(presale), address(lp), address(token), DAY, 1, 1);
    }

    // ---------------------------------------------------------------- swapLP / swapToken

    function test_swapLP_locksAndRegisters() public {
        lp.mint(alice, 1000 ether);
        vm.startPrank(alice);
        lp.approve(address(lpSwap), 1000 ether);
        vm.expectEmit(true, true, false, true, address(lpSwap));
        emit ILpSwap.LPSwapped(alice, alice, 1000 ether);
        lpSwap.swapLP(1000 ether);
        vm.snapshotGasLastCall("LpSwap", "swapLP (first)");
        vm.stopPrank();
        ILpSwap.UserInfo memory u = info(alice);
        assertEq(u.index, 1, "index");
        assertEq(u.amountLP, 1000 ether, "amountLP");
        assertEq(u.pendingLP, 0, "nothing released yet");
        assertEq(lp.balanceOf(address(lpSwap)), 1000 ether, "held");
        lockToken(bob, 10 ether);
        vm.snapshotGasLastCall("LpSwap", "swapToken (first)");
        assertEq(info(bob).index, 2, "second member");
        assertEq(info(bob).amountToken, 10 ether, "amountToken");
        lockLP(alice, 1 ether);
        vm.snapshotGasLastCall("LpSwap", "swapLP (again)");
        assertEq(info(alice).index, 1, "index kept");
        (uint256 totalUser, uint256 lpOwed, uint256 tokenOwed) = lpSwap.getTotals();
        assertEq(totalUser, 2, "totalUser");
        assertEq(lpOwed, 1001 ether, "lpOwed");
        assertEq(tokenOwed, 10 ether, "tokenOwed");
    }

    function test_swapWithRate_locksAtTheRateShown() public {
        lp.mint(alice, 2 ether);
        token.mint(alice, 2 ether);
        vm.startPrank(alice);
        lp.approve(address(lpSwap), 2 ether);
        token.approve(address(lpSwap), 2 ether);
        vm.expectEmit(true, true, false, true, address(lpSwap));
        emit ILpSwap.LPSwapped(alice, alice, 1 ether);
        lpSwap.swapLP(1 ether, LP_RATE);
        vm.snapshotGasLastCall("LpSwap", "swapLP with rate (first)");
        vm.expectEmit(true, false, false, true, address(lpSwap));
        emit ILpSwap.TokenSwapped(alice, 1 ether);
        lpSwap.swapToken(1 ether, TOKEN_RATE);
        vm.snapshotGasLastCall("LpSwap", "swapToken with rate (member already listed)");
        lpSwap.swapLP(1 ether, 1); // a lower expectation passes too
        lpSwap.swapToken(1 ether, 0);
        vm.stopPrank();
        ILpSwap.UserInfo memory u = info(alice);
        assertEq(u.amountLP, 2 ether, "lp locked");
        assertEq(u.amountToken, 2 ether, "tokens locked");
        assertEq(u.rateLP, LP_RATE, "at the lp rate shown");
        assertEq(u.rateToken, TOKEN_RATE, "at the token rate shown");
    }

    function test_swapWithRate_revertsBelowTheRateShown() public {
        lockLP(alice, 1000 ether);
        lockToken(alice, 1000 ether);
        vm.prank(owner);
        lpSwap.setRates(LP_RATE - 1, TOKEN_RATE - 1);
        lp.mint(alice, 1 ether);
        token.mint(alice, 1 ether);
        vm.startPrank(alice);
        lp.approve(address(lpSwap), 1 ether);
        token.approve(address(lpSwap), 1 ether);
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.RateBelowExpected.selector, LP_RATE - 1, LP_RATE));
        lpSwap.swapLP(1 ether, LP_RATE);
        vm.expectRevert(
            abi.encodeWithSelector(ILpSwap.RateBelowExpected.selector, TOKEN_RATE - 1, TOKEN_RATE)
        );
        lpSwap.swapToken(1 ether, TOKEN_RATE);
        vm.stopPrank();
        ILpSwap.UserInfo memory u = info(alice);
        assertEq(u.amountLP, 1000 ether, "no lp locked");
        assertEq(u.rateLP, LP_RATE, "the position keeps its own rate");
        assertEq(u.rateToken, TOKEN_RATE, "the token position too");
        assertEq(lp.balanceOf(alice), 1 ether, "lp kept");
        assertEq(token.balanceOf(alice), 1 ether, "tokens kept");
    }

    /// The one-argument calls carry no check: a top-up after a cut moves the whole position to the cut rate.
    function test_swapWithoutRate_takesTheRateNow() public {
        lockLP(alice, 1000 ether);
        vm.prank(owner);
        lpSwap.setRates(1, TOKEN_RATE);
        lockLP(alice, 1 ether);
        assertEq(info(alice).rateLP, 1, "on the cut rate");
    }

    function testFuzz_swapWithRate_passesIffTheRateIsAtLeastTheExpected(
        uint256 rate,
        uint256 expected,
        bool isLp
    ) public {
        rate = bound(rate, 1, 10_000);
        expected = bound(expected, 0, 10_001);
        vm.prank(owner);
        lpSwap.setRates(rate, rate);
        MockToken asset = isLp ? lp : token;
        asset.mint(alice, 1 ether);
        vm.startPrank(alice);
        asset.approve(address(lpSwap), 1 ether);
        if (rate < expected) {
            vm.expectRevert(abi.encodeWithSelector(ILpSwap.RateBelowExpected.selector, rate, expected));
        }
        if (isLp) lpSwap.swapLP(1 ether, expected);
        else lpSwap.swapToken(1 ether, expected);
        vm.stopPrank();
        ILpSwap.UserInfo memory u = info(alice);
        uint256 locked = isLp ? u.amountLP : u.amountToken;
        assertEq(locked, rate >= expected ? 1 ether : 0, "locked iff rate >= expected");
        if (locked != 0) assertEq(isLp ? u.rateLP : u.rateToken, rate, "at the current rate");
    }

    function test_swap_refusesZero() public {
        vm.startPrank(alice);
        vm.expectRevert(ILpSwap.ZeroAmount.selector);
        lpSwap.swapLP(0);
        vm.expectRevert(ILpSwap.ZeroAmount.selector);
        lpSwap.swapToken(0);
        vm.stopPrank();
    }

    function test_swapToken_creditsWhatArrived() public {
        FeeOnTransferToken feeToken = new FeeOnTransferToken(100);
        LpSwap swap = deployLpSwap(address(feeToken));
        feeToken.mint(alice, 100 ether);
        vm.startPrank(alice);
        feeToken.approve(address(swap), 100 ether);
        swap.swapToken(100 ether);
        vm.stopPrank();
        assertEq(swap.getUserInfo(alice).amountToken, 99 ether, "1% kept by the token");
        assertEq(feeToken.balanceOf(address(swap)), 99 ether, "held == owed");
    }

    // ---------------------------------------------------------------- release schedule

    function test_release_linearPerFullDay() public {
        lockLP(alice, 1000 ether);
        lockToken(alice, 1000 ether);
        vm.warp(T0 + DAY - 1);
        assertEq(info(alice).pendingLP, 0, "part of a day releases nothing");
        vm.warp(T0 + DAY);
        assertEq(info(alice).pendingLP, 10 ether, "1% after a day");
        assertEq(info(alice).pendingToken, 20 ether, "2% after a day");
        vm.warp(T0 + 10 * DAY + 5 hours);
        assertEq(info(alice).pendingLP, 100 ether, "10% after 10 days");
        vm.warp(T0 + 1000 * DAY);
        assertEq(info(alice).pendingLP, 1000 ether, "capped at the amount");
        assertEq(info(alice).pendingToken, 1000 ether, "capped at the amount");
    }

    function test_claimLP_paysReleasedAndKeepsTheRest() public {
        lockLP(alice, 1000 ether);
        lockToken(alice, 500 ether);
        vm.expectRevert(ILpSwap.NothingToClaim.selector);
        vm.prank(alice);
        lpSwap.claimLP();

        vm.warp(T0 + 3 * DAY + 1 hours);
        vm.expectEmit(true, false, false, true, address(lpSwap));
        emit ILpSwap.Claimed(alice, 30 ether, 30 ether);
        vm.prank(alice);
        lpSwap.claimLP();
        vm.snapshotGasLastCall("LpSwap", "claimLP");
        assertEq(lp.balanceOf(alice), 30 ether, "lp paid");
        assertEq(token.balanceOf(alice), 30 ether, "tokens paid");
        ILpSwap.UserInfo memory u = info(alice);
        assertEq(u.claimLP, 30 ether, "claimLP");
        assertEq(u.claimToken, 30 ether, "claimToken");
        assertEq(u.pendingLP, 0, "pending spent");
        // the part-day carries over: the next day completes at T0 + 4 days
        vm.warp(T0 + 4 * DAY);
        assertEq(info(alice).pendingLP, 10 ether, "next day");
        (, uint256 lpOwed, uint256 tokenOwed) = lpSwap.getTotals();
        assertEq(lpOwed, 970 ether, "lpOwed");
        assertEq(tokenOwed, 470 ether, "tokenOwed");
    }

    /// @dev The claim is settled before anything is paid, so a claim made again from inside the payment finds
    ///      nothing either way; the reentrancy guard refuses it before that.
    function test_claimLP_reentryRefused() public {
        ReentrantToken evil = new ReentrantToken();
        LpSwap target = LpSwap(
            address(
                new ERC1967Proxy(
                    address(new LpSwap()),
                    abi.encodeCall(
                        LpSwap.initialize,
                        (owner, address(presale), address(evil), address(token), DAY, LP_RATE, TOKEN_RATE)
                    )
                )
            )
        );
        evil.mint(alice, 1000 ether);
        vm.startPrank(alice);
        evil.approve(address(target), 1000 ether);
        target.swapLP(1000 ether);
        vm.stopPrank();
        vm.warp(T0 + 3 * DAY);
        // the LP token calls claimLP() again from inside the payout
        evil.arm(address(target), abi.encodeCall(ILpSwap.claimLP, ()));
        vm.prank(alice);
        target.claimLP();
        assertReentryRefused(evil);
        assertEq(evil.balanceOf(alice), 30 ether, "paid once");
    }

    function test_release_laterDepositRaisesTheDailyReleaseFromTheSameClock() public {
        lockLP(alice, 1000 ether);
        vm.warp(T0 + 2 * DAY + 12 hours);
        lockLP(alice, 1000 ether); // settles 20, then releases 1% of 2000 a day
        assertEq(info(alice).pendingLP, 20 ether, "settled");
        vm.warp(T0 + 3 * DAY);
        assertEq(info(alice).pendingLP, 40 ether, "day 3 on the old clock, at the new amount");
    }

    function test_release_restartsAfterFullRelease() public {
        lockLP(alice, 100);
        vm.warp(T0 + 200 * DAY);
        vm.prank(alice);
        lpSwap.claimLP();
        assertEq(lp.balanceOf(alice), 100, "all paid");
        lockLP(alice, 10_000);
        assertEq(info(alice).pendingLP, 0, "a new deposit waits a full day");
        vm.warp(T0 + 201 * DAY);
        assertEq(info(alice).pendingLP, 101, "ceil(10100 * 1%)");
    }

    function testFuzz_release_matchesTheReference(uint256 amount, uint256 elapsed, uint256 rate) public {
        amount = bound(amount, 1, type(uint128).max / 10_000);
        elapsed = bound(elapsed, 0, 20_000 days);
        rate = bound(rate, 1, 10_000);
        vm.prank(owner);
        lpSwap.setRates(rate, rate);
        lockLP(alice, amount);
        lockToken(alice, amount);
        vm.warp(T0 + elapsed);
        uint256 expected = releasedAfter(amount, rate, elapsed / DAY);
        assertEq(info(alice).pendingLP, expected, "lp");
        assertEq(info(alice).pendingToken, expected, "token");
        if (expected != 0) {
            vm.prank(alice);
            lpSwap.claimLP();
            assertEq(lp.balanceOf(alice), expected, "lp paid");
            assertTrue(lp.balanceOf(address(lpSwap)) == amount - expected, "rest held");
        }
    }

    // ---------------------------------------------------------------- admin

    function test_setRates_ownerOrManagerWithinRange() public {
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.NotOwnerOrManager.selector, alice));
        vm.prank(alice);
        lpSwap.setRates(1, 1);
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.RateOutOfRange.selector, 0, 1, 10_000));
        vm.prank(manager);
        lpSwap.setRates(1, 0);
        vm.expectEmit(false, false, false, true, address(lpSwap));
        emit ILpSwap.RatesUpdated(500, 700);
        vm.prank(manager);
        lpSwap.setRates(500, 700);
        assertEq(lpSwap.getConfig().lpRate, 500, "lpRate");
        assertEq(lpSwap.getConfig().tokenRate, 700, "tokenRate");
    }

    /// A cut is the owner's (the timelock): the manager may keep or raise each rate, never lower one.
    function test_setRates_managerCannotLowerARate() public {
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.RateCutNeedsOwner.selector, LP_RATE - 1, LP_RATE));
        vm.prank(manager);
        lpSwap.setRates(LP_RATE - 1, TOKEN_RATE + 1);
        vm.expectRevert(
            abi.encodeWithSelector(ILpSwap.RateCutNeedsOwner.selector, TOKEN_RATE - 1, TOKEN_RATE)
        );
        vm.prank(manager);
        lpSwap.setRates(LP_RATE + 1, TOKEN_RATE - 1);
        assertEq(lpSwap.getConfig().lpRate, LP_RATE, "lpRate unchanged");
        assertEq(lpSwap.getConfig().tokenRate, TOKEN_RATE, "tokenRate unchanged");

        vm.expectEmit(false, false, false, true, address(lpSwap));
        emit ILpSwap.RatesUpdated(LP_RATE, TOKEN_RATE);
        vm.prank(manager);
        lpSwap.setRates(LP_RATE, TOKEN_RATE); // equal: allowed

        vm.expectEmit(false, false, false, true, address(lpSwap));
        emit ILpSwap.RatesUpdated(1, 1);
        vm.prank(owner);
        lpSwap.setRates(1, 1);
        assertEq(lpSwap.getConfig().lpRate, 1, "the owner lowers it");
        assertEq(lpSwap.getConfig().tokenRate, 1, "both");
    }

    function testFuzz_setRates_managerPassesIffNoRateFalls(uint256 lpRate, uint256 tokenRate) public {
        lpRate = bound(lpRate, 1, 10_000);
        tokenRate = bound(tokenRate, 1, 10_000);
        if (lpRate < LP_RATE) {
            vm.expectRevert(abi.encodeWithSelector(ILpSwap.RateCutNeedsOwner.selector, lpRate, LP_RATE));
        } else if (tokenRate < TOKEN_RATE) {
            vm.expectRevert(abi.encodeWithSelector(ILpSwap.RateCutNeedsOwner.selector, tokenRate, TOKEN_RATE));
        }
        vm.prank(manager);
        lpSwap.setRates(lpRate, tokenRate);
        bool passes = lpRate >= LP_RATE && tokenRate >= TOKEN_RATE;
        assertEq(lpSwap.getConfig().lpRate, passes ? lpRate : LP_RATE, "lpRate");
        assertEq(lpSwap.getConfig().tokenRate, passes ? tokenRate : TOKEN_RATE, "tokenRate");
    }

    function test_setRates_raiseAppliesToDaysNotYetSettled() public {
        lockLP(alice, 1000 ether);
        vm.warp(T0 + 2 * DAY);
        vm.prank(owner);
        lpSwap.setRates(1000, TOKEN_RATE);
        assertEq(info(alice).pendingLP, 200 ether, "two unsettled days at 10%");
        assertEq(info(alice).rateLP, 1000, "shown at the raised rate");
    }

    /// @dev Regression of the security review's finding: a cut applied to elapsed, unsettled days, down to 1 bp,
    ///      so a cut (then the manager's too) could stretch every open position to 10,000 days after the fact.
    function test_setRates_cutDoesNotSlowPositionsAlreadyLocked() public {
        lockLP(alice, 1000 ether);
        lockToken(alice, 1000 ether);
        vm.warp(T0 + 50 * DAY); // 50% released at 1% a day
        vm.prank(owner);
        lpSwap.setRates(1, 1);
        ILpSwap.UserInfo memory u = info(alice);
        assertEq(u.pendingLP, 500 ether, "the 50 elapsed days stay at 1%");
        assertEq(u.rateLP, LP_RATE, "lp keeps its own rate");
        assertEq(u.rateToken, TOKEN_RATE, "tokens keep their own rate");
        vm.prank(alice);
        lpSwap.claimLP();
        assertEq(lp.balanceOf(alice), 500 ether, "500 LP paid, not 5");
        vm.warp(T0 + 100 * DAY);
        vm.prank(alice);
        lpSwap.claimLP();
        assertEq(lp.balanceOf(alice), 1000 ether, "fully released on the 100th day, as locked");
        assertEq(token.balanceOf(alice), 1000 ether, "tokens too (2% a day)");

        lockLP(bob, 1000 ether); // locked after the cut: 1 bp a day
        vm.warp(T0 + 110 * DAY);
        assertEq(info(bob).pendingLP, 1 ether, "10 days at 0.01%");
        assertEq(info(bob).rateLP, 1, "bob's rate");
    }

    function test_setRates_aRaiseEndsWhenTheRateFallsBackToTheOwnRate() public {
        lockLP(alice, 1000 ether);
        vm.warp(T0 + 2 * DAY);
        vm.prank(owner);
        lpSwap.setRates(500, TOKEN_RATE);
        vm.warp(T0 + 4 * DAY);
        assertEq(info(alice).pendingLP, 200 ether, "4 unsettled days at 5%");
        vm.prank(alice);
        lpSwap.claimLP(); // settles the 4 days at 5%
        vm.prank(owner);
        lpSwap.setRates(50, TOKEN_RATE); // below alice's own 1%
        vm.warp(T0 + 6 * DAY);
        assertEq(info(alice).pendingLP, 20 ether, "back on her own 1%, not 0.5%");
        assertEq(info(alice).rateLP, LP_RATE, "rateLP");
    }

    function test_swap_topUpSettlesThenMovesTheWholePositionToTheCurrentRate() public {
        lockLP(alice, 1000 ether);
        vm.prank(owner);
        lpSwap.setRates(50, TOKEN_RATE);
        vm.warp(T0 + 10 * DAY + 12 hours);
        lockLP(alice, 1000 ether);
        vm.snapshotGasLastCall("LpSwap", "swapLP (top-up after a cut)");
        ILpSwap.UserInfo memory u = info(alice);
        assertEq(u.pendingLP, 100 ether, "10 days settled at her own 1%");
        assertEq(u.rateLP, 50, "now on the current 0.5%");
        vm.warp(T0 + 11 * DAY);
        assertEq(info(alice).pendingLP, 110 ether, "then 0.5% of 2000 a day, on the same clock");

        lockToken(alice, 1000 ether);
        vm.prank(owner);
        lpSwap.setRates(50, 1000); // a raise: settled at 10% before the top-up
        vm.warp(T0 + 13 * DAY);
        lockToken(alice, 1000 ether);
        assertEq(info(alice).pendingToken, 200 ether, "2 days at the raised 10%");
        assertEq(info(alice).rateToken, 1000, "own rate: the raised one");
        vm.prank(owner);
        lpSwap.setRates(50, 100);
        vm.warp(T0 + 14 * DAY);
        assertEq(info(alice).pendingToken, 400 ether, "a later cut leaves it at 10% of 2000 a day");
    }

    function test_sendLP_neverLowersTheRate() public {
        lockLP(alice, 1000 ether);
        vm.prank(owner);
        lpSwap.setRates(1, TOKEN_RATE);
        lp.mint(manager, 1000 ether);
        vm.startPrank(manager);
        lp.approve(address(lpSwap), 1000 ether);
        lpSwap.sendLP(alice, 1000 ether);
        vm.stopPrank();
        assertEq(info(alice).rateLP, LP_RATE, "a credit keeps the member's 1%");
        vm.warp(T0 + DAY);
        assertEq(info(alice).pendingLP, 20 ether, "1% of 2000");

        lp.mint(manager, 1000 ether);
        vm.startPrank(manager);
        lp.approve(address(lpSwap), 1000 ether);
        lpSwap.sendLP(bob, 1000 ether);
        vm.stopPrank();
        assertEq(info(bob).rateLP, 1, "a new position starts at the current rate");
    }

    /// @dev Positions locked before the own rate was stored read 0 there and follow the current rate, as before.
    function test_legacyPositionWithoutARateFollowsTheCurrentRate() public {
        lockLP(alice, 1000 ether);
        bytes32 slot = bytes32(uint256(keccak256(abi.encode(alice, uint256(STORAGE) + 5))) + 2);
        assertEq(
            vm.load(address(lpSwap), slot),
            bytes32((LP_RATE << 168) | (T0 << 128)),
            "the rate sits after claimed and lastTime in the position's second slot"
        );
        vm.store(address(lpSwap), slot, bytes32(T0 << 128)); // as the previous implementation left it
        assertEq(info(alice).rateLP, LP_RATE, "the current rate");
        vm.warp(T0 + 2 * DAY);
        vm.prank(owner);
        lpSwap.setRates(50, TOKEN_RATE);
        assertEq(info(alice).pendingLP, 10 ether, "2 days at the current 0.5%, as before");
        assertEq(info(alice).rateLP, 50, "rateLP");
        vm.prank(alice);
        lpSwap.claimLP();
        assertEq(lp.balanceOf(alice), 10 ether, "paid at the current rate");
        lockLP(alice, 1 ether);
        vm.prank(owner);
        lpSwap.setRates(1, TOKEN_RATE);
        assertEq(info(alice).rateLP, 50, "topped up: on its own rate from then on");
    }

    function testFuzz_setRates_positionsReleaseAtTheHigherOfTheirOwnAndTheCurrentRate(
        uint256 amount,
        uint256 own,
        uint256 current,
        uint256 before,
        uint256 elapsed,
        uint256 extra
    ) public {
        amount = bound(amount, 1, type(uint128).max / 20_000);
        own = bound(own, 1, 10_000);
        current = bound(current, 1, 10_000);
        before = bound(before, 0, 400 days);
        elapsed = bound(elapsed, before, 20_000 days);
        extra = bound(extra, 1, amount);
        vm.prank(owner);
        lpSwap.setRates(own, own);
        lockLP(alice, amount);
        vm.warp(T0 + before);
        vm.prank(owner);
        lpSwap.setRates(current, current);
        vm.warp(T0 + elapsed);
        uint256 effective = own > current ? own : current;
        uint256 expected = releasedAfter(amount, effective, elapsed / DAY);
        ILpSwap.UserInfo memory u = info(alice);
        assertEq(u.pendingLP, expected, "released at max(own, current)");
        assertEq(u.rateLP, effective, "rateLP");

        // a top-up settles at the effective rate, then the whole position moves to the current rate; the clock
        // keeps its part-day (or restarts at the top-up if all was released), so one more day passes by then
        lockLP(alice, extra);
        assertEq(info(alice).pendingLP, expected, "settled, nothing lost");
        assertEq(info(alice).rateLP, current, "on the current rate");
        vm.warp(T0 + elapsed + DAY);
        uint256 next = expected + ((amount + extra) * current + 9999) / 10_000;
        if (next > amount + extra) next = amount + extra;
        assertEq(info(alice).pendingLP, next, "the next day at the current rate");
        if (next != 0) {
            vm.prank(alice);
            lpSwap.claimLP();
            assertEq(lp.balanceOf(alice), next, "paid");
            assertEq(lp.balanceOf(address(lpSwap)), amount + extra - next, "rest held");
        }
    }

    function test_sendLP_creditsAnAccountFromTheCaller() public {
        lp.mint(manager, 50 ether);
        vm.startPrank(manager);
        lp.approve(address(lpSwap), 50 ether);
        vm.expectEmit(true, true, false, true, address(lpSwap));
        emit ILpSwap.LPSwapped(bob, manager, 50 ether);
        lpSwap.sendLP(bob, 50 ether);
        vm.expectRevert(ILpSwap.ZeroAddress.selector);
        lpSwap.sendLP(address(0), 1);
        vm.stopPrank();
        assertEq(info(bob).amountLP, 50 ether, "credited");
        assertEq(info(bob).index, 1, "registered");
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.NotOwnerOrManager.selector, alice));
        vm.prank(alice);
        lpSwap.sendLP(alice, 1);
    }

    function test_sendLPToWallet_onlyTheSurplus() public {
        lockLP(alice, 100 ether);
        lp.mint(address(lpSwap), 7 ether); // sent straight to the contract: surplus
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.SurplusExceeded.selector, 8 ether, 7 ether));
        vm.prank(owner);
        lpSwap.sendLPToWallet(owner, 8 ether);
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.NotOwnerOrManager.selector, alice));
        vm.prank(alice);
        lpSwap.sendLPToWallet(alice, 1);
        vm.startPrank(manager);
        vm.expectRevert(ILpSwap.ZeroAddress.selector);
        lpSwap.sendLPToWallet(address(0), 1);
        vm.expectRevert(ILpSwap.ZeroAmount.selector);
        lpSwap.sendLPToWallet(manager, 0);
        vm.expectEmit(true, false, false, true, address(lpSwap));
        emit ILpSwap.LPSentToWallet(manager, 7 ether);
        lpSwap.sendLPToWallet(manager, 7 ether);
        vm.stopPrank();
        assertEq(lp.balanceOf(address(lpSwap)), 100 ether, "owed stays");
    }

    function test_upgrade_onlyOwner() public {
        address next = address(new LpSwap());
        vm.expectRevert(
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, manager)
        );
        vm.prank(manager);
        lpSwap.upgradeToAndCall(next, "");
        lockLP(alice, 5 ether);
        vm.prank(owner);
        lpSwap.announce(next, address(0)); // something is locked: the upgrade waits for the exit window
        vm.warp(block.timestamp + lpSwap.EXIT_WINDOW());
        vm.prank(owner);
        lpSwap.upgradeToAndCall(next, "");
        assertEq(info(alice).amountLP, 5 ether, "state kept");
    }
}
