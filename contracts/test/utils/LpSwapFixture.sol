// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Test} from "./Test.sol";
import {Presale} from "../../src/Presale.sol";
import {LpSwap} from "../../src/LpSwap.sol";
import {MockToken} from "../mocks/MockToken.sol";

/// @dev Deploys the registry (for its manager) and an LpSwap behind an ERC1967 proxy, the way scripts/deploy
///      would: LP tokens of the pair (a plain ERC20 here), the project token, 1-day steps, 1% of the LP and 2%
///      of the tokens released a day.
abstract contract LpSwapFixture is Test {
    uint256 internal constant T0 = 1_700_000_000;
    uint256 internal constant DAY = 1 days;
    uint256 internal constant LP_RATE = 100;
    uint256 internal constant TOKEN_RATE = 200;

    address internal owner = makeAddr("owner");
    address internal manager = makeAddr("manager");
    address internal root = makeAddr("root");

    Presale internal presale;
    MockToken internal lp;
    MockToken internal token;
    LpSwap internal lpSwap;

    function setUp() public virtual {
        vm.chainId(31337);
        vm.warp(T0);
        presale = Presale(
            address(
                new ERC1967Proxy(
                    address(new Presale()), abi.encodeCall(Presale.initialize, (owner, manager, root))
                )
            )
        );
        lp = new MockToken("Pair LP", "LP");
        token = new MockToken("Taichi", "TAICHI");
        lpSwap = deployLpSwap(address(token));
    }

    function deployLpSwap(address token_) internal returns (LpSwap deployed) {
        deployed = LpSwap(
            address(
                new ERC1967Proxy(
                    address(new LpSwap()),
                    abi.encodeCall(
                        LpSwap.initialize,
                        (owner, address(presale), address(lp), token_, DAY, LP_RATE, TOKEN_RATE)
                    )
                )
            )
        );
    }

    /// @dev `account` locks `amount` freshly minted LP.
    function lockLP(address account, uint256 amount) internal {
        lp.mint(account, amount);
        vm.startPrank(account);
        lp.approve(address(lpSwap), amount);
        lpSwap.swapLP(amount);
        vm.stopPrank();
    }

    /// @dev `account` locks `amount` freshly minted project tokens.
    function lockToken(address account, uint256 amount) internal {
        token.mint(account, amount);
        vm.startPrank(account);
        token.approve(address(lpSwap), amount);
        lpSwap.swapToken(amount);
        vm.stopPrank();
    }

    /// @dev The reference schedule: ceil(amount * rate / 10000) per full day, capped at the amount.
    function releasedAfter(uint256 amount, uint256 rate, uint256 days_) internal pure returns (uint256 r) {
        uint256 daily = (amount * rate + 9999) / 10_000;
        r = days_ * daily;
        if (r > amount) r = amount;
    }
}
