// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {DividendFixture} from "../utils/DividendFixture.sol";
import {TokenFixture} from "../utils/TokenFixture.sol";
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {SwapToken} from "../../src/SwapToken.sol";
import {Presale} from "../../src/Presale.sol";
import {IFeeToken} from "../../src/interfaces/IFeeToken.sol";
import {IUniswapV2Router} from "../../src/interfaces/IUniswapV2.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";
import {Vm} from "../utils/Test.sol";
import {LpDividend} from "../../src/LpDividend.sol";
import {HoldDividend} from "../../src/HoldDividend.sol";
import {NodeReward} from "../../src/NodeReward.sol";
import {IShareDividend} from "../../src/interfaces/IShareDividend.sol";
import {INodeReward} from "../../src/interfaces/INodeReward.sol";
import {DividendMath} from "../../src/libraries/DividendMath.sol";
import {MockToken} from "../mocks/MockToken.sol";

abstract contract HandlerBase {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    address[] public actors;
    uint256 public ghostFunded;
    uint256 public ghostPaid;

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

/// @dev Drives an LpDividend or a HoldDividend: funding (1 wei .. 1e30), share tokens gained (1e12 .. 1e27) and
///      given away whole, updates, blacklisting, rotation rounds or claims, and blocks. Ghosts: funded and paid.
contract ShareDividendHandler is HandlerBase {
    IShareDividend public immutable dividend;
    MockToken public immutable reward;
    MockToken public immutable shares;
    address public immutable manager;
    bool public immutable isLp;

    constructor(IShareDividend dividend_, MockToken reward_, MockToken shares_, address manager_, bool isLp_)
        HandlerBase(0x7300)
    {
        dividend = dividend_;
        reward = reward_;
        shares = shares_;
        manager = manager_;
        isLp = isLp_;
    }

    function fund(uint256 amount) external {
        amount = _bound(amount, 1, 1e30);
        reward.mint(address(dividend), amount);
        ghostFunded += amount;
    }

    function gainShares(uint256 actorSeed, uint256 amount) external {
        shares.mint(_actor(actorSeed), _bound(amount, 1e12, 1e27));
        dividend.updateUser(_actor(actorSeed));
    }

    function giveAwayShares(uint256 actorSeed) external {
        address actor = _actor(actorSeed);
        uint256 balance = shares.balanceOf(actor);
        if (balance == 0) return;
        vm.prank(actor);
        shares.transfer(address(0xdead), balance);
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

    /// @dev LpDividend: a rotation round; HoldDividend: a claim (and a rotation of updates).
    function pay(uint256 actorSeed, uint256 gas) external {
        uint256[] memory before = _balances();
        if (isLp) {
            LpDividend(address(dividend)).sendReward(_bound(gas, 30_000, 1_000_000));
        } else {
            address actor = _actor(actorSeed);
            HoldDividend(address(dividend)).updateUsers(_bound(gas, 0, 4));
            if (dividend.pendingReward(actor) == 0) return;
            vm.prank(actor);
            HoldDividend(address(dividend)).claim();
        }
        uint256[] memory afterwards = _balances();
        for (uint256 i = 0; i < actors.length; ++i) {
            ghostPaid += afterwards[i] - before[i];
        }
    }

    /// @dev Reward-token balances of the actors (for the hold dividend, what they hold of the shared token).
    function _balances() private view returns (uint256[] memory b) {
        b = new uint256[](actors.length);
        for (uint256 i = 0; i < actors.length; ++i) {
            b[i] = reward.balanceOf(actors[i]);
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
            usdtIn, 0, _path(address(usdt), address(token)), actor, block.timestamp
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
            amount, 0, _path(address(token), address(usdt)), actor, block.timestamp
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
        ghostPaid += token.balanceOf(actor) - before;
    }

    function _path(address from, address to) private pure returns (address[] memory p) {
        p = new address[](2);
        p[0] = from;
        p[1] = to;
    }
}

/// @dev HoldDividend on the real SwapToken with the deploy's wiring (dividend fee share and transfer hook).
contract SwapTokenHoldDividendInvariantTest is TokenFixture {
    SwapTokenHolderHandler internal handler;
    HoldDividend internal hold;
    address[] private _targetedContracts;

    function setUp() public override {
        super.setUp();
        Presale presale = Presale(
            address(
                new ERC1967Proxy(
                    address(new Presale()), abi.encodeCall(Presale.initialize, (owner, owner, owner))
                )
            )
        );
        hold = HoldDividend(
            address(
                new ERC1967Proxy(
                    address(new HoldDividend()),
                    abi.encodeCall(HoldDividend.initialize, (owner, address(presale), address(token)))
                )
            )
        );
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
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            owed += d.pendingReward(handler.actors(i));
        }
        assertTrue(owed <= held, "owed <= held");
        IShareDividend.Totals memory t = d.getTotals();
        // What is not yet accounted waits when there are no shares or when sharing it would take the accumulator
        // past its bound (a tiny total share and a large payment); otherwise pendingReward shares it as
        // updatePool would, leaving a carry below totalShares.
        uint256 unaccounted = held - t.lastBalance;
        uint256 incoming = unaccounted < DividendMath.MAX_INCOMING ? unaccounted : DividendMath.MAX_INCOMING;
        bool shared;
        if (t.totalShares != 0 && incoming != 0) {
            (,, shared) = DividendMath.distribute(t.rewardPer, t.carry, incoming, t.totalShares);
        }
        uint256 waiting = shared ? unaccounted - incoming : unaccounted;
        uint256 carry = t.carry + (shared ? t.totalShares : 0);
        assertTrue(
            held - owed <= waiting + carry / 1e18 + 1 + handler.actorCount(), "dust <= carry + holders"
        );
    }

    function invariant_sharesAddUp() public view {
        IShareDividend d = _dividend();
        uint256 sum;
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            address actor = handler.actors(i);
            sum += _shareOf(actor);
        }
        assertEq(sum, d.getTotals().totalShares, "total shares == sum of credited shares");
    }

    function _shareOf(address actor) internal view virtual returns (uint256);
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
