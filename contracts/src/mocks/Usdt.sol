// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Usdt: a stand-in for BSC-USD (18 decimals) on local chains
/// @notice `mint` is an open faucet on the local chain (31337) only; elsewhere it reverts.
contract Usdt is ERC20 {
    uint256 public constant LOCAL_CHAIN_ID = 31337;

    /// @notice Thrown when `mint` is called on a chain other than the local one.
    error MintDisabled(uint256 chainId);

    constructor() ERC20("Tether USD", "USDT") {}

    /// @notice Mints `amount` to `to`; local chain only.
    function mint(address to, uint256 amount) external {
        if (block.chainid != LOCAL_CHAIN_ID) revert MintDisabled(block.chainid);
        _mint(to, amount);
    }
}
