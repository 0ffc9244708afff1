// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {Fixture} from "./utils/Fixture.sol";
import {Presale} from "../src/Presale.sol";
import {IPresale} from "../src/interfaces/IPresale.sol";

contract PresaleV2 is Presale {
    function version() external pure returns (uint256) {
        return 2;
    }
}

contract PresaleTest is Fixture {
    event Registered(address indexed account, address indexed referrer, uint256 index);
    event ManagerUpdated(address indexed previousManager, address indexed newManager);
    event RegistrarUpdated(address indexed registrar, bool allowed);

    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal registrar = makeAddr("registrar");

    function allowRegistrar() internal {
        vm.prank(owner);
        presale.setRegistrar(registrar, true);
    }

    function test_initialize_registersRootAsFirstMember() public view {
        IPresale.User memory user = presale.users(root);
        assertEq(user.index, 1, "root index");
        assertEq(user.refer, address(0), "root has no referrer");
        IPresale.Config memory config = presale.getConfig();
        assertEq(config.root, root, "root");
        assertEq(config.manager, manager, "manager");
        assertEq(config.totalUser, 1, "one member");
        assertEq(presale.owner(), owner, "owner");
    }

    function test_initialize_revertsOnSecondCall() public {
        vm.expectRevert(Initializable.InvalidInitialization.selector);
        presale.initialize(alice, alice, alice);
    }

    function test_implementation_cannotBeInitialized() public {
        Presale implementation = new Presale();
        vm.expectRevert(Initializable.InvalidInitialization.selector);
        implementation.initialize(alice, alice, alice);
    }

    function test_storageLocation_isErc7201Slot() public view {
        bytes32 expected =
            keccak256(abi.encode(uint256(keccak256("taichi.storage.Presale")) - 1)) & ~bytes32(uint256(0xff));
        // totalUser is the fourth field (mapping, manager, root, totalUser): slot + 3
        bytes32 stored = vm.load(address(presale), bytes32(uint256(expected) + 3));
        assertEq(uint256(stored), 1, "totalUser read at the ERC-7201 slot");
    }

    function test_register_bindsToReferrer() public {
        vm.warp(1_700_000_000);
        vm.expectEmit(true, true, false, true);
        emit Registered(alice, root, 2);
        vm.prank(alice);
        presale.register(root);
        vm.snapshotGasLastCall("Presale", "register");

        IPresale.User memory user = presale.users(alice);
        assertEq(user.index, 2, "index");
        assertEq(user.refer, root, "referrer");
        assertEq(user.registeredAt, 1_700_000_000, "time");
        assertEq(presale.users(root).invites, 1, "root invites");
        assertEq(presale.getConfig().totalUser, 2, "total");
    }

    function test_register_revertsWhenReferrerNotRegistered() public {
        vm.expectRevert(abi.encodeWithSelector(IPresale.ReferrerNotRegistered.selector, bob));
        vm.prank(alice);
        presale.register(bob);
    }

    function test_register_revertsOnZeroReferrer() public {
        vm.expectRevert(abi.encodeWithSelector(IPresale.ReferrerNotRegistered.selector, address(0)));
        vm.prank(alice);
        presale.register(address(0));
    }

    function test_register_revertsOnSelf() public {
        vm.expectRevert(IPresale.SelfReferral.selector);
        vm.prank(alice);
        presale.register(alice);
    }

    function test_register_revertsWhenAlreadyRegistered() public {
        vm.prank(alice);
        presale.register(root);
        vm.prank(bob);
        presale.register(root);
        vm.expectRevert(abi.encodeWithSelector(IPresale.AlreadyRegistered.selector, alice));
        vm.prank(alice);
        presale.register(bob);
        assertEq(presale.users(alice).refer, root, "referrer unchanged");
    }

    function test_register_rootCannotRebind() public {
        vm.prank(alice);
        presale.register(root);
        vm.expectRevert(abi.encodeWithSelector(IPresale.AlreadyRegistered.selector, root));
        vm.prank(root);
        presale.register(alice);
    }

    function test_setManager_onlyOwnerAndEvented() public {
        vm.expectRevert(
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, manager)
        );
        vm.prank(manager);
        presale.setManager(alice);

        vm.expectEmit(true, true, false, false);
        emit ManagerUpdated(manager, alice);
        vm.prank(owner);
        presale.setManager(alice);
        assertEq(presale.getConfig().manager, alice, "manager");
    }

    function test_upgrade_onlyOwnerKeepsState() public {
        vm.prank(alice);
        presale.register(root);
        address v2 = address(new PresaleV2());

        vm.expectRevert(abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        presale.upgradeToAndCall(v2, "");

        vm.prank(owner);
        presale.upgradeToAndCall(v2, "");
        assertEq(PresaleV2(address(presale)).version(), 2, "upgraded");
        assertEq(presale.users(alice).refer, root, "state kept");
    }

    function test_setRegistrar_onlyOwnerAndEvented() public {
        vm.expectRevert(
            abi.encodeWithSelector(OwnableUpgradeable.OwnableUnauthorizedAccount.selector, manager)
        );
        vm.prank(manager);
        presale.setRegistrar(registrar, true);

        vm.expectEmit(true, false, false, true);
        emit RegistrarUpdated(registrar, true);
        vm.prank(owner);
        presale.setRegistrar(registrar, true);
        assertTrue(presale.isRegistrar(registrar), "allowed");

        vm.expectEmit(true, false, false, true);
        emit RegistrarUpdated(registrar, false);
        vm.prank(owner);
        presale.setRegistrar(registrar, false);
        assertTrue(!presale.isRegistrar(registrar), "disallowed");
    }

    function test_setRegistrar_revertsOnZeroAddress() public {
        vm.expectRevert(IPresale.ZeroAddress.selector);
        vm.prank(owner);
        presale.setRegistrar(address(0), true);
    }

    function test_registerFor_bindsTheAccountNotTheCaller() public {
        allowRegistrar();
        vm.expectEmit(true, true, false, true);
        emit Registered(alice, root, 2);
        vm.prank(registrar);
        presale.registerFor(alice, root);
        assertEq(presale.users(alice).refer, root, "alice bound");
        assertEq(presale.users(registrar).index, 0, "the registrar itself is not registered");
        assertEq(presale.users(root).invites, 1, "root invites");
    }

    function test_registerFor_revertsForNonRegistrar() public {
        vm.expectRevert(abi.encodeWithSelector(IPresale.NotRegistrar.selector, alice));
        vm.prank(alice);
        presale.registerFor(alice, root);
    }

    function test_registerFor_revertsOnZeroAccount() public {
        allowRegistrar();
        vm.expectRevert(IPresale.ZeroAddress.selector);
        vm.prank(registrar);
        presale.registerFor(address(0), root);
    }

    function test_registerFor_appliesTheRulesOfRegister() public {
        allowRegistrar();
        vm.startPrank(registrar);
        vm.expectRevert(abi.encodeWithSelector(IPresale.ReferrerNotRegistered.selector, bob));
        presale.registerFor(alice, bob);
        vm.expectRevert(IPresale.SelfReferral.selector);
        presale.registerFor(alice, alice);
        presale.registerFor(alice, root);
        vm.expectRevert(abi.encodeWithSelector(IPresale.AlreadyRegistered.selector, alice));
        presale.registerFor(alice, root);
        vm.stopPrank();
    }

    function test_getReferrers_returnsTwoGenerations() public {
        vm.prank(alice);
        presale.register(root);
        vm.prank(bob);
        presale.register(alice);

        (bool registered, address referrer, address grandReferrer) = presale.getReferrers(bob);
        assertTrue(registered, "bob registered");
        assertEq(referrer, alice, "bob's referrer");
        assertEq(grandReferrer, root, "bob's grand referrer");
        (registered, referrer, grandReferrer) = presale.getReferrers(alice);
        assertTrue(registered, "alice registered");
        assertEq(referrer, root, "alice's referrer");
        assertEq(grandReferrer, address(0), "nobody above the root");
        (registered, referrer, grandReferrer) = presale.getReferrers(root);
        assertTrue(registered, "the root is registered");
        assertEq(referrer, address(0), "the root has no referrer");
        (registered, referrer,) = presale.getReferrers(registrar);
        assertTrue(!registered, "strangers are not");
        assertEq(referrer, address(0), "and have no referrer");
    }

    function testFuzz_register_chainKeepsIndicesAndReferrers(uint256 seed, uint8 count) public {
        uint256 n = bound(count, 1, 40);
        address[] memory members = new address[](n + 1);
        members[0] = root;
        for (uint256 i = 1; i <= n; ++i) {
            members[i] = address(uint160(uint256(keccak256(abi.encode(seed, i)))));
            vm.assume(members[i] != root);
            address referrer = members[uint256(keccak256(abi.encode(seed, i, "ref"))) % i];
            vm.prank(members[i]);
            presale.register(referrer);
            IPresale.User memory user = presale.users(members[i]);
            assertEq(user.index, i + 1, "sequential index");
            assertEq(user.refer, referrer, "referrer kept");
            assertTrue(presale.users(referrer).index < user.index, "referrer registered earlier");
        }
        assertEq(presale.getConfig().totalUser, n + 1, "total");
    }
}
