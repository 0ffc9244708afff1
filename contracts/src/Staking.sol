// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IStaking} from "./interfaces/IStaking.sol";
import {IPresale} from "./interfaces/IPresale.sol";
import {StakingMath} from "./libraries/StakingMath.sol";
import {PairPrice} from "./libraries/PairPrice.sol";
import {StakingBase} from "./StakingBase.sol";
import {StakingAdmin} from "./StakingAdmin.sol";

/// @title Staking: fixed-term stake orders with referral and team income, behind an ERC1967 (UUPS) proxy
/// @notice Members come from the shared referral registry (Presale); see IStaking and docs/economics.md.
/// @dev Cost does not grow with the team: a deposit or release visits at most `MAX_DEPTH` ancestors (their
///      referrers cached in the link words, asked from the registry once per account) and does O(1) work
///      for each: its link word read, one packed slot written (its team word: volume, valid invites, level,
///      flags, day statistics) and, on a deposit, its largest leg when it may change and its income slot
///      when credited; levels move one threshold at a time. No loop runs over a member's
///      invitees or team. The storage layout is docs/economics.md "Storage and cost"; DataReader decodes part
///      of it, so the two change together. The reward pool is implicit: the balance above what is owed (principal
///      and static income of open orders, credited unclaimed income), so it can never go negative.
contract Staking is
    StakingBase,
    IStaking,
    Initializable,
    OwnableUpgradeable,
    UUPSUpgradeable,
    ReentrancyGuardTransient
{
    using SafeERC20 for IERC20;

    /// @inheritdoc IStaking
    uint256 public constant RATE_DENOMINATOR = _RATE_DENOMINATOR;
    /// @inheritdoc IStaking
    uint256 public constant MAX_DEPTH = _MAX_DEPTH;
    /// @inheritdoc IStaking
    uint256 public constant TIERS = _TIERS;
    /// @inheritdoc IStaking
    uint256 public constant LEVELS = _LEVELS;
    /// @inheritdoc IStaking
    uint256 public constant EXIT_WINDOW = _EXIT_WINDOW;

    /// @dev Where the owner and manager functions run (delegatecall), created with this implementation: code, not
    ///      state, so each implementation brings its own and every proxy of it uses the same.
    /// @custom:oz-upgrades-unsafe-allow state-variable-immutable
    address private immutable _ADMIN;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _ADMIN = address(new StakingAdmin());
        _disableInitializers();
    }

    /// @notice Sets the owner, the registry and the tokens (`token_` may be zero until the project token
    ///         exists, see `setToken`); the configuration starts at the defaults in docs/economics.md.
    function initialize(address owner_, address presale_, address usdt_, address token_)
        external
        initializer
    {
        if (presale_ == address(0) || usdt_ == address(0)) revert ZeroAddress();
        __Ownable_init(owner_);
        StakingStorage storage $ = _storage();
        $.presale = IPresale(presale_);
        $.usdt = IERC20(usdt_);
        $.token = IERC20(token_);
        emit TokenUpdated(address(0), token_);
    }

    // ---------------------------------------------------------------------------------------------------
    // Members
    // ---------------------------------------------------------------------------------------------------

    /// @inheritdoc IStaking
    function register(address refer) external {
        _storage().presale.registerFor(msg.sender, refer);
    }

    /// @inheritdoc IStaking
    function deposit(uint256 index, uint256 amount, bool isUSDT) external returns (uint256) {
        return _deposit(index, amount, isUSDT, type(uint256).max, 0, type(uint256).max);
    }

    /// @inheritdoc IStaking
    function deposit(
        uint256 index,
        uint256 amount,
        bool isUSDT,
        uint256 lockDay,
        uint256 rate,
        uint256 maxPay
    ) external returns (uint256) {
        return _deposit(index, amount, isUSDT, lockDay, rate, maxPay);
    }

    /// @inheritdoc IStaking
    function release(uint256 index) external {
        index; // decoded by StakingAdmin, which runs it (as `closeEarly`) on this contract's storage
        _delegateToAdmin();
    }

    /// @inheritdoc IStaking
    function closeEarly(uint256 index) external {
        index;
        _delegateToAdmin();
    }

    /// @inheritdoc IStaking
    function updatePrice() external {
        _observedTokenPrice(_storage(), false);
    }

    /// @inheritdoc IStaking
    function claimReward() external {
        _delegateToAdmin(); // folds the schedules it reads (a loop of its own: see StakingAdmin)
    }

    // ---------------------------------------------------------------------------------------------------
    // Owner and manager: run in StakingAdmin (see `_delegateToAdmin`)
    // ---------------------------------------------------------------------------------------------------

    /// @inheritdoc IStaking
    function announce(address implementation, address newOwner) external {
        (implementation, newOwner);
        _delegateToAdmin();
    }

    /// @inheritdoc IStaking
    function setConfig(Settings calldata settings) external {
        settings; // decoded by StakingAdmin
        _delegateToAdmin();
    }

    /// @inheritdoc IStaking
    function setConfigMulti(ConfigMulti calldata configMulti) external {
        configMulti;
        _delegateToAdmin();
    }

    /// @inheritdoc IStaking
    function setTeamLevel(address account, uint256 level, bool isManual) external {
        (account, level, isManual);
        _delegateToAdmin();
    }

    /// @inheritdoc IStaking
    function setBlacklist(address account, bool blacklisted) external {
        (account, blacklisted);
        _delegateToAdmin();
    }

    /// @inheritdoc IStaking
    function setToken(address token_) external {
        token_;
        _delegateToAdmin();
    }

    /// @inheritdoc IStaking
    function withdraw(address token_, address to, uint256 amount) external {
        (token_, to, amount);
        _delegateToAdmin();
    }

    /// @inheritdoc IStaking
    function setIncomeRates(IncomeRates calldata rates) external {
        rates;
        _delegateToAdmin();
    }

    /// @inheritdoc IStaking
    function setNode(address account, bool isNode) external {
        (account, isNode);
        _delegateToAdmin();
    }

    /// @inheritdoc IStaking
    function setPriceOracle(address pair, uint256 window, uint256 maxDeviation) external {
        (pair, window, maxDeviation);
        _delegateToAdmin();
    }

    // ---------------------------------------------------------------------------------------------------
    // Views
    // ---------------------------------------------------------------------------------------------------

    /// @inheritdoc IStaking
    function users(address account) external view returns (User memory) {
        StakingStorage storage $ = _storage();
        Member storage acc = $.members[account];
        IPresale.User memory registered = $.presale.users(account);
        uint256 rewardStatic = acc.rewardStatic;
        (uint256 rewardInvite, uint256 rewardTeam) = _credited(acc.earned);
        (uint256 credited, uint256 vested) = _incomeInAdmin(account);
        uint256 claimed = acc.rewardClaimed;
        return User({
            index: registered.index,
            inviteCode: registered.refer,
            amount: acc.amount,
            actual: acc.actual,
            balance: acc.balance,
            rewardTotal: rewardStatic + credited,
            rewardStatic: rewardStatic,
            rewardInvite: rewardInvite,
            rewardTeam: rewardTeam,
            balanceReward: vested > claimed ? vested - claimed : 0,
            orders: acc.orders,
            lastOut: acc.lastOut,
            refer: registered.refer
        });
    }

    /// @inheritdoc IStaking
    function orders(uint256 index) external view returns (Order memory order) {
        OrderData memory data = _storage().orders[index];
        if (data.owner == address(0)) return order;
        return Order({
            isValid: data.lastTime == 0,
            index: index,
            userIndex: data.userIndex,
            amount: data.amount,
            actual: data.actual,
            lockDay: data.lockDay,
            rate: data.rate,
            reward: StakingMath.staticIncome(data.actual, data.rate, data.lockDay),
            startTime: data.startTime,
            lastTime: data.lastTime,
            endTime: data.endTime,
            owner: data.owner
        });
    }

    /// @inheritdoc IStaking
    function releaseFee(uint256 index) external view returns (uint256) {
        StakingStorage storage $ = _storage();
        OrderData memory data = $.orders[index];
        if (data.owner == address(0) || data.lastTime != 0) return 0;
        (, uint256 fee) = _payout($, index, data);
        return fee;
    }

    /// @inheritdoc IStaking
    function teams(address account) external view returns (Team memory) {
        StakingStorage storage $ = _storage();
        TeamData memory t = _team($, account);
        address maxAccount = $.maxLeg[account];
        uint256 teamMax = maxAccount == address(0) ? 0 : _legVolume($, maxAccount);
        return Team({
            isManual: t.isManual,
            level: t.level,
            invites: $.presale.users(account).invites,
            inviteValids: t.valids,
            teamUser: t.teamUser,
            teamAmount: t.teamAmount,
            teamMax: teamMax,
            teamMin: t.teamAmount > teamMax ? t.teamAmount - teamMax : 0,
            maxAccount: maxAccount
        });
    }

    /// @inheritdoc IStaking
    function getConfig() external view returns (Config memory) {
        StakingStorage storage $ = _storage();
        Settings memory s = $.settings;
        return Config({
            addTime: s.addTime,
            dayTimes: s.dayTimes,
            algebra: s.algebra,
            feeRate: s.feeRate,
            handleGas: s.handleGas,
            swapRate: s.swapRate,
            buyRate: s.buyRate,
            selfRate: s.selfRate,
            inviteRate: s.inviteRate,
            equalRate: s.equalRate,
            fundRate: s.fundRate,
            fbPrice: s.fbPrice,
            fundIncome: _pool($, $.usdt)
        });
    }

    /// @inheritdoc IStaking
    function getConfigMulti() external view returns (ConfigMulti memory m) {
        m = _configMulti();
    }

    /// @inheritdoc IStaking
    function getRefer(address account) external view returns (address) {
        return _storage().presale.users(account).refer;
    }

    /// @inheritdoc IStaking
    function userInvites(address account, uint256 offset, uint256 limit)
        external
        view
        returns (Invitee[] memory invitees, uint256 total)
    {
        StakingStorage storage $ = _storage();
        address[] storage list = $.members[account].invitees;
        total = list.length;
        uint256 size = offset < total ? total - offset : 0;
        if (limit < size) size = limit;
        invitees = new Invitee[](size);
        for (uint256 i = 0; i < size; ++i) {
            address invitee = list[offset + i];
            TeamData memory t = _team($, invitee);
            invitees[i] = Invitee({
                account: invitee, amount: $.members[invitee].amount, teamAmount: t.teamAmount, level: t.level
            });
        }
    }

    /// @inheritdoc IStaking
    function userOrderIndex(address account, uint256 userIndex) external view returns (uint256) {
        return uint32(_storage().members[account].orderIndex[userIndex >> 3] >> ((userIndex & 7) * 32));
    }

    /// @inheritdoc IStaking
    function dayTeamAmounts(address account, uint256 day) external view returns (uint256) {
        TeamData memory t = _unpack(_storage().teams[account]);
        return t.day == day ? t.dayAmount * _DAY_UNIT : 0;
    }

    /// @inheritdoc IStaking
    function dayTeamUsers(address account, uint256 day) external view returns (uint256) {
        TeamData memory t = _unpack(_storage().teams[account]);
        return t.day == day ? t.dayUsers : 0;
    }

    /// @inheritdoc IStaking
    function dayUserAmounts(address account, uint256 day) external view returns (uint256) {
        Member storage acc = _storage().members[account];
        return acc.day == day ? acc.dayAmount : 0;
    }

    /// @inheritdoc IStaking
    function isBlacklisted(address account) external view returns (bool) {
        return _storage().teams[account] & _BLACKLISTED != 0;
    }

    /// @inheritdoc IStaking
    function getIncomeRates() external view returns (IncomeRates memory) {
        uint256 word = _storage().income;
        return IncomeRates(uint16(word), uint16(word >> 16), uint16(word >> 32), uint16(word >> 48));
    }

    /// @inheritdoc IStaking
    function nodes(address account) external view returns (bool isNode, uint256 reward, uint256 nodeCount) {
        StakingStorage storage $ = _storage();
        return ($.nodes[account].isNode, _nodeReward($, account), uint32($.income >> _NODE_COUNT_SHIFT));
    }

    /// @inheritdoc IStaking
    function extsload(bytes32[] calldata slots) external view returns (bytes32[] memory values) {
        values = new bytes32[](slots.length);
        for (uint256 i = 0; i < slots.length; ++i) {
            bytes32 slot = slots[i];
            bytes32 value;
            assembly {
                value := sload(slot)
            }
            values[i] = value;
        }
    }

    /// @inheritdoc IStaking
    function announcement()
        external
        view
        returns (address implementation, address newOwner, uint256 readyAt)
    {
        Announcement memory a = _storage().announcement;
        return (a.implementation, a.owner, a.time == 0 ? 0 : a.time + _EXIT_WINDOW);
    }

    /// @inheritdoc IStaking
    function token() external view returns (address) {
        return address(_storage().token);
    }

    /// @inheritdoc IStaking
    function usdt() external view returns (address) {
        return address(_storage().usdt);
    }

    /// @inheritdoc IStaking
    function presale() external view returns (address) {
        return address(_storage().presale);
    }

    // ---------------------------------------------------------------------------------------------------
    // Internals
    // ---------------------------------------------------------------------------------------------------

    /// @dev Opens an order on terms no worse than `maxLockDay` days at `minRate` paying at most `maxPay`.
    function _deposit(
        uint256 index,
        uint256 amount,
        bool isUSDT,
        uint256 maxLockDay,
        uint256 minRate,
        uint256 maxPay
    ) private nonReentrant returns (uint256) {
        StakingStorage storage $ = _storage();
        if ($.teams[msg.sender] & _BLACKLISTED != 0) revert Blacklisted(msg.sender);
        if (index < TIERS) {
            Tier storage tier = $.tiers[index];
            (uint256 lockDay, uint256 rate) = (tier.lockDay, tier.rate);
            if (lockDay > maxLockDay || rate < minRate) revert TermsChanged(index, lockDay, rate);
        }
        uint256 link = $.links[msg.sender];
        address up1 = address(uint160(link));
        if (up1 == address(0)) {
            bool registered;
            (registered, up1,) = $.presale.getReferrers(msg.sender);
            if (!registered) revert NotRegistered(msg.sender); // the root (no referrer) asks each time
        }
        (Walk memory w, IERC20 asset, uint256 actual) = _openOrder($, index, amount, isUSDT, up1);
        if (actual > maxPay) revert PaymentTooHigh(actual, maxPay);
        // first open principal: the caller earns from its team and is a valid invite of its referrer
        $.links[msg.sender] = link | uint160(up1) | (w.validChange ? _LINK_ACTIVE : 0);
        _walk($, w, up1);
        _shareWithNodes($, w);
        if (w.invite != 0 || w.team != 0) {
            $.totalRewardInvite += uint128(w.invite); // each credit is capped by the pool held
            $.totalRewardTeam += uint128(w.team);
        }
        _collect(asset, actual);
        return w.orderIndex;
    }

    /// @dev The tier and amount rules of `deposit`, in the documented order; returns the tier's terms.
    function _checkDeposit(StakingStorage storage $, Member storage me, uint256 index, uint256 amount)
        private
        view
        returns (uint256 lockDay, uint256 rate)
    {
        uint256 addTime = uint40($.hot);
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < addTime) revert DepositsNotOpen(block.timestamp, addTime);
        if (index > TIERS - 1) revert InvalidTier(index);
        Tier memory tier = $.tiers[index];
        lockDay = tier.lockDay;
        if (lockDay == 0) revert TierClosed(index);
        if (amount == 0) revert ZeroAmount();
        if (amount < tier.min) revert AmountTooSmall(amount, tier.min);
        if (amount > tier.max) revert AmountTooLarge(amount, tier.max);
        if (amount > tier.stock) revert StockExceeded(amount, tier.stock);
        uint256 total = me.tierAmount[index] + amount;
        if (total > tier.userMax) revert UserMaxExceeded(total, tier.userMax);
        rate = tier.rate;
    }

    /// @dev Checks a deposit, reserves its static income, writes the order and the depositor's record and
    ///      returns the walk up the tree, the asset to pull and how much of it.
    function _openOrder(StakingStorage storage $, uint256 index, uint256 amount, bool isUSDT, address up1)
        private
        returns (Walk memory w, IERC20 asset, uint256 actual)
    {
        Member storage me = $.members[msg.sender];
        (uint256 lockDay, uint256 rate) = _checkDeposit($, me, index, amount);
        uint256 reward;
        (asset, actual, reward, w.pool) = _reserve($, isUSDT, amount, rate, lockDay);

        w.amount = amount;
        w.income = StakingMath.staticIncome(amount, rate, lockDay);
        _readHot($, w, lockDay);
        uint256 saved = _accelerate($, me, w);
        w.firstStake = me.orders == 0;
        w.orderIndex = _recordOrder($, me, w, index, actual, isUSDT, lockDay, rate);
        w.validChange = me.amount == amount; // first open principal (see deposit)
        if (w.firstStake) {
            ++$.totalUser;
            if (uint160(up1) > 1) $.members[up1].invitees.push(msg.sender); // not the root
        }
        w.legHead = msg.sender;
        emit Deposited(msg.sender, w.orderIndex, index, isUSDT, amount, actual, reward, w.endTime);
        if (saved != 0) emit Accelerated(msg.sender, w.orderIndex, Acceleration(w.acceleration), saved);
    }

    /// @dev Shortens the new order's lock by the depositor's acceleration, if any (docs/economics.md): from
    ///      its referral and team income so far and the principal it deposited before. Returns the seconds
    ///      saved. The static income stays the tier's, already reserved: it is only paid sooner.
    function _accelerate(StakingStorage storage $, Member storage me, Walk memory w)
        private
        view
        returns (uint256 saved)
    {
        uint256 rates = $.income;
        w.rates = rates;
        if ((rates >> 16) & type(uint48).max == 0) return 0; // no acceleration configured
        (uint256 bps, uint256 kind) = StakingMath.acceleration(
            _dynamic(me.earned), me.actual, uint16(rates >> 16), uint16(rates >> 32), uint16(rates >> 48)
        );
        saved = StakingMath.share(w.endTime - block.timestamp, bps);
        if (saved == 0) return 0;
        w.endTime -= saved;
        w.acceleration = kind;
    }

    /// @dev The settings a deposit's walk needs, from the one-slot copy.
    function _readHot(StakingStorage storage $, Walk memory w, uint256 lockDay) private view {
        uint256 hot = $.hot;
        uint256 dayTimes = uint32(hot >> 40);
        w.day = block.timestamp / dayTimes;
        w.endTime = block.timestamp + lockDay * dayTimes;
        w.algebra = uint8(hot >> 72);
        w.inviteRate = uint16(hot >> 80);
        w.equalRate = uint16(hot >> 96);
    }

    /// @dev Values the deposit in its asset and reserves its static income from that asset's pool. Returns
    ///      the USDT left in the pool for the upline's income.
    function _reserve(StakingStorage storage $, bool isUSDT, uint256 amount, uint256 rate, uint256 lockDay)
        private
        returns (IERC20 asset, uint256 actual, uint256 reward, uint256 usdtPool)
    {
        asset = isUSDT ? $.usdt : $.token;
        if (address(asset) == address(0)) revert TokenNotSet();
        actual = isUSDT ? amount : StakingMath.toTokens(amount, _observedTokenPrice($, true));
        if (actual == 0) revert ZeroAmount();
        reward = StakingMath.staticIncome(actual, rate, lockDay);
        uint256 available = _pool($, asset);
        if (reward > available) revert InsufficientRewardPool(address(asset), reward, available);
        usdtPool = isUSDT ? available - reward : _pool($, $.usdt);
        Owed storage o = $.owed[isUSDT ? 1 : 0];
        o.principal += uint128(_fit(actual, 128));
        o.income += uint128(reward); // at most 5x actual
    }

    /// @dev Rolls the price observation forward when a window has passed since the last one and, if
    ///      `forDeposit`, returns the price a token deposit is valued at now (see `_tokenPrice`).
    function _observedTokenPrice(StakingStorage storage $, bool forDeposit) private returns (uint256 price) {
        (PriceObservation memory o, bool due) = _observe($);
        if (due) {
            $.observation = o;
            emit PriceObserved(o.price, o.span);
        }
        if (forDeposit) price = _tokenPrice($, o);
    }

    /// @dev The observation a call now would keep: the stored one, or, once `window` seconds have passed since
    ///      it, the pair's cumulative price now and the average since (`due`: to be stored). Flash loans cannot
    ///      move it: the pair adds a block's price to its cumulative one only at the next block's first trade.
    function _observe(StakingStorage storage $) private view returns (PriceObservation memory o, bool due) {
        PriceOracle memory oracle = $.oracle;
        if (oracle.pair == address(0)) revert PriceUnavailable();
        o = $.observation;
        uint256 elapsed = block.timestamp - o.time;
        if (elapsed < oracle.window) return (o, false);
        uint256 cumulative = PairPrice.cumulative(oracle.pair, oracle.tokenIsToken0);
        unchecked {
            // the cumulative price wraps, as in the pair
            o.price = uint192(StakingMath.averagePrice(cumulative - o.cumulative, elapsed));
        }
        o.cumulative = cumulative;
        o.time = uint32(block.timestamp);
        o.span = uint32(elapsed);
        due = true;
    }

    /// @dev The lowest of `fbPrice`, the average price of observation `o` and the pool's price now. Refused when
    ///      there is no average over `window` to twice `window` seconds (none yet, or one stretched over a quiet
    ///      spell: call `updatePrice` and wait a window), or when `fbPrice` and the average differ by more than
    ///      `maxDeviation`.
    function _tokenPrice(StakingStorage storage $, PriceObservation memory o)
        private
        view
        returns (uint256 price)
    {
        PriceOracle memory oracle = $.oracle;
        if (o.price == 0 || o.span > 2 * uint256(oracle.window)) revert PriceUnavailable();
        uint256 fbPrice = $.hot >> 128;
        bool withinBound;
        uint256 spot = PairPrice.spot(oracle.pair, oracle.tokenIsToken0);
        (price, withinBound) = StakingMath.depositPrice(fbPrice, o.price, spot, oracle.maxDeviation);
        if (!withinBound) revert PriceDeviation(fbPrice, o.price, oracle.maxDeviation);
        if (price == 0) revert PriceUnavailable(); // an empty pool
    }

    /// @dev Writes the order, the depositor's record, the tier's stock and the totals.
    function _recordOrder(
        StakingStorage storage $,
        Member storage me,
        Walk memory w,
        uint256 tier,
        uint256 actual,
        bool isUSDT,
        uint256 lockDay,
        uint256 rate
    ) private returns (uint256 orderIndex) {
        uint256 amount = w.amount;
        orderIndex = uint256($.totalOrder) + 1;
        uint256 userIndex = me.orders;
        $.orders[orderIndex] = OrderData({
            owner: msg.sender,
            startTime: uint32(block.timestamp),
            endTime: uint32(_fit(w.endTime, 32)),
            rate: uint16(rate), // bounded by _MAX_STAKE_RATE
            lockDay: uint16(lockDay), // bounded by _MAX_DAYS
            amount: uint96(amount), // bounded by _MAX_AMOUNT
            actual: uint104(_fit(actual, 104)),
            lastTime: 0,
            userIndex: uint16(_fit(userIndex, 16)),
            kind: uint8((isUSDT ? tier | 128 : tier) | (w.acceleration << _ACCEL_SHIFT))
        });
        me.orderIndex[userIndex >> 3] |= orderIndex << ((userIndex & 7) * 32);
        me.orders = uint32(userIndex + 1); // userIndex fits 16 bits
        me.amount = uint96(_fit(uint256(me.amount) + amount, 96));
        me.actual = uint96(_fit(uint256(me.actual) + amount, 96));
        me.balance += uint128(w.income); // at most 5x amount
        me.rewardStatic += uint128(w.income);
        me.tierAmount[tier] += uint96(amount); // at most stakeUserMaxs
        if (me.day == w.day) {
            me.dayAmount += uint96(amount);
        } else {
            me.day = uint32(w.day);
            me.dayAmount = uint96(amount);
        }
        $.tiers[tier].stock -= uint96(amount); // checked: amount <= stock
        $.totalOrder = uint32(_fit(orderIndex, 32));
        $.totalAmount = uint96(_fit(uint256($.totalAmount) + amount, 96));
        $.totalStatic = uint96(_fit(uint256($.totalStatic) + w.income, 96));
    }

    /// @dev Visits the ancestors above a depositor, `up` (its referrer) first, at most `MAX_DEPTH` of them,
    ///      following the referrers cached in the link words (the registry is asked once per account, on
    ///      the first walk through it). Each ancestor costs a read of its link word and a read and write of
    ///      its team word (`_visit`). A release's walk is `_walkOut`.
    function _walk(StakingStorage storage $, Walk memory w, address up) private {
        for (uint256 generation = 1; generation < MAX_DEPTH + 1; ++generation) {
            if (uint160(up) < 2) return; // none, or _NO_REFERRER
            uint256 link = $.links[up];
            address next = address(uint160(link));
            if (next == address(0)) {
                (, next,) = $.presale.getReferrers(up);
                if (next == address(0)) next = _NO_REFERRER;
                link |= uint160(next);
                $.links[up] = link;
            }
            _visit($, w, up, generation, link);
            w.legHead = up;
            up = next;
        }
    }

    /// @dev One ancestor of a depositor, `generation` levels above it, with its link word: its team word
    ///      (volume, valid invites, level, day statistics) read and written once, its largest leg and its
    ///      income when credited. O(1).
    function _visit(
        StakingStorage storage $,
        Walk memory w,
        address ancestor,
        uint256 generation,
        uint256 link
    ) private {
        uint256 word = $.teams[ancestor];
        uint256 volume = (word & _MASK_96) + w.amount;
        uint256 valids = uint24(word >> _VALIDS_SHIFT);
        if (generation == 1 && w.validChange) ++valids;
        uint256 level = (word >> _LEVEL_SHIFT) & 15;
        if (word & _MANUAL == 0) {
            uint256 reached = _levelFor($, volume, valids, level);
            if (reached != level) {
                emit LevelChanged(ancestor, level, reached);
                level = reached;
            }
        }
        // the word is updated in place (no unpacked copy): the same fields and checks as `_pack`
        $.teams[ancestor] = _fit(volume, 96) | (_fit(valids, 24) << _VALIDS_SHIFT) | (level << _LEVEL_SHIFT)
            | (word & (_MANUAL | _BLACKLISTED)) | _dayBits(ancestor, word, w);
        // the largest leg: its head's tag is in the link word, so the leg that grows is recognised without
        // reading `maxLeg` (95 bits of an address cannot be matched by grinding)
        uint256 tag = uint160(w.legHead) & (type(uint160).max >> 65);
        if (link >> _LINK_TAG_SHIFT != tag) {
            address leg = $.maxLeg[ancestor];
            if (leg == address(0) || _legVolume($, w.legHead) > _legVolume($, leg)) {
                $.maxLeg[ancestor] = w.legHead;
                $.links[ancestor] = (link & _LINK_LOW) | (tag << _LINK_TAG_SHIFT);
            }
        }
        // only members with open principal of their own, not blacklisted, earn from their team
        if (link & _LINK_ACTIVE != 0 && word & _BLACKLISTED == 0) {
            _pay($, w, ancestor, generation, valids, level);
        }
    }

    /// @dev Bits 128-255 of an ancestor's team word after a deposit below it: members who ever staked, and
    ///      the day's statistics (reset on a new day, after a `TeamDay` event with the previous day's; they
    ///      saturate rather than block deposits).
    function _dayBits(address ancestor, uint256 word, Walk memory w) private returns (uint256) {
        uint256 first = w.firstStake ? 1 : 0;
        uint256 dayAmount = w.amount / _DAY_UNIT;
        uint256 dayUsers = first;
        uint256 lastDay = uint32(word >> _DAY_SHIFT);
        if (lastDay == w.day) {
            dayAmount += uint48(word >> _DAY_AMOUNT_SHIFT);
            dayUsers += uint16(word >> _DAY_USERS_SHIFT);
        } else if (word >> _DAY_AMOUNT_SHIFT != 0) {
            // the day the word held is over: its statistics go to the log (the team chart's history)
            emit TeamDay(
                ancestor,
                lastDay,
                uint48(word >> _DAY_AMOUNT_SHIFT) * _DAY_UNIT,
                uint16(word >> _DAY_USERS_SHIFT)
            );
        }
        if (dayAmount > type(uint48).max) dayAmount = type(uint48).max;
        if (dayUsers > type(uint16).max) dayUsers = type(uint16).max;
        return (_fit(uint32(word >> _USERS_SHIFT) + first, 32) << _USERS_SHIFT)
            | (uint256(uint32(w.day)) << _DAY_SHIFT) | (dayAmount << _DAY_AMOUNT_SHIFT)
            | (dayUsers << _DAY_USERS_SHIFT);
    }

    /// @dev Referral income for the first `algebra` generations (generation g needs g valid invites), then
    ///      the differential team rate above the highest paid below, or once the equal-level rate. Each
    ///      credit is capped by the USDT pool left.
    function _pay(
        StakingStorage storage $,
        Walk memory w,
        address ancestor,
        uint256 generation,
        uint256 valids,
        uint256 level
    ) private {
        uint256 invite;
        if (generation < w.algebra + 1 && valids > generation - 1) {
            invite = _take(w, StakingMath.share(w.income, w.inviteRate));
        }
        uint256 team;
        RewardKind kind = RewardKind.Team;
        if (level != 0) {
            (,, uint256 rate) = _levelAt($, level - 1);
            if (rate > w.highestRate) {
                team = _take(w, StakingMath.share(w.income, rate - w.highestRate));
                w.highestRate = rate;
            } else if (!w.equalPaid && rate == w.highestRate && rate != 0) {
                team = _take(w, StakingMath.share(w.income, w.equalRate));
                w.equalPaid = true;
                kind = RewardKind.Equal;
            }
        }
        if (invite == 0 && team == 0) return;
        Member storage acc = $.members[ancestor];
        acc.earned = _addCredits(acc.earned, invite, team);
        $.orderCredits[w.orderIndex][ancestor] = invite / _INCOME_UNIT | (team / _INCOME_UNIT) << 64;
        _credit($, ancestor, (invite + team) / _INCOME_UNIT, w.endTime); // vests with this order alone
        if (invite != 0) {
            w.invite += invite;
            emit RewardCredited(ancestor, w.orderIndex, RewardKind.Invite, invite);
        }
        if (team != 0) {
            w.team += team;
            emit RewardCredited(ancestor, w.orderIndex, kind, team);
        }
    }

    /// @dev The node dividend of a deposit: `nodeRate` of its static income, capped by the USDT pool left after
    ///      the upline's credits, split equally among the nodes by the `perNode` accumulator (a node's debt is
    ///      set when it joins, so it earns only from later orders). Nothing is shared while there is no node.
    function _shareWithNodes(StakingStorage storage $, Walk memory w) private {
        uint256 rates = w.rates;
        uint256 count = uint32(rates >> _NODE_COUNT_SHIFT);
        if (count == 0) return;
        uint256 amount = _take(w, StakingMath.share(w.income, uint16(rates)));
        if (amount == 0) return;
        uint256 share = amount * _PER_NODE_UNIT / count; // amount < 2^128
        $.perNode += share;
        _credit($, _NODES, Math.ceilDiv(share, _NODE_UNIT), w.endTime); // each node's share vests with the order
        uint256 credited = _fit(uint128(rates >> _NODE_CREDITED_SHIFT) + amount, 128);
        $.income = (rates & ((1 << _NODE_CREDITED_SHIFT) - 1)) | (credited << _NODE_CREDITED_SHIFT);
        $.orderCredits[w.orderIndex][_NODES] = amount;
        emit NodeDividend(w.orderIndex, amount, count);
    }

    /// @dev `account`'s referral, team and node income credited and vested (`StakingAdmin.income`, through this
    ///      contract's fallback: the schedules' walk is StakingAdmin's code).
    function _incomeInAdmin(address account) private view returns (uint256 credited, uint256 vested) {
        (bool ok, bytes memory data) =
            address(this).staticcall(abi.encodeCall(StakingAdmin.income, (account)));
        if (!ok) {
            assembly {
                revert(add(data, 32), mload(data))
            }
        }
        return abi.decode(data, (uint256, uint256));
    }

    /// @dev The referral and team income credited in income word `word`, in total.
    function _dynamic(uint256 word) private pure returns (uint256) {
        (uint256 invite, uint256 team) = _credited(word);
        return invite + team;
    }

    /// @dev Takes up to `amount` from the walk's pool, in whole `_INCOME_UNIT`s (the rest stays in the pool).
    function _take(Walk memory w, uint256 amount) private pure returns (uint256) {
        if (amount > w.pool) amount = w.pool;
        amount -= amount % _INCOME_UNIT;
        w.pool -= amount;
        return amount;
    }

    /// @dev A leg's volume: its head's own open principal plus the head's team volume.
    function _legVolume(StakingStorage storage $, address head) private view returns (uint256) {
        return uint256($.members[head].amount) + ($.teams[head] & _MASK_96);
    }

    /// @dev Pulls exactly `amount` of `asset` from the caller (measured, so fee-on-transfer tokens revert).
    function _collect(IERC20 asset, uint256 amount) private {
        uint256 balanceBefore = asset.balanceOf(address(this));
        asset.safeTransferFrom(msg.sender, address(this), amount);
        uint256 balanceAfter = asset.balanceOf(address(this));
        uint256 received = balanceAfter > balanceBefore ? balanceAfter - balanceBefore : 0;
        if (received != amount) revert PaymentMismatch(received, amount);
    }

    /// @dev Runs the current call in StakingAdmin on this contract's storage and returns or reverts with its
    ///      result (the caller's checks, events and errors are StakingAdmin's).
    function _delegateToAdmin() private {
        address admin = _ADMIN;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), admin, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }

    /// @dev What StakingAdmin implements and Staking does not declare (its views of the vesting schedules) runs
    ///      there, on this contract's storage.
    fallback() external {
        _delegateToAdmin();
    }

    /// @dev Only an upgrade announced `EXIT_WINDOW` ago: members could close their orders early meanwhile.
    function _authorizeUpgrade(address implementation) internal override onlyOwner {
        _landAnnounced(implementation, address(0));
    }

    /// @notice Only a transfer announced `EXIT_WINDOW` ago (see `announce`).
    function transferOwnership(address newOwner) public override onlyOwner {
        _landAnnounced(address(0), newOwner);
        super.transferOwnership(newOwner);
    }
}
