// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
import {Test} from "./Test.sol";

/// @dev The deploy's handover (scripts/src/deploy.ts, `handOver`): the owner of a fixture gives its contracts to an
///      OpenZeppelin TimelockController that has no admin but itself. The timelock starts with no delay and the
///      old owner as its only proposer and executor; one batch, scheduled and executed at once, accepts the
///      Ownable2Step tokens, makes `proposer` (a Safe, say) proposer, executor and canceller and `guardian` a
///      canceller, takes the old owner's roles away and sets `DELAY`.
abstract contract TimelockFixture is Test {
    uint256 internal constant DELAY = 2 days;

    address internal proposer = makeAddr("proposer");
    address internal guardian = makeAddr("guardian");
    TimelockController internal timelock;
    /// @dev Each scheduled operation gets a salt of its own, so the same call can be queued twice.
    uint256 private _salt;

    /// @dev `from` hands `proxies` (Ownable) and `tokens` (Ownable2Step) to a new timelock.
    function handOver(address from, address[] memory proxies, address[] memory tokens) internal {
        address[] memory deployer = new address[](1);
        deployer[0] = from;
        vm.startPrank(from);
        timelock = new TimelockController(0, deployer, deployer, address(0));
        for (uint256 i = 0; i < proxies.length; ++i) {
            Ownable(proxies[i]).transferOwnership(address(timelock));
        }
        for (uint256 i = 0; i < tokens.length; ++i) {
            Ownable(tokens[i]).transferOwnership(address(timelock));
        }

        uint256 n = tokens.length + 8;
        address[] memory targets = new address[](n);
        bytes[] memory payloads = new bytes[](n);
        for (uint256 i = 0; i < tokens.length; ++i) {
            targets[i] = tokens[i];
            payloads[i] = abi.encodeCall(Ownable2Step.acceptOwnership, ());
        }
        bytes32[3] memory roles =
            [timelock.PROPOSER_ROLE(), timelock.EXECUTOR_ROLE(), timelock.CANCELLER_ROLE()];
        uint256 k = tokens.length;
        for (uint256 r = 0; r < 3; ++r) {
            payloads[k++] = abi.encodeCall(timelock.grantRole, (roles[r], proposer));
            payloads[k++] = abi.encodeCall(timelock.revokeRole, (roles[r], from));
        }
        payloads[k++] = abi.encodeCall(timelock.grantRole, (roles[2], guardian));
        payloads[k] = abi.encodeCall(timelock.updateDelay, (DELAY));
        for (uint256 i = tokens.length; i < n; ++i) {
            targets[i] = address(timelock);
        }
        uint256[] memory values = new uint256[](n);
        timelock.scheduleBatch(targets, values, payloads, 0, 0, 0);
        timelock.executeBatch(targets, values, payloads, 0, 0);
        vm.stopPrank();
    }

    /// @dev The proposer schedules `data` on `target` with the minimum delay; returns the operation's id and salt.
    function schedule(address target, bytes memory data) internal returns (bytes32 id, bytes32 salt) {
        salt = bytes32(++_salt);
        id = timelock.hashOperation(target, 0, data, 0, salt);
        vm.prank(proposer);
        timelock.schedule(target, 0, data, 0, salt, DELAY);
    }

    function execute(address target, bytes memory data, bytes32 salt) internal {
        vm.prank(proposer);
        timelock.execute(target, 0, data, 0, salt);
    }

    /// @dev An owner call the way it now has to go: scheduled, the delay waited out, executed.
    function asOwner(address target, bytes memory data) internal {
        (, bytes32 salt) = schedule(target, data);
        vm.warp(block.timestamp + DELAY);
        execute(target, data, salt);
    }
}
