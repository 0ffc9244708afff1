// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {StakingBase} from "../src/StakingBase.sol";

/// @dev The vesting schedule's arithmetic on its own: `_credit` and `_schedule` on a bare storage namespace.
contract ScheduleHarness is StakingBase {
    function credit(address account, uint256 units, uint256 end) external {
        _credit(_storage(), account, units, end);
    }

    /// What is unvested now, in _INCOME_UNITs; with `fold`, the folded sums are stored as a claim stores them.
    function unvested(address account, bool fold) external returns (uint256 left) {
        uint256 folded;
        (folded, left) = _schedule(_storage(), account);
        if (fold) _storage().vests[account] = folded;
    }
}

contract StakingScheduleTest is Test {
    ScheduleHarness internal harness;
    address internal constant ACCOUNT = address(0xA11CE);
    uint256 internal constant CREDITS = 6;

    function setUp() public {
        harness = new ScheduleHarness();
        vm.warp(1_800_000_000);
    }

    uint256[CREDITS] internal _starts;
    uint256[CREDITS] internal _ends;
    uint256[CREDITS] internal _units;

    /// Credits of any size, opened at any time and ending on any day, each vest linearly until their own end:
    /// what is left is never more than the exact sum of what each has left (within a unit per credit), never
    /// less than what the credits ending after today have left, and nothing once every one has ended. Folding
    /// (a claim) at any point changes none of it.
    function testFuzz_schedule_eachCreditOnItsOwnClock(
        uint256[CREDITS] memory units,
        uint256[CREDITS] memory gaps,
        uint256[CREDITS] memory durations,
        uint256 probe,
        bool fold
    ) public {
        uint256 lastEnd;
        for (uint256 i = 0; i < CREDITS; ++i) {
            _units[i] = bound(units[i], 1, 1e18); // up to a largest order's principal, 1e9 USDT, in 1e-9 units
            vm.warp(block.timestamp + bound(gaps[i], 0, 40 days));
            _starts[i] = block.timestamp;
            _ends[i] = block.timestamp + bound(durations[i], 1 hours, 3650 days);
            if (_ends[i] > lastEnd) lastEnd = _ends[i];
            harness.credit(ACCOUNT, _units[i], _ends[i]);
            if (fold) harness.unvested(ACCOUNT, true);
        }
        vm.warp(block.timestamp + bound(probe, 0, 3700 days));
        uint256 left = harness.unvested(ACCOUNT, fold);
        (uint256 exact, uint256 later) = _exact();
        assertTrue(left <= exact + CREDITS, "never slower than each credit's own line");
        assertTrue(left + CREDITS >= later, "never faster for credits ending after today");
        if (block.timestamp >= lastEnd) assertEq(left, 0, "all vested once every credit ended");
    }

    /// Each credit's own linear share still to vest, rounded up, in total; and the same for the credits ending
    /// on a day after today.
    function _exact() internal view returns (uint256 exact, uint256 later) {
        for (uint256 i = 0; i < CREDITS; ++i) {
            uint256 end = _ends[i];
            if (end <= block.timestamp) continue;
            uint256 span = end - _starts[i];
            uint256 share = (_units[i] * (end - block.timestamp) + span - 1) / span;
            exact += share;
            if (end / 1 days > block.timestamp / 1 days) later += share;
        }
    }
}
