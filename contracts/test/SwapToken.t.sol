// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {SwapToken} from "../src/SwapToken.sol";

contract SwapTokenTest is Test {
    address internal holder = makeAddr("holder");
    address internal alice = makeAddr("alice");
    SwapToken internal token;

    function setUp() public {
        token = new SwapToken(holder, 21_000_000 ether);
    }

    function test_constructor_mintsFixedSupplyToHolder() public view {
        assertEq(token.totalSupply(), 21_000_000 ether, "supply");
        assertEq(token.balanceOf(holder), 21_000_000 ether, "holder");
        assertEq(token.decimals(), 18, "decimals");
    }

    function test_transfer_movesBalance() public {
        vm.prank(holder);
        token.transfer(alice, 5 ether);
        vm.snapshotGasLastCall("SwapToken", "transfer");
        assertEq(token.balanceOf(alice), 5 ether, "alice");
    }

    function testFuzz_burn_lowersSupplyByAmount(uint256 amount) public {
        amount = bound(amount, 0, 21_000_000 ether);
        vm.prank(holder);
        token.burn(amount);
        assertEq(token.totalSupply(), 21_000_000 ether - amount, "supply");
        assertEq(token.balanceOf(holder), 21_000_000 ether - amount, "holder");
    }
}
