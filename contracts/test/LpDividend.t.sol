// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {DividendFixture} from "./utils/DividendFixture.sol";
import {LpDividend} from "../src/LpDividend.sol";
import {ILpDividend} from "../src/interfaces/ILpDividend.sol";
import {IShareDividend} from "../src/interfaces/IShareDividend.sol";
import {HostileToken} from "./mocks/DividendMocks.sol";

/// @dev `snapshotValue` records a figure beside the gas snapshots (not declared in the shared Vm).
interface VmValues {
    function snapshotValue(string calldata group, string calldata name, uint256 value) external;
}

contract LpDividendTest is DividendFixture {
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");

    function test_paysHoldersByCreditedLpShare() public {
        creditLp(alice, 1 ether);
        creditLp(bob, 3 ether);
        reward.mint(address(lpDividend), 4 ether);
        lpDividend.sendReward(1_000_000);
        assertEq(reward.balanceOf(alice), 1 ether, "alice 1/4");
        assertEq(reward.balanceOf(bob), 3 ether, "bob 3/4");
        assertEq(lpDividend.users(bob).reward, 3 ether, "bob reward recorded");
        assertEq(lpDividend.getTotals().lastBalance, 0, "nothing left accounted");
    }

    function test_newLpEarnsOnlyFromTheNextBlockAndNothingFromBefore() public {
        creditLp(alice, 1 ether);
        reward.mint(address(lpDividend), 10 ether);
        lpDividend.updatePool();
        lp.mint(bob, 1 ether);
        lpDividend.addUser(bob);
        assertEq(lpDividend.users(bob).lp, 0, "not credited in the block it was first seen");
        vm.roll(block.number + 1);
        lpDividend.updateUser(bob);
        assertEq(lpDividend.users(bob).lp, 1 ether, "credited a block later");
        reward.mint(address(lpDividend), 2 ether);
        lpDividend.sendReward(1_000_000);
        assertEq(reward.balanceOf(alice), 11 ether, "alice keeps what came before bob");
        assertEq(reward.balanceOf(bob), 1 ether, "bob shares only what came after");
    }

    /// @dev Regression: LP borrowed for one transaction (a flash loan) must earn nothing, now or later.
    function test_flashLpEarnsNothing() public {
        creditLp(alice, 1 ether);
        creditLp(carol, 1 wei);
        reward.mint(address(lpDividend), 10 ether);
        // one transaction: borrow 1000 LP, update, have fees arrive, send rewards, repay
        lp.mint(carol, 1000 ether);
        lpDividend.updateUser(carol);
        reward.mint(address(lpDividend), 10 ether);
        lpDividend.sendReward(1_000_000);
        vm.prank(carol);
        lp.transfer(address(1), 1000 ether);
        assertEq(lpDividend.users(carol).lp, 1, "share not raised by the flash balance");
        assertTrue(reward.balanceOf(carol) < 0.001 ether, "flash holder earned only its real share");
        vm.roll(block.number + 1);
        lpDividend.updateUser(carol);
        assertEq(lpDividend.users(carol).lp, 1, "nor in the next block");
    }

    function test_lpRemovedLowersTheShareAtOnce() public {
        creditLp(alice, 1 ether);
        creditLp(bob, 1 ether);
        vm.prank(bob);
        lp.transfer(address(1), 1 ether);
        lpDividend.updateUser(bob);
        assertEq(lpDividend.users(bob).lp, 0, "share dropped");
        assertTrue(!lpDividend.users(bob).isValid, "no longer valid");
        reward.mint(address(lpDividend), 5 ether);
        lpDividend.sendReward(1_000_000);
        assertEq(reward.balanceOf(alice), 5 ether, "alice takes all");
        assertEq(reward.balanceOf(bob), 0, "bob nothing");
    }

    function test_contractsAndDeadNeverHoldAShare() public {
        lp.mint(address(this), 1 ether);
        vm.expectRevert(abi.encodeWithSelector(IShareDividend.NoShares.selector, address(this)));
        lpDividend.addUser(address(this));
        address dead = 0x000000000000000000000000000000000000dEaD;
        lp.mint(dead, 1 ether);
        vm.expectRevert(abi.encodeWithSelector(IShareDividend.NoShares.selector, dead));
        lpDividend.addUser(dead);
        vm.expectRevert(abi.encodeWithSelector(IShareDividend.NoShares.selector, bob));
        lpDividend.addUser(bob);
        lp.mint(bob, 1);
        lpDividend.addUser(bob);
        vm.expectRevert(abi.encodeWithSelector(IShareDividend.UserExists.selector, bob));
        lpDividend.addUser(bob);
    }

    /// @dev Review: `updateUser` is open to anyone, so it must not list an account with nothing to credit (no LP,
    ///      or a contract): else anyone can stuff the holder list with empty addresses that every rotation walks.
    function test_updateUser_listsNobodyWithoutShares() public {
        creditLp(alice, 1 ether);
        address dead = 0x000000000000000000000000000000000000dEaD;
        lp.mint(dead, 1 ether);
        lp.mint(address(this), 1 ether);
        for (uint256 i = 1; i <= 50; ++i) {
            lpDividend.updateUser(address(uint160(0x900000 + i)));
        }
        lpDividend.updateUser(dead);
        lpDividend.updateUser(address(this));
        assertEq(lpDividend.getConfig().userTotal, 1, "only alice listed");
        assertTrue(!lpDividend.users(bob).isValid && lpDividend.users(bob).index == 0, "bob not listed");
        // a holder still lists itself with its first update, and is credited from the next block
        lp.mint(bob, 1 ether);
        lpDividend.updateUser(bob);
        assertEq(lpDividend.users(bob).index, 2, "bob listed by his first update");
        vm.roll(block.number + 1);
        lpDividend.updateUser(bob);
        assertEq(lpDividend.users(bob).lp, 1 ether, "and credited a block later");
    }

    /// @dev Review: anyone picks the budget, so a budget too small for a payment must not fail an owed holder's
    ///      payment and move the rotation past it (a griefer could keep pushing a holder to the next rotation).
    function test_sendReward_aTightBudgetNeverSkipsAnOwedHolder() public {
        creditLp(alice, 1 ether);
        creditLp(bob, 1 ether);
        reward.mint(address(lpDividend), 2 ether);
        uint256 skipped;
        for (uint256 g = 20_000; g <= 120_000; g += 500) {
            uint256 snapshot = vm.snapshotState();
            lpDividend.sendReward(g);
            if (lpDividend.getConfig().nextIndex != 0 && reward.balanceOf(alice) == 0) ++skipped;
            vm.revertToState(snapshot);
        }
        assertEq(skipped, 0, "no budget moves the rotation past alice unpaid");
    }

    function test_rewardMinSkipsDustUntilItGrows() public {
        vm.prank(manager);
        lpDividend.setRewardMin(1 ether);
        creditLp(alice, 1 ether);
        reward.mint(address(lpDividend), 0.6 ether);
        lpDividend.sendReward(1_000_000);
        assertEq(reward.balanceOf(alice), 0, "dust skipped");
        assertEq(lpDividend.users(alice).pending, 0.6 ether, "still owed");
        reward.mint(address(lpDividend), 0.6 ether);
        lpDividend.sendReward(1_000_000);
        assertEq(reward.balanceOf(alice), 1.2 ether, "paid once it reached rewardMin");
    }

    function test_blackListedHolderIsSkippedAndEarnsNothingNew() public {
        creditLp(alice, 1 ether);
        creditLp(bob, 1 ether);
        reward.mint(address(lpDividend), 2 ether);
        vm.expectEmit(true, false, false, true, address(lpDividend));
        emit IShareDividend.BlackListUpdated(bob, true);
        vm.prank(owner);
        lpDividend.setBlackList(bob, true);
        reward.mint(address(lpDividend), 2 ether);
        lpDividend.sendReward(1_000_000);
        assertEq(reward.balanceOf(alice), 3 ether, "alice paid, and all that came after");
        assertEq(reward.balanceOf(bob), 0, "bob skipped");
        assertEq(lpDividend.users(bob).pending, 1 ether, "bob keeps what he earned before");
        vm.prank(owner);
        lpDividend.setBlackList(bob, false);
        lpDividend.sendReward(1_000_000);
        assertEq(reward.balanceOf(bob), 1 ether, "paid once readmitted");
    }

    function test_revertingReceiverNeverBlocksTheOthers() public {
        (LpDividend d, HostileToken hostile) = _hostileDividend(false);
        _rollCredit(d, alice, 1 ether);
        _rollCredit(d, bob, 1 ether);
        _rollCredit(d, carol, 1 ether);
        hostile.block_(bob, false);
        hostile.mint(address(d), 3 ether);
        vm.expectEmit(true, false, false, true, address(d));
        emit ILpDividend.RewardFailed(bob, 1 ether);
        d.sendReward(1_000_000);
        assertEq(hostile.balanceOf(alice), 1 ether, "alice paid");
        assertEq(hostile.balanceOf(carol), 1 ether, "carol paid after bob");
        assertEq(d.users(bob).pending, 1 ether, "bob's reward stays owed");
        hostile.block_(address(0), false);
        d.sendReward(1_000_000);
        assertEq(hostile.balanceOf(bob), 1 ether, "paid when it can receive");
    }

    function test_gasBurningReceiverStaysWithinTheBudget() public {
        (LpDividend d, HostileToken hostile) = _hostileDividend(true);
        _rollCredit(d, alice, 1 ether);
        _rollCredit(d, bob, 1 ether);
        _rollCredit(d, carol, 1 ether);
        hostile.block_(alice, true);
        hostile.mint(address(d), 3 ether);
        uint256 before = gasleft();
        d.sendReward(300_000);
        uint256 used = before - gasleft();
        assertTrue(used <= 330_000, "round within budget + 30k");
        assertEq(hostile.balanceOf(alice), 0, "alice not paid");
        // the round spent its budget on alice; the next ones pay the others
        d.sendReward(300_000);
        d.sendReward(300_000);
        assertEq(hostile.balanceOf(bob), 1 ether, "bob paid");
        assertEq(hostile.balanceOf(carol), 1 ether, "carol paid");
    }

    function test_rotationResumesWhereItStopped() public {
        for (uint256 i = 1; i <= 40; ++i) {
            lp.mint(address(uint160(0x1000 + i)), 1 ether);
            lpDividend.addUser(address(uint160(0x1000 + i)));
        }
        vm.roll(block.number + 1);
        for (uint256 i = 1; i <= 40; ++i) {
            lpDividend.updateUser(address(uint160(0x1000 + i)));
        }
        reward.mint(address(lpDividend), 40 ether);
        lpDividend.sendReward(150_000);
        uint256 next = lpDividend.getConfig().nextIndex;
        assertTrue(next > 0 && next < 40, "stopped part way");
        assertEq(reward.balanceOf(address(uint160(0x1000 + next + 1))), 0, "the next holder not yet paid");
        assertEq(reward.balanceOf(address(uint160(0x1000 + next))), 1 ether, "the last visited paid");
        for (uint256 k = 0; k < 10 && reward.balanceOf(address(uint160(0x1000 + 40))) == 0; ++k) {
            lpDividend.sendReward(150_000);
        }
        for (uint256 i = 1; i <= 40; ++i) {
            assertEq(reward.balanceOf(address(uint160(0x1000 + i))), 1 ether, "every holder paid once");
        }
    }

    /// @dev 10,000 holders: a 300,000-gas round stays within its budget + 30k and pays at least 12 holders.
    ///      Listing 10,000 holders through calls exceeds a test's gas limit, so their records are written into
    ///      the ERC-7201 storage as `addUser` + `updateUser` leave them (checked through the views below).
    /// forge-config: default.isolate = true
    function test_sendReward10000HoldersWithinBudget() public {
        uint256 n = 10_000;
        _storeHolders(n, 1 ether);
        assertEq(lpDividend.getConfig().userTotal, n, "listed");
        assertEq(lpDividend.users(address(uint160(0x100000 + n))).lp, 1 ether, "credited");
        assertEq(lpDividend.users(address(uint160(0x100000 + n))).index, n, "indexed");
        assertEq(lpDividend.getTotals().totalShares, n * 1 ether, "total shares");
        assertEq(lpDividend.users(address(uint160(0x100000 + n))).pending, 0, "owed nothing yet");
        reward.mint(address(lpDividend), n * 1 ether);
        lpDividend.updatePool();
        uint256 before = gasleft();
        lpDividend.sendReward(300_000);
        uint256 used = before - gasleft();
        vm.snapshotGasLastCall("LpDividend", "sendReward(300000), 10000 holders");
        uint256 paid = lpDividend.getConfig().nextIndex;
        VmValues(address(vm))
            .snapshotValue("LpDividend", "holders paid per sendReward(300000) (a count, not gas)", paid);
        // measured around an isolated transaction: its intrinsic cost and calldata (21,000 + under 1,000) are
        // outside the call's budget
        assertTrue(used <= 300_000 + 30_000 + 22_000, "within budget + 30k");
        assertTrue(paid >= 12, "at least 12 holders paid per 300k gas");
        for (uint256 i = 1; i <= paid; ++i) {
            assertEq(reward.balanceOf(address(uint160(0x100000 + i))), 1 ether + 1, "paid its share");
        }
        assertEq(reward.balanceOf(address(uint160(0x100000 + paid + 1))), 1, "the next one waits");
    }

    function test_getUsersPages() public {
        creditLp(alice, 1 ether);
        creditLp(bob, 2 ether);
        creditLp(carol, 3 ether);
        (address[] memory accounts, ILpDividend.UserInfo[] memory infos) = lpDividend.getUsers(1, 5);
        assertEq(accounts.length, 2, "two from position 1");
        assertEq(accounts[0], bob, "bob second");
        assertEq(infos[1].lp, 3 ether, "carol's lp");
        assertEq(infos[1].index, 3, "carol's index");
        assertEq(lpDividend.getUsersAll().length, 3, "all");
        (accounts,) = lpDividend.getUsers(7, 2);
        assertEq(accounts.length, 0, "past the end");
        ILpDividend.Config memory c = lpDividend.getConfig();
        assertEq(c.userTotal, 3, "userTotal");
        assertEq(c.token, address(reward), "token");
        assertEq(c.lp, address(lp), "lp");
    }

    function test_adminCallsAreBoundedAndRestricted() public {
        vm.expectRevert(abi.encodeWithSelector(IShareDividend.NotOwnerOrManager.selector, alice));
        vm.prank(alice);
        lpDividend.setRewardMin(1);
        vm.expectRevert(abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        lpDividend.setBlackList(bob, true);
        vm.expectRevert(
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, manager)
        );
        vm.prank(manager);
        lpDividend.setBlackList(bob, true);
        vm.expectRevert(abi.encodeWithSelector(ILpDividend.RewardMinTooHigh.selector, 1001 ether, 1000 ether));
        vm.prank(owner);
        lpDividend.setRewardMin(1001 ether);
        vm.expectEmit(false, false, false, true, address(lpDividend));
        emit ILpDividend.RewardMinUpdated(5 ether);
        vm.prank(manager);
        lpDividend.setRewardMin(5 ether);
        assertEq(lpDividend.getConfig().rewardMin, 5 ether, "set");
    }

    function test_upgradeOnlyByOwner() public {
        address next = address(new LpDividend());
        vm.expectRevert();
        vm.prank(manager);
        lpDividend.upgradeToAndCall(next, "");
        vm.prank(owner);
        lpDividend.upgradeToAndCall(next, "");
    }

    /// @dev Each holder is paid its exact share of every amount from 1 wei to 1e30, short by less than
    ///      1 + shares / 1e18 wei (the division carry, paid with the next distribution).
    function testFuzz_paysExactShareRoundedDown(uint256 a, uint256 b, uint256 amount) public {
        a = bound(a, 1, 1e30);
        b = bound(b, 1, 1e30);
        amount = bound(amount, 1, 1e30);
        creditLp(alice, a);
        creditLp(bob, b);
        reward.mint(address(lpDividend), amount);
        lpDividend.sendReward(1_000_000);
        IShareDividend.Totals memory t = lpDividend.getTotals();
        if (t.totalReward == 0) return; // the accumulator bound made the funds wait
        uint256 paidA = reward.balanceOf(alice);
        uint256 paidB = reward.balanceOf(bob);
        uint256 exactA = amount * a / (a + b);
        uint256 exactB = amount * b / (a + b);
        assertTrue(paidA <= exactA && paidA + 2 + a / 1e18 >= exactA, "alice just below her share");
        assertTrue(paidB <= exactB && paidB + 2 + b / 1e18 >= exactB, "bob just below his share");
        assertTrue(paidA + paidB <= amount, "never more than funded");
        assertEq(reward.balanceOf(address(lpDividend)), amount - paidA - paidB, "the rest stays");
    }

    /// @dev Lists holders 0x100001.. with `shares` credited each (observed a block ago, at rewardPer 1, so their
    ///      corrections are -shares as `updateUser` leaves them, unpaid too, stored with its sign bit flipped), each
    ///      already holding 1 wei of the reward token
    ///      (OpenZeppelin ERC20 balances: mapping at slot 0).
    function _storeHolders(uint256 n, uint256 shares) private {
        bytes32 base = 0xb2e37fd5490382a2c35b20e988810abdacbb3c5fb133e3acba021926d2dd0f00;
        bytes32 holdersSlot = bytes32(uint256(base) + 10);
        bytes32 accountsSlot = bytes32(uint256(base) + 11);
        uint256 first = uint256(keccak256(abi.encode(holdersSlot)));
        bytes32 correction = bytes32(uint256(-int256(shares)));
        for (uint256 i = 1; i <= n; ++i) {
            address a = address(uint160(0x100000 + i));
            vm.store(address(reward), keccak256(abi.encode(a, uint256(0))), bytes32(uint256(1)));
            vm.store(address(lpDividend), bytes32(first + i - 1), bytes32(uint256(uint160(a))));
            bytes32 record = keccak256(abi.encode(a, accountsSlot));
            uint256 share = shares | (shares << 104) | ((block.number - 1) << 208) | (uint256(1) << 240);
            vm.store(address(lpDividend), record, bytes32(share));
            vm.store(address(lpDividend), bytes32(uint256(record) + 1), correction);
            vm.store(
                address(lpDividend), bytes32(uint256(record) + 2), correction ^ bytes32(uint256(1 << 255))
            );
            vm.store(address(lpDividend), bytes32(uint256(record) + 3), bytes32(i));
        }
        vm.store(address(lpDividend), holdersSlot, bytes32(n));
        vm.store(address(lpDividend), bytes32(uint256(base) + 3), bytes32(n * shares));
        vm.store(address(lpDividend), bytes32(uint256(base) + 4), bytes32(uint256(1)));
    }

    function _hostileDividend(bool) private returns (LpDividend d, HostileToken hostile) {
        hostile = new HostileToken();
        d = LpDividend(
            address(
                new ERC1967Proxy(
                    address(new LpDividend()),
                    abi.encodeCall(
                        LpDividend.initialize, (owner, address(presale), address(hostile), address(lp), 0)
                    )
                )
            )
        );
    }

    function _rollCredit(LpDividend d, address account, uint256 amount) private {
        lp.mint(account, amount);
        d.updateUser(account);
        vm.roll(block.number + 1);
        d.updateUser(account);
    }
}
