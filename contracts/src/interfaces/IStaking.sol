// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The main staking contract: fixed-term orders with static, referral and team income
/// @notice Members of the shared referral registry (Presale) lock an amount in one of 5 tiers for
///         `stakeDays[i] * dayTimes` seconds at a daily rate `stakeRates[i]`, paid in USDT or in the project
///         token valued at the lower of the configured `fbPrice` and the token's average price on its pair. `release(index)` returns the principal and the order's
///         static income once the order has ended. Each deposit also credits USDT referral income (`algebra`
///         generations, gated by valid invites) and differential team income (team levels 1-10) to the
///         depositor's upline, at most `MAX_DEPTH` generations up. See docs/economics.md.
/// @dev Rates are basis points (`RATE_DENOMINATOR` = 10,000); `stakeRates` are basis points per day. Amounts
///      are 18-decimal USDT values unless said otherwise ("asset units" are the units of the token an order
///      was paid in). Every reward is reserved or credited from the reward pool, the part of the contract's
///      balance nobody is owed, so the pool never goes negative and `withdraw` never touches what is owed.
///      Day-to-day admin calls are open to the owner and to the registry's manager
///      (`presale.getConfig().manager`); the configuration, the blacklist and the token are the owner's (a
///      timelock, docs/manager.md).
interface IStaking {
    /// @notice A member's staking record (the spec's "main staking contract user").
    /// @param index The member's registration index in the registry (0 means unregistered).
    /// @param inviteCode The invitation code the member registered with, i.e. its referrer (as `refer`).
    /// @param amount Principal (USDT value) of the member's orders not yet released.
    /// @param actual Principal (USDT value) the member has deposited in total.
    /// @param balance Static income (USDT value) reserved for the member's orders not yet released.
    /// @param rewardTotal `rewardStatic + rewardInvite + rewardTeam` plus the node dividend (`nodes`).
    /// @param rewardStatic Static income (USDT value) reserved for all the member's orders (paid at release).
    /// @param rewardInvite Referral (invite) income credited, USDT (vesting with the orders that credited it).
    /// @param rewardTeam Team income credited (differential and equal-level), USDT (vesting likewise).
    /// @param balanceReward Referral, team and node income vested and not yet claimed: what `claimReward` pays.
    /// @param orders Orders the member has made (its `userOrderIndex` runs from 0 to `orders - 1`).
    /// @param lastOut Timestamp of the member's last release or reward claim (0 before any).
    /// @param refer The member's referrer in the registry (zero for the root or an unregistered account).
    struct User {
        uint256 index;
        address inviteCode;
        uint256 amount;
        uint256 actual;
        uint256 balance;
        uint256 rewardTotal;
        uint256 rewardStatic;
        uint256 rewardInvite;
        uint256 rewardTeam;
        uint256 balanceReward;
        uint256 orders;
        uint256 lastOut;
        address refer;
    }

    /// @notice A stake order.
    /// @param isValid True until the order is released.
    /// @param index Global order number, from 1 (0: no such order).
    /// @param userIndex Position in the owner's order list (`userOrderIndex(owner, userIndex) == index`).
    /// @param amount Principal, USDT value.
    /// @param actual Principal in asset units (USDT for USDT orders, project tokens otherwise).
    /// @param lockDay Days locked (the tier's `stakeDays` when deposited).
    /// @param rate Daily rate in basis points (the tier's `stakeRates` when deposited).
    /// @param reward Static income in asset units: `actual * rate * lockDay / 10_000`, paid at release.
    /// @param startTime Deposit time.
    /// @param lastTime Release time (0 until released).
    /// @param endTime `startTime + lockDay * dayTimes`, less what an acceleration saved (`Accelerated`): the
    ///        order is releasable from this second.
    /// @param owner The depositor.
    // solhint-disable-next-line gas-struct-packing
    struct Order {
        bool isValid;
        uint256 index;
        uint256 userIndex;
        uint256 amount;
        uint256 actual;
        uint256 lockDay;
        uint256 rate;
        uint256 reward;
        uint256 startTime;
        uint256 lastTime;
        uint256 endTime;
        address owner;
    }

