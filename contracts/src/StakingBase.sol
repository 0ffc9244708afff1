// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IStaking} from "./interfaces/IStaking.sol";
import {IPresale} from "./interfaces/IPresale.sol";
import {StakingMath} from "./libraries/StakingMath.sol";

/// @title StakingBase: Staking's storage layout and the helpers Staking and StakingAdmin share
/// @dev Staking (the proxy's implementation) runs its owner and manager functions in StakingAdmin by
///      delegatecall, so both read and write the one ERC-7201 namespace declared here.
abstract contract StakingBase {
    uint256 internal constant _RATE_DENOMINATOR = StakingMath.DENOMINATOR;
    uint256 internal constant _MAX_DEPTH = 10;
    uint256 internal constant _TIERS = 5;
    uint256 internal constant _LEVELS = 10;

    // The link word (`links[account]`), read for each ancestor a walk visits (written when it changes): the
    // account's referrer (cached from the registry on the first walk through it), its active flag and the
    // tag of its largest leg.
    uint256 internal constant _LINK_ACTIVE = 1 << 160; // the account has open principal of its own
    uint256 internal constant _LINK_TAG_SHIFT = 161; // low 95 bits of the largest leg's head
    uint256 internal constant _LINK_LOW = (1 << 161) - 1; // referrer and active flag
    address internal constant _NO_REFERRER = address(1); // cached for the registry's root

    // The team word (`teams[account]`), the one slot a walk writes for each ancestor.
    uint256 internal constant _VALIDS_SHIFT = 96; // uint24 valid invites; bits 0-95: team volume
    uint256 internal constant _LEVEL_SHIFT = 120; // 4 bits
    uint256 internal constant _MANUAL = 1 << 124;
    uint256 internal constant _BLACKLISTED = 1 << 125;
    uint256 internal constant _USERS_SHIFT = 128; // uint32 team members who ever staked
    uint256 internal constant _DAY_SHIFT = 160; // uint32 the day of the next two fields
    uint256 internal constant _DAY_AMOUNT_SHIFT = 192; // uint48 team deposits that day, in _DAY_UNIT
    uint256 internal constant _DAY_USERS_SHIFT = 240; // uint16 first stakes in the team that day
    uint256 internal constant _DAY_UNIT = 1e12; // day statistics count micro-USDT
    uint256 internal constant _MASK_96 = type(uint96).max;

    // The income word (`income`), read by every deposit: the rates of `IncomeRates` (uint16 each, bits 0-63),
    // the number of nodes (uint32), the node dividend credited in total (uint128, part of what is owed) and
    // the latest end of an order that shared it (uint32: node income vests no sooner, see `_settleNode`).
    uint256 internal constant _NODE_COUNT_SHIFT = 64;
    uint256 internal constant _NODE_CREDITED_SHIFT = 96;
    uint256 internal constant _NODE_END_SHIFT = 224;
    // The income word (`members[account].earned`, one slot): the referral and team income credited (uint64 each,
    // in _INCOME_UNIT, bits 0-127) and their vesting: `unvested` (uint64 in _INCOME_UNIT, rounded up) at
    // `vestStart` (uint32) vests linearly until `vestEnd` (uint32, bits 224-255). See `_vest`.
    uint256 internal constant _INCOME_UNIT = 1e9; // 1e-9 USDT: a uint64 counts up to 1.8e10 USDT
    uint256 internal constant _TEAM_SHIFT = 64;
    uint256 internal constant _UNVESTED_SHIFT = 128;
    uint256 internal constant _VEST_START_SHIFT = 192;
    uint256 internal constant _VEST_END_SHIFT = 224;
    uint256 internal constant _RATES_MASK = type(uint64).max;
    uint256 internal constant _ACCEL_SHIFT = 5; // an order's kind: tier | acceleration << 5 | isUSDT << 7
    uint256 internal constant _PER_NODE_UNIT = 1e18; // `perNode` counts USDT wei times this

    /// @dev A member's own record; the team side lives in its team word.
    struct Member {
        // slot 0
        uint96 amount; // own open principal, USDT value
        uint96 actual; // principal deposited in total, USDT value
        uint32 orders;
        uint32 lastOut;
        // slot 1
        uint128 balance; // static income of open orders, USDT value
        uint128 rewardStatic;
        // slot 2: the income word, written with each credit (see _INCOME_UNIT)
        uint256 earned;
        // slot 3
        uint128 rewardClaimed;
        uint32 day; // the day of dayAmount
        uint96 dayAmount;
        // slots 4-6
        uint96[5] tierAmount; // open principal per tier, USDT value
        address[] invitees; // direct invitees who have staked, in the order they first staked
        mapping(uint256 word => uint256) orderIndex; // order numbers, 8 uint32 a word
    }

    /// @dev The team word unpacked (memory only).
    // solhint-disable-next-line gas-struct-packing
    struct TeamData {
        uint256 teamAmount;
        uint256 valids;
        uint256 level;
        bool isManual;
        bool blacklisted;
        uint256 teamUser;
        uint256 day;
        uint256 dayAmount;
        uint256 dayUsers;
    }

    /// @dev An order, two slots written at deposit; `lastTime` is set at release.
    struct OrderData {
        // slot 0
        address owner;
        uint32 startTime;
        uint32 endTime;
        uint16 rate;
        uint16 lockDay;
        // slot 1
        uint96 amount;
        uint104 actual;
        uint32 lastTime;
        uint16 userIndex;
        uint8 kind; // tier | acceleration << 5 | isUSDT << 7
    }

    /// @dev A node's share of the node dividend: `(perNode - debt) / _PER_NODE_UNIT` not yet settled.
    struct NodeAccount {
        bool isNode;
        uint128 reward; // settled in total (claimed through the member's `rewardClaimed`)
        uint256 debt;
    }

    /// @dev One stake tier, what a deposit reads (slot 0 also written: the stock).
    struct Tier {
        uint96 stock;
        uint96 userMax;
        uint16 lockDay;
        uint16 rate;
        uint96 min;
        uint96 max;
    }

    /// @dev Open orders of one asset.
    struct Owed {
        uint128 principal;
        uint128 income;
    }

    /// @custom:storage-location erc7201:taichi.storage.Staking
    struct StakingStorage {
        IPresale presale;
        IERC20 usdt;
        IERC20 token;
        IStaking.Settings settings;
        uint256 hot; // what a deposit or release reads of the settings: see _setConfig
        Tier[5] tiers;
        uint256[5] levels; // two levels a word: teamAmount uint96 | inviteValids uint16 | teamRate uint16
        // totals
        uint96 totalAmount;
        uint96 totalStatic; // static income reserved, USDT value
        uint32 totalOrder;
        uint32 totalUser;
        uint128 totalRewardInvite;
        uint128 totalRewardTeam;
        uint256 totalExtract;
        Owed[2] owed; // by asset (index 1: USDT, 0: project token)
        mapping(address account => Member) members;
        mapping(address account => uint256) teams;
        mapping(address account => address) maxLeg; // head of the largest leg
        mapping(uint256 index => OrderData) orders;
        mapping(address account => uint256) links; // referrer | active << 160 | largest leg's tag << 161
        uint256 income; // see _NODE_COUNT_SHIFT
        uint256 perNode; // node dividend per node since the start, times _PER_NODE_UNIT
        mapping(address account => NodeAccount) nodes;
        uint256[] fees; // each feeRate set (uint16) | the first order index it applies to << 16: see _releaseFee
        PriceOracle oracle; // how token deposits are valued: see Staking._tokenPrice
        PriceObservation observation;
    }

    /// @dev The project token's USDT pair and the rules its time-weighted average price (TWAP) is read by.
    struct PriceOracle {
        address pair;
        uint32 window; // seconds: the shortest average used, and half the longest
        uint16 maxDeviation; // basis points: fbPrice and the TWAP may differ by at most this
        bool tokenIsToken0;
    }

    /// @dev The pair's cumulative token price at `time`, and the average price over the `span` seconds before it.
    struct PriceObservation {
        uint256 cumulative; // UQ112x112 USDT per token, times seconds (wraps, as the pair's)
        uint32 time;
        uint32 span;
        uint192 price; // USDT per token, 18 decimals
    }

    /// @dev What one walk up the tree carries from ancestor to ancestor (memory only).
    // solhint-disable-next-line gas-struct-packing
    struct Walk {
        bool isDeposit;
        bool firstStake;
        bool validChange; // the caller's open principal went from or to zero: its referrer's valid invites
        bool equalPaid;
        uint256 orderIndex;
        uint256 amount; // principal, USDT value
        uint256 income; // the order's static income, USDT value (base of upline income)
        uint256 day;
        uint256 endTime;
        uint256 pool; // USDT still free for credits
        uint256 highestRate; // highest team rate paid below
        address legHead; // the ancestor's direct invitee the walk came from
        uint256 algebra;
        uint256 inviteRate;
        uint256 equalRate;
        uint256 invite; // credited in this walk
        uint256 team;
        uint256 rates; // the income word
        uint256 acceleration; // IStaking.Acceleration
    }

    // keccak256(abi.encode(uint256(keccak256("taichi.storage.Staking")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 internal constant _STORAGE_LOCATION =
        0x589d9b356feae775c423b14005e017a9c1b0d029da925f27b10be26b545d1500;

    /// @dev `account`'s team word with its level now: the stored one if manual, else recomputed (a release
    ///      leaves the stored one as it was).
    function _team(StakingStorage storage $, address account) internal view returns (TeamData memory t) {
        t = _unpack($.teams[account]);
        if (!t.isManual) t.level = _levelFor($, t.teamAmount, t.valids, t.level);
    }

    /// @dev Level `index + 1`'s thresholds and rate.
    function _levelAt(StakingStorage storage $, uint256 index)
        internal
        view
        returns (uint256 teamAmount, uint256 valids, uint256 rate)
    {
        uint256 word = $.levels[index >> 1] >> ((index & 1) * 128);
        return (word & _MASK_96, uint16(word >> 96), uint16(word >> 112));
    }

    /// @dev The level a team of `team` volume and `valids` valid invites reaches, moving from `level` one
    ///      threshold at a time (thresholds are non-decreasing, so this is the highest level met).
    function _levelFor(StakingStorage storage $, uint256 team, uint256 valids, uint256 level)
        internal
        view
        returns (uint256)
    {
        while (level < _LEVELS) {
            (uint256 amount, uint256 need,) = _levelAt($, level);
            if (team < amount || valids < need) break;
            ++level;
        }
        while (level != 0) {
            (uint256 amount, uint256 need,) = _levelAt($, level - 1);
            if (!(team < amount || valids < need)) break;
            --level;
        }
        return level;
    }

    function _unpack(uint256 word) internal pure returns (TeamData memory t) {
        t.teamAmount = word & _MASK_96;
        t.valids = uint24(word >> _VALIDS_SHIFT);
        t.level = (word >> _LEVEL_SHIFT) & 15;
        t.isManual = word & _MANUAL != 0;
        t.blacklisted = word & _BLACKLISTED != 0;
        t.teamUser = uint32(word >> _USERS_SHIFT);
        t.day = uint32(word >> _DAY_SHIFT);
        t.dayAmount = uint48(word >> _DAY_AMOUNT_SHIFT);
        t.dayUsers = uint16(word >> _DAY_USERS_SHIFT);
    }

    /// @dev Volume and counters are checked; the day statistics saturate (a busy day must not block deposits).
    function _pack(TeamData memory t) internal pure returns (uint256 word) {
        word = _fit(t.teamAmount, 96) | (_fit(t.valids, 24) << _VALIDS_SHIFT) | (t.level << _LEVEL_SHIFT)
            | (_fit(t.teamUser, 32) << _USERS_SHIFT) | (uint256(uint32(t.day)) << _DAY_SHIFT)
            | ((t.dayAmount < type(uint48).max ? t.dayAmount : type(uint48).max) << _DAY_AMOUNT_SHIFT)
            | ((t.dayUsers < type(uint16).max ? t.dayUsers : type(uint16).max) << _DAY_USERS_SHIFT);
        if (t.isManual) word |= _MANUAL;
        if (t.blacklisted) word |= _BLACKLISTED;
    }

    /// @dev The release fee rate of order `index`: the one in force now, or the one in force when the order
    ///      opened if lower (found in the fee history by binary search). A raise never reaches income already
    ///      reserved for open orders; a cut reaches every order.
    function _releaseFee(StakingStorage storage $, uint256 index) internal view returns (uint256 rate) {
        rate = uint16($.hot >> 112);
        uint256[] storage fees = $.fees;
        uint256 n = fees.length;
        if (n < 2 || index + 1 > fees[n - 1] >> 16 || index < fees[0] >> 16) return rate;
        // fees[lo] applies to `index`, fees[hi] to a later order
        uint256 lo = 0;
        uint256 hi = n - 1;
        while (hi - lo > 1) {
            uint256 mid = (lo + hi) >> 1;
            if (fees[mid] >> 16 > index) hi = mid;
            else lo = mid;
        }
        uint256 atOpening = uint16(fees[lo]);
        if (atOpening < rate) rate = atOpening;
    }

    /// @dev Income word `word` with `amount` USDT (wei) more unvested, vesting linearly from now until `end` or
    ///      the end its unvested income already had, whichever is later. One stream per member (one slot,
    ///      written with the credit): a credit never vests sooner than its order ends, or faster than linearly
    ///      over its lock; one joining a longer stream vests at that stream's pace. docs/economics.md, "Vesting".
    function _vest(uint256 word, uint256 amount, uint256 end) internal view returns (uint256) {
        uint256 vestEnd = word >> _VEST_END_SHIFT;
        if (end > vestEnd) vestEnd = end;
        // rounded up: what vests is rounded down
        uint256 unvested = Math.ceilDiv(_unvested(word) + amount, _INCOME_UNIT);
        return (word & type(uint128).max) | (_fit(unvested, 64) << _UNVESTED_SHIFT)
            | (block.timestamp << _VEST_START_SHIFT) | (vestEnd << _VEST_END_SHIFT);
    }

    /// @dev Income word `word` with `invite` and `team` USDT (wei, whole _INCOME_UNITs) more credited.
    function _addCredits(uint256 word, uint256 invite, uint256 team) internal pure returns (uint256) {
        uint256 invites = _fit(uint64(word) + invite / _INCOME_UNIT, 64);
        uint256 teams = _fit(uint64(word >> _TEAM_SHIFT) + team / _INCOME_UNIT, 64);
        return (word >> _UNVESTED_SHIFT << _UNVESTED_SHIFT) | invites | (teams << _TEAM_SHIFT);
    }

    /// @dev The referral and team income credited in income word `word`, USDT wei.
    function _credited(uint256 word) internal pure returns (uint256 invite, uint256 team) {
        return (uint64(word) * _INCOME_UNIT, uint64(word >> _TEAM_SHIFT) * _INCOME_UNIT);
    }

    /// @dev What income word `word` has credited and not yet vested, in USDT wei, now.
    function _unvested(uint256 word) internal view returns (uint256) {
        return StakingMath.unvested(
            uint64(word >> _UNVESTED_SHIFT) * _INCOME_UNIT,
            uint32(word >> _VEST_START_SHIFT),
            word >> _VEST_END_SHIFT,
            block.timestamp
        );
    }

    /// @dev `account`'s referral, team and node income in total (USDT wei), and what of it has vested.
    function _income(StakingStorage storage $, address account)
        internal
        view
        returns (uint256 credited, uint256 vested)
    {
        uint256 word = $.members[account].earned;
        (uint256 invite, uint256 team) = _credited(word);
        credited = invite + team + _nodeReward($, account);
        uint256 unvested = _unvested(word);
        // node income earned since the last settlement joins the stream when settled (`_nodeToVest`)
        (uint256 earned, uint256 end) = _nodeToVest($, account);
        if (earned != 0 && (end > block.timestamp || word >> _VEST_END_SHIFT > block.timestamp)) {
            unvested += earned;
        }
        vested = unvested < credited ? credited - unvested : 0;
    }

    /// @dev Settles what node `account` earned since its last settlement into its node reward (the rounding
    ///      rest stays in its debt for next time), vesting until the latest end of an order that shared node
    ///      income (each share vests no sooner than its order ends).
    function _settleNode(StakingStorage storage $, address account) internal {
        (uint256 earned, uint256 end) = _nodeToVest($, account);
        if (earned == 0) return;
        NodeAccount storage n = $.nodes[account];
        n.debt += earned * _PER_NODE_UNIT;
        n.reward += uint128(earned); // at most the node dividend credited, a uint128
        Member storage acc = $.members[account];
        acc.earned = _vest(acc.earned, earned, end);
    }

    /// @dev Node income `account` earned since its last settlement, and the latest end of an order that shared
    ///      node income: it vests until then.
    function _nodeToVest(StakingStorage storage $, address account)
        internal
        view
        returns (uint256 earned, uint256 end)
    {
        NodeAccount storage n = $.nodes[account];
        if (n.isNode) earned = ($.perNode - n.debt) / _PER_NODE_UNIT;
        end = $.income >> _NODE_END_SHIFT;
    }

    function _owed(StakingStorage storage $, address token_) internal view returns (uint256 total) {
        if (token_ == address($.usdt)) {
            Owed memory o = $.owed[1];
            total = o.principal + o.income + $.totalRewardInvite + $.totalRewardTeam
                + uint128($.income >> _NODE_CREDITED_SHIFT) - $.totalExtract;
        }
        if (token_ == address($.token) && token_ != address(0)) {
            Owed memory o = $.owed[0];
            total += uint256(o.principal) + o.income;
        }
    }

    /// @dev `account`'s node dividend in total: settled, plus what it earned since if it is a node.
    function _nodeReward(StakingStorage storage $, address account) internal view returns (uint256 reward) {
        NodeAccount storage n = $.nodes[account];
        reward = n.reward;
        if (n.isNode) reward += ($.perNode - n.debt) / _PER_NODE_UNIT;
    }

    function _pool(StakingStorage storage $, IERC20 asset) internal view returns (uint256) {
        uint256 held = asset.balanceOf(address(this));
        uint256 owed_ = _owed($, address(asset));
        return held > owed_ ? held - owed_ : 0;
    }

    /// @dev `value`, checked to fit in `bits` bits (one function for every width: Staking is near its size limit).
    function _fit(uint256 value, uint256 bits) internal pure returns (uint256) {
        if (value >> bits != 0) revert SafeCast.SafeCastOverflowedUintDowncast(uint8(bits), value);
        return value;
    }

    function _storage() internal pure returns (StakingStorage storage $) {
        assembly {
            $.slot := _STORAGE_LOCATION
        }
    }

    /// @dev The levels and tiers as `getConfigMulti` returns them.
    function _configMulti() internal view returns (IStaking.ConfigMulti memory m) {
        StakingStorage storage $ = _storage();
        for (uint256 lvl = 0; lvl < _LEVELS; ++lvl) {
            (m.teamAmounts[lvl], m.inviteValids[lvl], m.teamRates[lvl]) = _levelAt($, lvl);
        }
        for (uint256 i = 0; i < _TIERS; ++i) {
            Tier memory tier = $.tiers[i];
            m.stakeDays[i] = tier.lockDay;
            m.stakeRates[i] = tier.rate;
            m.stakeStocks[i] = tier.stock;
            m.stakeMins[i] = tier.min;
            m.stakeMaxs[i] = tier.max;
            m.stakeUserMaxs[i] = tier.userMax;
        }
    }
}
