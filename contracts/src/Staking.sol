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
/// @dev Cost does not grow with the team: a deposit or release visits at most `MAX_DEPTH` ancestors (read
///      from the registry two at a time with `getReferrers`) and does O(1) work for each: the ancestor's team
///      volume, its largest leg, its level (moved one threshold at a time) and its income. No loop runs over
///      a member's invitees or team. The reward pool is implicit: the balance above what is owed (principal
///      and static income of open orders, credited unclaimed income), so it can never go negative.
contract Staking is IStaking, Initializable, OwnableUpgradeable, UUPSUpgradeable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

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
    uint256 private constant _MAX_INVITE_VALIDS = type(uint24).max;

    /// @dev A member. Slot 0 is what an ancestor visit reads and writes.
    struct Account {
        // slot 0
        uint96 amount; // own open principal, USDT value
        uint112 teamAmount; // open principal of the team (MAX_DEPTH generations), USDT value
        uint24 inviteValids; // direct invitees with open principal
        uint8 level;
        bool isManual;
        bool blacklisted;
        // slot 1: the largest leg
        address maxAccount;
        uint96 teamMax;
        // slot 2
        uint32 teamUser;
        uint32 orders;
        uint40 lastOut;
        uint128 balance; // static income of open orders, USDT value
        // slot 3: income credited by the downline
        uint128 rewardInvite;
        uint128 rewardTeam;
        // slot 4
        uint128 rewardStatic;
        uint128 rewardClaimed;
        // slot 5
        uint128 actual; // principal deposited in total, USDT value
        uint256[5] tierAmount; // open principal per tier, USDT value
        address[] invitees; // direct invitees who have staked, in the order they first staked
        mapping(uint256 userIndex => uint256) orderIndex;
    }

    /// @dev An order, two slots written at deposit and a third at release.
    struct OrderData {
        address owner;
        uint40 startTime;
        uint40 endTime;
        uint8 tier;
        bool isUSDT;
        uint104 amount;
        uint104 actual;
        uint16 rate;
        uint16 lockDay;
        uint16 userIndex;
        uint40 lastTime;
    }

    /// @custom:storage-location erc7201:taichi.storage.Staking
    struct StakingStorage {
        IPresale presale;
        IERC20 usdt;
        IERC20 token;
        Settings settings;
        ConfigMulti multi;
        uint256 totalUser;
        uint256 totalOrder;
        uint256 totalAmount;
        uint256 totalReward;
        uint256 totalRewardInvite;
        uint256 totalRewardTeam;
        uint256 totalExtract;
        // open orders, by asset (index 1: USDT, 0: project token)
        uint256[2] principalOwed;
        uint256[2] staticOwed;
        mapping(address account => Account) accounts;
        mapping(uint256 index => OrderData) orders;
        mapping(address account => mapping(uint256 day => uint256)) dayTeamAmounts;
        mapping(address account => mapping(uint256 day => uint256)) dayTeamUsers;
        mapping(address account => mapping(uint256 day => uint256)) dayUserAmounts;
    }

    /// @dev What one walk up the tree carries from ancestor to ancestor (memory only).
    // solhint-disable-next-line gas-struct-packing
    struct Walk {
        bool isDeposit;
        bool firstStake;
        bool equalPaid;
        uint256 orderIndex;
        uint256 amount; // principal, USDT value
        uint256 income; // the order's static income, USDT value (base of upline income)
        uint256 day;
        uint256 pool; // USDT still free for credits
        uint256 highestRate; // highest team rate paid below
        address legHead; // the ancestor's direct invitee the walk came from
        uint256 legVolume; // that invitee's own principal plus its team volume
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
        _setConfigMulti($, _defaultMulti());
        _setConfig(
            $,
            Settings({
                addTime: 0,
                dayTimes: 1 days,
                algebra: 3,
                feeRate: 0,
                handleGas: 0,
                swapRate: 0,
                buyRate: 0,
                selfRate: 0,
                inviteRate: 1000,
                equalRate: 500,
                fundRate: 0,
                fbPrice: 1e18
            })
        );
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
        if ($.accounts[msg.sender].blacklisted) revert Blacklisted(msg.sender);
        (bool registered, address up1, address up2) = $.presale.getReferrers(msg.sender);
        if (!registered) revert NotRegistered(msg.sender);
        (Walk memory w, IERC20 asset, uint256 actual) = _openOrder($, index, amount, isUSDT, up1);
        _walk($, w, up1, up2);
        if (w.invite != 0 || w.team != 0) {
            $.totalRewardInvite += w.invite;
            $.totalRewardTeam += w.team;
            $.totalReward += w.invite + w.team;
        }
        _collect(asset, actual);
        return w.orderIndex;
    }

    /// @inheritdoc IStaking
    function release(uint256 index) external nonReentrant {
        StakingStorage storage $ = _storage();
        OrderData storage order = $.orders[index];
        address owner_ = order.owner;
        if (owner_ == address(0)) revert OrderNotFound(index);
        if (owner_ != msg.sender) revert NotOrderOwner(index, owner_);
        if (order.lastTime != 0) revert AlreadyReleased(index);
        uint256 endTime = order.endTime;
        // Lock periods are whole days; a validator's few seconds of drift do not matter to them.
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < endTime) revert OrderNotEnded(index, endTime);
        order.lastTime = uint40(block.timestamp);

        (uint256 actual, uint256 reward, uint256 fee) = _closeOrder($, order);
        emit Released(msg.sender, index, actual, reward, fee);
        (order.isUSDT ? $.usdt : $.token).safeTransfer(msg.sender, actual + reward - fee);
    }

    /// @inheritdoc IStaking
    function claimReward() external nonReentrant {
        StakingStorage storage $ = _storage();
        Account storage me = $.accounts[msg.sender];
        if (me.blacklisted) revert Blacklisted(msg.sender);
        uint256 amount = uint256(me.rewardInvite) + me.rewardTeam - me.rewardClaimed;
        if (amount == 0) revert NothingToClaim(msg.sender);
        me.rewardClaimed += uint128(amount); // at most rewardInvite + rewardTeam, both uint128
        me.lastOut = uint40(block.timestamp);
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
        _checkDynamicTotal($.settings.algebra, $.settings.inviteRate, $.settings.equalRate, configMulti);
    }

    /// @inheritdoc IStaking
    function setTeamLevel(address account, uint256 level, bool isManual) external onlyOwnerOrManager {
        if (account == address(0)) revert ZeroAddress();
        if (level > LEVELS) revert InvalidLevel(level);
        StakingStorage storage $ = _storage();
        Account storage acc = $.accounts[account];
        uint256 previous = acc.level;
        if (!isManual) level = _levelFor($, acc.teamAmount, acc.inviteValids, previous);
        acc.level = uint8(level);
        acc.isManual = isManual;
        emit TeamLevelSet(account, level, isManual);
    }

    /// @inheritdoc IStaking
    function setBlacklist(address account, bool blacklisted) external onlyOwnerOrManager {
        if (account == address(0)) revert ZeroAddress();
        _storage().accounts[account].blacklisted = blacklisted;
        emit BlacklistUpdated(account, blacklisted);
    }

    /// @inheritdoc IStaking
    function setToken(address token_) external onlyOwnerOrManager {
        StakingStorage storage $ = _storage();
        if (token_ == address(0)) revert ZeroAddress();
        uint256 open = $.principalOwed[0];
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
        Account storage acc = $.accounts[account];
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
    function orderIsUSDT(uint256 index) external view returns (bool) {
        return _storage().orders[index].isUSDT;
    }

    /// @inheritdoc IStaking
    function teams(address account) external view returns (Team memory) {
        StakingStorage storage $ = _storage();
        Account storage acc = $.accounts[account];
        uint256 teamAmount = acc.teamAmount;
        uint256 teamMax = acc.teamMax;
        return Team({
            isManual: acc.isManual,
            level: acc.isManual ? acc.level : _levelFor($, teamAmount, acc.inviteValids, acc.level),
            invites: $.presale.users(account).invites,
            inviteValids: acc.inviteValids,
            teamUser: acc.teamUser,
            teamAmount: teamAmount,
            teamMax: teamMax,
            teamMin: teamAmount > teamMax ? teamAmount - teamMax : 0,
            maxAccount: acc.maxAccount
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
    function getConfigMulti() external view returns (ConfigMulti memory) {
        return _storage().multi;
    }

    /// @inheritdoc IStaking
    function getTotals() external view returns (Totals memory) {
        StakingStorage storage $ = _storage();
        return Totals({
            totalUser: $.totalUser,
            totalOrder: $.totalOrder,
            totalAmount: $.totalAmount,
            totalReward: $.totalReward,
            totalRewardInvite: $.totalRewardInvite,
            totalRewardTeam: $.totalRewardTeam,
            totalExtract: $.totalExtract,
            lastIndex: $.totalOrder
        });
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
        address[] storage list = $.accounts[account].invitees;
        total = list.length;
        uint256 size = offset < total ? total - offset : 0;
        if (limit < size) size = limit;
        invitees = new Invitee[](size);
        for (uint256 i = 0; i < size; ++i) {
            address invitee = list[offset + i];
            Account storage acc = $.accounts[invitee];
            invitees[i] =
                Invitee({account: invitee, amount: acc.amount, teamAmount: acc.teamAmount, level: acc.level});
        }
    }

    /// @inheritdoc IStaking
    function userOrderIndex(address account, uint256 userIndex) external view returns (uint256) {
        return _storage().accounts[account].orderIndex[userIndex];
    }

    /// @inheritdoc IStaking
    function dayTeamAmounts(address account, uint256 day) external view returns (uint256) {
        return _storage().dayTeamAmounts[account][day];
    }

    /// @inheritdoc IStaking
    function dayTeamUsers(address account, uint256 day) external view returns (uint256) {
        return _storage().dayTeamUsers[account][day];
    }

    /// @inheritdoc IStaking
    function dayUserAmounts(address account, uint256 day) external view returns (uint256) {
        return _storage().dayUserAmounts[account][day];
    }

    /// @inheritdoc IStaking
    function isBlacklisted(address account) external view returns (bool) {
        return _storage().accounts[account].blacklisted;
    }

    /// @inheritdoc IStaking
    function owed(address token_) external view returns (uint256) {
        return _owed(_storage(), token_);
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
    function _checkDeposit(StakingStorage storage $, Account storage me, uint256 index, uint256 amount)
        private
        view
        returns (uint256 lockDay, uint256 rate)
    {
        uint256 addTime = $.settings.addTime;
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < addTime) revert DepositsNotOpen(block.timestamp, addTime);
        if (index > TIERS - 1) revert InvalidTier(index);
        ConfigMulti storage multi = $.multi;
        lockDay = multi.stakeDays[index];
        if (lockDay == 0) revert TierClosed(index);
        if (amount == 0) revert ZeroAmount();
        uint256 bound = multi.stakeMins[index];
        if (amount < bound) revert AmountTooSmall(amount, bound);
        bound = multi.stakeMaxs[index];
        if (amount > bound) revert AmountTooLarge(amount, bound);
        bound = multi.stakeStocks[index];
        if (amount > bound) revert StockExceeded(amount, bound);
        uint256 total = me.tierAmount[index] + amount;
        bound = multi.stakeUserMaxs[index];
        if (total > bound) revert UserMaxExceeded(total, bound);
        rate = multi.stakeRates[index];
    }

    /// @dev Checks a deposit, reserves its static income, writes the order and the depositor's record and
    ///      returns the walk up the tree, the asset to pull and how much of it.
    function _openOrder(StakingStorage storage $, uint256 index, uint256 amount, bool isUSDT, address up1)
        private
        returns (Walk memory w, IERC20 asset, uint256 actual)
    {
        Account storage me = $.accounts[msg.sender];
        (uint256 lockDay, uint256 rate) = _checkDeposit($, me, index, amount);
        uint256 reward;
        (asset, actual, reward, w.pool) = _reserve($, isUSDT, amount, rate, lockDay);

        w.isDeposit = true;
        w.amount = amount;
        w.income = StakingMath.staticIncome(amount, rate, lockDay);
        w.day = block.timestamp / $.settings.dayTimes;
        w.firstStake = me.orders == 0;
        w.orderIndex = _recordOrder($, me, index, amount, actual, isUSDT, lockDay, rate);
        $.totalReward += w.income;
        if (me.amount == amount && up1 != address(0)) {
            // first open principal: the caller becomes a valid invite of its referrer
            ++$.accounts[up1].inviteValids;
        }
        if (w.firstStake) {
            ++$.totalUser;
            if (up1 != address(0)) $.accounts[up1].invitees.push(msg.sender);
        }
        w.legHead = msg.sender;
        w.legVolume = uint256(me.amount) + me.teamAmount;
        _emitDeposited($.orders[w.orderIndex], w.orderIndex, reward);
    }

    function _emitDeposited(OrderData storage order, uint256 orderIndex, uint256 reward) private {
        emit Deposited(
            msg.sender,
            orderIndex,
            order.tier,
            order.isUSDT,
            order.amount,
            order.actual,
            reward,
            order.endTime
        );
    }

    /// @dev Values the deposit in its asset and reserves its static income from that asset's pool. Returns
    ///      the USDT left in the pool for the upline's income.
    function _reserve(StakingStorage storage $, bool isUSDT, uint256 amount, uint256 rate, uint256 lockDay)
        private
        returns (IERC20 asset, uint256 actual, uint256 reward, uint256 usdtPool)
    {
        asset = isUSDT ? $.usdt : $.token;
        if (address(asset) == address(0)) revert TokenNotSet();
        actual = isUSDT ? amount : StakingMath.toTokens(amount, $.settings.fbPrice);
        if (actual == 0) revert ZeroAmount();
        reward = StakingMath.staticIncome(actual, rate, lockDay);
        uint256 available = _pool($, asset);
        if (reward > available) revert InsufficientRewardPool(address(asset), reward, available);
        usdtPool = isUSDT ? available - reward : _pool($, $.usdt);
        uint256 slot = isUSDT ? 1 : 0;
        $.principalOwed[slot] += actual;
        $.staticOwed[slot] += reward;
    }

    /// @dev Writes the order, the depositor's record, the tier's stock and the day statistics.
    function _recordOrder(
        StakingStorage storage $,
        Account storage me,
        uint256 tier,
        uint256 amount,
        uint256 actual,
        bool isUSDT,
        uint256 lockDay,
        uint256 rate
    ) private returns (uint256 orderIndex) {
        orderIndex = ++$.totalOrder;
        uint256 userIndex = me.orders;
        $.orders[orderIndex] = OrderData({
            owner: msg.sender,
            startTime: block.timestamp.toUint40(),
            endTime: (block.timestamp + lockDay * $.settings.dayTimes).toUint40(),
            tier: uint8(tier),
            isUSDT: isUSDT,
            amount: amount.toUint104(),
            actual: actual.toUint104(),
            rate: uint16(rate), // bounded by _MAX_STAKE_RATE
            lockDay: uint16(lockDay), // bounded by _MAX_DAYS
            userIndex: userIndex.toUint16(),
            lastTime: 0
        });
        me.orderIndex[userIndex] = orderIndex;
        uint256 income = StakingMath.staticIncome(amount, rate, lockDay);
        me.orders = uint32(userIndex + 1); // userIndex fits 16 bits
        me.balance += income.toUint128();
        me.rewardStatic += income.toUint128();
        me.amount = (uint256(me.amount) + amount).toUint96();
        me.actual += amount.toUint128();
        me.tierAmount[tier] += amount;
        $.multi.stakeStocks[tier] -= amount; // checked: amount <= stock
        $.totalAmount += amount;
        $.dayUserAmounts[msg.sender][block.timestamp / $.settings.dayTimes] += amount;
    }

    /// @dev The effects of `release` but the order's own `lastTime`: what is owed, the owner's record, the
    ///      referrer's valid invites and the upline's team volume. Returns what the order pays.
    function _closeOrder(StakingStorage storage $, OrderData storage order)
        private
        returns (uint256 actual, uint256 reward, uint256 fee)
    {
        uint256 amount = order.amount;
        uint256 rate = order.rate;
        uint256 lockDay = order.lockDay;
        actual = order.actual;
        reward = StakingMath.staticIncome(actual, rate, lockDay);
        fee = StakingMath.share(reward, $.settings.feeRate);
        uint256 slot = order.isUSDT ? 1 : 0;
        $.principalOwed[slot] -= actual;
        $.staticOwed[slot] -= reward;

        Account storage me = $.accounts[msg.sender];
        // the order's principal and income are part of the owner's open principal and reserved income
        me.amount -= uint96(amount);
        me.balance -= uint128(StakingMath.staticIncome(amount, rate, lockDay));
        me.tierAmount[order.tier] -= amount;
        me.lastOut = uint40(block.timestamp);
        (, address up1, address up2) = $.presale.getReferrers(msg.sender);
        if (me.amount == 0 && up1 != address(0)) --$.accounts[up1].inviteValids;

        Walk memory w;
        w.amount = amount;
        w.legHead = msg.sender;
        w.legVolume = uint256(me.amount) + me.teamAmount;
        _walk($, w, up1, up2);
    }

    /// @dev Visits the ancestors above the caller, `up1` (its referrer) and `up2` first, at most `MAX_DEPTH`
    ///      of them; the registry hands out two generations per call.
    function _walk(StakingStorage storage $, Walk memory w, address up1, address up2) private {
        for (uint256 generation = 1; generation < MAX_DEPTH; generation += 2) {
            if (up1 == address(0)) return;
            _visit($, w, up1, generation);
            if (up2 == address(0)) return;
            _visit($, w, up2, generation + 1);
            if (generation + 2 > MAX_DEPTH) return;
            (, up1, up2) = $.presale.getReferrers(up2);
        }
    }

    /// @dev One ancestor, `generation` levels above the depositor: team volume, largest leg, level and (on a
    ///      deposit) statistics and income. O(1).
    function _visit(StakingStorage storage $, Walk memory w, address ancestor, uint256 generation) private {
        Account storage acc = $.accounts[ancestor];
        uint256 team = w.isDeposit ? uint256(acc.teamAmount) + w.amount : uint256(acc.teamAmount) - w.amount;
        acc.teamAmount = team.toUint112();

        address maxAccount = acc.maxAccount;
        if (maxAccount == w.legHead) {
            acc.teamMax = w.legVolume.toUint96();
        } else if (w.isDeposit && w.legVolume > acc.teamMax) {
            acc.maxAccount = w.legHead;
            acc.teamMax = w.legVolume.toUint96();
        }

        uint256 level = acc.level;
        if (!acc.isManual) {
            uint256 newLevel = _levelFor($, team, acc.inviteValids, level);
            if (newLevel != level) {
                acc.level = uint8(newLevel);
                emit LevelChanged(ancestor, level, newLevel);
                level = newLevel;
            }
        }

        if (w.isDeposit) {
            if (w.firstStake) {
                ++acc.teamUser;
                ++$.dayTeamUsers[ancestor][w.day];
            }
            $.dayTeamAmounts[ancestor][w.day] += w.amount;
            // only members with open principal of their own, not blacklisted, earn from their team
            if (acc.amount != 0 && !acc.blacklisted) _pay($, w, acc, ancestor, generation, level);
        }
        w.legHead = ancestor;
        w.legVolume = uint256(acc.amount) + team;
    }

    /// @dev Referral income for the first `algebra` generations (generation g needs g valid invites), then
    ///      the differential team rate above the highest paid below, or once the equal-level rate. Each
    ///      credit is capped by the USDT pool left.
    function _pay(
        StakingStorage storage $,
        Walk memory w,
        Account storage acc,
        address ancestor,
        uint256 generation,
        uint256 level
    ) private {
        Settings storage s = $.settings;
        uint256 invite;
        if (generation < s.algebra + 1 && acc.inviteValids > generation - 1) {
            invite = _take(w, StakingMath.share(w.income, s.inviteRate));
        }
        uint256 team;
        RewardKind kind = RewardKind.Team;
        if (level != 0) {
            uint256 rate = $.multi.teamRates[level - 1];
            if (rate > w.highestRate) {
                team = _take(w, StakingMath.share(w.income, rate - w.highestRate));
                w.highestRate = rate;
            } else if (rate == w.highestRate && !w.equalPaid) {
                team = _take(w, StakingMath.share(w.income, s.equalRate));
                w.equalPaid = true;
                kind = RewardKind.Equal;
            }
        }
        if (invite != 0) {
            acc.rewardInvite += invite.toUint128();
            w.invite += invite;
            emit RewardCredited(ancestor, w.orderIndex, RewardKind.Invite, invite);
        }
        if (team != 0) {
            acc.rewardTeam += team.toUint128();
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

    /// @dev The level a team of `team` volume and `valids` valid invites reaches, moving from `level` one
    ///      threshold at a time (thresholds are non-decreasing, so this is the highest level met).
    function _levelFor(StakingStorage storage $, uint256 team, uint256 valids, uint256 level)
        private
        view
        returns (uint256)
    {
        ConfigMulti storage multi = $.multi;
        while (
            level < LEVELS && !(team < multi.teamAmounts[level]) && !(valids < multi.inviteValids[level])
        ) {
            ++level;
        }
        while (
            level != 0 && (team < multi.teamAmounts[level - 1] || valids < multi.inviteValids[level - 1])
        ) {
            --level;
        }
        return level;
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
            total = $.principalOwed[1] + $.staticOwed[1] + $.totalRewardInvite + $.totalRewardTeam
                - $.totalExtract;
        }
        if (token_ == address($.token) && token_ != address(0)) {
            total += $.principalOwed[0] + $.staticOwed[0];
        }
    }

    function _pool(StakingStorage storage $, IERC20 asset) private view returns (uint256) {
        uint256 held = asset.balanceOf(address(this));
        uint256 owed_ = _owed($, address(asset));
        return held > owed_ ? held - owed_ : 0;
    }

    function _setConfig(StakingStorage storage $, Settings memory s) private {
        if (s.dayTimes == 0) revert ValueZero("dayTimes");
        _checkMax("dayTimes", s.dayTimes, _MAX_DAY_TIMES);
        _checkMax("addTime", s.addTime, type(uint40).max);
        _checkMax("algebra", s.algebra, MAX_DEPTH);
        _checkMax("feeRate", s.feeRate, _MAX_FEE_RATE);
        _checkMax("handleGas", s.handleGas, _MAX_HANDLE_GAS);
        _checkMax("swapRate", s.swapRate, RATE_DENOMINATOR);
        _checkMax("buyRate", s.buyRate, RATE_DENOMINATOR);
        _checkMax("selfRate", s.selfRate, RATE_DENOMINATOR);
        _checkMax("inviteRate", s.inviteRate, _MAX_DYNAMIC_RATE);
        _checkMax("equalRate", s.equalRate, _MAX_DYNAMIC_RATE);
        _checkMax("fundRate", s.fundRate, RATE_DENOMINATOR);
        if (s.fbPrice < _MIN_FB_PRICE) revert ValueZero("fbPrice");
        _checkMax("fbPrice", s.fbPrice, _MAX_FB_PRICE);
        _checkDynamicTotal(s.algebra, s.inviteRate, s.equalRate, $.multi);
        $.settings = s;
        emit ConfigUpdated(s);
    }

    function _setConfigMulti(StakingStorage storage $, ConfigMulti memory m) private {
        for (uint256 i = 0; i < LEVELS; ++i) {
            _checkMax("inviteValids", m.inviteValids[i], _MAX_INVITE_VALIDS);
            _checkMax("teamAmounts", m.teamAmounts[i], _MAX_AMOUNT);
            _checkMax("teamRates", m.teamRates[i], _MAX_TEAM_RATE);
            if (i != 0) {
                if (m.inviteValids[i] < m.inviteValids[i - 1]) revert NotAscending("inviteValids", i);
                if (m.teamAmounts[i] < m.teamAmounts[i - 1]) revert NotAscending("teamAmounts", i);
                if (m.teamRates[i] < m.teamRates[i - 1]) revert NotAscending("teamRates", i);
            }
        }
        for (uint256 t = 0; t < TIERS; ++t) {
            _checkMax("stakeDays", m.stakeDays[t], _MAX_DAYS);
            _checkMax("stakeRates", m.stakeRates[t], _MAX_STAKE_RATE);
            _checkMax("stakeRates*stakeDays", m.stakeRates[t] * m.stakeDays[t], _MAX_ORDER_INCOME);
            _checkMax("stakeStocks", m.stakeStocks[t], _MAX_AMOUNT);
            _checkMax("stakeMaxs", m.stakeMaxs[t], _MAX_AMOUNT);
            _checkMax("stakeUserMaxs", m.stakeUserMaxs[t], _MAX_AMOUNT);
            if (m.stakeMins[t] > m.stakeMaxs[t]) revert NotAscending("stakeMins", t);
        }
        $.multi = m;
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

    function _checkMax(string memory field, uint256 value, uint256 max) private pure {
        if (value > max) revert ValueTooHigh(field, value, max);
    }

    /// @dev The initial tiers and levels (docs/economics.md).
    function _defaultMulti() private pure returns (ConfigMulti memory m) {
        uint16[5] memory days_ = [uint16(7), 30, 90, 180, 360];
        uint16[5] memory rates = [uint16(20), 30, 40, 50, 60];
        for (uint256 t = 0; t < TIERS; ++t) {
            m.stakeDays[t] = days_[t];
            m.stakeRates[t] = rates[t];
            m.stakeStocks[t] = 10_000_000e18;
            m.stakeMins[t] = 100e18;
            m.stakeMaxs[t] = 100_000e18;
            m.stakeUserMaxs[t] = 200_000e18;
        }
        uint32[10] memory volumes = [uint32(1e3), 5e3, 1e4, 3e4, 1e5, 3e5, 1e6, 3e6, 1e7, 3e7];
        for (uint256 lvl = 0; lvl < LEVELS; ++lvl) {
            m.inviteValids[lvl] = lvl + 1;
            m.teamAmounts[lvl] = uint256(volumes[lvl]) * 1e18;
            m.teamRates[lvl] = (lvl + 1) * 200;
        }
    }

    function _authorizeUpgrade(address) internal override onlyOwner {}

    function _storage() private pure returns (StakingStorage storage $) {
        assembly {
            $.slot := _STORAGE_LOCATION
        }
    }
}