    /// @notice A member's team, counted `MAX_DEPTH` generations down.
    /// @param isManual Whether the level was set by an admin (then volume changes leave it alone).
    /// @param level Team level, 0 (none) to 10.
    /// @param invites Members registered directly under this one (from the registry).
    /// @param inviteValids Direct invitees with principal staked now.
    /// @param teamUser Team members (down to `MAX_DEPTH` generations) who have ever staked.
    /// @param teamAmount Principal (USDT value) of the team's orders not yet released.
    /// @param teamMax Volume of the largest leg now: its head's principal plus its head's `teamAmount`.
    /// @param teamMin The other legs: `teamAmount - teamMax` (0 when negative).
    /// @param maxAccount The direct invitee heading the largest leg.
    // solhint-disable-next-line gas-struct-packing
    struct Team {
        bool isManual;
        uint256 level;
        uint256 invites;
        uint256 inviteValids;
        uint256 teamUser;
        uint256 teamAmount;
        uint256 teamMax;
        uint256 teamMin;
        address maxAccount;
    }

    /// @notice The scalar configuration (the spec's "config").
    /// @param addTime Deposits are accepted from this timestamp.
    /// @param dayTimes Seconds per day (86400; shorter on test chains). Also the unit of the day statistics.
    /// @param algebra Generations paid referral income, at most `MAX_DEPTH`.
    /// @param feeRate Fee on static income at release, basis points; it stays in the reward pool.
    /// @param handleGas Stored for off-chain keepers; not used on chain.
    /// @param swapRate Stored for the token side; not used by this contract.
    /// @param buyRate Stored for the token side; not used by this contract.
    /// @param selfRate Stored; not used by this contract (reserved for a self-purchase bonus).
    /// @param inviteRate Referral income per paid generation, basis points of the order's static income.
    /// @param equalRate Income of the first upline whose team rate equals the highest rate below it, basis
    ///        points of the order's static income.
    /// @param fundRate Stored; not used by this contract.
    /// @param fbPrice USDT (18 decimals) per project token: token deposits are valued at the lower of it and the
    ///        pair's average price (`DataReader.tokenPrice`).
    /// @param fundIncome Read only: USDT in the reward pool (held and owed to nobody).
    struct Config {
        uint256 addTime;
        uint256 dayTimes;
        uint256 algebra;
        uint256 feeRate;
        uint256 handleGas;
        uint256 swapRate;
        uint256 buyRate;
        uint256 selfRate;
        uint256 inviteRate;
        uint256 equalRate;
        uint256 fundRate;
        uint256 fbPrice;
        uint256 fundIncome;
    }

    /// @notice The settable part of `Config` (every field but `fundIncome`).
    struct Settings {
        uint256 addTime;
        uint256 dayTimes;
        uint256 algebra;
        uint256 feeRate;
        uint256 handleGas;
        uint256 swapRate;
        uint256 buyRate;
        uint256 selfRate;
        uint256 inviteRate;
        uint256 equalRate;
        uint256 fundRate;
        uint256 fbPrice;
    }

    /// @notice The per-level and per-tier configuration (the spec's "multi config arrays").
    /// @param inviteValids Valid direct invitees needed for team level i+1 (non-decreasing).
    /// @param teamAmounts Team volume (USDT value) needed for team level i+1 (non-decreasing).
    /// @param teamRates Team rate of level i+1, basis points of static income (non-decreasing).
    /// @param stakeDays Lock days of tier i (0 closes the tier).
    /// @param stakeRates Daily rate of tier i, basis points per day.
    /// @param stakeStocks USDT value tier i can still take (decreases with each deposit).
    /// @param stakeMins Smallest order of tier i, USDT value.
    /// @param stakeMaxs Largest order of tier i, USDT value.
    /// @param stakeUserMaxs Most principal (USDT value) one member may have in tier i at a time.
    struct ConfigMulti {
        uint256[10] inviteValids;
        uint256[10] teamAmounts;
        uint256[10] teamRates;
        uint256[5] stakeDays;
        uint256[5] stakeRates;
        uint256[5] stakeStocks;
        uint256[5] stakeMins;
        uint256[5] stakeMaxs;
        uint256[5] stakeUserMaxs;
    }

