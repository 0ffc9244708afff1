// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
import {Vm} from "./Test.sol";

/// @dev Drives a timelock that owns a suite's contracts: schedules random owner calls (`_ownerCall`, from the
///      suite) with any delay the timelock accepts, executes them at random times (a call the contract refuses
///      at that moment fails the execution, which is counted) and cancels them. Run beside the suite's own
///      handler, the suite's money invariants must still hold; the ghosts record what must hold of the timelock.
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

    Operation[] private _operations;
    /// @dev An execution succeeded before its operation was ready, or after it was cancelled.
    bool public ghostRanEarly;
    bool public ghostCancelledRan;
    mapping(bytes32 call => uint256) public calls;

    constructor(TimelockController timelock_, address proposer_, address guardian_) {
        timelock = timelock_;
        proposer = proposer_;
        guardian = guardian_;
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
        uint256 delay = timelock.getMinDelay() + extraDelay % 3 days;
        bytes32 salt = bytes32(_operations.length + 1);
        vm.prank(proposer);
        timelock.schedule(target, 0, data, 0, salt, delay);
        _operations.push(Operation(target, data, salt, block.timestamp + delay, false));
        calls["schedule"] += 1;
    }

    /// @dev Waits up to twice the minimum delay, then tries to execute operation `index`.
    function execute(uint256 index, uint256 wait) external {
        if (_operations.length == 0) return;
        index %= _operations.length;
        vm.warp(block.timestamp + wait % (2 * timelock.getMinDelay() + 1));
        Operation storage op = _operations[index];
        vm.prank(proposer);
        try timelock.execute(op.target, 0, op.data, 0, op.salt) {
            if (block.timestamp < op.readyAt) ghostRanEarly = true;
            if (op.cancelled) ghostCancelledRan = true;
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
