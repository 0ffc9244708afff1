// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixture} from "./Fixture.sol";
import {LpDividend} from "../../src/LpDividend.sol";
import {HoldDividend} from "../../src/HoldDividend.sol";
import {NodeReward} from "../../src/NodeReward.sol";
import {MockToken} from "../mocks/MockToken.sol";
import {deployHoldDividend, deployLpDividend, deployNodeReward} from "./Deploy.sol";

/// @dev The three distributors behind ERC1967 proxies on the fixture's registry (its manager administers them):
///      an LpDividend paying `reward` to holders of `lp`, a HoldDividend paying `held` to its own holders and a
///      NodeReward paying `reward` (rates A 50%, B 30%, C 20%). Block numbers start at 100.
abstract contract DividendFixture is Fixture {
    MockToken internal reward;
    MockToken internal lp;
    MockToken internal held;
    LpDividend internal lpDividend;
    HoldDividend internal holdDividend;
    NodeReward internal nodeReward;

    function setUp() public virtual override {
        super.setUp();
        vm.roll(100);
        reward = new MockToken("Reward", "RWD");
        lp = new MockToken("LP", "LP");
        held = new MockToken("Held", "HLD");
        lpDividend = deployLpDividend(owner, address(presale), address(reward), address(lp));
        holdDividend = deployHoldDividend(owner, address(presale), address(held));
        nodeReward = deployNodeReward(owner, address(presale), address(reward));
    }

    /// @dev Gives `account` `amount` LP and stakes it in `lpDividend`, then moves to the next block (where the
    ///      first call shares what arrived).
    function creditLp(address account, uint256 amount) internal {
        stakeLp(lpDividend, lp, account, amount);
        vm.roll(block.number + 1);
    }

    /// @dev Gives `account` `amount` of `lpToken` and stakes it in `d`.
    function stakeLp(LpDividend d, MockToken lpToken, address account, uint256 amount) internal {
        lpToken.mint(account, amount);
        vm.startPrank(account);
        lpToken.approve(address(d), amount);
        d.stake(amount);
        vm.stopPrank();
    }

    /// @dev Gives `account` `amount` held tokens and credits it like `creditLp`.
    function creditHeld(address account, uint256 amount) internal {
        held.mint(account, amount);
        holdDividend.updateUser(account);
        vm.roll(block.number + 1);
        holdDividend.updateUser(account);
    }
}
