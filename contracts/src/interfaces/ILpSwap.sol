// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The LP swap (the spec's "swap contract"): LP tokens and project tokens locked and released per day
/// @notice A member locks LP tokens of the token/USDT pair (`swapLP`) or project tokens (`swapToken`); each
///         position is released linearly, a fixed share of its amount per full day (basis points of the amount a
///         day: the higher of the position's own rate, fixed when it was locked or last topped up, and the
///         current `lpRate` / `tokenRate`), and `claimLP` pays what has been released. The owner or the
///         registry's manager can credit a member with locked LP (`sendLP`) and take LP the contract holds
///         beyond what it owes (`sendLPToWallet`). While anything is owed to members, an upgrade or an ownership
///         transfer lands only `EXIT_WINDOW` after the owner announced it (`announce`), and meanwhile a member
///         may take back everything still owed to it (`closeEarly`). See docs/tokens.md.
/// @dev Admin calls are open to the owner and to the Presale registry's manager, but for lowering a rate (owner).
interface ILpSwap {
    /// @notice A member's positions.
    /// @param index Order of the member's first position, from 1; 0: none.
    /// @param amountLP LP tokens locked in total.
    /// @param claimLP LP tokens claimed.
    /// @param pendingLP LP tokens released and not yet claimed.
    /// @param amountToken Project tokens locked in total.
    /// @param claimToken Project tokens claimed.
    /// @param pendingToken Project tokens released and not yet claimed.
    /// @param rateLP Basis points of the LP position released a day: the higher of the position's own rate (the
    ///        rate when it was locked or last topped up) and the current `lpRate`; the current one when nothing
    ///        is left locked.
    /// @param rateToken The same for the token position.
    struct UserInfo {
        uint256 index;
        uint256 amountLP;
        uint256 claimLP;
        uint256 pendingLP;
        uint256 amountToken;
        uint256 claimToken;
        uint256 pendingToken;
        uint256 rateLP;
        uint256 rateToken;
    }

    /// @notice The configuration.
    /// @param algebra Referral generations paid (0: the LP swap pays no referral income).
    /// @param dayTimes Seconds per day, the release step (86400; shorter on test chains).
    /// @param lpRate LP released a day, basis points of the LP position.
    /// @param tokenRate Tokens released a day, basis points of the token position.
    struct Config {
        uint256 algebra;
        uint256 dayTimes;
        uint256 lpRate;
        uint256 tokenRate;
    }

    /// @notice Emitted when `account` locked `amount` LP tokens (its own, or credited by `sender`).
    event LPSwapped(address indexed account, address indexed sender, uint256 amount);
    /// @notice Emitted when `account` locked `amount` project tokens.
    event TokenSwapped(address indexed account, uint256 amount);
    /// @notice Emitted when `account` claimed released LP and project tokens.
    event Claimed(address indexed account, uint256 lp, uint256 tokens);
    /// @notice Emitted when surplus LP went to `to`.
    event LPSentToWallet(address indexed to, uint256 amount);
    /// @notice Emitted when the release rates change.
    event RatesUpdated(uint256 lpRate, uint256 tokenRate);
    /// @notice Emitted when the owner announces an upgrade to `implementation` and/or a transfer to `newOwner`
    ///         (zero: none; both zero withdraws the announcement); it may land from `readyAt`.
    event ChangeAnnounced(address implementation, address newOwner, uint256 readyAt);
    /// @notice Emitted when `account` closed its positions early while a change is announced: `lp` and `tokens`
    ///         paid back, everything still owed to it (locked, or released and not claimed).
    event ClosedEarly(address indexed account, uint256 lp, uint256 tokens);

    /// @notice Thrown when a required address is zero.
    error ZeroAddress();
    /// @notice Thrown when an amount is zero (or nothing arrived).
    error ZeroAmount();
    /// @notice Thrown when a release rate is outside `[1, RATE_DENOMINATOR]`.
    error RateOutOfRange(uint256 rate, uint256 min, uint256 max);
    /// @notice Thrown when `dayTimes` is outside `[1, 1 days]`.
    error DayTimesOutOfRange(uint256 dayTimes, uint256 min, uint256 max);
    /// @notice Thrown when an admin call comes from neither the owner nor the registry's manager.
    error NotOwnerOrManager(address caller);
    /// @notice Thrown when `claimLP` finds nothing released.
    error NothingToClaim();
    /// @notice Thrown when `sendLPToWallet` asks for more than the LP held beyond what is owed.
    error SurplusExceeded(uint256 amount, uint256 surplus);
    /// @notice Thrown when a position would exceed what the accounting holds.
    error AmountTooLarge(uint256 amount, uint256 max);
    /// @notice Thrown when a member's lock would start at a release rate (`rate`, basis points a day) below the one
    ///         the member was shown and passed (`expected`): the rate changed before the transaction ran.
    error RateBelowExpected(uint256 rate, uint256 expected);
    /// @notice Thrown when the manager would lower a release rate (`rate` below `current`): a cut is the owner's,
    ///         behind the timelock's delay.
    error RateCutNeedsOwner(uint256 rate, uint256 current);
    /// @notice Thrown when `closeEarly` finds no change announced, or nothing of the caller's left locked (claim
    ///         what was released with `claimLP` instead).
    error NoEarlyClose();
    /// @notice Thrown when an upgrade to `implementation` or an ownership transfer to `owner` was not announced, or
    ///         not `EXIT_WINDOW` ago (`readyAt`: when the announced one may land; 0 if none matches), while LP or
    ///         tokens are owed to members.
    error NotAnnounced(address implementation, address owner, uint256 readyAt);

