// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LpSwapFixture} from "../utils/LpSwapFixture.sol";
import {Vm} from "../utils/Test.sol";
import {LpSwap} from "../../src/LpSwap.sol";
import {ILpSwap} from "../../src/interfaces/ILpSwap.sol";
import {MockToken} from "../mocks/MockToken.sol";

/// @dev Locks LP and tokens (with and without the rate the member was shown), claims, credits LP as the manager,
///      takes surplus LP, changes the rates (the manager, or the owner) and moves time, with four members. Ghosts:
///      what went in and what was paid out, per asset, per position a floor of what its own rate guarantees (see
///      `Floor`), and whether a member's terms or the owner's cut power were ever broken.
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
    }

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
        assertEq(lpAmount, handler.ghostLpIn(), "lp locked == lp in");
        assertEq(tokenAmount, handler.ghostTokenIn(), "tokens locked == tokens in");
        assertEq(lpClaimed, handler.ghostLpOut(), "lp claimed == lp paid");
        assertEq(tokenClaimed, handler.ghostTokenOut(), "tokens claimed == tokens paid");
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
