// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LpSwapFixture} from "../utils/LpSwapFixture.sol";
import {ICounted, Vm} from "../utils/Test.sol";
import {LpSwap} from "../../src/LpSwap.sol";
import {ILpSwap} from "../../src/interfaces/ILpSwap.sol";
import {MockToken} from "../mocks/MockToken.sol";

/// @dev Locks LP and tokens (with and without the rate the member was shown), claims, credits LP as the manager,
///      takes surplus LP, changes the rates (the manager, or the owner), announces an upgrade (or withdraws it) and
///      lands it, closes members' positions early and moves time, with four members. Ghosts: what went in and
///      what was paid out, per asset, per position a floor of what its own rate guarantees (see `Floor`), what
///      the positions closed early held, and whether a member's terms, the owner's cut power, an early close's
///      payout or the exit window were ever broken.
contract LpSwapHandler {
    /// @dev Taken when a position's own rate is set (a lock or a credit): its amount, what it had released, the
    ///      rate it is owed from then on (the current one on a member's lock or when nothing was left locked; on
    ///      a credit, the higher of the floor's rate and the current one) and the time. Until the next lock or
    ///      credit it releases at least `min(amount, released + fullDaysSince(time) * ceil(amount * rate / 1e4))`,
    ///      whatever the rates do: its clock is at or before `time` and moves by whole days only.
    struct Floor {
        uint256 amount;
        uint256 released;
        uint256 rate;
        uint256 time;
    }

    Vm private constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    LpSwap public immutable lpSwap;
    MockToken public immutable lp;
    MockToken public immutable token;
    address public immutable manager;
    address public immutable owner;

    address[] public actors;
    /// @dev A lock with the member's rate ran below it, or was refused at or above it.
    bool public ghostTermsBroken;
    /// @dev The manager lowered a rate, or a rate change was refused for another reason than the manager's cut.
    bool public ghostRatesBroken;
    uint256 public ghostLpIn;
    uint256 public ghostTokenIn;
    uint256 public ghostLpOut;
    uint256 public ghostTokenOut;
    uint256 public ghostSurplusIn;
    uint256 public ghostSurplusOut;
    /// @dev Paid by early closes, and the amounts and claims of the positions they emptied.
    uint256 public ghostLpEarlyOut;
    uint256 public ghostTokenEarlyOut;
    uint256 public ghostLpClosedAmount;
    uint256 public ghostTokenClosedAmount;
    uint256 public ghostLpClosedClaimed;
    uint256 public ghostTokenClosedClaimed;
    uint256 public ghostEarlyCloses;
    /// @dev An early close paid other than the member's amount less what it claimed, changed another member's
    ///      position, or was refused (or accepted) against the rule: a change announced and something locked.
    bool public ghostEarlyCloseBroken;
    /// @dev An upgrade landed while something was owed without having been announced `EXIT_WINDOW` before, or
    ///      was refused once it had been (or with nothing owed).
    bool public ghostLandingBroken;
    address[] private _implementations;
    mapping(address actor => mapping(bool isLp => Floor)) private _floors;

    constructor(LpSwap lpSwap_, MockToken lp_, MockToken token_, address manager_, address owner_) {
        lpSwap = lpSwap_;
        lp = lp_;
        token = token_;
        manager = manager_;
        owner = owner_;
        for (uint256 i = 1; i <= 4; ++i) {
            actors.push(address(uint160(0x7200 + i)));
        }
        _implementations.push(address(new LpSwap()));
        _implementations.push(address(new LpSwap()));
    }

    mapping(bytes32 call => uint256) public calls;

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function swapLP(uint256 actorSeed, uint256 amount) external {
        address actor = actors[actorSeed % actors.length];
        amount = _bound(amount, 1, 1e30);
        lp.mint(actor, amount);
        vm.startPrank(actor);
        lp.approve(address(lpSwap), amount);
        lpSwap.swapLP(amount);
        vm.stopPrank();
        calls["swap LP"] += 1;
        ghostLpIn += amount;
        _setFloor(actor, true, lpSwap.getConfig().lpRate);
    }

    function swapToken(uint256 actorSeed, uint256 amount) external {
        address actor = actors[actorSeed % actors.length];
        amount = _bound(amount, 1, 1e30);
        token.mint(actor, amount);
        vm.startPrank(actor);
        token.approve(address(lpSwap), amount);
        lpSwap.swapToken(amount);
        vm.stopPrank();
        calls["swap token"] += 1;
        ghostTokenIn += amount;
        _setFloor(actor, false, lpSwap.getConfig().tokenRate);
    }

    /// @dev A member's lock with the rate it was shown: the current one, or one a little off it (`shift` 0: one
    ///      below, 1: equal, 2: one above, as if the rate moved between the page and the transaction).
    function swapWithRate(uint256 actorSeed, uint256 amount, uint256 shift, bool isLp) external {
        address actor = actors[actorSeed % actors.length];
        amount = _bound(amount, 1, 1e30);
        ILpSwap.Config memory c = lpSwap.getConfig();
        uint256 rate = isLp ? c.lpRate : c.tokenRate;
        uint256 expected = rate + (shift % 3) - 1;
        MockToken asset = isLp ? lp : token;
        asset.mint(actor, amount);
        vm.startPrank(actor);
        asset.approve(address(lpSwap), amount);
        bool locked;
        if (isLp) {
            try lpSwap.swapLP(amount, expected) {
                locked = true;
            } catch (bytes memory reason) {
                _expectRateBelowExpected(reason, rate, expected);
            }
        } else {
            try lpSwap.swapToken(amount, expected) {
                locked = true;
            } catch (bytes memory reason) {
                _expectRateBelowExpected(reason, rate, expected);
            }
        }
        vm.stopPrank();
        if (!locked) return; // the member keeps what it did not lock
        if (rate < expected) ghostTermsBroken = true;
        ILpSwap.UserInfo memory u = lpSwap.getUserInfo(actor);
        if ((isLp ? u.rateLP : u.rateToken) < expected) ghostTermsBroken = true;
        calls[isLp ? bytes32("swap LP") : bytes32("swap token")] += 1;
        if (isLp) ghostLpIn += amount;
        else ghostTokenIn += amount;
        _setFloor(actor, isLp, rate);
    }

    function claim(uint256 actorSeed) external {
        address actor = actors[actorSeed % actors.length];
        ILpSwap.UserInfo memory u = lpSwap.getUserInfo(actor);
        if (u.pendingLP == 0 && u.pendingToken == 0) return;
        uint256 lpBefore = lp.balanceOf(actor);
        uint256 tokenBefore = token.balanceOf(actor);
        vm.prank(actor);
        lpSwap.claimLP();
        calls["claim"] += 1;
        ghostLpOut += lp.balanceOf(actor) - lpBefore;
        ghostTokenOut += token.balanceOf(actor) - tokenBefore;
    }

    function sendLP(uint256 actorSeed, uint256 amount) external {
        address actor = actors[actorSeed % actors.length];
        amount = _bound(amount, 1, 1e30);
        ILpSwap.UserInfo memory u = lpSwap.getUserInfo(actor);
        uint256 current = lpSwap.getConfig().lpRate;
        uint256 owed = _floors[actor][true].rate;
        bool locked = u.claimLP + u.pendingLP < u.amountLP;
        lp.mint(manager, amount);
        vm.startPrank(manager);
        lp.approve(address(lpSwap), amount);
        lpSwap.sendLP(actor, amount);
        vm.stopPrank();
        ghostLpIn += amount;
        _setFloor(actor, true, locked && owed > current ? owed : current);
    }

    function donateAndSweep(uint256 donated, uint256 taken) external {
        donated = _bound(donated, 0, 1e24);
        lp.mint(address(lpSwap), donated);
        ghostSurplusIn += donated;
        (, uint256 lpOwed,) = lpSwap.getTotals();
        uint256 surplus = lp.balanceOf(address(lpSwap)) - lpOwed;
        if (surplus == 0) return;
        taken = _bound(taken, 1, surplus);
        vm.prank(manager);
        lpSwap.sendLPToWallet(manager, taken);
        ghostSurplusOut += taken;
    }

    /// @dev The manager (any rates: a cut must be refused) or the owner (any rates) changes the rates.
    function setRates(uint256 lpRate, uint256 tokenRate, bool byOwner) external {
        lpRate = _bound(lpRate, 1, 10_000);
        tokenRate = _bound(tokenRate, 1, 10_000);
        ILpSwap.Config memory c = lpSwap.getConfig();
        bool cut = lpRate < c.lpRate || tokenRate < c.tokenRate;
        vm.prank(byOwner ? owner : manager);
        try lpSwap.setRates(lpRate, tokenRate) {
            if (cut && !byOwner) ghostRatesBroken = true;
        } catch (bytes memory reason) {
            if (byOwner || !cut || bytes4(reason) != ILpSwap.RateCutNeedsOwner.selector) {
                ghostRatesBroken = true;
            }
        }
    }

    /// @dev The owner announces an upgrade to one of two implementations, or withdraws the announcement.
    function announce(uint256 seed) external {
        address implementation = seed % 3 == 2 ? address(0) : _implementations[seed % 3];
        vm.prank(owner);
        lpSwap.announce(implementation, address(0));
    }

    /// @dev The owner upgrades to one of the two implementations: it must land iff nothing is owed, or it is the
    ///      one announced and the window has passed.
    function land(uint256 seed) external {
        address implementation = _implementations[seed % 2];
        (address announced,, uint256 readyAt) = lpSwap.announcement();
        (, uint256 lpOwed, uint256 tokenOwed) = lpSwap.getTotals();
        bool matches = readyAt != 0 && announced == implementation;
        bool allowed = (lpOwed == 0 && tokenOwed == 0) || (matches && !(block.timestamp < readyAt));
        vm.prank(owner);
        try lpSwap.upgradeToAndCall(implementation, "") {
            if (!allowed) ghostLandingBroken = true;
            (,, readyAt) = lpSwap.announcement();
            if (matches && readyAt != 0) ghostLandingBroken = true; // the announcement ends with its change
        } catch (bytes memory reason) {
            bytes memory expected = abi.encodeWithSelector(
                ILpSwap.NotAnnounced.selector, implementation, address(0), matches ? readyAt : 0
            );
            if (allowed || keccak256(reason) != keccak256(expected)) ghostLandingBroken = true;
        }
    }

    /// @dev A member closes early: paid exactly what it is owed (its amounts less its claims) iff a change is
    ///      announced and something of its is locked; the other members' positions are untouched.
    function closeEarly(uint256 actorSeed) external {
        address actor = actors[actorSeed % actors.length];
        ILpSwap.UserInfo memory u = lpSwap.getUserInfo(actor);
        (,, uint256 readyAt) = lpSwap.announcement();
        bool locked = u.claimLP + u.pendingLP < u.amountLP || u.claimToken + u.pendingToken < u.amountToken;
        bytes32 others = _othersHash(actor);
        uint256 lpBefore = lp.balanceOf(actor);
        uint256 tokenBefore = token.balanceOf(actor);
        vm.prank(actor);
        try lpSwap.closeEarly() {
            uint256 lpOut = lp.balanceOf(actor) - lpBefore;
            uint256 tokenOut = token.balanceOf(actor) - tokenBefore;
            if (readyAt == 0 || !locked) ghostEarlyCloseBroken = true;
            if (lpOut != u.amountLP - u.claimLP || tokenOut != u.amountToken - u.claimToken) {
                ghostEarlyCloseBroken = true;
            }
            if (_othersHash(actor) != others) ghostEarlyCloseBroken = true;
            ghostLpEarlyOut += lpOut;
            ghostTokenEarlyOut += tokenOut;
            ghostLpClosedAmount += u.amountLP;
            ghostTokenClosedAmount += u.amountToken;
            ghostLpClosedClaimed += u.claimLP;
            ghostTokenClosedClaimed += u.claimToken;
            ++ghostEarlyCloses;
            _floors[actor][true] = Floor(0, 0, 0, block.timestamp);
            _floors[actor][false] = Floor(0, 0, 0, block.timestamp);
        } catch (bytes memory reason) {
            if (
                (readyAt != 0 && locked)
                    || keccak256(reason) != keccak256(abi.encodeWithSelector(ILpSwap.NoEarlyClose.selector))
            ) ghostEarlyCloseBroken = true;
        }
    }

    /// @dev What the position's floor guarantees now.
    function floorOf(address actor, bool isLp) external view returns (uint256 released) {
        Floor memory f = _floors[actor][isLp];
        released = f.released + ((block.timestamp - f.time) / lpSwap.getConfig().dayTimes)
            * ((f.amount * f.rate + 9999) / 10_000);
        if (released > f.amount) released = f.amount;
    }

    /// @dev The rate the position is owed by its floor (0 before its first lock).
    function floorRate(address actor, bool isLp) external view returns (uint256) {
        return _floors[actor][isLp].rate;
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + _bound(seconds_, 0, 30 days));
    }

    function _othersHash(address actor) private view returns (bytes32 h) {
        for (uint256 i = 0; i < actors.length; ++i) {
            if (actors[i] != actor) h = keccak256(abi.encode(h, lpSwap.getUserInfo(actors[i])));
        }
    }

    function _expectRateBelowExpected(bytes memory reason, uint256 rate, uint256 expected) private {
        if (
            !(rate < expected)
                || keccak256(reason)
                    != keccak256(abi.encodeWithSelector(ILpSwap.RateBelowExpected.selector, rate, expected))
        ) ghostTermsBroken = true;
    }

    function _setFloor(address actor, bool isLp, uint256 rate) private {
        ILpSwap.UserInfo memory u = lpSwap.getUserInfo(actor);
        _floors[actor][isLp] = isLp
            ? Floor(u.amountLP, u.claimLP + u.pendingLP, rate, block.timestamp)
            : Floor(u.amountToken, u.claimToken + u.pendingToken, rate, block.timestamp);
    }

    function _bound(uint256 x, uint256 min, uint256 max) private pure returns (uint256) {
        if (max <= min) return min;
        return min + (x % (max - min + 1));
    }
}

