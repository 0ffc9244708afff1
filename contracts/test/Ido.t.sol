// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Fixture, idoSettingsOf} from "./utils/Fixture.sol";
import {ReentryAssertions} from "./utils/ReentryAssertions.sol";
import {Ido} from "../src/Ido.sol";
import {IIdo} from "../src/interfaces/IIdo.sol";
import {IPresale} from "../src/interfaces/IPresale.sol";
import {MockToken, FeeOnTransferToken, NoReturnToken, ReentrantToken} from "./mocks/MockToken.sol";

contract IdoV2 is Ido {
    function version() external pure returns (uint256) {
        return 2;
    }
}

/// @dev The referral tree of every test: root <- alice <- bob <- carol, dave (each arrow: "referred by").
abstract contract IdoBase is Fixture {
    uint256 internal constant PRICE = 50e18;
    uint256 internal constant APPROVAL = 1e38; // what the app approves
    bytes32 internal constant STORAGE_SLOT =
        keccak256(abi.encode(uint256(keccak256("taichi.storage.Ido")) - 1)) & ~bytes32(uint256(0xff));

    address internal alice;
    address internal bob;
    address internal carol;
    address internal dave;
    address internal stranger = makeAddr("stranger");

    function setUp() public virtual override {
        super.setUp();
        alice = member("alice", root);
        bob = member("bob", alice);
        carol = member("carol", bob);
        dave = member("dave", bob);
        fundBuyer(root);
    }

    function member(string memory name, address referrer) internal returns (address account) {
        account = makeAddr(name);
        vm.prank(account);
        presale.register(referrer);
        fundBuyer(account);
    }

    function fundBuyer(address account) internal {
        usdt.mint(account, 1000e18);
        vm.prank(account);
        usdt.approve(address(ido), APPROVAL);
    }

    function buy(address account) internal {
        vm.prank(account);
        ido.ido();
    }

    function settings() internal view returns (IIdo.Settings memory) {
        return idoSettingsOf(ido.getConfig());
    }

    function configure(IIdo.Settings memory s) internal {
        vm.prank(owner);
        ido.setConfig(s);
    }

    function one(address account) internal pure returns (address[] memory accounts) {
        accounts = new address[](1);
        accounts[0] = account;
    }

    function rewardsOwed() internal view returns (uint256 rewards) {
        (rewards,) = ido.owed();
    }

    function tokensOwed() internal view returns (uint256 tokens) {
        (, tokens) = ido.owed();
    }
}

