// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {LpSwapFixture} from "../utils/LpSwapFixture.sol";
import {Fixture, idoSettingsOf} from "../utils/Fixture.sol";
import {TimelockFixture} from "../utils/TimelockFixture.sol";
import {ILpSwap} from "../../src/interfaces/ILpSwap.sol";
import {IIdo} from "../../src/interfaces/IIdo.sol";

/// @dev Terms changed under a member's transaction: whoever can reprice at once (the manager, a hot key) sees a
///      member's `swapLP` / `swapToken` / `ido` waiting and lands a repricing just before it, so the member's whole
///      position moves to a lower release rate, or the buyer pays more for fewer tokens, than the page showed.
///      Lowering a rate or raising the price is the owner's, behind the timelock, so it is public for the whole
///      delay; and a member's transaction carries the terms it was shown, so a change that lands first, even the
///      owner's, makes it revert instead of running on other terms.
///      The replays call the member's checked entry points and read the errors by signature, so they compile and
///      run against the code before those checks existed too, where they fail: the manager's cut or raise goes
///      through, and the member's call with its terms does not exist.
contract LpSwapRateCutReplayTest is LpSwapFixture, TimelockFixture {
    address internal alice = makeAddr("alice");

    function setUp() public override {
        super.setUp();
        address[] memory proxies = new address[](2);
        proxies[0] = address(presale);
        proxies[1] = address(lpSwap);
        handOver(owner, proxies, new address[](0));
        lockLP(alice, 1000 ether);
        lockToken(alice, 1000 ether);
    }

    /// The manager front-runs the member's top-up with a cut to 0.01% a day: refused, and the top-up runs at the
    /// rate the member was shown.
    function test_managerCannotCutTheRateUnderAMembersLock() public {
        ILpSwap.Config memory seen = lpSwap.getConfig();
        vm.prank(manager);
        (bool cut, bytes memory reason) = address(lpSwap).call(abi.encodeCall(ILpSwap.setRates, (1, 1)));
        assertTrue(!(cut), "the manager cannot lower a rate at once");
        assertEq(
            keccak256(reason),
            keccak256(abi.encodeWithSignature("RateCutNeedsOwner(uint256,uint256)", 1, seen.lpRate)),
            "refused by name"
        );
        assertEq(lpSwap.getConfig().lpRate, seen.lpRate, "lpRate unchanged");
        assertEq(lpSwap.getConfig().tokenRate, seen.tokenRate, "tokenRate unchanged");

        (bool lpLocked,) = _lock(true, 500 ether, seen.lpRate);
        (bool tokenLocked,) = _lock(false, 500 ether, seen.tokenRate);
        assertTrue(lpLocked && tokenLocked, "the member's locks ran");
        ILpSwap.UserInfo memory u = lpSwap.getUserInfo(alice);
        assertEq(u.amountLP, 1500 ether, "lp topped up");
        assertEq(u.rateLP, seen.lpRate, "at the lp rate shown");
        assertEq(u.rateToken, seen.tokenRate, "at the token rate shown");
    }

    /// The owner's cut, public for the timelock's delay, is executed right before the member's top-up: the
    /// top-up reverts by name and the member keeps its tokens and its position's rate.
    function test_aCutLandingBeforeAMembersLockRevertsIt() public {
        bytes memory data = abi.encodeCall(ILpSwap.setRates, (1, 1));
        (, bytes32 salt) = schedule(address(lpSwap), data);
        vm.warp(block.timestamp + DELAY);
        ILpSwap.Config memory seen = lpSwap.getConfig(); // what the member's page shows
        execute(address(lpSwap), data, salt); // lands first
        assertEq(lpSwap.getConfig().lpRate, 1, "cut");

        (bool lpLocked, bytes memory lpReason) = _lock(true, 500 ether, seen.lpRate);
        (bool tokenLocked, bytes memory tokenReason) = _lock(false, 500 ether, seen.tokenRate);
        assertTrue(!lpLocked && !tokenLocked, "the member's locks reverted");
        assertEq(
            keccak256(lpReason),
            keccak256(abi.encodeWithSignature("RateBelowExpected(uint256,uint256)", 1, seen.lpRate)),
            "lp: refused by name"
        );
        assertEq(
            keccak256(tokenReason),
            keccak256(abi.encodeWithSignature("RateBelowExpected(uint256,uint256)", 1, seen.tokenRate)),
            "tokens: refused by name"
        );
        assertEq(lp.balanceOf(alice), 500 ether, "lp kept");
        assertEq(token.balanceOf(alice), 500 ether, "tokens kept");
        ILpSwap.UserInfo memory u = lpSwap.getUserInfo(alice);
        assertEq(u.rateLP, seen.lpRate, "the position keeps its own lp rate");
        assertEq(u.rateToken, seen.tokenRate, "and its token rate");
    }

    /// @dev Alice locks `amount` more LP (or tokens) with the rate she was shown.
    function _lock(bool isLp, uint256 amount, uint256 shown) private returns (bool ok, bytes memory reason) {
        if (isLp) lp.mint(alice, amount);
        else token.mint(alice, amount);
        vm.startPrank(alice);
        if (isLp) lp.approve(address(lpSwap), amount);
        else token.approve(address(lpSwap), amount);
        (ok, reason) = address(lpSwap)
            .call(
                abi.encodeWithSignature(
                    isLp ? "swapLP(uint256,uint256)" : "swapToken(uint256,uint256)", amount, shown
                )
            );
        vm.stopPrank();
    }
}

