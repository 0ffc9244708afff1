// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {Test} from "./utils/Test.sol";
import {DividendFixture} from "./utils/DividendFixture.sol";
import {LpSwapFixture} from "./utils/LpSwapFixture.sol";
import {TokenFixture} from "./utils/TokenFixture.sol";
import {Presale} from "../src/Presale.sol";
import {Ido} from "../src/Ido.sol";
import {LpSwap} from "../src/LpSwap.sol";
import {LpDividend} from "../src/LpDividend.sol";
import {HoldDividend} from "../src/HoldDividend.sol";
import {NodeReward} from "../src/NodeReward.sol";
import {BurnToken} from "../src/BurnToken.sol";
import {SwapToken} from "../src/SwapToken.sol";
import {MiningToken} from "../src/MiningToken.sol";
import {IPresale} from "../src/interfaces/IPresale.sol";
import {IIdo} from "../src/interfaces/IIdo.sol";
import {ILpSwap} from "../src/interfaces/ILpSwap.sol";
import {IShareDividend} from "../src/interfaces/IShareDividend.sol";
import {INodeReward} from "../src/interfaces/INodeReward.sol";
import {IFeeToken} from "../src/interfaces/IFeeToken.sol";
import {IBurnToken} from "../src/interfaces/IBurnToken.sol";
import {IMiningToken} from "../src/interfaces/IMiningToken.sol";

/// @dev A table of privileged calls (`calls`, one `push` a function, arguments otherwise valid) and the check that
///      each of them, made by a given caller, reverts with the access check's error.
abstract contract Refusals is Test {
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

    /// @dev The table is `onlyOwnerOrManager`: a stranger is refused; then the table is cleared.
    function assertOwnerOrManager(address target, bytes4 notOwnerOrManager) internal {
        assertRefused(target, stranger, abi.encodeWithSelector(notOwnerOrManager, stranger));
        delete calls;
    }

    /// @dev The table is `onlyOwner`: each of `callers` is refused; then the table is cleared.
    function assertOwnerOnly(address target, address[] memory callers) internal {
        for (uint256 i = 0; i < callers.length; ++i) {
            assertRefused(
                target,
                callers[i],
                abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, callers[i])
            );
        }
        delete calls;
    }

    /// @dev Pushes the inherited owner-only calls: the ownership transfers and, for a UUPS proxy, the upgrade.
    function pushOwnership(address newImplementation) internal {
        calls.push(abi.encodeCall(OwnableUpgradeable.transferOwnership, (stranger)));
        calls.push(abi.encodeCall(OwnableUpgradeable.renounceOwnership, ()));
        if (newImplementation != address(0)) {
            calls.push(abi.encodeCall(UUPSUpgradeable.upgradeToAndCall, (newImplementation, "")));
        }
    }

    function list(address account) internal pure returns (address[] memory accounts) {
        accounts = new address[](1);
        accounts[0] = account;
    }

    function list(address a, address b) internal pure returns (address[] memory accounts) {
        accounts = new address[](2);
        accounts[0] = a;
        accounts[1] = b;
    }
}

/// @dev Presale, Ido and the three distributors; owner-only functions also refuse the Presale manager.
contract PrivilegedSystemTest is DividendFixture, Refusals {
    function test_presale() public {
        calls.push(abi.encodeCall(Presale.setManager, (stranger)));
        calls.push(abi.encodeCall(Presale.setRegistrar, (user, true)));
        pushOwnership(address(new Presale()));
        assertOwnerOnly(address(presale), list(stranger, manager));

        calls.push(abi.encodeCall(Presale.registerFor, (user, root)));
        assertRefused(
            address(presale), stranger, abi.encodeWithSelector(IPresale.NotRegistrar.selector, stranger)
        );
    }

    function test_ido() public {
        IIdo.Config memory c = ido.getConfig();
        IIdo.Settings memory settings = IIdo.Settings(
            c.directRate,
            c.indirectRate,
            c.idoAmount,
            c.idoTokens1,
            c.idoTokens2,
            c.idoTokens3,
            c.idoMax,
            c.startTime,
            c.endTime,
            c.extractTime
        );
        usdt.mint(address(ido), 1 ether);
        calls.push(abi.encodeCall(Ido.setConfig, (settings)));
        calls.push(abi.encodeCall(Ido.setFund, (user)));
        calls.push(abi.encodeCall(Ido.setSwapToken, (address(token))));
        calls.push(abi.encodeCall(Ido.grantPriority, (list(user))));
        calls.push(abi.encodeCall(Ido.revokePriority, (list(user))));
        calls.push(abi.encodeCall(Ido.withdraw, (address(usdt), stranger, 1 ether)));
        assertOwnerOrManager(address(ido), IIdo.NotOwnerOrManager.selector);

        pushOwnership(address(new Ido()));
        assertOwnerOnly(address(ido), list(stranger, manager));
    }

    function test_lpDividend() public {
        calls.push(abi.encodeCall(LpDividend.setRewardMin, (0)));
        calls.push(abi.encodeCall(IShareDividend.setBlackList, (user, true)));
        assertOwnerOrManager(address(lpDividend), IShareDividend.NotOwnerOrManager.selector);

        pushOwnership(address(new LpDividend()));
        assertOwnerOnly(address(lpDividend), list(stranger, manager));
    }

    function test_holdDividend() public {
        calls.push(abi.encodeCall(IShareDividend.setBlackList, (user, true)));
        assertOwnerOrManager(address(holdDividend), IShareDividend.NotOwnerOrManager.selector);

        pushOwnership(address(new HoldDividend()));
        assertOwnerOnly(address(holdDividend), list(stranger, manager));
    }

    function test_nodeReward() public {
        calls.push(abi.encodeCall(NodeReward.setUserForce, (user, true, false, false)));
        calls.push(abi.encodeCall(NodeReward.setRates, ([uint256(5000), 3000, 2000])));
        assertOwnerOrManager(address(nodeReward), INodeReward.NotOwnerOrManager.selector);

        pushOwnership(address(new NodeReward()));
        assertOwnerOnly(address(nodeReward), list(stranger, manager));
    }
}

