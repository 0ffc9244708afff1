// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixture} from "../utils/Fixture.sol";
import {ICounted} from "../utils/Test.sol";
import {Presale} from "../../src/Presale.sol";
import {IPresale} from "../../src/interfaces/IPresale.sol";

/// @dev Drives register() from a fixed pool of accounts with any referrer, good or bad.
contract PresaleHandler {
    Vm2 private constant vm = Vm2(address(uint160(uint256(keccak256("hevm cheat code")))));

    Presale public immutable presale;
    address[] public actors;
    mapping(address => uint256) public ghostInvites;
    mapping(bytes32 call => uint256) public calls;

    constructor(Presale presale_, address root) {
        presale = presale_;
        actors.push(root);
        for (uint256 i = 1; i < 24; ++i) {
            actors.push(address(uint160(0x1000 + i)));
        }
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function register(uint256 callerSeed, uint256 referrerSeed) external {
        address caller = actors[callerSeed % actors.length];
        address referrer = actors[referrerSeed % actors.length];
        vm.prank(caller);
        try presale.register(referrer) {
            calls["register"] += 1;
            ghostInvites[referrer] += 1;
        } catch {
            calls["register refused"] += 1;
        }
    }
}

interface Vm2 {
    function prank(address sender) external;
}

contract PresaleInvariantTest is Fixture {
    PresaleHandler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new PresaleHandler(presale, root);
        targetContract(address(handler));
    }

    function targetContract(address target) internal {
        _targetedContracts.push(target);
    }

    address[] private _targetedContracts;

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    /// The campaign registered members, about once a run or more (the tree is not left at the root).
    function afterInvariant() public {
        assertReached(reachOf(ICounted(address(handler))), "register", 8);
    }

    function invariant_totalUserCountsEverySuccessfulRegistration() public view {
        assertEq(presale.getConfig().totalUser, handler.calls("register") + 1, "total = registrations + root");
    }

    /// Every member's referrer registered strictly earlier, so following referrers always ends at the
    /// root: the tree has no loops.
    function invariant_referrersRegisteredEarlierAndTreeReachesRoot() public view {
        uint256 n = handler.actorCount();
        for (uint256 i = 0; i < n; ++i) {
            address account = handler.actors(i);
            IPresale.User memory user = presale.users(account);
            if (user.index == 0) continue;
            assertEq(
                user.invites,
                account == root ? handler.ghostInvites(root) : handler.ghostInvites(account),
                "invites"
            );
            (bool registered, address referrer, address grandReferrer) = presale.getReferrers(account);
            assertTrue(registered, "getReferrers: registered");
            assertEq(referrer, user.refer, "getReferrers: referrer");
            assertEq(grandReferrer, presale.users(user.refer).refer, "getReferrers: grand referrer");
            if (account == root) continue;
            assertTrue(presale.users(user.refer).index < user.index, "referrer earlier");
            address cursor = account;
            uint256 steps;
            while (cursor != root) {
                cursor = presale.users(cursor).refer;
                steps += 1;
                assertTrue(steps <= n, "reaches root");
            }
        }
    }
}