    /// @notice Running totals (USDT values unless said otherwise), read with `DataReader.getTotals`.
    /// @param totalUser Members who have staked.
    /// @param totalOrder Orders made.
    /// @param totalAmount Principal deposited in total.
    /// @param totalReward Static income reserved plus referral and team income credited.
    /// @param totalRewardInvite Referral income credited.
    /// @param totalRewardTeam Team income credited.
    /// @param totalExtract Referral and team income claimed.
    /// @param lastIndex The newest order number.
    struct Totals {
        uint256 totalUser;
        uint256 totalOrder;
        uint256 totalAmount;
        uint256 totalReward;
        uint256 totalRewardInvite;
        uint256 totalRewardTeam;
        uint256 totalExtract;
        uint256 lastIndex;
    }

    /// @notice A direct invitee who has staked, as listed by `userInvites`.
    struct Invitee {
        address account;
        uint256 amount;
        uint256 teamAmount;
        uint256 level;
    }

    /// @notice The life of an order: `InProgress` before `endTime`, `Releasable` from it, `Ended` once
    ///         released; `None` for a number no order has.
    enum OrderState {
        None,
        InProgress,
        Releasable,
        Ended
    }

    /// @notice How an order's lock was shortened when it was opened (docs/economics.md, income types 5 and 6).
    enum Acceleration {
        None,
        Exit,
        Bottom
    }

    /// @notice The node dividend and the two accelerations, in basis points (`setIncomeRates`).
    /// @param nodeRate Share of each order's static income (USDT value) split equally among the nodes.
    /// @param exitRate Share of the lock saved at most by exit acceleration, reached when the depositor's
    ///        referral and team income so far equals the principal it deposited before.
    /// @param bottomRate Share of the lock saved by bottom acceleration.
    /// @param bottomFloor A depositor whose referral and team income so far is at most this share of the
    ///        principal it deposited before (a newcomer: 0 of 0) gets bottom acceleration.
    struct IncomeRates {
        uint256 nodeRate;
        uint256 exitRate;
        uint256 bottomRate;
        uint256 bottomFloor;
    }

    /// @notice What an upline was credited for.
    enum RewardKind {
        Invite,
        Team,
        Equal
    }

