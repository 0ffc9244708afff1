// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Test} from "./Test.sol";
import {Presale} from "../../src/Presale.sol";
import {Ido} from "../../src/Ido.sol";
import {IIdo} from "../../src/interfaces/IIdo.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";
import {MockToken} from "../mocks/MockToken.sol";

/// @dev Deploys the system the way scripts/deploy does: implementations behind ERC1967 proxies, and the Ido
///      made a registrar of the Presale registry. The clock starts a day before the sale opens.
abstract contract Fixture is Test {
    uint256 internal constant T0 = 1_700_000_000;
    uint256 internal constant START = T0 + 1 days;
    uint256 internal constant END = START + 7 days;
    uint256 internal constant EXTRACT = END + 1 days;

    address internal owner = makeAddr("owner");
    address internal manager = makeAddr("manager");
    address internal root = makeAddr("root");
    address internal fund = makeAddr("fund");

    Presale internal presale;
    Usdt internal usdt;
    Ido internal ido;
    MockToken internal token;

    function setUp() public virtual {
        vm.chainId(31337);
        vm.warp(T0);
        usdt = new Usdt();
        token = new MockToken("Taichi", "TAICHI");
        presale = Presale(
            address(
                new ERC1967Proxy(
                    address(new Presale()), abi.encodeCall(Presale.initialize, (owner, manager, root))
                )
            )
        );
        ido = deployIdo(address(usdt), address(token));
    }

    /// @dev A fresh Ido proxy on the fixture's registry (made a registrar), paid in `usdt_`, selling `token_`.
    function deployIdo(address usdt_, address token_) internal returns (Ido deployed) {
        deployed = Ido(
            address(
                new ERC1967Proxy(
                    address(new Ido()),
                    abi.encodeCall(
                        Ido.initialize, (owner, address(presale), usdt_, token_, fund, START, END, EXTRACT)
                    )
                )
            )
        );
        vm.prank(owner);
        presale.setRegistrar(address(deployed), true);
    }
}

/// @dev The settings `getConfig` reports, as `setConfig` takes them (to change one field).
function idoSettingsOf(IIdo.Config memory c) pure returns (IIdo.Settings memory) {
    return IIdo.Settings({
        directRate: c.directRate,
        indirectRate: c.indirectRate,
        idoAmount: c.idoAmount,
        idoTokens1: c.idoTokens1,
        idoTokens2: c.idoTokens2,
        idoTokens3: c.idoTokens3,
        idoMax: c.idoMax,
        startTime: c.startTime,
        endTime: c.endTime,
        extractTime: c.extractTime
    });
}
