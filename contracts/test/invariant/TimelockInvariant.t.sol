// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {idoSettingsOf} from "../utils/Fixture.sol";
import {TimelockFixture} from "../utils/TimelockFixture.sol";
import {TimelockHandler} from "../utils/TimelockHandler.sol";
import {IdoHandler, IdoInvariantTest} from "./IdoInvariant.t.sol";
import {Ido} from "../../src/Ido.sol";
import {IIdo} from "../../src/interfaces/IIdo.sol";

/// @dev The Ido's owner calls, scheduled through the timelock: reprices and reschedules, a new fund, a new sold
///      token, upgrades and withdrawals of any amount.
contract IdoTimelockHandler is TimelockHandler {
    Ido private immutable _ido;
    IdoHandler private immutable _members;
    address private immutable _nextImplementation;

    constructor(TimelockController timelock_, address proposer_, address guardian_, IdoHandler members)
        TimelockHandler(timelock_, proposer_, guardian_)
    {
        _members = members;
        _ido = members.ido();
        _nextImplementation = address(new Ido());
    }

    function _ownerCall(uint256 seed) internal view override returns (address target, bytes memory data) {
        target = address(_ido);
        uint256 kind = seed % 6;
        address actor = _members.actors((seed >> 8) % _members.actorCount());
        if (kind == 0) {
            data = abi.encodeCall(Ido.setConfig, (_settings(seed >> 16)));
        } else if (kind == 1) {
            data = abi.encodeCall(Ido.setFund, (actor));
        } else if (kind == 2) {
            data = abi.encodeCall(Ido.setSwapToken, (actor));
        } else if (kind == 3) {
            data = abi.encodeCall(UUPSUpgradeable.upgradeToAndCall, (_nextImplementation, ""));
        } else {
            address asset = kind == 4 ? address(_members.usdt()) : address(_members.token());
            data = abi.encodeCall(Ido.withdraw, (asset, actor, (seed >> 16) % 2000e18));
        }
    }

    /// @dev The current settings with a new price and allotment, or the claim time moved (later or earlier).
    function _settings(uint256 seed) private view returns (IIdo.Settings memory s) {
        IIdo.Config memory c = _ido.getConfig();
        s = idoSettingsOf(c);
        s.idoAmount = 1e18 + seed % 100e18;
        s.idoTokens1 = 1 + (seed >> 64) % 10_000e18;
        if (seed & 1 != 0) s.extractTime = c.endTime + (seed >> 128) % 30 days;
    }
}

/// @dev The Ido suite after the deploy's handover: every invariant of `IdoInvariantTest` must hold while the
///      timelock schedules, executes and cancels the owner's calls between the members' actions.
contract IdoTimelockInvariantTest is IdoInvariantTest, TimelockFixture {
    IdoTimelockHandler internal governance;

    function setUp() public override {
        super.setUp();
        address[] memory proxies = new address[](2);
        proxies[0] = address(presale);
        proxies[1] = address(ido);
        handOver(owner, proxies, new address[](0));
        governance = new IdoTimelockHandler(timelock, proposer, guardian, handler);
        _targetedContracts.push(address(governance));
    }

    function invariant_timelockRunsNothingBeforeItsTime() public view {
        assertTrue(!governance.ghostRanEarly(), "an operation ran before it was ready");
    }

    function invariant_cancelledOperationsNeverRun() public view {
        assertTrue(!governance.ghostCancelledRan(), "a cancelled operation ran");
        uint256 n = governance.operationCount();
        for (uint256 i = 0; i < n; ++i) {
            if (governance.isCancelled(i)) {
                assertTrue(!timelock.isOperation(governance.operationId(i)), "cancelled: gone from the queue");
            }
        }
    }

    function invariant_ownedByTheTimelock() public view {
        assertEq(ido.owner(), address(timelock), "Ido owner");
        assertEq(presale.owner(), address(timelock), "Presale owner");
    }
}