    /// @notice Basis-points denominator of the rates (10000 = 100% a day).
    function RATE_DENOMINATOR() external view returns (uint256);

    /// @notice Locks `amount` LP tokens of the caller (approve first), released at `lpRate` a day. A top-up first
    ///         settles the position at its effective rate, then puts the whole position on the current `lpRate`
    ///         (lower than its own rate after a cut). Carries no check of the rate: a cut scheduled by the owner
    ///         that runs just before it applies; members' front ends send `swapLP(amount, minLpRate)`.
    function swapLP(uint256 amount) external;
    /// @notice `swapLP(amount)` with the member's terms: reverts with `RateBelowExpected(lpRate, minLpRate)` when
    ///         the current `lpRate`, the rate the whole position will release at, is below `minLpRate` (the rate
    ///         the member was shown).
    function swapLP(uint256 amount, uint256 minLpRate) external;
    /// @notice Locks `amount` project tokens of the caller (approve first), released at `tokenRate` a day; a
    ///         top-up puts the whole position on the current `tokenRate`, like `swapLP`. Carries no check of the
    ///         rate; members' front ends send `swapToken(amount, minTokenRate)`.
    function swapToken(uint256 amount) external;
    /// @notice `swapToken(amount)` with the member's terms: reverts with `RateBelowExpected(tokenRate,
    ///         minTokenRate)` when the current `tokenRate` is below `minTokenRate`.
    function swapToken(uint256 amount, uint256 minTokenRate) external;
    /// @notice Pays the caller its released LP and project tokens.
    function claimLP() external;
    /// @notice While an upgrade or an ownership change is announced (`announcement`), pays the caller everything
    ///         still owed to it at once, of both positions: what was released and not claimed and what is still
    ///         locked, its own LP and tokens less what it claimed (amounts locked after the announcement and LP
    ///         credited by `sendLP` included), and ends both positions: they are emptied (amounts and claims 0;
    ///         the member stays listed), and a later lock starts a schedule of its own. `ClosedEarly`;
    ///         `NoEarlyClose` with nothing announced or nothing of the caller's left locked.
    function closeEarly() external;
    /// @notice Takes `amount` LP tokens from the caller (owner or manager) and locks them for `account`; the
    ///         position keeps its effective rate (a credit never lowers it).
    function sendLP(address account, uint256 amount) external;
    /// @notice Sends `amount` of the LP held beyond what is owed to `to` (owner or manager).
    function sendLPToWallet(address to, uint256 amount) external;
    /// @notice Owner: announces an upgrade to `implementation` and/or an ownership transfer to `newOwner` (zero:
    ///         none); while LP or tokens are owed to members, `upgradeToAndCall` and `transferOwnership` accept
    ///         only what was announced `EXIT_WINDOW` ago, and members may `closeEarly` until it lands. Both zero
    ///         withdraws the announcement.
    function announce(address implementation, address newOwner) external;
    /// @notice Sets the daily release rates. A raise applies at once to every position, days not yet settled
    ///         included; a cut only to positions locked or topped up by their member after it. The manager may keep
    ///         or raise each rate; lowering either is the owner's (the timelock, so members see it coming):
    ///         `RateCutNeedsOwner(rate, current)` for the manager.
    function setRates(uint256 lpRate, uint256 tokenRate) external;

    /// @notice The change announced: implementation, new owner, and when it may land (0: none announced).
    function announcement() external view returns (address implementation, address newOwner, uint256 readyAt);
    /// @notice How long members have to close their positions early between an announcement and its change.
    function EXIT_WINDOW() external view returns (uint256);
    /// @notice A member's positions, with what is released now.
    function getUserInfo(address account) external view returns (UserInfo memory);
    /// @notice The configuration.
    function getConfig() external view returns (Config memory);
    /// @notice The LP token, the project token and the registry whose manager may administer.
    function getContracts() external view returns (address lp, address token, address presale);
    /// @notice Members, and LP and project tokens still owed (locked or released, not claimed).
    function getTotals() external view returns (uint256 totalUser, uint256 lpOwed, uint256 tokenOwed);
}
