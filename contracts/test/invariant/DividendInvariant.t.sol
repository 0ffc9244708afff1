// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {DividendFixture} from "../utils/DividendFixture.sol";
import {TokenFixture} from "../utils/TokenFixture.sol";
import {SwapToken} from "../../src/SwapToken.sol";
import {Presale} from "../../src/Presale.sol";
import {IFeeToken} from "../../src/interfaces/IFeeToken.sol";
import {IUniswapV2Router} from "../../src/interfaces/IUniswapV2.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";
import {ICounted, Vm} from "../utils/Test.sol";
import {path} from "../utils/DexDeployer.sol";
import {LpDividend} from "../../src/LpDividend.sol";
import {HoldDividend} from "../../src/HoldDividend.sol";
import {NodeReward} from "../../src/NodeReward.sol";
import {IShareDividend} from "../../src/interfaces/IShareDividend.sol";
import {ILpDividend} from "../../src/interfaces/ILpDividend.sol";
import {INodeReward} from "../../src/interfaces/INodeReward.sol";
import {DividendMath} from "../../src/libraries/DividendMath.sol";
import {MockToken} from "../mocks/MockToken.sol";
import {deployHoldDividend, deployPresale} from "../utils/Deploy.sol";

abstract contract HandlerBase {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    address[] public actors;
    uint256 public ghostFunded;
    uint256 public ghostPaid;
    mapping(bytes32 call => uint256) public calls;

    constructor(uint160 seed) {
        for (uint256 i = 1; i <= 4; ++i) {
            actors.push(address(seed + uint160(i)));
        }
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function roll(uint256 blocks) external {
        vm.roll(block.number + _bound(blocks, 1, 5));
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }

    function _bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        if (max <= min) return min;
        return min + (x % (max - min + 1));
    }
}

