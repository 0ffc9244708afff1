// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Fixture} from "./Fixture.sol";
import {Staking} from "../../src/Staking.sol";
import {DataReader} from "../../src/DataReader.sol";
import {IStaking} from "../../src/interfaces/IStaking.sol";

/// @dev The base fixture plus a Staking proxy on its registry (made a registrar), configured as the deploy
///      script does, paid in the fixture's USDT and project token, with a reward pool of `POOL` of each.
abstract contract StakingFixture is Fixture {
    uint256 internal constant POOL = 1_000_000e18;
    uint256 internal constant APPROVAL = 1e38; // what the app approves

    Staking internal staking;
    DataReader internal reader; // over `staking`: getTotals, owed, orderIsUSDT

    function setUp() public virtual override {
        super.setUp();
        staking = deployStaking(address(usdt), address(token));
        reader = new DataReader(address(staking), address(0));
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
        vm.startPrank(owner);
        presale.setRegistrar(address(deployed), true);
        deployed.setConfigMulti(initialMulti());
        deployed.setConfig(initialSettings());
        vm.stopPrank();
    }

    /// @dev The configuration scripts/src/deploy.ts gives a new Staking (docs/economics.md, "Defaults").
    function initialSettings() internal pure returns (IStaking.Settings memory s) {
        s.dayTimes = 1 days;
        s.algebra = 3;
        s.inviteRate = 1000;
        s.equalRate = 500;
        s.fbPrice = 1e18;
    }

    /// @dev The tiers and levels scripts/src/deploy.ts gives a new Staking.
    function initialMulti() internal pure returns (IStaking.ConfigMulti memory m) {
        uint16[5] memory days_ = [uint16(7), 30, 90, 180, 360];
        uint16[5] memory rates = [uint16(20), 30, 40, 50, 60];
        for (uint256 t = 0; t < 5; ++t) {
            m.stakeDays[t] = days_[t];
            m.stakeRates[t] = rates[t];
            m.stakeStocks[t] = 10_000_000e18;
            m.stakeMins[t] = 100e18;
            m.stakeMaxs[t] = 100_000e18;
            m.stakeUserMaxs[t] = 200_000e18;
        }
        uint32[10] memory volumes = [uint32(1e3), 5e3, 1e4, 3e4, 1e5, 3e5, 1e6, 3e6, 1e7, 3e7];
        for (uint256 lvl = 0; lvl < 10; ++lvl) {
            m.inviteValids[lvl] = lvl + 1;
            m.teamAmounts[lvl] = uint256(volumes[lvl]) * 1e18;
            m.teamRates[lvl] = (lvl + 1) * 200;
        }
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

    function settings() internal view returns (IStaking.Settings memory) {
        return settingsOf(staking.getConfig());
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

/// @dev The settings `getConfig` reports, as `setConfig` takes them (to change one field).
function settingsOf(IStaking.Config memory c) pure returns (IStaking.Settings memory) {
    return IStaking.Settings({
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
