// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The IDO: one fixed-price participation per member, paid in USDT, tokens claimed later
/// @notice Members of the shared referral registry (Presale) pay `idoAmount` USDT once and are allotted
///         tokens by their participation number: 1-1000 get `idoTokens1`, 1001-1500 `idoTokens2`, later ones
///         `idoTokens3`, up to `idoMax` participants. The buyer's referrer is credited `directRate` and the
///         referrer's referrer `indirectRate` of the payment (basis points, claimable USDT); the rest goes to
///         the fund address at once. Tokens are claimed with `claim()` from `extractTime`.
/// @dev Rates are basis points of the payment (500 = 5%). Day-to-day admin calls are open to the owner and to
///      the registry's manager (`presale.getConfig().manager`), so the product has one manager; what could
///      redirect payments or change a buyer's terms is the owner's (a timelock, docs/manager.md).
interface IIdo {
    /// @notice A member's IDO record (the spec's "IDO contract user").
    /// @param index The member's registration index in the registry (0 means unregistered).
    /// @param inviteCode The invitation code the member registered with, i.e. their referrer (as `refer`).
    /// @param idoIndex Participation number, from 1; 0 means the member has not bought.
    /// @param amount USDT paid.
    /// @param balance Tokens still to claim (0 before buying and after `claim`).
    /// @param balanceReward Referral USDT credited and not yet claimed.
    /// @param rewardStatic Tokens allotted by the purchase (kept after claiming).
    /// @param rewardDirect Referral USDT credited in total for direct invitees' purchases.
    /// @param rewardIndirect Referral USDT credited in total for second-generation invitees' purchases.
    /// @param idoTime Timestamp of the purchase (0 before buying).
    /// @param refer The member's referrer in the registry (zero for the root or an unregistered account).
    struct User {
        uint256 index;
        address inviteCode;
        uint256 idoIndex;
        uint256 amount;
        uint256 balance;
        uint256 balanceReward;
        uint256 rewardStatic;
        uint256 rewardDirect;
        uint256 rewardIndirect;
        uint256 idoTime;
        address refer;
    }

    /// @notice The sale's configuration and progress.
    /// @param algebra Referral generations paid (2).
    /// @param dayTimes Seconds per day (86400), for the front end's countdowns.
    /// @param directRate Referrer's share of a payment, in basis points.
    /// @param indirectRate Referrer's referrer's share of a payment, in basis points.
    /// @param idoAmount USDT (18 decimals) one participation costs.
    /// @param idoTokens1 Tokens for participants 1-1000.
    /// @param idoTokens2 Tokens for participants 1001-1500.
    /// @param idoTokens3 Tokens for participants from 1501.
    /// @param idoHas Participations sold.
    /// @param idoMax Participations on sale.
    /// @param startTime Opening for everyone; priority holders may buy from `startTime - 20 minutes`.
    /// @param endTime Last second purchases are accepted.
    /// @param extractTime First second tokens can be claimed.
    struct Config {
        uint256 algebra;
        uint256 dayTimes;
        uint256 directRate;
        uint256 indirectRate;
        uint256 idoAmount;
        uint256 idoTokens1;
        uint256 idoTokens2;
        uint256 idoTokens3;
        uint256 idoHas;
        uint256 idoMax;
        uint256 startTime;
        uint256 endTime;
        uint256 extractTime;
    }

    /// @notice The settable part of the configuration (see `Config` for each field).
    struct Settings {
        uint256 directRate;
        uint256 indirectRate;
        uint256 idoAmount;
        uint256 idoTokens1;
        uint256 idoTokens2;
        uint256 idoTokens3;
        uint256 idoMax;
        uint256 startTime;
        uint256 endTime;
        uint256 extractTime;
    }

