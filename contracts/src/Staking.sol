// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IStaking} from "./interfaces/IStaking.sol";
import {IPresale} from "./interfaces/IPresale.sol";
import {StakingMath} from "./libraries/StakingMath.sol";

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
contract Staking is IStaking, Initializable, OwnableUpgradeable, UUPSUpgradeable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @inheritdoc IStaking
    uint256 public constant RATE_DENOMINATOR = StakingMath.DENOMINATOR;
    /// @inheritdoc IStaking
    uint256 public constant MAX_DEPTH = 10;
    /// @inheritdoc IStaking
    uint256 public constant TIERS = 5;
    /// @inheritdoc IStaking
    uint256 public constant LEVELS = 10;

    uint256 private constant _MAX_AMOUNT = 1e27; // one order, stock, user max, level threshold (1e9 USDT)
    uint256 private constant _MAX_DAYS = 3650;
    uint256 private constant _MAX_STAKE_RATE = 1000; // 10% a day
    uint256 private constant _MAX_ORDER_INCOME = 50_000; // rate * days: at most 5x the principal
    uint256 private constant _MAX_FEE_RATE = 5000;
    uint256 private constant _MAX_DYNAMIC_RATE = 2000; // inviteRate, equalRate each
    uint256 private constant _MAX_TEAM_RATE = 5000;
    uint256 private constant _MAX_DYNAMIC_TOTAL = 10_000; // all upline income <= the order's static income
    uint256 private constant _MAX_DAY_TIMES = 30 days;
    uint256 private constant _MAX_HANDLE_GAS = 30_000_000;
    uint256 private constant _MIN_FB_PRICE = 1e6; // 1e-12 USDT per token
    uint256 private constant _MAX_FB_PRICE = 1e30;

    uint256 private constant _MAX_INVITE_VALIDS = type(uint16).max;
    // solhint-disable-next-line gas-small-strings
    string private constant _FIELDS =
        "dayTimes,addTime,algebra,feeRate,handleGas,swapRate,buyRate,selfRate,inviteRate,equalRate,fundRate,fbPrice,inviteValids,teamAmounts,teamRates,stakeDays,stakeRates,stakeRates*stakeDays,stakeStocks,stakeMaxs,stakeUserMaxs,stakeMins";

    // The link word (`links[account]`), read for each ancestor a walk visits (written when it changes): the
    // account's referrer (cached from the registry on the first walk through it), its active flag and the
    // tag of its largest leg.
    uint256 private constant _LINK_ACTIVE = 1 << 160; // the account has open principal of its own
    uint256 private constant _LINK_TAG_SHIFT = 161; // low 95 bits of the largest leg's head
    uint256 private constant _LINK_LOW = (1 << 161) - 1; // referrer and active flag
    address private constant _NO_REFERRER = address(1); // cached for the registry's root

    // The team word (`teams[account]`), the one slot a walk writes for each ancestor.
    uint256 private constant _VALIDS_SHIFT = 96; // uint24 valid invites; bits 0-95: team volume
    uint256 private constant _LEVEL_SHIFT = 120; // 4 bits
    uint256 private constant _MANUAL = 1 << 124;
    uint256 private constant _BLACKLISTED = 1 << 125;
    uint256 private constant _USERS_SHIFT = 128; // uint32 team members who ever staked
    uint256 private constant _DAY_SHIFT = 160; // uint32 the day of the next two fields
    uint256 private constant _DAY_AMOUNT_SHIFT = 192; // uint48 team deposits that day, in _DAY_UNIT
    uint256 private constant _DAY_USERS_SHIFT = 240; // uint16 first stakes in the team that day
    uint256 private constant _DAY_UNIT = 1e12; // day statistics count micro-USDT
    uint256 private constant _MASK_96 = type(uint96).max;

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
        // slot 2: income credited by the downline
        uint128 rewardInvite;
        uint128 rewardTeam;
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
        uint8 kind; // tier | isUSDT << 7
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
        Settings settings;
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
    }

    // keccak256(abi.encode(uint256(keccak256("taichi.storage.Staking")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _STORAGE_LOCATION =
        0x589d9b356feae775c423b14005e017a9c1b0d029da925f27b10be26b545d1500;

    modifier onlyOwnerOrManager() {
        _checkOwnerOrManager();
        _;
    }

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
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
    function deposit(uint256 index, uint256 amount, bool isUSDT)
        external
        nonReentrant
        returns (uint256 orderIndex)
    {
        StakingStorage storage $ = _storage();
        if ($.teams[msg.sender] & _BLACKLISTED != 0) revert Blacklisted(msg.sender);
        uint256 link = $.links[msg.sender];
        address up1 = address(uint160(link));
        if (up1 == address(0)) {
            bool registered;
            (registered, up1,) = $.presale.getReferrers(msg.sender);
            if (!registered) revert NotRegistered(msg.sender); // the root (no referrer) asks each time
        }
        (Walk memory w, IERC20 asset, uint256 actual) = _openOrder($, index, amount, isUSDT, up1);
        // first open principal: the caller earns from its team and is a valid invite of its referrer
        $.links[msg.sender] = link | uint160(up1) | (w.validChange ? _LINK_ACTIVE : 0);
        _walk($, w, up1);
        if (w.invite != 0 || w.team != 0) {
            $.totalRewardInvite += uint128(w.invite); // each credit is capped by the pool held
            $.totalRewardTeam += uint128(w.team);
        }
        _collect(asset, actual);
        return w.orderIndex;
    }

    /// @inheritdoc IStaking
    function release(uint256 index) external nonReentrant {
        StakingStorage storage $ = _storage();
        OrderData storage order = $.orders[index];
        OrderData memory data = order;
        if (data.owner == address(0)) revert OrderNotFound(index);
        if (data.owner != msg.sender) revert NotOrderOwner(index, data.owner);
        if (data.lastTime != 0) revert AlreadyReleased(index);
        // Lock periods are whole days; a validator's few seconds of drift do not matter to them.
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < data.endTime) revert OrderNotEnded(index, data.endTime);
        order.lastTime = uint32(block.timestamp);

        (uint256 reward, uint256 fee) = _closeOrder($, data);
        emit Released(msg.sender, index, data.actual, reward, fee);
        (data.kind > 127 ? $.usdt : $.token).safeTransfer(msg.sender, data.actual + reward - fee);
    }

    /// @inheritdoc IStaking
    function claimReward() external nonReentrant {
        StakingStorage storage $ = _storage();
        if ($.teams[msg.sender] & _BLACKLISTED != 0) revert Blacklisted(msg.sender);
        Member storage me = $.members[msg.sender];
        uint256 amount = uint256(me.rewardInvite) + me.rewardTeam - me.rewardClaimed;
        if (amount == 0) revert NothingToClaim(msg.sender);
        me.rewardClaimed += uint128(amount); // at most rewardInvite + rewardTeam, both uint128
        me.lastOut = uint32(block.timestamp);
        $.totalExtract += amount;
        emit RewardClaimed(msg.sender, amount);
        $.usdt.safeTransfer(msg.sender, amount);
    }

    // ---------------------------------------------------------------------------------------------------
    // Owner and manager
    // ---------------------------------------------------------------------------------------------------

    /// @inheritdoc IStaking
    function setConfig(Settings calldata settings) external onlyOwnerOrManager {
        _setConfig(_storage(), settings);
    }

    /// @inheritdoc IStaking
    function setConfigMulti(ConfigMulti calldata configMulti) external onlyOwnerOrManager {
        StakingStorage storage $ = _storage();
        _setConfigMulti($, configMulti);
        Settings storage s = $.settings;
        _checkDynamicTotal(s.algebra, s.inviteRate, s.equalRate, configMulti);
    }

    /// @inheritdoc IStaking
    function setTeamLevel(address account, uint256 level, bool isManual) external onlyOwnerOrManager {
        if (account == address(0)) revert ZeroAddress();
        if (level > LEVELS) revert InvalidLevel(level);
        StakingStorage storage $ = _storage();
        TeamData memory t = _team($, account);
        if (!isManual) level = _levelFor($, t.teamAmount, t.valids, t.level);
        t.level = level;
        t.isManual = isManual;
        $.teams[account] = _pack(t);
        emit TeamLevelSet(account, level, isManual);
    }

    /// @inheritdoc IStaking
    function setBlacklist(address account, bool blacklisted) external onlyOwnerOrManager {
        if (account == address(0)) revert ZeroAddress();
        StakingStorage storage $ = _storage();
        uint256 word = $.teams[account];
        $.teams[account] = blacklisted ? word | _BLACKLISTED : word & ~_BLACKLISTED;
        emit BlacklistUpdated(account, blacklisted);
    }

    /// @inheritdoc IStaking
    function setToken(address token_) external onlyOwnerOrManager {
        StakingStorage storage $ = _storage();
        if (token_ == address(0)) revert ZeroAddress();
        uint256 open = $.owed[0].principal;
        if (open != 0) revert TokenLocked(open);
        address previous = address($.token);
        $.token = IERC20(token_);
        emit TokenUpdated(previous, token_);
    }

    /// @inheritdoc IStaking
    function withdraw(address token_, address to, uint256 amount) external onlyOwnerOrManager nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        uint256 available = _pool(_storage(), IERC20(token_));
        if (amount > available) revert ExceedsWithdrawable(token_, amount, available);
        emit Withdrawn(token_, to, amount);
        IERC20(token_).safeTransfer(to, amount);
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
        uint256 rewardInvite = acc.rewardInvite;
        uint256 rewardTeam = acc.rewardTeam;
        return User({
            index: registered.index,
            inviteCode: registered.refer,
            amount: acc.amount,
            actual: acc.actual,
            balance: acc.balance,
            rewardTotal: rewardStatic + rewardInvite + rewardTeam,
            rewardStatic: rewardStatic,
            rewardInvite: rewardInvite,
            rewardTeam: rewardTeam,
            balanceReward: rewardInvite + rewardTeam - acc.rewardClaimed,
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
    function getConfigMulti() public view returns (ConfigMulti memory m) {
        StakingStorage storage $ = _storage();
        for (uint256 lvl = 0; lvl < LEVELS; ++lvl) {
            (m.teamAmounts[lvl], m.inviteValids[lvl], m.teamRates[lvl]) = _levelAt($, lvl);
        }
        for (uint256 i = 0; i < TIERS; ++i) {
            Tier memory tier = $.tiers[i];
            m.stakeDays[i] = tier.lockDay;
            m.stakeRates[i] = tier.rate;
            m.stakeStocks[i] = tier.stock;
            m.stakeMins[i] = tier.min;
            m.stakeMaxs[i] = tier.max;
            m.stakeUserMaxs[i] = tier.userMax;
        }
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

    function _checkOwnerOrManager() private view {
        if (msg.sender != owner() && msg.sender != _storage().presale.getConfig().manager) {
            revert NotOwnerOrManager(msg.sender);
        }
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

        w.isDeposit = true;
        w.amount = amount;
        w.income = StakingMath.staticIncome(amount, rate, lockDay);
        _readHot($, w, lockDay);
        w.firstStake = me.orders == 0;
        w.orderIndex = _recordOrder($, me, w, index, actual, isUSDT, lockDay, rate);
        w.validChange = me.amount == amount; // first open principal (see deposit)
        if (w.firstStake) {
            ++$.totalUser;
            if (uint160(up1) > 1) $.members[up1].invitees.push(msg.sender); // not the root
        }
        w.legHead = msg.sender;
        emit Deposited(msg.sender, w.orderIndex, index, isUSDT, amount, actual, reward, w.endTime);
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
        actual = isUSDT ? amount : StakingMath.toTokens(amount, $.hot >> 128);
        if (actual == 0) revert ZeroAmount();
        reward = StakingMath.staticIncome(actual, rate, lockDay);
        uint256 available = _pool($, asset);
        if (reward > available) revert InsufficientRewardPool(address(asset), reward, available);
        usdtPool = isUSDT ? available - reward : _pool($, $.usdt);
        Owed storage o = $.owed[isUSDT ? 1 : 0];
        o.principal += uint128(_fit(actual, 128));
        o.income += uint128(reward); // at most 5x actual
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
            kind: uint8(isUSDT ? tier | 128 : tier)
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

    /// @dev The effects of `release` but the order's own `lastTime`: what is owed, the owner's record, the
    ///      referrer's valid invites and the upline's team volume. Returns what the order pays.
    function _closeOrder(StakingStorage storage $, OrderData memory order)
        private
        returns (uint256 reward, uint256 fee)
    {
        uint256 amount = order.amount;
        reward = StakingMath.staticIncome(order.actual, order.rate, order.lockDay);
        fee = StakingMath.share(reward, uint16($.hot >> 112));
        Owed storage o = $.owed[order.kind > 127 ? 1 : 0];
        o.principal -= order.actual;
        o.income -= uint128(reward);

        Member storage me = $.members[msg.sender];
        // the order's principal and income are part of the owner's open principal and reserved income
        uint256 left = me.amount - amount;
        me.amount = uint96(left);
        me.balance -= uint128(StakingMath.staticIncome(amount, order.rate, order.lockDay));
        me.tierAmount[order.kind & 127] -= uint96(amount);
        me.lastOut = uint32(block.timestamp);

        Walk memory w;
        w.amount = amount;
        uint256 link = $.links[msg.sender]; // its referrer was cached when the order was opened
        if (left == 0) {
            $.links[msg.sender] = link & ~_LINK_ACTIVE;
            w.validChange = true;
        }
        _walk($, w, address(uint160(link)));
    }

    /// @dev Visits the ancestors above the caller, `up` (its referrer) first, at most `MAX_DEPTH` of them,
    ///      following the referrers cached in the link words (the registry is asked once per account, on
    ///      the first walk through it; a release only follows links its order's deposit cached). Each
    ///      ancestor costs a read of its link word and a read and write of its team word. A release only
    ///      takes its principal out of the team volumes (and the referrer's valid invite, if it was the
    ///      last): levels follow a shrinking volume when the account is next visited or read (`teams`
    ///      computes it), with no `LevelChanged` event until then.
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
            if (w.isDeposit) {
                _visit($, w, up, generation, link);
            } else {
                // the volume (bits 0-95) and valid invites counted this principal when it opened
                $.teams[up] -= w.amount + (generation == 1 && w.validChange ? 1 << _VALIDS_SHIFT : 0);
            }
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
        TeamData memory t = _unpack($.teams[ancestor]);
        t.teamAmount += w.amount;
        if (generation == 1 && w.validChange) ++t.valids;
        if (t.day != w.day) {
            t.day = w.day;
            t.dayAmount = 0;
            t.dayUsers = 0;
        }
        t.dayAmount += w.amount / _DAY_UNIT; // saturates in _pack
        if (w.firstStake) {
            ++t.teamUser;
            ++t.dayUsers;
        }
        if (!t.isManual) {
            uint256 level = _levelFor($, t.teamAmount, t.valids, t.level);
            if (level != t.level) {
                emit LevelChanged(ancestor, t.level, level);
                t.level = level;
            }
        }
        $.teams[ancestor] = _pack(t);
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
        if (link & _LINK_ACTIVE != 0 && !t.blacklisted) _pay($, w, ancestor, generation, t);
    }

    /// @dev Referral income for the first `algebra` generations (generation g needs g valid invites), then
    ///      the differential team rate above the highest paid below, or once the equal-level rate. Each
    ///      credit is capped by the USDT pool left.
    function _pay(
        StakingStorage storage $,
        Walk memory w,
        address ancestor,
        uint256 generation,
        TeamData memory t
    ) private {
        uint256 invite;
        if (generation < w.algebra + 1 && t.valids > generation - 1) {
            invite = _take(w, StakingMath.share(w.income, w.inviteRate));
        }
        uint256 team;
        RewardKind kind = RewardKind.Team;
        if (t.level != 0) {
            (,, uint256 rate) = _levelAt($, t.level - 1);
            if (rate > w.highestRate) {
                team = _take(w, StakingMath.share(w.income, rate - w.highestRate));
                w.highestRate = rate;
            } else if (rate == w.highestRate && !w.equalPaid) {
                team = _take(w, StakingMath.share(w.income, w.equalRate));
                w.equalPaid = true;
                kind = RewardKind.Equal;
            }
        }
        if (invite == 0 && team == 0) return;
        Member storage acc = $.members[ancestor];
        if (invite != 0) {
            acc.rewardInvite += uint128(invite); // capped by the pool held
            w.invite += invite;
            emit RewardCredited(ancestor, w.orderIndex, RewardKind.Invite, invite);
        }
        if (team != 0) {
            acc.rewardTeam += uint128(team);
            w.team += team;
            emit RewardCredited(ancestor, w.orderIndex, kind, team);
        }
    }

    /// @dev Takes up to `amount` from the walk's pool.
    function _take(Walk memory w, uint256 amount) private pure returns (uint256) {
        if (amount > w.pool) amount = w.pool;
        w.pool -= amount;
        return amount;
    }

    /// @dev A leg's volume: its head's own open principal plus the head's team volume.
    function _legVolume(StakingStorage storage $, address head) private view returns (uint256) {
        return uint256($.members[head].amount) + ($.teams[head] & _MASK_96);
    }

    /// @dev `account`'s team word with its level now: the stored one if manual, else recomputed (a release
    ///      leaves the stored one as it was).
    function _team(StakingStorage storage $, address account) private view returns (TeamData memory t) {
        t = _unpack($.teams[account]);
        if (!t.isManual) t.level = _levelFor($, t.teamAmount, t.valids, t.level);
    }

    /// @dev Level `index + 1`'s thresholds and rate.
    function _levelAt(StakingStorage storage $, uint256 index)
        private
        view
        returns (uint256 teamAmount, uint256 valids, uint256 rate)
    {
        uint256 word = $.levels[index >> 1] >> ((index & 1) * 128);
        return (word & _MASK_96, uint16(word >> 96), uint16(word >> 112));
    }

    /// @dev The level a team of `team` volume and `valids` valid invites reaches, moving from `level` one
    ///      threshold at a time (thresholds are non-decreasing, so this is the highest level met).
    function _levelFor(StakingStorage storage $, uint256 team, uint256 valids, uint256 level)
        private
        view
        returns (uint256)
    {
        while (level < LEVELS) {
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

    function _unpack(uint256 word) private pure returns (TeamData memory t) {
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
    function _pack(TeamData memory t) private pure returns (uint256 word) {
        word = _fit(t.teamAmount, 96) | (_fit(t.valids, 24) << _VALIDS_SHIFT) | (t.level << _LEVEL_SHIFT)
            | (_fit(t.teamUser, 32) << _USERS_SHIFT) | (uint256(uint32(t.day)) << _DAY_SHIFT)
            | ((t.dayAmount < type(uint48).max ? t.dayAmount : type(uint48).max) << _DAY_AMOUNT_SHIFT)
            | ((t.dayUsers < type(uint16).max ? t.dayUsers : type(uint16).max) << _DAY_USERS_SHIFT);
        if (t.isManual) word |= _MANUAL;
        if (t.blacklisted) word |= _BLACKLISTED;
    }

    /// @dev Pulls exactly `amount` of `asset` from the caller (measured, so fee-on-transfer tokens revert).
    function _collect(IERC20 asset, uint256 amount) private {
        uint256 balanceBefore = asset.balanceOf(address(this));
        asset.safeTransferFrom(msg.sender, address(this), amount);
        uint256 balanceAfter = asset.balanceOf(address(this));
        uint256 received = balanceAfter > balanceBefore ? balanceAfter - balanceBefore : 0;
        if (received != amount) revert PaymentMismatch(received, amount);
    }

    function _owed(StakingStorage storage $, address token_) private view returns (uint256 total) {
        if (token_ == address($.usdt)) {
            Owed memory o = $.owed[1];
            total = o.principal + o.income + $.totalRewardInvite + $.totalRewardTeam - $.totalExtract;
        }
        if (token_ == address($.token) && token_ != address(0)) {
            Owed memory o = $.owed[0];
            total += uint256(o.principal) + o.income;
        }
    }

    function _pool(StakingStorage storage $, IERC20 asset) private view returns (uint256) {
        uint256 held = asset.balanceOf(address(this));
        uint256 owed_ = _owed($, address(asset));
        return held > owed_ ? held - owed_ : 0;
    }

    function _setConfig(StakingStorage storage $, Settings memory s) private {
        if (s.dayTimes == 0) revert ValueZero(_field(0)); // dayTimes
        _checkMax(0, s.dayTimes, _MAX_DAY_TIMES); // dayTimes
        _checkMax(1, s.addTime, type(uint40).max); // addTime
        _checkMax(2, s.algebra, MAX_DEPTH); // algebra
        _checkMax(3, s.feeRate, _MAX_FEE_RATE); // feeRate
        _checkMax(4, s.handleGas, _MAX_HANDLE_GAS); // handleGas
        _checkMax(5, s.swapRate, RATE_DENOMINATOR); // swapRate
        _checkMax(6, s.buyRate, RATE_DENOMINATOR); // buyRate
        _checkMax(7, s.selfRate, RATE_DENOMINATOR); // selfRate
        _checkMax(8, s.inviteRate, _MAX_DYNAMIC_RATE); // inviteRate
        _checkMax(9, s.equalRate, _MAX_DYNAMIC_RATE); // equalRate
        _checkMax(10, s.fundRate, RATE_DENOMINATOR); // fundRate
        if (s.fbPrice < _MIN_FB_PRICE) revert ValueZero(_field(11)); // fbPrice
        _checkMax(11, s.fbPrice, _MAX_FB_PRICE); // fbPrice
        _checkDynamicTotal(s.algebra, s.inviteRate, s.equalRate, getConfigMulti());
        $.settings = s;
        // every field is within its bound above
        $.hot = s.addTime | (s.dayTimes << 40) | (s.algebra << 72) | (s.inviteRate << 80)
            | (s.equalRate << 96) | (s.feeRate << 112) | (s.fbPrice << 128);
        emit ConfigUpdated(s);
    }

    // solhint-disable-next-line function-max-lines
    function _setConfigMulti(StakingStorage storage $, ConfigMulti memory m) private {
        for (uint256 i = 0; i < LEVELS; ++i) {
            _checkMax(12, m.inviteValids[i], _MAX_INVITE_VALIDS); // inviteValids
            _checkMax(13, m.teamAmounts[i], _MAX_AMOUNT); // teamAmounts
            _checkMax(14, m.teamRates[i], _MAX_TEAM_RATE); // teamRates
            if (i != 0) {
                if (m.inviteValids[i] < m.inviteValids[i - 1]) {
                    revert NotAscending(
                        _field(
                            12 /* inviteValids */
                        ),
                        i
                    );
                }
                if (m.teamAmounts[i] < m.teamAmounts[i - 1]) {
                    revert NotAscending(
                        _field(
                            13 /* teamAmounts */
                        ),
                        i
                    );
                }
                if (m.teamRates[i] < m.teamRates[i - 1]) {
                    revert NotAscending(
                        _field(
                            14 /* teamRates */
                        ),
                        i
                    );
                }
            }
        }
        for (uint256 i = 0; i < LEVELS; i += 2) {
            uint256 low = m.teamAmounts[i] | (m.inviteValids[i] << 96) | (m.teamRates[i] << 112);
            uint256 high = m.teamAmounts[i + 1] | (m.inviteValids[i + 1] << 96) | (m.teamRates[i + 1] << 112);
            $.levels[i >> 1] = low | (high << 128);
        }
        for (uint256 t = 0; t < TIERS; ++t) {
            _checkMax(15, m.stakeDays[t], _MAX_DAYS); // stakeDays
            _checkMax(16, m.stakeRates[t], _MAX_STAKE_RATE); // stakeRates
            _checkMax(
                17,
                /* stakeRates*stakeDays */
                m.stakeRates[t] * m.stakeDays[t],
                _MAX_ORDER_INCOME
            );
            _checkMax(18, m.stakeStocks[t], _MAX_AMOUNT); // stakeStocks
            _checkMax(19, m.stakeMaxs[t], _MAX_AMOUNT); // stakeMaxs
            _checkMax(20, m.stakeUserMaxs[t], _MAX_AMOUNT); // stakeUserMaxs
            if (m.stakeMins[t] > m.stakeMaxs[t]) {
                revert NotAscending(
                    _field(
                        21 /* stakeMins */
                    ),
                    t
                );
            }
            $.tiers[t] = Tier({
                stock: uint96(m.stakeStocks[t]),
                userMax: uint96(m.stakeUserMaxs[t]),
                lockDay: uint16(m.stakeDays[t]),
                rate: uint16(m.stakeRates[t]),
                min: uint96(m.stakeMins[t]),
                max: uint96(m.stakeMaxs[t])
            });
        }
        emit ConfigMultiUpdated(m);
    }

    /// @dev All upline income of one order is at most its static income: `algebra * inviteRate` plus the
    ///      top team rate plus `equalRate`.
    function _checkDynamicTotal(uint256 algebra, uint256 inviteRate, uint256 equalRate, ConfigMulti memory m)
        private
        pure
    {
        uint256 total = algebra * inviteRate + m.teamRates[LEVELS - 1] + equalRate;
        if (total > _MAX_DYNAMIC_TOTAL) revert DynamicRatesTooHigh(total, _MAX_DYNAMIC_TOTAL);
    }

    /// @dev `value`, checked to fit in `bits` bits (one function for every width: Staking is near its size limit).
    function _fit(uint256 value, uint256 bits) private pure returns (uint256) {
        if (value >> bits != 0) revert SafeCast.SafeCastOverflowedUintDowncast(uint8(bits), value);
        return value;
    }

    function _checkMax(uint256 field, uint256 value, uint256 max) private pure {
        if (value > max) revert ValueTooHigh(_field(field), value, max);
    }

    /// @dev The name of configuration field number `id` in `_FIELDS`, for the errors (one string in the code
    ///      instead of one per check: Staking is close to the size limit).
    function _field(uint256 id) private pure returns (string memory) {
        bytes memory all = bytes(_FIELDS);
        uint256 start;
        uint256 end;
        for (; end < all.length; ++end) {
            if (all[end] != ",") continue;
            if (id == 0) break;
            --id;
            start = end + 1;
        }
        bytes memory name = new bytes(end - start);
        for (uint256 i = 0; i < name.length; ++i) {
            name[i] = all[start + i];
        }
        return string(name);
    }

    function _authorizeUpgrade(address) internal override onlyOwner {}

    function _storage() private pure returns (StakingStorage storage $) {
        assembly {
            $.slot := _STORAGE_LOCATION
        }
    }
}
