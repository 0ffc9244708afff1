// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {StakingBase} from "../Staking.t.sol";
import {IStaking} from "../../src/interfaces/IStaking.sol";
import {BatchReplay} from "./BatchReplay.sol";

// Its own file: it imports Staking, which compiles with optimizer_runs 1 (foundry.toml), and a test file
// importing both Staking and another suite would make that suite compile, and snapshot its gas, twice.
contract StakingDoubleClaimTest is StakingBase, BatchReplay {
    uint256 internal aliceOrder;

    function setUp() public override {
        super.setUp();
        aliceOrder = stake(alice, TIER, AMOUNT);
        stake(bob, TIER, AMOUNT); // credits alice invite income, vesting with bob's order
        vm.warp(block.timestamp + LOCK);
    }

    function test_claimRewardTwiceInOneBatch() public {
        assertBatchPaysOnce(
            alice,
            address(staking),
            abi.encodeCall(IStaking.claimReward, ()),
            IERC20(address(usdt)),
            abi.encodeWithSelector(IStaking.NothingToClaim.selector, alice)
        );
    }

    function test_releaseTwiceInOneBatch() public {
        assertBatchPaysOnce(
            alice,
            address(staking),
            abi.encodeCall(IStaking.release, (aliceOrder)),
            IERC20(address(usdt)),
            abi.encodeWithSelector(IStaking.AlreadyReleased.selector, aliceOrder)
        );
    }
}
