// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IRouterForTests, DEAD} from "../utils/TokenFixture.sol";
import {path} from "../utils/DexDeployer.sol";
import {FeeTokenHandler, FeeTokenInvariantBase} from "../utils/FeeTokenInvariantBase.sol";
import {SwapToken} from "../../src/SwapToken.sol";
import {IBurnToken} from "../../src/interfaces/IBurnToken.sol";
import {IMiningToken} from "../../src/interfaces/IMiningToken.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";
import {BurnToken} from "../../src/BurnToken.sol";
import {MiningToken} from "../../src/MiningToken.sol";
import {settings} from "../BurnToken.t.sol";
import {mining} from "../MiningToken.t.sol";

/// @dev Trades a burn or mining token through the real router in any order (buys, sells, wallet transfers,
///      explicit swap-and-liquify, time passing, and for the mining token sends to the dead address and
///      `burnPool`). Buys the token's own rules refuse (buy limit, whitelist window) are counted, not failed.
///      After each action it records whether the supply rose or the pair's balance left its reserve.
contract VariantTokenHandler is FeeTokenHandler {
    bool public immutable isMining;

    constructor(SwapToken token_, Usdt usdt_, IRouterForTests router_, address holder, bool isMining_)
        FeeTokenHandler(token_, usdt_, router_, holder, 0x7100)
    {
        isMining = isMining_;
    }

    function buy(uint256 actorSeed, uint256 usdtIn) external {
        address actor = _actor(actorSeed);
        usdtIn = _bound(usdtIn, 1 ether, 5000 ether);
        usdt.mint(actor, usdtIn);
        uint256 supplyBefore = token.totalSupply();
        vm.startPrank(actor);
        try router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            usdtIn, 0, path(address(usdt), address(token)), actor, block.timestamp
        ) {
            calls["buy"] += 1;
        } catch {
            calls["buy refused"] += 1;
        }
        vm.stopPrank();
        _check(supplyBefore);
    }

    function sell(uint256 actorSeed, uint256 amount) external {
        address actor = _actor(actorSeed);
        amount = _bound(amount, 1 ether, token.balanceOf(actor) / 4);
        if (amount > token.balanceOf(actor)) return;
        uint256 supplyBefore = token.totalSupply();
        _sell(actor, amount);
        calls["sell"] += 1;
        _check(supplyBefore);
    }

    function transfer(uint256 fromSeed, uint256 toSeed, uint256 amount) external {
        address from = _actor(fromSeed);
        address to = _actor(toSeed);
        amount = _bound(amount, 0, token.balanceOf(from));
        uint256 supplyBefore = token.totalSupply();
        vm.prank(from);
        token.transfer(to, amount);
        _check(supplyBefore);
    }

    function swapAndLiquify() external {
        uint256 supplyBefore = token.totalSupply();
        (uint256 threshold,) = token.getSwapSettings();
        if (token.balanceOf(address(token)) < threshold) return;
        try token.swapAndLiquify() {} catch {}
        _check(supplyBefore);
    }

    function burnPool(uint256 actorSeed, uint256 amount) external {
        if (!isMining) return;
        address actor = _actor(actorSeed);
        amount = _bound(amount, 1, token.balanceOf(actor));
        if (amount > token.balanceOf(actor)) return;
        uint256 supplyBefore = token.totalSupply();
        vm.prank(actor);
        token.transfer(DEAD, amount);
        IMiningToken(address(token)).burnPool();
        _check(supplyBefore);
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + _bound(seconds_, 0, 2 hours));
        vm.roll(block.number + 1);
    }
}

contract BurnTokenInvariantTest is FeeTokenInvariantBase {
    BurnToken internal burnToken;
    VariantTokenHandler internal handler;

    function deployToken(address quote) internal override returns (SwapToken) {
        burnToken = newBurnToken(quote);
        return SwapToken(address(burnToken));
    }

    function setUp() public override {
        super.setUp();
        // a floor close above the supply's reach, a burn phase of a day, and a buy limit per hour
        vm.prank(owner);
        burnToken.setBurnSettings(settings(1 days, SUPPLY - 2000 ether, 20_000 ether, 1 hours));
    }

    function deployHandler() internal override returns (FeeTokenHandler) {
        return handler = new VariantTokenHandler(token, usdt, router, holder, false);
    }

    function invariant_supplyNeverRisesNorFallsBelowTheFloor() public view {
        assertTrue(!handler.ghostSupplyRose(), "supply rose");
        assertTrue(token.totalSupply() >= burnToken.getConfig().burnMin, "below burnMin");
    }

    function invariant_buyWindowsWithinTheLimit() public view {
        IBurnToken.Config memory c = burnToken.getConfig();
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            (, uint256 bought) = burnToken.buyWindow(handler.actors(i));
            assertTrue(bought <= c.swapEveryMax, "bought > swapEveryMax");
        }
    }
}

contract MiningTokenInvariantTest is FeeTokenInvariantBase {
    MiningToken internal miningToken;
    VariantTokenHandler internal handler;

    function deployToken(address quote) internal override returns (SwapToken) {
        miningToken = newMiningToken(quote);
        return SwapToken(address(miningToken));
    }

    function setUp() public override {
        super.setUp();
        address[] memory listed = new address[](2);
        listed[0] = handler.actors(0);
        listed[1] = handler.actors(1);
        vm.startPrank(owner);
        miningToken.setMiningSettings(mining(6 hours, 30_000 ether, true));
        miningToken.setWhiteList(listed, true);
        vm.stopPrank();
    }

    function deployHandler() internal override returns (FeeTokenHandler) {
        return handler = new VariantTokenHandler(token, usdt, router, holder, true);
    }

    function invariant_supplyNeverRises() public view {
        assertTrue(!handler.ghostSupplyRose(), "supply rose");
    }

    function invariant_whiteWindowWithinWhiteMax() public view {
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            address actor = handler.actors(i);
            (, uint256 whiteBought) = miningToken.userLasts(actor);
            assertTrue(whiteBought <= 30_000 ether, "whiteBought > whiteMax");
            if (!miningToken.isWhiteList(actor)) assertEq(whiteBought, 0, "unlisted bought in the window");
        }
    }

    function invariant_poolNeverExceedsLpReward() public view {
        assertTrue(token.balanceOf(address(token)) <= miningToken.lpReward(), "pool > lpReward");
    }
}
