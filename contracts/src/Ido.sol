// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IIdo} from "./interfaces/IIdo.sol";
import {IPresale} from "./interfaces/IPresale.sol";

/// @title Ido: the USDT presale of the product's token, behind an ERC1967 (UUPS) proxy
/// @notice Buyers come from the shared referral registry (Presale); see IIdo and docs/ido.md for the rules.
/// @dev Storage is laid out for the purchase path: a purchase writes one fresh slot (the buyer's record),
///      updates two slots of the referrer and one of the referrer's referrer, and two slots of totals.
///      - A member's direct invitees who bought form a list threaded through the buyers' records
///        (`Purchase.nextDirect`), newest first, so appending is O(1) and needs no slot of its own.
///      - A member's second-generation buyers are the union of the lists of its "branches": its direct
///        invitees that have at least one buyer among their own invitees. A branch joins its referrer's branch
///        list (`firstBranch` / `nextBranch`) when its first invitee buys, once.
///      - A buyer's price and allotment are not stored with the purchase: the purchase keeps the pricing
///        `version` it was made under, and every version's pricing is archived in `pricing`.
contract Ido is IIdo, Initializable, OwnableUpgradeable, UUPSUpgradeable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    /// @inheritdoc IIdo
    uint256 public constant RATE_DENOMINATOR = 10_000;
    /// @inheritdoc IIdo
    uint256 public constant MAX_RATE = 1000;
    /// @inheritdoc IIdo
    uint256 public constant PRIORITY_WINDOW = 20 minutes;
    /// @inheritdoc IIdo
    uint256 public constant MAX_PRIORITY_RIGHTS = 1000;

    uint256 private constant _ALGEBRA = 2;
    uint256 private constant _TIER2_FIRST = 1001; // participants 1-1000: tier 1
    uint256 private constant _TIER3_FIRST = 1501; // 1001-1500: tier 2, from 1501: tier 3
    uint256 private constant _MAX_IDO_MAX = type(uint16).max;
    uint256 private constant _MAX_IDO_AMOUNT = type(uint80).max;
    uint256 private constant _MAX_IDO_TOKENS = type(uint96).max;
    uint256 private constant _MAX_CLAIM_DELAY = 365 days; // extractTime at most this long after endTime

    /// @dev A member's own purchase, one slot. `priority` may be set before the purchase.
    struct Purchase {
        address nextDirect; // next-older buyer with the same referrer (zero ends the list)
        uint16 idoIndex; // participation number; 0: not bought
        uint40 idoTime;
        uint16 version; // pricing version the purchase was made under
        bool priority;
        bool claimed;
    }

    /// @dev A member's direct invitees who bought, newest first (one slot).
    struct Invites {
        address head;
        uint32 count;
    }

    /// @dev A member's referral credits (one slot). Amounts fit: a credit is at most 10% of a price
    ///      (< 2^80) per participation (< 2^16).
    struct Rewards {
        uint96 direct;
        uint96 indirect;
        uint32 indirectCount; // second-generation buyers
    }

    struct Member {
        Purchase purchase;
        Invites invites;
        Rewards rewards;
        address firstBranch; // newest direct invitee whose own invitees bought
        address nextBranch; // next-older branch of this member's referrer
        uint256 rewardClaimed;
    }

    /// @dev Price and allotments of one configuration version.
    struct Pricing {
        uint96 idoAmount;
        uint96 idoTokens1;
        uint96 idoTokens2;
        uint96 idoTokens3;
    }

    /// @custom:storage-location erc7201:taichi.storage.Ido
    struct IdoStorage {
        // read by every purchase; idoAmount and idoTokens1-3 mirror pricing[version]
        IERC20 usdt;
        uint80 idoAmount;
        uint16 version;
        IPresale presale;
        uint40 startTime;
        uint40 endTime;
        uint16 idoMax;
        address fund;
        uint96 idoTokens1;
        // read by later purchases, claims and views
        IERC20 swapToken;
        uint96 idoTokens2;
        uint96 idoTokens3;
        uint40 extractTime;
        uint16 priorityCount;
        // written by every purchase: idoHas shares the slot of the first two totals
        uint112 totalAmount;
        uint112 totalTokens;
        uint32 idoHas;
        uint112 totalDirect;
        uint112 totalIndirect;
        uint16 directRate;
        uint16 indirectRate;
        // written by claims
        uint128 totalExtract;
        uint128 totalRewardClaimed;
        mapping(address account => Member) members;
        mapping(uint256 version => Pricing) pricing;
    }

    // keccak256(abi.encode(uint256(keccak256("taichi.storage.Ido")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _STORAGE_LOCATION =
        0xe9f19ba3048f66a2b52418f56372a00a00327477538eef9e0c02f032a2888500;

    modifier onlyOwnerOrManager() {
        _checkOwnerOrManager();
        _;
    }

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Sets the owner, the registry, the tokens, the fund and the schedule; the rest of the
    ///         configuration starts at the product's values (5% / 3%, 50 USDT, 5000 / 4800 / 4600 tokens,
    ///         2000 participations). `swapToken_` may be zero until the token exists (`setSwapToken`).
    function initialize(
        address owner_,
        address presale_,
        address usdt_,
        address swapToken_,
        address fund_,
        uint256 startTime,
        uint256 endTime,
        uint256 extractTime
    ) external initializer {
        if (presale_ == address(0) || usdt_ == address(0) || fund_ == address(0)) {
            revert ZeroAddress();
        }
        __Ownable_init(owner_);
        IdoStorage storage $ = _storage();
        $.presale = IPresale(presale_);
        $.usdt = IERC20(usdt_);
        $.fund = fund_;
        emit FundUpdated(address(0), fund_);
        $.swapToken = IERC20(swapToken_);
        emit SwapTokenUpdated(address(0), swapToken_);
        _setConfig(
            $,
            Settings({
                directRate: 500,
                indirectRate: 300,
                idoAmount: 50e18,
                idoTokens1: 5000e18,
                idoTokens2: 4800e18,
                idoTokens3: 4600e18,
                idoMax: 2000,
                startTime: startTime,
                endTime: endTime,
                extractTime: extractTime
            })
        );
    }

    // ---------------------------------------------------------------------------------------------------
    // Members
    // ---------------------------------------------------------------------------------------------------

    /// @inheritdoc IIdo
    function register(address referCode) external {
        _storage().presale.registerFor(msg.sender, referCode);
    }

    /// @inheritdoc IIdo
    function ido() external nonReentrant {
        IdoStorage storage $ = _storage();
        uint256 idoIndex = _checkPurchase($);
        (uint256 amount, uint256 toFund) = _recordPurchase($, idoIndex);
        _collectPayment($, amount, toFund);
    }

    /// @inheritdoc IIdo
    function ido(uint256 maxAmount, uint256 minTokens) external nonReentrant {
        IdoStorage storage $ = _storage();
        uint256 idoIndex = _checkPurchase($);
        uint256 price = $.idoAmount;
        if (price > maxAmount) revert PriceAboveExpected(price, maxAmount);
        uint256 tokens = _currentTokens($, idoIndex);
        if (tokens < minTokens) revert TokensBelowExpected(tokens, minTokens);
        (uint256 amount, uint256 toFund) = _recordPurchase($, idoIndex);
        _collectPayment($, amount, toFund);
    }

    /// @inheritdoc IIdo
    function claim() external nonReentrant {
        IdoStorage storage $ = _storage();
        uint256 extractTime = $.extractTime;
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < extractTime) revert ClaimNotOpen(block.timestamp, extractTime);
        IERC20 token = $.swapToken;
        if (address(token) == address(0)) revert SwapTokenNotSet();
        Purchase storage purchase = $.members[msg.sender].purchase;
        uint256 idoIndex = purchase.idoIndex;
        if (idoIndex == 0) revert NotParticipant(msg.sender);
        if (purchase.claimed) revert AlreadyClaimed(msg.sender);

        uint256 tokens = _tierTokens($.pricing[purchase.version], idoIndex);
        purchase.claimed = true;
        $.totalExtract += tokens.toUint128();
        emit Claimed(msg.sender, tokens);

        token.safeTransfer(msg.sender, tokens);
    }

    /// @inheritdoc IIdo
    function claimReward() external nonReentrant {
        IdoStorage storage $ = _storage();
        Member storage member = $.members[msg.sender];
        Rewards memory rewards = member.rewards;
        uint256 amount = uint256(rewards.direct) + rewards.indirect - member.rewardClaimed;
        if (amount == 0) revert NothingToClaim(msg.sender);

        member.rewardClaimed += amount;
        $.totalRewardClaimed += amount.toUint128();
        emit RewardClaimed(msg.sender, amount);

        $.usdt.safeTransfer(msg.sender, amount);
    }

    // ---------------------------------------------------------------------------------------------------
    // Owner and manager
    // ---------------------------------------------------------------------------------------------------

    /// @inheritdoc IIdo
    function setConfig(Settings calldata settings) external {
        IdoStorage storage $ = _storage();
        if (msg.sender != owner()) {
            _checkOwnerOrManager();
            if ($.idoHas != 0) revert SaleHasBuyers($.idoHas);
            _checkNoPriceRaise($, settings);
        }
        _setConfig($, settings);
    }

    /// @inheritdoc IIdo
    function setFund(address fund_) external onlyOwner {
        if (fund_ == address(0)) revert ZeroAddress();
        IdoStorage storage $ = _storage();
        address previous = $.fund;
        $.fund = fund_;
        emit FundUpdated(previous, fund_);
    }

    /// @inheritdoc IIdo
    function setSwapToken(address token) external onlyOwner {
        if (token == address(0)) revert ZeroAddress();
        IdoStorage storage $ = _storage();
        address previous = address($.swapToken);
        // `withdraw` keeps what buyers are owed of the current token only: once buyers claimed some, or the Ido
        // holds all it owes of it, it stays (a rename would free buyers' tokens). Before that the owner may correct
        // it (behind the timelock's delay): a wei of a wrong token, which anyone can send, never locks it.
        uint256 delivered = $.totalExtract;
        if (delivered != 0) revert SwapTokenLocked(delivered);
        (, uint256 tokensOwed) = _owed($);
        if (tokensOwed != 0 && _heldOf(previous) > tokensOwed - 1) revert SwapTokenLocked(delivered);
        $.swapToken = IERC20(token);
        emit SwapTokenUpdated(previous, token);
    }

    /// @inheritdoc IIdo
    function grantPriority(address[] calldata accounts) external onlyOwnerOrManager {
        IdoStorage storage $ = _storage();
        uint256 count = $.priorityCount;
        for (uint256 i = 0; i < accounts.length; ++i) {
            address account = accounts[i];
            if (account == address(0)) revert ZeroAddress();
            Purchase storage purchase = $.members[account].purchase;
            if (purchase.priority) continue;
            purchase.priority = true;
            ++count;
            emit PriorityGranted(account);
        }
        if (count > MAX_PRIORITY_RIGHTS) revert PriorityRightsExceeded(count, MAX_PRIORITY_RIGHTS);
        $.priorityCount = count.toUint16();
    }

    /// @inheritdoc IIdo
    function revokePriority(address[] calldata accounts) external onlyOwnerOrManager {
        IdoStorage storage $ = _storage();
        uint256 count = $.priorityCount;
        for (uint256 i = 0; i < accounts.length; ++i) {
            Purchase storage purchase = $.members[accounts[i]].purchase;
            if (!purchase.priority) continue;
            purchase.priority = false;
            --count;
            emit PriorityRevoked(accounts[i]);
        }
        $.priorityCount = count.toUint16();
    }

    /// @inheritdoc IIdo
    function withdraw(address token, address to, uint256 amount) external onlyOwnerOrManager nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        uint256 available = _withdrawable(_storage(), token);
        if (amount > available) revert ExceedsWithdrawable(token, amount, available);
        emit Withdrawn(token, to, amount);
        IERC20(token).safeTransfer(to, amount);
    }

    // ---------------------------------------------------------------------------------------------------
    // Views
    // ---------------------------------------------------------------------------------------------------

    /// @inheritdoc IIdo
    function swapToken() external view returns (address) {
        return address(_storage().swapToken);
    }

    /// @inheritdoc IIdo
    function usdt() external view returns (address) {
        return address(_storage().usdt);
    }

    /// @inheritdoc IIdo
    function presale() external view returns (address) {
        return address(_storage().presale);
    }

    /// @inheritdoc IIdo
    function fund() external view returns (address) {
        return _storage().fund;
    }

    /// @inheritdoc IIdo
    function getUserInfo(address account) external view returns (User memory) {
        IdoStorage storage $ = _storage();
        Member storage member = $.members[account];
        Purchase memory purchase = member.purchase;
        Rewards memory rewards = member.rewards;
        IPresale.User memory registered = $.presale.users(account);
        Pricing memory pricing = $.pricing[purchase.version];
        uint256 tokens = _tierTokens(pricing, purchase.idoIndex);
        return User({
            index: registered.index,
            inviteCode: registered.refer,
            idoIndex: purchase.idoIndex,
            amount: purchase.idoIndex == 0 ? 0 : pricing.idoAmount,
            balance: purchase.claimed ? 0 : tokens,
            balanceReward: uint256(rewards.direct) + rewards.indirect - member.rewardClaimed,
            rewardStatic: tokens,
            rewardDirect: rewards.direct,
            rewardIndirect: rewards.indirect,
            idoTime: purchase.idoTime,
            refer: registered.refer
        });
    }

    /// @inheritdoc IIdo
    function getConfig() external view returns (Config memory) {
        IdoStorage storage $ = _storage();
        return Config({
            algebra: _ALGEBRA,
            dayTimes: 1 days,
            directRate: $.directRate,
            indirectRate: $.indirectRate,
            idoAmount: $.idoAmount,
            idoTokens1: $.idoTokens1,
            idoTokens2: $.idoTokens2,
            idoTokens3: $.idoTokens3,
            idoHas: $.idoHas,
            idoMax: $.idoMax,
            startTime: $.startTime,
            endTime: $.endTime,
            extractTime: $.extractTime
        });
    }

    /// @inheritdoc IIdo
    function getTotals() external view returns (Totals memory) {
        IdoStorage storage $ = _storage();
        return Totals({
            totalUser: $.idoHas,
            totalAmount: $.totalAmount,
            totalTokens: $.totalTokens,
            totalDirect: $.totalDirect,
            totalIndirect: $.totalIndirect,
            totalExtract: $.totalExtract
        });
    }

    /// @inheritdoc IIdo
    function owed() external view returns (uint256 rewards, uint256 tokens) {
        return _owed(_storage());
    }

    /// @inheritdoc IIdo
    function withdrawable(address token) external view returns (uint256) {
        return _withdrawable(_storage(), token);
    }

    /// @inheritdoc IIdo
    function tokensFor(uint256 idoIndex) external view returns (uint256) {
        IdoStorage storage $ = _storage();
        return _tierTokens($.pricing[$.version], idoIndex);
    }

    /// @inheritdoc IIdo
    function hasPriority(address account) external view returns (bool) {
        return _storage().members[account].purchase.priority;
    }

    /// @inheritdoc IIdo
    function priorityCount() external view returns (uint256) {
        return _storage().priorityCount;
    }

    /// @inheritdoc IIdo
    function getInvitesInfo(address account, uint256 offset, uint256 limit)
        external
        view
        returns (Invitee[] memory invitees, uint256 total)
    {
        IdoStorage storage $ = _storage();
        total = $.members[account].invites.count;
        invitees = new Invitee[](_pageSize(total, offset, limit));
        _fill($, invitees, 0, account, offset);
    }

    /// @inheritdoc IIdo
    function getIndirectsInfo(address account, uint256 offset, uint256 limit)
        external
        view
        returns (Invitee[] memory invitees, uint256 total)
    {
        IdoStorage storage $ = _storage();
        total = $.members[account].rewards.indirectCount;
        invitees = new Invitee[](_pageSize(total, offset, limit));
        uint256 filled;
        address branch = $.members[account].firstBranch;
        while (filled < invitees.length && branch != address(0)) {
            Member storage node = $.members[branch];
            uint256 count = node.invites.count;
            if (offset < count) {
                filled = _fill($, invitees, filled, branch, offset);
                offset = 0;
            } else {
                offset -= count;
            }
            branch = node.nextBranch;
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // Internals
    // ---------------------------------------------------------------------------------------------------

    function _checkOwnerOrManager() private view {
        if (msg.sender != owner() && msg.sender != _storage().presale.getConfig().manager) {
            revert NotOwnerOrManager(msg.sender);
        }
    }

    /// @dev The checks of `ido` other than registration; returns the caller's participation number.
    function _checkPurchase(IdoStorage storage $) private view returns (uint256 idoIndex) {
        Purchase storage purchase = $.members[msg.sender].purchase;
        // The sale window is defined in seconds; a validator's few seconds of drift do not matter to it.
        uint256 startTime = $.startTime;
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < startTime) {
            uint256 opensAt = startTime > PRIORITY_WINDOW ? startTime - PRIORITY_WINDOW : 0;
            // forge-lint: disable-next-line(block-timestamp)
            if (block.timestamp < opensAt) revert IdoNotStarted(block.timestamp, opensAt);
            if (!purchase.priority) revert NoPriorityRight(msg.sender, startTime);
        }
        uint256 endTime = $.endTime;
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp > endTime) revert IdoEnded(block.timestamp, endTime);
        idoIndex = uint256($.idoHas) + 1;
        if (idoIndex > $.idoMax) revert SoldOut($.idoMax);
        if (purchase.idoIndex != 0) revert AlreadyParticipated(msg.sender, purchase.idoIndex);
    }

    /// @dev The effects of `ido`: the buyer's record, the referral credits and lists, the totals.
    ///      Returns the price and the part of it that goes to the fund.
    function _recordPurchase(IdoStorage storage $, uint256 idoIndex)
        private
        returns (uint256 amount, uint256 toFund)
    {
        (bool registered, address referrer, address grandReferrer) = $.presale.getReferrers(msg.sender);
        if (!registered) revert NotRegistered(msg.sender);
        amount = $.idoAmount;
        uint256 tokens = _currentTokens($, idoIndex);

        Purchase storage purchase = $.members[msg.sender].purchase;
        purchase.idoIndex = idoIndex.toUint16();
        purchase.idoTime = block.timestamp.toUint40();
        purchase.version = $.version;
        uint256 directReward;
        uint256 indirectReward;
        if (referrer != address(0)) {
            directReward = amount * $.directRate / RATE_DENOMINATOR;
            purchase.nextDirect = _addInvitee($, referrer, grandReferrer, directReward);
        }
        if (grandReferrer != address(0)) {
            indirectReward = amount * $.indirectRate / RATE_DENOMINATOR;
            Rewards storage rewards = $.members[grandReferrer].rewards;
            rewards.indirect += indirectReward.toUint96();
            ++rewards.indirectCount;
        }
        $.totalAmount += amount.toUint112();
        $.totalTokens += tokens.toUint112();
        $.idoHas = idoIndex.toUint32();
        if (directReward != 0 || indirectReward != 0) {
            $.totalDirect += directReward.toUint112();
            $.totalIndirect += indirectReward.toUint112();
        }
        // Rates are at most 10% each, so the referral shares never exceed the payment.
        toFund = amount - directReward - indirectReward;
        emit Purchased(
            msg.sender, referrer, grandReferrer, idoIndex, amount, tokens, directReward, indirectReward
        );
    }

    /// @dev Credits `referrer` and puts the caller at the head of its invitees who bought; on the referrer's
    ///      first such invitee, also lists the referrer among `grandReferrer`'s branches. Returns the previous
    ///      head, the caller's next link.
    function _addInvitee(IdoStorage storage $, address referrer, address grandReferrer, uint256 reward)
        private
        returns (address previousHead)
    {
        Member storage node = $.members[referrer];
        Invites memory invites = node.invites;
        previousHead = invites.head;
        node.invites = Invites({head: msg.sender, count: invites.count + 1});
        node.rewards.direct += reward.toUint96();
        if (invites.count == 0 && grandReferrer != address(0)) {
            Member storage parent = $.members[grandReferrer];
            node.nextBranch = parent.firstBranch;
            parent.firstBranch = referrer;
        }
    }

    /// @dev Pulls exactly `amount` USDT from the buyer (measured, so fee-on-transfer tokens revert) and
    ///      forwards `toFund` of it; the referral shares stay here until claimed.
    function _collectPayment(IdoStorage storage $, uint256 amount, uint256 toFund) private {
        IERC20 usdt_ = $.usdt;
        uint256 balanceBefore = usdt_.balanceOf(address(this));
        usdt_.safeTransferFrom(msg.sender, address(this), amount);
        uint256 balanceAfter = usdt_.balanceOf(address(this));
        uint256 received = balanceAfter > balanceBefore ? balanceAfter - balanceBefore : 0;
        if (received != amount) revert PaymentMismatch(received, amount);
        if (toFund != 0) usdt_.safeTransfer($.fund, toFund);
    }

    /// @dev The current allotment of participation `idoIndex`, from the hot slots.
    function _currentTokens(IdoStorage storage $, uint256 idoIndex) private view returns (uint256) {
        if (idoIndex < _TIER2_FIRST) return $.idoTokens1;
        if (idoIndex < _TIER3_FIRST) return $.idoTokens2;
        return $.idoTokens3;
    }

    /// @dev The allotment of participation `idoIndex` under `pricing` (0 for participation 0).
    function _tierTokens(Pricing memory pricing, uint256 idoIndex) private pure returns (uint256) {
        if (idoIndex == 0) return 0;
        if (idoIndex < _TIER2_FIRST) return pricing.idoTokens1;
        if (idoIndex < _TIER3_FIRST) return pricing.idoTokens2;
        return pricing.idoTokens3;
    }

    function _owed(IdoStorage storage $) private view returns (uint256 rewards, uint256 tokens) {
        rewards = uint256($.totalDirect) + $.totalIndirect - $.totalRewardClaimed;
        tokens = uint256($.totalTokens) - $.totalExtract;
    }

    /// @dev What the Ido holds of `token`; 0 for an address that is not a token (the sold token may be set to one).
    function _heldOf(address token) private view returns (uint256) {
        if (token.code.length == 0) return 0;
        (bool ok, bytes memory data) = token.staticcall(abi.encodeCall(IERC20.balanceOf, (address(this))));
        return ok && data.length > 31 ? abi.decode(data, (uint256)) : 0;
    }

    function _withdrawable(IdoStorage storage $, address token) private view returns (uint256) {
        (uint256 rewards, uint256 tokens) = _owed($);
        uint256 reserved;
        if (token == address($.usdt)) reserved += rewards;
        if (token == address($.swapToken)) reserved += tokens;
        uint256 held = IERC20(token).balanceOf(address(this));
        return held > reserved ? held - reserved : 0;
    }

    function _setConfig(IdoStorage storage $, Settings memory settings) private {
        if (settings.directRate > MAX_RATE) revert RateTooHigh(settings.directRate, MAX_RATE);
        if (settings.indirectRate > MAX_RATE) revert RateTooHigh(settings.indirectRate, MAX_RATE);
        if (settings.idoAmount == 0 || settings.idoAmount > _MAX_IDO_AMOUNT) {
            revert IdoAmountOutOfRange(settings.idoAmount, _MAX_IDO_AMOUNT);
        }
        _checkTokens(settings.idoTokens1);
        _checkTokens(settings.idoTokens2);
        _checkTokens(settings.idoTokens3);
        if (settings.idoMax < $.idoHas || settings.idoMax > _MAX_IDO_MAX) {
            revert IdoMaxOutOfRange(settings.idoMax, $.idoHas, _MAX_IDO_MAX);
        }
        if (
            !(settings.startTime < settings.endTime) || settings.endTime > settings.extractTime
                || settings.extractTime > type(uint40).max
                || settings.extractTime > settings.endTime + _MAX_CLAIM_DELAY
        ) revert InvalidSchedule(settings.startTime, settings.endTime, settings.extractTime);
        // claims once open stay open: the manager cannot freeze what buyers are owed
        uint256 opened = $.extractTime;
        if (opened != 0 && !(block.timestamp < opened) && settings.extractTime > block.timestamp) {
            revert ClaimAlreadyOpen(opened);
        }

        Pricing memory pricing = Pricing({
            idoAmount: settings.idoAmount.toUint96(),
            idoTokens1: settings.idoTokens1.toUint96(),
            idoTokens2: settings.idoTokens2.toUint96(),
            idoTokens3: settings.idoTokens3.toUint96()
        });
        Pricing memory current = $.pricing[$.version];
        if (
            $.version == 0 || pricing.idoAmount != current.idoAmount
                || pricing.idoTokens1 != current.idoTokens1 || pricing.idoTokens2 != current.idoTokens2
                || pricing.idoTokens3 != current.idoTokens3
        ) {
            uint256 version = uint256($.version) + 1;
            $.version = version.toUint16();
            $.pricing[version] = pricing;
        }
        $.idoAmount = settings.idoAmount.toUint80();
        $.idoTokens1 = pricing.idoTokens1;
        $.idoTokens2 = pricing.idoTokens2;
        $.idoTokens3 = pricing.idoTokens3;
        $.directRate = settings.directRate.toUint16();
        $.indirectRate = settings.indirectRate.toUint16();
        $.idoMax = settings.idoMax.toUint16();
        $.startTime = settings.startTime.toUint40();
        $.endTime = settings.endTime.toUint40();
        $.extractTime = settings.extractTime.toUint40();
        emit ConfigUpdated(settings);
    }

    /// @dev The manager's repricing: the price may fall and the allotments grow, nothing against the buyers (a
    ///      member shown the terms may buy in the same block).
    function _checkNoPriceRaise(IdoStorage storage $, Settings calldata settings) private view {
        uint256 current = $.idoAmount;
        if (settings.idoAmount > current) revert PriceRaiseNeedsOwner(settings.idoAmount, current);
        _checkNoAllotmentCut(settings.idoTokens1, $.idoTokens1);
        _checkNoAllotmentCut(settings.idoTokens2, $.idoTokens2);
        _checkNoAllotmentCut(settings.idoTokens3, $.idoTokens3);
    }

    function _checkNoAllotmentCut(uint256 idoTokens, uint256 current) private pure {
        if (idoTokens < current) revert AllotmentCutNeedsOwner(idoTokens, current);
    }

    function _checkTokens(uint256 idoTokens) private pure {
        if (idoTokens == 0 || idoTokens > _MAX_IDO_TOKENS) {
            revert IdoTokensOutOfRange(idoTokens, _MAX_IDO_TOKENS);
        }
    }

    function _pageSize(uint256 total, uint256 offset, uint256 limit) private pure returns (uint256 size) {
        size = offset < total ? total - offset : 0;
        if (limit < size) size = limit;
    }

    /// @dev Copies `referrer`'s invitees who bought, from the `skip`-th newest, into `invitees` from
    ///      `filled` until it is full or the list ends; returns the new fill level.
    function _fill(
        IdoStorage storage $,
        Invitee[] memory invitees,
        uint256 filled,
        address referrer,
        uint256 skip
    ) private view returns (uint256) {
        address cursor = $.members[referrer].invites.head;
        for (; skip != 0 && cursor != address(0); --skip) {
            cursor = $.members[cursor].purchase.nextDirect;
        }
        while (filled < invitees.length && cursor != address(0)) {
            Purchase memory purchase = $.members[cursor].purchase;
            Pricing memory pricing = $.pricing[purchase.version];
            invitees[filled] = Invitee({
                account: cursor,
                refer: referrer,
                idoIndex: purchase.idoIndex,
                amount: pricing.idoAmount,
                tokens: _tierTokens(pricing, purchase.idoIndex),
                idoTime: purchase.idoTime
            });
            ++filled;
            cursor = purchase.nextDirect;
        }
        return filled;
    }

    function _authorizeUpgrade(address) internal override onlyOwner {}

    function _storage() private pure returns (IdoStorage storage $) {
        assembly {
            $.slot := _STORAGE_LOCATION
        }
    }
}
