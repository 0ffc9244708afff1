// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IdoBase} from "../Ido.t.sol";
import {DividendFixture} from "../utils/DividendFixture.sol";
import {IIdo} from "../../src/interfaces/IIdo.sol";
import {INodeReward} from "../../src/interfaces/INodeReward.sol";
import {IShareDividend} from "../../src/interfaces/IShareDividend.sol";
import {ILpDividend} from "../../src/interfaces/ILpDividend.sol";
import {BatchReplay} from "./BatchReplay.sol";

contract IdoDoubleClaimTest is IdoBase, BatchReplay {
    function setUp() public override {
        super.setUp();
        vm.warp(START);
        buy(carol); // credits bob (direct) and alice (indirect)
        token.mint(address(ido), 20_000e18);
        vm.warp(EXTRACT);
    }

    function test_claimRewardTwiceInOneBatch() public {
        assertBatchPaysOnce(
            bob,
            address(ido),
            abi.encodeCall(IIdo.claimReward, ()),
            IERC20(address(usdt)),
            abi.encodeWithSelector(IIdo.NothingToClaim.selector, bob)
        );
    }

    function test_claimTwiceInOneBatch() public {
        assertBatchPaysOnce(
            carol,
            address(ido),
            abi.encodeCall(IIdo.claim, ()),
            IERC20(address(token)),
            abi.encodeWithSelector(IIdo.AlreadyClaimed.selector, carol)
        );
    }
}

contract DividendDoubleClaimTest is DividendFixture, BatchReplay {
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");

    function test_nodeReward_claimTwiceInOneBatch() public {
        vm.prank(owner);
        nodeReward.setUserForce(alice, true, true, false);
        reward.mint(address(nodeReward), 10 ether);
        assertBatchPaysOnce(
            alice,
            address(nodeReward),
            abi.encodeCall(INodeReward.claim, ()),
            IERC20(address(reward)),
            abi.encodeWithSelector(INodeReward.NothingToClaim.selector)
        );
    }

    /// @dev Claim, a rotation that reaches the same holder, and claim again, in one batch: paid once.
    function test_lpDividend_claimThenRotationThenClaim() public {
        creditLp(alice, 1 ether);
        creditLp(bob, 1 ether);
        reward.mint(address(lpDividend), 10 ether);
        vm.roll(block.number + 1);
        bytes[] memory calls = new bytes[](3);
        calls[0] = abi.encodeCall(IShareDividend.claim, ());
        calls[1] = abi.encodeCall(ILpDividend.sendReward, (1_000_000));
        calls[2] = abi.encodeCall(IShareDividend.claim, ());
        assertBatchPaysAsOneCall(
            alice,
            address(lpDividend),
            calls,
            calls[0],
            IERC20(address(reward)),
            abi.encodeWithSelector(IShareDividend.NothingToClaim.selector)
        );
    }
}
