// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DEAD} from "./utils/TokenFixture.sol";
import {FeeTokenTestBase} from "./utils/FeeTokenTestBase.sol";
import {SwapToken} from "../src/SwapToken.sol";
import {MiningToken} from "../src/MiningToken.sol";
import {IFeeToken} from "../src/interfaces/IFeeToken.sol";
import {IMiningToken} from "../src/interfaces/IMiningToken.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @dev MiningSettings with the default reward-send gas.
function mining(uint256 whiteTime, uint256 whiteMax, bool autoSwap)
    pure
    returns (IMiningToken.MiningSettings memory)
{
    return IMiningToken.MiningSettings({
        whiteTime: whiteTime, whiteMax: whiteMax, sendGAS: 300_000, autoSwap: autoSwap
    });
}

/// @dev The fee-token suite on a MiningToken in place of the SwapToken.
contract MiningTokenTest is FeeTokenTestBase {
    MiningToken internal miningToken;

    function deployToken(address quote) internal override returns (SwapToken) {
        miningToken = newMiningToken(quote);
        return SwapToken(address(miningToken));
    }

    function whiteList(address account) internal {
        address[] memory accounts = new address[](1);
        accounts[0] = account;
        vm.prank(owner);
        miningToken.setWhiteList(accounts, true);
    }

    // ---------------------------------------------------------------- config

    function test_getConfig_readsTheSpecFields() public {
        vm.prank(owner);
        token.setFees(fees(10, 20, 30, 40, 50), fees(60, 70, 80, 90, 100));
        IMiningToken.Config memory c = miningToken.getConfig();
        assertEq(c.whiteTime, 0, "whiteTime");
        assertEq(c.whiteMax, 0, "whiteMax");
        assertEq(c.tjqReward, 80, "tjqReward = sell node");
        assertEq(c.rewardDiv1, 50, "rewardDiv1 = buy dividend");
        assertEq(c.rewardDiv2, 100, "rewardDiv2 = sell dividend");
        assertEq(c.rewardLP, 70, "rewardLP = sell pool");
        assertEq(c.sendGAS, 300_000, "sendGAS");
        assertTrue(c.autoSwap, "autoSwap");

        IMiningToken.MiningSettings memory s =
            IMiningToken.MiningSettings(1 hours, 500 ether, 1_000_000, false);
        vm.expectEmit(false, false, false, true, address(miningToken));
        emit IMiningToken.MiningSettingsUpdated(s);
        vm.prank(owner);
        miningToken.setMiningSettings(s);
        c = miningToken.getConfig();
        assertEq(c.whiteTime, 1 hours, "whiteTime set");
        assertEq(c.whiteMax, 500 ether, "whiteMax set");
        assertEq(c.sendGAS, 1_000_000, "sendGAS set");
        assertTrue(!c.autoSwap, "autoSwap set");
    }

    function test_setMiningSettings_refusesValuesAboveTheirCaps() public {
        vm.startPrank(owner);
        vm.expectRevert(abi.encodeWithSelector(IMiningToken.SettingTooHigh.selector, 1 days + 1, 1 days));
        miningToken.setMiningSettings(mining(1 days + 1, 0, true));
        vm.expectRevert(abi.encodeWithSelector(IMiningToken.SettingTooHigh.selector, SUPPLY + 1, SUPPLY));
        miningToken.setMiningSettings(mining(0, SUPPLY + 1, true));
        vm.expectRevert(abi.encodeWithSelector(IMiningToken.SettingTooHigh.selector, 5_000_001, 5_000_000));
        miningToken.setMiningSettings(IMiningToken.MiningSettings(0, 0, 5_000_001, true));
        vm.stopPrank();
    }

    function test_setters_onlyOwner() public {
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        miningToken.setMiningSettings(mining(0, 0, true));
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        miningToken.setWhiteList(new address[](0), true);
        vm.stopPrank();
    }

    function test_setWhiteList_setsAndRefusesZero() public {
        address[] memory accounts = new address[](2);
        accounts[0] = alice;
        accounts[1] = bob;
        vm.expectEmit(true, false, false, true, address(miningToken));
        emit IMiningToken.WhiteListUpdated(alice, true);
        vm.prank(owner);
        miningToken.setWhiteList(accounts, true);
        assertTrue(miningToken.isWhiteList(alice) && miningToken.isWhiteList(bob), "listed");
        accounts[1] = address(0);
        vm.expectRevert(IFeeToken.ZeroAddress.selector);
        vm.prank(owner);
        miningToken.setWhiteList(accounts, false);
    }

    // ---------------------------------------------------------------- whitelist window

    function test_buy_duringTheWindowOnlyWhitelistedUpToWhiteMax() public {
        vm.prank(owner);
        miningToken.setMiningSettings(mining(30 minutes, 1000 ether, true));
        open();
        vm.expectRevert(abi.encodeWithSelector(IMiningToken.NotWhiteListed.selector, bob));
        vm.prank(address(pair));
        token.transfer(bob, 1 ether);

        whiteList(bob);
        vm.prank(address(pair));
        token.transfer(bob, 700 ether);
        (uint256 lastBuy, uint256 whiteBought) = miningToken.userLasts(bob);
        assertEq(lastBuy, OPEN, "lastBuy");
        assertEq(whiteBought, 700 ether, "whiteBought gross");
        vm.expectRevert(abi.encodeWithSelector(IMiningToken.WhiteMaxExceeded.selector, 301 ether, 300 ether));
        vm.prank(address(pair));
        token.transfer(bob, 301 ether);

        // after the window anyone buys, without a cap
        vm.warp(OPEN + 30 minutes);
        address carol = makeAddr("carol");
        vm.prank(address(pair));
        token.transfer(carol, 5000 ether);
        vm.prank(address(pair));
        token.transfer(bob, 5000 ether);
        (lastBuy, whiteBought) = miningToken.userLasts(bob);
        assertEq(lastBuy, OPEN + 30 minutes, "lastBuy moved");
        assertEq(whiteBought, 700 ether, "window total kept");
    }

    function test_buy_notWhitelistedFailsThroughTheRouter() public {
        vm.prank(owner);
        miningToken.setMiningSettings(mining(30 minutes, 1000 ether, true));
        open();
        assertBuyRefused(bob, 10 ether);
        whiteList(bob);
        buy(bob, 10 ether);
        vm.snapshotGasLastCall("MiningToken", "router buy (whitelist window)");
        assertPairBalanceIsReserve();
    }

    function test_buy_exemptAndSellsIgnoreTheWindow() public {
        vm.prank(owner);
        miningToken.setMiningSettings(mining(30 minutes, 0, true));
        open();
        vm.prank(address(pair));
        token.transfer(holder, 10 ether);
        sell(alice, 1000 ether);
        assertPairBalanceIsReserve();
    }

    // ---------------------------------------------------------------- autoSwap, lpReward, burnPool

    function test_autoSwap_offLeavesThePoolToTheExplicitCall() public {
        vm.prank(owner);
        miningToken.setMiningSettings(mining(0, 0, false));
        vm.prank(owner);
        token.setSwapSettings(100 ether, 500);
        open();
        vm.prank(owner);
        token.setFees(fees(0, 100, 100, 0, 100), fees(0, 1000, 0, 0, 0));
        sell(alice, 2000 ether); // 200 pool tokens: due
        sell(alice, 2000 ether); // would run if autoSwap were on
        assertEq(token.balanceOf(address(token)), 400 ether, "kept");
        vm.roll(block.number + 1);
        token.swapAndLiquify();
        assertTrue(token.balanceOf(address(token)) < 1 ether, "explicit run spent it");
        assertPairBalanceIsReserve();
    }

    function test_autoSwap_onRunsOnASell() public {
        vm.prank(owner);
        token.setSwapSettings(100 ether, 500);
        open();
        vm.prank(owner);
        token.setFees(fees(0, 100, 100, 0, 100), fees(0, 1000, 0, 0, 0));
        sell(alice, 2000 ether);
        vm.roll(block.number + 1);
        sell(alice, 10 ether);
        assertTrue(token.balanceOf(address(token)) < 2 ether, "ran");
        assertPairBalanceIsReserve();
    }

    function testFuzz_lpReward_totalsThePoolShares(uint256 buyUsdt, uint256 sellTokens, uint16 poolRate)
        public
    {
        buyUsdt = bound(buyUsdt, 1 ether, 5000 ether);
        sellTokens = bound(sellTokens, 1 ether, 50_000 ether);
        poolRate = uint16(bound(poolRate, 0, 1000));
        vm.prank(owner);
        token.setFees(fees(50, poolRate, 100, 0, 100), fees(100, poolRate, 100, 100, 100));
        open();
        buy(bob, buyUsdt);
        sell(alice, sellTokens);
        // no automatic run below the threshold: the pool is exactly what the fees put in
        (uint256 threshold,) = token.getSwapSettings();
        vm.assume(token.balanceOf(address(token)) < threshold);
        assertEq(miningToken.lpReward(), token.balanceOf(address(token)), "lpReward == pool shares");
        assertPairBalanceIsReserve();
    }

    function test_burnPool_burnsTheDeadBalanceOnly() public {
        vm.expectRevert(IMiningToken.NothingToBurn.selector);
        miningToken.burnPool();
        vm.prank(alice);
        token.transfer(DEAD, 1234 ether);
        (uint256 reserveBefore,) = reserves();
        vm.expectEmit(false, false, false, true, address(miningToken));
        emit IMiningToken.PoolBurned(1234 ether);
        vm.prank(bob);
        miningToken.burnPool();
        assertEq(token.totalSupply(), SUPPLY - 1234 ether, "supply");
        assertEq(token.balanceOf(DEAD), 0, "dead emptied");
        (uint256 reserveAfter,) = reserves();
        assertEq(reserveAfter, reserveBefore, "pair untouched");
        assertPairBalanceIsReserve();
    }

    function test_gas_transfer() public {
        open();
        vm.prank(alice);
        token.transfer(bob, 5 ether);
        vm.snapshotGasLastCall("MiningToken", "transfer");
        buy(bob, 100 ether);
        vm.snapshotGasLastCall("MiningToken", "router buy");
    }
}
