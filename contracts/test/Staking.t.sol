// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {StakingFixture} from "./utils/StakingFixture.sol";
import {ReentryAssertions} from "./utils/ReentryAssertions.sol";
import {Vm} from "./utils/Test.sol";
import {Staking} from "../src/Staking.sol";
import {StakingAdmin} from "../src/StakingAdmin.sol";
import {DataReader} from "../src/DataReader.sol";
import {IStaking} from "../src/interfaces/IStaking.sol";
import {IPresale} from "../src/interfaces/IPresale.sol";
import {StakingMath} from "../src/libraries/StakingMath.sol";
import {FeeOnTransferToken, ReentrantToken} from "./mocks/MockToken.sol";

contract StakingV2 is Staking {
    function version() external pure returns (uint256) {
        return 2;
    }
}

/// @dev The referral tree of every test: root <- alice <- bob <- carol <- dave (each arrow: "referred by").
///      Tier 1 (index 1) is 30 days at 0.30% a day: 1000 USDT earns 90 USDT of static income.
abstract contract StakingBase is StakingFixture {
    uint256 internal constant TIER = 1;
    uint256 internal constant AMOUNT = 1000e18;
    uint256 internal constant INCOME = 90e18; // 1000 * 30 bp * 30 days
    uint256 internal constant LOCK = 30 days;

    address internal alice;
    address internal bob;
    address internal carol;
    address internal dave;
    address internal stranger = makeAddr("stranger");

    function setUp() public virtual override {
        super.setUp();
        fundMember(root);
        alice = member("alice", root);
        bob = member("bob", alice);
        carol = member("carol", bob);
        dave = member("dave", carol);
    }

    function release(address account, uint256 index) internal {
        vm.prank(account);
        staking.release(index);
    }

    function defaultMulti() internal view returns (IStaking.ConfigMulti memory) {
        return staking.getConfigMulti();
    }
}