    /// @notice Emitted when `account` deposits order `index` in tier `tier`.
    event Deposited(
        address indexed account,
        uint256 indexed index,
        uint256 tier,
        bool isUSDT,
        uint256 amount,
        uint256 actual,
        uint256 reward,
        uint256 endTime
    );
    /// @notice Emitted when order `index` is released: `principal + reward - fee` asset units paid.
    event Released(
        address indexed account, uint256 indexed index, uint256 principal, uint256 reward, uint256 fee
    );
    /// @notice Emitted when `account` is credited `amount` USDT for order `index` of its downline.
    event RewardCredited(address indexed account, uint256 indexed index, RewardKind kind, uint256 amount);
    /// @notice Emitted when the owner announces an upgrade to `implementation` and/or a transfer to `newOwner`
    ///         (zero: none; both zero withdraws the announcement); it may land from `readyAt`.
    event ChangeAnnounced(address implementation, address newOwner, uint256 readyAt);
    /// @notice Emitted when `account` closes order `index` before its end while a change is announced: `refund`
    ///         of its asset back, `cancelled` USDT of the upline income it credited and had not vested cancelled.
    event ClosedEarly(address indexed account, uint256 indexed index, uint256 refund, uint256 cancelled);
    /// @notice Emitted when `account` claims its credited referral and team income.
    event RewardClaimed(address indexed account, uint256 amount);
    /// @notice Emitted when `account`'s team level changes from its volume and valid invites.
    event LevelChanged(address indexed account, uint256 previousLevel, uint256 newLevel);
    /// @notice Emitted when an admin sets `account`'s team level (`isManual` false hands it back to volume).
    event TeamLevelSet(address indexed account, uint256 level, bool isManual);
    /// @notice Emitted when an admin changes the scalar configuration.
    event ConfigUpdated(Settings settings);
    /// @notice Emitted when an admin changes the per-level and per-tier configuration.
    event ConfigMultiUpdated(ConfigMulti configMulti);
    /// @notice Emitted when an admin adds or removes `account` from the blacklist.
    event BlacklistUpdated(address indexed account, bool blacklisted);
    /// @notice Emitted when an admin changes the project token.
    event TokenUpdated(address indexed previousToken, address indexed newToken);
    /// @notice Emitted when an admin withdraws `amount` of `token` that was not owed.
    event Withdrawn(address indexed token, address indexed to, uint256 amount);
    /// @notice Emitted when a deposit below `account` starts a new day of its team statistics: `day` was its
    ///         previous active day, with `amount` (USDT, counted in micro-USDT) and `users` as `dayTeamAmounts`
    ///         and `dayTeamUsers` answered for it. With the views (the latest active day), the full history.
    event TeamDay(address indexed account, uint256 day, uint256 amount, uint256 users);
    /// @notice Emitted when an admin changes the node dividend or acceleration rates.
    event IncomeRatesUpdated(IncomeRates rates);
    /// @notice Emitted when an admin makes `account` a node or takes its node status away.
    event NodeUpdated(address indexed account, bool isNode);
    /// @notice Emitted when order `index` shares `amount` USDT equally among `nodes` nodes.
    event NodeDividend(uint256 indexed index, uint256 amount, uint256 nodes);
    /// @notice Emitted when the owner sets how token deposits are priced: the project token's USDT `pair`, the
    ///         TWAP `window` (seconds) and the most `fbPrice` and the TWAP may differ (`maxDeviation`, bp).
    event PriceOracleUpdated(address indexed pair, uint256 window, uint256 maxDeviation);
    /// @notice Emitted when a new price observation is kept: `price` (USDT per token, 18 decimals) is the
    ///         pair's average over the `span` seconds before it.
    event PriceObserved(uint256 price, uint256 span);
    /// @notice Emitted when order `index` of `account` is opened with its lock shortened by `savedSeconds`.
    event Accelerated(
        address indexed account, uint256 indexed index, Acceleration kind, uint256 savedSeconds
    );

