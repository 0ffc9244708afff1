// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingBase} from "./Staking.t.sol";
import {Staking} from "../src/Staking.sol";
import {DataReader} from "../src/DataReader.sol";
import {IStaking} from "../src/interfaces/IStaking.sol";
import {StakingMath} from "../src/libraries/StakingMath.sol";

/// @dev Income types 4-6 of docs/economics.md: the node dividend, exit acceleration and bottom acceleration.
///      Same tree as StakingTest: root <- alice <- bob <- carol <- dave; 1000 USDT in tier 1 earns 90 USDT.
contract StakingIncomeTest is StakingBase {
    uint256 internal constant NODE_RATE = 500; // 5% of 90 USDT: 4.5 USDT per order

    function rates(uint256 nodeRate, uint256 exitRate, uint256 bottomRate, uint256 bottomFloor) internal {
        vm.prank(owner);
        staking.setIncomeRates(IStaking.IncomeRates(nodeRate, exitRate, bottomRate, bottomFloor));
    }

    function setNode(address account, bool isNode) internal {
        vm.prank(manager);
        staking.setNode(account, isNode);
    }

    function nodeReward(address account) internal view returns (uint256 reward) {
        (, reward,) = staking.nodes(account);
    }

    // ------------------------------------------------------------------------------------------------
    // Node dividend
    // ------------------------------------------------------------------------------------------------

    function test_nodeDividend_splitsEachOrdersShareEquallyAmongNodes() public {
        rates(NODE_RATE, 0, 0, 0);
        setNode(dave, true); // a node needs no stake of its own
        setNode(root, true);
        stake(alice, TIER, AMOUNT);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.NodeDividend(2, 4.5e18, 2);
        stake(bob, TIER, AMOUNT);
        assertEq(nodeReward(dave), 2 * 2.25e18, "two orders, half of 4.5 each");
        assertEq(nodeReward(root), 4.5e18, "root the same");
        IStaking.User memory d = staking.users(dave);
        assertEq(d.balanceReward, 0, "vesting with the orders");
        vm.warp(block.timestamp + LOCK);
        d = staking.users(dave);
        assertEq(d.balanceReward, 4.5e18, "claimable once they end");
        assertEq(d.rewardTotal, 4.5e18, "counted in rewardTotal");
        (bool isNode,, uint256 count) = staking.nodes(dave);
        assertTrue(isNode, "dave is a node");
        assertEq(count, 2, "two nodes");
        assertEq(reader.getTotals().totalReward, 2 * INCOME + 10.8e18 + 9e18, "static + upline + node");
    }

    function test_nodeDividend_isOwedUntilClaimedAndPaidOnce() public {
        rates(NODE_RATE, 0, 0, 0);
        setNode(dave, true);
        uint256 owedBefore = reader.owed(address(usdt));
        stake(alice, TIER, AMOUNT);
        assertEq(reader.owed(address(usdt)) - owedBefore, AMOUNT + INCOME + 4.5e18, "principal, income, node");
        vm.warp(block.timestamp + LOCK);
        uint256 before = usdt.balanceOf(dave);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.RewardClaimed(dave, 4.5e18);
        vm.prank(dave);
        staking.claimReward();
        assertEq(usdt.balanceOf(dave) - before, 4.5e18, "paid");
        assertEq(reader.owed(address(usdt)) - owedBefore, AMOUNT + INCOME, "no longer owed");
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NothingToClaim.selector, dave));
        staking.claimReward();
    }

    function test_nodeDividend_newNodeEarnsOnlyFromLaterOrders() public {
        rates(NODE_RATE, 0, 0, 0);
        setNode(dave, true);
        stake(alice, TIER, AMOUNT);
        setNode(carol, true);
        assertEq(nodeReward(carol), 0, "nothing from before it joined");
        stake(bob, TIER, AMOUNT);
        assertEq(nodeReward(carol), 2.25e18, "half of the next order");
        assertEq(nodeReward(dave), 4.5e18 + 2.25e18, "all of the first, half of the next");
    }

    function test_nodeDividend_removedNodeKeepsWhatItEarned() public {
        rates(NODE_RATE, 0, 0, 0);
        setNode(dave, true);
        stake(alice, TIER, AMOUNT);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.NodeUpdated(dave, false);
        setNode(dave, false);
        stake(bob, TIER, AMOUNT); // no node left: nothing shared
        assertEq(nodeReward(dave), 4.5e18, "kept");
        (,, uint256 count) = staking.nodes(dave);
        assertEq(count, 0, "no nodes");
        vm.warp(block.timestamp + LOCK);
        uint256 before = usdt.balanceOf(dave);
        vm.prank(dave);
        staking.claimReward();
        assertEq(usdt.balanceOf(dave) - before, 4.5e18, "claimable after removal");
        // back again: earns from later orders only, and claims only what is new
        setNode(dave, true);
        stake(carol, TIER, AMOUNT);
        vm.warp(block.timestamp + LOCK);
        before = usdt.balanceOf(dave);
        vm.prank(dave);
        staking.claimReward();
        assertEq(usdt.balanceOf(dave) - before, 4.5e18, "the new order's share only");
    }

    function test_nodeDividend_nothingReservedWithoutNodes() public {
        rates(NODE_RATE, 0, 0, 0);
        uint256 owedBefore = reader.owed(address(usdt));
        stake(alice, TIER, AMOUNT);
        assertEq(reader.owed(address(usdt)) - owedBefore, AMOUNT + INCOME, "no node share taken");
    }

    function test_nodeDividend_cappedByThePoolLeftAfterTheUpline() public {
        Staking bare = deployStaking(address(usdt), address(token));
        vm.startPrank(owner);
        bare.setIncomeRates(IStaking.IncomeRates(NODE_RATE, 0, 0, 0));
        bare.setNode(dave, true);
        vm.stopPrank();
        // both static incomes, the first order's 4.5 for the node, 10.8 for alice, then 1.2 of the second's 4.5
        usdt.mint(address(bare), INCOME * 2 + 16.5e18);
        for (uint256 i = 0; i < 2; ++i) {
            address account = i == 0 ? alice : bob;
            vm.startPrank(account);
            usdt.approve(address(bare), APPROVAL);
            bare.deposit(TIER, AMOUNT, true);
            vm.stopPrank();
        }
        (, uint256 reward,) = bare.nodes(dave);
        assertEq(reward, 4.5e18 + 1.2e18, "first order in full, the second capped");
        DataReader bareReader = new DataReader(address(bare), address(0));
        assertEq(usdt.balanceOf(address(bare)), bareReader.owed(address(usdt)), "pool empty, not negative");
    }

    function test_setNode_revertsWhenUnchangedZeroOrStranger() public {
        setNode(dave, true);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NodeUnchanged.selector, dave, true));
        staking.setNode(dave, true);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NodeUnchanged.selector, carol, false));
        staking.setNode(carol, false);
        vm.prank(owner);
        vm.expectRevert(IStaking.ZeroAddress.selector);
        staking.setNode(address(0), true);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NotOwnerOrManager.selector, stranger));
        staking.setNode(stranger, true);
        (,, uint256 count) = staking.nodes(dave);
        assertEq(count, 1, "counted once");
    }

    // ------------------------------------------------------------------------------------------------
    // Rates and their bounds
    // ------------------------------------------------------------------------------------------------

    function test_setIncomeRates_storesAndEmits() public {
        IStaking.IncomeRates memory r = IStaking.IncomeRates(300, 2000, 1000, 50);
        vm.expectEmit(false, false, false, true, address(staking));
        emit IStaking.IncomeRatesUpdated(r);
        vm.prank(manager);
        staking.setIncomeRates(r);
        IStaking.IncomeRates memory got = staking.getIncomeRates();
        assertEq(keccak256(abi.encode(got)), keccak256(abi.encode(r)), "read back");
    }

    function test_setIncomeRates_revertsOutOfBounds() public {
        vm.startPrank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.ValueTooHigh.selector, "exitRate", 5001, 5000));
        staking.setIncomeRates(IStaking.IncomeRates(0, 5001, 0, 0));
        vm.expectRevert(abi.encodeWithSelector(IStaking.ValueTooHigh.selector, "bottomRate", 5001, 5000));
        staking.setIncomeRates(IStaking.IncomeRates(0, 0, 5001, 0));
        vm.expectRevert(abi.encodeWithSelector(IStaking.ValueTooHigh.selector, "bottomFloor", 10_001, 10_000));
        staking.setIncomeRates(IStaking.IncomeRates(0, 0, 0, 10_001));
        // defaults: 3 * 1000 + 2000 + 500 = 5500 bp of static income, so the node rate may add 4500 at most
        vm.expectRevert(abi.encodeWithSelector(IStaking.DynamicRatesTooHigh.selector, 10_001, 10_000));
        staking.setIncomeRates(IStaking.IncomeRates(4501, 0, 0, 0));
        // ... and the 360-day tier's static income is 16,200 bp of its principal: 10,000 * 16,200 / 10,000 bp
        // of the principal would go up the tree, more than the principal
        vm.expectRevert(abi.encodeWithSelector(IStaking.UplineIncomeTooHigh.selector, 4, 16_200, 10_000));
        staking.setIncomeRates(IStaking.IncomeRates(4500, 0, 0, 0));
        // 6172 * 16,200 / 10,000 = 9,998: within the principal
        staking.setIncomeRates(IStaking.IncomeRates(672, 0, 0, 0));
        // and the other rates can no longer grow past it: 6175 * 16,200 / 10,000 = 10,003
        IStaking.Settings memory s = settings();
        s.equalRate = 503;
        vm.expectRevert(abi.encodeWithSelector(IStaking.UplineIncomeTooHigh.selector, 4, 10_003, 10_000));
        staking.setConfig(s);
        IStaking.ConfigMulti memory m = defaultMulti();
        m.teamRates[9] = 2003;
        vm.expectRevert(abi.encodeWithSelector(IStaking.UplineIncomeTooHigh.selector, 4, 10_003, 10_000));
        staking.setConfigMulti(m);
        vm.stopPrank();
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NotOwnerOrManager.selector, stranger));
        staking.setIncomeRates(IStaking.IncomeRates(0, 0, 0, 0));
    }

    // ------------------------------------------------------------------------------------------------
    // Accelerations
    // ------------------------------------------------------------------------------------------------

    function test_exitAcceleration_shortensTheLockByDynamicIncome() public {
        rates(0, 2000, 0, 0);
        uint256 first = stake(alice, TIER, AMOUNT);
        assertEq(staking.orders(first).endTime, block.timestamp + LOCK, "no income yet: full lock");
        stake(bob, TIER, AMOUNT); // alice is credited 10.8 USDT
        // 10.8 of 1000 deposited before: 20% * 1.08% = 21 bp (rounded down) of the lock
        uint256 saved = LOCK * 21 / 10_000;
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.Accelerated(alice, 3, IStaking.Acceleration.Exit, saved);
        uint256 index = stake(alice, TIER, AMOUNT);
        IStaking.Order memory o = staking.orders(index);
        assertEq(o.endTime, block.timestamp + LOCK - saved, "sooner");
        assertEq(o.lockDay, 30, "the tier's days");
        assertEq(o.reward, INCOME, "the full static income");
        (,, IStaking.Acceleration[] memory kinds,,) = reader.getOrders(alice, 0, 2);
        assertEq(uint256(kinds[0]), uint256(IStaking.Acceleration.None), "first order");
        assertEq(uint256(kinds[1]), uint256(IStaking.Acceleration.Exit), "second order");
        assertTrue(reader.orderIsUSDT(index), "the acceleration bits leave the asset bit alone");

        vm.warp(o.endTime - 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.OrderNotEnded.selector, index, o.endTime));
        staking.release(index);
        vm.warp(o.endTime);
        uint256 before = usdt.balanceOf(alice);
        release(alice, index);
        assertEq(usdt.balanceOf(alice) - before, AMOUNT + INCOME, "principal and income, sooner");
        assertEq(staking.users(alice).amount, AMOUNT, "the first order still open");
    }

    function test_exitAcceleration_reachesItsRateWhenIncomeEqualsPrincipal() public {
        rates(0, 5000, 0, 0);
        stake(alice, TIER, 100e18);
        stake(bob, 4, 100_000e18); // alice: 10% + 2% of 100,000 * 0.6% * 360 = 25,920 USDT > 100
        uint256 index = stake(alice, TIER, AMOUNT);
        assertEq(staking.orders(index).endTime, block.timestamp + LOCK / 2, "half the lock, the cap");
    }

    function test_bottomAcceleration_forMembersWithLittleDynamicIncome() public {
        rates(0, 2000, 1000, 100); // bottom: 10% of the lock at most 1% income; exit: up to 20%
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.Accelerated(alice, 1, IStaking.Acceleration.Bottom, LOCK / 10);
        uint256 first = stake(alice, TIER, AMOUNT); // a newcomer: 0 of 0
        assertEq(staking.orders(first).endTime, block.timestamp + LOCK - LOCK / 10, "bottom");
        stake(bob, TIER, AMOUNT); // alice: 10.8 of 1000 = 1.08% > 1%: no longer bottom, exit 21 bp
        uint256 index = stake(alice, TIER, AMOUNT);
        assertEq(staking.orders(index).endTime, block.timestamp + LOCK - LOCK * 21 / 10_000, "exit only");
        // carol, with 1000 deposited and nothing earned, is bottom; the larger acceleration wins
        stake(carol, TIER, AMOUNT);
        index = stake(carol, TIER, AMOUNT);
        assertEq(staking.orders(index).endTime, block.timestamp + LOCK - LOCK / 10, "bottom again");
        (,, IStaking.Acceleration[] memory kinds,,) = reader.getOrders(carol, 0, 2);
        assertEq(uint256(kinds[1]), uint256(IStaking.Acceleration.Bottom), "kind");
    }

    function test_acceleration_openOrdersKeepTheirEndWhenRatesChange() public {
        rates(0, 0, 2000, 0);
        uint256 index = stake(alice, TIER, AMOUNT);
        uint256 endTime = staking.orders(index).endTime;
        rates(0, 0, 0, 0);
        assertEq(staking.orders(index).endTime, endTime, "unchanged");
        vm.warp(endTime);
        release(alice, index);
    }

    function test_acceleration_tokenOrderKeepsItsAsset() public {
        listToken(1e18);
        rates(0, 0, 1000, 0);
        vm.prank(alice);
        uint256 index = staking.deposit(TIER, AMOUNT, false);
        assertTrue(!reader.orderIsUSDT(index), "token order");
        vm.warp(staking.orders(index).endTime);
        uint256 before = token.balanceOf(alice);
        release(alice, index);
        assertEq(token.balanceOf(alice) - before, AMOUNT + INCOME, "paid in tokens");
    }

    // ------------------------------------------------------------------------------------------------
    // Arithmetic (fuzz, 1 wei .. 1e30)
    // ------------------------------------------------------------------------------------------------

    function testFuzz_acceleration_isBoundedAndMatchesTheRule(
        uint256 dynamic,
        uint256 principal,
        uint256 exitRate,
        uint256 bottomRate,
        uint256 bottomFloor
    ) public pure {
        dynamic = bound(dynamic, 0, 1e30);
        principal = bound(principal, 0, 1e30);
        exitRate = bound(exitRate, 0, 5000);
        bottomRate = bound(bottomRate, 0, 5000);
        bottomFloor = bound(bottomFloor, 0, 10_000);
        (uint256 bps, uint256 kind) =
            StakingMath.acceleration(dynamic, principal, exitRate, bottomRate, bottomFloor);
        uint256 exit = principal == 0 ? 0 : exitRate * (dynamic < principal ? dynamic : principal) / principal;
        bool isBottom = dynamic * 10_000 <= principal * bottomFloor;
        assertTrue(bps <= (exitRate > bottomRate ? exitRate : bottomRate), "at most the larger rate");
        if (kind == 1) assertEq(bps, exit, "exit");
        if (kind == 2) {
            assertTrue(isBottom && exit < bottomRate, "bottom only below its floor and when larger");
            assertEq(bps, bottomRate, "bottom");
        }
        if (kind == 0) assertEq(bps, 0, "none");
        assertEq(bps, exit > (isBottom ? bottomRate : 0) ? exit : (isBottom ? bottomRate : 0), "the larger");
    }

    /// Whatever the order size and the number of nodes, the nodes are credited at most the share, and
    /// less than one wei per node is left over.
    function testFuzz_nodeDividend_splitsWithinOneWeiPerNode(uint256 amount, uint256 nodeCount) public {
        amount = bound(amount, 100e18, 100_000e18);
        nodeCount = bound(nodeCount, 1, 7);
        rates(NODE_RATE, 0, 0, 0);
        address[] memory all = new address[](nodeCount);
        for (uint256 i = 0; i < nodeCount; ++i) {
            all[i] = address(uint160(0xA000 + i));
            setNode(all[i], true);
        }
        stake(alice, TIER, amount);
        uint256 second = 100e18 + amount / 3;
        stake(bob, TIER, second);
        // each order's share is taken in whole 1e-9 USDT
        uint256 first = StakingMath.share(StakingMath.staticIncome(amount, 30, 30), NODE_RATE);
        uint256 next = StakingMath.share(StakingMath.staticIncome(second, 30, 30), NODE_RATE);
        uint256 shared = first - first % 1e9 + next - next % 1e9;
        uint256 paid;
        for (uint256 i = 0; i < nodeCount; ++i) {
            paid += nodeReward(all[i]);
        }
        assertTrue(paid <= shared, "never more than shared");
        assertTrue(shared - paid < nodeCount * 2, "dust below a wei per node per order");
    }
}