    /// @notice Running totals.
    /// @param totalUser Participants (equals `idoHas`).
    /// @param totalAmount USDT received from participants.
    /// @param totalTokens Tokens allotted to participants.
    /// @param totalDirect Referral USDT credited to direct referrers.
    /// @param totalIndirect Referral USDT credited to second-generation referrers.
    /// @param totalExtract Tokens claimed by participants.
    struct Totals {
        uint256 totalUser;
        uint256 totalAmount;
        uint256 totalTokens;
        uint256 totalDirect;
        uint256 totalIndirect;
        uint256 totalExtract;
    }

    /// @notice An invitee who bought, as listed by `getInvitesInfo` / `getIndirectsInfo`.
    /// @param account The invitee.
    /// @param refer The invitee's referrer (the queried member for direct invitees).
    /// @param idoIndex Participation number.
    /// @param amount USDT paid.
    /// @param tokens Tokens allotted.
    /// @param idoTime Timestamp of the purchase.
    struct Invitee {
        address account;
        address refer;
        uint256 idoIndex;
        uint256 amount;
        uint256 tokens;
        uint256 idoTime;
    }

    /// @notice Emitted when `account` buys participation `idoIndex`. Zero referrers were not credited.
    event Purchased(
        address indexed account,
        address indexed referrer,
        address indexed grandReferrer,
        uint256 idoIndex,
        uint256 amount,
        uint256 tokens,
        uint256 directReward,
        uint256 indirectReward
    );
    /// @notice Emitted when `account` claims its tokens.
    event Claimed(address indexed account, uint256 tokens);
    /// @notice Emitted when `account` claims its referral USDT.
    event RewardClaimed(address indexed account, uint256 amount);
    /// @notice Emitted when an admin changes the configuration.
    event ConfigUpdated(Settings settings);
    /// @notice Emitted when an admin changes the fund address.
    event FundUpdated(address indexed previousFund, address indexed newFund);
    /// @notice Emitted when an admin changes the sold token.
    event SwapTokenUpdated(address indexed previousToken, address indexed newToken);
    /// @notice Emitted when an admin grants `account` the right to buy in the priority window.
    event PriorityGranted(address indexed account);
    /// @notice Emitted when an admin takes back `account`'s priority right.
    event PriorityRevoked(address indexed account);
    /// @notice Emitted when an admin withdraws `amount` of `token` that was not owed.
    event Withdrawn(address indexed token, address indexed to, uint256 amount);

