// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LpSwapFixture} from "./utils/LpSwapFixture.sol";
import {LpSwap} from "../src/LpSwap.sol";
import {ILpSwap} from "../src/interfaces/ILpSwap.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";

/// @dev Leaving before an upgrade lands: while LP or tokens are owed, the owner's upgrade or ownership transfer
///      lands no sooner than `EXIT_WINDOW` after it was announced, and meanwhile a member takes back everything
///      still owed to it at once (`closeEarly`): its locked and released-unclaimed LP and tokens.
contract LpSwapEarlyCloseTest is LpSwapFixture {
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal next;

    function setUp() public override {
        super.setUp();
        next = address(new LpSwap());
    }

    function _announce(address implementation, address newOwner) internal {
        vm.prank(owner);
        lpSwap.announce(implementation, newOwner);
    }

    /// @dev `account` closes early; returns the LP and tokens it received.
    function _closeEarly(address account) internal returns (uint256 lpOut, uint256 tokenOut) {
        uint256 lpBefore = lp.balanceOf(account);
        uint256 tokenBefore = token.balanceOf(account);
        vm.prank(account);
        lpSwap.closeEarly();
        return (lp.balanceOf(account) - lpBefore, token.balanceOf(account) - tokenBefore);
    }

    function _claim(address account) internal returns (uint256 lpOut, uint256 tokenOut) {
        uint256 lpBefore = lp.balanceOf(account);
        uint256 tokenBefore = token.balanceOf(account);
        vm.prank(account);
        lpSwap.claimLP();
        return (lp.balanceOf(account) - lpBefore, token.balanceOf(account) - tokenBefore);
    }

    /// @dev LP and tokens held cover what is owed (locked or released, not claimed).
    function _assertHoldsWhatItOwes() internal view {
        (, uint256 lpOwed, uint256 tokenOwed) = lpSwap.getTotals();
        assertGe(lp.balanceOf(address(lpSwap)), lpOwed, "lp held >= owed");
        assertGe(token.balanceOf(address(lpSwap)), tokenOwed, "tokens held >= owed");
    }

    /// alice locks 1000 LP (1% a day) and 500 tokens (2% a day), claims after 10 days, and 5 days later an upgrade
    /// is announced: closing early pays her the 5 days released and not claimed plus all still locked, that is
    /// everything she locked less the 10 days she claimed, and empties her positions; bob's stay as they were.
    function test_closeEarly_paysTheAmountLessWhatWasClaimed() public {
        lockLP(alice, 1000 ether);
        lockToken(alice, 500 ether);
        lockLP(bob, 300 ether);
        lockToken(bob, 30 ether);
        vm.warp(block.timestamp + 10 days);
        (uint256 lpClaimed, uint256 tokenClaimed) = _claim(alice);
        assertEq(lpClaimed, 100 ether, "10 days of 1%");
        assertEq(tokenClaimed, 100 ether, "10 days of 2%");
        vm.warp(block.timestamp + 5 days);
        _announce(next, address(0));
        ILpSwap.UserInfo memory bobBefore = lpSwap.getUserInfo(bob);
        assertEq(lpSwap.getUserInfo(alice).pendingLP, 50 ether, "5 days released, not claimed");
        vm.expectEmit(true, false, false, true, address(lpSwap));
        emit ILpSwap.ClosedEarly(alice, 900 ether, 400 ether);
        vm.prank(alice);
        lpSwap.closeEarly();
        vm.snapshotGasLastCall("LpSwap", "closeEarly");
        uint256 lpOut = lp.balanceOf(alice) - 100 ether;
        uint256 tokenOut = token.balanceOf(alice) - 100 ether;
        assertEq(lpOut, 1000 ether - lpClaimed, "lp: amount less what was claimed");
        assertEq(tokenOut, 500 ether - tokenClaimed, "tokens: amount less what was claimed");
        ILpSwap.UserInfo memory u = lpSwap.getUserInfo(alice);
        assertEq(u.index, 1, "still listed");
        assertEq(u.amountLP + u.claimLP + u.pendingLP, 0, "lp position emptied");
        assertEq(u.amountToken + u.claimToken + u.pendingToken, 0, "token position emptied");
        (uint256 totalUser, uint256 lpOwed, uint256 tokenOwed) = lpSwap.getTotals();
        assertEq(totalUser, 2, "members");
        assertEq(lpOwed, 300 ether, "only bob's lp is owed");
        assertEq(tokenOwed, 30 ether, "only bob's tokens are owed");
        assertEq(lp.balanceOf(address(lpSwap)), 300 ether, "bob's lp held");
        assertEq(token.balanceOf(address(lpSwap)), 30 ether, "bob's tokens held");
        assertEq(
            keccak256(abi.encode(lpSwap.getUserInfo(bob))), keccak256(abi.encode(bobBefore)), "bob's kept"
        );
        vm.warp(block.timestamp + 100 days);
        (uint256 bobLp, uint256 bobTokens) = _claim(bob);
        assertEq(bobLp, 300 ether, "bob's lp paid in full");
        assertEq(bobTokens, 30 ether, "bob's tokens paid in full");
    }

    /// The LP position may be still locked while the token one is fully released (not claimed), or the reverse:
    /// the close pays both.
    function test_closeEarly_paysBothWhenOnlyOneIsLocked() public {
        lockLP(alice, 1000 ether);
        vm.warp(block.timestamp + 60 days);
        lockToken(alice, 10 ether);
        _announce(address(0), bob);
        vm.warp(block.timestamp + 1 days);
        (uint256 lpOut, uint256 tokenOut) = _closeEarly(alice);
        assertEq(lpOut, 1000 ether, "lp: 61 days released, the rest locked");
        assertEq(tokenOut, 10 ether, "tokens: 1 day released, the rest locked");

        lockLP(bob, 10 ether);
        lockToken(bob, 1000 ether);
        vm.warp(block.timestamp + 100 days); // bob's LP fully released, 2% of his tokens a day: all released at day 50
        lockToken(bob, 1 ether); // a top-up restarts the token position's clock
        (lpOut, tokenOut) = _closeEarly(bob);
        assertEq(lpOut, 10 ether, "bob's released lp");
        assertEq(tokenOut, 1001 ether, "bob's tokens");
        _assertHoldsWhatItOwes();
    }

    /// Amounts locked after the announcement are the member's own: the close pays them back too, and LP the
    /// manager credited with `sendLP` (locked for the member), before or after the announcement.
    function test_closeEarly_includesLaterLocksAndCredits() public {
        lockLP(alice, 100 ether);
        lp.mint(manager, 70 ether);
        vm.startPrank(manager);
        lp.approve(address(lpSwap), 70 ether);
        lpSwap.sendLP(alice, 40 ether);
        vm.stopPrank();
        vm.warp(block.timestamp + 2 days);
        _announce(next, address(0));
        lockLP(alice, 5 ether);
        lockToken(alice, 7 ether);
        vm.prank(manager);
        lpSwap.sendLP(alice, 30 ether);
        lp.mint(address(lpSwap), 9 ether); // a surplus, not alice's
        (uint256 lpOut, uint256 tokenOut) = _closeEarly(alice);
        assertEq(lpOut, 175 ether, "her locks and the manager's credits");
        assertEq(tokenOut, 7 ether, "her later token lock");
        assertEq(lp.balanceOf(address(lpSwap)), 9 ether, "the surplus stays");
        vm.prank(manager);
        lpSwap.sendLPToWallet(manager, 9 ether);
        _assertHoldsWhatItOwes();
    }

    /// A bob the manager credits with `sendLP` but who never locked anything himself gets it back.
    function test_closeEarly_returnsWhatSendLPLockedForTheMember() public {
        lp.mint(manager, 50 ether);
        vm.startPrank(manager);
        lp.approve(address(lpSwap), 50 ether);
        lpSwap.sendLP(bob, 50 ether);
        vm.stopPrank();
        vm.warp(block.timestamp + 3 days);
        _claim(bob);
        _announce(next, address(0));
        (uint256 lpOut, uint256 tokenOut) = _closeEarly(bob);
        assertEq(lpOut, 50 ether - 1.5 ether, "what is locked for him and not claimed");
        assertEq(tokenOut, 0, "no tokens");
    }

    function test_closeEarly_refusedWithoutAnAnnouncement() public {
        lockLP(alice, 100 ether);
        vm.warp(block.timestamp + 1 days);
        vm.prank(alice);
        vm.expectRevert(ILpSwap.NoEarlyClose.selector);
        lpSwap.closeEarly();
        _announce(next, address(0));
        _announce(address(0), address(0)); // withdrawn
        vm.prank(alice);
        vm.expectRevert(ILpSwap.NoEarlyClose.selector);
        lpSwap.closeEarly();
        assertEq(lpSwap.getUserInfo(alice).amountLP, 100 ether, "her position stays");
    }

    /// Nothing locked: no position, a position fully released (claim it instead), or one already closed.
    function test_closeEarly_refusedWithNothingLocked() public {
        lockLP(alice, 100 ether);
        lockToken(alice, 100 ether);
        _announce(next, address(0));
        vm.prank(bob);
        vm.expectRevert(ILpSwap.NoEarlyClose.selector);
        lpSwap.closeEarly();
        vm.warp(block.timestamp + 100 days);
        vm.prank(alice);
        vm.expectRevert(ILpSwap.NoEarlyClose.selector);
        lpSwap.closeEarly();
        (uint256 lpOut, uint256 tokenOut) = _claim(alice);
        assertEq(lpOut + tokenOut, 200 ether, "claimed instead");
        lockLP(bob, 10 ether);
        _closeEarly(bob);
        vm.prank(bob);
        vm.expectRevert(ILpSwap.NoEarlyClose.selector);
        lpSwap.closeEarly();
        vm.prank(bob);
        vm.expectRevert(ILpSwap.NothingToClaim.selector);
        lpSwap.claimLP();
    }

    /// After a close, a new lock starts a schedule of its own amount: 1% of the 200 a day, not of 1200.
    function test_closeEarly_thenANewLockStartsAfresh() public {
        lockLP(alice, 1000 ether);
        vm.warp(block.timestamp + 5 days);
        _announce(next, address(0));
        _closeEarly(alice);
        _announce(address(0), address(0));
        lockLP(alice, 200 ether);
        vm.warp(block.timestamp + 1 days);
        ILpSwap.UserInfo memory u = lpSwap.getUserInfo(alice);
        assertEq(u.amountLP, 200 ether, "the new amount");
        assertEq(u.pendingLP, 2 ether, "1% of it a day");
        assertEq(u.rateLP, LP_RATE, "at the current rate");
    }

    /// An upgrade lands only as announced and once the window has passed; then the announcement ends.
    function test_upgrade_onlyAnnouncedAndAfterTheWindow() public {
        lockToken(alice, 100 ether);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.NotAnnounced.selector, next, address(0), 0));
        lpSwap.upgradeToAndCall(next, "");
        _announce(next, address(0));
        (,, uint256 readyAt) = lpSwap.announcement();
        assertEq(readyAt, block.timestamp + 3 days, "three days to leave");
        vm.warp(readyAt - 1);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.NotAnnounced.selector, next, address(0), readyAt));
        lpSwap.upgradeToAndCall(next, "");
        address other = address(new LpSwap());
        vm.warp(readyAt);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.NotAnnounced.selector, other, address(0), 0));
        lpSwap.upgradeToAndCall(other, "");
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.NotAnnounced.selector, address(0), bob, 0));
        lpSwap.transferOwnership(bob); // an upgrade was announced, not a transfer
        vm.prank(owner);
        lpSwap.upgradeToAndCall(next, "");
        (address implementation,, uint256 after_) = lpSwap.announcement();
        assertEq(implementation, address(0), "the announcement ended with the upgrade");
        assertEq(after_, 0, "nothing announced");
        vm.prank(alice);
        vm.expectRevert(ILpSwap.NoEarlyClose.selector);
        lpSwap.closeEarly();
        assertEq(lpSwap.getUserInfo(alice).amountToken, 100 ether, "state kept");
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.NotAnnounced.selector, next, address(0), 0));
        lpSwap.upgradeToAndCall(next, ""); // the next one needs its own announcement
    }

    /// An ownership transfer too, while anything is owed (a released amount not yet claimed counts); none is
    /// needed while nothing is owed.
    function test_transferOwnership_onlyAnnouncedWhileAnythingIsOwed() public {
        address heir = makeAddr("heir");
        lockLP(alice, 1 ether);
        vm.warp(block.timestamp + 100 days); // all released, not claimed: still owed
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.NotAnnounced.selector, address(0), heir, 0));
        lpSwap.transferOwnership(heir);
        _announce(address(0), heir);
        vm.warp(block.timestamp + lpSwap.EXIT_WINDOW() - 1);
        vm.prank(owner);
        vm.expectRevert(
            abi.encodeWithSelector(ILpSwap.NotAnnounced.selector, address(0), heir, block.timestamp + 1)
        );
        lpSwap.transferOwnership(heir);
        vm.warp(block.timestamp + 1);
        vm.prank(owner);
        lpSwap.transferOwnership(heir);
        assertEq(lpSwap.owner(), heir, "transferred");
        (,, uint256 readyAt) = lpSwap.announcement();
        assertEq(readyAt, 0, "the announcement ended with the transfer");

        LpSwap fresh = deployLpSwap(address(token));
        vm.prank(owner);
        fresh.transferOwnership(heir); // nothing owed in it
        assertEq(fresh.owner(), heir, "a new deployment hands itself over at once");
        vm.prank(heir);
        fresh.upgradeToAndCall(next, "");
    }

    /// With nothing owed, a change lands at once; if it was the one announced, its announcement ends with it.
    function test_landingWithNothingOwedEndsItsAnnouncement() public {
        _announce(next, bob);
        address other = address(new LpSwap());
        vm.prank(owner);
        lpSwap.upgradeToAndCall(other, ""); // not the one announced: it stays
        (address implementation, address newOwner,) = lpSwap.announcement();
        assertEq(implementation, next, "still announced");
        vm.prank(owner);
        lpSwap.upgradeToAndCall(next, "");
        (implementation, newOwner,) = lpSwap.announcement();
        assertEq(implementation, address(0), "ended");
        assertEq(newOwner, address(0), "the transfer with it");
    }

    function test_announce_onlyTheOwner() public {
        vm.prank(manager);
        vm.expectRevert(
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, manager)
        );
        lpSwap.announce(next, address(0));
        vm.expectEmit(false, false, false, true, address(lpSwap));
        emit ILpSwap.ChangeAnnounced(next, bob, block.timestamp + 3 days);
        _announce(next, bob);
        (address implementation, address newOwner, uint256 readyAt) = lpSwap.announcement();
        assertEq(implementation, next, "implementation");
        assertEq(newOwner, bob, "new owner");
        assertEq(readyAt, block.timestamp + 3 days, "readyAt");
        assertEq(lpSwap.EXIT_WINDOW(), 3 days, "EXIT_WINDOW");
        vm.expectEmit(false, false, false, true, address(lpSwap));
        emit ILpSwap.ChangeAnnounced(address(0), address(0), 0);
        _announce(address(0), address(0));
        (implementation, newOwner, readyAt) = lpSwap.announcement();
        assertEq(implementation, address(0), "withdrawn");
        assertEq(readyAt, 0, "nothing announced");
    }

    /// Any amounts, rates, claim times and close time: the close pays each position's amount less what was
    /// claimed, never more; claims plus the close add up to what was locked; other members' stays held.
    function testFuzz_closeEarly_paysTheAmountLessWhatWasClaimed(
        uint256 lpAmount,
        uint256 tokenAmount,
        uint256 lpRate,
        uint256 tokenRate,
        uint256 claimAt,
        uint256 closeAt
    ) public {
        lpAmount = bound(lpAmount, 1, 1e30);
        tokenAmount = bound(tokenAmount, 0, 1e30);
        lpRate = bound(lpRate, 1, 10_000);
        tokenRate = bound(tokenRate, 1, 10_000);
        vm.prank(owner);
        lpSwap.setRates(lpRate, tokenRate);
        lockLP(alice, lpAmount);
        if (tokenAmount != 0) lockToken(alice, tokenAmount);
        lockLP(bob, 1e18);
        lockToken(bob, 1e18);
        claimAt = bound(claimAt, 0, 400 days);
        vm.warp(block.timestamp + claimAt);
        uint256 lpClaimed;
        uint256 tokenClaimed;
        ILpSwap.UserInfo memory u = lpSwap.getUserInfo(alice);
        if (u.pendingLP + u.pendingToken != 0) (lpClaimed, tokenClaimed) = _claim(alice);
        vm.warp(block.timestamp + bound(closeAt, 0, 400 days));
        _announce(next, address(0));
        u = lpSwap.getUserInfo(alice);
        bool locked = u.claimLP + u.pendingLP < u.amountLP || u.claimToken + u.pendingToken < u.amountToken;
        if (!locked) {
            vm.prank(alice);
            vm.expectRevert(ILpSwap.NoEarlyClose.selector);
            lpSwap.closeEarly();
            return;
        }
        (uint256 lpOut, uint256 tokenOut) = _closeEarly(alice);
        assertEq(lpOut, lpAmount - lpClaimed, "lp: amount - claimed");
        assertEq(tokenOut, tokenAmount - tokenClaimed, "tokens: amount - claimed");
        assertEq(lpOut + lpClaimed, lpAmount, "lp out == lp in");
        assertEq(tokenOut + tokenClaimed, tokenAmount, "tokens out == tokens in");
        (, uint256 lpOwed, uint256 tokenOwed) = lpSwap.getTotals();
        assertEq(lpOwed, 1e18, "bob's lp still owed");
        assertEq(tokenOwed, 1e18, "bob's tokens still owed");
        _assertHoldsWhatItOwes();
    }
}