contract StakingTest is StakingBase, ReentryAssertions {
    /// The reward pool as a reader derives it: what the contract holds beyond what it owes.
    function _pool(Staking target, address asset) internal returns (uint256) {
        return
            IERC20(asset).balanceOf(address(target)) - new DataReader(address(target), address(0)).owed(asset);
    }

    /// An order's state as a reader derives it from `orders(index)`.
    function _state(uint256 index) internal view returns (IStaking.OrderState) {
        IStaking.Order memory order = staking.orders(index);
        if (order.owner == address(0)) return IStaking.OrderState.None;
        if (!order.isValid) return IStaking.OrderState.Ended;
        return
            block.timestamp < order.endTime ? IStaking.OrderState.InProgress : IStaking.OrderState.Releasable;
    }

    function _today() internal view returns (uint256) {
        return block.timestamp / staking.getConfig().dayTimes;
    }

    // ------------------------------------------------------------------------------------------------
    // Deployment and upgrades
    // ------------------------------------------------------------------------------------------------

    /// A fresh proxy holds no configuration (every tier closed) until the deployer sets it.
    function test_initialize_startsClosedUntilConfigured() public {
        Staking fresh = Staking(
            address(
                new ERC1967Proxy(
                    address(new Staking()),
                    abi.encodeCall(
                        Staking.initialize, (owner, address(presale), address(usdt), address(token))
                    )
                )
            )
        );
        assertEq(fresh.getConfig().dayTimes, 0, "no settings");
        assertEq(fresh.getConfigMulti().stakeDays[1], 0, "no tiers");
        vm.prank(owner);
        presale.setRegistrar(address(fresh), true);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.TierClosed.selector, 1));
        fresh.deposit(1, AMOUNT, true);
    }

    function test_initialize_setsAddressesAndDeployConfig() public view {
        IStaking.Config memory c = staking.getConfig();
        assertEq(c.dayTimes, 1 days, "dayTimes");
        assertEq(c.algebra, 3, "algebra");
        assertEq(c.inviteRate, 1000, "inviteRate");
        assertEq(c.equalRate, 500, "equalRate");
        assertEq(c.fbPrice, 1e18, "fbPrice");
        assertEq(c.fundIncome, POOL, "fundIncome is the USDT pool");
        IStaking.ConfigMulti memory m = staking.getConfigMulti();
        assertEq(m.stakeDays[1], 30, "stakeDays");
        assertEq(m.stakeRates[1], 30, "stakeRates");
        assertEq(m.teamRates[9], 2000, "teamRates");
        assertEq(m.inviteValids[0], 1, "inviteValids");
        assertEq(staking.owner(), owner, "owner");
        assertEq(staking.presale(), address(presale), "presale");
        assertEq(staking.usdt(), address(usdt), "usdt");
        assertEq(staking.token(), address(token), "token");
        assertEq(staking.MAX_DEPTH(), 10, "MAX_DEPTH");
        assertEq(staking.TIERS(), 5, "TIERS");
        assertEq(staking.LEVELS(), 10, "LEVELS");
        assertEq(staking.RATE_DENOMINATOR(), 10_000, "RATE_DENOMINATOR");
    }

    function test_initialize_storageIsNamespaced() public pure {
        bytes32 slot =
            keccak256(abi.encode(uint256(keccak256("taichi.storage.Staking")) - 1)) & ~bytes32(uint256(0xff));
        assertEq(slot, 0x589d9b356feae775c423b14005e017a9c1b0d029da925f27b10be26b545d1500, "ERC-7201 slot");
    }

    function test_initialize_revertsOnImplementationAndTwice() public {
        Staking implementation = new Staking();
        vm.expectRevert(Initializable.InvalidInitialization.selector);
        implementation.initialize(owner, address(presale), address(usdt), address(token));
        vm.expectRevert(Initializable.InvalidInitialization.selector);
        staking.initialize(owner, address(presale), address(usdt), address(token));
    }

    function test_initialize_revertsOnZeroAddresses() public {
        Staking implementation = new Staking();
        vm.expectRevert(IStaking.ZeroAddress.selector);
        new ERC1967Proxy(
            address(implementation),
            abi.encodeCall(Staking.initialize, (owner, address(0), address(usdt), address(0)))
        );
    }

    function test_upgrade_byOwnerKeepsState() public {
        stake(alice, TIER, AMOUNT);
        StakingV2 next = new StakingV2();
        vm.prank(owner);
        staking.announce(address(next), address(0));
        vm.warp(block.timestamp + staking.EXIT_WINDOW());
        vm.prank(owner);
        staking.upgradeToAndCall(address(next), "");
        assertEq(StakingV2(address(staking)).version(), 2, "upgraded");
        assertEq(staking.users(alice).amount, AMOUNT, "state kept");
    }

    function test_upgrade_revertsForManagerAndStranger() public {
        StakingV2 next = new StakingV2();
        vm.prank(manager);
        vm.expectRevert(
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, manager)
        );
        staking.upgradeToAndCall(address(next), "");
    }

    // ------------------------------------------------------------------------------------------------
    // register
    // ------------------------------------------------------------------------------------------------

    function test_register_forwardsToRegistry() public {
        vm.prank(stranger);
        staking.register(alice);
        assertEq(staking.getRefer(stranger), alice, "referrer");
        assertEq(staking.users(stranger).index, 6, "registry index");
        assertEq(staking.users(stranger).inviteCode, alice, "inviteCode");
    }

    function test_register_revertsWithRegistryErrors() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IPresale.AlreadyRegistered.selector, alice));
        staking.register(bob);
        vm.prank(stranger);
        vm.expectRevert(IPresale.SelfReferral.selector);
        staking.register(stranger);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IPresale.ReferrerNotRegistered.selector, address(0xBEEF)));
        staking.register(address(0xBEEF));
    }

    // ------------------------------------------------------------------------------------------------
    // deposit
    // ------------------------------------------------------------------------------------------------

    function test_deposit_usdtRecordsOrderAndReservesIncome() public {
        uint256 before = usdt.balanceOf(alice);
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.Deposited(alice, 1, TIER, true, AMOUNT, AMOUNT, INCOME, block.timestamp + LOCK);
        uint256 index = stake(alice, TIER, AMOUNT);
        assertEq(index, 1, "first order");
        assertEq(before - usdt.balanceOf(alice), AMOUNT, "pulled");

        IStaking.Order memory o = staking.orders(1);
        assertTrue(o.isValid, "valid");
        assertEq(o.index, 1, "index");
        assertEq(o.userIndex, 0, "userIndex");
        assertEq(o.amount, AMOUNT, "amount");
        assertEq(o.actual, AMOUNT, "actual");
        assertEq(o.lockDay, 30, "lockDay");
        assertEq(o.rate, 30, "rate");
        assertEq(o.reward, INCOME, "reward");
        assertEq(o.startTime, block.timestamp, "startTime");
        assertEq(o.endTime, block.timestamp + LOCK, "endTime");
        assertEq(o.lastTime, 0, "lastTime");
        assertEq(o.owner, alice, "owner");
        assertTrue(reader.orderIsUSDT(1), "usdt order");
        assertEq(staking.userOrderIndex(alice, 0), 1, "userOrderIndex");

        IStaking.User memory u = staking.users(alice);
        assertEq(u.amount, AMOUNT, "user amount");
        assertEq(u.actual, AMOUNT, "user actual");
        assertEq(u.balance, INCOME, "reserved income");
        assertEq(u.rewardStatic, INCOME, "rewardStatic");
        assertEq(u.orders, 1, "orders");
        assertEq(u.refer, root, "refer");

        IStaking.Totals memory t = reader.getTotals();
        assertEq(t.totalUser, 1, "totalUser");
        assertEq(t.totalOrder, 1, "totalOrder");
        assertEq(t.lastIndex, 1, "lastIndex");
        assertEq(t.totalAmount, AMOUNT, "totalAmount");
        assertEq(reader.owed(address(usdt)), AMOUNT + INCOME, "owed");
        assertEq(_pool(staking, address(usdt)), POOL - INCOME, "pool reserved the income");
        assertEq(staking.getConfigMulti().stakeStocks[TIER], 10_000_000e18 - AMOUNT, "stock");
        assertEq(staking.dayUserAmounts(alice, _today()), AMOUNT, "day statistics");
    }

    function test_deposit_tokenValuedAtFbPrice() public {
        IStaking.Settings memory s = settings();
        s.fbPrice = 0.5e18; // 0.5 USDT per token
        configure(s);
        listToken(0.5e18); // and so does the pair
        uint256 before = token.balanceOf(alice);
        vm.prank(alice);
        staking.deposit(TIER, AMOUNT, false);
        assertEq(before - token.balanceOf(alice), 2000e18, "2000 tokens for 1000 USDT");
        IStaking.Order memory o = staking.orders(1);
        assertEq(o.amount, AMOUNT, "USDT value");
        assertEq(o.actual, 2000e18, "tokens");
        assertEq(o.reward, 180e18, "income in tokens");
        assertTrue(!reader.orderIsUSDT(1), "token order");
        assertEq(reader.owed(address(token)), 2180e18, "token owed");
        assertEq(staking.users(alice).balance, INCOME, "income valued in USDT");
    }

    function test_deposit_revertsWhenBlacklisted() public {
        vm.prank(owner);
        staking.setBlacklist(alice, true);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.Blacklisted.selector, alice));
        staking.deposit(TIER, AMOUNT, true);
    }

    function test_deposit_revertsWhenNotRegistered() public {
        fundMember(stranger);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NotRegistered.selector, stranger));
        staking.deposit(TIER, AMOUNT, true);
    }

    function test_deposit_revertsBeforeAddTime() public {
        IStaking.Settings memory s = settings();
        s.addTime = block.timestamp + 1;
        configure(s);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.DepositsNotOpen.selector, block.timestamp, s.addTime));
        staking.deposit(TIER, AMOUNT, true);
        vm.warp(s.addTime);
        stake(alice, TIER, AMOUNT);
    }

    function test_deposit_revertsOnInvalidOrClosedTier() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InvalidTier.selector, 5));
        staking.deposit(5, AMOUNT, true);
        IStaking.ConfigMulti memory m = defaultMulti();
        m.stakeDays[2] = 0;
        configureMulti(m);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.TierClosed.selector, 2));
        staking.deposit(2, AMOUNT, true);
    }

    function test_deposit_revertsOnAmountRules() public {
        vm.startPrank(alice);
        vm.expectRevert(IStaking.ZeroAmount.selector);
        staking.deposit(TIER, 0, true);
        vm.expectRevert(abi.encodeWithSelector(IStaking.AmountTooSmall.selector, 99e18, 100e18));
        staking.deposit(TIER, 99e18, true);
        vm.expectRevert(abi.encodeWithSelector(IStaking.AmountTooLarge.selector, 100_001e18, 100_000e18));
        staking.deposit(TIER, 100_001e18, true);
        vm.stopPrank();
    }

    function test_deposit_revertsOverStock() public {
        IStaking.ConfigMulti memory m = defaultMulti();
        m.stakeStocks[TIER] = 1500e18;
        configureMulti(m);
        stake(alice, TIER, AMOUNT);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IStaking.StockExceeded.selector, AMOUNT, 500e18));
        staking.deposit(TIER, AMOUNT, true);
        stake(bob, TIER, 500e18);
        assertEq(staking.getConfigMulti().stakeStocks[TIER], 0, "stock used up, never negative");
    }

    function test_deposit_revertsOverUserMax() public {
        IStaking.ConfigMulti memory m = defaultMulti();
        m.stakeUserMaxs[TIER] = 1500e18;
        configureMulti(m);
        stake(alice, TIER, AMOUNT);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.UserMaxExceeded.selector, 2000e18, 1500e18));
        staking.deposit(TIER, AMOUNT, true);
        stake(alice, 2, AMOUNT); // another tier has its own max
        // released principal frees the room again
        vm.warp(block.timestamp + LOCK);
        release(alice, 1);
        stake(alice, TIER, 1500e18);
    }

    function test_deposit_revertsWithoutToken() public {
        Staking bare = deployStaking(address(usdt), address(0));
        vm.prank(alice);
        vm.expectRevert(IStaking.TokenNotSet.selector);
        bare.deposit(TIER, AMOUNT, false);
    }

    function test_deposit_revertsWhenPoolCannotReserveIncome() public {
        Staking bare = deployStaking(address(usdt), address(token));
        usdt.mint(address(bare), INCOME - 1);
        vm.startPrank(alice);
        usdt.approve(address(bare), APPROVAL);
        vm.expectRevert(
            abi.encodeWithSelector(
                IStaking.InsufficientRewardPool.selector, address(usdt), INCOME, INCOME - 1
            )
        );
        bare.deposit(TIER, AMOUNT, true);
        vm.stopPrank();
        usdt.mint(address(bare), 1);
        vm.prank(alice);
        bare.deposit(TIER, AMOUNT, true);
        assertEq(_pool(bare, address(usdt)), 0, "pool fully reserved, not negative");
    }

    function test_deposit_revertsOnFeeOnTransferToken() public {
        FeeOnTransferToken fot = new FeeOnTransferToken(100);
        Staking odd = deployStaking(address(fot), address(token));
        fot.mint(address(odd), POOL);
        fot.mint(alice, AMOUNT);
        vm.startPrank(alice);
        fot.approve(address(odd), APPROVAL);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PaymentMismatch.selector, 990e18, AMOUNT));
        odd.deposit(TIER, AMOUNT, true);
        vm.stopPrank();
    }

    // ------------------------------------------------------------------------------------------------
    // release and order states
    // ------------------------------------------------------------------------------------------------

    function test_release_paysPrincipalAndIncomeOnce() public {
        stake(alice, TIER, AMOUNT);
        assertTrue(_state(1) == IStaking.OrderState.InProgress, "in progress");
        vm.warp(block.timestamp + LOCK - 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.OrderNotEnded.selector, 1, block.timestamp + 1));
        staking.release(1);

        vm.warp(block.timestamp + 1);
        assertTrue(_state(1) == IStaking.OrderState.Releasable, "releasable");
        uint256 before = usdt.balanceOf(alice);
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.Released(alice, 1, AMOUNT, INCOME, 0);
        release(alice, 1);
        assertEq(usdt.balanceOf(alice) - before, AMOUNT + INCOME, "principal + income");
        assertTrue(_state(1) == IStaking.OrderState.Ended, "ended");
        IStaking.Order memory o = staking.orders(1);
        assertTrue(!o.isValid, "not valid");
        assertEq(o.lastTime, block.timestamp, "lastTime");
        IStaking.User memory u = staking.users(alice);
        assertEq(u.amount, 0, "no open principal");
        assertEq(u.balance, 0, "no reserved income");
        assertEq(u.lastOut, block.timestamp, "lastOut");
        assertEq(reader.owed(address(usdt)), 0, "nothing owed");
        assertEq(_pool(staking, address(usdt)), POOL - INCOME, "pool paid the income");

        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.AlreadyReleased.selector, 1));
        staking.release(1);
    }

    function test_release_tokenOrderPaysTokens() public {
        listToken(1e18);
        vm.prank(alice);
        staking.deposit(TIER, AMOUNT, false);
        vm.warp(block.timestamp + LOCK);
        uint256 before = token.balanceOf(alice);
        release(alice, 1);
        assertEq(token.balanceOf(alice) - before, AMOUNT + INCOME, "tokens at 1 USDT");
    }

    function test_release_chargesFeeIntoPool() public {
        IStaking.Settings memory s = settings();
        s.feeRate = 1000; // 10% of the income
        configure(s);
        stake(alice, TIER, AMOUNT);
        vm.warp(block.timestamp + LOCK);
        uint256 before = usdt.balanceOf(alice);
        release(alice, 1);
        assertEq(usdt.balanceOf(alice) - before, AMOUNT + 81e18, "income less 10%");
        assertEq(_pool(staking, address(usdt)), POOL - 81e18, "fee stays in the pool");
    }

    function _setFee(uint256 feeRate) private {
        vm.warp(block.timestamp + 1 hours);
        IStaking.Settings memory s = settings();
        s.feeRate = feeRate;
        configure(s);
        vm.warp(block.timestamp + 1 hours);
    }

    /// The fee a release charges, checked against what `releaseFee` announced just before (0 afterwards).
    function _releasedFee(address account, uint256 index) private returns (uint256 fee) {
        uint256 reward = staking.orders(index).reward;
        uint256 announced = staking.releaseFee(index);
        uint256 before = usdt.balanceOf(account);
        release(account, index);
        fee = AMOUNT + reward - (usdt.balanceOf(account) - before);
        assertEq(announced, fee, "releaseFee announced the fee charged");
        assertEq(staking.releaseFee(index), 0, "nothing once released");
    }

    /// A raise after members deposited does not reach the income reserved for their orders (the manager could
    /// otherwise raise the fee to 50% and withdraw the difference); orders opened after it pay it.
    function test_release_feeRaiseSparesOrdersOpenedBefore() public {
        _setFee(500);
        stake(alice, TIER, AMOUNT);
        _setFee(5000);
        stake(bob, TIER, AMOUNT);
        vm.warp(block.timestamp + LOCK);
        uint256 reward = staking.orders(1).reward;
        assertEq(_releasedFee(alice, 1), reward * 500 / 10_000, "alice: the fee when she deposited");
        assertEq(_releasedFee(bob, 2), reward * 5000 / 10_000, "bob: the fee in force when he deposited");
    }

    /// A cut reaches every open order.
    function test_release_feeCutReachesOpenOrders() public {
        _setFee(1000);
        stake(alice, TIER, AMOUNT);
        _setFee(200);
        vm.warp(block.timestamp + LOCK);
        assertEq(_releasedFee(alice, 1), staking.orders(1).reward * 200 / 10_000, "the lower fee");
    }

    /// Raised, cut, raised again: an order pays the lower of the fee when it opened and the fee now.
    function test_release_feeRaisesInSequenceKeepWhatEachOrderWasPromised() public {
        _setFee(1000);
        stake(alice, TIER, AMOUNT); // promised 10%
        _setFee(2000);
        stake(bob, TIER, AMOUNT); // promised 20%
        _setFee(300);
        stake(carol, TIER, AMOUNT); // promised 3%
        _setFee(4000);
        vm.warp(block.timestamp + LOCK);
        uint256 reward = staking.orders(1).reward;
        assertEq(_releasedFee(alice, 1), reward * 1000 / 10_000, "alice: 10%");
        assertEq(_releasedFee(bob, 2), reward * 2000 / 10_000, "bob: 20%");
        assertEq(_releasedFee(carol, 3), reward * 300 / 10_000, "carol: 3%");
        _setFee(100);
        stake(alice, TIER, AMOUNT);
        vm.warp(block.timestamp + LOCK);
        assertEq(_releasedFee(alice, 4), reward * 100 / 10_000, "after a cut: 1%");
    }

    /// Any three fees, an order opened under each of the first two: each pays the lower of its fee at
    /// opening and the fee at release.
    function testFuzz_release_feeIsTheLowerOfOpeningAndNow(uint16 f0, uint16 f1, uint16 f2) public {
        uint256[3] memory fees = [uint256(f0) % 5001, uint256(f1) % 5001, uint256(f2) % 5001];
        _setFee(fees[0]);
        stake(alice, TIER, AMOUNT);
        _setFee(fees[1]);
        stake(bob, TIER, AMOUNT);
        _setFee(fees[2]);
        vm.warp(block.timestamp + LOCK);
        uint256 reward = staking.orders(1).reward;
        uint256 aliceRate = fees[0] < fees[2] ? fees[0] : fees[2];
        uint256 bobRate = fees[1] < fees[2] ? fees[1] : fees[2];
        assertEq(_releasedFee(alice, 1), reward * aliceRate / 10_000, "alice");
        assertEq(_releasedFee(bob, 2), reward * bobRate / 10_000, "bob");
    }

    /// A long fee history (12 changes, an order under each, some changes with no order): every order pays the
    /// lower of its own fee at opening and the fee now.
    /// forge-config: default.fuzz.runs = 200
    function testFuzz_release_feeHistoryOfManyChanges(uint256 seed) public {
        uint256[12] memory opened;
        for (uint256 i = 0; i < 12; ++i) {
            uint256 fee = uint256(keccak256(abi.encode(seed, i))) % 5001;
            _setFee(fee);
            if (i % 3 == 2) _setFee(fee / 2); // replaced before any order opened under it
            opened[i] = i % 3 == 2 ? fee / 2 : fee;
            stake(alice, TIER, 100e18);
        }
        uint256 feeNow = seed % 5001;
        _setFee(feeNow);
        vm.warp(block.timestamp + LOCK);
        for (uint256 i = 0; i < 12; ++i) {
            uint256 reward = staking.orders(i + 1).reward;
            uint256 before = usdt.balanceOf(alice);
            release(alice, i + 1);
            uint256 fee = 100e18 + reward - (usdt.balanceOf(alice) - before);
            uint256 rate = opened[i] < feeNow ? opened[i] : feeNow;
            assertEq(fee, reward * rate / 10_000, "the lower of its fee at opening and now");
        }
    }

    function test_release_revertsOnUnknownOrStrangersOrder() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.OrderNotFound.selector, 1));
        staking.release(1);
        assertTrue(_state(1) == IStaking.OrderState.None, "none");
        stake(alice, TIER, AMOUNT);
        vm.warp(block.timestamp + LOCK);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NotOrderOwner.selector, 1, alice));
        staking.release(1);
    }

    function test_release_keepsOrderTermsAfterConfigChange() public {
        stake(alice, TIER, AMOUNT);
        IStaking.ConfigMulti memory m = defaultMulti();
        m.stakeRates[TIER] = 10;
        m.stakeDays[TIER] = 60;
        configureMulti(m);
        vm.warp(block.timestamp + LOCK);
        uint256 before = usdt.balanceOf(alice);
        release(alice, 1);
        assertEq(usdt.balanceOf(alice) - before, AMOUNT + INCOME, "terms of the deposit");
    }

    function test_release_allowedWhenBlacklisted() public {
        stake(alice, TIER, AMOUNT);
        vm.prank(owner);
        staking.setBlacklist(alice, true);
        vm.warp(block.timestamp + LOCK);
        release(alice, 1);
        assertEq(staking.users(alice).amount, 0, "principal never frozen");
    }

    // ------------------------------------------------------------------------------------------------
    // referral (invite) and team income
    // ------------------------------------------------------------------------------------------------

    function test_deposit_creditsInviteAndTeamIncome() public {
        stake(alice, TIER, AMOUNT);
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.RewardCredited(alice, 2, IStaking.RewardKind.Invite, 9e18);
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.RewardCredited(alice, 2, IStaking.RewardKind.Team, 1.8e18);
        stake(bob, TIER, AMOUNT);
        // alice: 1 valid invite -> generation 1; team 1000 with 1 valid invite -> level 1 (2%)
        IStaking.User memory a = staking.users(alice);
        assertEq(a.rewardInvite, 9e18, "10% of bob's 90 USDT income");
        assertEq(a.rewardTeam, 1.8e18, "2% of 90");
        assertEq(a.balanceReward, 0, "nothing vested yet");
        assertEq(a.rewardTotal, INCOME + 10.8e18, "rewardTotal");
        // it vests linearly with bob's 30-day order: a third after 10 days, all at its end
        vm.warp(block.timestamp + LOCK / 3);
        assertEq(staking.users(alice).balanceReward, 3.6e18, "a third vested");
        vm.warp(block.timestamp + LOCK);
        assertEq(staking.users(alice).balanceReward, 10.8e18, "all vested");
        assertEq(staking.teams(alice).level, 1, "level 1");
        // root has no principal of its own: it earns nothing
        assertEq(staking.users(root).rewardTotal, 0, "root not valid");
        IStaking.Totals memory t = reader.getTotals();
        assertEq(t.totalRewardInvite, 9e18, "totalRewardInvite");
        assertEq(t.totalRewardTeam, 1.8e18, "totalRewardTeam");
        assertEq(t.totalReward, 2 * INCOME + 10.8e18, "totalReward");
    }

    function test_deposit_inviteGenerationsGatedByValidInvites() public {
        stake(alice, TIER, AMOUNT);
        stake(bob, TIER, AMOUNT);
        uint256 aliceBefore = staking.users(alice).rewardInvite;
        stake(carol, TIER, AMOUNT); // alice is generation 2 with 1 valid invite: no invite income
        assertEq(staking.users(alice).rewardInvite, aliceBefore, "generation 2 needs 2 valid invites");
        assertEq(staking.users(bob).rewardInvite, 9e18, "bob generation 1");

        // a second valid invite unlocks generation 2 for alice
        address amy = member("amy", alice);
        stake(amy, TIER, AMOUNT);
        aliceBefore = staking.users(alice).rewardInvite;
        stake(dave, TIER, AMOUNT); // dave -> carol -> bob -> alice: alice is generation 3
        assertEq(staking.users(alice).rewardInvite, aliceBefore, "generation 3 needs 3");
        address ann = member("ann", alice);
        stake(ann, TIER, AMOUNT);
        aliceBefore = staking.users(alice).rewardInvite;
        address deep = member("deep", dave); // alice is generation 4 > algebra 3
        stake(deep, TIER, AMOUNT);
        assertEq(staking.users(alice).rewardInvite, aliceBefore, "beyond algebra");
        assertEq(staking.users(bob).rewardInvite, 9e18 + 0, "bob has 1 valid invite only");
    }

    function test_deposit_teamRatesAreDifferential() public {
        // alice at level 3 (600 bp) by hand, bob at level 1 (200 bp)
        vm.startPrank(manager);
        staking.setTeamLevel(alice, 3, true);
        staking.setTeamLevel(bob, 1, true);
        vm.stopPrank();
        stake(alice, TIER, AMOUNT);
        stake(bob, TIER, AMOUNT);
        uint256 aliceTeam = staking.users(alice).rewardTeam;
        stake(carol, TIER, AMOUNT);
        assertEq(staking.users(bob).rewardTeam, 1.8e18, "bob 2% of 90");
        assertEq(staking.users(alice).rewardTeam - aliceTeam, 3.6e18, "alice 6% - 2% of 90");
    }

    function test_deposit_equalLevelPaidOnce() public {
        vm.startPrank(manager);
        staking.setTeamLevel(alice, 2, true);
        staking.setTeamLevel(bob, 2, true);
        staking.setTeamLevel(root, 2, true);
        vm.stopPrank();
        stake(root, TIER, AMOUNT);
        stake(alice, TIER, AMOUNT);
        stake(bob, TIER, AMOUNT);
        uint256 aliceTeam = staking.users(alice).rewardTeam;
        uint256 rootTeam = staking.users(root).rewardTeam;
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.RewardCredited(alice, 4, IStaking.RewardKind.Equal, 4.5e18);
        stake(carol, TIER, AMOUNT);
        assertEq(staking.users(bob).rewardTeam, 3.6e18, "bob 4% of 90");
        assertEq(staking.users(alice).rewardTeam - aliceTeam, 4.5e18, "alice equal level: 5% of 90");
        assertEq(staking.users(root).rewardTeam, rootTeam, "equal level paid once");
    }

    /// A level whose team rate is 0 earns no equal-level credit above members who were paid nothing
    /// (docs/economics.md: the equal rate needs `r == paid > 0`).
    function test_deposit_noEqualLevelOnAZeroRate() public {
        IStaking.ConfigMulti memory m = defaultMulti();
        m.teamRates[0] = 0; // level 1 earns no team rate
        configureMulti(m);
        vm.startPrank(manager);
        staking.setTeamLevel(alice, 1, true);
        staking.setTeamLevel(bob, 1, true);
        vm.stopPrank();
        stake(alice, TIER, AMOUNT);
        stake(bob, TIER, AMOUNT);
        uint256 aliceTeam = staking.users(alice).rewardTeam;
        stake(carol, TIER, AMOUNT);
        assertEq(staking.users(bob).rewardTeam, 0, "bob: no equal-level credit on a 0 rate");
        assertEq(staking.users(alice).rewardTeam, aliceTeam, "nor alice");
    }

    function test_deposit_creditsCappedByPool() public {
        Staking bare = deployStaking(address(usdt), address(token));
        usdt.mint(address(bare), INCOME * 2 + 5e18);
        vm.prank(alice);
        usdt.approve(address(bare), APPROVAL);
        vm.prank(bob);
        usdt.approve(address(bare), APPROVAL);
        vm.prank(alice);
        bare.deposit(TIER, AMOUNT, true);
        vm.prank(bob);
        bare.deposit(TIER, AMOUNT, true);
        // 9 invite + 1.8 team wanted, 5 left
        vm.warp(block.timestamp + LOCK);
        assertEq(bare.users(alice).balanceReward, 5e18, "capped by the pool");
        assertEq(_pool(bare, address(usdt)), 0, "pool empty, not negative");
        assertTrue(
            usdt.balanceOf(address(bare)) >= new DataReader(address(bare), address(0)).owed(address(usdt)),
            "held >= owed"
        );
    }

    function test_deposit_blacklistedUplineEarnsNothing() public {
        stake(alice, TIER, AMOUNT);
        vm.prank(owner);
        staking.setBlacklist(alice, true);
        stake(bob, TIER, AMOUNT);
        assertEq(staking.users(alice).rewardTotal, INCOME, "static only");
    }

    function test_claimReward_paysCreditedIncome() public {
        stake(alice, TIER, AMOUNT);
        stake(bob, TIER, AMOUNT);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NothingToClaim.selector, alice));
        staking.claimReward(); // nothing has vested yet
        vm.warp(block.timestamp + LOCK);
        uint256 before = usdt.balanceOf(alice);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.RewardClaimed(alice, 10.8e18);
        vm.prank(alice);
        staking.claimReward();
        assertEq(usdt.balanceOf(alice) - before, 10.8e18, "paid");
        assertEq(staking.users(alice).balanceReward, 0, "nothing left");
        assertEq(reader.getTotals().totalExtract, 10.8e18, "totalExtract");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NothingToClaim.selector, alice));
        staking.claimReward();
    }

    function test_claimReward_revertsWhenBlacklisted() public {
        stake(alice, TIER, AMOUNT);
        stake(bob, TIER, AMOUNT);
        vm.prank(owner);
        staking.setBlacklist(alice, true);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.Blacklisted.selector, alice));
        staking.claimReward();
    }

    // ------------------------------------------------------------------------------------------------
    // team statistics and levels
    // ------------------------------------------------------------------------------------------------

    function test_teams_trackVolumeLegsAndValidInvites() public {
        address amy = member("amy", alice);
        stake(bob, TIER, AMOUNT);
        stake(carol, TIER, 2 * AMOUNT);
        stake(amy, TIER, 500e18);
        IStaking.Team memory t = staking.teams(alice);
        assertEq(t.invites, 2, "invites from the registry");
        assertEq(t.inviteValids, 2, "bob and amy staked");
        assertEq(t.teamUser, 3, "bob, carol, amy");
        assertEq(t.teamAmount, 3500e18, "team volume");
        assertEq(t.maxAccount, bob, "bob's leg is the largest");
        assertEq(t.teamMax, 3000e18, "bob + carol");
        assertEq(t.teamMin, 500e18, "the rest");
        uint256 day = _today();
        assertEq(staking.dayTeamAmounts(alice, day), 3500e18, "day team volume");
        assertEq(staking.dayTeamUsers(alice, day), 3, "day team users");
        assertEq(staking.dayTeamAmounts(bob, day), 2000e18, "bob's team");

        vm.warp(block.timestamp + LOCK);
        release(carol, 2);
        t = staking.teams(alice);
        assertEq(t.teamAmount, 1500e18, "released principal leaves the team volume");
        assertEq(t.teamMax, 1000e18, "bob's leg shrank");
        assertEq(staking.teams(bob).inviteValids, 0, "carol no longer valid");
        assertEq(staking.dayTeamAmounts(alice, day), 3500e18, "day statistics keep deposits");
    }

    /// Day statistics keep the latest active day only, team amounts in whole micro-USDT.
    function test_dayStatistics_keepTheLatestDay() public {
        stake(carol, TIER, AMOUNT + 1); // 1 wei below a micro-USDT: not counted in the team's day
        uint256 day = _today();
        assertEq(staking.dayTeamAmounts(alice, day), AMOUNT, "micro-USDT, rounded down");
        assertEq(staking.dayUserAmounts(carol, day), AMOUNT + 1, "own day exact");
        vm.warp(block.timestamp + 1 days);
        stake(dave, TIER, 500e18);
        assertEq(staking.dayTeamAmounts(alice, day + 1), 500e18, "the new day");
        assertEq(staking.dayTeamUsers(alice, day + 1), 1, "dave's first stake");
        assertEq(staking.dayTeamAmounts(alice, day), 0, "the previous day is no longer in the views");
        assertEq(staking.dayTeamUsers(bob, day), 0, "nor its users");
        assertEq(staking.dayUserAmounts(carol, day), AMOUNT + 1, "carol's own latest day is still that day");
        assertEq(staking.teams(alice).teamUser, 2, "team members who ever staked");
    }

    /// The day a team word held goes to the log when a deposit below starts a new one, for each ancestor
    /// whose day it was, so the views plus the `TeamDay` events give the whole history.
    function test_dayStatistics_previousDayLogged() public {
        stake(carol, TIER, AMOUNT);
        stake(bob, TIER, 2 * AMOUNT);
        uint256 day = _today();
        vm.warp(block.timestamp + 3 days);
        vm.recordLogs();
        stake(dave, TIER, 500e18);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        bytes32 topic = keccak256("TeamDay(address,uint256,uint256,uint256)");
        address[] memory accounts = new address[](3);
        uint256[3] memory amounts;
        uint256[3] memory users;
        uint256 found;
        for (uint256 i = 0; i < logs.length; ++i) {
            if (logs[i].topics[0] != topic) continue;
            accounts[found] = address(uint160(uint256(logs[i].topics[1])));
            uint256 loggedDay;
            (loggedDay, amounts[found], users[found]) = abi.decode(logs[i].data, (uint256, uint256, uint256));
            assertEq(loggedDay, day, "the previous active day");
            ++found;
        }
        // carol's team had no day yet: nothing to log for her
        assertEq(found, 3, "bob, alice and root had that day");
        assertEq(accounts[0], bob, "nearest first");
        assertEq(amounts[0], AMOUNT, "carol's deposit");
        assertEq(users[0], 1, "carol's first stake");
        assertEq(accounts[1], alice, "alice");
        assertEq(amounts[1], 3 * AMOUNT, "carol's and bob's");
        assertEq(users[1], 2, "two first stakes");
        assertEq(accounts[2], root, "root, the same");
        assertEq(amounts[2], 3 * AMOUNT, "root's amount");
        assertEq(staking.dayTeamAmounts(alice, day + 3), 500e18, "the new day in the views");
    }

    function test_teams_levelFollowsVolumeUpAndDown() public {
        stake(bob, TIER, 900e18);
        assertEq(staking.teams(alice).level, 0, "below 1000");
        stake(bob, TIER, 100e18);
        assertEq(staking.teams(alice).level, 1, "1000 with one valid invite");
        vm.warp(block.timestamp + LOCK);
        release(bob, 1);
        assertEq(staking.teams(alice).level, 0, "back down");
    }

    /// A release takes its principal out of the volumes but leaves the stored level: `teams` reports the
    /// level now, and the next deposit below corrects the stored one (with its event) before paying with it.
    function test_release_levelCorrectedByTheNextDepositBelow() public {
        stake(alice, TIER, AMOUNT); // alice earns from her team
        stake(bob, TIER, AMOUNT); // alice: level 1, paid 200 bp of 90
        assertEq(staking.users(alice).rewardTeam, 1.8e18, "level 1 differential");
        vm.warp(block.timestamp + LOCK);
        vm.recordLogs();
        release(bob, 2);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        for (uint256 i = 0; i < logs.length; ++i) {
            assertTrue(logs[i].topics[0] != IStaking.LevelChanged.selector, "no level event on release");
        }
        assertEq(staking.teams(alice).level, 0, "the level now");
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.LevelChanged(alice, 1, 0);
        stake(carol, TIER, 500e18);
        assertEq(staking.users(alice).rewardTeam, 1.8e18, "no team income at level 0");
    }

    /// Referrers are asked from the registry once per account: a member's next deposit, a first deposit
    /// below an earlier walk and the root's deposit make no registry call.
    function test_deposit_asksTheRegistryOncePerAccount() public {
        stake(dave, TIER, AMOUNT); // caches dave, carol, bob, alice and the root
        vm.expectCall(address(presale), abi.encodeWithSelector(IPresale.getReferrers.selector), 0);
        stake(dave, TIER, AMOUNT);
        stake(carol, TIER, AMOUNT);
        stake(root, TIER, AMOUNT);
        (, uint256 total) = staking.userInvites(address(1), 0, 10);
        assertEq(total, 0, "the root is nobody's invitee");
        assertEq(staking.teams(alice).teamAmount, 3 * AMOUNT, "volume through cached links");
        assertEq(staking.teams(root).teamAmount, 3 * AMOUNT, "up to the root");
    }

    /// The largest leg is recognised by its tag; another leg takes the lead when it grows past it, and back.
    function test_teams_largestLegFollowsTheLeadBothWays() public {
        address amy = member("amy", alice);
        stake(bob, TIER, AMOUNT);
        stake(amy, TIER, 500e18);
        assertEq(staking.teams(alice).maxAccount, bob, "bob leads");
        stake(amy, TIER, AMOUNT);
        assertEq(staking.teams(alice).maxAccount, amy, "amy overtakes");
        stake(carol, TIER, AMOUNT);
        IStaking.Team memory t = staking.teams(alice);
        assertEq(t.maxAccount, bob, "bob's leg leads again through carol");
        assertEq(t.teamMax, 2 * AMOUNT, "bob + carol");
        assertEq(t.teamMin, 1500e18, "amy");
    }

    /// The owner and manager functions run in StakingAdmin on the proxy's storage; called directly, the
    /// admin contract has no owner and no registry, so they revert.
    function test_stakingAdmin_directCallsRevert() public {
        StakingAdmin admin = new StakingAdmin();
        vm.prank(owner);
        vm.expectRevert();
        admin.setBlacklist(alice, true);
        assertTrue(!staking.isBlacklisted(alice), "the proxy's storage is untouched");
    }

    function test_setTeamLevel_manualOverridesAndCanBeHandedBack() public {
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.TeamLevelSet(alice, 7, true);
        vm.prank(manager);
        staking.setTeamLevel(alice, 7, true);
        stake(bob, TIER, AMOUNT);
        assertEq(staking.teams(alice).level, 7, "manual level kept");
        assertTrue(staking.teams(alice).isManual, "isManual");
        vm.prank(manager);
        staking.setTeamLevel(alice, 0, false);
        assertEq(staking.teams(alice).level, 1, "recomputed from volume");
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InvalidLevel.selector, 11));
        staking.setTeamLevel(alice, 11, true);
    }

    function test_userInvites_pagesDirectInviteesWhoStaked() public {
        address amy = member("amy", alice);
        member("ann", alice); // never stakes: not listed
        stake(bob, TIER, AMOUNT);
        stake(amy, TIER, 500e18);
        stake(bob, TIER, AMOUNT); // listed once
        (IStaking.Invitee[] memory page, uint256 total) = staking.userInvites(alice, 0, 10);
        assertEq(total, 2, "total");
        assertEq(page.length, 2, "page");
        assertEq(page[0].account, bob, "first to stake");
        assertEq(page[0].amount, 2000e18, "bob's principal");
        assertEq(page[1].account, amy, "second");
        (page, total) = staking.userInvites(alice, 1, 10);
        assertEq(page.length, 1, "offset");
        assertEq(page[0].account, amy, "offset row");
        (page,) = staking.userInvites(alice, 5, 10);
        assertEq(page.length, 0, "past the end");
    }

    // ------------------------------------------------------------------------------------------------
    // owner and manager
    // ------------------------------------------------------------------------------------------------

    /// Every privileged call, from a stranger and from a staked member: refused with the named error, nothing
    /// changed. (Upgrades: `test_upgrade_revertsForManagerAndStranger`.)
    function test_admin_revertsForStrangerAndMember() public {
        stake(alice, TIER, AMOUNT);
        IStaking.Settings memory s = settings();
        s.inviteRate = 1;
        IStaking.ConfigMulti memory m = defaultMulti();
        m.stakeRates[0] = 1;
        address[2] memory callers = [stranger, alice];
        for (uint256 i = 0; i < callers.length; ++i) {
            bytes memory err = abi.encodeWithSelector(IStaking.NotOwnerOrManager.selector, callers[i]);
            bytes memory notOwner =
                abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, callers[i]);
            vm.startPrank(callers[i]);
            vm.expectRevert(err);
            staking.setConfig(s);
            vm.expectRevert(err);
            staking.setConfigMulti(m);
            vm.expectRevert(err);
            staking.setTeamLevel(alice, 1, true);
            vm.expectRevert(notOwner);
            staking.setBlacklist(bob, true);
            vm.expectRevert(notOwner);
            staking.setToken(address(usdt));
            vm.expectRevert(err);
            staking.withdraw(address(usdt), callers[i], 1);
            vm.expectRevert(err);
            staking.setIncomeRates(IStaking.IncomeRates(100, 100, 100, 100));
            vm.expectRevert(err);
            staking.setNode(callers[i], true);
            vm.stopPrank();
        }
        assertEq(staking.getConfig().inviteRate, 1000, "settings unchanged");
        assertEq(staking.getConfigMulti().stakeRates[0], 20, "tiers unchanged");
        assertTrue(!staking.teams(alice).isManual, "level not set");
        assertTrue(!staking.isBlacklisted(bob), "not blacklisted");
        assertEq(staking.token(), address(token), "token unchanged");
        assertEq(staking.getIncomeRates().nodeRate, 0, "income rates unchanged");
        (bool isNode,,) = staking.nodes(alice);
        assertTrue(!isNode, "not a node");
    }

    /// The manager sets the tiers and levels at once (in members' favour); the settings (release fee, rates, a
    /// higher price), the blacklist and the token are the owner's (behind the timelock): they could lower what a
    /// member was promised.
    function test_admin_managerSetsTiersOwnerTheRest() public {
        IStaking.ConfigMulti memory m = defaultMulti();
        m.stakeRates[0] = 25;
        vm.prank(manager);
        staking.setConfigMulti(m);
        assertEq(staking.getConfigMulti().stakeRates[0], 25, "multi set");

        IStaking.Settings memory s = settings();
        s.inviteRate = 500;
        bytes memory notOwner =
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, manager);
        vm.startPrank(manager);
        vm.expectRevert(abi.encodeWithSelector(IStaking.OwnerOnlyChange.selector, "fbPrice", 0));
        staking.setConfig(s);
        vm.expectRevert(notOwner);
        staking.setBlacklist(bob, true);
        vm.expectRevert(notOwner);
        staking.setToken(address(usdt));
        vm.stopPrank();

        vm.expectEmit(false, false, false, true, address(staking));
        emit IStaking.ConfigUpdated(s);
        vm.prank(owner);
        staking.setConfig(s);
        assertEq(staking.getConfig().inviteRate, 500, "set");
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.BlacklistUpdated(bob, true);
        vm.prank(owner);
        staking.setBlacklist(bob, true);
        assertTrue(staking.isBlacklisted(bob), "blacklisted");
    }

    function test_setConfig_revertsOutOfBounds() public {
        IStaking.Settings memory s = settings();
        s.algebra = 11;
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.ValueTooHigh.selector, "algebra", 11, 10));
        staking.setConfig(s);
        s = settings();
        s.dayTimes = 0;
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.ValueZero.selector, "dayTimes"));
        staking.setConfig(s);
        s = settings();
        s.fbPrice = 0;
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.ValueZero.selector, "fbPrice"));
        staking.setConfig(s);
        s = settings();
        s.algebra = 10;
        s.inviteRate = 1000; // 10 * 1000 + 2000 + 500 > 10000
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.DynamicRatesTooHigh.selector, 12_500, 10_000));
        staking.setConfig(s);
    }

    function test_setConfigMulti_revertsOutOfBounds() public {
        IStaking.ConfigMulti memory m = defaultMulti();
        m.teamAmounts[3] = 0;
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NotAscending.selector, "teamAmounts", 3));
        staking.setConfigMulti(m);
        m = defaultMulti();
        m.stakeMins[0] = m.stakeMaxs[0] + 1;
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NotAscending.selector, "stakeMins", 0));
        staking.setConfigMulti(m);
        m = defaultMulti();
        m.stakeRates[4] = 1000; // 1000 bp * 360 days > 500%
        vm.prank(owner);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.ValueTooHigh.selector, "stakeRates*stakeDays", 360_000, 50_000)
        );
        staking.setConfigMulti(m);
        m = defaultMulti();
        m.teamRates[9] = 3500;
        // 3 * 1000 + 3500 + 500 = 7000 bp of static income is allowed in the 30-day tiers, not for 360 days
        // at 45 bp: 7000 * 16,200 / 10,000 = 11,340 bp of the principal (at most 10,000)
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.UplineIncomeTooHigh.selector, 4, 11_340, 10_000));
        staking.setConfigMulti(m);
        m.stakeRates[4] = 35; // 7000 * 12,600 / 10,000 = 8,820
        vm.prank(owner);
        staking.setConfigMulti(m);
    }

    function test_setToken_lockedWhileTokenOrdersOpen() public {
        listToken(1e18);
        vm.prank(alice);
        staking.deposit(TIER, AMOUNT, false);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.TokenLocked.selector, AMOUNT));
        staking.setToken(address(0x1234));
        vm.warp(block.timestamp + LOCK);
        release(alice, 1);
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.TokenUpdated(address(token), address(0x1234));
        vm.prank(owner);
        staking.setToken(address(0x1234));
        vm.prank(owner);
        vm.expectRevert(IStaking.ZeroAddress.selector);
        staking.setToken(address(0));
    }

    function test_withdraw_onlyWhatIsNotOwed() public {
        stake(alice, TIER, AMOUNT);
        stake(bob, TIER, AMOUNT);
        uint256 free = _pool(staking, address(usdt));
        assertEq(free, POOL - 2 * INCOME - 10.8e18, "pool after reserves and credits");
        vm.prank(owner);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.ExceedsWithdrawable.selector, address(usdt), free + 1, free)
        );
        staking.withdraw(address(usdt), owner, free + 1);
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.Withdrawn(address(usdt), owner, free);
        vm.prank(manager);
        staking.withdraw(address(usdt), owner, free);
        assertEq(usdt.balanceOf(address(staking)), reader.owed(address(usdt)), "exactly what is owed is left");
        // everybody can still be paid
        vm.warp(block.timestamp + LOCK);
        release(alice, 1);
        release(bob, 2);
        vm.prank(alice);
        staking.claimReward();
        assertEq(usdt.balanceOf(address(staking)), 0, "all paid");
        vm.prank(owner);
        vm.expectRevert(IStaking.ZeroAddress.selector);
        staking.withdraw(address(usdt), address(0), 0);
    }

    // ------------------------------------------------------------------------------------------------
    // reentrancy
    // ------------------------------------------------------------------------------------------------

    function test_release_reentryRefused() public {
        ReentrantToken evil = new ReentrantToken();
        Staking target = deployStaking(address(evil), address(token));
        evil.mint(address(target), POOL);
        evil.mint(alice, AMOUNT * 2);
        vm.prank(alice);
        evil.approve(address(target), APPROVAL);
        vm.prank(alice);
        target.deposit(TIER, AMOUNT, true);
        vm.warp(block.timestamp + LOCK);
        // the token calls release(1) again from inside the payout
        evil.arm(address(target), abi.encodeCall(IStaking.release, (1)));
        vm.prank(alice);
        target.release(1);
        assertReentryRefused(evil);
        assertEq(evil.balanceOf(alice), AMOUNT * 2 + INCOME, "paid once");
    }

    // ------------------------------------------------------------------------------------------------
    // fuzz
    // ------------------------------------------------------------------------------------------------

    function testFuzz_staticIncome_matchesReference(uint256 principal, uint256 rate, uint256 lockDay)
        public
        pure
    {
        principal = bound(principal, 1, 1e30);
        rate = bound(rate, 0, 1000);
        lockDay = bound(lockDay, 0, 3650);
        uint256 income = StakingMath.staticIncome(principal, rate, lockDay);
        assertEq(income, principal * rate * lockDay / 10_000, "floor(p * r * d / 1e4)");
        assertTrue(income * 10_000 <= principal * rate * lockDay, "rounds down");
        assertTrue((income + 1) * 10_000 > principal * rate * lockDay, "by less than one wei");
    }

    function testFuzz_share_neverExceedsAmount(uint256 amount, uint256 bps) public pure {
        amount = bound(amount, 1, 1e30);
        bps = bound(bps, 0, 10_000);
        uint256 part = StakingMath.share(amount, bps);
        assertTrue(part <= amount, "share <= amount");
        assertEq(part, amount * bps / 10_000, "floor");
    }

    function testFuzz_toTokens_roundsInPoolsFavour(uint256 value, uint256 price) public pure {
        value = bound(value, 1, 1e30);
        price = bound(price, 1e6, 1e30);
        uint256 tokens = StakingMath.toTokens(value, price);
        assertTrue(tokens * price <= value * 1e18, "never more tokens than the value");
    }

    /// Any tier and amount in range: the order pays back exactly principal + income, once.
    function testFuzz_depositRelease_paysExactly(uint256 tier, uint256 amount, uint256 wait) public {
        tier = bound(tier, 0, 4);
        amount = bound(amount, 100e18, 100_000e18);
        IStaking.ConfigMulti memory m = defaultMulti();
        uint256 income = amount * m.stakeRates[tier] * m.stakeDays[tier] / 10_000;
        uint256 before = usdt.balanceOf(alice);
        uint256 index = stake(alice, tier, amount);
        assertEq(staking.orders(index).reward, income, "reward");
        vm.warp(block.timestamp + m.stakeDays[tier] * 1 days + bound(wait, 0, 1000 days));
        release(alice, index);
        assertEq(usdt.balanceOf(alice), before + income, "principal back plus income");
        assertEq(reader.owed(address(usdt)), 0, "nothing owed");
    }
}
