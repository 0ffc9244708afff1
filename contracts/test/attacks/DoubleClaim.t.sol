// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Test} from "../utils/Test.sol";
import {StakingBase} from "../Staking.t.sol";
import {IdoBase} from "../Ido.t.sol";
import {DividendFixture} from "../utils/DividendFixture.sol";
import {IStaking} from "../../src/interfaces/IStaking.sol";
import {IIdo} from "../../src/interfaces/IIdo.sol";
import {INodeReward} from "../../src/interfaces/INodeReward.sol";
import {IShareDividend} from "../../src/interfaces/IShareDividend.sol";
import {ILpDividend} from "../../src/interfaces/ILpDividend.sol";

/// @dev A smart wallet's batch (an EIP-7702 delegation or a multicall wallet): runs calls one after the other as the
///      account itself, in one transaction, and reports each call's outcome instead of reverting.
contract Batcher {
    function batch(address target, bytes[] calldata calls)
        external
        returns (bool[] memory ok, bytes[] memory out)
    {
        ok = new bool[](calls.length);
        out = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            (ok[i], out[i]) = target.call(calls[i]);
        }
    }
}

/// @dev The double-claim class (Level Finance, 2023: the same referral reward claimed twice by repeating it in one
///      batch). Each claim of the product is sent twice in one batch by the account itself: the batch must pay
///      exactly what one call pays, and the repeat must be refused by name.
abstract contract BatchReplay is Test {
    function assertBatchPaysOnce(
        address account,
        address target,
        bytes memory call,
        IERC20 paid,
        bytes memory refusal
    ) internal {
        bytes[] memory calls = new bytes[](2);
        calls[0] = call;
        calls[1] = call;
        assertBatchPaysAsOneCall(account, target, calls, call, paid, refusal);
    }

    /// @dev `calls` sent as one batch by `account` pay what `single` alone pays; the last call is refused with
    ///      `refusal`.
    function assertBatchPaysAsOneCall(
        address account,
        address target,
        bytes[] memory calls,
        bytes memory single,
        IERC20 paid,
        bytes memory refusal
    ) internal {
        uint256 before = paid.balanceOf(account);
        uint256 snapshot = vm.snapshotState();
        vm.prank(account);
        (bool ok,) = target.call(single);
        assertTrue(ok, "a single call pays");
        uint256 once = paid.balanceOf(account) - before;
        assertTrue(once != 0, "something to pay");
        vm.revertToState(snapshot);

        vm.etch(account, type(Batcher).runtimeCode);
        (bool[] memory oks, bytes[] memory out) = Batcher(account).batch(target, calls);
        assertTrue(oks[0], "the first call pays");
        assertTrue(!oks[oks.length - 1], "the repeat is refused");
        assertEq(keccak256(out[out.length - 1]), keccak256(refusal), "by name");
        assertEq(paid.balanceOf(account) - before, once, "the batch pays what one call pays");
    }
}

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
