// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {DividendFixture} from "./utils/DividendFixture.sol";
import {IHoldDividend} from "../src/interfaces/IHoldDividend.sol";
import {IShareDividend} from "../src/interfaces/IShareDividend.sol";

contract HoldDividendTest is DividendFixture {
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");

    function test_claimPaysTheHoldersShare() public {
        creditHeld(alice, 100 ether);
        creditHeld(bob, 300 ether);
        held.mint(address(holdDividend), 40 ether);
        vm.prank(alice);
        holdDividend.claim();
        assertEq(held.balanceOf(alice), 110 ether, "alice 1/4 of 40");
        IHoldDividend.UserInfo memory b = holdDividend.users(bob);
        assertEq(b.balance, 30 ether, "bob owed 3/4");
        vm.prank(bob);
        holdDividend.claim();
        assertEq(held.balanceOf(bob), 330 ether, "bob paid");
        assertEq(holdDividend.users(bob).rewardTotal, 30 ether, "recorded");
        assertEq(holdDividend.users(bob).balance, 0, "nothing owed");
        vm.expectRevert(IShareDividend.NothingToClaim.selector);
        vm.prank(bob);
        holdDividend.claim();
    }

    /// @dev Contracts (the pair, staking, this distributor) and the dead address never hold a share: what they hold
    ///      is not a member's. An EIP-7702-delegated wallet (code `0xef0100 || delegate`, which no contract can have,
    ///      EIP-3541) is a member's wallet and is credited like one; any other 23-byte code is a contract.
    function test_contractsNeverHoldAShareDelegatedWalletsDo() public {
        address delegated = makeAddr("delegated");
        vm.etch(delegated, abi.encodePacked(hex"ef0100", address(0x1234)));
        address lookalike = makeAddr("lookalike");
        vm.etch(lookalike, abi.encodePacked(hex"600100", address(0x1234)));
        address dead = 0x000000000000000000000000000000000000dEaD;
        held.mint(address(this), 1 ether);
        held.mint(lookalike, 1 ether);
        held.mint(dead, 1 ether);
        address[3] memory refused = [address(this), lookalike, dead];
        for (uint256 i = 0; i < refused.length; ++i) {
            vm.expectRevert(abi.encodeWithSelector(IShareDividend.NoShares.selector, refused[i]));
            holdDividend.addUser(refused[i]);
            holdDividend.updateUser(refused[i]);
            assertTrue(!holdDividend.users(refused[i]).isExist, "not listed");
        }
        creditHeld(delegated, 1 ether);
        assertEq(holdDividend.users(delegated).amount, 1 ether, "the delegated wallet is credited");
        held.mint(address(holdDividend), 5 ether);
        vm.prank(delegated);
        holdDividend.claim();
        assertEq(held.balanceOf(delegated), 6 ether, "and paid");
    }

    /// @dev A claim in steady state: a holder claiming again after new fees arrived (the pool update included).
    /// forge-config: default.isolate = true
    function test_claimGas() public {
        creditHeld(alice, 100 ether);
        creditHeld(bob, 300 ether);
        held.mint(address(holdDividend), 40 ether);
        vm.prank(alice);
        holdDividend.claim();
        held.mint(address(holdDividend), 40 ether);
        vm.prank(alice);
        holdDividend.claim();
        vm.snapshotGasLastCall("HoldDividend", "claim (pool update included)");
        assertEq(held.balanceOf(alice), 120 ether, "alice 1/4 of 80");
    }

    /// @dev Regression: the debt is set on entry, so a new holder earns nothing from before it was credited.
    function test_newHolderEarnsNothingFromBefore() public {
        creditHeld(alice, 100 ether);
        held.mint(address(holdDividend), 50 ether);
        creditHeld(bob, 100 ether);
        IHoldDividend.UserInfo memory b = holdDividend.users(bob);
        assertEq(b.balance, 0, "bob owed nothing of what came before");
        assertEq(uint256(b.dept), 50 ether, "debt = share x rewardPer at entry");
        held.mint(address(holdDividend), 20 ether);
        assertEq(holdDividend.users(alice).balance, 60 ether, "alice: 50 + 10");
        assertEq(holdDividend.users(bob).balance, 10 ether, "bob: half of what came after");
    }

    /// @dev Regression: a balance borrowed within one transaction never raises the share.
    function test_flashBalanceEarnsNothing() public {
        creditHeld(alice, 100 ether);
        creditHeld(carol, 1 ether);
        held.mint(carol, 10_000 ether);
        holdDividend.updateUser(carol);
        held.mint(address(holdDividend), 101 ether);
        vm.prank(carol);
        holdDividend.claim();
        vm.prank(carol);
        held.transfer(address(1), 10_000 ether);
        assertEq(held.balanceOf(carol), 2 ether, "carol got her 1% only");
        vm.roll(block.number + 1);
        holdDividend.updateUser(carol);
        assertEq(holdDividend.users(carol).amount, 1 ether, "still her own 1 token");
    }

    function test_sellersAreLoweredByTheRotation() public {
        creditHeld(alice, 100 ether);
        creditHeld(bob, 100 ether);
        creditHeld(carol, 100 ether);
        vm.prank(bob);
        held.transfer(address(1), 100 ether);
        holdDividend.updateUsers(2);
        assertEq(holdDividend.getConfig().lastIndex, 2, "two synced");
        assertEq(holdDividend.users(bob).amount, 0, "bob lowered");
        assertEq(holdDividend.getConfig().totalForce, 200 ether, "total force");
        holdDividend.updateUsers(5);
        assertEq(holdDividend.getConfig().lastIndex, 2, "wrapped around once");
        held.mint(address(holdDividend), 20 ether);
        assertEq(holdDividend.users(alice).balance, 10 ether, "alice half");
        assertEq(holdDividend.users(bob).balance, 0, "bob nothing");
    }

    function test_onTransfer_refusesAnyCallerButTheShareToken() public {
        creditHeld(alice, 100 ether);
        vm.prank(alice);
        held.transfer(bob, 100 ether);
        vm.expectRevert(abi.encodeWithSelector(IHoldDividend.NotShareToken.selector, alice));
        vm.prank(alice);
        holdDividend.onTransfer(alice);
        vm.expectRevert(abi.encodeWithSelector(IHoldDividend.NotShareToken.selector, address(reward)));
        vm.prank(address(reward));
        holdDividend.onTransfer(alice);
        assertEq(holdDividend.users(alice).amount, 100 ether, "a stranger cannot move a share");
    }

    /// @dev Told by its token, the distributor shares what arrived at the old shares, then lowers the sender.
    function test_onTransfer_lowersTheSenderAtOnceAndSharesFirst() public {
        creditHeld(alice, 100 ether);
        creditHeld(bob, 100 ether);
        held.mint(address(holdDividend), 20 ether);
        vm.prank(alice);
        held.transfer(carol, 60 ether);
        vm.expectEmit(true, true, true, true, address(holdDividend));
        emit IShareDividend.ShareUpdated(alice, 40 ether);
        vm.prank(address(held));
        holdDividend.onTransfer(alice);
        assertEq(holdDividend.users(alice).amount, 40 ether, "lowered in the same block");
        assertEq(holdDividend.getConfig().totalForce, 140 ether, "total");
        assertEq(holdDividend.getConfig().lastBalance, 20 ether, "what arrived before is accounted");
        held.mint(address(holdDividend), 14 ether);
        assertEq(holdDividend.users(alice).balance, 10 ether + 4 ether, "half of 20, then 40/140 of 14");
        assertEq(holdDividend.users(bob).balance, 10 ether + 10 ether, "half of 20, then 100/140 of 14");
    }

    function test_onTransfer_skipsAnAccountNeverListed() public {
        creditHeld(alice, 100 ether);
        held.mint(bob, 5 ether);
        vm.prank(address(held));
        holdDividend.onTransfer(bob);
        assertEq(holdDividend.getConfig().totalUser, 1, "bob not listed");
        assertTrue(!holdDividend.users(bob).isExist, "no entry");
    }

    function test_pendingIncludesWhatIsNotYetShared() public {
        creditHeld(alice, 1 ether);
        held.mint(address(holdDividend), 3 ether);
        assertEq(holdDividend.pendingReward(alice), 3 ether, "pending before updatePool");
        holdDividend.updatePool();
        IHoldDividend.Config memory c = holdDividend.getConfig();
        assertEq(c.totalReward, 3 ether, "shared");
        assertEq(c.lastBalance, 3 ether, "accounted");
        assertEq(c.rewardPer, 3e18, "3 tokens per token");
        assertEq(c.totalUser, 1, "one holder");
    }

    function test_fundsWaitForTheFirstHolder() public {
        held.mint(address(holdDividend), 5 ether);
        holdDividend.updatePool();
        assertEq(holdDividend.getConfig().totalReward, 0, "nobody to share with");
        creditHeld(alice, 1 ether);
        vm.prank(alice);
        holdDividend.claim();
        assertEq(held.balanceOf(alice), 6 ether, "the first holder takes what waited");
    }

    function test_blackListedHolderEarnsNothingNew() public {
        creditHeld(alice, 1 ether);
        creditHeld(bob, 1 ether);
        held.mint(address(holdDividend), 2 ether);
        vm.prank(owner);
        holdDividend.setBlackList(bob, true);
        holdDividend.updateUser(bob);
        held.mint(address(holdDividend), 2 ether);
        assertEq(holdDividend.users(bob).amount, 0, "no share");
        assertEq(holdDividend.users(bob).balance, 1 ether, "keeps what he earned");
        assertEq(holdDividend.users(alice).balance, 3 ether, "alice the rest");
    }

    function test_isBlacklistedFollowsTheSetter() public {
        address stranger = makeAddr("stranger");
        creditHeld(bob, 1 ether);
        assertTrue(!holdDividend.isBlacklisted(bob), "not listed by default");
        vm.expectEmit(true, true, true, true, address(holdDividend));
        emit IShareDividend.BlackListUpdated(bob, true);
        vm.prank(owner);
        holdDividend.setBlackList(bob, true);
        assertTrue(holdDividend.isBlacklisted(bob), "listed");
        assertTrue(!holdDividend.isBlacklisted(alice), "only bob");
        // a holder never listed can be blacklisted ahead of holding anything
        vm.prank(owner);
        holdDividend.setBlackList(carol, true);
        assertTrue(holdDividend.isBlacklisted(carol), "carol listed by the owner");
        // blacklisting freezes a holder's income: the owner's (behind the timelock), not the manager's
        for (uint256 i = 0; i < 2; ++i) {
            address caller = i == 0 ? stranger : manager;
            vm.prank(caller);
            vm.expectRevert(
                abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, caller)
            );
            holdDividend.setBlackList(bob, false);
        }
        assertTrue(holdDividend.isBlacklisted(bob), "neither a stranger nor the manager can readmit");
        vm.prank(owner);
        holdDividend.setBlackList(bob, false);
        assertTrue(!holdDividend.isBlacklisted(bob), "readmitted");
        holdDividend.updateUser(bob);
        assertEq(holdDividend.users(bob).amount, 0, "the share comes back only over two blocks");
        vm.roll(block.number + 1);
        holdDividend.updateUser(bob);
        assertEq(holdDividend.users(bob).amount, 1 ether, "credited again");
    }

    /// @dev Funds of 1 wei to 1e30 among three holders: nobody is paid more than its exact share, and the whole
    ///      of what is not paid is the division carry plus less than 1 wei per holder.
    function testFuzz_claimsAreTheShareRoundedDown(uint256 a, uint256 b, uint256 c, uint256 amount) public {
        a = bound(a, 1, 1e30);
        b = bound(b, 1, 1e30);
        c = bound(c, 1, 1e30);
        amount = bound(amount, 1, 1e30);
        creditHeld(alice, a);
        creditHeld(bob, b);
        creditHeld(carol, c);
        held.mint(address(holdDividend), amount);
        holdDividend.updatePool();
        IShareDividend.Totals memory t = holdDividend.getTotals();
        if (t.totalReward == 0) return; // the accumulator bound made the funds wait
        uint256 total = a + b + c;
        uint256 sum = holdDividend.users(alice).balance + holdDividend.users(bob).balance
            + holdDividend.users(carol).balance;
        assertTrue(holdDividend.users(alice).balance <= amount * a / total, "alice <= exact");
        assertTrue(holdDividend.users(bob).balance <= amount * b / total, "bob <= exact");
        assertTrue(sum <= amount, "owed <= funded");
        assertTrue(amount - sum <= t.carry / 1e18 + 1 + 3, "unpaid = carry + under 1 wei a holder");
    }
}
