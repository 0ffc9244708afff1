// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
import {ERC1967Utils} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Utils.sol";
import {Test} from "./utils/Test.sol";
import {TimelockFixture} from "./utils/TimelockFixture.sol";
import {StakingFixture} from "./utils/StakingFixture.sol";
import {DividendFixture} from "./utils/DividendFixture.sol";
import {idoSettingsOf} from "./utils/Fixture.sol";
import {LpSwapFixture} from "./utils/LpSwapFixture.sol";
import {TokenFixture} from "./utils/TokenFixture.sol";
import {Presale} from "../src/Presale.sol";
import {Ido} from "../src/Ido.sol";
import {Staking} from "../src/Staking.sol";
import {LpSwap} from "../src/LpSwap.sol";
import {LpDividend} from "../src/LpDividend.sol";
import {HoldDividend} from "../src/HoldDividend.sol";
import {NodeReward} from "../src/NodeReward.sol";
import {BurnToken} from "../src/BurnToken.sol";
import {SwapToken} from "../src/SwapToken.sol";
import {MiningToken} from "../src/MiningToken.sol";
import {IPresale} from "../src/interfaces/IPresale.sol";
import {IIdo} from "../src/interfaces/IIdo.sol";
import {IStaking} from "../src/interfaces/IStaking.sol";
import {ILpSwap} from "../src/interfaces/ILpSwap.sol";
import {IShareDividend} from "../src/interfaces/IShareDividend.sol";
import {INodeReward} from "../src/interfaces/INodeReward.sol";
import {IFeeToken} from "../src/interfaces/IFeeToken.sol";
import {IBurnToken} from "../src/interfaces/IBurnToken.sol";
import {IMiningToken} from "../src/interfaces/IMiningToken.sol";

/// @dev A table of privileged calls (`calls`, one `push` a function, arguments otherwise valid) and the checks, after
///      the deploy's handover to the timelock (`TimelockFixture.handOver`), that each of them is refused to everyone
///      else with the access check's named error and, for the owner's calls, runs through the timelock only
///      once its delay has passed.
abstract contract Refusals is TimelockFixture {
    error NotRefused(address target, bytes4 selector, address caller);

    address internal stranger = makeAddr("stranger");
    address internal user = makeAddr("user");
    bytes[] internal calls;

    /// @dev Each call of the table, made by `caller` on `target`, reverts with exactly `reason`.
    function assertRefused(address target, address caller, bytes memory reason) internal {
        for (uint256 i = 0; i < calls.length; ++i) {
            bytes memory data = calls[i];
            vm.prank(caller);
            vm.expectRevert(reason);
            // with expectRevert, the status says whether the call reverted as expected
            (bool refused,) = target.call(data);
            if (!refused) revert NotRefused(target, bytes4(data), caller);
        }
    }

    /// @dev The table is `onlyOwnerOrManager`: the old owner and a stranger are refused; then the table is cleared.
    function assertOwnerOrManager(address target, address oldOwner, bytes4 notOwnerOrManager) internal {
        assertRefused(target, oldOwner, abi.encodeWithSelector(notOwnerOrManager, oldOwner));
        assertRefused(target, stranger, abi.encodeWithSelector(notOwnerOrManager, stranger));
        delete calls;
    }

    /// @dev The table is the owner's, and the owner is the timelock: each of `callers` (the old owner, the
    ///      proposer itself, ...) is refused; through the timelock each call is not ready one second before the
    ///      delay ends and runs at its end (each from the same state). Then the table is cleared.
    function assertOwnerOnly(address target, address[] memory callers) internal {
        assertEq(Ownable(target).owner(), address(timelock), "owned by the timelock");
        for (uint256 i = 0; i < callers.length; ++i) {
            assertRefused(
                target,
                callers[i],
                abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, callers[i])
            );
        }
        for (uint256 i = 0; i < calls.length; ++i) {
            uint256 state = vm.snapshotState();
            (bytes32 id, bytes32 salt) = schedule(target, calls[i]);
            vm.warp(block.timestamp + DELAY - 1);
            vm.expectRevert(notReady(id));
            execute(target, calls[i], salt);
            vm.warp(block.timestamp + 1);
            execute(target, calls[i], salt);
            assertTrue(timelock.isOperationDone(id), "ran after the delay");
            vm.revertToState(state);
        }
        delete calls;
    }

    /// @dev What the timelock answers when operation `id` is executed before it is ready.
    function notReady(bytes32 id) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(
            TimelockController.TimelockUnexpectedOperationState.selector,
            id,
            bytes32(1 << uint8(TimelockController.OperationState.Ready))
        );
    }

    /// @dev Pushes the inherited owner-only calls: the ownership transfers and, for a UUPS proxy, the upgrade.
    function pushOwnership(address newImplementation) internal {
        calls.push(abi.encodeCall(OwnableUpgradeable.transferOwnership, (stranger)));
        calls.push(abi.encodeCall(OwnableUpgradeable.renounceOwnership, ()));
        if (newImplementation != address(0)) {
            calls.push(abi.encodeCall(UUPSUpgradeable.upgradeToAndCall, (newImplementation, "")));
        }
    }

    function list(address a) internal pure returns (address[] memory accounts) {
        accounts = new address[](1);
        accounts[0] = a;
    }

    function list(address a, address b) internal pure returns (address[] memory accounts) {
        accounts = new address[](2);
        accounts[0] = a;
        accounts[1] = b;
    }

    function list(address a, address b, address c) internal pure returns (address[] memory accounts) {
        accounts = new address[](3);
        accounts[0] = a;
        accounts[1] = b;
        accounts[2] = c;
    }

    function list(address a, address b, address c, address d)
        internal
        pure
        returns (address[] memory accounts)
    {
        accounts = new address[](4);
        accounts[0] = a;
        accounts[1] = b;
        accounts[2] = c;
        accounts[3] = d;
    }

    function implementation(address proxy) internal view returns (address) {
        return address(uint160(uint256(vm.load(proxy, ERC1967Utils.IMPLEMENTATION_SLOT))));
    }
}

