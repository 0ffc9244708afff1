// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LpSwapFixture} from "./utils/LpSwapFixture.sol";
import {LpSwap} from "../src/LpSwap.sol";
import {ILpSwap} from "../src/interfaces/ILpSwap.sol";
import {FeeOnTransferToken} from "./mocks/MockToken.sol";
import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";

contract LpSwapTest is LpSwapFixture {
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

    function test_setRates_appliesToDaysNotYetSettled() public {
        lockLP(alice, 1000 ether);
        vm.warp(T0 + 2 * DAY);
        vm.prank(owner);
        lpSwap.setRates(1000, TOKEN_RATE);
        assertEq(info(alice).pendingLP, 200 ether, "two unsettled days at 10%");
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
        lpSwap.upgradeToAndCall(next, "");
        assertEq(info(alice).amountLP, 5 ether, "state kept");
    }
}