/// @dev Drives an LpDividend or a HoldDividend: funding (1 wei .. 1e30), share tokens gained (1e12 .. 1e27; staked,
///      for the LpDividend) and given away whole (unstaked first), updates, blacklisting, rotation rounds or claims,
///      and blocks. For the LpDividend also a ring: one LP balance passed around three accounts (unstaked, sent,
///      staked again, each account updated as the old attack did), beside a twin staking as much LP throughout.
///      Ghosts: funded and paid.
contract ShareDividendHandler is HandlerBase {
    uint256 public constant RING_LP = 1e24;

    IShareDividend public immutable dividend;
    MockToken public immutable reward;
    MockToken public immutable shares;
    address public immutable manager;
    bool public immutable isLp;
    /// @dev Every account that may be paid: the actors, then (LpDividend) the ring and the twin.
    address[] public payees;
    address[] public ring;
    address public twin;
    uint256 public ringHolder;

    constructor(IShareDividend dividend_, MockToken reward_, MockToken shares_, address manager_, bool isLp_)
        HandlerBase(0x7300)
    {
        dividend = dividend_;
        reward = reward_;
        shares = shares_;
        manager = manager_;
        isLp = isLp_;
        payees = actors;
        if (!isLp_) return;
        for (uint160 i = 1; i <= 3; ++i) {
            ring.push(address(0x7380 + i));
            payees.push(address(0x7380 + i));
        }
        twin = address(0x7390);
        payees.push(twin);
        shares.mint(ring[0], RING_LP);
        shares.mint(twin, RING_LP);
        _stake(ring[0], RING_LP);
        _stake(twin, RING_LP);
    }

    function payeeCount() external view returns (uint256) {
        return payees.length;
    }

    function ringCount() external view returns (uint256) {
        return ring.length;
    }

    function fund(uint256 amount) external {
        amount = _bound(amount, 1, 1e30);
        reward.mint(address(dividend), amount);
        ghostFunded += amount;
    }

    function gainShares(uint256 actorSeed, uint256 amount) external {
        address actor = _actor(actorSeed);
        amount = _bound(amount, 1e12, 1e27);
        shares.mint(actor, amount);
        if (isLp) _stake(actor, amount);
        else dividend.updateUser(actor);
    }

    function giveAwayShares(uint256 actorSeed) external {
        address actor = _actor(actorSeed);
        if (isLp) _unstakeAll(actor);
        uint256 balance = shares.balanceOf(actor);
        if (balance == 0) return;
        vm.prank(actor);
        shares.transfer(address(0xdead), balance);
    }

    /// @dev The ring's holder takes its LP out (if staked) and passes it to another ring account, which is updated
    ///      twice a block apart (credited from its balance, before staking existed) and may stake it.
    function passRing(uint256 toSeed, bool stakeIt) external {
        if (!isLp) return;
        address from = ring[ringHolder];
        _unstakeAll(from);
        ringHolder = (ringHolder + 1 + toSeed % (ring.length - 1)) % ring.length;
        address to = ring[ringHolder];
        vm.prank(from);
        shares.transfer(to, RING_LP);
        dividend.updateUser(to);
        vm.roll(block.number + 1);
        dividend.updateUser(to);
        if (stakeIt) _stake(to, RING_LP);
    }

    function stakeRing() external {
        if (!isLp) return;
        address holder = ring[ringHolder];
        uint256 balance = shares.balanceOf(holder);
        if (balance != 0) _stake(holder, balance);
    }

    function updateUser(uint256 actorSeed) external {
        dividend.updateUser(_actor(actorSeed));
    }

    function updatePool() external {
        dividend.updatePool();
    }

    function setBlackList(uint256 actorSeed, bool blackListed) external {
        vm.prank(Ownable(address(dividend)).owner());
        dividend.setBlackList(_actor(actorSeed), blackListed);
    }

    /// @dev LpDividend: a rotation round or a claim; HoldDividend: a claim (and a rotation of updates).
    function pay(uint256 payeeSeed, uint256 gas) external {
        uint256[] memory before = _balances();
        address payee = payees[payeeSeed % payees.length];
        if (isLp && gas % 2 == 0) {
            LpDividend(address(dividend)).sendReward(_bound(gas, 30_000, 1_000_000));
            calls["rotation"] += 1;
        } else {
            if (!isLp) HoldDividend(address(dividend)).updateUsers(_bound(gas, 0, 4));
            if (dividend.pendingReward(payee) == 0) return;
            vm.prank(payee);
            dividend.claim();
            calls["claim"] += 1;
        }
        uint256[] memory afterwards = _balances();
        for (uint256 i = 0; i < payees.length; ++i) {
            ghostPaid += afterwards[i] - before[i];
        }
    }

    function _stake(address account, uint256 amount) private {
        vm.startPrank(account);
        shares.approve(address(dividend), amount);
        LpDividend(address(dividend)).stake(amount);
        vm.stopPrank();
        calls["stake"] += 1;
    }

    function _unstakeAll(address account) private {
        uint256 staked = LpDividend(address(dividend)).users(account).staked;
        if (staked == 0) return;
        vm.prank(account);
        LpDividend(address(dividend)).unstake(staked);
        calls["unstake"] += 1;
    }

    /// @dev Reward-token balances of the payees (for the hold dividend, what they hold of the shared token).
    function _balances() private view returns (uint256[] memory b) {
        b = new uint256[](payees.length);
        for (uint256 i = 0; i < payees.length; ++i) {
            b[i] = reward.balanceOf(payees[i]);
        }
    }
}

/// @dev Drives a NodeReward: funding, node classes set by the manager, rates, claims and pool updates.
contract NodeRewardHandler is HandlerBase {
    NodeReward public immutable nodeReward;
    MockToken public immutable reward;
    address public immutable manager;

    constructor(NodeReward nodeReward_, MockToken reward_, address manager_) HandlerBase(0x7400) {
        nodeReward = nodeReward_;
        reward = reward_;
        manager = manager_;
    }

    function fund(uint256 amount) external {
        amount = _bound(amount, 1, 1e30);
        reward.mint(address(nodeReward), amount);
        ghostFunded += amount;
    }

    function setUserForce(uint256 actorSeed, uint8 flags) external {
        vm.prank(manager);
        nodeReward.setUserForce(_actor(actorSeed), flags & 1 != 0, flags & 2 != 0, flags & 4 != 0);
    }

    function setRates(uint256 a, uint256 b) external {
        a = _bound(a, 0, 10_000);
        b = _bound(b, 0, 10_000 - a);
        vm.prank(nodeReward.owner());
        nodeReward.setRates([a, b, 10_000 - a - b]);
    }

    function claim(uint256 actorSeed) external {
        address actor = _actor(actorSeed);
        if (nodeReward.getUserInfo(actor).balance == 0) return;
        uint256 before = reward.balanceOf(actor);
        vm.prank(actor);
        nodeReward.claim();
        calls["node claim"] += 1;
        ghostPaid += reward.balanceOf(actor) - before;
    }

    function updatePool() external {
        nodeReward.updatePool();
    }

    function updateUser(uint256 actorSeed) external {
        nodeReward.updateUser(_actor(actorSeed));
    }
}

