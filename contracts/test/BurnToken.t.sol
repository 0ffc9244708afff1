// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DEAD} from "./utils/TokenFixture.sol";
import {FeeTokenTestBase} from "./utils/FeeTokenTestBase.sol";
import {SwapToken} from "../src/SwapToken.sol";
import {BurnToken} from "../src/BurnToken.sol";
import {IFeeToken} from "../src/interfaces/IFeeToken.sol";
import {IBurnToken} from "../src/interfaces/IBurnToken.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @dev BurnSettings with no active-holder amount and the default dividend gas.
function settings(uint256 burnTime, uint256 burnMin, uint256 everyMax, uint256 everyTime)
    pure
    returns (IBurnToken.BurnSettings memory)
{
    return IBurnToken.BurnSettings({
        burnTime: burnTime,
        burnMin: burnMin,
        activeAmount: 0,
        dividendGas: 300_000,
        swapEveryMax: everyMax,
        swapEveryTime: everyTime
    });
}

/// @dev The fee-token suite on a BurnToken in place of the SwapToken.
contract BurnTokenTest is FeeTokenTestBase {
    BurnToken internal burnToken;

    function deployToken(address quote) internal override returns (SwapToken) {
        burnToken = newBurnToken(quote);
        return SwapToken(address(burnToken));
    }

    // ---------------------------------------------------------------- config

    function test_getConfig_readsTheSpecFields() public {
        IBurnToken.Config memory c = burnToken.getConfig();
        assertEq(c.startBlock, 0, "startBlock");
        assertEq(c.openTime, OPEN, "openTime");
        assertEq(c.burnTime, 0, "burnTime");
        assertEq(c.burnMin, SUPPLY / 10, "burnMin");
        assertEq(c.activeAmount, 0, "activeAmount");
        assertEq(c.dividendGas, 300_000, "dividendGas");
        assertEq(c.addPoolRate, 100, "addPoolRate");
        assertEq(c.buyRate, 300, "buyRate");
        assertEq(c.swapEveryMax, 0, "swapEveryMax");
        assertEq(c.swapEveryTime, 0, "swapEveryTime");

        IBurnToken.BurnSettings memory s =
            IBurnToken.BurnSettings(1 days, 5 ether, 7 ether, 400_000, 9 ether, 1 hours);
        vm.expectEmit(false, false, false, true, address(burnToken));
        emit IBurnToken.BurnSettingsUpdated(s);
        vm.prank(owner);
        burnToken.setBurnSettings(s);
        c = burnToken.getConfig();
        assertEq(c.burnTime, 1 days, "burnTime set");
        assertEq(c.burnMin, 5 ether, "burnMin set");
        assertEq(c.activeAmount, 7 ether, "activeAmount set");
        assertEq(c.dividendGas, 400_000, "dividendGas set");
        assertEq(c.swapEveryMax, 9 ether, "swapEveryMax set");
        assertEq(c.swapEveryTime, 1 hours, "swapEveryTime set");
        assertEq(keccak256(bytes(burnToken.name())), keccak256("Burn"), "name");
        assertEq(burnToken.decimals(), 18, "decimals");
    }

    function test_setBurnSettings_refusesValuesAboveTheirCaps() public {
        vm.startPrank(owner);
        vm.expectRevert(abi.encodeWithSelector(IBurnToken.SettingTooHigh.selector, 3651 days, 3650 days));
        burnToken.setBurnSettings(settings(3651 days, 0, 0, 0));
        vm.expectRevert(abi.encodeWithSelector(IBurnToken.SettingTooHigh.selector, SUPPLY + 1, SUPPLY));
        burnToken.setBurnSettings(settings(0, SUPPLY + 1, 0, 0));
        vm.expectRevert(abi.encodeWithSelector(IBurnToken.SettingTooHigh.selector, SUPPLY + 1, SUPPLY));
        burnToken.setBurnSettings(settings(0, 0, SUPPLY + 1, 0));
        vm.expectRevert(abi.encodeWithSelector(IBurnToken.SettingTooHigh.selector, 1 days + 1, 1 days));
        burnToken.setBurnSettings(settings(0, 0, 0, 1 days + 1));
        IBurnToken.BurnSettings memory s = settings(0, 0, 0, 0);
        s.dividendGas = 5_000_001;
        vm.expectRevert(abi.encodeWithSelector(IBurnToken.SettingTooHigh.selector, 5_000_001, 5_000_000));
        burnToken.setBurnSettings(s);
        s.dividendGas = 0;
        s.activeAmount = SUPPLY + 1;
        vm.expectRevert(abi.encodeWithSelector(IBurnToken.SettingTooHigh.selector, SUPPLY + 1, SUPPLY));
        burnToken.setBurnSettings(s);
        vm.stopPrank();
    }

    function test_setBurnSettings_onlyOwner() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        burnToken.setBurnSettings(settings(0, 0, 0, 0));
    }

    function test_isActive_needsActiveAmount() public {
        vm.prank(owner);
        burnToken.setBurnSettings(IBurnToken.BurnSettings(0, 0, 1000 ether, 0, 0, 0));
        assertTrue(burnToken.isActive(alice), "alice holds 100000");
        assertTrue(!burnToken.isActive(bob), "bob holds nothing");
        vm.prank(alice);
        token.transfer(bob, 999 ether);
        assertTrue(!burnToken.isActive(bob), "below activeAmount");
        vm.prank(alice);
        token.transfer(bob, 1 ether);
        assertTrue(burnToken.isActive(bob), "at activeAmount");
    }

    // ---------------------------------------------------------------- burn phase and floor

    function test_sell_burnsDuringTheBurnPhase() public {
        vm.prank(owner);
        burnToken.setBurnSettings(settings(1 days, 0, 0, 0));
        open();
        sell(alice, 10_000 ether);
        assertEq(token.totalSupply(), SUPPLY - 100 ether, "1% burned");
        assertEq(token.balanceOf(address(token)), 100 ether, "1% pool");
        assertPairBalanceIsReserve();
    }

    function test_sell_burnShareGoesToThePoolAfterTheBurnPhase() public {
        vm.prank(owner);
        burnToken.setBurnSettings(settings(1 days, 0, 0, 0));
        vm.warp(OPEN + 1 days);
        vm.roll(block.number + 1);
        uint256 marketBefore = token.balanceOf(market);
        sell(alice, 10_000 ether);
        assertEq(token.totalSupply(), SUPPLY, "nothing burned");
        assertEq(token.balanceOf(address(token)), 200 ether, "burn + pool shares kept as pool");
        assertEq(token.balanceOf(market) - marketBefore, 100 ether, "other shares unchanged");
        assertPairBalanceIsReserve();
    }

    function test_sell_neverBurnsBelowTheFloor() public {
        vm.prank(owner);
        burnToken.setBurnSettings(settings(0, SUPPLY - 150 ether, 0, 0));
        open();
        sell(alice, 10_000 ether); // burns 100: 50 left above the floor
        assertEq(token.totalSupply(), SUPPLY - 100 ether, "first burn");
        sell(alice, 10_000 ether); // would burn 100 > 50: goes to the pool
        assertEq(token.totalSupply(), SUPPLY - 100 ether, "floor holds");
        assertEq(token.balanceOf(address(token)), 300 ether, "pool took the second burn share");
        assertPairBalanceIsReserve();
    }

    /// The fee total is the configured rate whatever the phase; the split matches the reference with the burn
    /// share folded into the pool when it cannot burn.
    function testFuzz_sell_feeMatchesReference(uint256 amount, uint256 burnMin, bool phaseOver) public {
        amount = bound(amount, 1, 50_000 ether);
        burnMin = bound(burnMin, SUPPLY - 1000 ether, SUPPLY);
        vm.prank(owner);
        burnToken.setBurnSettings(settings(1 hours, burnMin, 0, 0));
        vm.warp(phaseOver ? OPEN + 1 hours : OPEN);
        vm.roll(block.number + 1);
        (, IFeeToken.Fees memory sellFees) = token.getFees();
        (uint256 total, uint256 burnShare, uint256 pool, uint256 nodeShare,,) =
            referenceFees(amount, sellFees);
        bool burns = !phaseOver && SUPPLY >= burnMin + burnShare;
        uint256 pairBefore = token.balanceOf(address(pair));
        vm.prank(alice);
        token.transfer(address(pair), amount);
        assertEq(token.balanceOf(address(pair)) - pairBefore, amount - total, "pair got amount - fee");
        assertEq(SUPPLY - token.totalSupply(), burns ? burnShare : 0, "burned");
        assertEq(token.balanceOf(address(token)), burns ? pool : pool + burnShare, "pool");
        assertEq(token.balanceOf(node), nodeShare, "node");
        assertTrue(token.totalSupply() >= burnMin || !burns, "floor");
    }

    // ---------------------------------------------------------------- buy limit

    function test_buy_limitedPerWindow() public {
        vm.prank(owner);
        burnToken.setBurnSettings(settings(0, 0, 1000 ether, 1 hours));
        open();
        vm.prank(address(pair));
        token.transfer(bob, 600 ether);
        (uint256 start, uint256 bought) = burnToken.buyWindow(bob);
        assertEq(start, OPEN, "window start");
        assertEq(bought, 600 ether, "bought gross");
        vm.expectRevert(abi.encodeWithSelector(IBurnToken.BuyLimitExceeded.selector, 401 ether, 400 ether));
        vm.prank(address(pair));
        token.transfer(bob, 401 ether);
        vm.prank(address(pair));
        token.transfer(bob, 400 ether);

        vm.warp(OPEN + 1 hours);
        vm.prank(address(pair));
        token.transfer(bob, 1000 ether);
        (start, bought) = burnToken.buyWindow(bob);
        assertEq(start, OPEN + 1 hours, "new window");
        assertEq(bought, 1000 ether, "counted afresh");
    }

    function test_buy_overTheLimitFailsThroughTheRouter() public {
        vm.prank(owner);
        burnToken.setBurnSettings(settings(0, 0, 1000 ether, 1 hours));
        open();
        assertBuyRefused(bob, 1000 ether);
        buy(bob, 50 ether); // about 500 tokens
        assertPairBalanceIsReserve();
    }

    function test_buy_exemptAndWalletTransfersAreNotLimited() public {
        vm.prank(owner);
        burnToken.setBurnSettings(settings(0, 0, 1 ether, 1 hours));
        open();
        vm.prank(address(pair));
        token.transfer(holder, 10 ether); // exempt buyer
        vm.prank(alice);
        token.transfer(bob, 10 ether); // not a buy
        (, uint256 bought) = burnToken.buyWindow(bob);
        assertEq(bought, 0, "wallet transfer not counted");
    }

    // ---------------------------------------------------------------- swapAndTrans

    function test_swapAndTrans_belowThresholdReverts() public {
        (uint256 threshold,) = token.getSwapSettings();
        vm.expectRevert(abi.encodeWithSelector(IFeeToken.BelowSwapThreshold.selector, 0, threshold));
        burnToken.swapAndTrans();
    }

    function test_swapAndTrans_liquifiesThePool() public {
        open();
        vm.prank(owner);
        token.setFees(fees(0, 100, 100, 0, 100), fees(0, 1000, 0, 0, 0));
        vm.prank(owner);
        token.setSwapSettings(1000 ether, 500);
        // accrue 500 pool tokens without triggering an automatic run (500 < 1000)
        vm.prank(alice);
        token.transfer(address(pair), 5000 ether);
        pair.skim(holder);
        vm.roll(block.number + 1);
        uint256 lpDeadBefore = pair.balanceOf(DEAD);
        vm.prank(owner);
        token.setSwapSettings(100 ether, 500);
        burnToken.swapAndTrans();
        assertTrue(pair.balanceOf(DEAD) > lpDeadBefore, "LP locked");
        assertTrue(token.balanceOf(address(token)) < 1 ether, "pool spent");
        assertPairBalanceIsReserve();
    }

    // ---------------------------------------------------------------- gas

    function test_gas_transferBuySell() public {
        open();
        vm.prank(alice);
        token.transfer(bob, 5 ether);
        vm.snapshotGasLastCall("BurnToken", "transfer");
        vm.prank(owner);
        burnToken.setBurnSettings(settings(0, 0, 100_000 ether, 1 hours));
        buy(bob, 100 ether);
        vm.snapshotGasLastCall("BurnToken", "router buy (with buy limit)");
        assertPairBalanceIsReserve();
    }

    function test_gas_sell() public {
        open();
        sell(alice, 500 ether);
        vm.snapshotGasLastCall("BurnToken", "router sell (burns)");
        assertPairBalanceIsReserve();
    }
}
