// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title TokenVault: receives a token's swap output for it
/// @notice A Uniswap-V2 pair refuses to send a swap's output to one of its own tokens, so a fee token swaps
///         into this vault, which lets its creator take the USDT back at once. It holds nothing between calls.
contract TokenVault {
    using SafeERC20 for IERC20;

    constructor(IERC20 usdt) {
        usdt.forceApprove(msg.sender, type(uint256).max);
    }
}