/// @dev Drives a HoldDividend told by its real SwapToken of every transfer out of an account: transfers and burns
///      between holders, router buys and sells (whose dividend fee funds it), direct funding, updates, rotations,
///      claims and blocks. Ghosts: what arrived at the distributor and what it paid.
contract SwapTokenHolderHandler is HandlerBase {
    SwapToken public immutable token;
    HoldDividend public immutable hold;
    IUniswapV2Router public immutable router;
    Usdt public immutable usdt;
    address public immutable funder;

    constructor(SwapToken token_, HoldDividend hold_, IUniswapV2Router router_, Usdt usdt_, address funder_)
        HandlerBase(0x7500)
    {
        token = token_;
        hold = hold_;
        router = router_;
        usdt = usdt_;
        funder = funder_;
    }

    /// @dev Counts what arrived at the distributor during the action (claims are its only outflow).
    modifier tracked() {
        uint256 before = token.balanceOf(address(hold));
        uint256 paidBefore = ghostPaid;
        _;
        ghostFunded += token.balanceOf(address(hold)) + (ghostPaid - paidBefore) - before;
    }

    function transfer(uint256 fromSeed, uint256 toSeed, uint256 amount) external tracked {
        address from = _actor(fromSeed);
        amount = _bound(amount, 0, token.balanceOf(from));
        vm.prank(from);
        token.transfer(_actor(toSeed), amount);
    }

    function burn(uint256 actorSeed, uint256 amount) external tracked {
        address actor = _actor(actorSeed);
        amount = _bound(amount, 0, token.balanceOf(actor));
        vm.prank(actor);
        token.burn(amount);
    }

    function buy(uint256 actorSeed, uint256 usdtIn) external tracked {
        address actor = _actor(actorSeed);
        usdtIn = _bound(usdtIn, 1 ether, 20_000 ether);
        usdt.mint(actor, usdtIn);
        vm.startPrank(actor);
        usdt.approve(address(router), usdtIn);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            usdtIn, 0, path(address(usdt), address(token)), actor, block.timestamp
        );
        vm.stopPrank();
    }

    function sell(uint256 actorSeed, uint256 amount) external tracked {
        address actor = _actor(actorSeed);
        uint256 balance = token.balanceOf(actor);
        if (balance < 1 ether) return;
        amount = _bound(amount, 1 ether, balance);
        vm.startPrank(actor);
        token.approve(address(router), amount);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            amount, 0, path(address(token), address(usdt)), actor, block.timestamp
        );
        vm.stopPrank();
    }

    function fund(uint256 amount) external tracked {
        vm.prank(funder);
        token.transfer(address(hold), _bound(amount, 1, 10_000 ether));
    }

    function updateUser(uint256 actorSeed) external tracked {
        hold.updateUser(_actor(actorSeed));
    }

    function updateUsers(uint256 count) external tracked {
        hold.updateUsers(_bound(count, 0, 4));
    }

    function claim(uint256 actorSeed) external tracked {
        address actor = _actor(actorSeed);
        if (hold.pendingReward(actor) == 0) return;
        uint256 before = token.balanceOf(actor);
        vm.prank(actor);
        hold.claim();
        calls["claim"] += 1;
        ghostPaid += token.balanceOf(actor) - before;
    }
}

/// @dev HoldDividend on the real SwapToken with the deploy's wiring (dividend fee share and transfer hook).
contract SwapTokenHoldDividendInvariantTest is TokenFixture {
    SwapTokenHolderHandler internal handler;
    HoldDividend internal hold;
    address[] private _targetedContracts;

    function setUp() public override {
        super.setUp();
        Presale presale = deployPresale(owner, owner);
        hold = deployHoldDividend(owner, address(presale), address(token));
        IFeeToken.Accounts memory a = defaultAccounts();
        a.distributor = address(hold);
        vm.startPrank(owner);
        token.setAccounts(a);
        token.setShareDistributor(address(hold));
        vm.stopPrank();
        open();
        handler = new SwapTokenHolderHandler(token, hold, router, usdt, holder);
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            address actor = handler.actors(i);
            vm.prank(holder);
            token.transfer(actor, 100_000 ether);
        }
        _targetedContracts.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    /// @dev The campaign claimed what its holders were paid, at least twice in eight runs.
    function afterInvariant() public {
        assertReached(reachOf(ICounted(address(handler))), "claim", 2);
    }

    /// @dev The fix of the security review's finding: a share never outlives the tokens behind it.
    function invariant_creditedNeverExceedsBalance() public view {
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            address actor = handler.actors(i);
            assertTrue(hold.users(actor).amount <= token.balanceOf(actor), "credited <= balance");
        }
    }

    function invariant_paidNeverExceedsFunded() public view {
        assertTrue(handler.ghostPaid() <= handler.ghostFunded(), "paid <= funded");
        assertEq(
            token.balanceOf(address(hold)), handler.ghostFunded() - handler.ghostPaid(), "holds the rest"
        );
        IShareDividend.Totals memory t = hold.getTotals();
        assertEq(t.totalPaid, handler.ghostPaid(), "totalPaid == paid");
        uint256 owed;
        uint256 shares;
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            owed += hold.pendingReward(handler.actors(i));
            shares += hold.users(handler.actors(i)).amount;
        }
        assertTrue(owed <= token.balanceOf(address(hold)), "owed <= held");
        assertEq(shares, t.totalShares, "total shares == sum of credited shares");
    }
}