    /// @notice Thrown when an admin call comes from neither the owner nor the registry's manager.
    error NotOwnerOrManager(address caller);
    /// @notice Thrown when an address argument must not be zero.
    error ZeroAddress();
    /// @notice Thrown when the depositor has not registered in the referral registry.
    error NotRegistered(address account);
    /// @notice Thrown when a blacklisted account deposits or claims.
    error Blacklisted(address account);
    /// @notice Thrown when depositing before `addTime`.
    error DepositsNotOpen(uint256 timestamp, uint256 addTime);
    /// @notice Thrown when the tier index is 5 or more.
    error InvalidTier(uint256 index);
    /// @notice Thrown when the tier has `stakeDays` 0.
    error TierClosed(uint256 index);
    /// @notice Thrown when depositing 0.
    error ZeroAmount();
    /// @notice Thrown when the amount is below the tier's `stakeMins`.
    error AmountTooSmall(uint256 amount, uint256 min);
    /// @notice Thrown when the amount is above the tier's `stakeMaxs`.
    error AmountTooLarge(uint256 amount, uint256 max);
    /// @notice Thrown when the amount is above the tier's remaining `stakeStocks`.
    error StockExceeded(uint256 amount, uint256 stock);
    /// @notice Thrown when the member's principal in the tier would exceed `stakeUserMaxs`.
    error UserMaxExceeded(uint256 total, uint256 max);
    /// @notice Thrown when depositing in tokens before the project token is set.
    error TokenNotSet();
    /// @notice Thrown when the reward pool cannot reserve an order's static income.
    error InsufficientRewardPool(address token, uint256 needed, uint256 available);
    /// @notice Thrown when order `index` cannot be closed early: no change is announced, the order opened after
    ///         the announcement, or it has ended (release it instead).
    error NoEarlyClose(uint256 index);
    /// @notice Thrown when an upgrade to `implementation` or an ownership transfer to `owner` was not announced, or
    ///         not `EXIT_WINDOW` ago (`readyAt`: when the announced one may land; 0 if none matches).
    error NotAnnounced(address implementation, address owner, uint256 readyAt);
    /// @notice Thrown when tier `tier` now locks `lockDay` days at `rate` bp a day: longer or lower than the
    ///         depositor saw.
    error TermsChanged(uint256 tier, uint256 lockDay, uint256 rate);
    /// @notice Thrown when a deposit would pull `actual` of its asset, more than the depositor's `maxPay`.
    error PaymentTooHigh(uint256 actual, uint256 maxPay);
    /// @notice Thrown when the manager makes a change against members (a longer lock, a lower rate, a higher
    ///         `fbPrice`): the owner's, so it waits for the timelock.
    error OwnerOnlyChange(string field, uint256 index);
    /// @notice Thrown when what arrived differs from what was pulled (fee-on-transfer or odd tokens).
    error PaymentMismatch(uint256 received, uint256 expected);
    /// @notice Thrown when no order has number `index`.
    error OrderNotFound(uint256 index);
    /// @notice Thrown when releasing another member's order.
    error NotOrderOwner(uint256 index, address owner);
    /// @notice Thrown when releasing before `endTime`.
    error OrderNotEnded(uint256 index, uint256 endTime);
    /// @notice Thrown when releasing an order a second time.
    error AlreadyReleased(uint256 index);
    /// @notice Thrown when claiming with no referral or team income credited and unclaimed.
    error NothingToClaim(address account);
    /// @notice Thrown when a configuration value is above its bound (`field` names it).
    error ValueTooHigh(string field, uint256 value, uint256 max);
    /// @notice Thrown when a configuration value must be positive.
    error ValueZero(string field);
    /// @notice Thrown when a per-level array decreases, or a tier's min is above its max.
    error NotAscending(string field, uint256 position);
    /// @notice Thrown when the referral and team rates together could pay more than `max` basis points of
    ///         an order's static income.
    error DynamicRatesTooHigh(uint256 total, uint256 max);
    /// @notice Thrown when making a node of an account that is one, or removing one that is not.
    error NodeUnchanged(address account, bool isNode);
    /// @notice Thrown when a team level is above 10.
    error InvalidLevel(uint256 level);
    /// @notice Thrown when changing the project token while token orders are open.
    error TokenLocked(uint256 principalOwed);
    /// @notice Thrown when a token deposit finds no recent average price: no pair set, no window observed yet,
    ///         or an average stretched over more than two windows (call `updatePrice`, then wait a window).
    error PriceUnavailable();
    /// @notice Thrown when `fbPrice` and the pair's average price `twap` differ by more than `maxDeviation` bp.
    error PriceDeviation(uint256 fbPrice, uint256 twap, uint256 maxDeviation);
    /// @notice Thrown when a price pair is not the project token's pair with USDT.
    error PairMismatch(address pair);
    /// @notice Thrown when a price window or deviation is outside its bounds.
    error OutOfRange(string field, uint256 value, uint256 min, uint256 max);
    /// @notice Thrown when the upline and node income of an order of tier `tier` could pass `max` basis points
    ///         of its principal (`share`: `stakeRates * stakeDays * dynamic rates total / 10,000`).
    error UplineIncomeTooHigh(uint256 tier, uint256 share, uint256 max);
    /// @notice Thrown when a withdrawal would take `token` that is owed to members (`available` is free).
    error ExceedsWithdrawable(address token, uint256 amount, uint256 available);

    /// @notice Denominator of every rate (basis points).
    function RATE_DENOMINATOR() external view returns (uint256);
    /// @notice Generations above a depositor whose team statistics and income a deposit updates (10).
    function MAX_DEPTH() external view returns (uint256);
    /// @notice Stake tiers (5).
    function TIERS() external view returns (uint256);
    /// @notice Team levels (10).
    function LEVELS() external view returns (uint256);

    /// @notice Registers the caller in the shared referral registry under `refer`.
    /// @dev Forwards to `presale.registerFor(msg.sender, refer)`; reverts with the registry's errors.
    function register(address refer) external;

