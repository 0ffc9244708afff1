// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Test} from "../utils/Test.sol";

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
