// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TokenFixture} from "./TokenFixture.sol";
import {path} from "./DexDeployer.sol";
import {IFeeToken} from "../../src/interfaces/IFeeToken.sol";

/// @dev The unit suites of the fee tokens (SwapToken, BurnToken, MiningToken): the fixture's token (a suite on
///      another token than the SwapToken overrides `deployToken`), alice holding 100,000 of it, and the helpers
///      those suites share.
abstract contract FeeTokenTestBase is TokenFixture {
    function setUp() public virtual override {
        super.setUp();
        vm.prank(holder);
        token.transfer(alice, 100_000 ether);
    }

    function fees(uint16 b, uint16 p, uint16 n, uint16 m, uint16 d)
        internal
        pure
        returns (IFeeToken.Fees memory)
    {
        return IFeeToken.Fees({burn: b, pool: p, node: n, market: m, dividend: d});
    }

    /// @dev `account`'s router buy for `usdtIn` USDT reverts: the token refused the pair's transfer to it.
    function assertBuyRefused(address account, uint256 usdtIn) internal {
        usdt.mint(account, usdtIn);
        vm.startPrank(account);
        usdt.approve(address(router), usdtIn);
        vm.expectRevert(bytes("UniswapV2: TRANSFER_FAILED"));
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            usdtIn, 0, path(address(usdt), address(token)), account, block.timestamp
        );
        vm.stopPrank();
    }
}
