// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Multicall3
/// @notice Batches view calls in one RPC request; the subset of the canonical Multicall3
///         (mds1/multicall) interface that viem and wagmi use, deployed locally.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Thrown when a call that does not allow failure reverts.
    error CallFailed(uint256 index);

    /// @notice Calls each target in order; reverts if a call without allowFailure fails.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i = 0; i < length; ++i) {
            Call3 calldata call = calls[i];
            // solhint-disable-next-line avoid-low-level-calls
            (bool success, bytes memory data) = call.target.call(call.callData);
            if (!success && !call.allowFailure) revert CallFailed(i);
            returnData[i] = Result(success, data);
        }
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256) {
        return block.timestamp;
    }

    function getEthBalance(address account) external view returns (uint256) {
        return account.balance;
    }

    function getChainId() external view returns (uint256) {
        return block.chainid;
    }
}
