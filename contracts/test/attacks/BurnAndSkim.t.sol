// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TokenFixture, DEAD} from "../utils/TokenFixture.sol";
import {SwapToken} from "../../src/SwapToken.sol";
import {MiningToken} from "../../src/MiningToken.sol";
import {IFeeToken} from "../../src/interfaces/IFeeToken.sol";
import {FeeToken} from "../../src/base/FeeToken.sol";

/// @dev The burn-and-skim class (BCE, TMM on BSC): a fee token whose own transfer logic burns or moves the pair's
///      balance outside a swap lets anyone `sync` the pair to a lower token reserve, then sell at the raised price
///      (or `skim` what the pair holds beyond its reserve). The replay buys, churns the token between two wallets
///      (starting swap-and-liquify on the way), syncs, burns, donates to the pair and skims, syncs and sells everything,
///      on the real Uniswap-V2 pair. `sync` must never move a reserve, and the attacker must end with less USDT.
abstract contract BurnAndSkimBase is TokenFixture {
    address internal attacker = makeAddr("attacker");
    address internal accomplice = makeAddr("accomplice");

    function setUp() public virtual override {
        super.setUp();
        open();
        // a low threshold: the churn starts swap-and-liquify, the token's own swaps on the pair
        vm.prank(owner);
        token.setSwapSettings(500 ether, 500);
    }

    /// @dev The whole replay: returns the USDT the attacker ends with after spending `usdtIn`, and whether a
    ///      `sync` on the way moved a reserve.
    function replay(uint256 usdtIn, uint256 rounds) internal returns (uint256 usdtOut, bool syncMoved) {
        buy(attacker, usdtIn);
        for (uint256 i = 0; i < rounds; ++i) {
            moveAll(attacker, accomplice);
            moveAll(accomplice, attacker);
            if (syncMoves()) syncMoved = true; // the BCE step: a churn that burned from the pair lowers its reserve
            uint256 held = token.balanceOf(attacker);
            vm.startPrank(attacker);
            token.burn(held / 100);
            token.transfer(address(pair), held / 100);
            pair.skim(attacker);
            vm.stopPrank();
            variantStep();
            if (syncMoves()) syncMoved = true;
        }
        sell(attacker, token.balanceOf(attacker));
        return (usdt.balanceOf(attacker), syncMoved);
    }

    /// @dev What a variant of the token adds to each round (MiningToken: burning the dead address's balance).
    function variantStep() internal virtual {}

    function moveAll(address from, address to) internal {
        uint256 amount = token.balanceOf(from);
        vm.prank(from);
        token.transfer(to, amount);
    }

    /// @dev Whether `sync` moves either reserve of the pair (it must not: the pair's balances are its reserves).
    function syncMoves() internal returns (bool) {
        (uint256 tokenBefore, uint256 usdtBefore) = reserves();
        pair.sync();
        (uint256 tokenAfter, uint256 usdtAfter) = reserves();
        return tokenAfter != tokenBefore || usdtAfter != usdtBefore;
    }

    function syncChangesNothing() internal {
        assertTrue(!syncMoves(), "sync moved a reserve");
    }
}

/// @dev The replay on each product token; each contract below runs it on one token with the real pair.
abstract contract BurnAndSkimReplay is BurnAndSkimBase {
    /// forge-config: default.fuzz.runs = 200
    function testFuzz_buyChurnSyncSell_neverProfits(uint256 usdtIn, uint256 rounds) public {
        usdtIn = bound(usdtIn, 100 ether, 50_000 ether);
        rounds = bound(rounds, 1, 6);
        (uint256 usdtOut, bool syncMoved) = replay(usdtIn, rounds);
        assertTrue(!syncMoved, "sync never moved a reserve");
        assertTrue(usdtOut < usdtIn, "the attacker ends with less USDT than it spent");
        assertPairBalanceIsReserve();
    }

    function test_donateThenSkim_returnsLessThanTheDonation() public {
        buy(attacker, 10_000 ether);
        uint256 held = token.balanceOf(attacker);
        vm.startPrank(attacker);
        token.transfer(address(pair), held);
        pair.skim(attacker);
        vm.stopPrank();
        assertTrue(token.balanceOf(attacker) < held, "the donation and the skim both pay the token's fees");
        assertPairBalanceIsReserve();
    }

    /// @dev After every kind of move the pair holds exactly its reserve: nothing for `skim` to pay out.
    function test_noMoveLeavesAnythingToSkim() public {
        buy(attacker, 10_000 ether);
        moveAll(attacker, accomplice);
        vm.prank(accomplice);
        token.burn(1000 ether);
        sell(accomplice, 5000 ether);
        variantStep();
        uint256 before = token.balanceOf(attacker);
        pair.skim(attacker);
        assertEq(token.balanceOf(attacker), before, "skim paid nothing");
        syncChangesNothing();
    }
}

