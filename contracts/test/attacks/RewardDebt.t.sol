// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DividendFixture} from "../utils/DividendFixture.sol";

/// @dev The reward-debt class (InugamiStaking, 2023: a deposit, withdrawal or transfer that does not settle the
///      holder's reward debt lets it earn on rewards that arrived before its stake, or claim again after leaving).
///      A fuzzed sequence of stakes, top-ups, partial and whole unstakes, claims, rotations and payments into
///      LpDividend, one step a block, is compared with a reference that shares each payment among the stakes in
///      place when it was shared: every holder's earnings (paid plus owed) match it within the rounding the
///      accumulator documents, and no more is paid out than came in. HoldDividend's transfer hook (`DividendFees.t.sol`) and the node accumulators
///      (`NodeReward.t.sol`, `StakingIncome.t.sol`) are the other accumulators; see docs/security.md.
contract RewardDebtTest is DividendFixture {
    uint256 private constant _SCALE = 1e18;

    address[3] internal stakers = [makeAddr("alice"), makeAddr("bob"), makeAddr("carol")];
    uint256[3] internal staked;
    uint256[3] internal earnedScaled;
    uint256 internal waiting;
    uint256 internal mostStaked;

    function setUp() public override {
        super.setUp();
        // carol stays staked throughout, so every payment has someone to go to
        creditLp(stakers[2], 1 ether);
        staked[2] = 1 ether;
    }

    /// @dev Shares what waits among the stakes in place now (the contract's next call shares it first).
    function shareWaiting() internal {
        if (waiting == 0) return;
        uint256 total = staked[0] + staked[1] + staked[2];
        for (uint256 i = 0; i < 3; ++i) {
            earnedScaled[i] += waiting * _SCALE * staked[i] / total;
        }
        waiting = 0;
    }

    /// forge-config: default.fuzz.runs = 300
    function testFuzz_earningsFollowTheStakesInPlace(uint256[16] memory seeds) public {
        for (uint256 step = 0; step < seeds.length; ++step) {
            uint256 seed = seeds[step];
            uint256 who = (seed >> 8) % 2; // alice or bob
            address account = stakers[who];
            uint256 amount = bound(seed >> 16, 1, 1e24);
            uint256 op = seed % 5;
            if (op == 0) {
                reward.mint(address(lpDividend), amount);
                waiting += amount;
                vm.roll(block.number + 1);
                continue;
            }
            shareWaiting();
            if (op == 1) {
                stakeLp(lpDividend, lp, account, amount);
                staked[who] += amount;
                uint256 total = staked[0] + staked[1] + staked[2];
                if (total > mostStaked) mostStaked = total;
            } else if (op == 2 && staked[who] != 0) {
                uint256 part = bound(amount, 1, staked[who]);
                vm.prank(account);
                lpDividend.unstake(part);
                staked[who] -= part;
            } else if (op == 3 && lpDividend.pendingReward(account) != 0) {
                vm.prank(account);
                lpDividend.claim();
            } else {
                lpDividend.sendReward(2_000_000);
            }
            vm.roll(block.number + 1);
        }
        shareWaiting();
        lpDividend.updatePool();

        // 1 wei of rounding, plus a holder's part of the division rest, below 1e-18 wei per staked LP unit and paid
        // with the next payment (DividendMath)
        uint256 slack = 2 + mostStaked / _SCALE;
        uint256 paidAndOwed;
        for (uint256 i = 0; i < 3; ++i) {
            uint256 earned = reward.balanceOf(stakers[i]) + lpDividend.pendingReward(stakers[i]);
            uint256 expected = earnedScaled[i] / _SCALE;
            assertTrue(
                earned + slack >= expected && earned <= expected + slack, "earned as the stakes in place say"
            );
            paidAndOwed += earned;
        }
        assertTrue(paidAndOwed <= lpDividend.getTotals().totalReward, "never more than came in");
    }
}