contract IdoTest is IdoBase, ReentryAssertions {
    // ------------------------------------------------------------------------------------------------
    // Deployment and upgrades
    // ------------------------------------------------------------------------------------------------

    function test_initialize_setsProductDefaults() public view {
        IIdo.Config memory c = ido.getConfig();
        assertEq(c.algebra, 2, "algebra");
        assertEq(c.dayTimes, 86_400, "dayTimes");
        assertEq(c.directRate, 500, "directRate 5%");
        assertEq(c.indirectRate, 300, "indirectRate 3%");
        assertEq(c.idoAmount, 50e18, "idoAmount");
        assertEq(c.idoTokens1, 5000e18, "idoTokens1");
        assertEq(c.idoTokens2, 4800e18, "idoTokens2");
        assertEq(c.idoTokens3, 4600e18, "idoTokens3");
        assertEq(c.idoHas, 0, "idoHas");
        assertEq(c.idoMax, 2000, "idoMax");
        assertEq(c.startTime, START, "startTime");
        assertEq(c.endTime, END, "endTime");
        assertEq(c.extractTime, EXTRACT, "extractTime");
        assertEq(ido.owner(), owner, "owner");
        assertEq(ido.presale(), address(presale), "presale");
        assertEq(ido.usdt(), address(usdt), "usdt");
        assertEq(ido.swapToken(), address(token), "swapToken");
        assertEq(ido.fund(), fund, "fund");
        assertEq(ido.RATE_DENOMINATOR(), 10_000, "basis points");
        assertEq(ido.MAX_RATE(), 1000, "max rate");
        assertEq(ido.PRIORITY_WINDOW(), 20 minutes, "priority window");
        assertEq(ido.MAX_PRIORITY_RIGHTS(), 1000, "max rights");
    }

    function test_initialize_revertsOnSecondCall() public {
        vm.expectRevert(Initializable.InvalidInitialization.selector);
        ido.initialize(owner, address(presale), address(usdt), address(token), fund, START, END, EXTRACT);
    }

    function test_implementation_cannotBeInitialized() public {
        Ido implementation = new Ido();
        vm.expectRevert(Initializable.InvalidInitialization.selector);
        implementation.initialize(
            owner, address(presale), address(usdt), address(token), fund, START, END, EXTRACT
        );
    }

    function test_initialize_revertsOnZeroAddress() public {
        address implementation = address(new Ido());
        address[3] memory presales = [address(0), address(presale), address(presale)];
        address[3] memory usdts = [address(usdt), address(0), address(usdt)];
        address[3] memory funds = [fund, fund, address(0)];
        for (uint256 i = 0; i < 3; ++i) {
            bytes memory init = abi.encodeCall(
                Ido.initialize, (owner, presales[i], usdts[i], address(token), funds[i], START, END, EXTRACT)
            );
            vm.expectRevert(IIdo.ZeroAddress.selector);
            new ERC1967Proxy(implementation, init);
        }
    }

    function test_initialize_revertsOnBadSchedule() public {
        bytes memory init = abi.encodeCall(
            Ido.initialize, (owner, address(presale), address(usdt), address(0), fund, END, END, END)
        );
        address implementation = address(new Ido());
        vm.expectRevert(abi.encodeWithSelector(IIdo.InvalidSchedule.selector, END, END, END));
        new ERC1967Proxy(implementation, init);
    }

    function test_storageLocation_isErc7201Slot() public view {
        // slot 0 of the namespace packs the payment token (160 bits), idoAmount (80) and the pricing version (16)
        uint256 word = uint256(vm.load(address(ido), STORAGE_SLOT));
        assertEq(address(uint160(word)), address(usdt), "usdt at the ERC-7201 slot");
        assertEq((word >> 160) & type(uint80).max, PRICE, "idoAmount packed beside it");
        assertEq(word >> 240, 1, "pricing version 1");
    }

    function test_upgrade_onlyOwnerKeepsState() public {
        vm.warp(START);
        buy(carol);
        address v2 = address(new IdoV2());

        vm.expectRevert(
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, manager)
        );
        vm.prank(manager);
        ido.upgradeToAndCall(v2, "");

        vm.prank(owner);
        ido.upgradeToAndCall(v2, "");
        assertEq(IdoV2(address(ido)).version(), 2, "upgraded");
        assertEq(ido.getUserInfo(carol).idoIndex, 1, "state kept");
        assertEq(ido.getUserInfo(bob).rewardDirect, 2.5e18, "credits kept");
    }

    // ------------------------------------------------------------------------------------------------
    // register
    // ------------------------------------------------------------------------------------------------

    function test_register_forwardsToRegistry() public {
        address newcomer = makeAddr("newcomer");
        vm.expectEmit(true, true, false, true, address(presale));
        emit IPresale.Registered(newcomer, carol, 6);
        vm.prank(newcomer);
        ido.register(carol);

        IPresale.User memory user = presale.users(newcomer);
        assertEq(user.refer, carol, "bound in the shared registry");
        assertEq(ido.getUserInfo(newcomer).index, 6, "Ido sees the registry index");
        assertEq(ido.getUserInfo(newcomer).inviteCode, carol, "inviteCode is the referrer");
    }

    function test_register_revertsWhenAlreadyRegistered() public {
        vm.expectRevert(abi.encodeWithSelector(IPresale.AlreadyRegistered.selector, carol));
        vm.prank(carol);
        ido.register(alice);
    }

    function test_register_revertsOnSelf() public {
        vm.expectRevert(IPresale.SelfReferral.selector);
        vm.prank(stranger);
        ido.register(stranger);
    }

    function test_register_revertsWhenReferrerNotRegistered() public {
        vm.expectRevert(abi.encodeWithSelector(IPresale.ReferrerNotRegistered.selector, address(0)));
        vm.prank(stranger);
        ido.register(address(0));
    }

    function test_register_revertsWhenIdoIsNotRegistrar() public {
        vm.prank(owner);
        presale.setRegistrar(address(ido), false);
        vm.expectRevert(abi.encodeWithSelector(IPresale.NotRegistrar.selector, address(ido)));
        vm.prank(stranger);
        ido.register(root);
    }

    // ------------------------------------------------------------------------------------------------
    // ido
    // ------------------------------------------------------------------------------------------------

    function test_ido_paysBothReferrersAndFund() public {
        vm.warp(START);
        uint256 fundBefore = usdt.balanceOf(fund);

        vm.expectEmit(true, true, true, true, address(ido));
        emit IIdo.Purchased(carol, bob, alice, 1, PRICE, 5000e18, 2.5e18, 1.5e18);
        buy(carol);

        assertEq(usdt.balanceOf(carol), 1000e18 - PRICE, "buyer paid the price");
        assertEq(usdt.balanceOf(fund) - fundBefore, 46e18, "fund got 92%");
        assertEq(usdt.balanceOf(address(ido)), 4e18, "referral shares stay in the Ido");
        assertEq(ido.getUserInfo(bob).rewardDirect, 2.5e18, "referrer 5%");
        assertEq(ido.getUserInfo(bob).balanceReward, 2.5e18, "referrer claimable");
        assertEq(ido.getUserInfo(alice).rewardIndirect, 1.5e18, "referrer's referrer 3%");
        assertEq(ido.getUserInfo(alice).balanceReward, 1.5e18, "referrer's referrer claimable");

        IIdo.Totals memory totals = ido.getTotals();
        assertEq(totals.totalUser, 1, "totalUser");
        assertEq(totals.totalAmount, PRICE, "totalAmount");
        assertEq(totals.totalTokens, 5000e18, "totalTokens");
        assertEq(totals.totalDirect, 2.5e18, "totalDirect");
        assertEq(totals.totalIndirect, 1.5e18, "totalIndirect");
        assertEq(totals.totalExtract, 0, "totalExtract");
        assertEq(ido.getConfig().idoHas, 1, "idoHas");
        assertEq(rewardsOwed(), 4e18, "rewards owed");
        assertEq(tokensOwed(), 5000e18, "tokens owed");
    }

    function test_ido_rootBuyerCreditsNobody() public {
        vm.warp(START);
        uint256 fundBefore = usdt.balanceOf(fund);
        vm.expectEmit(true, true, true, true, address(ido));
        emit IIdo.Purchased(root, address(0), address(0), 1, PRICE, 5000e18, 0, 0);
        buy(root);
        assertEq(usdt.balanceOf(fund) - fundBefore, PRICE, "everything to the fund");
        assertEq(usdt.balanceOf(address(ido)), 0, "nothing held");
        assertEq(rewardsOwed(), 0, "nothing owed");
    }

    function test_ido_firstGenerationMemberCreditsOnlyRoot() public {
        vm.warp(START);
        uint256 fundBefore = usdt.balanceOf(fund);
        buy(alice);
        assertEq(ido.getUserInfo(root).rewardDirect, 2.5e18, "root is a referrer like any member");
        assertEq(ido.getTotals().totalIndirect, 0, "no second generation above the root");
        assertEq(usdt.balanceOf(fund) - fundBefore, 47.5e18, "the missing 3% stays in the fund");
    }

    function test_ido_revertsWhenNotRegistered() public {
        vm.warp(START);
        fundBuyer(stranger);
        vm.expectRevert(abi.encodeWithSelector(IIdo.NotRegistered.selector, stranger));
        buy(stranger);
    }

    function test_ido_revertsWhenAlreadyParticipated() public {
        vm.warp(START);
        buy(carol);
        vm.expectRevert(abi.encodeWithSelector(IIdo.AlreadyParticipated.selector, carol, 1));
        buy(carol);
        assertEq(ido.getTotals().totalUser, 1, "counted once");
    }

    function test_ido_revertsBeforePriorityWindow() public {
        vm.prank(owner);
        ido.grantPriority(one(carol));
        vm.warp(START - 20 minutes - 1);
        vm.expectRevert(
            abi.encodeWithSelector(IIdo.IdoNotStarted.selector, START - 20 minutes - 1, START - 20 minutes)
        );
        buy(carol);
    }

    function test_ido_revertsInPriorityWindowWithoutRight() public {
        vm.warp(START - 1);
        vm.expectRevert(abi.encodeWithSelector(IIdo.NoPriorityRight.selector, carol, START));
        buy(carol);
    }

    function test_ido_priorityHolderBuysInWindow() public {
        vm.prank(manager);
        ido.grantPriority(one(carol));
        vm.warp(START - 20 minutes);
        buy(carol);
        assertEq(ido.getUserInfo(carol).idoIndex, 1, "bought at the window's first second");
        assertEq(ido.getUserInfo(carol).idoTime, START - 20 minutes, "idoTime");
        assertTrue(ido.hasPriority(carol), "the right stays recorded");
    }

    function test_ido_openToAllFromStartTimeUntilEndTime() public {
        vm.warp(START);
        buy(carol);
        vm.warp(END);
        buy(dave);
        assertEq(ido.getConfig().idoHas, 2, "both in");
    }

    function test_ido_revertsAfterEndTime() public {
        vm.warp(END + 1);
        vm.expectRevert(abi.encodeWithSelector(IIdo.IdoEnded.selector, END + 1, END));
        buy(carol);
    }

    function test_ido_revertsWhenSoldOut() public {
        IIdo.Settings memory s = settings();
        s.idoMax = 1;
        configure(s);
        vm.warp(START);
        buy(carol);
        vm.expectRevert(abi.encodeWithSelector(IIdo.SoldOut.selector, 1));
        buy(dave);
    }

    function test_ido_revertsWithoutAllowance() public {
        vm.warp(START);
        vm.prank(carol);
        usdt.approve(address(ido), PRICE - 1);
        vm.expectRevert(
            abi.encodeWithSelector(
                IERC20Errors.ERC20InsufficientAllowance.selector, address(ido), PRICE - 1, PRICE
            )
        );
        buy(carol);
    }

    function test_ido_usesTheCurrentConfiguration() public {
        IIdo.Settings memory s = settings();
        s.idoAmount = 100e18;
        s.directRate = 1000;
        s.indirectRate = 0;
        s.idoTokens1 = 7e18;
        configure(s);
        vm.warp(START);
        uint256 fundBefore = usdt.balanceOf(fund);
        buy(carol);
        IIdo.User memory user = ido.getUserInfo(carol);
        assertEq(user.amount, 100e18, "new price");
        assertEq(user.balance, 7e18, "new allotment");
        assertEq(ido.getUserInfo(bob).rewardDirect, 10e18, "10%");
        assertEq(ido.getUserInfo(alice).rewardIndirect, 0, "0%");
        assertEq(usdt.balanceOf(fund) - fundBefore, 90e18, "rest to the fund");
    }

    function test_ido_revertsOnFeeOnTransferUsdt() public {
        FeeOnTransferToken feeUsdt = new FeeOnTransferToken(100); // 1%
        Ido feeIdo = deployIdo(address(feeUsdt), address(token));
        feeUsdt.mint(carol, 1000e18);
        vm.prank(carol);
        feeUsdt.approve(address(feeIdo), APPROVAL);
        vm.warp(START);

        vm.expectRevert(abi.encodeWithSelector(IIdo.PaymentMismatch.selector, 49.5e18, PRICE));
        vm.prank(carol);
        feeIdo.ido();
        assertEq(feeIdo.getUserInfo(carol).idoIndex, 0, "nothing recorded");
        assertEq(feeIdo.getUserInfo(bob).balanceReward, 0, "nothing credited");
    }

    function test_ido_acceptsUsdtWithoutReturnValues() public {
        NoReturnToken oddUsdt = new NoReturnToken();
        Ido oddIdo = deployIdo(address(oddUsdt), address(token));
        oddUsdt.mint(carol, 1000e18);
        vm.prank(carol);
        oddUsdt.approve(address(oddIdo), APPROVAL);
        vm.warp(START);
        uint256 fundBefore = oddUsdt.balanceOf(fund);

        vm.prank(carol);
        oddIdo.ido();
        assertEq(oddUsdt.balanceOf(fund) - fundBefore, 46e18, "fund paid");
        vm.prank(bob);
        oddIdo.claimReward();
        assertEq(oddUsdt.balanceOf(bob), 2.5e18, "reward paid");
        assertEq(oddUsdt.balanceOf(address(oddIdo)), 1.5e18, "alice's share held");
    }

    function test_ido_reentrantUsdtCannotReenter() public {
        ReentrantToken evilUsdt = new ReentrantToken();
        Ido evilIdo = deployIdo(address(evilUsdt), address(token));
        evilUsdt.mint(carol, 1000e18);
        vm.prank(carol);
        evilUsdt.approve(address(evilIdo), APPROVAL);
        vm.warp(START);

        evilUsdt.arm(address(evilIdo), abi.encodeWithSignature("ido()"));
        vm.prank(carol);
        evilIdo.ido();

        assertReentryRefused(evilUsdt);
        assertEq(evilIdo.getConfig().idoHas, 1, "one purchase");
    }

    function test_ido_reentrantUsdtCannotDoubleClaimRewards() public {
        ReentrantToken evilUsdt = new ReentrantToken();
        Ido evilIdo = deployIdo(address(evilUsdt), address(token));
        evilUsdt.mint(carol, 1000e18);
        vm.prank(carol);
        evilUsdt.approve(address(evilIdo), APPROVAL);
        vm.warp(START);
        vm.prank(carol);
        evilIdo.ido();

        // bob's claim transfers USDT; the token calls claimReward again in the middle
        evilUsdt.arm(address(evilIdo), abi.encodeCall(IIdo.claimReward, ()));
        vm.prank(bob);
        evilIdo.claimReward();
        assertReentryRefused(evilUsdt);
        assertEq(evilUsdt.balanceOf(bob), 2.5e18, "paid once");
        assertEq(evilUsdt.balanceOf(address(evilIdo)), 1.5e18, "alice's share still held");
    }

    /// 2001 buyers: participants 1-1000 get tier 1, 1001-1500 tier 2, 1501-2000 tier 3, the 2001st is refused.
    function test_ido_tierBoundariesAndCapWith2001Buyers() public {
        vm.warp(START);
        uint256 fundBefore = usdt.balanceOf(fund);
        for (uint256 i = 1; i <= 2001; ++i) {
            address buyer = address(uint160(0x100000 + i));
            vm.startPrank(buyer);
            presale.register(root);
            usdt.mint(buyer, PRICE);
            usdt.approve(address(ido), PRICE);
            if (i == 2001) vm.expectRevert(abi.encodeWithSelector(IIdo.SoldOut.selector, 2000));
            ido.ido();
            vm.stopPrank();
            if (i == 1 || i == 1000 || i == 1001 || i == 1500 || i == 1501 || i == 2000) {
                IIdo.User memory user = ido.getUserInfo(buyer);
                uint256 expected = i <= 1000 ? 5000e18 : i <= 1500 ? 4800e18 : 4600e18;
                assertEq(user.idoIndex, i, "participation number");
                assertEq(user.balance, expected, "tier allotment");
            }
        }
        IIdo.Totals memory totals = ido.getTotals();
        assertEq(totals.totalUser, 2000, "capped at idoMax");
        assertEq(totals.totalTokens, 1000 * 5000e18 + 500 * 4800e18 + 500 * 4600e18, "tokens");
        assertEq(totals.totalAmount, 2000 * PRICE, "payments");
        assertEq(ido.getUserInfo(root).rewardDirect, 2000 * 2.5e18, "root's 5%");
        assertEq(usdt.balanceOf(fund) - fundBefore, 2000 * 47.5e18, "fund");
        assertEq(usdt.balanceOf(address(0x100000 + 2001)), PRICE, "the refused buyer kept its USDT");
    }

    // ------------------------------------------------------------------------------------------------
    // claim
    // ------------------------------------------------------------------------------------------------

    function test_claim_sendsTokensOnceFromExtractTime() public {
        vm.warp(START);
        buy(carol);
        token.mint(address(ido), 5000e18);
        vm.warp(EXTRACT);

        vm.expectEmit(true, false, false, true, address(ido));
        emit IIdo.Claimed(carol, 5000e18);
        vm.prank(carol);
        ido.claim();

        assertEq(token.balanceOf(carol), 5000e18, "tokens received");
        IIdo.User memory user = ido.getUserInfo(carol);
        assertEq(user.balance, 0, "balance -> 0");
        assertEq(user.rewardStatic, 5000e18, "allotment kept");
        assertEq(ido.getTotals().totalExtract, 5000e18, "totalExtract");
        assertEq(tokensOwed(), 0, "nothing owed");
    }

    function test_claim_revertsBeforeExtractTime() public {
        vm.warp(START);
        buy(carol);
        token.mint(address(ido), 5000e18);
        vm.warp(EXTRACT - 1);
        vm.expectRevert(abi.encodeWithSelector(IIdo.ClaimNotOpen.selector, EXTRACT - 1, EXTRACT));
        vm.prank(carol);
        ido.claim();
    }

    function test_claim_revertsForNonParticipant() public {
        vm.warp(EXTRACT);
        vm.expectRevert(abi.encodeWithSelector(IIdo.NotParticipant.selector, carol));
        vm.prank(carol);
        ido.claim();
    }

    function test_claim_revertsOnSecondClaim() public {
        vm.warp(START);
        buy(carol);
        token.mint(address(ido), 10_000e18);
        vm.warp(EXTRACT);
        vm.prank(carol);
        ido.claim();
        vm.expectRevert(abi.encodeWithSelector(IIdo.AlreadyClaimed.selector, carol));
        vm.prank(carol);
        ido.claim();
        assertEq(token.balanceOf(carol), 5000e18, "paid once");
    }

    function test_claim_revertsWhenSwapTokenNotSet() public {
        Ido unsetIdo = deployIdo(address(usdt), address(0));
        vm.prank(carol);
        usdt.approve(address(unsetIdo), APPROVAL);
        vm.warp(START);
        vm.prank(carol);
        unsetIdo.ido();
        vm.warp(EXTRACT);
        vm.expectRevert(IIdo.SwapTokenNotSet.selector);
        vm.prank(carol);
        unsetIdo.claim();
    }

    function test_claim_revertsUntilTokensAreFunded() public {
        vm.warp(START);
        buy(carol);
        vm.warp(EXTRACT);
        vm.expectRevert(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, address(ido), 0, 5000e18)
        );
        vm.prank(carol);
        ido.claim();
        assertEq(ido.getUserInfo(carol).balance, 5000e18, "still owed");

        token.mint(address(ido), 5000e18);
        vm.prank(carol);
        ido.claim();
        assertEq(token.balanceOf(carol), 5000e18, "claimed once funded");
    }

    function test_claim_reentrantTokenCannotClaimTwice() public {
        ReentrantToken evilToken = new ReentrantToken();
        Ido evilIdo = deployIdo(address(usdt), address(evilToken));
        vm.prank(carol);
        usdt.approve(address(evilIdo), APPROVAL);
        vm.warp(START);
        vm.prank(carol);
        evilIdo.ido();
        evilToken.mint(address(evilIdo), 20_000e18);
        vm.warp(EXTRACT);

        evilToken.arm(address(evilIdo), abi.encodeCall(IIdo.claim, ()));
        vm.prank(carol);
        evilIdo.claim();
        assertReentryRefused(evilToken);
        assertEq(evilToken.balanceOf(carol), 5000e18, "paid once");
    }

    // ------------------------------------------------------------------------------------------------
    // claimReward
    // ------------------------------------------------------------------------------------------------

    function test_claimReward_paysCreditedUsdt() public {
        vm.warp(START);
        buy(carol);
        buy(dave);
        uint256 before = usdt.balanceOf(bob);

        vm.expectEmit(true, false, false, true, address(ido));
        emit IIdo.RewardClaimed(bob, 5e18);
        vm.prank(bob);
        ido.claimReward();

        assertEq(usdt.balanceOf(bob) - before, 5e18, "two direct shares");
        IIdo.User memory user = ido.getUserInfo(bob);
        assertEq(user.balanceReward, 0, "nothing left");
        assertEq(user.rewardDirect, 5e18, "history kept");
        assertEq(rewardsOwed(), 3e18, "alice's indirect shares still owed");
    }

    function test_claimReward_paysBothGenerations() public {
        vm.warp(START);
        buy(bob); // alice: direct 2.5
        buy(carol); // alice: indirect 1.5
        uint256 before = usdt.balanceOf(alice);
        vm.prank(alice);
        ido.claimReward();
        assertEq(usdt.balanceOf(alice) - before, 4e18, "direct + indirect");
    }

    function test_claimReward_worksAnyTime() public {
        vm.warp(START);
        buy(carol);
        vm.prank(bob);
        ido.claimReward();
        assertEq(ido.getUserInfo(bob).balanceReward, 0, "claimed during the sale");
    }

    function test_claimReward_revertsWhenNothingCredited() public {
        vm.expectRevert(abi.encodeWithSelector(IIdo.NothingToClaim.selector, carol));
        vm.prank(carol);
        ido.claimReward();
    }

    function test_claimReward_revertsOnSecondClaim() public {
        vm.warp(START);
        buy(carol);
        vm.prank(bob);
        ido.claimReward();
        vm.expectRevert(abi.encodeWithSelector(IIdo.NothingToClaim.selector, bob));
        vm.prank(bob);
        ido.claimReward();
    }

    // ------------------------------------------------------------------------------------------------
    // Views
    // ------------------------------------------------------------------------------------------------

    function test_getUserInfo_mirrorsRegistryAndPurchase() public {
        vm.warp(START + 5);
        buy(carol);
        IIdo.User memory user = ido.getUserInfo(carol);
        assertEq(user.index, presale.users(carol).index, "registry index");
        assertEq(user.inviteCode, bob, "inviteCode: the referrer");
        assertEq(user.refer, bob, "refer");
        assertEq(user.idoIndex, 1, "idoIndex");
        assertEq(user.amount, PRICE, "amount");
        assertEq(user.balance, 5000e18, "balance");
        assertEq(user.rewardStatic, 5000e18, "rewardStatic: tokens allotted");
        assertEq(user.idoTime, START + 5, "idoTime");
        assertEq(user.balanceReward, 0, "no invitees yet");

        IIdo.User memory nobody = ido.getUserInfo(stranger);
        assertEq(nobody.index, 0, "unregistered");
        assertEq(nobody.idoIndex, 0, "not bought");
        assertEq(nobody.refer, address(0), "no referrer");
    }

    function test_getInvitesInfo_listsDirectBuyersNewestFirstPaged() public {
        address erin = member("erin", bob);
        vm.warp(START);
        buy(carol);
        buy(alice); // not bob's invitee
        buy(dave);
        buy(erin);

        (IIdo.Invitee[] memory page, uint256 total) = ido.getInvitesInfo(bob, 0, 10);
        assertEq(total, 3, "three of bob's invitees bought");
        assertEq(page.length, 3, "page size");
        assertEq(page[0].account, erin, "newest first");
        assertEq(page[0].idoIndex, 4, "erin's number");
        assertEq(page[1].account, dave, "second");
        assertEq(page[2].account, carol, "oldest");
        assertEq(page[2].refer, bob, "refer");
        assertEq(page[2].amount, PRICE, "amount");
        assertEq(page[2].tokens, 5000e18, "tokens");
        assertEq(page[2].idoTime, START, "time");

        (page, total) = ido.getInvitesInfo(bob, 1, 1);
        assertEq(page.length, 1, "limit");
        assertEq(page[0].account, dave, "offset");
        (page,) = ido.getInvitesInfo(bob, 2, 5);
        assertEq(page.length, 1, "clipped to the end");
        assertEq(page[0].account, carol, "last");
        (page, total) = ido.getInvitesInfo(bob, 3, 5);
        assertEq(page.length, 0, "past the end");
        assertEq(total, 3, "total still reported");

        (page, total) = ido.getInvitesInfo(root, 0, 10);
        assertEq(total, 1, "root's one invitee who bought");
        assertEq(page[0].account, alice, "alice");
    }

    function test_getIndirectsInfo_listsSecondGenerationBuyers() public {
        address frank = member("frank", carol);
        vm.warp(START);
        buy(carol);
        buy(frank); // alice's great-grandchild: not hers
        buy(dave);
        buy(bob); // alice's direct invitee: not indirect

        (IIdo.Invitee[] memory page, uint256 total) = ido.getIndirectsInfo(alice, 0, 10);
        assertEq(total, 2, "carol and dave");
        assertEq(page[0].account, dave, "newest first");
        assertEq(page[0].refer, bob, "through bob");
        assertEq(page[1].account, carol, "oldest");
        (page, total) = ido.getIndirectsInfo(bob, 0, 10);
        assertEq(total, 1, "frank under carol under bob");
        assertEq(page[0].refer, carol, "through carol");
        (page, total) = ido.getIndirectsInfo(root, 0, 10);
        assertEq(total, 1, "bob under alice under root");
    }

    function test_getIndirectsInfo_pagesAcrossBranches() public {
        address ivan = member("ivan", alice);
        address judy = member("judy", ivan);
        vm.warp(START);
        buy(carol); // bob becomes one of alice's branches
        buy(judy); // ivan becomes one, listed first (newest branch)
        buy(dave);

        (IIdo.Invitee[] memory page, uint256 total) = ido.getIndirectsInfo(alice, 0, 10);
        assertEq(total, 3, "three second-generation buyers");
        assertEq(page.length, 3, "all in one page");
        assertEq(page[0].account, judy, "newest branch first");
        assertEq(page[0].refer, ivan, "through ivan");
        assertEq(page[1].account, dave, "then bob's, newest first");
        assertEq(page[2].account, carol, "last");
        assertEq(page[2].refer, bob, "through bob");

        (page,) = ido.getIndirectsInfo(alice, 0, 1);
        assertEq(page.length, 1, "limit 1");
        assertEq(page[0].account, judy, "first");
        (page,) = ido.getIndirectsInfo(alice, 1, 1);
        assertEq(page[0].account, dave, "offset into the second branch");
        (page,) = ido.getIndirectsInfo(alice, 1, 5);
        assertEq(page.length, 2, "rest");
        assertEq(page[1].account, carol, "rest, last");
        (page,) = ido.getIndirectsInfo(alice, 2, 5);
        assertEq(page.length, 1, "one left");
        assertEq(page[0].account, carol, "carol");
        (page, total) = ido.getIndirectsInfo(alice, 3, 5);
        assertEq(page.length, 0, "past the end");
        assertEq(total, 3, "total");
    }

    function test_tokensFor_followsTheTiers() public view {
        assertEq(ido.tokensFor(0), 0, "no participation");
        assertEq(ido.tokensFor(1), 5000e18, "first");
        assertEq(ido.tokensFor(1000), 5000e18, "1000");
        assertEq(ido.tokensFor(1001), 4800e18, "1001");
        assertEq(ido.tokensFor(1500), 4800e18, "1500");
        assertEq(ido.tokensFor(1501), 4600e18, "1501");
        assertEq(ido.tokensFor(2000), 4600e18, "2000");
    }

    // ------------------------------------------------------------------------------------------------
    // setConfig
    // ------------------------------------------------------------------------------------------------

    function test_setConfig_updatesAndEmits() public {
        IIdo.Settings memory s = IIdo.Settings({
            directRate: 1000,
            indirectRate: 1000,
            idoAmount: 100e18,
            idoTokens1: 1e18,
            idoTokens2: 2e18,
            idoTokens3: 3e18,
            idoMax: 3000,
            startTime: START + 1,
            endTime: START + 2,
            extractTime: START + 2
        });
        vm.expectEmit(false, false, false, true, address(ido));
        emit IIdo.ConfigUpdated(s);
        vm.prank(owner); // a raise of the price and cut allotments: the owner's
        ido.setConfig(s);

        IIdo.Config memory c = ido.getConfig();
        assertEq(c.directRate, 1000, "directRate");
        assertEq(c.indirectRate, 1000, "indirectRate");
        assertEq(c.idoAmount, 100e18, "idoAmount");
        assertEq(c.idoTokens1, 1e18, "idoTokens1");
        assertEq(c.idoTokens2, 2e18, "idoTokens2");
        assertEq(c.idoTokens3, 3e18, "idoTokens3");
        assertEq(c.idoMax, 3000, "idoMax");
        assertEq(c.startTime, START + 1, "startTime");
        assertEq(c.endTime, START + 2, "endTime");
        assertEq(c.extractTime, START + 2, "extractTime may equal endTime");
    }

    function test_setConfig_repricingKeepsEarlierPurchases() public {
        vm.warp(START);
        buy(carol);
        IIdo.Settings memory s = settings();
        s.idoAmount = 100e18;
        s.idoTokens1 = 7000e18;
        configure(s);
        assertEq(ido.tokensFor(1), 7000e18, "new allotment for later buyers");
        buy(dave);

        IIdo.User memory early = ido.getUserInfo(carol);
        assertEq(early.amount, PRICE, "carol paid the old price");
        assertEq(early.balance, 5000e18, "and keeps the old allotment");
        IIdo.User memory late = ido.getUserInfo(dave);
        assertEq(late.amount, 100e18, "dave paid the new price");
        assertEq(late.balance, 7000e18, "new allotment");
        (IIdo.Invitee[] memory page,) = ido.getInvitesInfo(bob, 0, 10);
        assertEq(page[0].amount, 100e18, "dave's entry");
        assertEq(page[1].tokens, 5000e18, "carol's entry");
        assertEq(ido.getTotals().totalTokens, 12_000e18, "totalTokens");
        assertEq(ido.getUserInfo(bob).rewardDirect, 2.5e18 + 5e18, "5% of each price");

        token.mint(address(ido), 12_000e18);
        vm.warp(EXTRACT);
        vm.prank(carol);
        ido.claim();
        vm.prank(dave);
        ido.claim();
        assertEq(token.balanceOf(carol), 5000e18, "carol's tokens");
        assertEq(token.balanceOf(dave), 7000e18, "dave's tokens");
        assertEq(tokensOwed(), 0, "all claimed");
    }

    function test_setConfig_newPricingVersionOnlyWhenPricingChanges() public {
        IIdo.Settings memory s = settings();
        s.endTime = END + 1;
        s.directRate = 100;
        configure(s);
        assertEq(uint256(vm.load(address(ido), STORAGE_SLOT)) >> 240, 1, "same pricing, same version");
        s.idoTokens3 = 1;
        configure(s);
        assertEq(uint256(vm.load(address(ido), STORAGE_SLOT)) >> 240, 2, "new pricing, new version");
    }

    function test_setConfig_revertsOnDirectRateAboveMax() public {
        IIdo.Settings memory s = settings();
        s.directRate = 1001;
        vm.expectRevert(abi.encodeWithSelector(IIdo.RateTooHigh.selector, 1001, 1000));
        configure(s);
    }

    function test_setConfig_revertsOnIndirectRateAboveMax() public {
        IIdo.Settings memory s = settings();
        s.indirectRate = 1001;
        vm.expectRevert(abi.encodeWithSelector(IIdo.RateTooHigh.selector, 1001, 1000));
        configure(s);
    }

    function test_setConfig_revertsWhenStartNotBeforeEnd() public {
        IIdo.Settings memory s = settings();
        s.startTime = s.endTime;
        vm.expectRevert(abi.encodeWithSelector(IIdo.InvalidSchedule.selector, END, END, EXTRACT));
        configure(s);
    }

    function test_setConfig_revertsWhenExtractBeforeEnd() public {
        IIdo.Settings memory s = settings();
        s.extractTime = END - 1;
        vm.expectRevert(abi.encodeWithSelector(IIdo.InvalidSchedule.selector, START, END, END - 1));
        configure(s);
    }

    function test_setConfig_revertsWhenExtractTimeOverflows() public {
        IIdo.Settings memory s = settings();
        s.extractTime = uint256(type(uint40).max) + 1;
        vm.expectRevert(abi.encodeWithSelector(IIdo.InvalidSchedule.selector, START, END, s.extractTime));
        configure(s);
    }

    function test_setConfig_revertsWhenClaimsWouldOpenMoreThanAYearAfterTheEnd() public {
        IIdo.Settings memory s = settings();
        s.extractTime = END + 365 days;
        configure(s); // the longest delay
        s.extractTime = END + 365 days + 1;
        vm.expectRevert(abi.encodeWithSelector(IIdo.InvalidSchedule.selector, START, END, s.extractTime));
        configure(s);
    }

    /// Once claims are open not even the owner can close them again (that would freeze what buyers are owed),
    /// but it may still bring the time forward or leave it.
    function test_setConfig_claimsOnceOpenStayOpen() public {
        vm.warp(START);
        buy(carol);
        token.mint(address(ido), 5000e18);
        vm.warp(EXTRACT);
        IIdo.Settings memory s = settings();
        s.extractTime = EXTRACT + 30 days;
        vm.expectRevert(abi.encodeWithSelector(IIdo.ClaimAlreadyOpen.selector, EXTRACT));
        configure(s);
        s.extractTime = EXTRACT;
        configure(s); // unchanged: fine
        vm.prank(carol);
        ido.claim();
        assertEq(token.balanceOf(carol), 5000e18, "carol claims");
    }

    /// Before claims open the time can still move later (within a year of the end).
    function test_setConfig_extractTimeMovesLaterBeforeClaimsOpen() public {
        vm.warp(EXTRACT - 1);
        IIdo.Settings memory s = settings();
        s.extractTime = EXTRACT + 30 days;
        configure(s);
        assertEq(ido.getConfig().extractTime, EXTRACT + 30 days, "moved");
    }

    function test_setConfig_revertsWhenIdoMaxBelowSold() public {
        vm.warp(START);
        buy(carol);
        buy(dave);
        IIdo.Settings memory s = settings();
        s.idoMax = 1;
        vm.expectRevert(abi.encodeWithSelector(IIdo.IdoMaxOutOfRange.selector, 1, 2, type(uint16).max));
        configure(s);
        s.idoMax = 2;
        configure(s);
        assertEq(ido.getConfig().idoMax, 2, "equal to sold is fine");
    }

    function test_setConfig_revertsWhenIdoMaxTooLarge() public {
        IIdo.Settings memory s = settings();
        s.idoMax = uint256(type(uint16).max) + 1;
        vm.expectRevert(abi.encodeWithSelector(IIdo.IdoMaxOutOfRange.selector, s.idoMax, 0, type(uint16).max));
        configure(s);
    }

    function test_setConfig_revertsOnZeroOrHugeIdoAmount() public {
        IIdo.Settings memory s = settings();
        s.idoAmount = 0;
        vm.expectRevert(abi.encodeWithSelector(IIdo.IdoAmountOutOfRange.selector, 0, type(uint80).max));
        configure(s);
        s.idoAmount = uint256(type(uint80).max) + 1;
        vm.expectRevert(
            abi.encodeWithSelector(IIdo.IdoAmountOutOfRange.selector, s.idoAmount, type(uint80).max)
        );
        configure(s);
    }

    function test_setConfig_revertsOnZeroOrHugeIdoTokens() public {
        IIdo.Settings memory s = settings();
        s.idoTokens1 = 0;
        vm.expectRevert(abi.encodeWithSelector(IIdo.IdoTokensOutOfRange.selector, 0, type(uint96).max));
        configure(s);
        s = settings();
        s.idoTokens2 = uint256(type(uint96).max) + 1;
        vm.expectRevert(
            abi.encodeWithSelector(IIdo.IdoTokensOutOfRange.selector, s.idoTokens2, type(uint96).max)
        );
        configure(s);
        s = settings();
        s.idoTokens3 = 0;
        vm.expectRevert(abi.encodeWithSelector(IIdo.IdoTokensOutOfRange.selector, 0, type(uint96).max));
        configure(s);
    }

    // ------------------------------------------------------------------------------------------------
    // setFund / setSwapToken
    // ------------------------------------------------------------------------------------------------

    function test_setFund_updatesAndEmits() public {
        address newFund = makeAddr("newFund");
        vm.expectEmit(true, true, false, false, address(ido));
        emit IIdo.FundUpdated(fund, newFund);
        vm.prank(owner);
        ido.setFund(newFund);
        assertEq(ido.fund(), newFund, "fund");

        vm.warp(START);
        buy(root);
        assertEq(usdt.balanceOf(newFund), PRICE, "payments go to the new fund");
    }

    function test_setFund_revertsOnZeroAddress() public {
        vm.expectRevert(IIdo.ZeroAddress.selector);
        vm.prank(owner);
        ido.setFund(address(0));
    }

    function test_setSwapToken_updatesAndEmits() public {
        MockToken other = new MockToken("Other", "OTHER");
        vm.expectEmit(true, true, false, false, address(ido));
        emit IIdo.SwapTokenUpdated(address(token), address(other));
        vm.prank(owner);
        ido.setSwapToken(address(other));
        assertEq(ido.swapToken(), address(other), "swapToken");
    }

    function test_setSwapToken_revertsOnZeroAddress() public {
        vm.expectRevert(IIdo.ZeroAddress.selector);
        vm.prank(owner);
        ido.setSwapToken(address(0));
    }

    function test_setSwapToken_revertsAfterFirstClaim() public {
        vm.warp(START);
        buy(carol);
        token.mint(address(ido), 5000e18);
        vm.warp(EXTRACT);
        vm.prank(carol);
        ido.claim();
        vm.expectRevert(abi.encodeWithSelector(IIdo.SwapTokenLocked.selector, 5000e18));
        vm.prank(owner);
        ido.setSwapToken(address(usdt));
    }

    /// Once the Ido holds all it owes buyers of the sold token, not even the owner renames it: `withdraw` would
    /// then hand the buyers' tokens out.
    function test_setSwapToken_revertsOnceTheIdoHoldsWhatItOwes() public {
        vm.warp(START);
        buy(carol);
        (, uint256 owedTokens) = ido.owed();
        token.mint(address(ido), owedTokens - 1);
        MockToken other = new MockToken("Other", "OTHER");
        vm.prank(owner);
        ido.setSwapToken(address(other)); // one short of funded: still correctable
        vm.prank(owner);
        ido.setSwapToken(address(token));
        token.mint(address(ido), 1);
        vm.expectRevert(abi.encodeWithSelector(IIdo.SwapTokenLocked.selector, 0));
        vm.prank(owner);
        ido.setSwapToken(address(other));
        assertEq(ido.withdrawable(address(token)), 0, "the buyers' tokens stay reserved");
    }

    /// Before the first claim the owner corrects the sold token, also from an address that is not a token.
    function test_setSwapToken_correctableWhileNoneIsHeld() public {
        vm.warp(START);
        buy(carol);
        vm.prank(owner);
        ido.setSwapToken(makeAddr("not a token"));
        MockToken other = new MockToken("Other", "OTHER");
        vm.prank(owner);
        ido.setSwapToken(address(other));
        assertEq(ido.swapToken(), address(other), "changed");
    }

    /// A wei of a wrong sold token sent by anyone never locks it: the owner corrects the token until the first
    /// claim (the manager never can: `test_setFundAndSwapToken_revertForStrangerAndManager`).
    function test_setSwapToken_aWeiOfAWrongTokenNeverLocksItForTheOwner() public {
        vm.warp(START);
        buy(carol);
        MockToken wrong = new MockToken("Wrong", "WRONG");
        vm.prank(owner);
        ido.setSwapToken(address(wrong));
        wrong.mint(address(ido), 1); // anyone
        vm.expectEmit(true, true, false, false, address(ido));
        emit IIdo.SwapTokenUpdated(address(wrong), address(token));
        vm.prank(owner);
        ido.setSwapToken(address(token));
        token.mint(address(ido), 5000e18);
        vm.warp(EXTRACT);
        vm.prank(carol);
        ido.claim();
        assertEq(token.balanceOf(carol), 5000e18, "carol gets the right token");
        vm.expectRevert(abi.encodeWithSelector(IIdo.SwapTokenLocked.selector, 5000e18));
        vm.prank(owner);
        ido.setSwapToken(address(wrong));
    }

    // ------------------------------------------------------------------------------------------------
    // Priority rights
    // ------------------------------------------------------------------------------------------------

    function test_grantPriority_grantsInBatchesAndSkipsHolders() public {
        address[] memory batch = new address[](3);
        batch[0] = carol;
        batch[1] = dave;
        batch[2] = carol; // already granted in this batch: skipped, not counted
        vm.expectEmit(true, false, false, false, address(ido));
        emit IIdo.PriorityGranted(carol);
        vm.expectEmit(true, false, false, false, address(ido));
        emit IIdo.PriorityGranted(dave);
        vm.prank(manager);
        ido.grantPriority(batch);
        assertEq(ido.priorityCount(), 2, "two rights");
        assertTrue(ido.hasPriority(carol) && ido.hasPriority(dave), "granted");
        assertTrue(!ido.hasPriority(bob), "others not");
    }

    function test_grantPriority_revertsAboveMaxRights() public {
        address[] memory batch = new address[](1000);
        for (uint256 i = 0; i < 1000; ++i) {
            batch[i] = address(uint160(0x200000 + i));
        }
        vm.prank(owner);
        ido.grantPriority(batch);
        assertEq(ido.priorityCount(), 1000, "all 1000 rights out");

        vm.expectRevert(abi.encodeWithSelector(IIdo.PriorityRightsExceeded.selector, 1001, 1000));
        vm.prank(owner);
        ido.grantPriority(one(carol));
    }

    function test_grantPriority_revertsOnZeroAddress() public {
        vm.expectRevert(IIdo.ZeroAddress.selector);
        vm.prank(owner);
        ido.grantPriority(one(address(0)));
    }

    function test_revokePriority_freesTheRight() public {
        vm.prank(owner);
        ido.grantPriority(one(carol));
        vm.expectEmit(true, false, false, false, address(ido));
        emit IIdo.PriorityRevoked(carol);
        vm.prank(manager);
        ido.revokePriority(one(carol));
        assertEq(ido.priorityCount(), 0, "freed");
        assertTrue(!ido.hasPriority(carol), "revoked");
        vm.prank(manager);
        ido.revokePriority(one(carol)); // not held: skipped
        assertEq(ido.priorityCount(), 0, "not below zero");

        vm.warp(START - 1);
        vm.expectRevert(abi.encodeWithSelector(IIdo.NoPriorityRight.selector, carol, START));
        buy(carol);
    }

    // ------------------------------------------------------------------------------------------------
    // withdraw
    // ------------------------------------------------------------------------------------------------

    function test_withdraw_takesOnlyWhatIsNotOwed() public {
        vm.warp(START);
        buy(carol); // 4 USDT owed as rewards, 5000 tokens owed
        usdt.mint(address(ido), 10e18); // a stray transfer
        token.mint(address(ido), 6000e18);
        MockToken other = new MockToken("Other", "OTHER");
        other.mint(address(ido), 7e18);
        address to = makeAddr("treasury");

        assertEq(ido.withdrawable(address(usdt)), 10e18, "usdt above rewards owed");
        assertEq(ido.withdrawable(address(token)), 1000e18, "tokens above tokens owed");
        assertEq(ido.withdrawable(address(other)), 7e18, "anything else in full");

        vm.expectRevert(
            abi.encodeWithSelector(IIdo.ExceedsWithdrawable.selector, address(usdt), 10e18 + 1, 10e18)
        );
        vm.prank(owner);
        ido.withdraw(address(usdt), to, 10e18 + 1);
        vm.expectRevert(
            abi.encodeWithSelector(IIdo.ExceedsWithdrawable.selector, address(token), 1000e18 + 1, 1000e18)
        );
        vm.prank(owner);
        ido.withdraw(address(token), to, 1000e18 + 1);

        vm.expectEmit(true, true, false, true, address(ido));
        emit IIdo.Withdrawn(address(usdt), to, 10e18);
        vm.prank(owner);
        ido.withdraw(address(usdt), to, 10e18);
        vm.prank(manager);
        ido.withdraw(address(token), to, 1000e18);
        vm.prank(manager);
        ido.withdraw(address(other), to, 7e18);
        assertEq(usdt.balanceOf(to), 10e18, "usdt");
        assertEq(token.balanceOf(to), 1000e18, "tokens");
        assertEq(other.balanceOf(to), 7e18, "other");

        // what stays is exactly what is owed, and members can still take it
        vm.prank(bob);
        ido.claimReward();
        vm.prank(alice);
        ido.claimReward();
        vm.warp(EXTRACT);
        vm.prank(carol);
        ido.claim();
        assertEq(usdt.balanceOf(address(ido)), 0, "usdt drained by members only");
        assertEq(token.balanceOf(address(ido)), 0, "tokens drained by members only");
    }

    function test_withdraw_reservesBothWhenSwapTokenIsUsdt() public {
        Ido sameIdo = deployIdo(address(usdt), address(usdt));
        vm.prank(carol);
        usdt.approve(address(sameIdo), APPROVAL);
        vm.warp(START);
        vm.prank(carol);
        sameIdo.ido(); // owes 4 USDT rewards + 5000 "tokens" in USDT
        usdt.mint(address(sameIdo), 5001e18);
        // holds 4 + 5001, owes 4 + 5000
        assertEq(sameIdo.withdrawable(address(usdt)), 1e18, "both debts reserved");
    }

    function test_withdraw_revertsOnZeroRecipient() public {
        vm.expectRevert(IIdo.ZeroAddress.selector);
        vm.prank(owner);
        ido.withdraw(address(usdt), address(0), 0);
    }

    // ------------------------------------------------------------------------------------------------
    // Roles
    // ------------------------------------------------------------------------------------------------

    function test_manager_isTheRegistryManager() public {
        address newManager = makeAddr("newManager");
        vm.prank(owner);
        presale.setManager(newManager);

        vm.expectRevert(abi.encodeWithSelector(IIdo.NotOwnerOrManager.selector, manager));
        vm.prank(manager);
        ido.grantPriority(one(carol));

        vm.prank(newManager);
        ido.grantPriority(one(carol));
        assertTrue(ido.hasPriority(carol), "the registry's new manager is the Ido's manager");
    }

    function test_setConfig_revertsForStranger() public {
        IIdo.Settings memory s = settings();
        vm.expectRevert(abi.encodeWithSelector(IIdo.NotOwnerOrManager.selector, stranger));
        vm.prank(stranger);
        ido.setConfig(s);
    }

    /// Where payments go and which token buyers are owed are the owner's (behind the timelock), not the manager's.
    function test_setFundAndSwapToken_revertForStrangerAndManager() public {
        address[2] memory callers = [stranger, manager];
        for (uint256 i = 0; i < 2; ++i) {
            vm.expectRevert(
                abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, callers[i])
            );
            vm.prank(callers[i]);
            ido.setFund(callers[i]);
            vm.expectRevert(
                abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, callers[i])
            );
            vm.prank(callers[i]);
            ido.setSwapToken(callers[i]);
        }
        assertEq(ido.fund(), fund, "fund unchanged");
        assertEq(ido.swapToken(), address(token), "token unchanged");
    }

    /// The manager reschedules and reprices the sale while nobody has bought; from the first purchase (the
    /// priority window included) the terms are the buyers' too and only the owner changes them.
    function test_setConfig_managerOnlyWhileNobodyBought() public {
        IIdo.Settings memory s = settings();
        s.endTime = END + 1 days;
        s.extractTime = EXTRACT + 1 days;
        vm.prank(manager);
        ido.setConfig(s);
        assertEq(ido.getConfig().endTime, END + 1 days, "the manager moved the end before any purchase");

        vm.warp(START);
        buy(carol);
        s.extractTime = EXTRACT + 30 days;
        vm.expectRevert(abi.encodeWithSelector(IIdo.SaleHasBuyers.selector, 1));
        vm.prank(manager);
        ido.setConfig(s);
        assertEq(ido.getConfig().extractTime, EXTRACT + 1 days, "claims not pushed back by the manager");
        configure(s);
        assertEq(ido.getConfig().extractTime, EXTRACT + 30 days, "the owner still can");
    }

    /// Before anyone bought, the manager may lower the price and raise the allotments at once (or keep them).
    function test_setConfig_managerCutsThePriceAtOnce() public {
        IIdo.Settings memory s = settings();
        s.idoAmount = PRICE - 1;
        s.idoTokens1 += 1;
        s.idoTokens3 += 1;
        vm.expectEmit(false, false, false, true, address(ido));
        emit IIdo.ConfigUpdated(s);
        vm.prank(manager);
        ido.setConfig(s);
        assertEq(ido.getConfig().idoAmount, PRICE - 1, "price cut");
        assertEq(ido.getConfig().idoTokens1, 5000e18 + 1, "allotment raised");
        vm.prank(manager);
        ido.setConfig(s); // the same terms again
        assertEq(ido.getConfig().idoAmount, PRICE - 1, "kept");
    }

    /// A price raise, or fewer tokens for the price, is the owner's even before the first buyer.
    function test_setConfig_managerCannotRaiseThePrice() public {
        IIdo.Settings memory s = settings();
        s.idoAmount = PRICE + 1;
        vm.expectRevert(abi.encodeWithSelector(IIdo.PriceRaiseNeedsOwner.selector, PRICE + 1, PRICE));
        vm.prank(manager);
        ido.setConfig(s);

        uint256[3] memory current = [uint256(5000e18), 4800e18, 4600e18];
        for (uint256 tier = 0; tier < 3; ++tier) {
            s = settings();
            if (tier == 0) s.idoTokens1 -= 1;
            if (tier == 1) s.idoTokens2 -= 1;
            if (tier == 2) s.idoTokens3 -= 1;
            s.idoAmount = PRICE / 2; // a cut of the price does not buy a cut of an allotment
            vm.expectRevert(
                abi.encodeWithSelector(IIdo.AllotmentCutNeedsOwner.selector, current[tier] - 1, current[tier])
            );
            vm.prank(manager);
            ido.setConfig(s);
        }
        assertEq(ido.getConfig().idoAmount, PRICE, "price unchanged");
        assertEq(ido.tokensFor(1), 5000e18, "allotment unchanged");

        s = settings();
        s.idoAmount = PRICE + 1;
        s.idoTokens2 -= 1;
        configure(s);
        assertEq(ido.getConfig().idoAmount, PRICE + 1, "the owner raises it");
        assertEq(ido.tokensFor(1001), 4800e18 - 1, "and cuts an allotment");
    }

    function testFuzz_setConfig_managerRepricesIffNotAgainstTheBuyers(uint256 amount, uint256 tokens1)
        public
    {
        amount = bound(amount, 1, 2 * PRICE);
        tokens1 = bound(tokens1, 1, 10_000e18);
        IIdo.Settings memory s = settings();
        s.idoAmount = amount;
        s.idoTokens1 = tokens1;
        bool againstBuyers = amount > PRICE || tokens1 < 5000e18;
        if (amount > PRICE) {
            vm.expectRevert(abi.encodeWithSelector(IIdo.PriceRaiseNeedsOwner.selector, amount, PRICE));
        } else if (tokens1 < 5000e18) {
            vm.expectRevert(abi.encodeWithSelector(IIdo.AllotmentCutNeedsOwner.selector, tokens1, 5000e18));
        }
        vm.prank(manager);
        ido.setConfig(s);
        assertEq(ido.getConfig().idoAmount, againstBuyers ? PRICE : amount, "price");
        assertEq(ido.tokensFor(1), againstBuyers ? 5000e18 : tokens1, "allotment");
    }

    function test_ido_withTerms_buysAtTheTermsShown() public {
        vm.warp(START);
        uint256 before = usdt.balanceOf(carol);
        vm.prank(carol);
        ido.ido(PRICE, 5000e18);
        assertEq(before - usdt.balanceOf(carol), PRICE, "paid the price");
        assertEq(ido.getUserInfo(carol).rewardStatic, 5000e18, "allotted the tokens shown");
        vm.prank(dave);
        ido.ido(PRICE + 1, 1); // a buyer may accept worse terms than the current ones
        assertEq(ido.getUserInfo(dave).idoIndex, 2, "bought");
    }

    function test_ido_withTerms_revertsWhenThePriceIsAboveTheMax() public {
        vm.warp(START);
        vm.expectRevert(abi.encodeWithSelector(IIdo.PriceAboveExpected.selector, PRICE, PRICE - 1));
        vm.prank(carol);
        ido.ido(PRICE - 1, 5000e18);
        assertEq(ido.getConfig().idoHas, 0, "nothing bought");
    }

    function test_ido_withTerms_revertsWhenTheAllotmentIsBelowTheMin() public {
        vm.warp(START);
        vm.expectRevert(abi.encodeWithSelector(IIdo.TokensBelowExpected.selector, 5000e18, 5000e18 + 1));
        vm.prank(carol);
        ido.ido(PRICE, 5000e18 + 1);
        assertEq(ido.getConfig().idoHas, 0, "nothing bought");
    }

    /// The buyer saw participation 1000's allotment; another purchase landed first and made it number 1001.
    function test_ido_withTerms_revertsWhenAnotherBuyerMovesItToTheNextTier() public {
        vm.warp(START);
        // 998 purchases already made: idoHas shares the sixth slot with the first two totals
        bytes32 slot = bytes32(uint256(STORAGE_SLOT) + 5);
        bytes32 word = vm.load(address(ido), slot);
        vm.store(address(ido), slot, word | bytes32(uint256(998) << 224));
        assertEq(ido.getConfig().idoHas, 998, "998 sold");
        buy(carol); // number 999
        uint256 shown = ido.tokensFor(1000);
        assertEq(shown, 5000e18, "the last of tier 1");
        buy(dave); // lands first: number 1000
        vm.expectRevert(abi.encodeWithSelector(IIdo.TokensBelowExpected.selector, 4800e18, shown));
        vm.prank(alice);
        ido.ido(PRICE, shown);
        vm.prank(alice);
        ido.ido(PRICE, 4800e18); // accepting the next tier's terms
        assertEq(ido.getUserInfo(alice).rewardStatic, 4800e18, "tier 2");
    }

    /// `ido()` carries no check: it buys at whatever the price is when it runs.
    function test_ido_withoutTerms_buysAtThePriceNow() public {
        IIdo.Settings memory s = settings();
        s.idoAmount = 2 * PRICE;
        configure(s);
        vm.warp(START);
        uint256 before = usdt.balanceOf(carol);
        buy(carol);
        assertEq(before - usdt.balanceOf(carol), 2 * PRICE, "paid the raised price");
    }

    function testFuzz_ido_withTerms_buysIffThePriceAndAllotmentAreWithinTheTerms(
        uint256 price,
        uint256 maxAmount,
        uint256 minTokens
    ) public {
        price = bound(price, 1, 1000e18);
        maxAmount = bound(maxAmount, 0, 1000e18);
        minTokens = bound(minTokens, 0, 10_000e18);
        IIdo.Settings memory s = settings();
        s.idoAmount = price;
        configure(s);
        vm.warp(START);
        uint256 before = usdt.balanceOf(carol);
        if (price > maxAmount) {
            vm.expectRevert(abi.encodeWithSelector(IIdo.PriceAboveExpected.selector, price, maxAmount));
        } else if (5000e18 < minTokens) {
            vm.expectRevert(abi.encodeWithSelector(IIdo.TokensBelowExpected.selector, 5000e18, minTokens));
        }
        vm.prank(carol);
        ido.ido(maxAmount, minTokens);
        bool bought = price <= maxAmount && minTokens <= 5000e18;
        assertEq(ido.getUserInfo(carol).idoIndex, bought ? 1 : 0, "bought iff within the terms");
        assertEq(before - usdt.balanceOf(carol), bought ? price : 0, "paid");
    }

    function test_grantPriority_revertsForStranger() public {
        vm.expectRevert(abi.encodeWithSelector(IIdo.NotOwnerOrManager.selector, stranger));
        vm.prank(stranger);
        ido.grantPriority(one(stranger));
    }

    function test_revokePriority_revertsForStranger() public {
        vm.expectRevert(abi.encodeWithSelector(IIdo.NotOwnerOrManager.selector, stranger));
        vm.prank(stranger);
        ido.revokePriority(one(carol));
    }

    function test_withdraw_revertsForStranger() public {
        vm.expectRevert(abi.encodeWithSelector(IIdo.NotOwnerOrManager.selector, stranger));
        vm.prank(stranger);
        ido.withdraw(address(usdt), stranger, 0);
    }

    function test_upgradeToAndCall_revertsForStranger() public {
        address v2 = address(new IdoV2());
        vm.expectRevert(
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, stranger)
        );
        vm.prank(stranger);
        ido.upgradeToAndCall(v2, "");
    }

    function test_transferOwnership_revertsForManager() public {
        vm.expectRevert(
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, manager)
        );
        vm.prank(manager);
        ido.transferOwnership(manager);
    }
}