contract SwapTokenBurnAndSkimTest is BurnAndSkimReplay {}

contract BurnTokenBurnAndSkimTest is BurnAndSkimReplay {
    function deployToken(address quote) internal override returns (SwapToken) {
        return SwapToken(address(newBurnToken(quote)));
    }

    function test_burnPhaseSellsBurnFromTheSellerNotThePair() public {
        (, IFeeToken.Fees memory sellFees) = token.getFees();
        assertTrue(sellFees.burn > 0, "the default sell burns");
        buy(attacker, 10_000 ether);
        (uint256 reserveTokenBefore,) = reserves();
        uint256 supplyBefore = token.totalSupply();
        uint256 amount = token.balanceOf(attacker);
        sell(attacker, amount);
        (uint256 reserveTokenAfter,) = reserves();
        assertTrue(token.totalSupply() < supplyBefore, "the sell burned");
        assertTrue(reserveTokenAfter > reserveTokenBefore, "the pair only gained what it was sold");
        assertPairBalanceIsReserve();
    }
}

contract MiningTokenBurnAndSkimTest is BurnAndSkimReplay {
    function deployToken(address quote) internal override returns (SwapToken) {
        return SwapToken(address(newMiningToken(quote)));
    }

    /// @dev `burnPool` (anyone may call it) burns only what the dead address holds, never the pair's balance.
    function variantStep() internal override {
        vm.prank(holder);
        token.transfer(DEAD, 1 ether);
        MiningToken(address(token)).burnPool();
        assertEq(token.balanceOf(DEAD), 0, "dead balance burned");
    }
}

/// @dev A BCE-like token: every transfer between wallets also burns half its amount from the pair's balance.
contract PairBurningToken is FeeToken {
    constructor(
        address owner_,
        address holder_,
        uint256 supply,
        address router_,
        address usdt_,
        Accounts memory a
    ) FeeToken("Pair burning", "PBT", owner_, holder_, supply, router_, usdt_, a) {}

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        address p = swapPair();
        if (from != address(0) && to != address(0) && from != p && to != p) {
            uint256 pairBalance = balanceOf(p);
            super._update(p, address(0), value / 2 < pairBalance / 2 ? value / 2 : pairBalance / 2);
        }
    }
}

/// @dev Control: the same replay drains the BCE-like token, so the replay above can fail.
contract BurnAndSkimControlTest is BurnAndSkimBase {
    function deployToken(address quote) internal override returns (SwapToken) {
        return SwapToken(
            address(new PairBurningToken(owner, holder, SUPPLY, address(router), quote, defaultAccounts()))
        );
    }

    /// @dev The product tokens' `replay()` itself, at a size within its bounds (a drain needs a position large
    ///      beside the pool: at 100 USDT the fees outweigh what the pair's burns give).
    function test_replayDrainsATokenThatBurnsFromItsPair() public {
        uint256 usdtIn = 10_000 ether;
        (uint256 usdtOut, bool syncMoved) = replay(usdtIn, 6);
        assertTrue(syncMoved, "sync lowered the token reserve");
        assertTrue(usdtOut > usdtIn, "the attacker ends with more USDT than it spent");
    }
}
