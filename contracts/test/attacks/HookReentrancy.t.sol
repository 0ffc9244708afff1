// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DividendFixture} from "../utils/DividendFixture.sol";
import {ReentryAssertions} from "../utils/ReentryAssertions.sol";
import {deployLpDividend, deployLpSwapProxy, deployNodeReward} from "../utils/Deploy.sol";
import {MockToken, ReentryRecorder} from "../mocks/MockToken.sol";
import {LpDividend} from "../../src/LpDividend.sol";
import {IShareDividend} from "../../src/interfaces/IShareDividend.sol";
import {NodeReward} from "../../src/NodeReward.sol";
import {LpSwap} from "../../src/LpSwap.sol";

/// @dev A token with a receiver hook (ERC777 / ERC1363 style): every transfer to a contract calls its
///      `onTokenReceived`, whatever the recipient does with it.
contract HookToken is MockToken {
    constructor() MockToken("Hook", "HOOK") {}

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (from != address(0) && to.code.length != 0) {
            try HookAttacker(to).onTokenReceived(from, value) {} catch {}
        }
    }
}

/// @dev The attacker's contract: acts as a member, and once armed calls `target` with `data` again, as itself,
///      from inside the next payment it receives (the Thena class: a receiver hook re-entering claim or unstake).
contract HookAttacker is ReentryRecorder {
    function exec(address to, bytes calldata call) external {
        (bool ok, bytes memory result) = to.call(call);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    function onTokenReceived(address, uint256) external {
        _reenter();
    }
}

contract HookReentrancyTest is DividendFixture, ReentryAssertions {
    HookToken internal hook;
    HookAttacker internal attacker;

    function setUp() public override {
        super.setUp();
        hook = new HookToken();
        attacker = new HookAttacker();
    }

    /// @dev An LpDividend paying the hook token, the attacker staking 1 LP beside alice's 1 LP, 10 paid in.
    function hookedLpDividend() internal returns (LpDividend d) {
        d = deployLpDividend(owner, address(presale), address(hook), address(lp));
        lp.mint(address(attacker), 1 ether);
        attacker.exec(address(lp), abi.encodeCall(lp.approve, (address(d), 1 ether)));
        attacker.exec(address(d), abi.encodeCall(LpDividend.stake, (1 ether)));
        stakeLp(d, lp, makeAddr("alice"), 1 ether);
        vm.roll(block.number + 1);
        hook.mint(address(d), 10 ether);
        vm.roll(block.number + 1);
    }

    function test_lpDividend_claimReenteringClaimOrUnstakeIsRefused() public {
        bytes[2] memory reentries =
            [abi.encodeCall(IShareDividend.claim, ()), abi.encodeCall(LpDividend.unstake, (1 ether))];
        for (uint256 i = 0; i < reentries.length; ++i) {
            uint256 snapshot = vm.snapshotState();
            LpDividend d = hookedLpDividend();
            attacker.arm(address(d), reentries[i]);
            attacker.exec(address(d), abi.encodeCall(IShareDividend.claim, ()));
            assertReentryRefused(attacker);
            assertEq(hook.balanceOf(address(attacker)), 5 ether, "paid its half once");
            assertEq(d.users(address(attacker)).staked, 1 ether, "still staked");
            assertEq(d.pendingReward(address(attacker)), 0, "owed nothing more");
            vm.revertToState(snapshot);
        }
    }

    function test_lpDividend_sendRewardReenteringClaimIsRefused() public {
        LpDividend d = hookedLpDividend();
        attacker.arm(address(d), abi.encodeCall(IShareDividend.claim, ()));
        d.sendReward(1_000_000);
        assertReentryRefused(attacker);
        assertEq(hook.balanceOf(address(attacker)), 5 ether, "paid its half once");
        assertEq(hook.balanceOf(makeAddr("alice")), 5 ether, "alice her half");
        assertEq(d.getTotals().lastBalance, 0, "nothing left owed");
    }

    function test_nodeReward_claimReenteringClaimIsRefused() public {
        NodeReward n = deployNodeReward(owner, address(presale), address(hook));
        vm.prank(owner);
        n.setUserForce(address(attacker), true, false, false);
        hook.mint(address(n), 10 ether);
        attacker.arm(address(n), abi.encodeCall(NodeReward.claim, ()));
        attacker.exec(address(n), abi.encodeCall(NodeReward.claim, ()));
        assertReentryRefused(attacker);
        assertEq(hook.balanceOf(address(attacker)), 5 ether, "class A's half, once");
        assertEq(hook.balanceOf(address(n)), 5 ether, "classes B and C keep theirs");
    }

    function test_lpSwap_claimReenteringClaimIsRefused() public {
        LpSwap s = deployLpSwapProxy(owner, address(presale), address(hook), address(held));
        hook.mint(address(attacker), 100 ether);
        attacker.exec(address(hook), abi.encodeCall(hook.approve, (address(s), 100 ether)));
        attacker.exec(address(s), abi.encodeWithSignature("swapLP(uint256)", 100 ether));
        vm.warp(block.timestamp + 3 days);
        attacker.arm(address(s), abi.encodeCall(LpSwap.claimLP, ()));
        attacker.exec(address(s), abi.encodeCall(LpSwap.claimLP, ()));
        assertReentryRefused(attacker);
        assertEq(hook.balanceOf(address(attacker)), 3 ether, "three days at 1% a day, once");
        assertEq(hook.balanceOf(address(s)), 97 ether, "the rest stays locked");
    }
}
