// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingFixture} from "./utils/StakingFixture.sol";
import {DataReader} from "../src/DataReader.sol";
import {IStaking} from "../src/interfaces/IStaking.sol";

/// @dev The reader against a live Staking, Ido and registry: every figure it returns is checked against what
///      the calls made, or against the contracts' own views.
contract DataReaderTest is StakingFixture {
    uint256 internal constant AMOUNT = 1000e18;
    uint256 internal constant INCOME = 90e18; // tier 1: 30 days at 30 bp a day

    address internal alice;
    address internal bob;
    address internal carol;
    address internal amy;

    function setUp() public override {
        super.setUp();
        reader = new DataReader(address(staking), address(ido));
        fundMember(root);
        alice = member("alice", root);
        bob = member("bob", alice);
        amy = member("amy", alice);
        carol = member("carol", bob);
    }

    function test_getUserInfo_joinsRegistryStakingIdoAndBalances() public {
        stake(bob, 1, AMOUNT);
        stake(carol, 1, 2 * AMOUNT);
        payable(bob).transfer(3 ether);
        DataReader.UserInfo memory info = reader.getUserInfo(bob);
        assertEq(info.member.refer, alice, "registry referrer");
        assertEq(info.member.index, presale.users(bob).index, "registry index");
        assertEq(info.stake.amount, AMOUNT, "own principal");
        assertEq(info.stake.rewardInvite, staking.users(bob).rewardInvite, "invite income");
        assertTrue(info.stake.rewardInvite != 0, "carol paid bob");
        assertEq(info.team.teamAmount, 2 * AMOUNT, "team volume");
        assertEq(info.team.maxAccount, carol, "largest leg");
        assertEq(info.ido.refer, alice, "ido record");
        assertEq(info.usdtBalance, usdt.balanceOf(bob), "usdt balance");
        assertEq(info.tokenBalance, token.balanceOf(bob), "token balance");
        assertEq(info.usdtAllowance, usdt.allowance(bob, address(staking)), "usdt allowance to staking");
        assertEq(info.nativeBalance, 3 ether, "BNB");

        address[] memory accounts = new address[](2);
        accounts[0] = carol;
        accounts[1] = makeAddr("nobody");
        DataReader.UserInfo[] memory infos = reader.getUsers(accounts);
        assertEq(infos.length, 2, "one per account");
        assertEq(infos[0].stake.amount, 2 * AMOUNT, "carol");
        assertEq(infos[1].member.index, 0, "unregistered reads as zero");
    }

    function test_getBalance_readsEachToken() public {
        address[] memory tokens = new address[](2);
        tokens[0] = address(usdt);
        tokens[1] = address(token);
        payable(alice).transfer(1 ether);
        (uint256 native, uint256[] memory balances) = reader.getBalance(alice, tokens);
        assertEq(native, 1 ether, "BNB");
        assertEq(balances[0], usdt.balanceOf(alice), "usdt");
        assertEq(balances[1], token.balanceOf(alice), "token");
    }

    function test_totalsOwedAndAssets_decodeStakingStorage() public {
        listToken(1e18);
        stake(bob, 1, AMOUNT); // nobody above has principal yet: no credit
        stake(alice, 1, AMOUNT);
        stake(carol, 1, AMOUNT); // bob: 9 invite; bob level 1 (1000 team, 1 valid): 1.8 team
        vm.prank(amy);
        staking.deposit(1, AMOUNT, false); // tokens at fbPrice 1: 1000 tokens, 90 tokens of income
        IStaking.Totals memory t = reader.getTotals();
        assertEq(t.totalOrder, 4, "orders");
        assertEq(t.lastIndex, 4, "last index");
        assertEq(t.totalUser, 4, "members who staked");
        assertEq(t.totalAmount, 4 * AMOUNT, "principal");
        uint256 credited = t.totalRewardInvite + t.totalRewardTeam;
        assertEq(
            credited,
            staking.users(alice).rewardInvite + staking.users(alice).rewardTeam
                + staking.users(bob).rewardInvite + staking.users(bob).rewardTeam,
            "credits add up from the members"
        );
        assertTrue(credited != 0, "some income credited");
        assertEq(t.totalReward, 4 * INCOME + credited, "static + credited");
        assertTrue(reader.orderIsUSDT(1), "USDT order");
        assertTrue(!reader.orderIsUSDT(4), "token order");
        assertTrue(!reader.orderIsUSDT(99), "no such order");
        assertEq(reader.owed(address(usdt)), 3 * (AMOUNT + INCOME) + credited, "USDT owed");
        assertEq(reader.owed(address(token)), AMOUNT + INCOME, "token owed");
        assertEq(reader.owed(address(0xdead)), 0, "owes nothing in other tokens");

        vm.warp(block.timestamp + 30 days); // the credits have vested
        vm.prank(bob);
        staking.claimReward();
        assertEq(reader.getTotals().totalExtract, credited - staking.users(alice).balanceReward, "claimed");
        assertEq(
            reader.owed(address(usdt)), 3 * (AMOUNT + INCOME) + staking.users(alice).balanceReward, "after"
        );
    }

    function test_getOrders_pagesTheMembersOrders() public {
        listToken(1e18);
        stake(bob, 0, 100e18);
        vm.prank(bob);
        staking.deposit(2, 200e18, false);
        stake(bob, 4, 300e18);
        (IStaking.Order[] memory orders, bool[] memory isUSDT,,, uint256 total) = reader.getOrders(bob, 1, 5);
        assertEq(total, 3, "total");
        assertEq(orders.length, 2, "from the second");
        assertEq(orders[0].amount, 200e18, "second order");
        assertEq(orders[0].owner, bob, "owner");
        assertTrue(!isUSDT[0], "paid in tokens");
        assertEq(orders[1].amount, 300e18, "third order");
        assertTrue(isUSDT[1], "paid in USDT");
        (orders,,,, total) = reader.getOrders(bob, 3, 5);
        assertEq(orders.length, 0, "past the end");
    }

    function test_getOrders_feeEachReleaseWouldPay() public {
        IStaking.Settings memory s = settings();
        s.feeRate = 1000;
        configure(s);
        stake(bob, 1, AMOUNT);
        (,,, uint256[] memory fees,) = reader.getOrders(bob, 0, 1);
        assertEq(fees[0], INCOME / 10, "10% of the income");
        assertEq(fees[0], staking.releaseFee(1), "as Staking says");
        s.feeRate = 3000; // a raise does not reach the open order
        configure(s);
        (,,, fees,) = reader.getOrders(bob, 0, 1);
        assertEq(fees[0], INCOME / 10, "still 10%");
    }

    function test_invitesAndIndirects_arePaged() public {
        address ann = member("ann", amy);
        address abe = member("abe", amy);
        stake(bob, 1, AMOUNT);
        stake(amy, 1, 500e18);
        stake(carol, 1, AMOUNT);
        stake(abe, 1, 300e18);
        stake(ann, 1, 200e18);

        (IStaking.Invitee[] memory invitees, IStaking.Team[] memory teams, uint256 total) =
            reader.getInvitesInfo(alice, 0, 10);
        assertEq(total, 2, "bob and amy staked");
        assertEq(invitees[0].account, bob, "bob first");
        assertEq(teams[0].teamAmount, AMOUNT, "bob's team: carol");
        assertEq(teams[1].teamAmount, 500e18, "amy's team: abe and ann");

        (DataReader.Indirect[] memory page, uint256 count) = reader.getIndirectsInfo(alice, 0, 10);
        assertEq(count, 3, "carol, abe, ann");
        assertEq(page.length, 3, "all on one page");
        assertEq(page[0].invitee.account, carol, "under bob");
        assertEq(page[0].via, bob, "via bob");
        assertEq(page[1].invitee.account, abe, "under amy, first to stake");
        assertEq(page[2].via, amy, "via amy");
        (page, count) = reader.getIndirectsInfo(alice, 1, 1);
        assertEq(page.length, 1, "limit");
        assertEq(page[0].invitee.account, abe, "offset crosses into amy's invitees");
        assertEq(page[0].invitee.amount, 300e18, "abe's principal");
        (page,) = reader.getIndirectsInfo(alice, 3, 10);
        assertEq(page.length, 0, "past the end");
    }
}