/// @dev Presale, Ido and the three distributors, handed to the timelock as the deploy does: the owner's functions
///      refuse the old owner, the proposer (it only schedules), the Presale manager and strangers.
contract PrivilegedSystemTest is DividendFixture, Refusals {
    function setUp() public override {
        super.setUp();
        address[] memory proxies = new address[](5);
        proxies[0] = address(presale);
        proxies[1] = address(ido);
        proxies[2] = address(lpDividend);
        proxies[3] = address(holdDividend);
        proxies[4] = address(nodeReward);
        handOver(owner, proxies, new address[](0));
    }

    function notOwner() internal view returns (address[] memory) {
        return list(owner, proposer, manager, stranger);
    }

    function test_presale() public {
        calls.push(abi.encodeCall(Presale.setManager, (stranger)));
        calls.push(abi.encodeCall(Presale.setRegistrar, (user, true)));
        pushOwnership(address(new Presale()));
        assertOwnerOnly(address(presale), notOwner());

        calls.push(abi.encodeCall(Presale.registerFor, (user, root)));
        assertRefused(
            address(presale), stranger, abi.encodeWithSelector(IPresale.NotRegistrar.selector, stranger)
        );
    }

    function test_ido() public {
        usdt.mint(address(ido), 1 ether);
        calls.push(abi.encodeCall(Ido.setConfig, (idoSettings())));
        calls.push(abi.encodeCall(Ido.grantPriority, (list(user))));
        calls.push(abi.encodeCall(Ido.revokePriority, (list(user))));
        calls.push(abi.encodeCall(Ido.withdraw, (address(usdt), stranger, 1 ether)));
        assertOwnerOrManager(address(ido), owner, IIdo.NotOwnerOrManager.selector);

        calls.push(abi.encodeCall(Ido.setFund, (user)));
        calls.push(abi.encodeCall(Ido.setSwapToken, (address(token))));
        pushOwnership(address(new Ido()));
        assertOwnerOnly(address(ido), notOwner());
    }

    /// @dev Once someone has bought, the sale's settings are the owner's: the manager is refused, the timelock
    ///      runs them after the delay.
    function test_ido_settingsOnceSomeoneBought() public {
        buyIdo(user);
        calls.push(abi.encodeCall(Ido.setConfig, (idoSettings())));
        assertRefused(address(ido), manager, abi.encodeWithSelector(IIdo.SaleHasBuyers.selector, 1));
        assertRefused(address(ido), owner, abi.encodeWithSelector(IIdo.NotOwnerOrManager.selector, owner));
        assertOwnerOnly(address(ido), new address[](0));
    }

    /// @dev A price raise (or an allotment cut) is the owner's even before anyone bought: the manager is refused by
    ///      name, the timelock runs it after the delay.
    function test_ido_priceRaiseBeforeAnyoneBought() public {
        IIdo.Settings memory s = idoSettings();
        s.idoAmount += 1;
        calls.push(abi.encodeCall(Ido.setConfig, (s)));
        assertRefused(
            address(ido),
            manager,
            abi.encodeWithSelector(IIdo.PriceRaiseNeedsOwner.selector, s.idoAmount, s.idoAmount - 1)
        );
        assertRefused(address(ido), owner, abi.encodeWithSelector(IIdo.NotOwnerOrManager.selector, owner));
        assertOwnerOnly(address(ido), new address[](0));

        s = idoSettings();
        s.idoTokens3 -= 1;
        calls.push(abi.encodeCall(Ido.setConfig, (s)));
        assertRefused(
            address(ido),
            manager,
            abi.encodeWithSelector(IIdo.AllotmentCutNeedsOwner.selector, s.idoTokens3, s.idoTokens3 + 1)
        );
        assertOwnerOnly(address(ido), new address[](0));
    }

    /// @dev An upgrade through the timelock keeps the buyers' purchases and the configuration.
    function test_ido_upgradeKeepsState() public {
        buyIdo(user);
        bytes32 before = keccak256(abi.encode(ido.getUserInfo(user), ido.getConfig(), ido.fund()));
        address next = address(new Ido());
        asOwner(address(ido), abi.encodeCall(UUPSUpgradeable.upgradeToAndCall, (next, "")));
        assertEq(implementation(address(ido)), next, "upgraded");
        assertEq(
            keccak256(abi.encode(ido.getUserInfo(user), ido.getConfig(), ido.fund())), before, "state kept"
        );
    }

    /// @dev A cancelled operation never runs: not at its time, not later; only a canceller may cancel.
    function test_cancelledOperationNeverRuns() public {
        bytes memory data = abi.encodeCall(Presale.setManager, (stranger));
        (bytes32 id, bytes32 salt) = schedule(address(presale), data);
        bytes32 canceller = timelock.CANCELLER_ROLE();
        address[2] memory refused = [owner, manager];
        for (uint256 i = 0; i < 2; ++i) {
            vm.expectRevert(
                abi.encodeWithSelector(
                    IAccessControl.AccessControlUnauthorizedAccount.selector, refused[i], canceller
                )
            );
            vm.prank(refused[i]);
            timelock.cancel(id);
        }
        vm.prank(guardian);
        timelock.cancel(id);
        vm.warp(block.timestamp + DELAY);
        vm.expectRevert(notReady(id));
        execute(address(presale), data, salt);
        vm.warp(block.timestamp + 365 days);
        vm.expectRevert(notReady(id));
        execute(address(presale), data, salt);
        assertEq(presale.getConfig().manager, manager, "manager unchanged");
    }

    /// @dev The old owner can neither schedule nor execute; a proposer cannot schedule below the delay.
    function test_onlyProposersSchedule() public {
        bytes memory data = abi.encodeCall(Presale.setManager, (stranger));
        bytes32 role = timelock.PROPOSER_ROLE();
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, owner, role)
        );
        vm.prank(owner);
        timelock.schedule(address(presale), 0, data, 0, 0, DELAY);
        vm.expectRevert(
            abi.encodeWithSelector(TimelockController.TimelockInsufficientDelay.selector, 1, DELAY)
        );
        vm.prank(proposer);
        timelock.schedule(address(presale), 0, data, 0, 0, 1);
        (, bytes32 salt) = schedule(address(presale), data);
        vm.warp(block.timestamp + DELAY);
        vm.expectRevert(
            abi.encodeWithSelector(
                IAccessControl.AccessControlUnauthorizedAccount.selector, owner, timelock.EXECUTOR_ROLE()
            )
        );
        vm.prank(owner);
        timelock.execute(address(presale), 0, data, 0, salt);
    }

    function test_lpDividend() public {
        calls.push(abi.encodeCall(LpDividend.setRewardMin, (0)));
        assertOwnerOrManager(address(lpDividend), owner, IShareDividend.NotOwnerOrManager.selector);

        calls.push(abi.encodeCall(IShareDividend.setBlackList, (user, true)));
        pushOwnership(address(new LpDividend()));
        assertOwnerOnly(address(lpDividend), notOwner());
    }

    function test_holdDividend() public {
        calls.push(abi.encodeCall(IShareDividend.setBlackList, (user, true)));
        pushOwnership(address(new HoldDividend()));
        assertOwnerOnly(address(holdDividend), notOwner());
    }

    function test_nodeReward() public {
        calls.push(abi.encodeCall(NodeReward.setUserForce, (user, true, false, false)));
        assertOwnerOrManager(address(nodeReward), owner, INodeReward.NotOwnerOrManager.selector);

        calls.push(abi.encodeCall(NodeReward.setRates, ([uint256(5000), 3000, 2000])));
        pushOwnership(address(new NodeReward()));
        assertOwnerOnly(address(nodeReward), notOwner());
    }

    function idoSettings() internal view returns (IIdo.Settings memory) {
        return idoSettingsOf(ido.getConfig());
    }

    function buyIdo(address buyer) internal {
        vm.warp(START);
        usdt.mint(buyer, 1000e18);
        vm.startPrank(buyer);
        presale.register(root);
        usdt.approve(address(ido), type(uint256).max);
        ido.ido();
        vm.stopPrank();
    }
}

