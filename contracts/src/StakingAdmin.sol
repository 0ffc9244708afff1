// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IStaking, IStakingIncome} from "./interfaces/IStaking.sol";
import {IUniswapV2Pair} from "./interfaces/IUniswapV2.sol";
import {PairPrice} from "./libraries/PairPrice.sol";
import {StakingBase} from "./StakingBase.sol";

/// @title StakingAdmin: Staking's owner and manager functions, run by delegatecall on Staking's storage
/// @notice Not a contract to call directly: Staking (created with it, its address immutable in Staking's
///         code) forwards `setConfig`, `setConfigMulti`, `setTeamLevel`, `setBlacklist`, `setToken` and
///         `withdraw` here, so they run on the proxy's storage, owner and events. Called directly, it has
///         no owner and no registry, so every function reverts. It gives Staking code room (EIP-170).
contract StakingAdmin is StakingBase, IStakingIncome, OwnableUpgradeable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 private constant _MAX_AMOUNT = 1e27; // one order, stock, user max, level threshold (1e9 USDT)
    uint256 private constant _MAX_DAYS = 3650;
    uint256 private constant _MAX_STAKE_RATE = 1000; // 10% a day
    uint256 private constant _MAX_ORDER_INCOME = 50_000; // rate * days: at most 5x the principal
    uint256 private constant _MAX_FEE_RATE = 5000;
    uint256 private constant _MAX_DYNAMIC_RATE = 2000; // inviteRate, equalRate each
    uint256 private constant _MAX_TEAM_RATE = 5000;
    uint256 private constant _MAX_DYNAMIC_TOTAL = 10_000; // all upline income <= the order's static income
    // ... and <= the order's principal: vesting linearly over the lock, it then never pays an order's upline
    // more than the order has locked before it ends (docs/economics.md, "Vesting")
    uint256 private constant _MAX_UPLINE_PRINCIPAL_SHARE = 10_000;
    uint256 private constant _MIN_PRICE_WINDOW = 5 minutes;
    uint256 private constant _MAX_PRICE_WINDOW = 7 days;
    uint256 private constant _MAX_PRICE_DEVIATION = 5000;
    uint256 private constant _MAX_DAY_TIMES = 30 days;
    uint256 private constant _MAX_HANDLE_GAS = 30_000_000;
    uint256 private constant _MIN_FB_PRICE = 1e6; // 1e-12 USDT per token
    uint256 private constant _MAX_FB_PRICE = 1e30;

    uint256 private constant _MAX_INVITE_VALIDS = type(uint16).max;
    uint256 private constant _MAX_ACCELERATION = 5000; // half the lock
    // solhint-disable-next-line gas-small-strings
    string private constant _FIELDS =
        "dayTimes,addTime,algebra,feeRate,handleGas,swapRate,buyRate,selfRate,inviteRate,equalRate,fundRate,fbPrice,inviteValids,teamAmounts,teamRates,stakeDays,stakeRates,stakeRates*stakeDays,stakeStocks,stakeMaxs,stakeUserMaxs,stakeMins,nodeRate,exitRate,bottomRate,bottomFloor";

    modifier onlyOwnerOrManager() {
        _checkOwnerOrManager();
        _;
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    ///         The manager may only lower `fbPrice` (a lower price protects members); anything else is the owner's.
    function setConfig(IStaking.Settings calldata settings) external {
        StakingStorage storage $ = _storage();
        if (msg.sender != owner()) {
            _checkOwnerOrManager();
            IStaking.Settings memory rest = settings;
            rest.fbPrice = $.settings.fbPrice;
            if (
                settings.fbPrice > rest.fbPrice
                    || keccak256(abi.encode(rest)) != keccak256(abi.encode($.settings))
            ) {
                revert IStaking.OwnerOnlyChange(_field(11), 0); // fbPrice
            }
        }
        _setConfig($, settings);
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    ///         A longer lock or a lower rate of a tier is the owner's (a closed tier reopening locks longer).
    function setConfigMulti(IStaking.ConfigMulti calldata configMulti) external onlyOwnerOrManager {
        StakingStorage storage $ = _storage();
        if (msg.sender != owner()) {
            for (uint256 t = 0; t < _TIERS; ++t) {
                Tier memory tier = $.tiers[t];
                if (configMulti.stakeDays[t] > tier.lockDay) revert IStaking.OwnerOnlyChange(_field(15), t);
                if (configMulti.stakeRates[t] < tier.rate) revert IStaking.OwnerOnlyChange(_field(16), t);
            }
        }
        _setConfigMulti($, configMulti);
        IStaking.Settings storage s = $.settings;
        _checkDynamicTotal(s.algebra, s.inviteRate, s.equalRate, configMulti, uint16($.income));
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    function setTeamLevel(address account, uint256 level, bool isManual) external onlyOwnerOrManager {
        if (account == address(0)) revert IStaking.ZeroAddress();
        if (level > _LEVELS) revert IStaking.InvalidLevel(level);
        StakingStorage storage $ = _storage();
        TeamData memory t = _team($, account);
        if (!isManual) level = _levelFor($, t.teamAmount, t.valids, t.level);
        t.level = level;
        t.isManual = isManual;
        $.teams[account] = _pack(t);
        emit IStaking.TeamLevelSet(account, level, isManual);
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    function setBlacklist(address account, bool blacklisted) external onlyOwner {
        if (account == address(0)) revert IStaking.ZeroAddress();
        StakingStorage storage $ = _storage();
        uint256 word = $.teams[account];
        $.teams[account] = blacklisted ? word | _BLACKLISTED : word & ~_BLACKLISTED;
        emit IStaking.BlacklistUpdated(account, blacklisted);
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    function setToken(address token_) external onlyOwner {
        StakingStorage storage $ = _storage();
        if (token_ == address(0)) revert IStaking.ZeroAddress();
        uint256 open = $.owed[0].principal;
        if (open != 0) revert IStaking.TokenLocked(open);
        address previous = address($.token);
        $.token = IERC20(token_);
        delete $.oracle; // the pair priced the previous token
        emit IStaking.TokenUpdated(previous, token_);
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    function withdraw(address token_, address to, uint256 amount) external onlyOwnerOrManager nonReentrant {
        if (to == address(0)) revert IStaking.ZeroAddress();
        uint256 available = _pool(_storage(), IERC20(token_));
        if (amount > available) revert IStaking.ExceedsWithdrawable(token_, amount, available);
        emit IStaking.Withdrawn(token_, to, amount);
        IERC20(token_).safeTransfer(to, amount);
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    function setIncomeRates(IStaking.IncomeRates calldata r) external onlyOwnerOrManager {
        StakingStorage storage $ = _storage();
        _checkMax(23, r.exitRate, _MAX_ACCELERATION); // exitRate
        _checkMax(24, r.bottomRate, _MAX_ACCELERATION); // bottomRate
        _checkMax(25, r.bottomFloor, _RATE_DENOMINATOR); // bottomFloor
        IStaking.Settings storage s = $.settings;
        _checkDynamicTotal(s.algebra, s.inviteRate, s.equalRate, _configMulti(), r.nodeRate);
        // nodeRate <= 10,000 by the total above
        $.income = ($.income & ~_RATES_MASK) | r.nodeRate | (r.exitRate << 16) | (r.bottomRate << 32)
            | (r.bottomFloor << 48);
        emit IStaking.IncomeRatesUpdated(r);
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    function setNode(address account, bool isNode) external onlyOwnerOrManager {
        if (account == address(0)) revert IStaking.ZeroAddress();
        StakingStorage storage $ = _storage();
        NodeAccount storage n = $.nodes[account];
        if (n.isNode == isNode) revert IStaking.NodeUnchanged(account, isNode);
        uint256 word = $.income;
        uint256 count = uint32(word >> _NODE_COUNT_SHIFT);
        uint256 perNode = $.perNode;
        if (isNode) {
            n.debt = perNode; // earns only from later orders
            // its shares vest from the node schedule's vested share at its first joining: never later than
            // their orders, whenever it leaves and joins again
            if ($.nodeVestFrom[account] == 0) $.nodeVestFrom[account] = _nodeVested($) | _JOINED;
            ++count;
        } else {
            // what it earned stays credited (and vests with its orders); the rounding rest stays in its debt
            uint256 earned = (perNode - n.debt) / _PER_NODE_UNIT;
            n.debt += earned * _PER_NODE_UNIT;
            n.reward += uint128(earned); // at most the node dividend credited, a uint128
            --count;
        }
        n.isNode = isNode;
        $.income = (word & ~(uint256(type(uint32).max) << _NODE_COUNT_SHIFT))
            | (_fit(count, 32) << _NODE_COUNT_SHIFT);
        emit IStaking.NodeUpdated(account, isNode);
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    function release(uint256 index) external nonReentrant {
        StakingStorage storage $ = _storage();
        OrderData storage order = $.orders[index];
        OrderData memory data = _ownOpenOrder(order, index);
        // Lock periods are whole days; a validator's few seconds of drift do not matter to them.
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < data.endTime) revert IStaking.OrderNotEnded(index, data.endTime);
        order.lastTime = uint32(block.timestamp);
        (uint256 reward, uint256 fee) = _closeOrder($, index, data);
        emit IStaking.Released(msg.sender, index, data.actual, reward, fee);
        (data.kind > 127 ? $.usdt : $.token).safeTransfer(msg.sender, data.actual + reward - fee);
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    function closeEarly(uint256 index) external nonReentrant {
        StakingStorage storage $ = _storage();
        OrderData storage order = $.orders[index];
        OrderData memory data = _ownOpenOrder(order, index);
        uint256 announced = $.announcement.time;
        if (announced == 0 || !(data.startTime < announced) || !(block.timestamp < data.endTime)) {
            revert IStaking.NoEarlyClose(index);
        }
        order.lastTime = uint32(block.timestamp);
        _closeOrder($, index, data); // its static income is no longer owed: it stays in the pool
        (uint256 paidOut, uint256 cancelled) = _cancelCredits($, index, data);
        uint256 refund = _refund(data, paidOut);
        emit IStaking.ClosedEarly(msg.sender, index, refund, cancelled);
        (data.kind > 127 ? $.usdt : $.token).safeTransfer(msg.sender, refund);
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    function announce(address implementation, address newOwner) external onlyOwner {
        uint256 time = implementation == address(0) && newOwner == address(0) ? 0 : block.timestamp;
        _storage().announcement = Announcement(implementation, uint64(time), newOwner);
        emit IStaking.ChangeAnnounced(implementation, newOwner, time == 0 ? 0 : time + _EXIT_WINDOW);
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking). Stores the schedules it
    ///         reads without the days that are over, so the next claim walks from today.
    function claimReward() external nonReentrant {
        StakingStorage storage $ = _storage();
        if ($.teams[msg.sender] & _BLACKLISTED != 0) revert IStaking.Blacklisted(msg.sender);
        // fold first: the income read below then walks no day twice (a revert undoes the fold)
        _fold($, msg.sender);
        if ($.nodeVestFrom[msg.sender] != 0) _fold($, _NODES);
        (, uint256 vested) = _income($, msg.sender);
        Member storage me = $.members[msg.sender];
        uint256 claimed = me.rewardClaimed;
        if (!(vested > claimed)) revert IStaking.NothingToClaim(msg.sender);
        uint256 amount = vested - claimed;
        me.rewardClaimed = uint128(vested); // at most the income credited, a uint128
        me.lastOut = uint32(block.timestamp);
        $.totalExtract += amount;
        emit IStaking.RewardClaimed(msg.sender, amount);
        $.usdt.safeTransfer(msg.sender, amount);
    }

    /// @inheritdoc IStakingIncome
    function income(address account) external view returns (uint256 credited, uint256 vested) {
        return _income(_storage(), account);
    }

    /// @inheritdoc IStakingIncome
    function closeEarlyQuote(uint256 index) external view returns (uint256 refund, uint256 cancelled) {
        StakingStorage storage $ = _storage();
        OrderData memory data = $.orders[index];
        if (data.owner == address(0) || data.lastTime != 0 || !(block.timestamp < data.endTime)) {
            return (0, 0);
        }
        mapping(address => uint256) storage credits = $.orderCredits[index];
        uint256 paidOut = credits[_NODES];
        address up = address(uint160($.links[data.owner]));
        for (uint256 generation = 1; generation < _MAX_DEPTH + 1 && uint160(up) > 1; ++generation) {
            (uint256 total,, uint256 left) = _creditLeft(credits[up], data.startTime, data.endTime);
            paidOut += (total - left) * _INCOME_UNIT;
            cancelled += left * _INCOME_UNIT;
            up = address(uint160($.links[up]));
        }
        refund = _refund(data, paidOut);
    }

    /// @inheritdoc IStakingIncome
    /// @dev The latest end among the days to come of its schedule, and of the node schedule if it has node income.
    function vestEnd(address account) external view returns (uint256 end) {
        StakingStorage storage $ = _storage();
        end = _lastEnd($, account);
        if ($.nodeVestFrom[account] != 0 && _nodeReward($, account) != 0) {
            uint256 nodes = _lastEnd($, _NODES);
            if (nodes > end) end = nodes;
        }
        if (!(end > block.timestamp)) end = 0;
    }

    /// @notice See `IStaking`; runs in the proxy's context (delegatecall from Staking).
    function setPriceOracle(address pair, uint256 window, uint256 maxDeviation) external onlyOwner {
        StakingStorage storage $ = _storage();
        address token_ = address($.token);
        (address token0, address token1) = _pairTokens(pair);
        address usdt_ = address($.usdt);
        bool tokenIsToken0 = token0 == token_ && token1 == usdt_;
        if (token_ == address(0) || !(tokenIsToken0 || (token0 == usdt_ && token1 == token_))) {
            revert IStaking.PairMismatch(pair);
        }
        if (window < _MIN_PRICE_WINDOW || window > _MAX_PRICE_WINDOW) {
            revert IStaking.OutOfRange("window", window, _MIN_PRICE_WINDOW, _MAX_PRICE_WINDOW);
        }
        if (maxDeviation > _MAX_PRICE_DEVIATION) {
            revert IStaking.OutOfRange("maxDeviation", maxDeviation, 0, _MAX_PRICE_DEVIATION);
        }
        PriceOracle memory oracle = PriceOracle(pair, uint32(window), uint16(maxDeviation), tokenIsToken0);
        $.oracle = oracle;
        // a new observation: the first average is over the next window
        $.observation =
            PriceObservation(PairPrice.cumulative(pair, tokenIsToken0), uint32(block.timestamp), 0, 0);
        emit IStaking.PriceOracleUpdated(pair, window, maxDeviation);
    }

    /// @dev Order `index` (stored at `order`) if it exists, is the caller's and is open.
    function _ownOpenOrder(OrderData storage order, uint256 index)
        private
        view
        returns (OrderData memory data)
    {
        data = order;
        if (data.owner == address(0)) revert IStaking.OrderNotFound(index);
        if (data.owner != msg.sender) revert IStaking.NotOrderOwner(index, data.owner);
        if (data.lastTime != 0) revert IStaking.AlreadyReleased(index);
    }

    /// @dev Cancels what order `data` (number `index`) credited its upline and has not vested: out of each
    ///      credited ancestor's schedule (its rate, exactly as credited, from the sums and from its end day's
    ///      cell) and its income; the node schedule's share stays (it was shared by every node). Returns what the
    ///      order paid out (USDT wei: the upline income vested and its node dividend) and what was cancelled.
    function _cancelCredits(StakingStorage storage $, uint256 index, OrderData memory data)
        private
        returns (uint256 paidOut, uint256 cancelled)
    {
        mapping(address => uint256) storage credits = $.orderCredits[index];
        paidOut = credits[_NODES];
        address up = address(uint160($.links[msg.sender]));
        for (uint256 generation = 1; generation < _MAX_DEPTH + 1 && uint160(up) > 1; ++generation) {
            uint256 record = credits[up];
            if (record != 0) {
                (uint256 kept, uint256 left) = _cancelCredit($, up, record, data.startTime, data.endTime);
                paidOut += kept;
                cancelled += left;
            }
            up = address(uint160($.links[up]));
        }
    }

    /// @dev Cancels what is left to vest of `account`'s credit `record` (invite | team << 64, _INCOME_UNITs) made
    ///      at `start` by an order ending at `end`. Returns what it keeps (vested) and what is cancelled, USDT wei.
    function _cancelCredit(
        StakingStorage storage $,
        address account,
        uint256 record,
        uint256 start,
        uint256 end
    ) private returns (uint256 kept, uint256 left) {
        uint256 total;
        uint256 rate;
        (total, rate, left) = _creditLeft(record, start, end);
        $.vests[account] = _without($.vests[account], rate, end);
        $.cells[account][end / _CELL] = _without($.cells[account][end / _CELL], rate, end);
        uint256 leftInvite = left * uint64(record) / total;
        Member storage acc = $.members[account];
        acc.earned = _withoutCredits(acc.earned, leftInvite, left - leftInvite);
        $.totalRewardInvite -= uint128(leftInvite * _INCOME_UNIT);
        $.totalRewardTeam -= uint128((left - leftInvite) * _INCOME_UNIT);
        return ((total - left) * _INCOME_UNIT, left * _INCOME_UNIT);
    }

    /// @dev Credit `record` (invite | team << 64, _INCOME_UNITs) made at `start` by an order ending at `end`: its
    ///      total, its rate (as `_credit` computed it) and what is left of it now, rounded down.
    function _creditLeft(uint256 record, uint256 start, uint256 end)
        private
        view
        returns (uint256 total, uint256 rate, uint256 left)
    {
        total = uint64(record) + uint64(record >> 64);
        if (total == 0) return (0, 0, 0);
        rate = Math.ceilDiv(total << _RATE_BITS, end - start);
        left = Math.min(total, (rate * (end - block.timestamp)) >> _RATE_BITS);
    }

    /// @dev What an early close of order `data` pays back: its principal less `paidOut` (USDT wei), in its asset at
    ///      the price it was valued at (USDT value `amount` for `actual`).
    function _refund(OrderData memory data, uint256 paidOut) private pure returns (uint256) {
        return data.actual - Math.min(data.actual, Math.mulDiv(paidOut, data.actual, data.amount));
    }

    /// @dev Schedule or cell word `word` without a credit of rate `rate` ending at `end` (its top bits kept).
    function _without(uint256 word, uint256 rate, uint256 end) private pure returns (uint256) {
        uint256 sums =
            (uint96(word) - rate) | ((uint128(word >> _WEIGHT_SHIFT) - rate * end) << _WEIGHT_SHIFT);
        return sums | (word >> _TAIL_SHIFT << _TAIL_SHIFT);
    }

    /// @dev Income word `word` with `invite` and `team` _INCOME_UNITs less credited.
    function _withoutCredits(uint256 word, uint256 invite, uint256 team) private pure returns (uint256) {
        return (uint64(word) - invite) | ((uint64(word >> _TEAM_SHIFT) - team) << _TEAM_SHIFT);
    }

    /// @dev Stores `account`'s schedule without the days that are over (what `_schedule` computes).
    function _fold(StakingStorage storage $, address account) private {
        (uint256 folded,) = _schedule($, account);
        $.vests[account] = folded;
    }

    /// @dev The latest end among the days of `account`'s schedule from today on: its bitmap read from the last
    ///      day a credit can end on (today plus the longest lock the settings allow) down to today.
    function _lastEnd(StakingStorage storage $, address account) private view returns (uint256) {
        uint256 today = block.timestamp / _CELL;
        mapping(uint256 => uint256) storage bits = $.cellBits[account];
        for (
            uint256 word = (today + _MAX_DAYS * uint32($.hot >> 40) / _CELL + 1) >> 8;
            word + 1 > today >> 8;
            --word
        ) {
            uint256 set = bits[word];
            if (word == today >> 8) set &= type(uint256).max << (today & 255);
            if (set != 0) return $.cells[account][(word << 8) + Math.log2(set)] >> _TAIL_SHIFT;
            if (word == 0) break;
        }
        return 0;
    }

    /// @dev `pair`'s two tokens, or zeros when it answers as no Uniswap-V2 pair would.
    function _pairTokens(address pair) private view returns (address token0, address token1) {
        if (pair.code.length == 0) return (address(0), address(0));
        try IUniswapV2Pair(pair).token0() returns (address t0) {
            token0 = t0;
            token1 = IUniswapV2Pair(pair).token1(); // a contract with token0 but no token1 reverts the call
        } catch {}
    }

    function _checkOwnerOrManager() private view {
        if (msg.sender != owner() && msg.sender != _storage().presale.getConfig().manager) {
            revert IStaking.NotOwnerOrManager(msg.sender);
        }
    }

    function _setConfig(StakingStorage storage $, IStaking.Settings memory s) private {
        if (s.dayTimes == 0) revert IStaking.ValueZero(_field(0)); // dayTimes
        _checkMax(0, s.dayTimes, _MAX_DAY_TIMES); // dayTimes
        _checkMax(1, s.addTime, type(uint40).max); // addTime
        _checkMax(2, s.algebra, _MAX_DEPTH); // algebra
        _checkMax(3, s.feeRate, _MAX_FEE_RATE); // feeRate
        _checkMax(4, s.handleGas, _MAX_HANDLE_GAS); // handleGas
        _checkMax(5, s.swapRate, _RATE_DENOMINATOR); // swapRate
        _checkMax(6, s.buyRate, _RATE_DENOMINATOR); // buyRate
        _checkMax(7, s.selfRate, _RATE_DENOMINATOR); // selfRate
        _checkMax(8, s.inviteRate, _MAX_DYNAMIC_RATE); // inviteRate
        _checkMax(9, s.equalRate, _MAX_DYNAMIC_RATE); // equalRate
        _checkMax(10, s.fundRate, _RATE_DENOMINATOR); // fundRate
        if (s.fbPrice < _MIN_FB_PRICE) revert IStaking.ValueZero(_field(11)); // fbPrice
        _checkMax(11, s.fbPrice, _MAX_FB_PRICE); // fbPrice
        _checkDynamicTotal(s.algebra, s.inviteRate, s.equalRate, _configMulti(), uint16($.income));
        $.settings = s;
        // the fee history: one entry per fee in force, from the next order on (an entry no order opened under
        // is replaced)
        uint256[] storage fees = $.fees;
        uint256 n = fees.length;
        uint256 next = uint256($.totalOrder) + 1;
        if (n == 0 || s.feeRate != uint16($.hot >> 112)) {
            uint256 entry = s.feeRate | (next << 16);
            if (n != 0 && fees[n - 1] >> 16 == next) fees[n - 1] = entry;
            else fees.push(entry);
        }
        // every field is within its bound above
        $.hot = s.addTime | (s.dayTimes << 40) | (s.algebra << 72) | (s.inviteRate << 80)
            | (s.equalRate << 96) | (s.feeRate << 112) | (s.fbPrice << 128);
        emit IStaking.ConfigUpdated(s);
    }

    // solhint-disable-next-line function-max-lines
    function _setConfigMulti(StakingStorage storage $, IStaking.ConfigMulti memory m) private {
        for (uint256 i = 0; i < _LEVELS; ++i) {
            _checkMax(12, m.inviteValids[i], _MAX_INVITE_VALIDS); // inviteValids
            _checkMax(13, m.teamAmounts[i], _MAX_AMOUNT); // teamAmounts
            _checkMax(14, m.teamRates[i], _MAX_TEAM_RATE); // teamRates
            if (i != 0) {
                if (m.inviteValids[i] < m.inviteValids[i - 1]) {
                    revert IStaking.NotAscending(
                        _field(
                            12 /* inviteValids */
                        ),
                        i
                    );
                }
                if (m.teamAmounts[i] < m.teamAmounts[i - 1]) {
                    revert IStaking.NotAscending(
                        _field(
                            13 /* teamAmounts */
                        ),
                        i
                    );
                }
                if (m.teamRates[i] < m.teamRates[i - 1]) {
                    revert IStaking.NotAscending(
                        _field(
                            14 /* teamRates */
                        ),
                        i
                    );
                }
            }
        }
        for (uint256 i = 0; i < _LEVELS; i += 2) {
            uint256 low = m.teamAmounts[i] | (m.inviteValids[i] << 96) | (m.teamRates[i] << 112);
            uint256 high = m.teamAmounts[i + 1] | (m.inviteValids[i + 1] << 96) | (m.teamRates[i + 1] << 112);
            $.levels[i >> 1] = low | (high << 128);
        }
        for (uint256 t = 0; t < _TIERS; ++t) {
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
                revert IStaking.NotAscending(
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
        emit IStaking.ConfigMultiUpdated(m);
    }

    /// @dev All upline and node income of one order is at most its static income: `algebra * inviteRate` plus
    ///      the top team rate plus `equalRate` plus `nodeRate`; and, in every tier, at most its principal.
    function _checkDynamicTotal(
        uint256 algebra,
        uint256 inviteRate,
        uint256 equalRate,
        IStaking.ConfigMulti memory m,
        uint256 nodeRate
    ) private pure {
        uint256 total =
            algebra * inviteRate + m.teamRates[_LEVELS - 1] + equalRate + nodeRate;
        if (total > _MAX_DYNAMIC_TOTAL) revert IStaking.DynamicRatesTooHigh(total, _MAX_DYNAMIC_TOTAL);
        for (uint256 t = 0; t < _TIERS; ++t) {
            // static income is stakeRates * stakeDays basis points of the principal
            uint256 share = m.stakeRates[t] * m.stakeDays[t] * total / _RATE_DENOMINATOR;
            if (share > _MAX_UPLINE_PRINCIPAL_SHARE) {
                revert IStaking.UplineIncomeTooHigh(t, share, _MAX_UPLINE_PRINCIPAL_SHARE);
            }
        }
    }

    function _checkMax(uint256 field, uint256 value, uint256 max) private pure {
        if (value > max) revert IStaking.ValueTooHigh(_field(field), value, max);
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
}
