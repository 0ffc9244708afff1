// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixture, idoSettingsOf} from "../utils/Fixture.sol";
import {ICounted, Vm} from "../utils/Test.sol";
import {Ido} from "../../src/Ido.sol";
import {IIdo} from "../../src/interfaces/IIdo.sol";
import {Presale} from "../../src/Presale.sol";
import {Usdt} from "../../src/mocks/Usdt.sol";
import {MockToken} from "../mocks/MockToken.sol";

/// @dev Drives the Ido through every member and admin path, in any order and at any time, with a pool of
///      members registered in a fixed random tree (plus two outsiders). Ghost variables record what the
///      calls that succeeded should have done.
contract IdoHandler {
    Vm private constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    uint256 public constant IDO_MAX = 6;
    uint256 private constant _MAX_ALLOTMENT = 10_000e18;

    Ido public immutable ido;
    Presale public immutable presale;
    Usdt public immutable usdt;
    MockToken public immutable token;
    address public immutable owner;
    address public immutable manager;

    address[] public actors;
    mapping(address account => bool) private _claimed;
    mapping(address account => uint256) public ghostPurchases;
    uint256 public ghostPayments;
    uint256 public ghostDirect;
    uint256 public ghostIndirect;
    uint256 public ghostRewardsClaimed;
    uint256 public ghostTokensClaimed;
    uint256 public ghostWithdrawn;
    bool public ghostWithdrawTookOwed;
    /// @dev A purchase with the buyer's terms ran outside them, or was refused for its terms while within them.
    bool public ghostTermsBroken;
    /// @dev The manager raised the price or cut an allotment, or was refused a repricing it may make.
    bool public ghostRepricingBroken;
    mapping(bytes32 call => uint256) public calls;

    constructor(Ido ido_, Presale presale_, Usdt usdt_, MockToken token_, address owner_, address manager_) {
        ido = ido_;
        presale = presale_;
        usdt = usdt_;
        token = token_;
        owner = owner_;
        manager = manager_;

        address root = presale.getConfig().root;
        actors.push(root);
        for (uint256 i = 1; i <= 13; ++i) {
            address account = address(uint160(0x5000 + i));
            actors.push(account);
            if (i <= 11) {
                // a random earlier member as referrer: a random tree rooted at the root
                address referrer = actors[uint256(keccak256(abi.encode(i))) % i];
                vm.prank(account);
                presale.register(referrer);
            }
        }
        for (uint256 i = 0; i < actors.length; ++i) {
            usdt.mint(actors[i], 10_000e18);
            vm.prank(actors[i]);
            usdt.approve(address(ido), type(uint256).max);
        }

        IIdo.Settings memory s = idoSettingsOf(ido.getConfig());
        s.idoMax = IDO_MAX;
        // a short schedule so that runs go through every phase: the priority window now, the sale for 12 hours
        // from 10 minutes on, claims an hour after it
        s.startTime = block.timestamp + 10 minutes;
        s.endTime = block.timestamp + 10 minutes + 12 hours;
        s.extractTime = block.timestamp + 10 minutes + 13 hours;
        vm.prank(owner);
        ido.setConfig(s);
        // funded for the whole sale: enough for every allotment the repricing below can make
        token.mint(address(ido), IDO_MAX * _MAX_ALLOTMENT);
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function _actor(uint256 seed) private view returns (address) {
        return actors[seed % actors.length];
    }

    function buy(uint256 seed) external {
        address account = _actor(seed);
        (, address referrer, address grandReferrer) = presale.getReferrers(account);
        IIdo.Config memory c = ido.getConfig();
        vm.prank(account);
        try ido.ido() {
            calls["buy"] += 1;
            calls["purchase"] += 1;
            ghostPurchases[account] += 1;
            ghostPayments += c.idoAmount;
            if (referrer != address(0)) ghostDirect += c.idoAmount * c.directRate / 10_000;
            if (grandReferrer != address(0)) ghostIndirect += c.idoAmount * c.indirectRate / 10_000;
        } catch {
            calls["buy refused"] += 1;
        }
    }

    /// A purchase with the terms the buyer was shown (`shift` 1), or with terms just short of the ones now (0: a
    /// price one wei lower, 2: one token wei more), as if they changed between the page and the transaction.
    function buyWithTerms(uint256 seed, uint256 shift) external {
        address account = _actor(seed);
        (, address referrer, address grandReferrer) = presale.getReferrers(account);
        IIdo.Config memory c = ido.getConfig();
        uint256 maxAmount = c.idoAmount - (shift % 3 == 0 ? 1 : 0);
        uint256 minTokens = ido.tokensFor(uint256(c.idoHas) + 1) + (shift % 3 == 2 ? 1 : 0);
        uint256 before = usdt.balanceOf(account);
        vm.prank(account);
        try ido.ido(maxAmount, minTokens) {
            calls["buyWithTerms"] += 1;
            calls["purchase"] += 1;
            ghostPurchases[account] += 1;
            ghostPayments += c.idoAmount;
            if (referrer != address(0)) ghostDirect += c.idoAmount * c.directRate / 10_000;
            if (grandReferrer != address(0)) ghostIndirect += c.idoAmount * c.indirectRate / 10_000;
            if (before - usdt.balanceOf(account) > maxAmount) ghostTermsBroken = true;
            if (ido.getUserInfo(account).rewardStatic < minTokens) ghostTermsBroken = true;
        } catch (bytes memory reason) {
            calls["buyWithTerms refused"] += 1;
            bytes4 selector = bytes4(reason);
            if (selector == IIdo.PriceAboveExpected.selector && !(c.idoAmount > maxAmount)) {
                ghostTermsBroken = true;
            }
            if (selector == IIdo.TokensBelowExpected.selector && shift % 3 != 2) ghostTermsBroken = true;
        }
    }

    /// The manager reprices at once: allowed before the first purchase when the price does not rise and no
    /// allotment falls, refused otherwise.
    function managerReprice(uint256 amount, uint256 tokens) external {
        IIdo.Config memory c = ido.getConfig();
        IIdo.Settings memory s = idoSettingsOf(c);
        s.idoAmount = 1e18 + amount % 100e18;
        s.idoTokens1 = 1 + tokens % _MAX_ALLOTMENT;
        bool allowed = c.idoHas == 0 && s.idoAmount <= c.idoAmount && s.idoTokens1 >= c.idoTokens1;
        vm.prank(manager);
        try ido.setConfig(s) {
            calls["managerReprice"] += 1;
            if (!allowed) ghostRepricingBroken = true;
        } catch {
            calls["managerReprice refused"] += 1;
            if (allowed) ghostRepricingBroken = true;
        }
    }

    /// A member claims its tokens: mostly a buyer (the first from the seed on, who waits for claims to open if
    /// they are not yet), sometimes anyone.
    function claim(uint256 seed) external {
        address account = _actor(seed);
        for (uint256 i = 0; i < actors.length && seed % 4 != 0; ++i) {
            address candidate = _actor(seed % actors.length + i);
            if (ido.getUserInfo(candidate).idoIndex == 0 || _claimed[candidate]) continue;
            account = candidate;
            uint256 opens = ido.getConfig().extractTime;
            if (block.timestamp < opens) vm.warp(opens);
            break;
        }
        uint256 before = token.balanceOf(account);
        vm.prank(account);
        try ido.claim() {
            calls["claim"] += 1;
            _claimed[account] = true;
            ghostTokensClaimed += token.balanceOf(account) - before;
        } catch {
            calls["claim refused"] += 1;
        }
    }

    /// A member claims its referral rewards: mostly one with some credited (the first from the seed on),
    /// sometimes anyone.
    function claimReward(uint256 seed) external {
        address account = _actor(seed);
        for (uint256 i = 0; i < actors.length && seed % 4 != 0; ++i) {
            address candidate = _actor(seed % actors.length + i);
            if (ido.getUserInfo(candidate).balanceReward != 0) {
                account = candidate;
                break;
            }
        }
        uint256 before = usdt.balanceOf(account);
        vm.prank(account);
        try ido.claimReward() {
            calls["claimReward"] += 1;
            ghostRewardsClaimed += usdt.balanceOf(account) - before;
        } catch {
            calls["claimReward refused"] += 1;
        }
    }

    function warp(uint256 delta) external {
        vm.warp(block.timestamp + delta % 4 hours);
    }

    function grantPriority(uint256 seed) external {
        address[] memory accounts = new address[](1);
        accounts[0] = _actor(seed);
        vm.prank(manager);
        ido.grantPriority(accounts);
    }

    /// Changes price and allotments mid-sale; earlier purchases keep theirs. Rates stay 5% / 3%.
    function reprice(uint256 amount, uint256 tokens) external {
        IIdo.Settings memory s = idoSettingsOf(ido.getConfig());
        s.idoAmount = 1e18 + amount % 100e18;
        s.idoTokens1 = 1 + tokens % _MAX_ALLOTMENT;
        s.idoTokens2 = 1 + (tokens >> 128) % _MAX_ALLOTMENT;
        vm.prank(ido.owner()); // the owner's once someone bought (the timelock after the handover)
        ido.setConfig(s);
    }

    /// Somebody sends USDT or tokens straight to the contract.
    function donate(uint256 amount, bool sold) external {
        if (sold) token.mint(address(ido), amount % 1000e18);
        else usdt.mint(address(ido), amount % 1000e18);
    }

    /// The manager tries to take any amount of USDT, and of the sold token: while the sale can still allot
    ///  tokens, always more than the surplus (the contract must refuse); once it cannot, any amount.
    function withdraw(uint256 amount, bool sold) external {
        address asset = sold ? address(token) : address(usdt);
        uint256 held = MockToken(asset).balanceOf(address(ido));
        IIdo.Config memory c = ido.getConfig();
        bool saleOver = c.idoHas == c.idoMax || block.timestamp > c.endTime;
        if (sold && !saleOver) amount = ido.withdrawable(asset) + 1 + amount % 1000e18;
        else amount = amount % (held + 1);
        vm.prank(manager);
        try ido.withdraw(asset, owner, amount) {
            calls["withdraw"] += 1;
            ghostWithdrawn += amount;
            (uint256 rewardsOwed, uint256 tokensOwed) = ido.owed();
            // buyers are owed the current sold token: one the owner replaced (behind the timelock) is owed to nobody
            bool owedToBuyers = !sold || ido.swapToken() == asset;
            uint256 owedHere = !owedToBuyers ? 0 : sold ? tokensOwed : rewardsOwed;
            if (MockToken(asset).balanceOf(address(ido)) < owedHere) ghostWithdrawTookOwed = true;
            if (owedToBuyers && sold && !saleOver) ghostWithdrawTookOwed = true; // more than the surplus got out
        } catch {
            calls["withdraw refused"] += 1;
        }
    }
}

contract IdoInvariantTest is Fixture {
    IdoHandler internal handler;
    address[] internal _targetedContracts;

    function setUp() public virtual override {
        super.setUp();
        handler = new IdoHandler(ido, presale, usdt, token, owner, manager);
        _targetedContracts.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    /// The campaign bought (with or without the terms read before), claimed tokens and referral rewards, and
    /// withdrew, each at least twice in eight runs.
    function afterInvariant() public virtual {
        Reach memory reach = reachOf(ICounted(address(handler)));
        assertReached(reach, "purchase", 2);
        assertReached(reach, "claim", 2);
        assertReached(reach, "claimReward", 2);
        assertReached(reach, "withdraw", 2);
    }

    function invariant_usdtHeldCoversRewardsOwed() public view {
        (uint256 rewards,) = ido.owed();
        assertTrue(usdt.balanceOf(address(ido)) >= rewards, "USDT held >= rewards owed");
        assertEq(
            rewards,
            handler.ghostDirect() + handler.ghostIndirect() - handler.ghostRewardsClaimed(),
            "rewards owed = credited - claimed"
        );
    }

    /// Funded for the whole sale at setup, the contract keeps enough tokens for every allotment.
    function invariant_tokensHeldCoverTokensOwed() public view {
        (, uint256 tokens) = ido.owed();
        assertTrue(token.balanceOf(address(ido)) >= tokens, "tokens held >= tokens owed");
        assertEq(
            tokens,
            ido.getTotals().totalTokens - handler.ghostTokensClaimed(),
            "tokens owed = allotted - claimed"
        );
    }

    function invariant_withdrawNeverTakesWhatIsOwed() public view {
        assertTrue(!handler.ghostWithdrawTookOwed(), "withdraw left less than owed");
    }

    function invariant_oneParticipationPerAddress() public view {
        uint256 n = handler.actorCount();
        uint256 participants;
        for (uint256 i = 0; i < n; ++i) {
            address account = handler.actors(i);
            uint256 bought = handler.ghostPurchases(account);
            assertTrue(bought <= 1, "at most one purchase per address");
            IIdo.User memory user = ido.getUserInfo(account);
            assertEq(user.idoIndex == 0 ? 0 : 1, bought, "record matches");
            if (bought == 1) assertEq(presale.users(account).index == 0 ? 0 : 1, 1, "buyers are registered");
            participants += bought;
        }
        assertEq(ido.getTotals().totalUser, participants, "totalUser counts participants");
        assertEq(ido.getConfig().idoHas, participants, "idoHas counts participants");
    }

    function invariant_purchasesKeepTheBuyersTerms() public view {
        assertTrue(!handler.ghostTermsBroken(), "a purchase broke the buyer's terms");
    }

    function invariant_onlyTheOwnerRaisesThePrice() public view {
        assertTrue(!handler.ghostRepricingBroken(), "the manager raised the price, or was refused a cut");
    }

    function invariant_idoHasWithinIdoMax() public view {
        IIdo.Config memory c = ido.getConfig();
        assertTrue(c.idoHas <= c.idoMax, "idoHas <= idoMax");
    }

    function invariant_referralCreditsAtMostEightPercent() public view {
        IIdo.Totals memory t = ido.getTotals();
        assertEq(t.totalAmount, handler.ghostPayments(), "payments");
        assertEq(t.totalDirect, handler.ghostDirect(), "direct credits");
        assertEq(t.totalIndirect, handler.ghostIndirect(), "indirect credits");
        assertTrue((t.totalDirect + t.totalIndirect) * 100 <= t.totalAmount * 8, "credits <= 8% of payments");
    }

    /// What the totals say is owed is exactly what the members' records add up to.
    function invariant_owedIsTheSumOfMembersBalances() public view {
        uint256 n = handler.actorCount();
        uint256 rewards;
        uint256 tokens;
        for (uint256 i = 0; i < n; ++i) {
            IIdo.User memory user = ido.getUserInfo(handler.actors(i));
            rewards += user.balanceReward;
            tokens += user.balance;
        }
        (uint256 owedRewards, uint256 owedTokens) = ido.owed();
        assertEq(rewards, owedRewards, "sum of balanceReward");
        assertEq(tokens, owedTokens, "sum of token balances");
    }

    /// Each member's lists hold exactly the buyers one and two levels below it in the registry.
    function invariant_inviteListsMatchTheTree() public view {
        uint256 n = handler.actorCount();
        address[] memory accounts = new address[](n);
        uint256[] memory direct = new uint256[](n);
        uint256[] memory indirect = new uint256[](n);
        for (uint256 i = 0; i < n; ++i) {
            accounts[i] = handler.actors(i);
        }
        for (uint256 j = 0; j < n; ++j) {
            if (handler.ghostPurchases(accounts[j]) == 0) continue;
            (, address referrer, address grandReferrer) = presale.getReferrers(accounts[j]);
            for (uint256 i = 0; i < n; ++i) {
                if (accounts[i] == referrer) ++direct[i];
                if (accounts[i] == grandReferrer) ++indirect[i];
            }
        }
        for (uint256 i = 0; i < n; ++i) {
            _checkLists(accounts[i], direct[i], indirect[i]);
        }
    }

    function _checkLists(address account, uint256 direct, uint256 indirect) private view {
        (IIdo.Invitee[] memory invites, uint256 invitesTotal) = ido.getInvitesInfo(account, 0, 100);
        assertEq(invitesTotal, direct, "direct total");
        assertEq(invites.length, direct, "direct list");
        for (uint256 k = 0; k < invites.length; ++k) {
            (, address referrer,) = presale.getReferrers(invites[k].account);
            assertEq(referrer, account, "direct invitee");
            if (k > 0) assertTrue(invites[k].idoIndex < invites[k - 1].idoIndex, "newest first, no repeats");
        }
        (IIdo.Invitee[] memory indirects, uint256 indirectsTotal) = ido.getIndirectsInfo(account, 0, 100);
        assertEq(indirectsTotal, indirect, "indirect total");
        assertEq(indirects.length, indirect, "indirect list");
        for (uint256 k = 0; k < indirects.length; ++k) {
            (, address referrer, address grandReferrer) = presale.getReferrers(indirects[k].account);
            assertEq(grandReferrer, account, "second-generation invitee");
            assertEq(indirects[k].refer, referrer, "through its referrer");
        }
    }
}
