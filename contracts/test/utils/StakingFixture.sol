// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Fixture} from "./Fixture.sol";
import {Staking} from "../../src/Staking.sol";
import {IStaking} from "../../src/interfaces/IStaking.sol";

/// @dev The base fixture plus a Staking proxy on its registry (made a registrar), paid in the fixture's USDT
///      and project token, with a reward pool of `POOL` of each.
abstract contract StakingFixture is Fixture {
    uint256 internal constant POOL = 1_000_000e18;
    uint256 internal constant APPROVAL = 1e38; // what the app approves

    Staking internal staking;

    function setUp() public virtual override {
        super.setUp();
        staking = deployStaking(address(usdt), address(token));
        usdt.mint(address(staking), POOL);
        token.mint(address(staking), POOL);
    }

    /// @dev A fresh Staking proxy on the fixture's registry (made a registrar), paid in `usdt_` / `token_`.
    function deployStaking(address usdt_, address token_) internal returns (Staking deployed) {
        deployed = Staking(
            address(
                new ERC1967Proxy(
                    address(new Staking()),
                    abi.encodeCall(Staking.initialize, (owner, address(presale), usdt_, token_))
                )
            )
        );
        vm.prank(owner);
        presale.setRegistrar(address(deployed), true);
    }

    /// @dev Registers `name` under `referrer` and gives it USDT and tokens approved to the staking contract.
    function member(string memory name, address referrer) internal returns (address account) {
        account = makeAddr(name);
        vm.prank(account);
        presale.register(referrer);
        fundMember(account);
    }

    function fundMember(address account) internal {
        usdt.mint(account, 10_000_000e18);
        token.mint(account, 10_000_000e18);
        vm.startPrank(account);
        usdt.approve(address(staking), APPROVAL);
        token.approve(address(staking), APPROVAL);
        vm.stopPrank();
    }

    function stake(address account, uint256 tier, uint256 amount) internal returns (uint256 index) {
        vm.prank(account);
        index = staking.deposit(tier, amount, true);
    }

    function settings() internal view returns (IStaking.Settings memory s) {
        IStaking.Config memory c = staking.getConfig();
        s = IStaking.Settings({
            addTime: c.addTime,
            dayTimes: c.dayTimes,
            algebra: c.algebra,
            feeRate: c.feeRate,
            handleGas: c.handleGas,
            swapRate: c.swapRate,
            buyRate: c.buyRate,
            selfRate: c.selfRate,
            inviteRate: c.inviteRate,
            equalRate: c.equalRate,
            fundRate: c.fundRate,
            fbPrice: c.fbPrice
        });
    }

    function configure(IStaking.Settings memory s) internal {
        vm.prank(owner);
        staking.setConfig(s);
    }

    function configureMulti(IStaking.ConfigMulti memory m) internal {
        vm.prank(owner);
        staking.setConfigMulti(m);
    }
}
