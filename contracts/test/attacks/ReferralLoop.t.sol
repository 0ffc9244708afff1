// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixture} from "../utils/Fixture.sol";
import {IPresale} from "../../src/interfaces/IPresale.sol";

/// @dev Referral loops: a cycle (A under B, B under A) would let referral and team income go round and credit its
///      own members forever. A binding is written once, only under an already registered referrer, never to
///      oneself, so every chain ends at the root (`PresaleInvariant.t.sol` keeps that over random registrations).
///      Here the cycle is tried directly, through the registry and through a registrar (the Ido). Self-referral
///      through a second account is a legitimate-looking tree: what it can earn is bounded by Staking's vesting
///      (`StakingRing.t.sol`, `StakingRingInvariant.t.sol`) and shown in docs/economics.md.
contract ReferralLoopTest is Fixture {
    address internal a = makeAddr("a");
    address internal b = makeAddr("b");
    address internal c = makeAddr("c");

    function test_aCycleCannotBeClosed() public {
        vm.prank(a);
        presale.register(root);
        vm.prank(b);
        presale.register(a);
        vm.prank(c);
        presale.register(b);

        // a (already under root) tries to bind under its own downline, directly and through the Ido
        vm.expectRevert(abi.encodeWithSelector(IPresale.AlreadyRegistered.selector, a));
        vm.prank(a);
        presale.register(c);
        vm.expectRevert(abi.encodeWithSelector(IPresale.AlreadyRegistered.selector, a));
        vm.prank(a);
        ido.register(b);
        // nor can the root rebind under anyone
        vm.expectRevert(abi.encodeWithSelector(IPresale.AlreadyRegistered.selector, root));
        vm.prank(root);
        presale.register(c);
        assertEq(presale.users(a).refer, root, "a stays under root");
    }

    function test_twoNewcomersCannotReferEachOther() public {
        address d = makeAddr("d");
        vm.expectRevert(abi.encodeWithSelector(IPresale.ReferrerNotRegistered.selector, d));
        vm.prank(c);
        presale.register(d);
        vm.expectRevert(abi.encodeWithSelector(IPresale.ReferrerNotRegistered.selector, c));
        vm.prank(d);
        presale.register(c);
        vm.expectRevert(IPresale.SelfReferral.selector);
        vm.prank(c);
        presale.register(c);
        assertEq(presale.users(c).index, 0, "c unregistered");
        assertEq(presale.users(d).index, 0, "d unregistered");
    }
}
