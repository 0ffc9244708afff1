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
    uint256 internal constant _EXIT_WINDOW = 3 days;

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
    // the number of nodes (uint32) and the node dividend credited in total (uint128, part of what is owed).
    uint256 internal constant _NODE_COUNT_SHIFT = 64;
    uint256 internal constant _NODE_CREDITED_SHIFT = 96;
    // The income word (`members[account].earned`, one slot): the referral and team income credited (uint64 each,
    // in _INCOME_UNIT, bits 0-127). How it vests is the account's schedule (`vests`, see `_credit`).
    uint256 internal constant _INCOME_UNIT = 1e9; // 1e-9 USDT: a uint64 counts up to 1.8e10 USDT
    uint256 internal constant _TEAM_SHIFT = 64;
    // Vesting schedules (`vests`, `cells`, `cellBits`): each credit vests linearly from when it is credited until
    // its order ends, on its own clock. A schedule sums the credits' rates and `rate * end`; the credits ending
    // on one day share a cell, found through a bitmap, and leave the sums once that day is over.
    uint256 internal constant _CELL = 1 days;
    uint256 internal constant _RATE_BITS = 32; // rates count 2^-32 _INCOME_UNITs a second
    uint256 internal constant _WEIGHT_SHIFT = 96; // rate uint96 | weight (sum of rate * end) uint128 | uint32
    uint256 internal constant _TAIL_SHIFT = 224; // a schedule's first cell not yet folded; a cell's latest end
    address internal constant _NODES = address(2); // the node dividend's schedule, in shares of one node
    uint256 internal constant _NODE_UNIT = _INCOME_UNIT * _PER_NODE_UNIT; // one _INCOME_UNIT of `perNode`
    uint256 internal constant _JOINED = 1 << 255; // set in `nodeVestFrom` once the account was a node
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
        mapping(address account => uint256) vests; // the schedule's sums: see _CELL
        mapping(address account => mapping(uint256 day => uint256)) cells; // one day's sums and latest end
        mapping(address account => mapping(uint256 word => uint256)) cellBits; // the days that hold a cell
        mapping(address account => uint256) nodeVestFrom; // the node schedule's vested share at its first joining
        // what each order credited: invite units | team units << 64 per ancestor; its node share (USDT wei) at
        // _NODES. What an early close cancels or keeps (`closeEarly`).
        mapping(uint256 order => mapping(address ancestor => uint256)) orderCredits;
        Announcement announcement;
    }

    /// @dev A change of implementation or owner the owner announced: it may land `EXIT_WINDOW` after `time`, and
    ///      until it lands members may close their locked orders early.
    struct Announcement {
        address implementation;
        uint64 time;
        address owner;
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

    /// @dev Income word `word` with `invite` and `team` USDT (wei, whole _INCOME_UNITs) more credited.
    function _addCredits(uint256 word, uint256 invite, uint256 team) internal pure returns (uint256) {
        uint256 invites = _fit(uint64(word) + invite / _INCOME_UNIT, 64);
        uint256 teams = _fit(uint64(word >> _TEAM_SHIFT) + team / _INCOME_UNIT, 64);
        return invites | (teams << _TEAM_SHIFT);
    }

    /// @dev The referral and team income credited in income word `word`, USDT wei.
    function _credited(uint256 word) internal pure returns (uint256 invite, uint256 team) {
        return (uint64(word) * _INCOME_UNIT, uint64(word >> _TEAM_SHIFT) * _INCOME_UNIT);
    }

    /// @dev Adds to `account`'s schedule `units` _INCOME_UNITs vesting linearly from now until `end`, whatever
    ///      else the schedule holds: as the credit's own rate (rounded up, so it never vests faster) and its
    ///      rate times `end` in the sums, and in the cell of the day `end` falls on. O(1): three slots.
    function _credit(StakingStorage storage $, address account, uint256 units, uint256 end) internal {
        if (units == 0) return;
        uint256 rate = Math.ceilDiv(units << _RATE_BITS, end - block.timestamp); // an order ends after it opens
        uint256 weight = rate * end;
        uint256 v = $.vests[account];
        uint256 first = v >> _TAIL_SHIFT;
        if (first == 0) first = block.timestamp / _CELL; // nothing ends before today
        $.vests[account] = _sums(v, rate, weight) | (first << _TAIL_SHIFT);
        uint256 day = end / _CELL;
        uint256 cell = $.cells[account][day];
        uint256 latest = cell >> _TAIL_SHIFT;
        $.cells[account][day] = _sums(cell, rate, weight) | ((end > latest ? end : latest) << _TAIL_SHIFT);
        mapping(uint256 => uint256) storage bits = $.cellBits[account];
        uint256 word = bits[day >> 8];
        uint256 bit = 1 << (day & 255);
        if (word & bit == 0) bits[day >> 8] = word | bit;
    }

    /// @dev Sums word `word` (rate and weight) with `rate` and `weight` more, its top 32 bits cleared.
    function _sums(uint256 word, uint256 rate, uint256 weight) private pure returns (uint256) {
        return
            _fit(uint96(word) + rate, 96)
                | (_fit(uint128(word >> _WEIGHT_SHIFT) + weight, 128) << _WEIGHT_SHIFT);
    }

    /// @dev `account`'s schedule now: the sums without the cells of days that are over (`folded`, the word a
    ///      claim stores) and what is still unvested, in _INCOME_UNITs, rounded up. Visits each day since the
    ///      last fold that holds a cell (a bitmap word skips 256 empty days). Each credit counts
    ///      `rate * (end - now)` until its day is over; on that day an ended credit counts nothing.
    function _schedule(StakingStorage storage $, address account)
        internal
        view
        returns (uint256 folded, uint256 unvested)
    {
        uint256 v = $.vests[account];
        uint256 rate = uint96(v);
        if (rate == 0) return (v, 0);
        uint256 weight = uint128(v >> _WEIGHT_SHIFT);
        uint256 today = block.timestamp / _CELL;
        mapping(uint256 => uint256) storage cells = $.cells[account];
        for (uint256 day = v >> _TAIL_SHIFT; day < today;) {
            uint256 bits = $.cellBits[account][day >> 8] >> (day & 255);
            uint256 wordEnd = (day | 255) + 1;
            if (wordEnd > today) wordEnd = today;
            for (; bits != 0 && day < wordEnd; ++day) {
                if (bits & 1 != 0) {
                    uint256 cell = cells[day];
                    rate -= uint96(cell);
                    weight -= uint128(cell >> _WEIGHT_SHIFT);
                }
                bits >>= 1;
            }
            day = wordEnd;
        }
        folded = rate | (weight << _WEIGHT_SHIFT) | (today << _TAIL_SHIFT);
        // today's cell: its ended credits count nothing (not less than nothing)
        uint256 now_ = block.timestamp;
        uint256 last = cells[today];
        uint256 lastRate = uint96(last);
        uint256 lastWeight = uint128(last >> _WEIGHT_SHIFT);
        uint256 scaled = (weight - lastWeight) - now_ * (rate - lastRate);
        if (lastWeight > now_ * lastRate) scaled += lastWeight - now_ * lastRate;
        unvested = scaled >> _RATE_BITS; // each rate is rounded up: within 1e-9 USDT of exact
    }

    /// @dev `account`'s referral, team and node income in total (USDT wei), and what of it has vested.
    function _income(StakingStorage storage $, address account)
        internal
        view
        returns (uint256 credited, uint256 vested)
    {
        (uint256 invite, uint256 team) = _credited($.members[account].earned);
        (, uint256 unvested) = _schedule($, account);
        unvested *= _INCOME_UNIT;
        credited = invite + team;
        vested = credited > unvested ? credited - unvested : 0;
        uint256 from = $.nodeVestFrom[account];
        if (from != 0) (credited, vested) = _withNodeIncome($, account, from, credited, vested);
        // a credit's rate rounds up, so what has vested can dip under what was claimed by 1e-9 USDT: never below
        uint256 claimed = $.members[account].rewardClaimed;
        if (vested < claimed) vested = claimed;
    }

    /// @dev `credited` and `vested` with the node income of `account`, which first joined the nodes when the node
    ///      schedule had vested `from` (with the _JOINED flag) per node.
    function _withNodeIncome(
        StakingStorage storage $,
        address account,
        uint256 from,
        uint256 credited,
        uint256 vested
    ) private view returns (uint256, uint256) {
        uint256 node = _nodeReward($, account);
        credited += node;
        // a node's share of an order vests no slower than the order: what the node schedule vested per node since
        // the account first joined (it counts the orders it shared, and may count earlier ones: never later)
        uint256 sinceJoined = _nodeVested($);
        from &= ~_JOINED;
        sinceJoined = sinceJoined > from ? (sinceJoined - from) / _PER_NODE_UNIT : 0;
        return (credited, vested + (sinceJoined < node ? sinceJoined : node));
    }

    /// @dev The node dividend vested per node since the start, times _PER_NODE_UNIT.
    function _nodeVested(StakingStorage storage $) internal view returns (uint256) {
        (, uint256 unvested) = _schedule($, _NODES);
        uint256 perNode = $.perNode;
        unvested *= _NODE_UNIT;
        return perNode > unvested ? perNode - unvested : 0;
    }

    /// @dev The effects of `release` but the order's own `lastTime`: what is owed, the owner's record, the
    ///      referrer's valid invites and the upline's team volume. Returns what the order pays.
    function _closeOrder(StakingStorage storage $, uint256 index, OrderData memory order)
        internal
        returns (uint256 reward, uint256 fee)
    {
        uint256 amount = order.amount;
        (reward, fee) = _payout($, index, order);
        Owed storage o = $.owed[order.kind > 127 ? 1 : 0];
        o.principal -= order.actual;
        o.income -= uint128(reward);

        Member storage me = $.members[msg.sender];
        // the order's principal and income are part of the owner's open principal and reserved income
        uint256 left = me.amount - amount;
        me.amount = uint96(left);
        me.balance -= uint128(StakingMath.staticIncome(amount, order.rate, order.lockDay));
        me.tierAmount[order.kind & 7] -= uint96(amount);
        me.lastOut = uint32(block.timestamp);

        uint256 link = $.links[msg.sender]; // its referrer was cached when the order was opened
        if (left == 0) $.links[msg.sender] = link & ~_LINK_ACTIVE;
        _walkOut($, amount, left == 0, address(uint160(link)));
    }

    /// @dev Takes a closed order's `amount` out of the team volumes of the ancestors above its owner, `up` (its
    ///      referrer) first, at most `_MAX_DEPTH`, following the referrers its deposit cached, and the owner's
    ///      valid invite out of its referrer's when it was the owner's last principal (`lastPrincipal`). Levels
    ///      follow a shrinking volume when the account is next visited or read (`teams` computes it), with no
    ///      `LevelChanged` event until then.
    function _walkOut(StakingStorage storage $, uint256 amount, bool lastPrincipal, address up) internal {
        for (uint256 generation = 1; generation < _MAX_DEPTH + 1; ++generation) {
            if (uint160(up) < 2) return; // none, or _NO_REFERRER
            // the volume (bits 0-95) and valid invites counted this principal when it opened
            $.teams[up] -= amount + (generation == 1 && lastPrincipal ? 1 << _VALIDS_SHIFT : 0);
            up = address(uint160($.links[up]));
        }
    }

    /// @dev Order `index`'s static income and the fee its release takes from it now (see `_releaseFee`).
    function _payout(StakingStorage storage $, uint256 index, OrderData memory order)
        internal
        view
        returns (uint256 reward, uint256 fee)
    {
        reward = StakingMath.staticIncome(order.actual, order.rate, order.lockDay);
        fee = StakingMath.share(reward, _releaseFee($, index));
    }

    /// @dev Lets the announced change to `implementation` or `owner` land (the other one zero) once
    ///      `EXIT_WINDOW` has passed since its announcement, and ends the announcement; reverts otherwise. While no
    ///      order is open (a new deployment handing itself to the timelock) nothing needs announcing.
    function _landAnnounced(address implementation, address owner) internal {
        StakingStorage storage $ = _storage();
        if ($.owed[0].principal == 0 && $.owed[1].principal == 0) return; // nothing locked: no one to let out
        Announcement memory a = $.announcement;
        uint256 readyAt = a.time == 0 ? 0 : a.time + _EXIT_WINDOW;
        bool matches = implementation == address(0) ? owner == a.owner : implementation == a.implementation;
        if (!matches || readyAt == 0 || block.timestamp < readyAt) {
            revert IStaking.NotAnnounced(implementation, owner, matches ? readyAt : 0);
        }
        delete $.announcement;
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
