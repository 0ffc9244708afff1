// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingFixture} from "../utils/StakingFixture.sol";
import {IStaking} from "../../src/interfaces/IStaking.sol";

/// @dev What an upline was credited is fully vested when the order that credited it ends, whatever anyone
///      does in between: a stranger's long order under the same upline, a manager's long tier or node
///      flags, another order after a pure node's share. Replayed with the deploy's defaults: alice is
///      credited 108 USDT (10% invite + 2% team of 900) by bob's 10,000 USDT 30-day order.
contract IncomeStretchTest is StakingFixture {
    event log_named_decimal_uint(string key, uint256 val, uint256 decimals);

    address internal alice;
    address internal bob;
    uint256 internal bobEnd;
    uint256 internal start;

    function setUp() public override {
        super.setUp();
        alice = member("alice", root);
        bob = member("bob", alice);
        stake(alice, 0, 100e18);
        start = block.timestamp;
        bobEnd = staking.orders(stake(bob, 1, 10_000e18)).endTime;
        assertEq(reader.getIncome(alice).credited, 108e18, "credited by bob's order");
    }

    /// On day 20 a stranger registers under alice and opens a 100 USDT order in the 360-day tier. When bob's
    /// order ends alice claims all 108 and the first 10 of 360 days of the stranger's credit (before: 81.57,
    /// the rest re-spread until day 380).
    function test_strangersLongOrder_leavesTheCreditedIncomeOnItsClock() public {
        vm.warp(start + 20 days);
        address stranger = member("stranger", alice);
        stake(stranger, 4, 100e18);
        uint256 strangers = reader.getIncome(alice).credited - 108e18;
        assertGt(strangers, 0, "the stranger's order credits alice too");
        vm.warp(bobEnd);
        uint256 paid = _claim(alice);
        emit log_named_decimal_uint("alice claims when bob's order ends (USDT)", paid, 18);
        assertGe(paid, 108e18, "bob's 108 in full when bob's order ends");
        assertApproxEqAbs(paid, 108e18 + strangers * 10 / 360, 1e9, "and 10 of 360 days of the stranger's");
    }

    /// The manager's levers on the same income: a 3,650-day tier with one small order under alice, and alice
    /// made a node and removed again. Bob's 108 still vests on bob's clock.
    function test_managersLongTierAndNodeFlags_leaveTheCreditedIncomeOnItsClock() public {
        IStaking.ConfigMulti memory m = initialMulti();
        m.stakeDays[4] = 3650;
        m.stakeRates[4] = 1;
        configureMulti(m);
        vm.warp(start + 1 days);
        stake(member("small", alice), 4, 100e18);
        vm.startPrank(owner);
        staking.setIncomeRates(IStaking.IncomeRates(500, 0, 0, 0));
        staking.setNode(alice, true);
        vm.stopPrank();
        stake(member("other", root), 1, 1000e18); // node income for alice, vesting 30 days from day 1
        vm.prank(owner);
        staking.setNode(alice, false);
        vm.warp(bobEnd);
        uint256 paid = _claim(alice);
        emit log_named_decimal_uint("alice claims when bob's order ends (USDT)", paid, 18);
        assertGe(paid, 108e18, "bob's 108 in full when bob's order ends");
    }

    /// A node with no stake and no other income is credited 53.1 USDT (5% of 1,062) by an 11,800 USDT 30-day
    /// order; the next day someone opens a 360-day order. When the 30-day order ends the node claims its 53.1
    /// and what vested of its share of the second order (before: nothing, `NothingToClaim`, on every try).
    function test_pureNode_claimsItsShareAsTheOrderVests() public {
        (address node, uint256 end) = _pureNodeCreditedByA30DayOrder();
        (, uint256 first,) = staking.nodes(node);
        assertEq(first, 53.1e18, "5% of the order's 1,062 of static income");
        vm.warp(block.timestamp + 1 days);
        stake(member("erin", root), 4, 1000e18);
        (, uint256 credited,) = staking.nodes(node);
        uint256 second = credited - first;
        vm.prank(node);
        staking.claimReward(); // 1 of 30 days: a claim now changes nothing of what later claims get
        vm.warp(end);
        _claim(node);
        uint256 paid = _claimedBy(node);
        emit log_named_decimal_uint("the node has claimed when the 30-day order ends (USDT)", paid, 18);
        assertGe(paid, 53.1e18, "the first order's share in full when it ends");
        assertApproxEqAbs(paid, 53.1e18 + second * 29 / 360, 1e9, "and 29 of 360 days of the second's");
        vm.warp(end + 360 days);
        _claim(node);
        assertEq(_claimedBy(node), credited, "all of it once every order ended");
    }

    /// A claim with nothing claimable reverts and leaves nothing behind that a later claim needs.
    function test_pureNode_anEarlyClaimWithNothingVestedLosesNothing() public {
        (address node, uint256 end) = _pureNodeCreditedByA30DayOrder();
        vm.prank(node);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NothingToClaim.selector, node));
        staking.claimReward();
        vm.warp(end);
        assertEq(_claim(node), 53.1e18, "its share in full when the order ends");
    }

    /// A node with no stake of its own, credited 5% of the static income of dave's 11,800 USDT 30-day order;
    /// returns the node and when the order ends.
    function _pureNodeCreditedByA30DayOrder() internal returns (address node, uint256 end) {
        node = makeAddr("node");
        vm.startPrank(owner);
        staking.setIncomeRates(IStaking.IncomeRates(500, 0, 0, 0));
        staking.setNode(node, true);
        vm.stopPrank();
        end = staking.orders(stake(member("dave", root), 1, 11_800e18)).endTime;
    }

    function _claim(address account) internal returns (uint256 paid) {
        uint256 before = usdt.balanceOf(account);
        vm.prank(account);
        staking.claimReward();
        return usdt.balanceOf(account) - before;
    }

    function _claimedBy(address account) internal view returns (uint256) {
        return reader.getIncome(account).claimed;
    }
}
