// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingFixture} from "../utils/StakingFixture.sol";
import {path} from "../utils/DexDeployer.sol";
import {IStaking} from "../../src/interfaces/IStaking.sol";
import {IUniswapV2Pair, IUniswapV2Router} from "../../src/interfaces/IUniswapV2.sol";

/// @dev What a member was shown is what the member gets. Replays: the manager turns the 30-day tier into
///      3,000 days at 1 bp a day right before a member's 1,000 USDT deposit; the pool price halves (0.10 to
///      0.05 USDT, an outside seller) right after a price observation, and a member stakes tokens.
contract TermsUnderTheMemberTest is StakingFixture {
    event log_named_decimal_uint(string key, uint256 val, uint256 decimals);

    address internal alice;

    function setUp() public override {
        super.setUp();
        alice = member("alice", root);
    }

    function _longTier() internal pure returns (IStaking.ConfigMulti memory m) {
        m = initialMulti();
        m.stakeDays[1] = 3000;
        m.stakeRates[1] = 1;
    }

    /// The manager cannot lengthen a tier's lock or lower its rate at once: the owner's, behind the timelock.
    function test_managersLongerLock_isTheOwners() public {
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(IStaking.OwnerOnlyChange.selector, "stakeDays", 1));
        staking.setConfigMulti(_longTier());
        IStaking.ConfigMulti memory lower = initialMulti();
        lower.stakeRates[3] = 49;
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(IStaking.OwnerOnlyChange.selector, "stakeRates", 3));
        staking.setConfigMulti(lower);
        // in members' favour it stays immediate
        IStaking.ConfigMulti memory better = initialMulti();
        better.stakeDays[1] = 25;
        better.stakeRates[1] = 31;
        vm.prank(manager);
        staking.setConfigMulti(better);
        assertEq(staking.getConfigMulti().stakeDays[1], 25, "a shorter lock at once");
    }

    /// Even the owner's change, landing right before the member's deposit, cannot open an order on terms the
    /// member did not see: the deposit carries the 30 days at 30 bp it was shown and reverts.
    function test_tierChangedRightBeforeTheDeposit_revertsTheDeposit() public {
        configureMulti(_longTier());
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.TermsChanged.selector, 1, 3000, 1));
        staking.deposit(1, 1000e18, true, 30, 30, 1000e18);
        // on the terms it was shown now, it opens
        vm.prank(alice);
        uint256 index = staking.deposit(1, 1000e18, true, 3000, 1, 1000e18);
        assertEq(staking.orders(index).lockDay, 3000, "the terms it accepted");
    }

    /// The manager may lower fbPrice at once (it protects members) but not raise it.
    function test_fbPrice_lowerAtOnceRaiseByTheOwner() public {
        IStaking.Settings memory s = settings();
        s.fbPrice = s.fbPrice / 2;
        vm.prank(manager);
        staking.setConfig(s);
        assertEq(staking.getConfig().fbPrice, s.fbPrice, "lowered by the manager");
        s.fbPrice = s.fbPrice * 3;
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(IStaking.OwnerOnlyChange.selector, "fbPrice", 0));
        staking.setConfig(s);
        s.fbPrice = s.fbPrice / 3;
        s.inviteRate = 900; // anything else, even with a lower price
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(IStaking.OwnerOnlyChange.selector, "fbPrice", 0));
        staking.setConfig(s);
    }

    /// Right after an observation an outside seller halves the pool price; a member buys 100 USDT of tokens and
    /// stakes them as 100 USDT. Before: valued at the average (0.10), the order counted 100 USDT for tokens worth
    /// 46.21. Now it is valued at the pool price: the member pays the tokens 100 USDT is worth now.
    function test_priceDropAfterAnObservation_valuesAtThePoolPrice() public {
        (, address router_) = listToken(0.1e18);
        IUniswapV2Router router = IUniswapV2Router(router_);
        IStaking.Settings memory s = settings();
        s.fbPrice = 0.1e18;
        configure(s);
        staking.updatePrice();
        _halveThePool(router);
        uint256 spot = router.getAmountsOut(1e18, path(address(token), address(usdt)))[1];
        assertTrue(spot < 0.051e18, "the pool halved");
        uint256 before = token.balanceOf(alice);
        vm.prank(alice);
        staking.deposit(1, 100e18, false);
        uint256 paid = before - token.balanceOf(alice);
        // what the tokens fetch on the pool now is the 100 USDT the order counts (within the pool's 0.3% fee)
        uint256 worth = router.getAmountsOut(paid, path(address(token), address(usdt)))[1];
        emit log_named_decimal_uint("the 100 USDT order's tokens fetch on the pool (USDT)", worth, 18);
        assertTrue(worth * 1000 >= 100e18 * 990, "tokens worth the 100 USDT credited, not 46");
    }

    /// A member who saw the token price before the drop sends the most tokens it agreed to pay: refused.
    function test_priceDrop_refusesMoreTokensThanShown() public {
        (address pair, address router_) = listToken(0.1e18);
        IUniswapV2Router router = IUniswapV2Router(router_);
        IStaking.Settings memory s = settings();
        s.fbPrice = 0.1e18;
        configure(s);
        _halveThePool(router);
        (uint256 r0, uint256 r1,) = IUniswapV2Pair(pair).getReserves();
        (uint256 tokens, uint256 usdts) = address(token) < address(usdt) ? (r0, r1) : (r1, r0);
        uint256 due = 100e18 * 1e18 / (usdts * 1e18 / tokens); // 100 USDT at the pool's price now
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PaymentTooHigh.selector, due, 1000e18));
        staking.deposit(1, 100e18, false, 30, 30, 1000e18);
    }

    /// An outside seller sells 415,000 tokens into the 1,000,000-token pool: 0.10 -> about 0.05 USDT a token.
    function _halveThePool(IUniswapV2Router router) internal {
        address seller = makeAddr("seller");
        token.mint(seller, 415_000e18);
        vm.startPrank(seller);
        token.approve(address(router), type(uint256).max);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            415_000e18, 0, path(address(token), address(usdt)), seller, block.timestamp
        );
        vm.stopPrank();
    }
}
