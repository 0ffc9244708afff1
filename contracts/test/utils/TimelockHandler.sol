// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
import {Vm} from "./Test.sol";

/// @dev Drives a timelock that owns a suite's contracts: schedules random owner calls (`_ownerCall`, from the
///      suite) with any delay the timelock accepts, executes them at random times (a call the contract refuses
///      at that moment fails the execution, which is counted) and cancels them. Run beside the suite's own
///      handler, the suite's money invariants must still hold. It also tries what the deploy's handover forbids
///      (docs/manager.md, "who holds which power"): an owner call made directly by the former owner, the
///      proposer or the guardian; a call scheduled with less than the project's delay; the guardian scheduling
///      or executing. The ghosts record any of them that went through.
abstract contract TimelockHandler {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    struct Operation {
        address target;
        bytes data;
        bytes32 salt;
        uint256 readyAt;
        bool cancelled;
    }

    TimelockController public immutable timelock;
    address public immutable proposer;
    address public immutable guardian;
    address public immutable formerOwner;
    /// @dev The delay the deploy sets and members are promised (TIMELOCK_DELAY).
    uint256 public immutable delay;

    Operation[] private _operations;
    /// @dev An owner call went through without the timelock.
    bool public ghostOwnerCallBypassed;
    /// @dev An operation was scheduled with less than `delay`.
    bool public ghostShorterDelayAccepted;
    /// @dev The guardian scheduled or executed an operation.
    bool public ghostGuardianDidMoreThanCancel;
    mapping(bytes32 call => uint256) public calls;

    constructor(
        TimelockController timelock_,
        address proposer_,
        address guardian_,
        address formerOwner_,
        uint256 delay_
    ) {
        timelock = timelock_;
        proposer = proposer_;
        guardian = guardian_;
        formerOwner = formerOwner_;
        delay = delay_;
    }

    /// @dev A call only the owner may make, picked by `seed`, with arguments the contract may or may not accept
    ///      when it runs.
    function _ownerCall(uint256 seed) internal virtual returns (address target, bytes memory data);

    function operationCount() external view returns (uint256) {
        return _operations.length;
    }

    function operationId(uint256 index) public view returns (bytes32) {
        Operation storage op = _operations[index];
        return timelock.hashOperation(op.target, 0, op.data, 0, op.salt);
    }

    function isCancelled(uint256 index) external view returns (bool) {
        return _operations[index].cancelled;
    }

    function schedule(uint256 seed, uint256 extraDelay) external {
        (address target, bytes memory data) = _ownerCall(seed);
        uint256 wait = timelock.getMinDelay() + extraDelay % 3 days;
        bytes32 salt = bytes32(_operations.length + 1);
        vm.prank(proposer);
        timelock.schedule(target, 0, data, 0, salt, wait);
        _operations.push(Operation(target, data, salt, block.timestamp + wait, false));
        calls["schedule"] += 1;
    }

    /// @dev The proposer tries an owner call with less than the project's delay: the timelock must refuse it.
    function scheduleSooner(uint256 seed, uint256 shorter) external {
        (address target, bytes memory data) = _ownerCall(seed);
        vm.prank(proposer);
        try timelock.schedule(target, 0, data, 0, bytes32(~seed), shorter % delay) {
            ghostShorterDelayAccepted = true;
        } catch {
            calls["scheduleSooner refused"] += 1;
        }
    }

    /// @dev The former owner, the proposer or the guardian makes an owner call directly: the contract must refuse
    ///      anyone but the timelock.
    function callDirectly(uint256 seed, uint256 who) external {
        (address target, bytes memory data) = _ownerCall(seed);
        address caller = [formerOwner, proposer, guardian][who % 3];
        vm.prank(caller);
        (bool ok,) = target.call(data);
        if (ok) ghostOwnerCallBypassed = true;
        else calls["callDirectly refused"] += 1;
    }

    /// @dev The guardian tries to schedule a new call and to execute a queued one: it may only cancel.
    function guardianActs(uint256 seed, uint256 index) external {
        (address target, bytes memory data) = _ownerCall(seed);
        vm.prank(guardian);
        try timelock.schedule(target, 0, data, 0, bytes32(~seed), delay) {
            ghostGuardianDidMoreThanCancel = true;
        } catch {}
        if (_operations.length == 0) return;
        Operation storage op = _operations[index % _operations.length];
        if (!timelock.isOperationReady(timelock.hashOperation(op.target, 0, op.data, 0, op.salt))) return;
        vm.prank(guardian);
        try timelock.execute(op.target, 0, op.data, 0, op.salt) {
            ghostGuardianDidMoreThanCancel = true;
        } catch {
            calls["guardianActs refused"] += 1;
        }
    }

    /// @dev Tries to execute an operation: mostly the first one still pending from `index` on, once its delay has
    ///      passed; sometimes `index` itself (pending, done or cancelled) after a wait of up to twice the delay.
    function execute(uint256 index, uint256 wait) external {
        if (_operations.length == 0) return;
        index %= _operations.length;
        for (uint256 i = 0; i < _operations.length && wait % 4 != 0; ++i) {
            uint256 candidate = (index + i) % _operations.length;
            if (timelock.isOperationPending(operationId(candidate))) {
                index = candidate;
                break;
            }
        }
        bytes32 id = operationId(index);
        if (wait % 4 != 0 && timelock.isOperationPending(id)) {
            if (block.timestamp < timelock.getTimestamp(id)) vm.warp(timelock.getTimestamp(id));
        } else {
            vm.warp(block.timestamp + wait % (2 * timelock.getMinDelay() + 1));
        }
        Operation storage op = _operations[index];
        vm.prank(proposer);
        try timelock.execute(op.target, 0, op.data, 0, op.salt) {
            calls["execute"] += 1;
        } catch {
            // not ready, done, cancelled, or refused by the contract at this moment
            calls["execute refused"] += 1;
        }
    }

    function cancel(uint256 index) external {
        if (_operations.length == 0) return;
        index %= _operations.length;
        bytes32 id = operationId(index);
        if (!timelock.isOperationPending(id)) return;
        vm.prank(guardian);
        timelock.cancel(id);
        _operations[index].cancelled = true;
        calls["cancel"] += 1;
    }
}
