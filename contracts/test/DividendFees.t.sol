// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {TokenFixture} from "./utils/TokenFixture.sol";
import {VmValues} from "./LpDividend.t.sol";
import {IFeeToken} from "../src/interfaces/IFeeToken.sol";
import {ISwapToken} from "../src/interfaces/ISwapToken.sol";
import {IHoldDividend} from "../src/interfaces/IHoldDividend.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Presale} from "../src/Presale.sol";
import {LpDividend} from "../src/LpDividend.sol";
import {HoldDividend} from "../src/HoldDividend.sol";
import {NodeReward} from "../src/NodeReward.sol";
import {deployHoldDividend, deployLpDividend, deployNodeReward, deployPresale} from "./utils/Deploy.sol";

/// @dev A share distributor of `token` whose `onTransfer` reverts, or burns all the gas it is given.
contract BadDistributor {
    error Refused();

    address private immutable _TOKEN;
    bool private immutable _BURN_GAS;
    uint256 public spin;

    constructor(address token_, bool burnGas) {
        _TOKEN = token_;
        _BURN_GAS = burnGas;
    }

    function getTokens() external view returns (address, address) {
        return (_TOKEN, _TOKEN);
    }

    function onTransfer(address) external {
        if (!_BURN_GAS) revert Refused();
        while (true) {
            ++spin;
        }
    }
}

