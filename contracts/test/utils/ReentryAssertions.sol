// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Test} from "./Test.sol";
import {ReentryRecorder} from "../mocks/MockToken.sol";

/// @dev What a `ReentryRecorder` (a token or a member's contract calling back mid-payment) must have seen.
abstract contract ReentryAssertions is Test {
    /// @dev `recorder` made its reentrant call and the target refused it with exactly `refusal`.
    function assertReentryRefused(ReentryRecorder recorder, bytes memory refusal) internal view {
        assertTrue(recorder.attempted(), "the reentrant call was made");
        assertTrue(!recorder.reentered(), "and refused");
        assertEq(keccak256(recorder.reentryError()), keccak256(refusal), "by name");
    }

    /// @dev `recorder` made its reentrant call and the target's reentrancy guard refused it.
    function assertReentryRefused(ReentryRecorder recorder) internal view {
        assertReentryRefused(
            recorder, abi.encodeWithSelector(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector)
        );
    }
}
