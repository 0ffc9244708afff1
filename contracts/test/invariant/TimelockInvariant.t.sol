// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {idoSettingsOf} from "../utils/Fixture.sol";
import {TimelockFixture} from "../utils/TimelockFixture.sol";
import {ICounted} from "../utils/Test.sol";
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

    constructor(
        TimelockController timelock_,
        address proposer_,
        address guardian_,
        address formerOwner_,
        uint256 delay_,
        IdoHandler members
    ) TimelockHandler(timelock_, proposer_, guardian_, formerOwner_, delay_) {
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
        governance = new IdoTimelockHandler(timelock, proposer, guardian, owner, DELAY, handler);
        _targetedContracts.push(address(governance));
    }

    /// Beside the members' actions, the timelock scheduled and executed owner calls, each at least twice in eight
    /// runs, and cancelled at least once in eight.
    function afterInvariant() public override {
        super.afterInvariant();
        Reach memory reach = reachOf(ICounted(address(governance)));
        assertReached(reach, "schedule", 2);
        assertReached(reach, "execute", 2);
        assertReached(reach, "cancel", 1);
    }

    /// The owner powers are the timelock's alone: no direct owner call by the former owner, the proposer or the
    /// guardian went through, and none of them holds the timelock's admin role; the former owner holds no role.
    function invariant_onlyTheTimelockMakesOwnerCalls() public view {
        assertTrue(!governance.ghostOwnerCallBypassed(), "an owner call went through without the timelock");
        bytes32[4] memory roles = [
            timelock.DEFAULT_ADMIN_ROLE(),
            timelock.PROPOSER_ROLE(),
            timelock.EXECUTOR_ROLE(),
            timelock.CANCELLER_ROLE()
        ];
        for (uint256 r = 0; r < 4; ++r) {
            assertTrue(!timelock.hasRole(roles[r], owner), "the former owner keeps no role");
        }
        assertTrue(timelock.hasRole(roles[0], address(timelock)), "the timelock is its own admin");
        assertTrue(!timelock.hasRole(roles[0], proposer), "the proposer is no admin");
        assertTrue(!timelock.hasRole(roles[0], guardian), "the guardian is no admin");
    }

    /// Every owner call waits the delay members are promised, and the guardian can only cancel.
    function invariant_theProjectsDelayAndTheGuardiansOnlyPower() public view {
        assertEq(timelock.getMinDelay(), DELAY, "minimum delay");
        assertTrue(!governance.ghostShorterDelayAccepted(), "a call was scheduled with less than the delay");
        assertTrue(!governance.ghostGuardianDidMoreThanCancel(), "the guardian scheduled or executed");
        assertTrue(!timelock.hasRole(timelock.PROPOSER_ROLE(), guardian), "the guardian proposes nothing");
        assertTrue(!timelock.hasRole(timelock.EXECUTOR_ROLE(), guardian), "the guardian executes nothing");
        assertTrue(timelock.hasRole(timelock.CANCELLER_ROLE(), guardian), "the guardian cancels");
    }

    function invariant_ownedByTheTimelock() public view {
        assertEq(ido.owner(), address(timelock), "Ido owner");
        assertEq(presale.owner(), address(timelock), "Presale owner");
    }
}
