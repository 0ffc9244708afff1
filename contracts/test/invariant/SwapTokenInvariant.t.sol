// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IRouterForTests} from "../utils/TokenFixture.sol";
import {FeeTokenHandler, FeeTokenInvariantBase} from "../utils/FeeTokenInvariantBase.sol";
import {Vm} from "../utils/Test.sol";
import {path} from "../utils/DexDeployer.sol";
import {SwapToken} from "../../src/SwapToken.sol";
import {IFeeToken} from "../../src/interfaces/IFeeToken.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";

/// @dev Trades the token through the real router in any order (buys, sells, wallet transfers, burns, adding and
///      removing liquidity, explicit swap-and-liquify, fee changes, time passing) with four non-exempt actors.
///      Each action's token transfers are read back from the logs: what the payer (the pair on a buy, the actor
///      otherwise) sent to the fee destinations is compared with the reference fee on what it sent in all.
contract SwapTokenHandler is FeeTokenHandler {
    bytes32 private constant TRANSFER = keccak256("Transfer(address,address,uint256)");

    address public immutable owner;

    uint256 public ghostCharged;
    uint256 public ghostReceived;
    uint256 public ghostBurned;

    constructor(SwapToken token_, Usdt usdt_, IRouterForTests router_, address owner_, address holder)
        FeeTokenHandler(token_, usdt_, router_, holder, 0x7000)
    {
        owner = owner_;
    }

    function buy(uint256 actorSeed, uint256 usdtIn) external {
        address actor = _actor(actorSeed);
        usdtIn = _bound(usdtIn, 1e15, 20_000 ether);
        usdt.mint(actor, usdtIn);
        (IFeeToken.Fees memory buyFees,) = token.getFees();
        _begin();
        vm.prank(actor);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            usdtIn, 0, path(address(usdt), address(token)), actor, block.timestamp
        );
        _end(address(pair), buyFees);
        calls["buy"]++;
    }

    function sell(uint256 actorSeed, uint256 amount) external {
        address actor = _actor(actorSeed);
        uint256 balance = token.balanceOf(actor);
        if (balance < 1e15) return;
        amount = _bound(amount, 1e15, balance);
        (, IFeeToken.Fees memory sellFees) = token.getFees();
        _begin();
        _sell(actor, amount);
        _end(actor, sellFees);
        calls["sell"]++;
    }

    function transfer(uint256 fromSeed, uint256 toSeed, uint256 amount) external {
        address from = _actor(fromSeed);
        address to = _actor(toSeed);
        amount = _bound(amount, 0, token.balanceOf(from));
        IFeeToken.Fees memory none;
        _begin();
        vm.prank(from);
        token.transfer(to, amount);
        _end(from, none);
        calls["transfer"]++;
    }

    function burn(uint256 actorSeed, uint256 amount) external {
        address actor = _actor(actorSeed);
        amount = _bound(amount, 0, token.balanceOf(actor));
        uint256 supply = token.totalSupply();
        vm.prank(actor);
        token.burn(amount);
        ghostBurned += amount;
        _check(supply);
        calls["burn"]++;
    }

    function addLiquidity(uint256 actorSeed, uint256 amount) external {
        address actor = _actor(actorSeed);
        uint256 balance = token.balanceOf(actor);
        if (balance < 1 ether) return;
        amount = _bound(amount, 1 ether, balance);
        usdt.mint(actor, amount); // more than enough at any price below 1 USDT a token
        (, IFeeToken.Fees memory sellFees) = token.getFees();
        _begin();
        vm.prank(actor);
        router.addLiquidity(address(token), address(usdt), amount, amount, 0, 0, actor, block.timestamp);
        _end(actor, sellFees);
        calls["addLiquidity"]++;
    }

    function removeLiquidity(uint256 actorSeed, uint256 liquidity) external {
        address actor = _actor(actorSeed);
        uint256 lp = pair.balanceOf(actor);
        if (lp == 0) return;
        liquidity = _bound(liquidity, 1, lp);
        (IFeeToken.Fees memory buyFees,) = token.getFees();
        _begin();
        vm.prank(actor);
        try router.removeLiquidity(address(token), address(usdt), liquidity, 0, 0, actor, block.timestamp) {}
        catch {
            // INSUFFICIENT_LIQUIDITY_BURNED for dust: nothing moved
            vm.getRecordedLogs();
            return;
        }
        _end(address(pair), buyFees);
        calls["removeLiquidity"]++;
    }

    function swapAndLiquify() external {
        uint256 supply = token.totalSupply();
        try token.swapAndLiquify() {
            calls["swapAndLiquify"]++;
        } catch {
            calls["swapAndLiquify refused"]++;
        }
        _check(supply);
    }

    function setFees(uint16[10] memory r) external {
        IFeeToken.Fees memory b = IFeeToken.Fees(
            uint16(r[0] % 501), uint16(r[1] % 501), uint16(r[2] % 501), uint16(r[3] % 501), uint16(r[4] % 501)
        );
        IFeeToken.Fees memory s = IFeeToken.Fees(
            uint16(r[5] % 501), uint16(r[6] % 501), uint16(r[7] % 501), uint16(r[8] % 501), uint16(r[9] % 501)
        );
        vm.prank(owner);
        token.setFees(b, s);
        calls["setFees"]++;
    }

    function advance(uint256 blocks) external {
        blocks = _bound(blocks, 1, 20);
        vm.roll(block.number + blocks);
        vm.warp(block.timestamp + blocks * 3);
        calls["advance"]++;
    }

    uint256 private _supplyBefore;

    function _begin() private {
        _supplyBefore = token.totalSupply();
        vm.recordLogs();
    }

    /// @dev Reads the action's token transfers: `payer`'s total out is the gross amount, its transfers to the
    ///      fee destinations (burn, pool, node, market, distributor) the fee received.
    function _end(address payer, IFeeToken.Fees memory fees) private {
        Vm.Log[] memory logs = vm.getRecordedLogs();
        IFeeToken.Accounts memory a = token.getAccounts();
        uint256 gross;
        uint256 received;
        for (uint256 i = 0; i < logs.length; ++i) {
            Vm.Log memory log = logs[i];
            if (log.emitter != address(token) || log.topics.length != 3 || log.topics[0] != TRANSFER) {
                continue;
            }
            address from = address(uint160(uint256(log.topics[1])));
            address to = address(uint160(uint256(log.topics[2])));
            uint256 value = abi.decode(log.data, (uint256));
            if (to == address(0)) ghostBurned += value;
            if (from != payer) continue;
            gross += value;
            if (
                to == address(0) || to == address(token) || to == a.node || to == a.market
                    || to == a.distributor
            ) received += value;
        }
        uint256 rate = uint256(fees.burn) + fees.pool + fees.node + fees.market + fees.dividend;
        ghostCharged += gross * rate / 10_000;
        ghostReceived += received;
        _check(_supplyBefore);
    }
}

contract SwapTokenInvariantTest is FeeTokenInvariantBase {
    SwapTokenHandler internal handler;

    function deployHandler() internal override returns (FeeTokenHandler) {
        return handler = new SwapTokenHandler(token, usdt, router, owner, holder);
    }

    function invariant_totalSupplyNeverRises() public view {
        assertTrue(!handler.ghostSupplyRose(), "supply rose");
        assertEq(token.totalSupply(), SUPPLY - handler.ghostBurned(), "supply = minted - burned");
    }

    function invariant_feesChargedEqualFeesReceived() public view {
        assertEq(handler.ghostReceived(), handler.ghostCharged(), "received by destinations == charged");
    }

    function invariant_ratesWithinCaps() public view {
        (IFeeToken.Fees memory b, IFeeToken.Fees memory s) = token.getFees();
        assertTrue(uint256(b.burn) + b.pool + b.node + b.market + b.dividend <= 2500, "buy total");
        assertTrue(uint256(s.burn) + s.pool + s.node + s.market + s.dividend <= 2500, "sell total");
    }
}