/// @dev The distributors wired to a real SwapToken (on the real Uniswap-V2 bytecode) as the deploy wires them:
///      the node share to NodeReward, the dividend share to HoldDividend; and an LpDividend paying the token to
///      the pair's LP holders.
contract DividendFeesTest is TokenFixture {
    address internal manager = makeAddr("manager");
    address internal carol = makeAddr("carol");
    Presale internal presale;
    HoldDividend internal hold;
    NodeReward internal nodes;
    LpDividend internal lpDividend;

    function setUp() public override {
        super.setUp();
        presale = deployPresale(owner, manager);
        hold = deployHoldDividend(owner, address(presale), address(token));
        nodes = deployNodeReward(owner, address(presale), address(token));
        lpDividend = deployLpDividend(owner, address(presale), address(token), address(pair));
        IFeeToken.Accounts memory a = defaultAccounts();
        a.node = address(nodes);
        a.distributor = address(hold);
        vm.startPrank(owner);
        token.setAccounts(a);
        token.setShareDistributor(address(hold));
        vm.stopPrank();
        vm.warp(OPEN);
    }

    /// @dev Gives `account` `amount` tokens from the holder and credits them (observed now, credited next block).
    function credit(address account, uint256 amount) internal {
        vm.prank(holder);
        token.transfer(account, amount);
        hold.updateUser(account);
        vm.roll(block.number + 1);
        hold.updateUser(account);
    }

    /// @dev Sends `amount` tokens from the holder (fee-exempt, never listed) to the distributor.
    function fund(uint256 amount) internal {
        vm.prank(holder);
        token.transfer(address(hold), amount);
    }

    function claimFor(address account) internal returns (uint256 paid) {
        uint256 before = token.balanceOf(account);
        vm.prank(account);
        hold.claim();
        paid = token.balanceOf(account) - before;
    }

    // ---------------------------------------------------------------- SwapToken tells HoldDividend of transfers

    /// @dev The security review's finding, fixed: moved to a second account, a balance earns in one account only
    ///      (alice's 100 tokens earn as much as mallory's 100 tokens spread over three accounts).
    function test_movedBalanceEarnsInOneAccountOnly() public {
        address mallory = makeAddr("mallory");
        address mallory2 = makeAddr("mallory2");
        address mallory3 = makeAddr("mallory3");
        credit(alice, 100 ether);
        credit(mallory, 100 ether);
        vm.prank(mallory);
        token.transfer(mallory2, 100 ether);
        assertEq(hold.users(mallory).amount, 0, "the sender's share dropped with the transfer");
        hold.updateUser(mallory2);
        vm.roll(block.number + 1);
        hold.updateUser(mallory2);
        vm.prank(mallory2);
        token.transfer(mallory3, 100 ether);
        hold.updateUser(mallory3);
        vm.roll(block.number + 1);
        hold.updateUser(mallory3);
        hold.updateUser(mallory);
        hold.updateUser(mallory2);
        assertEq(hold.getConfig().totalForce, 200 ether, "200 credited for 200 held");

        fund(300 ether);
        assertEq(claimFor(alice), 150 ether, "alice: half");
        assertEq(claimFor(mallory3), 150 ether, "mallory: the other half, once");
        assertEq(hold.users(mallory).balance + hold.users(mallory2).balance, 0, "nothing in the old accounts");
    }

    function test_transferAndBurnLowerTheSendersShareAtOnce() public {
        credit(alice, 1000 ether);
        credit(bob, 1000 ether);
        fund(20 ether);
        vm.prank(alice);
        token.transfer(carol, 300 ether);
        assertEq(hold.users(alice).amount, 700 ether, "transfer: lowered in the same transaction");
        assertEq(hold.getTotals().lastBalance, 20 ether, "what arrived before was shared first");
        vm.prank(alice);
        token.burn(200 ether);
        assertEq(hold.users(alice).amount, 500 ether, "burn: lowered too");
        assertEq(hold.getConfig().totalForce, 1500 ether, "total");
        // carol is credited from the next block on only: a flash balance still never earns
        hold.updateUser(carol);
        assertEq(hold.users(carol).amount, 0, "carol observed, not credited");
        fund(15 ether);
        assertEq(hold.users(alice).balance, 10 ether + 5 ether, "half of 20, then a third of 15");
        assertEq(hold.users(bob).balance, 10 ether + 10 ether, "half of 20, then two thirds of 15");
    }

    function test_sellLowersTheSellersShareAtOnce() public {
        credit(alice, 1000 ether);
        credit(bob, 3000 ether);
        sell(alice, 400 ether);
        assertEq(hold.users(alice).amount, 600 ether, "lowered by the sale");
        assertEq(hold.getConfig().totalForce, 3600 ether, "total");
        // the sell's dividend fee (1% of 400) was shared before the share dropped, among the old shares
        assertEq(token.balanceOf(address(hold)), 4 ether, "dividend fee arrived");
        assertEq(hold.getTotals().lastBalance, 4 ether, "and was accounted in the same transaction");
        assertEq(hold.users(alice).balance, 1 ether, "alice held a quarter when it arrived");
    }

    function test_buyFromThePairCostsNoHook() public {
        credit(alice, 1000 ether);
        vm.expectCall(address(hold), abi.encodeWithSelector(IHoldDividend.onTransfer.selector), 0);
        buy(alice, 1000 ether);
        assertEq(hold.users(alice).amount, 1000 ether, "a buy raises nothing before the next block");
    }

    /// @dev Transfer gas with the deploy's wiring (HoldDividend told of transfers out of accounts). The first
    ///      transfer is the worst case the hook's gas must cover: the first distribution ever and the sender's first
    ///      share change write fresh slots.
    /// forge-config: default.isolate = true
    function test_gasWithTheShareDistributor() public {
        credit(alice, 1000 ether);
        credit(bob, 1000 ether);
        buy(carol, 100 ether);
        vm.prank(alice);
        token.transfer(bob, 1 ether);
        vm.snapshotGasLastCall(
            "SwapToken", "transfer by a credited holder, share distributor told, worst case"
        );
        assertEq(hold.users(alice).amount, 999 ether, "lowered even in the worst case");
        vm.roll(block.number + 1);
        buy(carol, 100 ether);
        vm.prank(alice);
        token.transfer(bob, 5 ether);
        vm.snapshotGasLastCall("SwapToken", "transfer by a credited holder, share distributor told");
        vm.prank(carol);
        token.transfer(bob, 5 ether);
        vm.snapshotGasLastCall("SwapToken", "transfer by an unlisted account, share distributor told");
        vm.roll(block.number + 1);
        buy(carol, 100 ether);
        sell(alice, 100 ether);
        vm.snapshotGasLastCall("SwapToken", "router sell by a credited holder, share distributor told");
        assertEq(hold.users(alice).amount, 894 ether, "alice lowered");
    }

    function test_failingDistributorNeverBlocksTransfers() public {
        credit(alice, 1000 ether);
        for (uint256 i = 0; i < 2; ++i) {
            BadDistributor bad = new BadDistributor(address(token), i == 1);
            vm.prank(owner);
            token.setShareDistributor(address(bad));
            uint256 gasBefore = gasleft();
            vm.prank(alice);
            token.transfer(bob, 10 ether);
            uint256 used = gasBefore - gasleft();
            assertEq(token.balanceOf(bob), 10 ether * (i + 1), "the transfer went through");
            assertTrue(used < token.HOOK_GAS() + 60_000, "the call costs at most HOOK_GAS");
            sell(alice, 10 ether);
        }
    }

    /// @dev Whatever gas a transfer is sent with, it either reverts or lowers the sender's share: the call cannot
    ///      be starved (by the 63/64 rule) into failing while the transfer stands.
    function testFuzz_noGasLimitLeavesAStaleShare(uint256 gasLimit) public {
        credit(alice, 1000 ether);
        credit(bob, 1000 ether);
        fund(10 ether);
        gasLimit = bound(gasLimit, 30_000, 400_000);
        vm.prank(alice);
        (bool ok, bytes memory ret) =
            address(token).call{gas: gasLimit}(abi.encodeCall(token.transfer, (carol, 1)));
        if (ok) {
            assertEq(hold.users(alice).amount, 1000 ether - 1, "lowered");
        } else {
            assertEq(hold.users(alice).amount, 1000 ether, "unchanged");
            assertEq(token.balanceOf(carol), 0, "nothing moved");
            if (ret.length != 0) assertEq(bytes4(ret), ISwapToken.HookGasTooLow.selector, "refused");
        }
    }

    function test_gasStarvationReverts() public {
        credit(alice, 1000 ether);
        credit(bob, 1000 ether);
        fund(10 ether);
        uint256 refused;
        uint256 lowest;
        for (uint256 g = 100_000; g <= token.HOOK_GAS() + 100_000; g += 1000) {
            uint256 snapshot = vm.snapshotState();
            vm.prank(alice);
            (bool ok, bytes memory ret) =
                address(token).call{gas: g}(abi.encodeCall(token.transfer, (carol, 1)));
            if (ok) {
                assertEq(hold.users(alice).amount, 1000 ether - 1, "a transfer that stands lowered the share");
                if (lowest == 0) lowest = g;
            } else if (ret.length >= 4 && bytes4(ret) == ISwapToken.HookGasTooLow.selector) {
                ++refused;
            }
            vm.revertToState(snapshot);
        }
        assertTrue(refused > 0, "too little gas for the call is refused by name");
        assertTrue(lowest != 0 && lowest < token.HOOK_GAS() * 64 / 63 + 60_000, "enough gas goes through");
    }

    /// @dev An account delegated by EIP-7702 (23 bytes of code, `0xef0100 || delegate`) is a member's wallet: it is
    ///      credited like one, and the distributor is told of its transfers, so its share follows its tokens.
    function test_delegatedWalletEarnsAndIsTold() public {
        vm.etch(alice, abi.encodePacked(hex"ef0100", address(0x1234)));
        credit(alice, 1000 ether);
        credit(bob, 1000 ether);
        assertEq(hold.users(alice).amount, 1000 ether, "credited like any wallet");
        vm.prank(alice);
        token.transfer(carol, 400 ether);
        assertEq(hold.users(alice).amount, 600 ether, "its share follows its tokens");
        fund(16 ether);
        assertEq(claimFor(alice), 6 ether, "paid its share: 600 of 1,600");
    }

    /// @dev A contract deployed at an address that was credited while it was empty (CREATE2) is told too when it
    ///      sends: otherwise it would keep its share while the tokens earn again elsewhere.
    function test_contractCreditedBeforeItsCodeIsTold() public {
        address counterfactual = makeAddr("create2 address");
        credit(counterfactual, 100 ether);
        assertEq(hold.users(counterfactual).amount, 100 ether, "credited while empty");
        vm.etch(counterfactual, hex"00"); // its contract is deployed
        vm.prank(counterfactual);
        token.transfer(carol, 100 ether);
        assertEq(hold.users(counterfactual).amount, 0, "its share drops with the tokens");
        hold.updateUser(carol);
        vm.roll(block.number + 1);
        hold.updateUser(carol);
        assertEq(hold.getConfig().totalForce, 100 ether, "the tokens are credited once");
    }

    /// @dev Shares around transfers: a holder's share follows what it keeps, the receiver earns from its credit on,
    ///      and everyone gets its exact share less the rounding bounds.
    function testFuzz_sharesFollowTransfers(uint256 a, uint256 b, uint256 moved, uint256 f1, uint256 f2)
        public
    {
        a = bound(a, 1 ether, 10_000_000 ether);
        b = bound(b, 1 ether, 10_000_000 ether);
        moved = bound(moved, 1, a);
        f1 = bound(f1, 1, 1_000_000 ether);
        f2 = bound(f2, 1, 1_000_000 ether);
        credit(alice, a);
        credit(bob, b);
        fund(f1);
        vm.prank(alice);
        token.transfer(carol, moved);
        assertEq(hold.users(alice).amount, a - moved, "alice keeps the rest");
        hold.updateUser(carol);
        vm.roll(block.number + 1);
        hold.updateUser(carol);
        assertEq(hold.getConfig().totalForce, a + b, "the moved tokens are credited once");
        fund(f2);
        uint256 total = a + b;
        uint256 exactAlice = f1 * a / total + f2 * (a - moved) / total;
        uint256 exactBob = (f1 + f2) * b / total;
        uint256 exactCarol = f2 * moved / total;
        uint256 owedAlice = hold.users(alice).balance;
        uint256 owedBob = hold.users(bob).balance;
        uint256 owedCarol = hold.users(carol).balance;
        // each is short of its exact share by under 1 wei per distribution plus its part of the division carry
        // (under shares / 1e18 wei); carol, credited after the first, may get her part of its carry
        assertTrue(owedAlice <= exactAlice + 1 && owedAlice + 2 + a / 1e18 >= exactAlice, "alice");
        assertTrue(owedBob <= exactBob && owedBob + 2 + b / 1e18 >= exactBob, "bob");
        assertTrue(
            owedCarol <= exactCarol + 1 + moved / 1e18 && owedCarol + 2 + moved / 1e18 >= exactCarol, "carol"
        );
        assertTrue(owedAlice + owedBob + owedCarol <= f1 + f2, "owed <= funded");
        for (uint256 i = 0; i < 3; ++i) {
            address who = i == 0 ? alice : i == 1 ? bob : carol;
            assertTrue(hold.users(who).amount <= token.balanceOf(who), "credited <= balance");
        }
    }

    // ---------------------------------------------------------------- setShareDistributor

    function test_setShareDistributor_ownerOnlyEventedAndChecked() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        token.setShareDistributor(address(0));
        vm.startPrank(owner);
        vm.expectRevert(abi.encodeWithSelector(ISwapToken.NotShareDistributor.selector, alice));
        token.setShareDistributor(alice);
        // a distributor of another token's holders
        vm.expectRevert(abi.encodeWithSelector(ISwapToken.NotShareDistributor.selector, address(lpDividend)));
        token.setShareDistributor(address(lpDividend));
        vm.expectEmit(true, true, true, true, address(token));
        emit ISwapToken.ShareDistributorUpdated(address(0));
        token.setShareDistributor(address(0));
        vm.stopPrank();
        assertEq(token.shareDistributor(), address(0), "off");
        credit(alice, 100 ether);
        vm.expectCall(address(hold), abi.encodeWithSelector(IHoldDividend.onTransfer.selector), 0);
        vm.prank(alice);
        token.transfer(bob, 100 ether);
        assertEq(hold.users(alice).amount, 100 ether, "off: nobody told (the old behaviour)");
    }

    function test_buyFeesReachHoldersAndNodes() public {
        vm.startPrank(holder);
        token.transfer(alice, 1000 ether);
        token.transfer(bob, 3000 ether);
        vm.stopPrank();
        hold.updateUser(alice);
        hold.updateUser(bob);
        vm.roll(block.number + 1);
        hold.updateUser(alice);
        hold.updateUser(bob);
        vm.prank(manager);
        nodes.setUserForce(alice, true, false, false);

        buy(carol, 1000 ether);
        uint256 dividend = token.balanceOf(address(hold));
        uint256 nodeShare = token.balanceOf(address(nodes));
        assertTrue(dividend > 90 ether, "1% of the ~9,900 tokens bought reached the hold dividend");
        assertEq(nodeShare, dividend, "and as much the node reward");

        uint256 before = token.balanceOf(alice);
        vm.prank(alice);
        hold.claim();
        uint256 claimed = token.balanceOf(alice) - before;
        // short by less than 1 wei plus her part of the division carry (shares / 1e18 = 1,000 wei)
        assertTrue(claimed <= dividend / 4 && claimed + 1001 >= dividend / 4, "alice holds a quarter");
        vm.prank(alice);
        nodes.claim();
        assertEq(token.balanceOf(alice) - before - claimed, nodeShare / 2, "class A's half, one node");
        uint256 bobOwed = hold.users(bob).balance;
        assertTrue(
            bobOwed <= dividend * 3 / 4 && bobOwed + 3001 >= dividend * 3 / 4, "bob owed three quarters"
        );
    }

    /// @dev A rotation paying the fee token to 60 LP stakers who already hold it: holders paid per 300,000 gas.
    /// forge-config: default.isolate = true
    function test_sendRewardWithTheFeeToken() public {
        // a system contract paying the token is fee-exempt, as the deploy makes staking, Ido and LpSwap: its
        // payouts make no call to the share distributor
        vm.prank(owner);
        token.setFeeExempt(address(lpDividend), true);
        uint256 n = 60;
        uint256 lpEach = pair.balanceOf(holder) / 100;
        for (uint256 i = 1; i <= n; ++i) {
            address a = address(uint160(0x200000 + i));
            vm.startPrank(holder);
            IERC20(address(pair)).transfer(a, lpEach);
            token.transfer(a, 1 ether);
            vm.stopPrank();
            vm.startPrank(a);
            pair.approve(address(lpDividend), lpEach);
            lpDividend.stake(lpEach);
            vm.stopPrank();
        }
        vm.roll(block.number + 1);
        vm.prank(holder);
        token.transfer(address(lpDividend), n * 1 ether);
        lpDividend.updatePool();
        lpDividend.sendReward(300_000);
        vm.snapshotGasLastCall("LpDividend", "sendReward(300000), SwapToken reward");
        uint256 paid = lpDividend.getConfig().nextIndex;
        VmValues(address(vm))
            .snapshotValue(
                "LpDividend", "holders paid per sendReward(300000), SwapToken reward (a count, not gas)", paid
            );
        // 12 before SwapToken looked at every sender for its share distributor (code size and system accounts)
        assertTrue(paid >= 10, "at least 10 holders paid");
        // each holds 1/60 of the credited LP: 1 token less the division carry's part (under lp / 1e18 wei)
        for (uint256 i = 1; i <= paid; ++i) {
            uint256 got = token.balanceOf(address(uint160(0x200000 + i))) - 1 ether;
            assertTrue(got <= 1 ether && got + lpEach / 1e18 + 1 >= 1 ether, "paid its share");
        }
    }
}