    /// @notice Thrown when an admin call comes from neither the owner nor the registry's manager.
    error NotOwnerOrManager(address caller);
    /// @notice Thrown when the manager changes the configuration once `buyers` have bought: from then on the
    ///         sale's terms are theirs too, and only the owner (behind the timelock's delay) changes them.
    error SaleHasBuyers(uint256 buyers);
    /// @notice Thrown when the manager would raise the price (`idoAmount` above `current`): a raise is the owner's,
    ///         behind the timelock's delay, even before anyone has bought.
    error PriceRaiseNeedsOwner(uint256 idoAmount, uint256 current);
    /// @notice Thrown when the manager would lower an allotment (`idoTokens` of a tier below `current`): fewer
    ///         tokens for the price is a price raise, the owner's.
    error AllotmentCutNeedsOwner(uint256 idoTokens, uint256 current);
    /// @notice Thrown when `ido(maxAmount, minTokens)` would take more USDT (`idoAmount`) than the buyer accepted.
    error PriceAboveExpected(uint256 idoAmount, uint256 maxAmount);
    /// @notice Thrown when `ido(maxAmount, minTokens)` would allot fewer tokens (`tokens`) than the buyer accepted.
    error TokensBelowExpected(uint256 tokens, uint256 minTokens);
    /// @notice Thrown when an address argument must not be zero.
    error ZeroAddress();
    /// @notice Thrown when the buyer has not registered in the referral registry.
    error NotRegistered(address account);
    /// @notice Thrown when the buyer has already bought (participation `idoIndex`).
    error AlreadyParticipated(address account, uint256 idoIndex);
    /// @notice Thrown when buying before the priority window opens (`opensAt` = startTime - 20 minutes).
    error IdoNotStarted(uint256 timestamp, uint256 opensAt);
    /// @notice Thrown when buying in the priority window without a priority right.
    error NoPriorityRight(address account, uint256 startTime);
    /// @notice Thrown when buying after `endTime`.
    error IdoEnded(uint256 timestamp, uint256 endTime);
    /// @notice Thrown when all `idoMax` participations are sold.
    error SoldOut(uint256 idoMax);
    /// @notice Thrown when the USDT that arrived differs from the price (fee-on-transfer or odd tokens).
    error PaymentMismatch(uint256 received, uint256 expected);
    /// @notice Thrown when claiming tokens before `extractTime`.
    error ClaimNotOpen(uint256 timestamp, uint256 extractTime);
    /// @notice Thrown when claiming tokens without having bought.
    error NotParticipant(address account);
    /// @notice Thrown when claiming tokens a second time.
    error AlreadyClaimed(address account);
    /// @notice Thrown when claiming referral USDT with none credited and unclaimed.
    error NothingToClaim(address account);
    /// @notice Thrown when claiming tokens before the sold token is set.
    error SwapTokenNotSet();
    /// @notice Thrown when changing the sold token once buyers started claiming it (`totalExtract`: the tokens
    ///         claimed), or once the Ido holds all it owes buyers of it (then `totalExtract` is 0).
    error SwapTokenLocked(uint256 totalExtract);
    /// @notice Thrown when a referral rate is above `max` basis points.
    error RateTooHigh(uint256 rate, uint256 max);
    /// @notice Thrown unless startTime < endTime <= extractTime <= endTime + 365 days (and < 2^40).
    error InvalidSchedule(uint256 startTime, uint256 endTime, uint256 extractTime);
    /// @notice Thrown when moving `extractTime` into the future once claims opened (at `extractTime`).
    error ClaimAlreadyOpen(uint256 extractTime);
    /// @notice Thrown when `idoMax` is below the participations sold (`min`) or above `max`.
    error IdoMaxOutOfRange(uint256 idoMax, uint256 min, uint256 max);
    /// @notice Thrown when the price is zero or above `max`.
    error IdoAmountOutOfRange(uint256 idoAmount, uint256 max);
    /// @notice Thrown when a tier's token allotment is zero or above `max`.
    error IdoTokensOutOfRange(uint256 idoTokens, uint256 max);
    /// @notice Thrown when granting would bring the priority rights above `max`.
    error PriorityRightsExceeded(uint256 total, uint256 max);
    /// @notice Thrown when a withdrawal would take `token` that is owed to members (`available` is free).
    error ExceedsWithdrawable(address token, uint256 amount, uint256 available);

    /// @notice Denominator of `directRate` / `indirectRate` (basis points).
    function RATE_DENOMINATOR() external view returns (uint256);
    /// @notice Highest settable rate, each (1000 = 10%).
    function MAX_RATE() external view returns (uint256);
    /// @notice Length of the priority window before `startTime` (20 minutes).
    function PRIORITY_WINDOW() external view returns (uint256);
    /// @notice Most priority rights that can be held at once (1000).
    function MAX_PRIORITY_RIGHTS() external view returns (uint256);

    /// @notice Registers the caller in the shared referral registry under `referCode` (its referrer).
    /// @dev Forwards to `presale.registerFor(msg.sender, referCode)`; reverts with the registry's errors
    ///      (`AlreadyRegistered`, `SelfReferral`, `ReferrerNotRegistered`).
    function register(address referCode) external;

    /// @notice Buys the caller's one participation: pulls `idoAmount` USDT (approve it first), allots tokens
    ///         by participation number, credits the two referrers and sends the rest to the fund. Carries no check
    ///         of the terms: it pays the price and takes the allotment in force when it runs; members' front ends
    ///         send `ido(maxAmount, minTokens)`.
    function ido() external;