contract PrivilegedStakingTest is StakingFixture, Refusals {
    function setUp() public override {
        super.setUp();
        handOver(owner, list(address(presale), address(staking)), new address[](0));
    }

    function test_staking() public {
        calls.push(abi.encodeCall(IStaking.setConfigMulti, (initialMulti())));
        calls.push(abi.encodeCall(IStaking.setTeamLevel, (user, 1, true)));
        calls.push(abi.encodeCall(IStaking.withdraw, (address(usdt), user, 1 ether)));
        calls.push(abi.encodeCall(IStaking.setIncomeRates, (IStaking.IncomeRates(0, 0, 0, 0))));
        calls.push(abi.encodeCall(IStaking.setNode, (user, true)));
        calls.push(abi.encodeCall(IStaking.setConfig, (initialSettings()))); // the manager may lower fbPrice
        assertOwnerOrManager(address(staking), owner, IStaking.NotOwnerOrManager.selector);

        calls.push(abi.encodeCall(IStaking.announce, (user, address(0))));
        calls.push(abi.encodeCall(IStaking.setBlacklist, (user, true)));
        calls.push(abi.encodeCall(IStaking.setToken, (address(usdt))));
        pushOwnership(address(new Staking()));
        assertOwnerOnly(address(staking), list(owner, proposer, manager, stranger));
    }

    /// @dev An upgrade through the timelock keeps the orders and what is owed: the order releases as before.
    function test_upgradeKeepsState() public {
        address alice = member("alice", root);
        uint256 index = stake(alice, 0, 1000e18);
        bytes32 before =
            keccak256(abi.encode(staking.orders(index), staking.users(alice), reader.owed(address(usdt))));
        address next = address(new Staking());
        asOwner(address(staking), abi.encodeCall(IStaking.announce, (next, address(0))));
        vm.warp(block.timestamp + staking.EXIT_WINDOW());
        asOwner(address(staking), abi.encodeCall(UUPSUpgradeable.upgradeToAndCall, (next, "")));
        assertEq(implementation(address(staking)), next, "upgraded");
        assertEq(
            keccak256(abi.encode(staking.orders(index), staking.users(alice), reader.owed(address(usdt)))),
            before,
            "state kept"
        );
        vm.warp(staking.orders(index).endTime);
        uint256 balance = usdt.balanceOf(alice);
        vm.prank(alice);
        staking.release(index);
        assertTrue(usdt.balanceOf(alice) > balance + 1000e18, "the order pays principal and income");
    }
}

