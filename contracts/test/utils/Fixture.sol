// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Test} from "./Test.sol";
import {Presale} from "../../src/Presale.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";

/// @dev Deploys the system the way scripts/deploy does: implementations behind ERC1967 proxies.
abstract contract Fixture is Test {
    address internal owner = makeAddr("owner");
    address internal manager = makeAddr("manager");
    address internal root = makeAddr("root");

    Presale internal presale;
    Usdt internal usdt;

    function setUp() public virtual {
        vm.chainId(31337);
        usdt = new Usdt();
        presale = Presale(
            address(
                new ERC1967Proxy(
                    address(new Presale()), abi.encodeCall(Presale.initialize, (owner, manager, root))
                )
            )
        );
    }
}
