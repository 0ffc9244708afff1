// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingFixture} from "./utils/StakingFixture.sol";
import {IStaking} from "../src/interfaces/IStaking.sol";

/// @dev The self-referral ring, replayed with the deployed defaults: one person's chain A under the
///      root, B under A, C under B; padding invitees stake 100 USDT for 7 days for valid invites; two of C's
///      accounts lock 300,000 USDT for 7 days, lifting C (and B) to level 6; a sixth account under C opens two
///      100,000 USDT orders in the 360-day tier. Before vesting, the upline was credited 101.5% of each order's
///      principal, claimable on day 0, and the ring held +8,970 USDT in cash after 7 days with 632,000 still
///      owed to it.
contract StakingRingTest is StakingFixture {
    event log_named_int(string key, int256 val);

    uint256 internal constant PAD = 100e18;
    uint256 internal constant BIG = 100_000e18;

    address internal a;
    address internal b;
    address internal c;
    address[] internal ring;
    uint256[] internal shortOrders; // the 7-day orders
    mapping(address account => uint256) internal startBalance;
    uint256 internal padCount;

    function setUp() public override {
        super.setUp();
        vm.prank(owner);
        staking.setIncomeRates(IStaking.IncomeRates(500, 2000, 1000, 100)); // deploy defaults (no node named)
        a = _join("A", root);
        b = _join("B", a);
        c = _join("C", b);
        _stakeShort(a, PAD);
        _stakeShort(b, PAD);
        _stakeShort(c, PAD);
        _pad(a, 2); // A: B + 2 = 3 valid invites (generation 3)
        _pad(b, 5); // B: C + 5 = 6
        _pad(c, 3); // C: 3 + the two big accounts + the sixth = 6
        address big1 = _join("big1", c);
        _stakeShort(big1, BIG);
        _stakeShort(big1, BIG);
        address big2 = _join("big2", c);
        _stakeShort(big2, BIG);
    }

    function _join(string memory name, address referrer) internal returns (address account) {
        account = member(name, referrer);
        ring.push(account);
        startBalance[account] = usdt.balanceOf(account);
    }

    function _pad(address referrer, uint256 count) internal {
        for (uint256 i = 0; i < count; ++i) {
            _stakeShort(_join(string(abi.encodePacked("pad", ++padCount)), referrer), PAD);
        }
    }

    function _stakeShort(address account, uint256 amount) internal {
        shortOrders.push(stake(account, 0, amount));
    }

    /// The ring's USDT now less what it held before: negative while it has paid in more than it took out.
    function _cash() internal view returns (int256 cash) {
        for (uint256 i = 0; i < ring.length; ++i) {
            cash += int256(usdt.balanceOf(ring[i])) - int256(startBalance[ring[i]]);
        }
    }

    function _claimAll() internal {
        for (uint256 i = 0; i < ring.length; ++i) {
            if (staking.users(ring[i]).balanceReward == 0) continue;
            vm.prank(ring[i]);
            staking.claimReward();
        }
    }

    function test_ring_level6_360days_takesOutNothingBeforeItsOrdersEnd() public {
        uint256 shortCredits = _credited(); // by the 7-day orders: vested in full when they end
        address sixth = _join("sixth", c);
        stake(sixth, 4, BIG);
        assertEq(staking.teams(c).level, 6, "C at level 6");
        assertEq(staking.teams(b).level, 6, "B at level 6");
        // each 360-day order: S = 100,000 * 45 bp * 360 = 162,000; C invite 10% + team 12%, B invite 10% + equal
        // 5%, A invite 10%: 76,140 USDT (76% of the principal) credited up the ring
        _expectCredit(c, IStaking.RewardKind.Invite, 16_200e18);
        _expectCredit(c, IStaking.RewardKind.Team, 19_440e18);
        _expectCredit(b, IStaking.RewardKind.Invite, 16_200e18);
        _expectCredit(b, IStaking.RewardKind.Equal, 8100e18);
        _expectCredit(a, IStaking.RewardKind.Invite, 16_200e18);
        stake(sixth, 4, BIG);
        assertTrue(_cash() == -501_300e18, "the ring paid in 501,300 USDT");

        // day 0: credited, nothing vested
        for (uint256 i = 0; i < ring.length; ++i) {
            assertEq(staking.users(ring[i]).balanceReward, 0, "nothing claimable on day 0");
        }
        vm.prank(c);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NothingToClaim.selector, c));
        staking.claimReward();
        int256 day0 = _cash();
        emit log_named_int("ring cash on day 0 (USDT wei)", day0);
        assertTrue(day0 == -501_300e18, "day 0: -501,300");

        // day 7: the 7-day orders (ended a tenth sooner, bottom acceleration) are released, vested income claimed
        vm.warp(block.timestamp + 7 days);
        uint256 longCredits = _credited() - shortCredits;
        for (uint256 i = 0; i < shortOrders.length; ++i) {
            IStaking.Order memory o = staking.orders(shortOrders[i]);
            vm.prank(o.owner);
            staking.release(shortOrders[i]);
        }
        _claimAll();
        int256 day7 = _cash();
        emit log_named_int("ring cash on day 7 (USDT wei)", day7);
        // back: the 7-day principal and its static income (1.4%), what those orders credited, and at most 7/324
        // of what the 360-day orders credited (it vests until they end, 324 days with bottom acceleration)
        uint256 shortPrincipal = 301_300e18;
        int256 most =
            int256(shortPrincipal * 10_140 / 10_000 + shortCredits + longCredits * 7 / 324) - 501_300e18;
        assertTrue(day7 <= most, "no more than the vested share");
        assertTrue(day7 < -190_000e18, "day 7: still about 195,000 USDT out");
    }

    /// The referral and team income credited to the ring so far.
    function _credited() internal view returns (uint256 credited) {
        for (uint256 i = 0; i < ring.length; ++i) {
            credited += staking.users(ring[i]).rewardInvite + staking.users(ring[i]).rewardTeam;
        }
    }

    function _expectCredit(address account, IStaking.RewardKind kind, uint256 amount) internal {
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.RewardCredited(account, shortOrders.length + 2, kind, amount);
    }
}