contract PrivilegedLpSwapTest is LpSwapFixture, Refusals {
    function setUp() public override {
        super.setUp();
        handOver(owner, list(address(presale), address(lpSwap)), new address[](0));
    }

    function test_lpSwap() public {
        lp.mint(stranger, 1 ether); // what sendLP would pull from its caller
        vm.prank(stranger);
        lp.approve(address(lpSwap), 1 ether);
        lp.mint(address(lpSwap), 1 ether); // a surplus for sendLPToWallet
        calls.push(abi.encodeCall(LpSwap.sendLP, (user, 1 ether)));
        calls.push(abi.encodeCall(LpSwap.sendLPToWallet, (user, 1 ether)));
        calls.push(abi.encodeCall(LpSwap.setRates, (LP_RATE, TOKEN_RATE)));
        assertOwnerOrManager(address(lpSwap), owner, ILpSwap.NotOwnerOrManager.selector);

        calls.push(abi.encodeCall(LpSwap.announce, (user, address(0))));
        pushOwnership(address(new LpSwap())); // nothing is owed yet: no announcement needed
        assertOwnerOnly(address(lpSwap), list(owner, proposer, manager, stranger));
    }

    /// @dev While LP or tokens are owed, an upgrade through the timelock needs an announcement `EXIT_WINDOW`
    ///      before (refused otherwise, by name), and keeps the positions and what is owed: they release as before.
    function test_lpSwap_upgradeKeepsState() public {
        address alice = makeAddr("alice");
        lockLP(alice, 1000 ether);
        lockToken(alice, 100 ether);
        address next = address(new LpSwap());
        bytes memory upgrade = abi.encodeCall(UUPSUpgradeable.upgradeToAndCall, (next, ""));
        (bytes32 id, bytes32 salt) = schedule(address(lpSwap), upgrade);
        vm.warp(block.timestamp + DELAY);
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.NotAnnounced.selector, next, address(0), 0));
        execute(address(lpSwap), upgrade, salt);
        asOwner(address(lpSwap), abi.encodeCall(LpSwap.announce, (next, address(0))));
        (,, uint256 readyAt) = lpSwap.announcement();
        assertEq(readyAt, block.timestamp + lpSwap.EXIT_WINDOW(), "members have the window to leave");
        vm.expectRevert(abi.encodeWithSelector(ILpSwap.NotAnnounced.selector, next, address(0), readyAt));
        execute(address(lpSwap), upgrade, salt);
        vm.warp(readyAt);
        bytes32 before = _lpSwapState(alice);
        execute(address(lpSwap), upgrade, salt);
        assertTrue(timelock.isOperationDone(id), "ran after the window");
        assertEq(implementation(address(lpSwap)), next, "upgraded");
        assertEq(_lpSwapState(alice), before, "state kept");
        vm.warp(block.timestamp + 100 days);
        vm.prank(alice);
        lpSwap.claimLP();
        assertEq(lp.balanceOf(alice), 1000 ether, "the lp releases as before");
        assertEq(token.balanceOf(alice), 100 ether, "the tokens too");
    }

    function _lpSwapState(address account) private view returns (bytes32) {
        (uint256 totalUser, uint256 lpOwed, uint256 tokenOwed) = lpSwap.getTotals();
        return keccak256(abi.encode(lpSwap.getUserInfo(account), totalUser, lpOwed, tokenOwed));
    }

    /// @dev Lowering a release rate is the owner's: the manager is refused by name, the timelock runs it after the
    ///      delay.
    function test_lpSwap_rateCut() public {
        calls.push(abi.encodeCall(LpSwap.setRates, (LP_RATE - 1, TOKEN_RATE)));
        assertRefused(
            address(lpSwap),
            manager,
            abi.encodeWithSelector(ILpSwap.RateCutNeedsOwner.selector, LP_RATE - 1, LP_RATE)
        );
        assertRefused(
            address(lpSwap), owner, abi.encodeWithSelector(ILpSwap.NotOwnerOrManager.selector, owner)
        );
        assertOwnerOnly(address(lpSwap), new address[](0));

        calls.push(abi.encodeCall(LpSwap.setRates, (LP_RATE, TOKEN_RATE - 1)));
        assertRefused(
            address(lpSwap),
            manager,
            abi.encodeWithSelector(ILpSwap.RateCutNeedsOwner.selector, TOKEN_RATE - 1, TOKEN_RATE)
        );
        assertOwnerOnly(address(lpSwap), new address[](0));
    }
}