abstract contract ShareDividendInvariant is DividendFixture {
    ShareDividendHandler internal handler;
    address[] private _targetedContracts;

    function _target(address handler_) internal {
        _targetedContracts.push(handler_);
    }

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    function _dividend() internal view virtual returns (IShareDividend);

    /// @dev The campaign paid its holders: the HoldDividend by claims; the LpDividend mostly by rotation rounds,
    ///      between stakes and unstakes. Each at least twice in eight runs.
    function afterInvariant() public {
        Reach memory reach = reachOf(ICounted(address(handler)));
        if (!handler.isLp()) return assertReached(reach, "claim", 2);
        assertReached(reach, "stake", 2);
        assertReached(reach, "unstake", 2);
        assertReached(reach, "rotation", 2);
    }

    function invariant_paidNeverExceedsFunded() public view {
        IShareDividend d = _dividend();
        assertTrue(handler.ghostPaid() <= handler.ghostFunded(), "paid <= funded");
        assertEq(reward.balanceOf(address(d)), handler.ghostFunded() - handler.ghostPaid(), "holds the rest");
        IShareDividend.Totals memory t = d.getTotals();
        assertEq(t.totalPaid, handler.ghostPaid(), "totalPaid == paid");
        assertTrue(t.lastBalance <= reward.balanceOf(address(d)), "accounted <= held");
    }

    /// @dev What is neither owed nor waiting is the division carry plus under 1 wei per holder.
    function invariant_dustBoundedByHolders() public view {
        IShareDividend d = _dividend();
        uint256 held = reward.balanceOf(address(d));
        uint256 owed;
        for (uint256 i = 0; i < handler.payeeCount(); ++i) {
            owed += d.pendingReward(handler.payees(i));
        }
        assertTrue(owed <= held, "owed <= held");
        IShareDividend.Totals memory t = d.getTotals();
        // What is not yet accounted waits when there are no shares or when sharing it would take the accumulator
        // past its bound (a tiny total share and a large payment); otherwise pendingReward shares it as
        // updatePool would, leaving a carry below totalShares.
        uint256 unaccounted = held - t.lastBalance;
        uint256 incoming = unaccounted < DividendMath.MAX_INCOMING ? unaccounted : DividendMath.MAX_INCOMING;
        bool shared;
        if (t.totalShares != 0 && incoming != 0 && _sharesArrivalsNow()) {
            (,, shared) = DividendMath.distribute(t.rewardPer, t.carry, incoming, t.totalShares);
        }
        uint256 waiting = shared ? unaccounted - incoming : unaccounted;
        uint256 carry = t.carry + (shared ? t.totalShares : 0);
        assertTrue(
            held - owed <= waiting + carry / 1e18 + 1 + handler.payeeCount(), "dust <= carry + holders"
        );
    }

    function invariant_sharesAddUp() public view {
        IShareDividend d = _dividend();
        uint256 sum;
        for (uint256 i = 0; i < handler.payeeCount(); ++i) {
            sum += _shareOf(handler.payees(i));
        }
        assertEq(sum, d.getTotals().totalShares, "total shares == sum of credited shares");
    }

    function _shareOf(address actor) internal view virtual returns (uint256);

    /// @dev Whether a call now would share what arrived (LpDividend: not twice in one block).
    function _sharesArrivalsNow() internal view virtual returns (bool) {
        return true;
    }
}

