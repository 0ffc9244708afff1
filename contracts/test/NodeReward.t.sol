// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {DividendFixture} from "./utils/DividendFixture.sol";
import {INodeReward} from "../src/interfaces/INodeReward.sol";

contract NodeRewardTest is DividendFixture {
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");

    function _force(address account, bool a, bool b, bool c) internal {
        vm.prank(manager);
        nodeReward.setUserForce(account, a, b, c);
    }

    function test_splitsByRatesAndPaysPerForce() public {
        _force(alice, true, false, false);
        _force(bob, true, true, false);
        _force(carol, false, false, true);
        reward.mint(address(nodeReward), 100 ether);
        // A 50 between alice and bob, B 30 to bob, C 20 to carol
        INodeReward.UserInfo memory b = nodeReward.getUserInfo(bob);
        assertEq(b.balance, 55 ether, "bob 25 + 30");
        assertEq(b.rewardA, 25 ether, "bob A");
        assertEq(b.rewardB, 30 ether, "bob B");
        vm.prank(bob);
        nodeReward.claim();
        assertEq(reward.balanceOf(bob), 55 ether, "bob paid");
        vm.prank(alice);
        nodeReward.claim();
        assertEq(reward.balanceOf(alice), 25 ether, "alice paid");
        vm.prank(carol);
        nodeReward.claim();
        assertEq(reward.balanceOf(carol), 20 ether, "carol paid");
        INodeReward.Config memory c = nodeReward.getConfig();
        assertEq(c.totalRewardA, 50 ether, "A total");
        assertEq(c.totalRewardB, 30 ether, "B total");
        assertEq(c.totalRewardC, 20 ether, "C total");
        assertEq(c.totalForceA, 2, "A force");
        assertEq(c.perForceA, 25 ether * 1e18, "A per force");
        assertEq(c.lastBalance, 0, "all paid");
        vm.expectRevert(INodeReward.NothingToClaim.selector);
        vm.prank(carol);
        nodeReward.claim();
    }

    /// @dev Claims in steady state: a node claiming again after new fees arrived (the pool update included).
    /// forge-config: default.isolate = true
    function test_claimGas() public {
        _force(alice, true, false, false);
        _force(bob, true, true, false);
        _force(carol, false, false, true);
        reward.mint(address(nodeReward), 100 ether);
        vm.prank(alice);
        nodeReward.claim();
        vm.prank(bob);
        nodeReward.claim();
        reward.mint(address(nodeReward), 100 ether);
        vm.prank(alice);
        nodeReward.claim();
        vm.snapshotGasLastCall("NodeReward", "claim (one class, pool update included)");
        vm.prank(bob);
        nodeReward.claim();
        vm.snapshotGasLastCall("NodeReward", "claim (two classes)");
        assertEq(reward.balanceOf(alice), 50 ether, "alice: A/2 twice");
        assertEq(reward.balanceOf(bob), 110 ether, "bob: (A/2 + B) twice");
    }

    function test_newNodeEarnsNothingFromBefore() public {
        _force(alice, true, false, false);
        reward.mint(address(nodeReward), 10 ether);
        _force(bob, true, false, false);
        assertEq(nodeReward.getUserInfo(bob).balance, 0, "nothing from before");
        reward.mint(address(nodeReward), 10 ether);
        assertEq(nodeReward.getUserInfo(alice).balance, 5 ether + 2.5 ether, "alice: A 5, then half of 5");
        assertEq(nodeReward.getUserInfo(bob).balance, 2.5 ether, "bob: half of the second A share");
    }

    function test_classWithoutNodesKeepsItsShareForItsFirstNodes() public {
        _force(alice, true, false, false);
        reward.mint(address(nodeReward), 100 ether);
        nodeReward.updatePool();
        assertEq(nodeReward.getUserInfo(alice).balance, 50 ether, "A only");
        _force(bob, false, true, false);
        reward.mint(address(nodeReward), 100 ether);
        nodeReward.updatePool();
        assertEq(nodeReward.getUserInfo(bob).balance, 60 ether, "B: the waiting 30 and the new 30");
        assertEq(nodeReward.getConfig().totalRewardC, 40 ether, "C's share still assigned to C");
    }

    function test_removingAClassKeepsWhatWasEarned() public {
        _force(alice, true, true, false);
        reward.mint(address(nodeReward), 100 ether);
        _force(alice, false, false, false);
        _force(bob, true, false, false);
        reward.mint(address(nodeReward), 100 ether);
        INodeReward.UserInfo memory a = nodeReward.getUserInfo(alice);
        assertEq(a.balance, 80 ether, "A 50 + B 30 before removal");
        assertTrue(!a.isForceA && !a.isForceB && a.isExist, "no classes, still known");
        assertEq(nodeReward.getUserInfo(bob).balance, 50 ether, "bob's A after");
    }

    function test_adminCallsAreRestrictedAndEvented() public {
        vm.expectRevert(abi.encodeWithSelector(INodeReward.NotOwnerOrManager.selector, alice));
        vm.prank(alice);
        nodeReward.setUserForce(alice, true, true, true);
        // the class rates decide whose income the fees become: the owner's (behind the timelock), not the manager's
        vm.expectRevert(abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        nodeReward.setRates([uint256(10_000), 0, 0]);
        vm.expectRevert(
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, manager)
        );
        vm.prank(manager);
        nodeReward.setRates([uint256(10_000), 0, 0]);
        vm.expectRevert(abi.encodeWithSelector(INodeReward.RatesInvalid.selector, 10_001));
        vm.prank(owner);
        nodeReward.setRates([uint256(5000), 5000, 1]);
        vm.expectEmit(true, false, false, true, address(nodeReward));
        emit INodeReward.UserForceUpdated(bob, false, true, false);
        vm.prank(owner);
        nodeReward.setUserForce(bob, false, true, false);
        assertEq(nodeReward.getUserInfo(bob).index, 1, "first node");
        vm.expectEmit(false, false, false, true, address(nodeReward));
        emit INodeReward.RatesUpdated([uint256(0), 10_000, 0]);
        vm.prank(owner);
        nodeReward.setRates([uint256(0), 10_000, 0]);
        reward.mint(address(nodeReward), 7 ether);
        assertEq(nodeReward.getUserInfo(bob).balance, 7 ether, "all to B");
    }

    function test_ratesApplyFromTheirChange() public {
        _force(alice, true, false, false);
        reward.mint(address(nodeReward), 10 ether);
        vm.prank(owner);
        nodeReward.setRates([uint256(10_000), 0, 0]);
        reward.mint(address(nodeReward), 10 ether);
        assertEq(nodeReward.getUserInfo(alice).balance, 15 ether, "5 at the old rate, 10 at the new");
    }

    /// @dev Any amount from 1 wei to 1e30: the classes' shares add up to it, each node gets its class share
    ///      divided by the class force rounded down, and the unpaid rest is under 1 wei per node and class.
    function testFuzz_splitAndPerForce(uint256 amount, uint8 nodesA, uint8 nodesB) public {
        amount = bound(amount, 1, 1e30);
        nodesA = uint8(bound(nodesA, 1, 7));
        nodesB = uint8(bound(nodesB, 1, 7));
        for (uint256 i = 0; i < nodesA; ++i) {
            _force(address(uint160(0xA000 + i)), true, false, false);
        }
        for (uint256 i = 0; i < nodesB; ++i) {
            _force(address(uint160(0xB000 + i)), false, true, true);
        }
        reward.mint(address(nodeReward), amount);
        nodeReward.updatePool();
        INodeReward.Config memory c = nodeReward.getConfig();
        assertEq(c.totalRewardA + c.totalRewardB + c.totalRewardC, amount, "classes add up");
        assertEq(c.totalRewardA, amount * 5000 / 10_000, "A at 50%");
        uint256 sum;
        for (uint256 i = 0; i < nodesA; ++i) {
            uint256 owed = nodeReward.getUserInfo(address(uint160(0xA000 + i))).balance;
            assertEq(owed, c.totalRewardA / nodesA, "A node: A share / force");
            sum += owed;
        }
        for (uint256 i = 0; i < nodesB; ++i) {
            uint256 owed = nodeReward.getUserInfo(address(uint160(0xB000 + i))).balance;
            assertTrue(owed <= c.totalRewardB / nodesB + c.totalRewardC / nodesB + 1, "B+C node");
            sum += owed;
        }
        assertTrue(sum <= amount, "owed <= funded");
        assertTrue(
            amount - sum <= uint256(nodesA) + 2 * uint256(nodesB), "dust under 1 wei per node and class"
        );
    }
}
