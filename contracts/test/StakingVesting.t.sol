// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingFixture} from "./utils/StakingFixture.sol";
import {DataReader} from "../src/DataReader.sol";
import {IStaking} from "../src/interfaces/IStaking.sol";

/// @dev Upline income vests linearly with the orders that credited it (docs/economics.md, "Vesting").
contract StakingVestingTest is StakingFixture {
    address internal alice;
    address internal bob;
    address internal carol;

    function setUp() public override {
        super.setUp();
        alice = member("alice", root);
        bob = member("bob", alice);
        carol = member("carol", alice);
        stake(alice, 0, 1000e18);
    }

    /// bob's 30-day order credits alice 10.8 USDT: vested linearly, claimed only as it vests, never twice.
    function test_claimReward_paysOnlyWhatHasVested() public {
        stake(bob, 1, 1000e18);
        vm.warp(block.timestamp + 10 days);
        DataReader.Income memory income = reader.getIncome(alice);
        assertEq(income.credited, 10.8e18, "credited");
        assertEq(income.vested, 3.6e18, "a third vested");
        assertEq(income.vestEnd, block.timestamp + 20 days, "vests until bob's order ends");
        uint256 before = usdt.balanceOf(alice);
        vm.prank(alice);
        staking.claimReward();
        assertEq(usdt.balanceOf(alice) - before, 3.6e18, "claimed a third");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NothingToClaim.selector, alice));
        staking.claimReward();
        vm.warp(block.timestamp + 20 days);
        vm.prank(alice);
        staking.claimReward();
        assertEq(usdt.balanceOf(alice) - before, 10.8e18, "all of it at the end, once");
        income = reader.getIncome(alice);
        assertEq(income.claimed, 10.8e18, "claimed");
        assertEq(income.claimable, 0, "nothing left");
    }

    /// Found by the deep invariant campaign: a member claims all that vested, then a new credit joins its
    /// stream (what is unvested rounds up to 1e-9 USDT): its record still reads, nothing is claimable until
    /// more vests, and all of it is paid in the end.
    function test_claimReward_thenANewCredit_staysReadable() public {
        stake(bob, 1, 1000e18);
        vm.warp(block.timestamp + 7 days + 1 hours + 17);
        vm.prank(alice);
        staking.claimReward();
        uint256 claimed = reader.getIncome(alice).claimed;
        stake(carol, 1, 1000e18 + 7); // a credit that is no whole multiple of the vested rounding
        assertEq(staking.users(alice).balanceReward, 0, "nothing claimable: it dips, it never goes negative");
        vm.warp(block.timestamp + 30 days);
        uint256 before = usdt.balanceOf(alice);
        vm.prank(alice);
        staking.claimReward();
        DataReader.Income memory income = reader.getIncome(alice);
        assertEq(income.claimed, income.credited, "all of it claimed in the end");
        assertEq(usdt.balanceOf(alice) - before, income.credited - claimed, "the rest, once");
    }

    /// An order shortened by bottom acceleration vests its upline's income on its own, shorter clock.
    function test_vesting_followsAnAcceleratedOrder() public {
        vm.prank(owner);
        staking.setIncomeRates(IStaking.IncomeRates(0, 0, 1000, 100)); // bottom: a tenth of the lock
        uint256 index = stake(bob, 1, 1000e18);
        uint256 end = staking.orders(index).endTime;
        assertEq(end, block.timestamp + 27 days, "27 days instead of 30");
        assertEq(reader.getIncome(alice).vestEnd, end, "vests until the order's own end");
        vm.warp(end);
        assertEq(staking.users(alice).balanceReward, 10.8e18, "all vested when the order ends");
    }

    /// A credit vests on its own order's clock, whatever else vests: a 7-day credit arriving while a 360-day one
    /// vests is all vested on day 7, and the 360-day one keeps its pace.
    function test_vesting_eachCreditOnItsOwnClock() public {
        stake(bob, 4, 1000e18); // 360 days: S = 1000 * 45 bp * 360 = 1,620; alice: 10% + 2% = 194.4
        uint256 start = block.timestamp;
        stake(carol, 0, 1000e18); // 7 days: S = 14; alice: 10% + 4% (level 2 now) = 1.96
        uint256 short = reader.getIncome(alice).credited - 194.4e18;
        assertEq(reader.getIncome(alice).vestEnd, start + 360 days, "the last of it with the 360-day order");
        vm.warp(start + 7 days);
        assertEq(
            staking.users(alice).balanceReward, short + uint256(194.4e18) * 7 / 360, "7-day credit in full"
        );
        vm.warp(start + 360 days);
        assertEq(staking.users(alice).balanceReward, 194.4e18 + short, "all of it at the end");
    }

    /// A member made a node and removed again before it earned any node income keeps its own vesting: the
    /// removal settles nothing, so the longer end of the node income's stream never joins the member's.
    function test_setNode_removedBeforeEarningLeavesTheVestingAlone() public {
        vm.prank(owner);
        staking.setIncomeRates(IStaking.IncomeRates(500, 0, 0, 0));
        address node = makeAddr("node");
        vm.prank(owner);
        staking.setNode(node, true);
        stake(member("erin", root), 4, 1000e18); // node income vesting for 360 days
        uint256 end = staking.orders(stake(bob, 1, 1000e18)).endTime; // alice: 10.8 vesting for 30 days
        vm.startPrank(owner);
        staking.setNode(alice, true);
        staking.setNode(alice, false);
        vm.stopPrank();
        DataReader.Income memory income = reader.getIncome(alice);
        assertEq(income.credited, 10.8e18, "no node income");
        assertEq(income.vestEnd, end, "still vests until bob's order ends");
        vm.warp(end);
        assertEq(staking.users(alice).balanceReward, 10.8e18, "all vested when it ends");
    }
}