/// @dev The tokens have no manager: every setter is the owner's, the timelock after the handover (Ownable2Step,
///      accepted in the handover's batch).
contract PrivilegedTokenTest is TokenFixture, Refusals {
    BurnToken internal burnToken;
    MiningToken internal miningToken;

    function setUp() public override {
        super.setUp();
        burnToken = newBurnToken(address(usdt));
        miningToken = newMiningToken(address(usdt));
        address[] memory tokens = new address[](3);
        tokens[0] = address(token);
        tokens[1] = address(burnToken);
        tokens[2] = address(miningToken);
        handOver(owner, new address[](0), tokens);
        for (uint256 i = 0; i < 3; ++i) {
            assertEq(Ownable2Step(tokens[i]).pendingOwner(), address(0), "accepted");
        }
    }

    /// @dev The fixture's SwapToken opens trading before the delay ends, and an opening cannot move once trading is
    ///      open: `setOpening` (shared FeeToken code) is checked on the other two tokens.
    function test_swapToken() public {
        pushFeeToken(address(token));
        calls.pop(); // setOpening
        calls.push(abi.encodeCall(SwapToken.setShareDistributor, (address(0))));
        assertOwnerOnly(address(token), list(owner, proposer, stranger));
    }

    function test_burnToken() public {
        pushFeeToken(address(burnToken));
        calls.push(
            abi.encodeCall(
                BurnToken.setBurnSettings,
                (IBurnToken.BurnSettings({
                        burnTime: 0,
                        burnMin: SUPPLY / 10,
                        activeAmount: 0,
                        dividendGas: 300_000,
                        swapEveryMax: 0,
                        swapEveryTime: 0
                    }))
            )
        );
        assertOwnerOnly(address(burnToken), list(owner, proposer, stranger));
    }

    function test_miningToken() public {
        pushFeeToken(address(miningToken));
        calls.push(
            abi.encodeCall(
                MiningToken.setMiningSettings,
                (IMiningToken.MiningSettings({whiteTime: 0, whiteMax: 0, sendGAS: 300_000, autoSwap: true}))
            )
        );
        calls.push(abi.encodeCall(MiningToken.setWhiteList, (list(user), true)));
        assertOwnerOnly(address(miningToken), list(owner, proposer, stranger));
    }

    /// @dev A fee raise, scheduled: buyers see it queued for the whole delay and pay the old fee until it runs.
    function test_feeRaiseWaitsForTheDelay() public {
        (IFeeToken.Fees memory raised, IFeeToken.Fees memory sellFees) = token.getFees();
        uint256 market = raised.market;
        raised.market += 100;
        bytes memory data = abi.encodeCall(IFeeToken.setFees, (raised, sellFees));
        (, bytes32 salt) = schedule(address(token), data);
        vm.warp(block.timestamp + DELAY - 1);
        (IFeeToken.Fees memory current,) = token.getFees();
        assertEq(current.market, market, "the old fee until the delay ends");
        vm.warp(block.timestamp + 1);
        execute(address(token), data, salt);
        (current,) = token.getFees();
        assertEq(current.market, raised.market, "the new fee after it");
    }

    /// @dev The shared FeeToken setters, with the token's current (valid) values, the ownership transfers and,
    ///      last, the opening.
    function pushFeeToken(address target) internal {
        IFeeToken t = IFeeToken(target);
        (IFeeToken.Fees memory buyFees, IFeeToken.Fees memory sellFees) = t.getFees();
        (uint256 swapThreshold, uint256 swapSlippage) = t.getSwapSettings();
        calls.push(abi.encodeCall(IFeeToken.setFees, (buyFees, sellFees)));
        calls.push(abi.encodeCall(IFeeToken.setAccounts, (defaultAccounts())));
        calls.push(abi.encodeCall(IFeeToken.setFeeExempt, (user, true)));
        calls.push(abi.encodeCall(IFeeToken.setBlackList, (user, true)));
        calls.push(abi.encodeCall(IFeeToken.setSwapSettings, (swapThreshold, swapSlippage)));
        calls.push(abi.encodeCall(Ownable.transferOwnership, (stranger)));
        calls.push(abi.encodeCall(Ownable.renounceOwnership, ()));
        calls.push(abi.encodeCall(IFeeToken.setOpening, (OPEN, 0)));
    }
}
