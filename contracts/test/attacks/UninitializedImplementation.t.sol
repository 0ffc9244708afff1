// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts/proxy/utils/UUPSUpgradeable.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {DividendFixture} from "../utils/DividendFixture.sol";
import {deployLpSwapProxy} from "../utils/Deploy.sol";
import {Staking} from "../../src/Staking.sol";
import {LpSwap} from "../../src/LpSwap.sol";
import {Presale} from "../../src/Presale.sol";
import {Ido} from "../../src/Ido.sol";
import {LpDividend} from "../../src/LpDividend.sol";
import {HoldDividend} from "../../src/HoldDividend.sol";
import {NodeReward} from "../../src/NodeReward.sol";

/// @dev The attacker's new implementation: a valid UUPS target whose `take` would run in the upgraded contract's
///      context (Wormhole's payload self-destructed; since Cancun (EIP-6780) that no longer deletes code, so a
///      payload today would rather take the funds).
contract Hijack {
    function proxiableUUID() external pure returns (bytes32) {
        return 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    }

    function take() external {}
}

/// @dev The uninitialized-implementation class (Wormhole, 2022): anyone who can initialize an implementation
///      becomes its owner and can `upgradeToAndCall` it into a contract that self-destructs, bricking every proxy
///      that delegates to it. Each of the seven UUPS contracts is checked on the implementation its proxy points
///      to: `initialize` refuses (the constructor ran `_disableInitializers`), nobody owns it, `upgradeToAndCall`
///      refuses outside a proxy (`onlyProxy`), and on the proxy a stranger cannot upgrade.
contract UninitializedImplementationTest is DividendFixture {
    bytes32 private constant _IMPLEMENTATION_SLOT =
        0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    address internal attacker = makeAddr("attacker");

    struct Target {
        string name;
        address proxy;
        bytes initCall;
    }

    function targets() internal returns (Target[] memory t) {
        Staking staking = Staking(
            address(
                new ERC1967Proxy(
                    address(new Staking()),
                    abi.encodeCall(
                        Staking.initialize, (owner, address(presale), address(usdt), address(token))
                    )
                )
            )
        );
        LpSwap lpSwap = deployLpSwapProxy(owner, address(presale), address(lp), address(token));
        t = new Target[](7);
        t[0] = Target(
            "Presale", address(presale), abi.encodeCall(Presale.initialize, (attacker, attacker, attacker))
        );
        t[1] = Target(
            "Ido",
            address(ido),
            abi.encodeCall(
                Ido.initialize,
                (attacker, address(presale), address(usdt), address(token), attacker, START, END, EXTRACT)
            )
        );
        t[2] = Target(
            "Staking",
            address(staking),
            abi.encodeCall(Staking.initialize, (attacker, address(presale), address(usdt), address(token)))
        );
        t[3] = Target(
            "LpSwap",
            address(lpSwap),
            abi.encodeCall(
                LpSwap.initialize, (attacker, address(presale), address(lp), address(token), 1 days, 100, 200)
            )
        );
        t[4] = Target(
            "LpDividend",
            address(lpDividend),
            abi.encodeCall(
                LpDividend.initialize, (attacker, address(presale), address(reward), address(lp), 0)
            )
        );
        t[5] = Target(
            "HoldDividend",
            address(holdDividend),
            abi.encodeCall(HoldDividend.initialize, (attacker, address(presale), address(held)))
        );
        t[6] = Target(
            "NodeReward",
            address(nodeReward),
            abi.encodeCall(
                NodeReward.initialize,
                (attacker, address(presale), address(reward), [uint256(5000), 3000, 2000])
            )
        );
    }

    function implementationOf(address proxy) internal view returns (address) {
        return address(uint160(uint256(vm.load(proxy, _IMPLEMENTATION_SLOT))));
    }

    function test_noImplementationCanBeInitializedOwnedOrUpgraded() public {
        Target[] memory t = targets();
        address hijack = address(new Hijack());
        for (uint256 i = 0; i < t.length; ++i) {
            address implementation = implementationOf(t[i].proxy);
            assertTrue(implementation.code.length != 0, t[i].name);
            assertEq(Ownable(implementation).owner(), address(0), t[i].name);

            vm.prank(attacker);
            (bool ok, bytes memory result) = implementation.call(t[i].initCall);
            assertTrue(!ok, t[i].name);
            assertEq(bytes4(result), Initializable.InvalidInitialization.selector, t[i].name);

            vm.prank(attacker);
            (ok, result) = implementation.call(
                abi.encodeCall(UUPSUpgradeable.upgradeToAndCall, (hijack, abi.encodeCall(Hijack.take, ())))
            );
            assertTrue(!ok, t[i].name);
            assertEq(bytes4(result), UUPSUpgradeable.UUPSUnauthorizedCallContext.selector, t[i].name);
            assertTrue(implementation.code.length != 0, t[i].name);
        }
    }

    function test_aStrangerCannotReinitializeOrUpgradeAProxy() public {
        Target[] memory t = targets();
        address hijack = address(new Hijack());
        for (uint256 i = 0; i < t.length; ++i) {
            address implementation = implementationOf(t[i].proxy);
            vm.prank(attacker);
            (bool ok, bytes memory result) = t[i].proxy.call(t[i].initCall);
            assertTrue(!ok, t[i].name);
            assertEq(bytes4(result), Initializable.InvalidInitialization.selector, t[i].name);

            vm.prank(attacker);
            (ok, result) = t[i].proxy
                .call(
                    abi.encodeCall(
                        UUPSUpgradeable.upgradeToAndCall, (hijack, abi.encodeCall(Hijack.take, ()))
                    )
                );
            assertTrue(!ok, t[i].name);
            assertEq(bytes4(result), Ownable.OwnableUnauthorizedAccount.selector, t[i].name);
            assertEq(implementationOf(t[i].proxy), implementation, t[i].name);
            assertEq(Ownable(t[i].proxy).owner(), owner, t[i].name);
        }
    }
}
