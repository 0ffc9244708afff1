// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingFixture} from "./utils/StakingFixture.sol";
import {IStaking} from "../src/interfaces/IStaking.sol";

/// @dev Deposit cost must not grow with the depth of the referral chain: a 500-account chain below the root,
///      the 10 accounts above each measured depositor staked (a full, paid upline). Each measured call is
///      the depositor's first deposit, and the test runs isolated so every call is its own transaction
///      (cold storage), as on chain.
contract StakingGasTest is StakingFixture {
    uint256 internal constant DEPTH = 500;
    uint256 internal constant AMOUNT = 1000e18;
    /// What one more ancestor may add: its team word, leg slot, registry read, income, its vesting schedule (the
    /// sums, the day's cell and its bit) and the order's record of its credit.
    uint256 internal constant PER_LEVEL = 32_000;
    /// Targets (docs/economics.md, "Storage and cost"): whole transaction, full 10-level upline.
    uint256 internal constant FIRST_DEPOSIT_MAX = 700_000;
    uint256 internal constant NEXT_DEPOSIT_MAX = 400_000;
    uint256 internal constant RELEASE_MAX = 170_000;
    /// A claim after a year of credits ending on 360 different days: the schedule's walk over them.
    uint256 internal constant CLAIM_AFTER_A_YEAR_MAX = 1_100_000;

    address[] internal chain;

    function setUp() public override {
        super.setUp();
        fundMember(root);
        address referrer = root;
        for (uint256 i = 0; i < DEPTH; ++i) {
            address account = address(uint160(0x10000 + i));
            vm.prank(account);
            presale.register(referrer);
            chain.push(account);
            referrer = account;
        }
        // the upline of the depth-1, depth-11 and depth-500 depositors has staked
        _stake(root);
        for (uint256 i = 0; i < 10; ++i) {
            _stake(chain[i]);
            _stake(chain[DEPTH - 10 + i]);
        }
    }

    function _stake(address account) private {
        fundMember(account);
        vm.prank(account);
        staking.deposit(1, AMOUNT, true);
    }

    function _measure(address referrer, string memory name) private returns (uint256 gas) {
        address account = makeAddr(name);
        vm.prank(account);
        presale.register(referrer);
        fundMember(account);
        vm.prank(account);
        staking.deposit(1, AMOUNT, true);
        gas = vm.snapshotGasLastCall("Staking", name);
    }

    /// forge-config: default.isolate = true
    function test_deposit_gasDoesNotGrowWithDepth() public {
        uint256 depth1 = _measure(root, "deposit_depth1");
        uint256 depth11 = _measure(chain[9], "deposit_depth11");
        uint256 depth500 = _measure(chain[DEPTH - 1], "deposit_depth500");
        // past MAX_DEPTH nothing more is visited: a 500-deep chain costs what an 11-deep one does
        assertTrue(depth500 <= depth11 + 1000 && depth11 <= depth500 + 1000, "depth 500 ~ depth 11");
        // and at most MAX_DEPTH - 1 more ancestors than near the root
        assertTrue(depth500 <= depth1 + 9 * PER_LEVEL, "depth 500 within 9 levels of depth 1");
        assertTrue(depth11 <= FIRST_DEPOSIT_MAX, "first deposit, full upline: at most 700,000");
    }

    /// A member's next deposit: its own records exist, the order's two slots are new.
    /// forge-config: default.isolate = true
    function test_deposit_repeat_gas() public {
        vm.prank(chain[DEPTH - 1]);
        staking.deposit(1, AMOUNT, true);
        uint256 gas = vm.snapshotGasLastCall("Staking", "deposit_repeat_depth500");
        assertTrue(gas <= NEXT_DEPOSIT_MAX, "next deposit, full upline: at most 400,000");
    }

    /// The same with the node dividend (10 nodes) and both accelerations configured: the income word, the
    /// node accumulator and the depositor's income slot on top.
    /// forge-config: default.isolate = true
    function test_deposit_repeat_withNodesAndAcceleration_gas() public {
        _nodesAndAcceleration();
        vm.prank(chain[DEPTH - 1]);
        staking.deposit(1, AMOUNT, true);
        vm.snapshotGasLastCall("Staking", "deposit_repeat_depth500_nodes_acceleration");
    }

    /// A node claiming its node dividend along with its referral and team income.
    /// forge-config: default.isolate = true
    function test_claimReward_node_gas() public {
        _nodesAndAcceleration();
        vm.prank(chain[DEPTH - 1]);
        staking.deposit(1, AMOUNT, true);
        vm.warp(block.timestamp + 15 days); // half vested
        vm.prank(chain[0]);
        staking.claimReward();
        vm.snapshotGasLastCall("Staking", "claimReward_node");
    }

    function _nodesAndAcceleration() private {
        vm.startPrank(owner);
        staking.setIncomeRates(IStaking.IncomeRates(500, 2000, 1000, 100));
        for (uint256 i = 0; i < 10; ++i) {
            staking.setNode(chain[i], true);
        }
        vm.stopPrank();
        // a first order after the change, so the accumulator is not measured being created
        vm.prank(chain[DEPTH - 2]);
        staking.deposit(1, AMOUNT, true);
    }

    /// forge-config: default.isolate = true
    function test_release_gas() public {
        vm.warp(block.timestamp + 30 days);
        // chain[DEPTH - 1] has a full staked upline of 10 generations; its order is the 20th
        vm.prank(chain[DEPTH - 1]);
        staking.release(21);
        uint256 gas = vm.snapshotGasLastCall("Staking", "release_depth500");
        assertTrue(gas <= RELEASE_MAX, "release, full upline: at most 170,000");
    }

    /// forge-config: default.isolate = true
    function test_claimReward_gas() public {
        vm.warp(block.timestamp + 15 days); // half vested
        vm.prank(chain[DEPTH - 2]);
        staking.claimReward();
        vm.snapshotGasLastCall("Staking", "claimReward");
    }

    /// The walk a claim does: a member credited every day for 360 days by 30-day orders (each ending on a day
    /// of its own) claims once at the end: it folds 360 days' cells.
    /// forge-config: default.isolate = true
    function test_claimReward_afterAYearOfDailyCredits_gas() public {
        address upline = chain[DEPTH - 1];
        for (uint256 day = 0; day < 360; ++day) {
            address invitee = address(uint160(0x20000 + day));
            vm.prank(invitee);
            presale.register(upline);
            _stake(invitee);
            vm.warp(block.timestamp + 1 days);
        }
        vm.warp(block.timestamp + 30 days);
        vm.prank(upline);
        staking.claimReward();
        uint256 gas = vm.snapshotGasLastCall("Staking", "claimReward_after360days");
        assertTrue(gas <= CLAIM_AFTER_A_YEAR_MAX, "a year of daily credits: at most 1,100,000");
    }

    /// forge-config: default.isolate = true
    function test_register_gas() public {
        address account = makeAddr("newcomer");
        vm.prank(account);
        staking.register(chain[DEPTH - 1]);
        vm.snapshotGasLastCall("Staking", "register");
    }
}