    /// @notice Opens an order of `amount` (USDT value) in tier `index`: pulls `amount` USDT when `isUSDT`,
    ///         else `amount * 1e18 / price` project tokens (approve first; `DataReader.tokenPrice`); reserves the
    ///         static income from the reward pool and credits the upline's referral and team income.
    ///         Carries no check of the terms the caller saw: see the overload below.
    /// @return orderIndex The new order's number.
    function deposit(uint256 index, uint256 amount, bool isUSDT) external returns (uint256 orderIndex);

    /// @notice `deposit(index, amount, isUSDT)` on the terms the caller saw: reverts with `TermsChanged` when the
    ///         tier now locks longer than `lockDay` days or pays less than `rate` basis points a day, and with
    ///         `PaymentTooHigh` when the order would pull more than `maxPay` of its asset (a token deposit valued
    ///         at a lower price than shown).
    function deposit(
        uint256 index,
        uint256 amount,
        bool isUSDT,
        uint256 lockDay,
        uint256 rate,
        uint256 maxPay
    ) external returns (uint256 orderIndex);

    /// @notice Pays order `index`'s principal and static income (less `feeRate`) to its owner, once, from
    ///         its `endTime`, in the asset it was paid in.
    function release(uint256 index) external;

    /// @notice While an upgrade or an ownership change is announced (`announcement`), closes the caller's order
    ///         `index`, opened before the announcement and not yet ended: pays back its principal less what it
    ///         paid out (the upline income it credited that has vested, and its node dividend), forfeits its
    ///         static income, and cancels the upline income it credited that has not vested. `ClosedEarly`.
    function closeEarly(uint256 index) external;

    /// @notice Owner: announces an upgrade to `implementation` and/or an ownership transfer to `newOwner` (zero:
    ///         none); `upgradeToAndCall` and `transferOwnership` accept only what was announced `EXIT_WINDOW` ago,
    ///         and members may `closeEarly` until it lands. Both zero withdraws the announcement.
    function announce(address implementation, address newOwner) external;

    /// @notice The change announced: implementation, new owner, and when it may land (0: none announced).
    function announcement() external view returns (address implementation, address newOwner, uint256 readyAt);

    /// @notice How long members have to close their orders early between an announcement and its change.
    function EXIT_WINDOW() external view returns (uint256);

    /// @notice Sends the caller its referral, team and node income (USDT) vested and not yet claimed. Each credit
    ///         vests linearly, no sooner than the order that credited it ends (docs/economics.md, "Vesting").
    function claimReward() external;

    /// @notice Sets the scalar configuration (owner only), within the bounds in docs/economics.md.
    function setConfig(Settings calldata settings) external;

    /// @notice Sets the per-level and per-tier configuration (owner or manager). Orders keep the days and
    ///         rate they were made with.
    function setConfigMulti(ConfigMulti calldata configMulti) external;

    /// @notice Sets `account`'s team level by hand (`isManual` true), or hands it back to its volume and
    ///         valid invites (`isManual` false; `level` is then ignored and recomputed).
    function setTeamLevel(address account, uint256 level, bool isManual) external;

    /// @notice Adds or removes `account` from the blacklist (owner only). Blacklisted accounts can
    ///         neither deposit nor claim, and earn no referral or team income; they can still release.
    function setBlacklist(address account, bool blacklisted) external;

    /// @notice Sets the project token (owner only) while no token order is open.
    function setToken(address token) external;

    /// @notice Sends `amount` of `token` to `to` (owner or manager), never touching what is owed.
    function withdraw(address token, address to, uint256 amount) external;

    /// @notice The member record of `account`.
    function users(address account) external view returns (User memory);

    /// @notice Order number `index` (all zero when there is none).
    function orders(uint256 index) external view returns (Order memory);

    /// @notice The fee order `index` would pay if released now, in its asset: `feeRate` of its static income, at
    ///         the lower of the rate when it opened and the rate now (0 once released or when there is none).
    function releaseFee(uint256 index) external view returns (uint256);

    /// @notice The team record of `account`.
    function teams(address account) external view returns (Team memory);

    /// @notice The scalar configuration.
    function getConfig() external view returns (Config memory);

    /// @notice The per-level and per-tier configuration.
    function getConfigMulti() external view returns (ConfigMulti memory);

