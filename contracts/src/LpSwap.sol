// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ILpSwap} from "./interfaces/ILpSwap.sol";
import {IPresale} from "./interfaces/IPresale.sol";

/// @title LpSwap: LP tokens and project tokens locked and released per day, behind an ERC1967 (UUPS) proxy
/// @notice See ILpSwap and docs/tokens.md for the release schedule.
/// @dev A position releases `ceil(amount * rate / 10000)` per full day since its clock (`lastTime`), capped at
///      its amount, where `rate` is the larger of the position's own rate (the rate in force when it was
///      locked or last topped up by the member; 0 for positions from before it was stored) and the current
///      one: a raise speeds up every position, a cut only the positions locked after it. Settling moves the
///      clock by the whole days counted, so part-days carry over; a settled position that is fully released
///      restarts its clock at the next deposit. What is owed (locked or released, not claimed) is kept in two
///      totals, and the contract always holds at least them.
contract LpSwap is ILpSwap, Initializable, OwnableUpgradeable, UUPSUpgradeable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @inheritdoc ILpSwap
    uint256 public constant RATE_DENOMINATOR = 10_000;
    /// @inheritdoc ILpSwap
    uint256 public constant EXIT_WINDOW = 3 days;
    uint256 private constant _MAX_DAY_TIMES = 1 days;

    /// @dev One locked position (two slots). `rate` was appended in the free bits of the second slot.
    struct Position {
        uint128 amount;
        uint128 released;
        uint128 claimed;
        uint40 lastTime;
        uint16 rate;
    }

    struct Member {
        uint256 index;
        Position lp;
        Position token;
    }

    /// @custom:storage-location erc7201:taichi.storage.LpSwap
    struct LpSwapStorage {
        IERC20 lp;
        uint32 dayTimes;
        uint16 lpRate;
        uint16 tokenRate;
        uint32 totalUser;
        IERC20 token;
        IPresale presale;
        uint256 lpOwed;
        uint256 tokenOwed;
        mapping(address account => Member) members;
        Announcement announcement; // appended: see `announce`
    }

    /// @dev A change of implementation or owner the owner announced: it may land `EXIT_WINDOW` after `time`, and
    ///      until it lands members may close their positions early.
    struct Announcement {
        address implementation;
        uint64 time;
        address owner;
    }

    // keccak256(abi.encode(uint256(keccak256("taichi.storage.LpSwap")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _STORAGE_LOCATION =
        0x63e8e5535de2b0e8759a35b3a5ad8dadb76d79e428d5eb1ad65f927902aa3f00;

    modifier onlyOwnerOrManager() {
        _checkOwnerOrManager();
        _;
    }

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Sets the owner, the registry (for its manager), the LP and project tokens, the day length and
    ///         the daily release rates (basis points of a position a day, each in `[1, 10000]`).
    function initialize(
        address owner_,
        address presale_,
        address lp_,
        address token_,
        uint256 dayTimes,
        uint256 lpRate,
        uint256 tokenRate
    ) external initializer {
        if (presale_ == address(0) || lp_ == address(0) || token_ == address(0)) {
            revert ZeroAddress();
        }
        if (dayTimes == 0 || dayTimes > _MAX_DAY_TIMES) {
            revert DayTimesOutOfRange(dayTimes, 1, _MAX_DAY_TIMES);
        }
        __Ownable_init(owner_);
        LpSwapStorage storage $ = _storage();
        $.presale = IPresale(presale_);
        $.lp = IERC20(lp_);
        $.token = IERC20(token_);
        $.dayTimes = uint32(dayTimes);
        _setRates($, lpRate, tokenRate, true);
    }

    // ---------------------------------------------------------------- members

    /// @inheritdoc ILpSwap
    function swapLP(uint256 amount) external nonReentrant {
        _swapLP(amount, 0);
    }

    /// @inheritdoc ILpSwap
    function swapLP(uint256 amount, uint256 minLpRate) external nonReentrant {
        _swapLP(amount, minLpRate);
    }

    /// @inheritdoc ILpSwap
    function swapToken(uint256 amount) external nonReentrant {
        _swapToken(amount, 0);
    }

    /// @inheritdoc ILpSwap
    function swapToken(uint256 amount, uint256 minTokenRate) external nonReentrant {
        _swapToken(amount, minTokenRate);
    }

    /// @inheritdoc ILpSwap
    function claimLP() external nonReentrant {
        LpSwapStorage storage $ = _storage();
        Member storage m = $.members[msg.sender];
        uint256 lpOut = _claim(m.lp, $.lpRate, $.dayTimes);
        uint256 tokenOut = _claim(m.token, $.tokenRate, $.dayTimes);
        if (lpOut == 0 && tokenOut == 0) revert NothingToClaim();
        // each was part of what is owed
        unchecked {
            $.lpOwed -= lpOut;
            $.tokenOwed -= tokenOut;
        }
        emit Claimed(msg.sender, lpOut, tokenOut);
        if (lpOut != 0) $.lp.safeTransfer(msg.sender, lpOut);
        if (tokenOut != 0) $.token.safeTransfer(msg.sender, tokenOut);
    }

    /// @inheritdoc ILpSwap
    /// @dev Amounts locked after the announcement (by the member or by `sendLP`) are paid back too: they are the
    ///      member's own principal, held for it, and nothing else was paid out of them but claims.
    function closeEarly() external nonReentrant {
        LpSwapStorage storage $ = _storage();
        if ($.announcement.time == 0) revert NoEarlyClose();
        Member storage m = $.members[msg.sender];
        uint256 dayTimes = $.dayTimes;
        if (!_locked(m.lp, $.lpRate, dayTimes) && !_locked(m.token, $.tokenRate, dayTimes)) {
            revert NoEarlyClose();
        }
        uint256 lpOut = _end(m.lp);
        uint256 tokenOut = _end(m.token);
        // each was part of what is owed
        unchecked {
            $.lpOwed -= lpOut;
            $.tokenOwed -= tokenOut;
        }
        emit ClosedEarly(msg.sender, lpOut, tokenOut);
        if (lpOut != 0) $.lp.safeTransfer(msg.sender, lpOut);
        if (tokenOut != 0) $.token.safeTransfer(msg.sender, tokenOut);
    }

    // ---------------------------------------------------------------- admin

    /// @inheritdoc ILpSwap
    function announce(address implementation, address newOwner) external onlyOwner {
        uint256 time = implementation == address(0) && newOwner == address(0) ? 0 : block.timestamp;
        _storage().announcement = Announcement(implementation, uint64(time), newOwner);
        emit ChangeAnnounced(implementation, newOwner, time == 0 ? 0 : time + EXIT_WINDOW);
    }

    /// @inheritdoc ILpSwap
    function sendLP(address account, uint256 amount) external onlyOwnerOrManager nonReentrant {
        if (account == address(0)) revert ZeroAddress();
        LpSwapStorage storage $ = _storage();
        uint256 received = _pull($.lp, amount);
        _lock($, $.members[account], true, received, false);
        emit LPSwapped(account, msg.sender, received);
    }

    /// @inheritdoc ILpSwap
    function sendLPToWallet(address to, uint256 amount) external onlyOwnerOrManager nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        LpSwapStorage storage $ = _storage();
        uint256 held = $.lp.balanceOf(address(this));
        uint256 surplus = held > $.lpOwed ? held - $.lpOwed : 0;
        if (amount > surplus) revert SurplusExceeded(amount, surplus);
        emit LPSentToWallet(to, amount);
        $.lp.safeTransfer(to, amount);
    }

    /// @inheritdoc ILpSwap
    function setRates(uint256 lpRate, uint256 tokenRate) external {
        LpSwapStorage storage $ = _storage();
        bool byOwner = msg.sender == owner();
        if (!byOwner) _checkOwnerOrManager();
        _setRates($, lpRate, tokenRate, byOwner);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc ILpSwap
    function announcement()
        external
        view
        returns (address implementation, address newOwner, uint256 readyAt)
    {
        Announcement memory a = _storage().announcement;
        return (a.implementation, a.owner, a.time == 0 ? 0 : a.time + EXIT_WINDOW);
    }

    /// @inheritdoc ILpSwap
    function getUserInfo(address account) external view returns (UserInfo memory info) {
        LpSwapStorage storage $ = _storage();
        Member storage m = $.members[account];
        Position memory lp = m.lp;
        Position memory token = m.token;
        uint256 lpRate = _effectiveRate(lp, $.lpRate);
        uint256 tokenRate = _effectiveRate(token, $.tokenRate);
        (uint256 lpReleased,) = _released(lp, lpRate, $.dayTimes);
        (uint256 tokenReleased,) = _released(token, tokenRate, $.dayTimes);
        info = UserInfo({
            index: m.index,
            amountLP: lp.amount,
            claimLP: lp.claimed,
            pendingLP: lpReleased - lp.claimed,
            amountToken: token.amount,
            claimToken: token.claimed,
            pendingToken: tokenReleased - token.claimed,
            rateLP: lpRate,
            rateToken: tokenRate
        });
    }

    /// @inheritdoc ILpSwap
    function getConfig() external view returns (Config memory) {
        LpSwapStorage storage $ = _storage();
        return Config({algebra: 0, dayTimes: $.dayTimes, lpRate: $.lpRate, tokenRate: $.tokenRate});
    }

    /// @inheritdoc ILpSwap
    function getContracts() external view returns (address lp, address token, address presale) {
        LpSwapStorage storage $ = _storage();
        return (address($.lp), address($.token), address($.presale));
    }

    /// @inheritdoc ILpSwap
    function getTotals() external view returns (uint256 totalUser, uint256 lpOwed, uint256 tokenOwed) {
        LpSwapStorage storage $ = _storage();
        return ($.totalUser, $.lpOwed, $.tokenOwed);
    }

    // ---------------------------------------------------------------- internals

    /// @dev The member's LP lock, refused below `minRate` (0: no check).
    function _swapLP(uint256 amount, uint256 minRate) private {
        LpSwapStorage storage $ = _storage();
        _checkExpectedRate($.lpRate, minRate);
        uint256 received = _pull($.lp, amount);
        _lock($, $.members[msg.sender], true, received, true);
        emit LPSwapped(msg.sender, msg.sender, received);
    }

    /// @dev The member's token lock, refused below `minRate` (0: no check).
    function _swapToken(uint256 amount, uint256 minRate) private {
        LpSwapStorage storage $ = _storage();
        _checkExpectedRate($.tokenRate, minRate);
        uint256 received = _pull($.token, amount);
        _lock($, $.members[msg.sender], false, received, true);
        emit TokenSwapped(msg.sender, received);
    }

    /// @dev A member's lock moves the whole position to the current rate: it must be at least what the member saw.
    function _checkExpectedRate(uint256 rate, uint256 expected) private pure {
        if (rate < expected) revert RateBelowExpected(rate, expected);
    }

    /// @dev Takes `amount` of `asset` from the caller and returns what arrived (a fee token may keep some).
    function _pull(IERC20 asset, uint256 amount) private returns (uint256 received) {
        if (amount == 0) revert ZeroAmount();
        uint256 before = asset.balanceOf(address(this));
        asset.safeTransferFrom(msg.sender, address(this), amount);
        received = asset.balanceOf(address(this)) - before;
        if (received == 0) revert ZeroAmount();
    }

    /// @dev Settles the member's position at its effective rate, then adds `amount` to it and sets its own rate:
    ///      the current rate when the member tops up (`byMember`) or nothing is left locked; the effective rate
    ///      (never lower) when the owner or manager credits it. Registers the member on its first position.
    function _lock(LpSwapStorage storage $, Member storage m, bool isLp, uint256 amount, bool byMember)
        private
    {
        if (m.index == 0) {
            uint256 index = uint256($.totalUser) + 1;
            $.totalUser = uint32(index);
            m.index = index;
        }
        Position storage p = isLp ? m.lp : m.token;
        uint256 current = isLp ? $.lpRate : $.tokenRate;
        uint256 rate = _settle(p, current, $.dayTimes);
        uint256 total = uint256(p.amount) + amount;
        if (total > type(uint128).max) revert AmountTooLarge(amount, type(uint128).max - p.amount);
        // rates are within [1, RATE_DENOMINATOR]
        p.rate = uint16(byMember || !(p.released < p.amount) ? current : rate);
        p.amount = uint128(total);
        if (isLp) $.lpOwed += amount;
        else $.tokenOwed += amount;
    }

    /// @dev Whether part of the position is still locked now (not yet released at its effective rate).
    function _locked(Position storage p, uint256 current, uint256 dayTimes) private view returns (bool) {
        Position memory q = p;
        (uint256 released,) = _released(q, _effectiveRate(q, current), dayTimes);
        return released < q.amount;
    }

    /// @dev Ends the position and returns what was still owed of it (its amount less what was claimed). The
    ///      position is emptied, not marked fully released: a later lock starts a schedule of its own amount,
    ///      where a fully released position's daily step would count the amount paid back.
    function _end(Position storage p) private returns (uint256 out) {
        out = p.amount - p.claimed;
        delete p.amount;
        delete p.released;
        delete p.claimed;
        delete p.lastTime;
        delete p.rate;
    }

    /// @dev Settles the position and marks everything released as claimed; returns the amount to pay.
    function _claim(Position storage p, uint256 current, uint256 dayTimes) private returns (uint256 out) {
        _settle(p, current, dayTimes);
        out = p.released - p.claimed;
        p.claimed = p.released;
    }

    /// @dev Brings the position's released total and clock up to now at its effective rate, which it returns.
    function _settle(Position storage p, uint256 current, uint256 dayTimes) private returns (uint256 rate) {
        Position memory q = p;
        rate = _effectiveRate(q, current);
        (uint256 released, uint256 lastTime) = _released(q, rate, dayTimes);
        // released <= amount < 2^128; lastTime is a timestamp
        p.released = uint128(released);
        p.lastTime = uint40(lastTime);
    }

    /// @dev The rate the position releases at: its own rate or the current one, whichever is higher (a position
    ///      from before rates were stored has 0, so the current one). A position with nothing left to release
    ///      gets the current rate, the one its next deposit starts at.
    function _effectiveRate(Position memory p, uint256 current) private pure returns (uint256) {
        return p.released < p.amount && p.rate > current ? p.rate : current;
    }

    /// @dev What the position has released by now and the clock after settling: `ceil(amount * rate / 10000)`
    ///      per full day since `lastTime`, capped at the amount. A fully released position's clock restarts now.
    function _released(Position memory p, uint256 rate, uint256 dayTimes)
        private
        view
        returns (uint256 released, uint256 lastTime)
    {
        if (!(p.released < p.amount)) return (p.amount, block.timestamp);
        uint256 days_ = (block.timestamp - p.lastTime) / dayTimes;
        if (days_ == 0) return (p.released, p.lastTime);
        uint256 daily = (uint256(p.amount) * rate + RATE_DENOMINATOR - 1) / RATE_DENOMINATOR;
        released = uint256(p.released) + days_ * daily;
        if (released > p.amount) released = p.amount;
        lastTime = uint256(p.lastTime) + days_ * dayTimes;
    }

    /// @dev Sets both rates within range; `mayCut`: the caller may lower them (the owner, or the initializer).
    function _setRates(LpSwapStorage storage $, uint256 lpRate, uint256 tokenRate, bool mayCut) private {
        if (lpRate == 0 || lpRate > RATE_DENOMINATOR) revert RateOutOfRange(lpRate, 1, RATE_DENOMINATOR);
        if (tokenRate == 0 || tokenRate > RATE_DENOMINATOR) {
            revert RateOutOfRange(tokenRate, 1, RATE_DENOMINATOR);
        }
        if (!mayCut) {
            // a lower rate moves every later lock and top-up onto it: it is against members, so the owner's
            if (lpRate < $.lpRate) revert RateCutNeedsOwner(lpRate, $.lpRate);
            if (tokenRate < $.tokenRate) revert RateCutNeedsOwner(tokenRate, $.tokenRate);
        }
        $.lpRate = uint16(lpRate);
        $.tokenRate = uint16(tokenRate);
        emit RatesUpdated(lpRate, tokenRate);
    }

    function _checkOwnerOrManager() private view {
        if (msg.sender != owner() && msg.sender != _storage().presale.getConfig().manager) {
            revert NotOwnerOrManager(msg.sender);
        }
    }

    /// @dev Only an upgrade announced `EXIT_WINDOW` ago while anything is owed: members could leave meanwhile.
    function _authorizeUpgrade(address implementation) internal override onlyOwner {
        _landAnnounced(implementation, address(0));
    }

    /// @notice Only a transfer announced `EXIT_WINDOW` ago while anything is owed (see `announce`).
    function transferOwnership(address newOwner) public override onlyOwner {
        _landAnnounced(address(0), newOwner);
        super.transferOwnership(newOwner);
    }

    /// @dev Lets the announced change to `implementation` or `owner` land (the other one zero) once `EXIT_WINDOW`
    ///      has passed since its announcement, and ends the announcement; reverts otherwise. While nothing is owed
    ///      to members (a new deployment handing itself to the timelock) nothing needs announcing, and a change
    ///      that was announced still ends its announcement when it lands (members are not shown one that landed).
    function _landAnnounced(address implementation, address owner) private {
        LpSwapStorage storage $ = _storage();
        Announcement memory a = $.announcement;
        uint256 readyAt = a.time == 0 ? 0 : a.time + EXIT_WINDOW;
        bool matches = readyAt != 0
            && (implementation == address(0) ? owner == a.owner : implementation == a.implementation);
        if (($.lpOwed != 0 || $.tokenOwed != 0) && (!matches || block.timestamp < readyAt)) {
            revert NotAnnounced(implementation, owner, matches ? readyAt : 0);
        }
        if (matches) delete $.announcement;
    }

    function _storage() private pure returns (LpSwapStorage storage $) {
        assembly {
            $.slot := _STORAGE_LOCATION
        }
    }
}
