// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TokenFixture, IRouterForTests, IPairForTests} from "./TokenFixture.sol";
import {ICounted, Vm} from "./Test.sol";
import {path} from "./DexDeployer.sol";
import {SwapToken} from "../../src/SwapToken.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";

/// @dev What the fee-token handlers share: four non-exempt actors funded with 200,000 tokens each (and the
///      router approved for their tokens, USDT and LP tokens), and the check after each action of whether the
///      supply rose or the pair's balance left its reserve. Only internal functions and views here: the fuzzed
///      actions are each handler's own.
abstract contract FeeTokenHandler {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    SwapToken public immutable token;
    Usdt public immutable usdt;
    IRouterForTests public immutable router;
    IPairForTests public immutable pair;

    address[] public actors;
    bool public ghostSupplyRose;
    bool public ghostPairUnbalanced;
    mapping(bytes32 call => uint256) public calls;

    /// @param firstActor the actors are the four addresses after it
    constructor(SwapToken token_, Usdt usdt_, IRouterForTests router_, address holder, uint160 firstActor) {
        token = token_;
        usdt = usdt_;
        router = router_;
        pair = IPairForTests(token_.swapPair());
        for (uint160 i = 1; i <= 4; ++i) {
            address actor = address(firstActor + i);
            actors.push(actor);
            vm.prank(holder);
            token.transfer(actor, 200_000 ether);
            vm.startPrank(actor);
            token.approve(address(router), type(uint256).max);
            usdt.approve(address(router), type(uint256).max);
            pair.approve(address(router), type(uint256).max);
            vm.stopPrank();
        }
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }

    /// @dev `actor` sells `amount` tokens for USDT through the router (fee-on-transfer path).
    function _sell(address actor, uint256 amount) internal {
        vm.prank(actor);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            amount, 0, path(address(token), address(usdt)), actor, block.timestamp
        );
    }

    function _check(uint256 supplyBefore) internal {
        if (token.totalSupply() > supplyBefore) ghostSupplyRose = true;
        (uint112 r0, uint112 r1,) = pair.getReserves();
        uint256 reserveToken = pair.token0() == address(token) ? r0 : r1;
        if (token.balanceOf(address(pair)) != reserveToken) ghostPairUnbalanced = true;
    }

    function _bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        if (max <= min) return min;
        return min + (x % (max - min + 1));
    }
}

/// @dev An invariant suite on a fee token: trading open, the handler `deployHandler` makes the only fuzz target,
///      a low swap threshold so that runs swap and liquify often, and the invariant every fee token keeps.
abstract contract FeeTokenInvariantBase is TokenFixture {
    address[] private _targetedContracts;
    FeeTokenHandler private _handler;

    function setUp() public virtual override {
        super.setUp();
        open();
        _handler = deployHandler();
        vm.prank(owner);
        token.setSwapSettings(500 ether, 500);
        _targetedContracts.push(address(_handler));
    }

    function deployHandler() internal virtual returns (FeeTokenHandler);

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    /// The campaign bought and sold through the router, each at least twice in eight runs.
    function afterInvariant() public {
        Reach memory reach = reachOf(ICounted(address(_handler)));
        assertReached(reach, "buy", 2);
        assertReached(reach, "sell", 2);
    }

    function invariant_pairBalanceEqualsReserve() public view {
        assertTrue(!_handler.ghostPairUnbalanced(), "pair balance != reserve after an action");
        assertPairBalanceIsReserve();
    }
}