    /// @notice `ido()` with the buyer's terms, the price and allotment it was shown: reverts with
    ///         `PriceAboveExpected(idoAmount, maxAmount)` when the price now is above `maxAmount`, and with
    ///         `TokensBelowExpected(tokens, minTokens)` when the allotment of the caller's participation number
    ///         (`tokensFor(idoHas + 1)`) is below `minTokens` (a repricing, or other buyers moving it to a later tier).
    function ido(uint256 maxAmount, uint256 minTokens) external;

    /// @notice Sends the caller its allotted tokens, once, from `extractTime`.
    function claim() external;

    /// @notice Sends the caller its credited referral USDT not yet claimed.
    function claimReward() external;

    /// @notice Sets the configuration (owner; the manager too while nobody has bought, and then never to raise
    ///         the price or lower an allotment: `PriceRaiseNeedsOwner`, `AllotmentCutNeedsOwner`). Rates <= `MAX_RATE` each,
    ///         startTime < endTime <= extractTime < 2^40, idoHas <= idoMax <= 65535,
    ///         0 < idoAmount < 2^80 (about 1.2 million USDT), 0 < idoTokens1-3 < 2^96. A purchase keeps the price
    ///         and allotment in force when it was made; changing them affects later purchases only.
    function setConfig(Settings calldata settings) external;

    /// @notice Sets the address that receives the non-referral part of each payment (owner only).
    function setFund(address fund) external;

    /// @notice Sets the sold token (owner only) while nobody claimed it and the Ido does not hold all it owes of it.
    function setSwapToken(address token) external;

    /// @notice Gives each of `accounts` the right to buy in the priority window (owner or manager).
    ///         Accounts already holding it are skipped.
    function grantPriority(address[] calldata accounts) external;

    /// @notice Takes the priority right back from each of `accounts` (owner or manager). Others are skipped.
    function revokePriority(address[] calldata accounts) external;

    /// @notice Sends `amount` of `token` to `to` (owner or manager), never touching what is owed: USDT
    ///         credited and unclaimed as referral rewards, sold tokens allotted and unclaimed.
    function withdraw(address token, address to, uint256 amount) external;

    /// @notice The sold token (zero until set).
    function swapToken() external view returns (address);

    /// @notice The payment token.
    function usdt() external view returns (address);

    /// @notice The referral registry.
    function presale() external view returns (address);

    /// @notice The address receiving the non-referral part of each payment.
    function fund() external view returns (address);

    /// @notice The IDO record of `account`.
    function getUserInfo(address account) external view returns (User memory);

    /// @notice The configuration and progress.
    function getConfig() external view returns (Config memory);

    /// @notice The running totals.
    function getTotals() external view returns (Totals memory);

    /// @notice What the contract owes: referral USDT credited and unclaimed, tokens allotted and unclaimed.
    function owed() external view returns (uint256 rewards, uint256 tokens);

    /// @notice How much of `token` `withdraw` may take: the balance above what is owed.
    function withdrawable(address token) external view returns (uint256);

    /// @notice Tokens participation number `idoIndex` is allotted under the current configuration.
    function tokensFor(uint256 idoIndex) external view returns (uint256);

    /// @notice Whether `account` may buy in the priority window.
    function hasPriority(address account) external view returns (bool);

    /// @notice Priority rights currently granted.
    function priorityCount() external view returns (uint256);

    /// @notice `account`'s direct invitees who bought, newest first, `limit` from `offset`.
    /// @return invitees The page.
    /// @return total How many direct invitees bought.
    function getInvitesInfo(address account, uint256 offset, uint256 limit)
        external
        view
        returns (Invitee[] memory invitees, uint256 total);

    /// @notice `account`'s second-generation invitees who bought, newest first, `limit` from `offset`.
    /// @return invitees The page (`refer` is the direct invitee between them).
    /// @return total How many second-generation invitees bought.
    function getIndirectsInfo(address account, uint256 offset, uint256 limit)
        external
        view
        returns (Invitee[] memory invitees, uint256 total);
}
