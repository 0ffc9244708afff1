// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MockToken} from "./MockToken.sol";

/// @dev A reward token whose transfers to `blocked` revert (like a stablecoin's blocklist), or, with `burnGas`,
///      spin until they run out of gas.
contract HostileToken is MockToken {
    address public blocked;
    bool public burnGas;

    error Blocked(address account);

    constructor() MockToken("Hostile", "HOST") {}

    function block_(address account, bool burnGas_) external {
        blocked = account;
        burnGas = burnGas_;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (to == blocked && from != address(0)) {
            if (burnGas) {
                uint256 x;
                while (true) {
                    ++x;
                }
            }
            revert Blocked(to);
        }
        super._update(from, to, value);
    }
}