contract LpSwapInvariantTest is LpSwapFixture {
    LpSwapHandler internal handler;
    address[] private _targetedContracts;

    function setUp() public override {
        super.setUp();
        handler = new LpSwapHandler(lpSwap, lp, token, manager, owner);
        _targetedContracts.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    /// The campaign swapped LP and tokens in and claimed what was released, each at least twice in eight runs.
    function afterInvariant() public {
        Reach memory reach = reachOf(ICounted(address(handler)));
        assertReached(reach, "swap LP", 2);
        assertReached(reach, "swap token", 2);
        assertReached(reach, "claim", 2);
    }

    function invariant_claimedNeverExceedsDeposited() public view {
        uint256 lpAmount;
        uint256 lpClaimed;
        uint256 tokenAmount;
        uint256 tokenClaimed;
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            ILpSwap.UserInfo memory u = lpSwap.getUserInfo(handler.actors(i));
            assertTrue(u.claimLP + u.pendingLP <= u.amountLP, "lp released > locked");
            assertTrue(u.claimToken + u.pendingToken <= u.amountToken, "tokens released > locked");
            lpAmount += u.amountLP;
            lpClaimed += u.claimLP;
            tokenAmount += u.amountToken;
            tokenClaimed += u.claimToken;
        }
        // positions closed early were emptied: what they held is counted apart
        assertEq(lpAmount + handler.ghostLpClosedAmount(), handler.ghostLpIn(), "lp locked == lp in");
        assertEq(
            tokenAmount + handler.ghostTokenClosedAmount(), handler.ghostTokenIn(), "tokens locked == in"
        );
        assertEq(lpClaimed + handler.ghostLpClosedClaimed(), handler.ghostLpOut(), "lp claimed == lp paid");
        assertEq(tokenClaimed + handler.ghostTokenClosedClaimed(), handler.ghostTokenOut(), "tokens claimed");
        (, uint256 lpOwed, uint256 tokenOwed) = lpSwap.getTotals();
        assertEq(lpOwed, lpAmount - lpClaimed, "lpOwed");
        assertEq(tokenOwed, tokenAmount - tokenClaimed, "tokenOwed");
    }

    /// @dev A rate cut never slows a position below the rate it was locked (or last topped up) at, and the
    ///      effective rate shown is never below either that rate or the current one while something is locked.
    function invariant_releasedNeverFallsBehindTheOwnRate() public view {
        ILpSwap.Config memory c = lpSwap.getConfig();
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            address actor = handler.actors(i);
            ILpSwap.UserInfo memory u = lpSwap.getUserInfo(actor);
            assertTrue(u.claimLP + u.pendingLP >= handler.floorOf(actor, true), "lp behind its own rate");
            assertTrue(
                u.claimToken + u.pendingToken >= handler.floorOf(actor, false), "tokens behind their own rate"
            );
            assertTrue(u.rateLP >= c.lpRate, "rateLP below the current rate");
            assertTrue(u.rateToken >= c.tokenRate, "rateToken below the current rate");
            if (u.claimLP + u.pendingLP < u.amountLP) {
                assertTrue(u.rateLP >= handler.floorRate(actor, true), "rateLP below the own rate");
            }
            if (u.claimToken + u.pendingToken < u.amountToken) {
                assertTrue(u.rateToken >= handler.floorRate(actor, false), "rateToken below the own rate");
            }
        }
    }

    /// @dev A lock with the member's rate never runs below it, and is refused only below it (with its error).
    function invariant_memberLocksKeepTheRateShown() public view {
        assertTrue(!handler.ghostTermsBroken(), "a lock broke the member's rate");
    }

    /// @dev Only the owner lowers a rate; the manager's raises (or equal rates) always go through.
    function invariant_onlyTheOwnerLowersARate() public view {
        assertTrue(!handler.ghostRatesBroken(), "the manager lowered a rate, or a change was refused");
    }

    /// @dev An early close pays the member its amounts less what it claimed, never more, only while a change is
    ///      announced and something of its is locked, and leaves the other members' positions as they were; in
    ///      all, early closes paid what the positions they closed held less their claims.
    function invariant_earlyClosePaysNoMoreThanTheAmountLessClaims() public view {
        assertTrue(!handler.ghostEarlyCloseBroken(), "an early close broke its rule");
        assertEq(
            handler.ghostLpEarlyOut(),
            handler.ghostLpClosedAmount() - handler.ghostLpClosedClaimed(),
            "lp paid early == closed amounts - their claims"
        );
        assertEq(
            handler.ghostTokenEarlyOut(),
            handler.ghostTokenClosedAmount() - handler.ghostTokenClosedClaimed(),
            "tokens paid early == closed amounts - their claims"
        );
    }

    /// @dev While anything is owed, an upgrade lands only as announced, `EXIT_WINDOW` after the announcement.
    function invariant_upgradesWaitForTheExitWindow() public view {
        assertTrue(!handler.ghostLandingBroken(), "an upgrade landed unannounced, early, or was refused");
    }

    /// @dev What the members who stayed are owed stays held, after any early closes (see also the equalities below).
    function invariant_holdsWhatTheOthersAreOwed() public view {
        (, uint256 lpOwed, uint256 tokenOwed) = lpSwap.getTotals();
        assertGe(lp.balanceOf(address(lpSwap)), lpOwed, "lp held >= owed");
        assertGe(token.balanceOf(address(lpSwap)), tokenOwed, "tokens held >= owed");
    }

    function invariant_holdsWhatItOwes() public view {
        (, uint256 lpOwed, uint256 tokenOwed) = lpSwap.getTotals();
        assertEq(
            lp.balanceOf(address(lpSwap)),
            lpOwed + handler.ghostSurplusIn() - handler.ghostSurplusOut(),
            "lp held == owed + surplus"
        );
        assertEq(token.balanceOf(address(lpSwap)), tokenOwed, "tokens held == owed");
    }
}
