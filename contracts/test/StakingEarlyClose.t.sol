// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingFixture} from "./utils/StakingFixture.sol";
import {Staking} from "../src/Staking.sol";
import {DataReader} from "../src/DataReader.sol";
import {IStaking, IStakingIncome} from "../src/interfaces/IStaking.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";

/// @dev Leaving before an upgrade lands: the owner announces an upgrade or an ownership transfer, it lands no
///      sooner than `EXIT_WINDOW` later, and meanwhile a member closes its locked orders early for its principal
///      less what they paid out, the upline income they credited and had not vested cancelled.
contract StakingEarlyCloseTest is StakingFixture {
    address internal alice;
    address internal bob;
    address internal carol;
    address internal next;

    function setUp() public override {
        super.setUp();
        alice = member("alice", root);
        bob = member("bob", alice);
        carol = member("carol", bob);
        stake(alice, 0, 100e18);
        stake(bob, 0, 100e18);
        next = address(new Staking());
        vm.warp(block.timestamp + 8 days); // the credits of bob's 7-day order have vested
    }

    function _announce(address implementation, address newOwner) internal {
        vm.prank(owner);
        staking.announce(implementation, newOwner);
    }

    function _closeEarly(address account, uint256 index) internal returns (uint256 refund) {
        uint256 before = usdt.balanceOf(account);
        vm.prank(account);
        staking.closeEarly(index);
        return usdt.balanceOf(account) - before;
    }

    /// carol's 10,000 USDT 360-day order credits bob and alice; an upgrade is announced on day 10 and carol
    /// closes: she gets her principal less the 10/360 of those credits that vested; what had not vested is no
    /// longer credited to them, what had stays theirs.
    function test_closeEarly_principalLessWhatItPaidOut() public {
        uint256 before = reader.getIncome(alice).credited; // bob's 7-day order's, all vested
        uint256 index = stake(carol, 4, 10_000e18);
        uint256 bobCredit = reader.getIncome(bob).credited;
        uint256 aliceCredit = reader.getIncome(alice).credited - before;
        assertGt(bobCredit, 0, "carol's order credits bob");
        vm.warp(block.timestamp + 10 days);
        _announce(next, address(0));
        uint256 bobVested = reader.getIncome(bob).vested;
        uint256 aliceVested = reader.getIncome(alice).vested;
        uint256 paidOut = bobVested + aliceVested - before;
        assertApproxEqAbs(paidOut, (bobCredit + aliceCredit) * 10 / 360, 2e9, "10 of 360 days vested");
        (uint256 quoted, uint256 cancelled) = IStakingIncome(address(staking)).closeEarlyQuote(index);
        uint256 refund = _closeEarly(carol, index);
        assertEq(refund, 10_000e18 - paidOut, "principal less what the order paid out");
        assertEq(quoted, refund, "as quoted");
        assertEq(cancelled, bobCredit + aliceCredit - paidOut, "the rest of its credits cancelled");
        assertEq(reader.getIncome(bob).credited, bobVested, "bob keeps what vested, no more");
        assertEq(reader.getIncome(alice).credited, aliceVested, "alice too");
        assertEq(staking.users(bob).balanceReward, bobVested, "and can claim it");
        assertTrue(!staking.orders(index).isValid, "the order is closed");
        assertEq(staking.users(carol).amount, 0, "no open principal");
        assertEq(staking.teams(bob).teamAmount, 0, "out of bob's team volume");
        assertTrue(usdt.balanceOf(address(staking)) >= reader.owed(address(usdt)), "what is owed is held");
        vm.warp(block.timestamp + 400 days);
        vm.prank(bob);
        staking.claimReward();
        assertEq(reader.getIncome(bob).claimed, bobVested, "bob's claim paid in full");
    }

    function test_closeEarly_refusedWithoutAnAnnouncement() public {
        uint256 index = stake(carol, 4, 1000e18);
        vm.warp(block.timestamp + 1 days);
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NoEarlyClose.selector, index));
        staking.closeEarly(index);
    }

    /// Only orders opened before the announcement, not yet ended, and only by their owner.
    function test_closeEarly_refusedForLaterEndedOrOthersOrders() public {
        uint256 early = stake(carol, 0, 1000e18);
        uint256 mine = stake(carol, 4, 1000e18);
        vm.warp(block.timestamp + 1);
        _announce(next, address(0));
        uint256 later = stake(carol, 4, 1000e18);
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NoEarlyClose.selector, later));
        staking.closeEarly(later);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NotOrderOwner.selector, mine, carol));
        staking.closeEarly(mine);
        vm.warp(block.timestamp + 7 days);
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NoEarlyClose.selector, early));
        staking.closeEarly(early);
        _closeEarly(carol, mine);
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IStaking.AlreadyReleased.selector, mine));
        staking.closeEarly(mine);
    }

    /// An upgrade lands only as announced and once the window has passed; then the window closes.
    function test_upgrade_onlyAnnouncedAndAfterTheWindow() public {
        uint256 index = stake(carol, 4, 1000e18);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NotAnnounced.selector, next, address(0), 0));
        staking.upgradeToAndCall(next, "");
        _announce(next, address(0));
        (,, uint256 readyAt) = staking.announcement();
        assertEq(readyAt, block.timestamp + 3 days, "three days to leave");
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NotAnnounced.selector, next, address(0), readyAt));
        staking.upgradeToAndCall(next, "");
        address other = address(new Staking());
        vm.warp(readyAt);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NotAnnounced.selector, other, address(0), 0));
        staking.upgradeToAndCall(other, "");
        vm.prank(owner);
        staking.upgradeToAndCall(next, "");
        (,, readyAt) = staking.announcement();
        assertEq(readyAt, 0, "the announcement ended with the upgrade");
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NoEarlyClose.selector, index));
        staking.closeEarly(index);
    }

    /// An ownership transfer too, while orders are open; none is needed while nothing is locked.
    function test_transferOwnership_onlyAnnouncedWhileOrdersAreOpen() public {
        address heir = makeAddr("heir");
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NotAnnounced.selector, address(0), heir, 0));
        staking.transferOwnership(heir);
        _announce(address(0), heir);
        vm.warp(block.timestamp + staking.EXIT_WINDOW());
        vm.prank(owner);
        staking.transferOwnership(heir);
        assertEq(staking.owner(), heir, "transferred");
        Staking fresh = deployStaking(address(usdt), address(token));
        vm.prank(owner);
        fresh.transferOwnership(heir); // nothing locked in it
        assertEq(fresh.owner(), heir, "a new deployment hands itself over at once");
    }

    function test_announce_onlyTheOwner() public {
        vm.prank(manager);
        vm.expectRevert(
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, manager)
        );
        staking.announce(next, address(0));
        vm.expectEmit(false, false, false, true, address(staking));
        emit IStaking.ChangeAnnounced(next, address(0), block.timestamp + 3 days);
        _announce(next, address(0));
        _announce(address(0), address(0));
        (address implementation,, uint256 readyAt) = staking.announcement();
        assertEq(implementation, address(0), "withdrawn");
        assertEq(readyAt, 0, "nothing announced");
    }

    /// Any order, closed at any moment of its lock: the refund and what the order paid out add up to its
    /// principal, the upline keeps exactly what had vested, and what is owed stays held.
    function testFuzz_closeEarly_takesNoMoreThanItPutIn(uint256 amount, uint256 tier, uint256 elapsed)
        public
    {
        amount = bound(amount, 100e18, 100_000e18);
        tier = bound(tier, 0, 4);
        uint256 before = reader.getIncome(alice).vested; // bob's 7-day order's
        uint256 index = stake(carol, tier, amount);
        IStaking.Order memory o = staking.orders(index);
        elapsed = bound(elapsed, 1, o.endTime - o.startTime - 1);
        vm.warp(block.timestamp + elapsed);
        _announce(next, address(0));
        DataReader.Income memory b = reader.getIncome(bob);
        DataReader.Income memory a = reader.getIncome(alice);
        uint256 refund = _closeEarly(carol, index);
        assertEq(refund + b.vested + a.vested - before, amount, "refund + what it paid out = its principal");
        assertEq(reader.getIncome(bob).vested, b.vested, "bob's vested income stays");
        assertEq(reader.getIncome(alice).vested, a.vested, "alice's too");
        assertTrue(usdt.balanceOf(address(staking)) >= reader.owed(address(usdt)), "what is owed is held");
    }
}
