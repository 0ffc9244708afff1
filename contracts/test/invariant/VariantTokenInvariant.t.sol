// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IRouterForTests, IPairForTests} from "../utils/TokenFixture.sol";
import {Vm} from "../utils/Test.sol";
import {SwapToken} from "../../src/SwapToken.sol";
import {IBurnToken} from "../../src/interfaces/IBurnToken.sol";
import {IMiningToken} from "../../src/interfaces/IMiningToken.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";
import {BurnTokenFixture} from "../BurnToken.t.sol";
import {MiningTokenFixture} from "../MiningToken.t.sol";

/// @dev Trades a burn or mining token through the real router in any order (buys, sells, wallet transfers,
///      explicit swap-and-liquify, time passing, and for the mining token sends to the dead address and
///      `burnPool`). Buys the token's own rules refuse (buy limit, whitelist window) are counted, not failed.
///      After each action it records whether the supply rose or the pair's balance left its reserve.
contract VariantTokenHandler {
    Vm private constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    address private constant DEAD = 0x000000000000000000000000000000000000dEaD;

    SwapToken public immutable token;
    Usdt public immutable usdt;
    IRouterForTests public immutable router;
    IPairForTests public immutable pair;
    bool public immutable isMining;

    address[] public actors;
    uint256 public ghostRefusedBuys;
    uint256 public ghostBuys;
    bool public ghostSupplyRose;
    bool public ghostPairUnbalanced;

    constructor(SwapToken token_, Usdt usdt_, IRouterForTests router_, address holder, bool isMining_) {
        token = token_;
        usdt = usdt_;
        router = router_;
        pair = IPairForTests(token_.swapPair());
        isMining = isMining_;
        for (uint256 i = 1; i <= 4; ++i) {
            address actor = address(uint160(0x7100 + i));
            actors.push(actor);
            vm.prank(holder);
            token.transfer(actor, 200_000 ether);
            vm.startPrank(actor);
            token.approve(address(router), type(uint256).max);
            usdt.approve(address(router), type(uint256).max);
            vm.stopPrank();
        }
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function buy(uint256 actorSeed, uint256 usdtIn) external {
        address actor = actors[actorSeed % actors.length];
        usdtIn = _bound(usdtIn, 1 ether, 5000 ether);
        usdt.mint(actor, usdtIn);
        uint256 supplyBefore = token.totalSupply();
        vm.startPrank(actor);
        try router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            usdtIn, 0, _path(address(usdt), address(token)), actor, block.timestamp
        ) {
            ++ghostBuys;
        } catch {
            ++ghostRefusedBuys;
        }
        vm.stopPrank();
        _check(supplyBefore);
    }

    function sell(uint256 actorSeed, uint256 amount) external {
        address actor = actors[actorSeed % actors.length];
        amount = _bound(amount, 1 ether, token.balanceOf(actor) / 4);
        if (amount > token.balanceOf(actor)) return;
        uint256 supplyBefore = token.totalSupply();
        vm.prank(actor);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            amount, 0, _path(address(token), address(usdt)), actor, block.timestamp
        );
        _check(supplyBefore);
    }

    function transfer(uint256 fromSeed, uint256 toSeed, uint256 amount) external {
        address from = actors[fromSeed % actors.length];
        address to = actors[toSeed % actors.length];
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
        address actor = actors[actorSeed % actors.length];
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

    function _check(uint256 supplyBefore) private {
        if (token.totalSupply() > supplyBefore) ghostSupplyRose = true;
        (uint112 r0, uint112 r1,) = pair.getReserves();
        uint256 reserveToken = pair.token0() == address(token) ? r0 : r1;
        if (token.balanceOf(address(pair)) != reserveToken) ghostPairUnbalanced = true;
    }

    function _path(address from, address to) private pure returns (address[] memory p) {
        p = new address[](2);
        p[0] = from;
        p[1] = to;
    }

    function _bound(uint256 x, uint256 min, uint256 max) private pure returns (uint256) {
        if (max <= min) return min;
        return min + (x % (max - min + 1));
    }
}

contract BurnTokenInvariantTest is BurnTokenFixture {
    VariantTokenHandler internal handler;
    address[] private _targetedContracts;

    function setUp() public override {
        super.setUp();
        vm.warp(OPEN);
        vm.roll(block.number + 1);
        handler = new VariantTokenHandler(token, usdt, router, holder, false);
        vm.startPrank(owner);
        token.setSwapSettings(500 ether, 500);
        // a floor close above the supply's reach, a burn phase of a day, and a buy limit per hour
        burnToken.setBurnSettings(settings(1 days, SUPPLY - 2000 ether, 20_000 ether, 1 hours));
        vm.stopPrank();
        _targetedContracts.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    function invariant_supplyNeverRisesNorFallsBelowTheFloor() public view {
        assertTrue(!handler.ghostSupplyRose(), "supply rose");
        assertTrue(token.totalSupply() >= burnToken.getConfig().burnMin, "below burnMin");
    }

    function invariant_pairBalanceEqualsReserve() public view {
        assertTrue(!handler.ghostPairUnbalanced(), "pair balance != reserve after an action");
        assertPairBalanceIsReserve();
    }

    function invariant_buyWindowsWithinTheLimit() public view {
        IBurnToken.Config memory c = burnToken.getConfig();
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            (, uint256 bought) = burnToken.buyWindow(handler.actors(i));
            assertTrue(bought <= c.swapEveryMax, "bought > swapEveryMax");
        }
    }
}

contract MiningTokenInvariantTest is MiningTokenFixture {
    VariantTokenHandler internal handler;
    address[] private _targetedContracts;

    function setUp() public override {
        super.setUp();
        vm.warp(OPEN);
        vm.roll(block.number + 1);
        handler = new VariantTokenHandler(token, usdt, router, holder, true);
        address[] memory listed = new address[](2);
        listed[0] = handler.actors(0);
        listed[1] = handler.actors(1);
        vm.startPrank(owner);
        token.setSwapSettings(500 ether, 500);
        miningToken.setMiningSettings(mining(6 hours, 30_000 ether, true));
        miningToken.setWhiteList(listed, true);
        vm.stopPrank();
        _targetedContracts.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    function invariant_supplyNeverRises() public view {
        assertTrue(!handler.ghostSupplyRose(), "supply rose");
    }

    function invariant_pairBalanceEqualsReserve() public view {
        assertTrue(!handler.ghostPairUnbalanced(), "pair balance != reserve after an action");
        assertPairBalanceIsReserve();
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
