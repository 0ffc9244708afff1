// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingFixture, settingsOf} from "../utils/StakingFixture.sol";
import {ICounted, Vm} from "../utils/Test.sol";
import {Staking} from "../../src/Staking.sol";
import {DataReader} from "../../src/DataReader.sol";
import {IStaking} from "../../src/interfaces/IStaking.sol";
import {Presale} from "../../src/Presale.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";
import {MockToken} from "../mocks/MockToken.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @dev Drives Staking through deposits (USDT and token), releases, claims, time, withdrawals, donations and
///      level changes, with a pool of members in a fixed random tree. Ghost variables record what the calls
///      that succeeded should have done.
contract StakingHandler {
    Vm private constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    Staking public immutable staking;
    DataReader public immutable reader;
    Presale public immutable presale;
    Usdt public immutable usdt;
    MockToken public immutable token;
    address public immutable owner;
    uint256 public immutable priceWindow;

    address[] public actors;
    mapping(uint256 index => uint256) public ghostReleases;
    uint256 public ghostOrders;
    uint256 public ghostDeposited;
    uint256 public ghostClaimed;
    uint256[5] public ghostTierDeposited;
    bool public ghostWithdrawTookOwed;
    uint256 public ghostNodeChanges; // each removal may leave under a wei of a node's share behind
    uint256 public ghostMaxAcceleration; // the largest exitRate / bottomRate ever set
    mapping(uint256 index => uint256) private _feeAtOpening;
    mapping(uint256 index => bool) private _isUSDT;
    bool public ghostFeeAbovePromise; // a release charged more than the lower of the fee at opening and now
    bool public ghostEarlyCloseTookMore; // an early close paid back more than its principal less what it paid out
    bool public ghostEarlyCloseCutVested; // an early close lowered what someone else had vested
    mapping(bytes32 call => uint256) public calls;

    /// Each referral or team credit: who, how much, and when the order that credited it ends.
    struct Credit {
        address account;
        uint256 amount;
        uint256 start;
        uint256 end;
        uint256 index; // the order that credited it
    }

    Credit[] private _credits;

    constructor(
        Staking staking_,
        Presale presale_,
        Usdt usdt_,
        MockToken token_,
        address owner_,
        uint256 priceWindow_
    ) {
        staking = staking_;
        priceWindow = priceWindow_;
        reader = new DataReader(address(staking_), address(0));
        presale = presale_;
        usdt = usdt_;
        token = token_;
        owner = owner_;
        actors.push(presale.getConfig().root);
        for (uint256 i = 1; i <= 12; ++i) {
            address account = address(uint160(0x7000 + i));
            actors.push(account);
            address referrer = actors[uint256(keccak256(abi.encode(i))) % i];
            vm.prank(account);
            presale.register(referrer);
        }
        for (uint256 i = 0; i < actors.length; ++i) {
            usdt.mint(actors[i], 10_000_000e18);
            token.mint(actors[i], 10_000_000e18);
            vm.startPrank(actors[i]);
            usdt.approve(address(staking), type(uint256).max);
            token.approve(address(staking), type(uint256).max);
            vm.stopPrank();
        }
        // a small pool, so that reservations and credits hit the cap
        IStaking.Settings memory s;
        IStaking.Config memory c = staking.getConfig();
        s.dayTimes = c.dayTimes;
        s.algebra = c.algebra;
        s.inviteRate = c.inviteRate;
        s.equalRate = c.equalRate;
        s.fbPrice = 0.25e18;
        s.feeRate = 500;
        vm.prank(owner);
        staking.setConfig(s);
        IStaking.ConfigMulti memory m = staking.getConfigMulti();
        for (uint256 l = 0; l < 10; ++l) {
            m.teamAmounts[l] = (l + 1) * 500e18;
            m.inviteValids[l] = l / 3;
        }
        for (uint256 t = 0; t < 5; ++t) {
            m.stakeStocks[t] = 40_000e18;
        }
        vm.prank(owner);
        staking.setConfigMulti(m);
        setRates(300, 2000, 1000, 100);
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function _actor(uint256 seed) private view returns (address) {
        return actors[seed % actors.length];
    }

    /// A deposit: the seed's three-argument call, or (every other seed) the one with the tier's terms read just
    /// before, as the app sends it.
    function deposit(uint256 seed, uint256 tier, uint256 amount, bool isUSDT) external {
        address account = _actor(seed);
        // half the deposits in the 7-day tier, so that a run of a few jumps in time sees orders end and release
        tier = tier % 2 == 0 ? 0 : (tier / 2) % 5;
        amount = 100e18 + amount % 5000e18;
        IStaking.ConfigMulti memory m = staking.getConfigMulti();
        bytes32 kind = isUSDT ? bytes32("deposit USDT") : bytes32("deposit token");
        vm.recordLogs();
        vm.prank(account);
        if (seed % 2 == 0) {
            try staking.deposit(
                tier, amount, isUSDT, m.stakeDays[tier], m.stakeRates[tier], type(uint256).max
            ) returns (
                uint256 index
            ) {
                _opened(index, tier, amount, isUSDT);
                calls[kind] += 1;
                calls["deposit with terms"] += 1;
            } catch (bytes memory reason) {
                _depositRefused(isUSDT, reason);
            }
        } else {
            try staking.deposit(tier, amount, isUSDT) returns (uint256 index) {
                _opened(index, tier, amount, isUSDT);
                calls[kind] += 1;
            } catch (bytes memory reason) {
                _depositRefused(isUSDT, reason);
            }
        }
    }

    /// A deposit may be refused for the pool, a tier's stock or a member's cap; never for want of a price.
    function _depositRefused(bool isUSDT, bytes memory reason) private {
        calls[isUSDT ? bytes32("deposit USDT refused") : bytes32("deposit token refused")] += 1;
        if (bytes4(reason) == IStaking.PriceUnavailable.selector) calls["deposit refused: no price"] += 1;
    }

    function _opened(uint256 index, uint256 tier, uint256 amount, bool isUSDT) private {
        calls["deposit"] += 1;
        _recordCredits(index);
        _feeAtOpening[index] = staking.getConfig().feeRate;
        _isUSDT[index] = isUSDT;
        ghostOrders += 1;
        ghostDeposited += amount;
        ghostTierDeposited[tier] += amount;
    }

    function _recordCredits(uint256 index) private {
        Vm.Log[] memory logs = vm.getRecordedLogs();
        uint256 end = staking.orders(index).endTime;
        for (uint256 i = 0; i < logs.length; ++i) {
            if (logs[i].topics[0] != IStaking.RewardCredited.selector) continue;
            (, uint256 credited) = abi.decode(logs[i].data, (IStaking.RewardKind, uint256));
            _credits.push(
                Credit(address(uint160(uint256(logs[i].topics[1]))), credited, block.timestamp, end, index)
            );
        }
    }

    /// What `account` was credited by orders that have ended, and by how many credits.
    function creditedByEndedOrders(address account) external view returns (uint256 amount, uint256 count) {
        for (uint256 i = 0; i < _credits.length; ++i) {
            Credit memory c = _credits[i];
            if (c.account != account || c.end > block.timestamp) continue;
            amount += c.amount;
            ++count;
        }
    }

    /// The owner of an order releases it: mostly one that has ended (the first from the seed on; if none has, the
    /// owner of the open order that ends first waits for it), sometimes any.
    function release(uint256 seed) external {
        uint256 total = reader.getTotals().totalOrder;
        if (total == 0) return;
        uint256 index = 1 + seed % total;
        if (seed % 4 != 0) index = _endedOrder(seed, total);
        IStaking.Order memory order = staking.orders(index);
        uint256 rate = staking.getConfig().feeRate;
        if (_feeAtOpening[index] < rate) rate = _feeAtOpening[index];
        IERC20 asset = _isUSDT[index] ? IERC20(address(usdt)) : IERC20(address(token));
        uint256 before = asset.balanceOf(order.owner);
        vm.prank(order.owner);
        try staking.release(index) {
            calls["release"] += 1;
            ghostReleases[index] += 1;
            uint256 paid = asset.balanceOf(order.owner) - before;
            if (order.actual + order.reward - paid != order.reward * rate / 10_000) {
                ghostFeeAbovePromise = true;
            }
        } catch {
            calls["release refused"] += 1;
            if (order.isValid && order.endTime <= block.timestamp) calls["release refused though due"] += 1;
        }
    }

    /// The first order from the seed on that has ended; if none has, time passes until the open order that ends
    /// first does (none open: the seed's).
    function _endedOrder(uint256 seed, uint256 total) private returns (uint256 index) {
        uint256 firstEnd = type(uint256).max;
        index = 1 + seed % total;
        for (uint256 i = 0; i < total; ++i) {
            uint256 candidate = 1 + (seed % total + i) % total;
            IStaking.Order memory o = staking.orders(candidate);
            if (!o.isValid) continue;
            if (o.endTime <= block.timestamp) return candidate;
            if (o.endTime < firstEnd) (firstEnd, index) = (o.endTime, candidate);
        }
        if (firstEnd != type(uint256).max) warp(firstEnd - block.timestamp);
    }

    /// A member claims: mostly one with something vested to claim (the first from the seed on), sometimes any.
    function claim(uint256 seed) external {
        address account = _actor(seed);
        for (uint256 i = 0; i < actors.length && seed % 4 != 0; ++i) {
            address candidate = _actor(seed % actors.length + i);
            if (reader.getIncome(candidate).claimable != 0) {
                account = candidate;
                break;
            }
        }
        uint256 claimable = reader.getIncome(account).claimable;
        uint256 before = usdt.balanceOf(account);
        vm.prank(account);
        try staking.claimReward() {
            calls["claim"] += 1;
            ghostClaimed += usdt.balanceOf(account) - before;
        } catch {
            calls["claim refused"] += 1;
            if (claimable != 0) calls["claim refused though due"] += 1;
        }
    }

    /// Time passes, up to 20 days, with a keeper calling `updatePrice` each price window, as `npm run keeper` does: a
    /// token deposit needs an average over one to two windows, so without it every token deposit after a long
    /// jump would be refused.
    function warp(uint256 delta) public {
        delta %= 20 days;
        if (delta > priceWindow) {
            vm.warp(block.timestamp + delta - priceWindow);
            staking.updatePrice();
            delta = priceWindow;
        }
        vm.warp(block.timestamp + delta);
        staking.updatePrice();
    }

    /// Anyone keeps a new price observation (token deposits need one at most two windows old).
    function updatePrice() external {
        staking.updatePrice();
        calls["updatePrice"] += 1;
    }

    function donate(uint256 amount, bool toToken) external {
        if (toToken) token.mint(address(staking), amount % 2000e18);
        else usdt.mint(address(staking), amount % 2000e18);
    }

    /// The owner tries any amount up to the balance; the contract must refuse what is owed.
    function withdraw(uint256 amount, bool toToken) external {
        MockToken asset = toToken ? MockToken(address(token)) : MockToken(address(usdt));
        amount = amount % (asset.balanceOf(address(staking)) + 1);
        vm.prank(owner);
        try staking.withdraw(address(asset), owner, amount) {
            calls["withdraw"] += 1;
            if (asset.balanceOf(address(staking)) < reader.owed(address(asset))) {
                ghostWithdrawTookOwed = true;
            }
        } catch {
            calls["withdraw refused"] += 1;
        }
    }

    /// Node dividend and acceleration rates, any within their bounds (a total above 10,000 is refused).
    function setRates(uint256 nodeRate, uint256 exitRate, uint256 bottomRate, uint256 bottomFloor) public {
        IStaking.IncomeRates memory r =
            IStaking.IncomeRates(nodeRate % 5001, exitRate % 5001, bottomRate % 5001, bottomFloor % 10_001);
        vm.prank(owner);
        try staking.setIncomeRates(r) {
            calls["setRates"] += 1;
            uint256 larger = r.exitRate > r.bottomRate ? r.exitRate : r.bottomRate;
            if (larger > ghostMaxAcceleration) ghostMaxAcceleration = larger;
        } catch {
            calls["setRates refused"] += 1;
        }
    }

    /// The release fee, raised or cut (within its bound of 5,000).
    function setFee(uint256 feeRate) external {
        IStaking.Settings memory s = settingsOf(staking.getConfig());
        s.feeRate = feeRate % 5001;
        vm.prank(owner);
        staking.setConfig(s);
        calls["setFee"] += 1;
    }

    /// The owner announces an upgrade (members may then close early), or withdraws the announcement.
    function announce(bool withdrawIt) external {
        vm.prank(owner);
        staking.announce(withdrawIt ? address(0) : address(0xBEEF), address(0));
        calls[withdrawIt ? bytes32("announcement withdrawn") : bytes32("announce")] += 1;
    }

    /// An order's owner closes it early. It gets back no more than its principal less what its credits vested,
    /// and nobody else's vested income falls.
    function closeEarly(uint256 seed) external {
        uint256 total = reader.getTotals().totalOrder;
        if (total == 0) return;
        uint256 index = 1 + seed % total;
        IStaking.Order memory order = staking.orders(index);
        uint256[] memory vested = new uint256[](actors.length);
        for (uint256 i = 0; i < actors.length; ++i) {
            vested[i] = reader.getIncome(actors[i]).vested;
        }
        IERC20 asset = _isUSDT[index] ? IERC20(address(usdt)) : IERC20(address(token));
        uint256 before = asset.balanceOf(order.owner);
        vm.prank(order.owner);
        try staking.closeEarly(index) {
            calls["closeEarly"] += 1;
            uint256 refund = asset.balanceOf(order.owner) - before;
            (uint256 paidOut, uint256 count) = _keepVestedCredits(index);
            // what the credits vested, in the order's asset at its valuation; each rounds within 1e-9 USDT
            if (refund + paidOut * order.actual / order.amount > order.actual + count * 1e9) {
                ghostEarlyCloseTookMore = true;
            }
            for (uint256 i = 0; i < actors.length; ++i) {
                if (actors[i] == order.owner) continue;
                if (reader.getIncome(actors[i]).vested + 1e9 < vested[i]) ghostEarlyCloseCutVested = true;
            }
            ghostReleases[index] += 1; // closed, as a release closes it
        } catch {
            calls["closeEarly refused"] += 1;
        }
    }

    /// Order `index` closed early: each of its credits is now what had vested, vested at once. Returns what they
    /// vested, in total, and how many.
    function _keepVestedCredits(uint256 index) private returns (uint256 vested, uint256 count) {
        for (uint256 i = 0; i < _credits.length; ++i) {
            Credit storage c = _credits[i];
            if (c.index != index) continue;
            c.amount = c.amount * (block.timestamp - c.start) / (c.end - c.start);
            c.end = block.timestamp;
            vested += c.amount;
            ++count;
        }
    }

    /// Makes an actor a node, or takes its node status away.
    function toggleNode(uint256 seed) external {
        address account = _actor(seed);
        (bool isNode,,) = staking.nodes(account);
        vm.prank(owner);
        staking.setNode(account, !isNode);
        ghostNodeChanges += 1;
    }

    function setLevel(uint256 seed, uint256 level, bool isManual) external {
        vm.prank(owner);
        staking.setTeamLevel(_actor(seed), level % 11, isManual);
    }
}

contract StakingInvariantTest is StakingFixture {
    StakingHandler internal handler;
    address[] private _targetedContracts;
    uint256[5] private _initialStock;

    function setUp() public override {
        super.setUp();
        // start from a small pool instead of the fixture's
        vm.prank(owner);
        staking.withdraw(address(usdt), owner, POOL - 3000e18);
        vm.prank(owner);
        staking.withdraw(address(token), owner, POOL - 10_000e18);
        listToken(0.25e18); // the handler's fbPrice
        handler = new StakingHandler(staking, presale, usdt, token, owner, PRICE_WINDOW);
        _targetedContracts.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    /// The run reached what it drives: no token deposit went without a price (the keeper's, after each jump in
    /// time), no ended order failed to release and no vested income failed to be claimed; and the campaign made
    /// USDT and token deposits, releases, claims and withdrawals, each at least twice in eight runs.
    function afterInvariant() public {
        assertNeverRefused(ICounted(address(handler)), "deposit refused: no price");
        assertNeverRefused(ICounted(address(handler)), "release refused though due");
        assertNeverRefused(ICounted(address(handler)), "claim refused though due");
        Reach memory reach = reachOf(ICounted(address(handler)));
        assertReached(reach, "deposit USDT", 2);
        assertReached(reach, "deposit token", 2);
        assertReached(reach, "release", 2);
        assertReached(reach, "claim", 2);
        assertReached(reach, "withdraw", 2);
    }

    function invariant_tokensHeldCoverWhatIsOwed() public view {
        assertTrue(usdt.balanceOf(address(staking)) >= reader.owed(address(usdt)), "USDT held >= owed");
        assertTrue(token.balanceOf(address(staking)) >= reader.owed(address(token)), "tokens held >= owed");
        assertTrue(!handler.ghostWithdrawTookOwed(), "withdraw never took what is owed");
    }

    function invariant_earlyCloseTakesNoMoreAndCutsNoClaim() public view {
        assertTrue(!handler.ghostEarlyCloseTookMore(), "principal less what the order paid out, no more");
        assertTrue(!handler.ghostEarlyCloseCutVested(), "nobody else's vested income fell");
    }

    function invariant_releaseFeeNeverAbovePromise() public view {
        assertTrue(!handler.ghostFeeAbovePromise(), "fee = the lower of the fee at opening and now");
    }

    function invariant_eachOrderReleasedAtMostOnce() public view {
        uint256 total = reader.getTotals().totalOrder;
        assertEq(total, handler.ghostOrders(), "orders counted");
        for (uint256 i = 1; i <= total; ++i) {
            uint256 releases = handler.ghostReleases(i);
            assertTrue(releases <= 1, "released at most once");
            assertEq(staking.orders(i).isValid ? 0 : 1, releases, "state matches");
        }
    }

    function invariant_stockNeverNegative() public view {
        IStaking.ConfigMulti memory m = staking.getConfigMulti();
        for (uint256 t = 0; t < 5; ++t) {
            assertEq(m.stakeStocks[t] + handler.ghostTierDeposited(t), 40_000e18, "stock + deposited = set");
        }
    }

    /// Open principal and owed amounts add up from the orders; credits add up from the members.
    function invariant_totalsConsistent() public view {
        uint256 total = reader.getTotals().totalOrder;
        uint256[2] memory principal;
        uint256[2] memory income;
        uint256 openValue;
        for (uint256 i = 1; i <= total; ++i) {
            IStaking.Order memory o = staking.orders(i);
            if (!o.isValid) continue;
            uint256 slot = reader.orderIsUSDT(i) ? 1 : 0;
            principal[slot] += o.actual;
            income[slot] += o.reward;
            openValue += o.amount;
        }
        uint256 n = handler.actorCount();
        uint256 members;
        uint256 credited;
        uint256 unclaimed;
        for (uint256 i = 0; i < n; ++i) {
            IStaking.User memory u = staking.users(handler.actors(i));
            DataReader.Income memory earned = reader.getIncome(handler.actors(i));
            members += u.amount;
            credited += u.rewardInvite + u.rewardTeam;
            unclaimed += earned.credited - earned.claimed; // vested or not
            assertEq(u.balanceReward, earned.vested - earned.claimed, "claimable = vested - claimed");
            assertTrue(earned.vested <= earned.credited, "vested <= credited");
        }
        IStaking.Totals memory t = reader.getTotals();
        assertEq(members, openValue, "members' open principal = open orders");
        assertEq(t.totalAmount, handler.ghostDeposited(), "totalAmount");
        assertEq(t.totalRewardInvite + t.totalRewardTeam, credited, "credits");
        assertEq(t.totalExtract, handler.ghostClaimed(), "claimed");
        assertEq(reader.owed(address(token)), principal[0] + income[0], "token owed");
        // node shares split by the accumulator leave under a wei per node and order, and per removal, owed
        uint256 owedUsdt = reader.owed(address(usdt));
        assertTrue(owedUsdt >= principal[1] + income[1] + unclaimed, "USDT owed covers what can be claimed");
        assertTrue(
            owedUsdt - (principal[1] + income[1] + unclaimed) <= (total + handler.ghostNodeChanges() + 1) * n,
            "USDT owed: only rounding dust beyond what can be claimed"
        );
    }

    /// What an order credited is vested once it ends, whatever was opened, changed or claimed since (each
    /// credit's rate rounds to 1e-9 USDT).
    function invariant_creditsVestedWhenTheirOrdersEnd() public view {
        uint256 n = handler.actorCount();
        for (uint256 i = 0; i < n; ++i) {
            address account = handler.actors(i);
            (uint256 ended, uint256 count) = handler.creditedByEndedOrders(account);
            uint256 vested = reader.getIncome(account).vested;
            assertTrue(vested + count * 1e9 >= ended, "vested covers the credits of ended orders");
        }
    }

    /// An order's lock is the tier's, shortened by at most the largest acceleration rate ever set.
    function invariant_accelerationBounded() public view {
        uint256 total = reader.getTotals().totalOrder;
        uint256 dayTimes = staking.getConfig().dayTimes;
        for (uint256 i = 1; i <= total; ++i) {
            IStaking.Order memory o = staking.orders(i);
            uint256 lock = o.lockDay * dayTimes;
            uint256 held = o.endTime - o.startTime;
            assertTrue(held <= lock, "never longer than the tier's lock");
            assertTrue(
                held >= lock - lock * handler.ghostMaxAcceleration() / 10_000, "at most the rate saved"
            );
        }
    }

    /// Each member's team volume is the open principal of the members below it, down to MAX_DEPTH.
    function invariant_teamVolumeIsDownlineOpenPrincipal() public view {
        uint256 n = handler.actorCount();
        for (uint256 i = 0; i < n; ++i) {
            address account = handler.actors(i);
            uint256 sum;
            uint256 valids;
            for (uint256 j = 0; j < n; ++j) {
                address other = handler.actors(j);
                uint256 amount = staking.users(other).amount;
                address up = presale.users(other).refer;
                if (up == account && amount != 0) ++valids;
                for (uint256 g = 1; g <= 10 && up != address(0); ++g) {
                    if (up == account) {
                        sum += amount;
                        break;
                    }
                    up = presale.users(up).refer;
                }
            }
            IStaking.Team memory team = staking.teams(account);
            assertEq(team.teamAmount, sum, "teamAmount");
            assertEq(team.inviteValids, valids, "inviteValids");
            assertTrue(team.teamMin + team.teamMax >= team.teamAmount, "legs cover the team");
        }
    }
}
