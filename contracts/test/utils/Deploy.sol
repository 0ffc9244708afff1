// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Presale} from "../../src/Presale.sol";
import {LpDividend} from "../../src/LpDividend.sol";

/// @dev A Presale registry behind an ERC1967 proxy, `owner_` also its referral root.
function deployPresale(address owner_, address manager_) returns (Presale) {
    return Presale(
        address(
            new ERC1967Proxy(
                address(new Presale()), abi.encodeCall(Presale.initialize, (owner_, manager_, owner_))
            )
        )
    );
}

/// @dev An LpDividend behind an ERC1967 proxy paying `reward` for `lp` staked, with no smallest payment.
function deployLpDividend(address owner_, address presale, address reward, address lp) returns (LpDividend) {
    return LpDividend(
        address(
            new ERC1967Proxy(
                address(new LpDividend()),
                abi.encodeCall(LpDividend.initialize, (owner_, presale, reward, lp, 0))
            )
        )
    );
}