contract LpDividendInvariantTest is ShareDividendInvariant {
    function setUp() public override {
        super.setUp();
        handler = new ShareDividendHandler(lpDividend, reward, lp, manager, true);
        _target(address(handler));
    }

    function _dividend() internal view override returns (IShareDividend) {
        return lpDividend;
    }

    function _shareOf(address actor) internal view override returns (uint256) {
        return lpDividend.users(actor).lp;
    }

    function _sharesArrivalsNow() internal view override returns (bool) {
        // LpDividend's `poolBlock`, the third word of its ERC-7201 namespace
        bytes32 poolBlock =
            bytes32(uint256(0x21edba003b2eda14974802319c696f054de68e4fb5e713a9cfb138cc5e09f000) + 2);
        return uint256(vm.load(address(lpDividend), poolBlock)) != block.number;
    }

    /// @dev Every LP staked is held by the distributor, and only staked LP earns.
    function invariant_stakedIsLpHeld() public view {
        uint256 staked;
        for (uint256 i = 0; i < handler.payeeCount(); ++i) {
            ILpDividend.UserInfo memory u = lpDividend.users(handler.payees(i));
            staked += u.staked;
            assertTrue(u.lp <= u.staked, "share <= staked");
        }
        assertEq(staked, lpDividend.getConfig().totalStaked, "stakes add up");
        assertEq(lp.balanceOf(address(lpDividend)), staked, "staked == LP held");
    }

    /// @dev One LP balance passed around any number of accounts earns no more than one account staking as much.
    function invariant_rotationEarnsNoMoreThanOneHolder() public view {
        uint256 ringEarned;
        for (uint256 i = 0; i < handler.ringCount(); ++i) {
            ILpDividend.UserInfo memory u = lpDividend.users(handler.ring(i));
            ringEarned += u.reward + u.pending;
        }
        ILpDividend.UserInfo memory t = lpDividend.users(handler.twin());
        assertTrue(ringEarned <= t.reward + t.pending, "ring <= twin");
    }
}

contract HoldDividendInvariantTest is ShareDividendInvariant {
    function setUp() public override {
        super.setUp();
        handler = new ShareDividendHandler(holdDividend, held, held, manager, false);
        _target(address(handler));
        reward = held;
    }

    function _dividend() internal view override returns (IShareDividend) {
        return holdDividend;
    }

    function _shareOf(address actor) internal view override returns (uint256) {
        return holdDividend.users(actor).amount;
    }
}

contract NodeRewardInvariantTest is DividendFixture {
    NodeRewardHandler internal handler;
    address[] private _targetedContracts;

    function setUp() public override {
        super.setUp();
        handler = new NodeRewardHandler(nodeReward, reward, manager);
        _targetedContracts.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    /// @dev The campaign's nodes claimed, at least twice in eight runs.
    function afterInvariant() public {
        assertReached(reachOf(ICounted(address(handler))), "node claim", 2);
    }

    function invariant_claimedNeverExceedsFunded() public view {
        assertTrue(handler.ghostPaid() <= handler.ghostFunded(), "claimed <= funded");
        assertEq(
            reward.balanceOf(address(nodeReward)), handler.ghostFunded() - handler.ghostPaid(), "holds rest"
        );
        assertEq(nodeReward.totalPaid(), handler.ghostPaid(), "totalPaid");
    }

    /// @dev Class totals: what was split among the classes is what was accounted plus what was paid; each class's
    ///      nodes never earned more than the class received; and what a node earned less what it is owed is what
    ///      it claimed.
    function invariant_classTotalsConsistent() public view {
        INodeReward.Config memory c = nodeReward.getConfig();
        assertEq(
            c.totalRewardA + c.totalRewardB + c.totalRewardC,
            c.lastBalance + handler.ghostPaid(),
            "split == accounted"
        );
        uint256 incoming = reward.balanceOf(address(nodeReward)) - c.lastBalance;
        uint256 inA = incoming * c.rates[0] / 10_000;
        uint256 inB = incoming * c.rates[1] / 10_000;
        uint256 inC = incoming - inA - inB;
        uint256[3] memory earned;
        uint256 owed;
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            INodeReward.UserInfo memory u = nodeReward.getUserInfo(handler.actors(i));
            earned[0] += u.rewardA;
            earned[1] += u.rewardB;
            earned[2] += u.rewardC;
            owed += u.balance;
        }
        assertTrue(earned[0] <= c.totalRewardA + inA, "class A");
        assertTrue(earned[1] <= c.totalRewardB + inB, "class B");
        assertTrue(earned[2] <= c.totalRewardC + inC, "class C");
        assertEq(earned[0] + earned[1] + earned[2] - owed, handler.ghostPaid(), "earned - owed == claimed");
        assertTrue(owed <= reward.balanceOf(address(nodeReward)), "owed <= held");
    }
}
