// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Presale} from "../../src/Presale.sol";
import {LpDividend} from "../../src/LpDividend.sol";
import {HoldDividend} from "../../src/HoldDividend.sol";
import {LpSwap} from "../../src/LpSwap.sol";
import {NodeReward} from "../../src/NodeReward.sol";

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

/// @dev A HoldDividend behind an ERC1967 proxy paying `token` to its holders.
function deployHoldDividend(address owner_, address presale, address token) returns (HoldDividend) {
    return HoldDividend(
        address(
            new ERC1967Proxy(
                address(new HoldDividend()), abi.encodeCall(HoldDividend.initialize, (owner_, presale, token))
            )
        )
    );
}

/// @dev A NodeReward behind an ERC1967 proxy paying `reward` to node classes A 50%, B 30%, C 20%.
function deployNodeReward(address owner_, address presale, address reward) returns (NodeReward) {
    return NodeReward(
        address(
            new ERC1967Proxy(
                address(new NodeReward()),
                abi.encodeCall(NodeReward.initialize, (owner_, presale, reward, [uint256(5000), 3000, 2000]))
            )
        )
    );
}

/// @dev An LpSwap behind an ERC1967 proxy locking `lp` and `token`, releasing 1% and 2% of them a day.
function deployLpSwapProxy(address owner_, address presale, address lp, address token) returns (LpSwap) {
    return LpSwap(
        address(
            new ERC1967Proxy(
                address(new LpSwap()),
                abi.encodeCall(LpSwap.initialize, (owner_, presale, lp, token, 1 days, 100, 200))
            )
        )
    );
}
