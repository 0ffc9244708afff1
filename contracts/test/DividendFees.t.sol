// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {TokenFixture} from "./utils/TokenFixture.sol";
import {VmValues} from "./LpDividend.t.sol";
import {IFeeToken} from "../src/interfaces/IFeeToken.sol";
import {Presale} from "../src/Presale.sol";
import {LpDividend} from "../src/LpDividend.sol";
import {HoldDividend} from "../src/HoldDividend.sol";
import {NodeReward} from "../src/NodeReward.sol";

/// @dev The distributors wired to a real SwapToken (on the real Uniswap-V2 bytecode) as the deploy wires them:
///      the node share to NodeReward, the dividend share to HoldDividend; and an LpDividend paying the token to
///      the pair's LP holders.
contract DividendFeesTest is TokenFixture {
    address internal manager = makeAddr("manager");
    address internal carol = makeAddr("carol");
    Presale internal presale;
    HoldDividend internal hold;
    NodeReward internal nodes;
    LpDividend internal lpDividend;

    function setUp() public override {
        super.setUp();
        presale = Presale(
            address(
                new ERC1967Proxy(
                    address(new Presale()), abi.encodeCall(Presale.initialize, (owner, manager, owner))
                )
            )
        );
        hold = HoldDividend(
            address(
                new ERC1967Proxy(
                    address(new HoldDividend()),
                    abi.encodeCall(HoldDividend.initialize, (owner, address(presale), address(token)))
                )
            )
        );
        nodes = NodeReward(
            address(
                new ERC1967Proxy(
                    address(new NodeReward()),
                    abi.encodeCall(
                        NodeReward.initialize,
                        (owner, address(presale), address(token), [uint256(5000), 3000, 2000])
                    )
                )
            )
        );
        lpDividend = LpDividend(
            address(
                new ERC1967Proxy(
                    address(new LpDividend()),
                    abi.encodeCall(
                        LpDividend.initialize, (owner, address(presale), address(token), address(pair), 0)
                    )
                )
            )
        );
        IFeeToken.Accounts memory a = defaultAccounts();
        a.node = address(nodes);
        a.distributor = address(hold);
        vm.prank(owner);
        token.setAccounts(a);
        vm.warp(OPEN);
    }

    function test_buyFeesReachHoldersAndNodes() public {
        vm.startPrank(holder);
        token.transfer(alice, 1000 ether);
        token.transfer(bob, 3000 ether);
        vm.stopPrank();
        hold.updateUser(alice);
        hold.updateUser(bob);
        vm.roll(block.number + 1);
        hold.updateUser(alice);
        hold.updateUser(bob);
        vm.prank(manager);
        nodes.setUserForce(alice, true, false, false);

        buy(carol, 1000 ether);
        uint256 dividend = token.balanceOf(address(hold));
        uint256 nodeShare = token.balanceOf(address(nodes));
        assertTrue(dividend > 90 ether, "1% of the ~9,900 tokens bought reached the hold dividend");
        assertEq(nodeShare, dividend, "and as much the node reward");

        uint256 before = token.balanceOf(alice);
        vm.prank(alice);
        hold.claim();
        uint256 claimed = token.balanceOf(alice) - before;
        // short by less than 1 wei plus her part of the division carry (shares / 1e18 = 1,000 wei)
        assertTrue(claimed <= dividend / 4 && claimed + 1001 >= dividend / 4, "alice holds a quarter");
        vm.prank(alice);
        nodes.claim();
        assertEq(token.balanceOf(alice) - before - claimed, nodeShare / 2, "class A's half, one node");
        uint256 bobOwed = hold.users(bob).balance;
        assertTrue(
            bobOwed <= dividend * 3 / 4 && bobOwed + 3001 >= dividend * 3 / 4, "bob owed three quarters"
        );
    }

    /// @dev A rotation paying the fee token to 60 LP holders who already hold it: holders paid per 300,000 gas.
    /// forge-config: default.isolate = true
    function test_sendRewardWithTheFeeToken() public {
        uint256 n = 60;
        uint256 lpEach = pair.balanceOf(holder) / 100;
        for (uint256 i = 1; i <= n; ++i) {
            address a = address(uint160(0x200000 + i));
            vm.startPrank(holder);
            IERC20(address(pair)).transfer(a, lpEach);
            token.transfer(a, 1 ether);
            vm.stopPrank();
            lpDividend.addUser(a);
        }
        vm.roll(block.number + 1);
        for (uint256 i = 1; i <= n; ++i) {
            lpDividend.updateUser(address(uint160(0x200000 + i)));
        }
        vm.prank(holder);
        token.transfer(address(lpDividend), n * 1 ether);
        lpDividend.updatePool();
        lpDividend.sendReward(300_000);
        vm.snapshotGasLastCall("LpDividend", "sendReward(300000), SwapToken reward");
        uint256 paid = lpDividend.getConfig().nextIndex;
        VmValues(address(vm))
            .snapshotValue(
                "LpDividend", "holders paid per sendReward(300000), SwapToken reward (a count, not gas)", paid
            );
        assertTrue(paid >= 12, "at least 12 holders paid");
        // each holds 1/60 of the credited LP: 1 token less the division carry's part (under lp / 1e18 wei)
        for (uint256 i = 1; i <= paid; ++i) {
            uint256 got = token.balanceOf(address(uint160(0x200000 + i))) - 1 ether;
            assertTrue(got <= 1 ether && got + lpEach / 1e18 + 1 >= 1 ether, "paid its share");
        }
    }
}