contract PrivilegedLpSwapTest is LpSwapFixture, Refusals {
    function test_lpSwap() public {
        lp.mint(stranger, 1 ether); // what sendLP would pull from its caller
        vm.prank(stranger);
        lp.approve(address(lpSwap), 1 ether);
        lp.mint(address(lpSwap), 1 ether); // a surplus for sendLPToWallet
        calls.push(abi.encodeCall(LpSwap.sendLP, (user, 1 ether)));
        calls.push(abi.encodeCall(LpSwap.sendLPToWallet, (user, 1 ether)));
        calls.push(abi.encodeCall(LpSwap.setRates, (LP_RATE, TOKEN_RATE)));
        assertOwnerOrManager(address(lpSwap), ILpSwap.NotOwnerOrManager.selector);

        pushOwnership(address(new LpSwap()));
        assertOwnerOnly(address(lpSwap), list(stranger, manager));
    }
}

/// @dev The tokens have no manager: their owner-only functions refuse a stranger.
contract PrivilegedTokenTest is TokenFixture, Refusals {
    function test_swapToken() public {
        pushFeeToken(address(token));
        calls.push(abi.encodeCall(SwapToken.setShareDistributor, (address(0))));
        assertOwnerOnly(address(token), list(stranger));
    }

    function test_burnToken() public {
        BurnToken burnToken = newBurnToken(address(usdt));
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
        assertOwnerOnly(address(burnToken), list(stranger));
    }

    function test_miningToken() public {
        MiningToken miningToken = newMiningToken(address(usdt));
        pushFeeToken(address(miningToken));
        calls.push(
            abi.encodeCall(
                MiningToken.setMiningSettings,
                (IMiningToken.MiningSettings({whiteTime: 0, whiteMax: 0, sendGAS: 300_000, autoSwap: true}))
            )
        );
        calls.push(abi.encodeCall(MiningToken.setWhiteList, (list(user), true)));
        assertOwnerOnly(address(miningToken), list(stranger));
    }

    /// @dev The shared FeeToken setters, with the token's current (valid) values, and the ownership transfers.
    function pushFeeToken(address target) internal {
        IFeeToken t = IFeeToken(target);
        (IFeeToken.Fees memory buyFees, IFeeToken.Fees memory sellFees) = t.getFees();
        (uint256 swapThreshold, uint256 swapSlippage) = t.getSwapSettings();
        calls.push(abi.encodeCall(IFeeToken.setFees, (buyFees, sellFees)));
        calls.push(abi.encodeCall(IFeeToken.setAccounts, (defaultAccounts())));
        calls.push(abi.encodeCall(IFeeToken.setFeeExempt, (user, true)));
        calls.push(abi.encodeCall(IFeeToken.setBlackList, (user, true)));
        calls.push(abi.encodeCall(IFeeToken.setOpening, (OPEN, 0)));
        calls.push(abi.encodeCall(IFeeToken.setSwapSettings, (swapThreshold, swapSlippage)));
        calls.push(abi.encodeCall(Ownable.transferOwnership, (stranger)));
        calls.push(abi.encodeCall(Ownable.renounceOwnership, ()));
    }
}