contract IdoPriceRaiseReplayTest is Fixture, TimelockFixture {
    address internal buyer = makeAddr("buyer");

    function setUp() public override {
        super.setUp();
        address[] memory proxies = new address[](2);
        proxies[0] = address(presale);
        proxies[1] = address(ido);
        handOver(owner, proxies, new address[](0));
        usdt.mint(buyer, 1000e18);
        vm.startPrank(buyer);
        presale.register(root);
        usdt.approve(address(ido), type(uint256).max);
        vm.stopPrank();
    }

    /// Before the first buyer, the manager front-runs the purchase with a doubled price, then with a halved
    /// allotment: both refused, and the buyer buys at the terms shown.
    function test_managerCannotRaiseThePriceUnderTheFirstBuyer() public {
        vm.warp(START);
        IIdo.Config memory seen = ido.getConfig();
        IIdo.Settings memory raised = idoSettingsOf(seen);
        raised.idoAmount = 2 * seen.idoAmount;
        vm.prank(manager);
        (bool ok, bytes memory reason) = address(ido).call(abi.encodeCall(IIdo.setConfig, (raised)));
        assertTrue(!(ok), "the manager cannot raise the price at once");
        assertEq(
            keccak256(reason),
            keccak256(
                abi.encodeWithSignature(
                    "PriceRaiseNeedsOwner(uint256,uint256)", raised.idoAmount, seen.idoAmount
                )
            ),
            "refused by name"
        );
        IIdo.Settings memory fewer = idoSettingsOf(seen);
        fewer.idoTokens1 = seen.idoTokens1 / 2;
        vm.prank(manager);
        (ok, reason) = address(ido).call(abi.encodeCall(IIdo.setConfig, (fewer)));
        assertTrue(!(ok), "nor cut the allotment");
        assertEq(
            keccak256(reason),
            keccak256(
                abi.encodeWithSignature(
                    "AllotmentCutNeedsOwner(uint256,uint256)", fewer.idoTokens1, seen.idoTokens1
                )
            ),
            "refused by name"
        );

        (ok,) = _buy(seen.idoAmount, seen.idoTokens1);
        assertTrue(ok, "bought");
        assertEq(usdt.balanceOf(buyer), 1000e18 - seen.idoAmount, "paid the price shown");
        assertEq(ido.getUserInfo(buyer).rewardStatic, seen.idoTokens1, "allotted the tokens shown");
    }

    /// The owner's raise, public for the timelock's delay, is executed right before the first purchase: the
    /// purchase reverts by name and the buyer keeps its USDT.
    function test_aRaiseLandingBeforeAPurchaseRevertsIt() public {
        IIdo.Config memory c = ido.getConfig();
        IIdo.Settings memory raised = idoSettingsOf(c);
        raised.idoAmount = 2 * c.idoAmount;
        bytes memory data = abi.encodeCall(IIdo.setConfig, (raised));
        (, bytes32 salt) = schedule(address(ido), data);
        vm.warp(START + DELAY);
        IIdo.Config memory seen = ido.getConfig(); // what the buyer's page shows
        execute(address(ido), data, salt); // lands first

        (bool ok, bytes memory reason) = _buy(seen.idoAmount, ido.tokensFor(1));
        assertTrue(!(ok), "the purchase reverted");
        assertEq(
            keccak256(reason),
            keccak256(
                abi.encodeWithSignature(
                    "PriceAboveExpected(uint256,uint256)", raised.idoAmount, seen.idoAmount
                )
            ),
            "refused by name"
        );
        assertEq(usdt.balanceOf(buyer), 1000e18, "USDT kept");
        assertEq(ido.getConfig().idoHas, 0, "nothing bought");
    }

    function _buy(uint256 maxAmount, uint256 minTokens) private returns (bool ok, bytes memory reason) {
        vm.prank(buyer);
        (ok, reason) =
            address(ido).call(abi.encodeWithSignature("ido(uint256,uint256)", maxAmount, minTokens));
    }
}