contract IdoFuzzTest is IdoBase {
    function testFuzz_tokensFor_matchesTier(uint256 idoIndex, uint256 t1, uint256 t2, uint256 t3) public {
        IIdo.Settings memory s = settings();
        s.idoTokens1 = bound(t1, 1, type(uint96).max);
        s.idoTokens2 = bound(t2, 1, type(uint96).max);
        s.idoTokens3 = bound(t3, 1, type(uint96).max);
        configure(s);
        idoIndex = bound(idoIndex, 1, type(uint16).max);
        uint256 expected = idoIndex <= 1000 ? s.idoTokens1 : idoIndex <= 1500 ? s.idoTokens2 : s.idoTokens3;
        assertEq(ido.tokensFor(idoIndex), expected, "tier");
    }

    /// A real purchase after `sold` earlier ones (the counter is set directly, as if they had happened).
    function testFuzz_ido_allotsTheTierOfItsParticipationNumber(uint256 sold) public {
        sold = bound(sold, 0, 1999);
        // namespace slot 5 packs totalAmount | totalTokens | idoHas (bits 224-255), all zero so far
        vm.store(address(ido), bytes32(uint256(STORAGE_SLOT) + 5), bytes32(sold << 224));
        assertEq(ido.getConfig().idoHas, sold, "counter set");
        vm.warp(START);
        buy(carol);
        uint256 idoIndex = sold + 1;
        uint256 expected = idoIndex <= 1000 ? 5000e18 : idoIndex <= 1500 ? 4800e18 : 4600e18;
        assertEq(ido.getUserInfo(carol).idoIndex, idoIndex, "participation number");
        assertEq(ido.getUserInfo(carol).balance, expected, "tier allotment");
        assertEq(tokensOwed(), expected, "tokens owed");
    }

    function testFuzz_ido_splitsThePaymentExactly(uint256 amount, uint256 directRate, uint256 indirectRate)
        public
    {
        IIdo.Settings memory s = settings();
        s.idoAmount = bound(amount, 1, type(uint80).max);
        s.directRate = bound(directRate, 0, 1000);
        s.indirectRate = bound(indirectRate, 0, 1000);
        configure(s);
        usdt.mint(carol, s.idoAmount);
        vm.warp(START);
        uint256 fundBefore = usdt.balanceOf(fund);
        buy(carol);

        uint256 direct = s.idoAmount * s.directRate / 10_000;
        uint256 indirect = s.idoAmount * s.indirectRate / 10_000;
        assertEq(ido.getUserInfo(bob).balanceReward, direct, "direct share");
        assertEq(ido.getUserInfo(alice).balanceReward, indirect, "indirect share");
        assertEq(usdt.balanceOf(address(ido)), direct + indirect, "shares held");
        assertEq(usdt.balanceOf(fund) - fundBefore, s.idoAmount - direct - indirect, "rest to the fund");
        assertTrue(
            (direct + indirect) * 10_000 <= s.idoAmount * (s.directRate + s.indirectRate), "rounds down"
        );
        assertEq(rewardsOwed(), direct + indirect, "owed");
    }

    function testFuzz_ido_followsTheWindow(uint256 timestamp, bool priority) public {
        timestamp = bound(timestamp, T0, EXTRACT);
        if (priority) {
            vm.prank(owner);
            ido.grantPriority(one(carol));
        }
        vm.warp(timestamp);
        bool open = timestamp >= START && timestamp <= END;
        bool early = timestamp >= START - 20 minutes && timestamp < START && priority;
        if (timestamp < START - 20 minutes) {
            vm.expectRevert(
                abi.encodeWithSelector(IIdo.IdoNotStarted.selector, timestamp, START - 20 minutes)
            );
        } else if (timestamp < START && !priority) {
            vm.expectRevert(abi.encodeWithSelector(IIdo.NoPriorityRight.selector, carol, START));
        } else if (timestamp > END) {
            vm.expectRevert(abi.encodeWithSelector(IIdo.IdoEnded.selector, timestamp, END));
        }
        buy(carol);
        assertEq(ido.getUserInfo(carol).idoIndex, open || early ? 1 : 0, "bought iff allowed");
    }

    function testFuzz_withdraw_neverTakesWhatIsOwed(uint256 stray, uint256 amount) public {
        vm.warp(START);
        buy(carol);
        buy(dave);
        stray = bound(stray, 0, 1e30);
        usdt.mint(address(ido), stray);
        uint256 held = usdt.balanceOf(address(ido));
        amount = bound(amount, 0, held);
        uint256 owedBefore = rewardsOwed();
        if (amount > held - owedBefore) {
            vm.expectRevert(
                abi.encodeWithSelector(
                    IIdo.ExceedsWithdrawable.selector, address(usdt), amount, held - owedBefore
                )
            );
        }
        vm.prank(owner);
        ido.withdraw(address(usdt), owner, amount);
        assertTrue(usdt.balanceOf(address(ido)) >= owedBefore, "owed USDT untouched");
    }
}

