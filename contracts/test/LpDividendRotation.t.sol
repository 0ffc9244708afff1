// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {TokenFixture} from "./utils/TokenFixture.sol";
import {VmValues} from "./LpDividend.t.sol";
import {IFeeToken} from "../src/interfaces/IFeeToken.sol";
import {SwapToken} from "../src/SwapToken.sol";
import {deployLpDividend, deployPresale} from "./utils/Deploy.sol";
import {LpDividend} from "../src/LpDividend.sol";

/// @dev The security review's LP rotation replayed on the deploy's wiring: a BurnToken whose dividend fee share goes
///      to an LpDividend paying its USDT pair's LP, on the real Uniswap-V2 bytecode, the pair seeded as the local
///      deploy seeds it (1,000,000 tokens and 100,000 USDT, staked by their holder).
contract LpDividendRotationTest is TokenFixture {
    uint256 internal constant RING = 5;

    LpDividend internal lpDividend;
    IERC20 internal lpToken;
    address internal carol = makeAddr("carol");
    address[RING] internal ring;

    function deployToken(address quote) internal override returns (SwapToken) {
        return SwapToken(address(newBurnToken(quote)));
    }

    function setUp() public override {
        super.setUp();
        lpDividend =
            deployLpDividend(owner, address(deployPresale(owner, owner)), address(token), address(pair));
        lpToken = IERC20(address(pair));
        IFeeToken.Accounts memory a = defaultAccounts();
        a.distributor = address(lpDividend);
        vm.prank(owner);
        token.setAccounts(a);
        open();
        for (uint256 i = 0; i < RING; ++i) {
            ring[i] = address(uint160(0x5100 + i));
        }
        _stakeAll(holder);
    }

    /// @dev The ring adds about 10,000 USDT of liquidity and passes its LP through 5 of its accounts, a block
    ///      apart, with `updateUser` twice a block apart on each (the review's attack), and staking it in each
    ///      account in turn (unstaking it to pass it on). 80,000 USDT of third-party volume follows, then one
    ///      `sendReward` round. Before the fix every account kept a share of the same LP and the ring took several
    ///      times its fair share; now it earns exactly what one account staking that LP earns.
    function test_lpRotatedOverFiveAccountsEarnsAsOneAccount() public {
        uint256 ringLp = _addLiquidity(ring[0], 10_000 ether);
        for (uint256 i = 0; i < RING; ++i) {
            address member = ring[i];
            lpDividend.updateUser(member);
            vm.roll(block.number + 1);
            lpDividend.updateUser(member);
            _stakeAll(member);
            vm.roll(block.number + 1);
            if (i + 1 < RING) {
                vm.startPrank(member);
                lpDividend.unstake(ringLp);
                lpToken.transfer(ring[i + 1], ringLp);
                vm.stopPrank();
            }
        }
        uint256 waiting = token.balanceOf(address(lpDividend));
        buy(carol, 40_000 ether);
        sell(carol, token.balanceOf(carol));
        uint256 volumeDividend = token.balanceOf(address(lpDividend)) - waiting;
        vm.roll(block.number + 1);
        uint256 before = _ringBalance();
        lpDividend.sendReward(5_000_000);
        uint256 earned = _ringBalance() - before;

        uint256 honestLp = lpDividend.users(holder).staked;
        uint256 fairShare = volumeDividend * ringLp / (ringLp + honestLp);
        VmValues(address(vm))
            .snapshotValue("LpDividend", "rotation replay: the ring's earnings (wei)", earned);
        VmValues(address(vm))
            .snapshotValue("LpDividend", "rotation replay: one account's share (wei)", fairShare);
        assertTrue(volumeDividend > 700 ether, "1% of about 80,000 USDT of volume arrived");
        assertEq(lpDividend.getTotals().totalShares, ringLp + honestLp, "one share for the ring's LP");
        assertTrue(earned <= fairShare, "the ring earns no more than one account");
        assertTrue(earned + 2 + ringLp / 1e18 >= fairShare, "and as much, less the rounding");
        assertEq(lpDividend.pendingReward(ring[0]), 0, "nothing more owed to the ring");
    }

    function _addLiquidity(address account, uint256 usdtAmount) private returns (uint256 liquidity) {
        (uint256 reserveToken, uint256 reserveUsdt) = reserves();
        uint256 tokens = usdtAmount * reserveToken / reserveUsdt;
        vm.prank(holder);
        token.transfer(account, tokens);
        usdt.mint(account, usdtAmount);
        vm.startPrank(account);
        token.approve(address(router), tokens);
        usdt.approve(address(router), usdtAmount);
        router.addLiquidity(address(token), address(usdt), tokens, usdtAmount, 0, 0, account, block.timestamp);
        vm.stopPrank();
        liquidity = lpToken.balanceOf(account);
    }

    function _stakeAll(address account) private {
        uint256 amount = lpToken.balanceOf(account);
        vm.startPrank(account);
        lpToken.approve(address(lpDividend), amount);
        lpDividend.stake(amount);
        vm.stopPrank();
    }

    function _ringBalance() private view returns (uint256 sum) {
        for (uint256 i = 0; i < RING; ++i) {
            sum += token.balanceOf(ring[i]);
        }
    }
}
