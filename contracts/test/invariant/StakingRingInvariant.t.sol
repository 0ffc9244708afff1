// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingFixture} from "../utils/StakingFixture.sol";
import {ICounted, Vm} from "../utils/Test.sol";
import {Staking} from "../../src/Staking.sol";
import {IStaking} from "../../src/interfaces/IStaking.sol";
import {Presale} from "../../src/Presale.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";

/// @dev Self-dealing rings: the handler registers two referral chains of its own under the root (each one
///      person's accounts, with a branch), deposits USDT at random tiers and sizes, claims, releases and lets
///      time pass. It records, per ring, what its orders locked and when, and what it claimed.
contract RingHandler {
    Vm private constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    uint256 public constant RINGS = 2;
    uint256 public constant SIZE = 5;

    Staking public immutable staking;
    Usdt public immutable usdt;

    address[SIZE][RINGS] private _rings;
    mapping(address account => uint256) public ringOf;
    uint256[] public orderIndexes;
    mapping(uint256 index => uint256) public orderRing;
    uint256[RINGS] public ghostClaimed;
    mapping(address account => uint256) public ghostClaimedBy;
    mapping(bytes32 call => uint256) public calls;

    constructor(Staking staking_, Presale presale, Usdt usdt_, address root) {
        staking = staking_;
        usdt = usdt_;
        for (uint256 r = 0; r < RINGS; ++r) {
            for (uint256 i = 0; i < SIZE; ++i) {
                address account = address(uint160(0xB000 + r * 0x100 + i));
                // a chain with a branch: 0 under the root, 1 under 0, 2 and 3 under 1, 4 under 3
                address referrer = i == 0 ? root : _rings[r][parentOf(i)];
                vm.prank(account);
                presale.register(referrer);
                _rings[r][i] = account;
                ringOf[account] = r;
                usdt.mint(account, 10_000_000e18);
                vm.prank(account);
                usdt.approve(address(staking_), type(uint256).max);
            }
        }
    }

    /// @dev The ring's tree: member `i`'s referrer (member 0's is the root).
    function parentOf(uint256 i) public pure returns (uint256) {
        return i == 4 ? 3 : (i > 1 ? 1 : 0);
    }

    /// @dev Whether member `below` is in the downline of member `above` of the same ring (not itself).
    function isBelow(uint256 below, uint256 above) public pure returns (bool) {
        while (below != 0) {
            below = parentOf(below);
            if (below == above) return true;
        }
        return false;
    }

    function member(uint256 ring, uint256 i) external view returns (address) {
        return _rings[ring][i];
    }

    function orderCount() external view returns (uint256) {
        return orderIndexes.length;
    }

    function _account(uint256 seed) private view returns (address) {
        return _rings[seed % RINGS][(seed / RINGS) % SIZE];
    }

    function deposit(uint256 seed, uint256 tier, uint256 amount) external {
        address account = _account(seed);
        amount = 100e18 + amount % 30_000e18;
        vm.prank(account);
        try staking.deposit(tier % 5, amount, true) returns (uint256 index) {
            calls["deposit"] += 1;
            orderIndexes.push(index);
            orderRing[index] = ringOf[account];
        } catch {
            calls["deposit refused"] += 1;
        }
    }

    function claim(uint256 seed) external {
        address account = _account(seed);
        uint256 before = usdt.balanceOf(account);
        vm.prank(account);
        try staking.claimReward() {
            calls["claim"] += 1;
            uint256 claimed = usdt.balanceOf(account) - before;
            ghostClaimed[ringOf[account]] += claimed;
            ghostClaimedBy[account] += claimed;
        } catch {
            calls["claim refused"] += 1;
        }
    }

    function release(uint256 seed) external {
        if (orderIndexes.length == 0) return;
        uint256 index = orderIndexes[seed % orderIndexes.length];
        vm.prank(staking.orders(index).owner);
        try staking.release(index) {
            calls["release"] += 1;
        } catch {
            calls["release refused"] += 1;
        }
    }

    function warp(uint256 delta) external {
        vm.warp(block.timestamp + delta % 40 days);
    }
}

contract StakingRingInvariantTest is StakingFixture {
    RingHandler internal handler;
    address[] private _targetedContracts;

    function setUp() public override {
        super.setUp();
        vm.prank(owner);
        staking.setIncomeRates(IStaking.IncomeRates(500, 2000, 1000, 100)); // deploy defaults
        handler = new RingHandler(staking, presale, usdt, root);
        _targetedContracts.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    /// The campaign deposited, claimed and released, each at least twice in eight runs.
    function afterInvariant() public {
        Reach memory reach = reachOf(ICounted(address(handler)));
        assertReached(reach, "deposit", 2);
        assertReached(reach, "claim", 2);
        assertReached(reach, "release", 2);
    }

    /// No ring takes out, in upline income, more than the principal of its own orders has served of its lock:
    /// an order's upline earns at most its principal and that vests no faster than linearly over the order's
    /// lock. So before its orders end a ring never gets back more than it put in.
    function invariant_ringTakesOutNoMoreThanItsOrdersHaveServed() public view {
        uint256[2] memory served;
        uint256 n = handler.orderCount();
        for (uint256 i = 0; i < n; ++i) {
            uint256 index = handler.orderIndexes(i);
            IStaking.Order memory o = staking.orders(index);
            uint256 elapsed = block.timestamp - o.startTime;
            uint256 lock = o.endTime - o.startTime;
            served[handler.orderRing(index)] += elapsed < lock ? o.amount * elapsed / lock : o.amount;
        }
        for (uint256 r = 0; r < 2; ++r) {
            assertTrue(handler.ghostClaimed(r) <= served[r], "claimed <= principal served of its lock");
        }
    }

    /// Each member of a ring, alone, takes out no more than the orders of its own downline have served of their
    /// locks: upline income comes only from the orders below a member, and vests with them. An order crediting
    /// its own owner, a sibling or its downline, or vesting faster than its lock, breaks it even where the ring's
    /// total stays under the bound above.
    function invariant_eachMemberTakesOutNoMoreThanItsDownlineHasServed() public view {
        uint256 n = handler.orderCount();
        for (uint256 r = 0; r < handler.RINGS(); ++r) {
            for (uint256 m = 0; m < handler.SIZE(); ++m) {
                uint256 served;
                for (uint256 i = 0; i < n; ++i) {
                    IStaking.Order memory o = staking.orders(handler.orderIndexes(i));
                    if (handler.ringOf(o.owner) != r) continue;
                    if (!handler.isBelow(_indexInRing(r, o.owner), m)) continue;
                    uint256 elapsed = block.timestamp - o.startTime;
                    uint256 lock = o.endTime - o.startTime;
                    served += elapsed < lock ? o.amount * elapsed / lock : o.amount;
                }
                assertTrue(
                    handler.ghostClaimedBy(handler.member(r, m)) <= served,
                    "a member's claims <= its downline's principal served"
                );
            }
        }
    }

    function _indexInRing(uint256 ring, address account) private view returns (uint256 i) {
        while (handler.member(ring, i) != account) ++i;
    }

    function invariant_poolNeverNegative() public view {
        assertTrue(usdt.balanceOf(address(staking)) >= reader.owed(address(usdt)), "USDT held >= owed");
    }
}