/// @dev Gas snapshots. Each measured call is the only call of its test, so it pays cold access like a real
///      transaction (forge runs setUp and each test as separate transactions).
contract IdoGasTest is IdoBase {
    address internal gina;
    address internal hank;

    function setUp() public override {
        super.setUp();
        gina = member("gina", root);
        hank = member("hank", gina);
        vm.warp(START);
        buy(root); // the sale's first purchase writes the totals and the fund's balance for the first time
        buy(dave); // credits bob (direct) and alice (indirect)
        token.mint(address(ido), 10_000e18);
    }

    /// Steady state: both referrers were credited before.
    function test_ido_gasWithBothReferralLevelsPaid() public {
        vm.prank(carol);
        ido.ido();
        vm.snapshotGasLastCall("Ido", "ido");
    }

    /// The purchase the app sends: with the buyer's terms.
    function test_ido_gasWithTerms() public {
        vm.prank(carol);
        ido.ido(PRICE, 5000e18);
        vm.snapshotGasLastCall("Ido", "ido_withTerms");
    }

    /// The dearest purchase: both referrers' records are written for the first time.
    function test_ido_gasWithFirstReferralCredits() public {
        vm.prank(hank);
        ido.ido();
        vm.snapshotGasLastCall("Ido", "ido_firstReferralCredits");
    }

    function test_claim_gas() public {
        vm.warp(EXTRACT);
        vm.prank(dave);
        ido.claim();
        vm.snapshotGasLastCall("Ido", "claim");
    }

    function test_claimReward_gas() public {
        vm.prank(bob);
        ido.claimReward();
        vm.snapshotGasLastCall("Ido", "claimReward");
    }
}
