// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Burnable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";

/// @title SwapToken: the project token sold in the presale and traded against USDT
/// @notice The whole supply is minted once to `holder`; nobody can mint more. Holders can burn.
contract SwapToken is ERC20, ERC20Burnable {
    constructor(address holder, uint256 supply) ERC20("Taichi", "TAICHI") {
        _mint(holder, supply);
    }
}
