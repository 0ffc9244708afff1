// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @dev A plain 18-decimals ERC20 with an open mint, for tests (the sold token, extra tokens).
contract MockToken is ERC20 {
    constructor(string memory name_, string memory symbol_) ERC20(name_, symbol_) {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

/// @dev Burns `feeBps` of every transfer between accounts: the recipient receives less than was sent.
contract FeeOnTransferToken is MockToken {
    uint256 public immutable feeBps;

    constructor(uint256 feeBps_) MockToken("Fee USD", "FUSD") {
        feeBps = feeBps_;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && to != address(0)) {
            uint256 fee = value * feeBps / 10_000;
            super._update(from, address(0), fee);
            value -= fee;
        }
        super._update(from, to, value);
    }
}

/// @dev Once armed, calls `target` with `data` at its next `_reenter()` and records whether that reentrant call
///      reverted and with what.
abstract contract ReentryRecorder {
    address public target;
    bytes public data;
    bool public armed;
    bool public attempted;
    bool public reentered;
    bytes public reentryError;

    function arm(address target_, bytes calldata data_) external {
        (target, data, armed) = (target_, data_, true);
    }

    function _reenter() internal {
        if (!armed) return;
        armed = false;
        attempted = true;
        (bool ok, bytes memory result) = target.call(data);
        reentered = ok;
        if (!ok) reentryError = result;
    }
}

/// @dev Calls `target` with `data` once, from inside its next transfer between accounts (as the token).
contract ReentrantToken is MockToken, ReentryRecorder {
    constructor() MockToken("Evil Token", "EVIL") {}

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (from != address(0) && to != address(0)) _reenter();
    }
}

/// @dev A USDT-style token whose `transfer`, `transferFrom` and `approve` return nothing (like Tether on
///      Ethereum): callers that expect a boolean revert, SafeERC20 accepts it.
contract NoReturnToken {
    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
    }

    function approve(address spender, uint256 amount) external {
        allowance[msg.sender][spender] = amount;
    }

    function transfer(address to, uint256 amount) external {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
    }

    function transferFrom(address from, address to, uint256 amount) external {
        allowance[from][msg.sender] -= amount;
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
    }
}