    /// @notice `account`'s referrer in the registry.
    function getRefer(address account) external view returns (address);

    /// @notice `account`'s direct invitees who have staked, in the order they first staked, `limit` from
    ///         `offset`.
    /// @return invitees The page.
    /// @return total How many direct invitees have staked.
    function userInvites(address account, uint256 offset, uint256 limit)
        external
        view
        returns (Invitee[] memory invitees, uint256 total);

    /// @notice The number of `account`'s `userIndex`-th order (0 when it has none).
    function userOrderIndex(address account, uint256 userIndex) external view returns (uint256);

    /// @notice Principal (USDT value) `account`'s team deposited on day `day` (`timestamp / dayTimes`), counted
    ///         in micro-USDT; only the account's latest active day is kept (0 for any other day).
    function dayTeamAmounts(address account, uint256 day) external view returns (uint256);

    /// @notice Team members of `account` who staked for the first time on day `day` (latest active day only).
    function dayTeamUsers(address account, uint256 day) external view returns (uint256);

    /// @notice Principal (USDT value) `account` deposited on day `day` (latest active day only).
    function dayUserAmounts(address account, uint256 day) external view returns (uint256);

    /// @notice Whether `account` is blacklisted.
    function isBlacklisted(address account) external view returns (bool);

    /// @notice Sets the node dividend and acceleration rates (owner or manager). `nodeRate` counts in the
    ///         `DynamicRatesTooHigh` total; `exitRate` and `bottomRate` are at most 5,000 (half the lock),
    ///         `bottomFloor` at most 10,000. New orders use them; open orders keep their end time.
    function setIncomeRates(IncomeRates calldata rates) external;

    /// @notice Makes `account` a node (it shares in the node dividend of later orders) or removes it (what
    ///         it earned stays claimable). Owner or manager; reverts `NodeUnchanged` if nothing changes.
    function setNode(address account, bool isNode) external;

    /// @notice The node dividend and acceleration rates.
    function getIncomeRates() external view returns (IncomeRates memory);

    /// @notice Sets how token deposits are valued (owner): the lower of `fbPrice` and the average price of the
    ///         project token's USDT `pair` over at least `window` seconds (5 minutes to 7 days), refused when the
    ///         two differ by more than `maxDeviation` basis points (at most 5,000). Starts a new observation:
    ///         token deposits wait a window. docs/economics.md, "Token deposits".
    function setPriceOracle(address pair, uint256 window, uint256 maxDeviation) external;

    /// @notice Keeps a new observation of the pair's price when a window has passed since the last (anyone; a
    ///         token deposit does the same).
    function updatePrice() external;

    /// @notice Whether `account` is a node, its node dividend in total (claimed or not, USDT) and how many
    ///         nodes there are.
    function nodes(address account) external view returns (bool isNode, uint256 reward, uint256 nodeCount);

    /// @notice The raw storage words at `slots`, for `DataReader` (which decodes the ERC-7201 layout
    ///         `taichi.storage.Staking`: running totals, what is owed, order assets) and other off-chain readers.
    function extsload(bytes32[] calldata slots) external view returns (bytes32[] memory values);

    /// @notice The project token (zero until set).
    function token() external view returns (address);

    /// @notice The USDT token.
    function usdt() external view returns (address);

    /// @notice The referral registry.
    function presale() external view returns (address);
}

/// @title Staking's views that walk its records (vesting schedules, an order's credits), answered by Staking's
///        fallback: they run in StakingAdmin on Staking's storage. Each credit vests linearly from when it is
///        credited until the order that credited it ends: docs/economics.md, "Vesting".
interface IStakingIncome {
    /// @notice `account`'s referral, team and node income (USDT): credited in total, and what of it has vested.
    function income(address account) external view returns (uint256 credited, uint256 vested);

    /// @notice When the last of `account`'s income credited so far vests (0 when all of it has).
    function vestEnd(address account) external view returns (uint256);

    /// @notice What `closeEarly(index)` by its owner would pay back now (of the order's asset) and cancel (USDT of
    ///         upline income not yet vested), whether or not a change is announced.
    function closeEarlyQuote(uint256 index) external view returns (uint256 refund, uint256 cancelled);
}
