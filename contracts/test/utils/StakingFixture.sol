// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Fixture} from "./Fixture.sol";
import {DexDeployer} from "./DexDeployer.sol";
import {IUniswapV2Factory} from "../../src/interfaces/IUniswapV2.sol";
import {Staking} from "../../src/Staking.sol";
import {DataReader} from "../../src/DataReader.sol";
import {IStaking} from "../../src/interfaces/IStaking.sol";

/// @dev The base fixture plus a Staking proxy on its registry (made a registrar), configured as the deploy
///      script does, paid in the fixture's USDT and project token, with a reward pool of `POOL` of each.
abstract contract StakingFixture is Fixture, DexDeployer {
    uint256 internal constant POOL = 1_000_000e18;
    uint256 internal constant APPROVAL = 1e38; // what the app approves
    uint256 internal constant PRICE_WINDOW = 1 hours;
    uint256 internal constant PRICE_DEVIATION = 2000; // 20%
    uint256 internal constant LISTED_TOKENS = 1_000_000e18;

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
        uint16[5] memory rates = [uint16(20), 30, 40, 50, 45];
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

    /// @dev Lists the project token on a real Uniswap-V2 pair with USDT at `price` USDT per token (1,000,000
    ///      tokens of liquidity), points Staking's price oracle at it (`PRICE_WINDOW`, `PRICE_DEVIATION`) and
    ///      lets a window pass, so that token deposits are valued. Returns the pair and the router.
    function listToken(uint256 price) internal returns (address pair, address router) {
        address factory;
        (factory,, router) = deployDex(owner);
        pair = IUniswapV2Factory(factory).createPair(address(token), address(usdt));
        token.mint(pair, LISTED_TOKENS);
        usdt.mint(pair, LISTED_TOKENS * price / 1e18);
        IMintablePair(pair).mint(address(this));
        vm.prank(owner);
        staking.setPriceOracle(pair, PRICE_WINDOW, PRICE_DEVIATION);
        vm.warp(block.timestamp + PRICE_WINDOW);
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

/// @dev The pair function that adds liquidity sent to it beforehand.
interface IMintablePair {
    function mint(address to) external returns (uint256 liquidity);
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
