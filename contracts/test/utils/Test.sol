// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @dev The cheatcodes the suites use (the npm forge-std is stale, so these are declared here).
interface Vm {
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    function prank(address sender) external;
    function startPrank(address sender) external;
    function stopPrank() external;
    function expectRevert(bytes calldata revertData) external;
    function expectRevert(bytes4 revertData) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData, address emitter)
        external;
    function chainId(uint256 newChainId) external;
    function warp(uint256 newTimestamp) external;
    function assume(bool condition) external pure;
    function addr(uint256 privateKey) external pure returns (address);
    function label(address account, string calldata newLabel) external;
    function load(address target, bytes32 slot) external view returns (bytes32);
    function store(address target, bytes32 slot, bytes32 value) external;
    function snapshotGasLastCall(string calldata group, string calldata name) external returns (uint256);
    function roll(uint256 newHeight) external;
    function readFile(string calldata path) external view returns (string memory data);
    function parseJsonBytes(string calldata json, string calldata key) external pure returns (bytes memory);
    function expectRevert() external;
    function recordLogs() external;
    function expectCall(address callee, bytes calldata data, uint64 count) external;
    function getRecordedLogs() external returns (Log[] memory logs);
    function etch(address target, bytes calldata newRuntimeBytecode) external;
    function snapshotState() external returns (uint256 snapshotId);
    function revertToState(uint256 snapshotId) external returns (bool success);
    function setEnv(string calldata name, string calldata value) external;
    function envOr(string calldata name, uint256 defaultValue) external view returns (uint256 value);
    function toString(uint256 value) external pure returns (string memory);
    function toString(address value) external pure returns (string memory);
}

/// @dev An invariant handler that counts, by action, the calls that succeeded: `calls("claim")`.
interface ICounted {
    function calls(bytes32 action) external view returns (uint256);
}

/// @dev Base test: cheatcodes, bounded fuzz inputs and assertions that name what differed.
abstract contract Test {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    error AssertionFailed(string message);
    error AssertionEqUint(uint256 actual, uint256 expected, string message);
    error AssertionEqAddress(address actual, address expected, string message);
    error AssertionEqBytes32(bytes32 actual, bytes32 expected, string message);
    error AssertionGe(uint256 actual, uint256 least, string message);
    error AssertionApproxEq(uint256 actual, uint256 expected, uint256 tolerance, string message);
    error AssertionReach(string action, uint256 succeeded, uint256 runs, uint256 leastPer8Runs);

    bool public IS_TEST = true;

    function assertTrue(bool condition, string memory message) internal pure {
        if (!condition) revert AssertionFailed(message);
    }

    function assertEq(uint256 actual, uint256 expected, string memory message) internal pure {
        if (actual != expected) revert AssertionEqUint(actual, expected, message);
    }

    function assertEq(address actual, address expected, string memory message) internal pure {
        if (actual != expected) revert AssertionEqAddress(actual, expected, message);
    }

    function assertEq(bytes32 actual, bytes32 expected, string memory message) internal pure {
        if (actual != expected) revert AssertionEqBytes32(actual, expected, message);
    }

    function assertGe(uint256 actual, uint256 least, string memory message) internal pure {
        if (actual < least) revert AssertionGe(actual, least, message);
    }

    function assertGt(uint256 actual, uint256 below, string memory message) internal pure {
        if (!(actual > below)) revert AssertionGe(actual, below + 1, message);
    }

    /// @dev `actual` within `tolerance` of `expected`, either way.
    function assertApproxEqAbs(uint256 actual, uint256 expected, uint256 tolerance, string memory message)
        internal
        pure
    {
        uint256 diff = actual > expected ? actual - expected : expected - actual;
        if (diff > tolerance) revert AssertionApproxEq(actual, expected, tolerance, message);
    }

    /// @dev The reach of an invariant run, checked in `afterInvariant` (Foundry calls it after each run): the
    ///      handler counted no call `refusal` (a call refused that should have gone through). A handler whose calls
    ///      are all refused passes every invariant without reaching the states they are about.
    function assertNeverRefused(ICounted handler, string memory refusal) internal view {
        assertEq(handler.calls(bytes32(bytes(refusal))), 0, refusal);
    }

    /// @dev A reach minimum is per this many runs: an action a handler reaches one run in two can be held to it.
    uint256 internal constant REACH_PER_RUNS = 8;

    /// @dev How many runs a reach check waits for before judging: a run of 64 calls spread over a dozen actions
    ///      can miss an action by chance; over 32 runs a minimum a third of the usual count is not missed by chance.
    uint256 internal constant REACH_AFTER_RUNS = 32;

    /// @dev One invariant campaign's tally of successes, shared by its runs (see `assertReached`).
    struct Reach {
        ICounted handler;
        string key;
        uint256 runs; // this one included
    }

    /// @dev Starts the reach check of a run, in `afterInvariant`: counts the run into the campaign's tally. Foundry
    ///      resets the chain before each run, so the tally is kept in this process's environment, keyed by the
    ///      handler's address and code (the campaigns of one suite add to one tally).
    function reachOf(ICounted handler) internal returns (Reach memory reach) {
        reach.handler = handler;
        reach.key = string.concat(
            "TAICHI_REACH_",
            vm.toString(address(handler)),
            "_",
            vm.toString(uint256(address(handler).codehash))
        );
        reach.runs = _tally(string.concat(reach.key, "_runs"), 1);
        // once a campaign of the suite failed its reach, Foundry's shrinking replays short sequences: the tally
        // no longer says anything, and that failure is reported already
        if (vm.envOr(string.concat(reach.key, "_failed"), uint256(0)) != 0) reach.runs = 0;
    }

    /// @dev The reach of an invariant campaign: over its runs so far, `action` succeeded (the handler's
    ///      `calls(action)`) at least `least` times per `REACH_PER_RUNS` runs; judged once `REACH_AFTER_RUNS` runs
    ///      have added to the tally. A handler whose calls are all refused passes every invariant without reaching
    ///      the states they are about.
    function assertReached(Reach memory reach, string memory action, uint256 least) internal {
        uint256 thisRun = reach.handler.calls(bytes32(bytes(action)));
        uint256 total = _tally(string.concat(reach.key, "_", action), thisRun);
        if (reach.runs >= REACH_AFTER_RUNS && total * REACH_PER_RUNS < reach.runs * least) {
            vm.setEnv(string.concat(reach.key, "_failed"), "1");
            revert AssertionReach(action, total, reach.runs, least);
        }
    }

    function _tally(string memory key, uint256 added) private returns (uint256 total) {
        total = vm.envOr(key, uint256(0)) + added;
        vm.setEnv(key, vm.toString(total));
    }

    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        if (min > max) revert AssertionFailed("bound: min > max");
        uint256 size = max - min + 1;
        if (size == 0) return x; // the whole uint256 range
        return min + (x % size);
    }

    function makeAddr(string memory name) internal returns (address account) {
        account = vm.addr(uint256(keccak256(bytes(name))));
        vm.label(account, name);
    }
}
