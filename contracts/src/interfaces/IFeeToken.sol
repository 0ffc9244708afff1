// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title A fixed-supply ERC20 traded against USDT on a Uniswap-V2 pair, with capped trading fees
/// @notice Buys (transfers out of the pair) and sells (transfers into the pair) pay a fee split between five
///         destinations: burned, the pool (swapped and added to liquidity by `swapAndLiquify`), the node
///         account, the market account and the dividend distributor. Fee-exempt accounts pay nothing and may
///         trade before trading opens. Transfers between wallets never pay a fee. See docs/tokens.md.
/// @dev Rates are basis points of the amount moved (100 = 1%).
interface IFeeToken {
    /// @notice One side's fee rates, in basis points, by destination.
    /// @param burn Burned (leaves the supply).
    /// @param pool Kept by the token and later turned into locked liquidity by `swapAndLiquify`.
    /// @param node Sent to `node`.
    /// @param market Sent to `market`.
    /// @param dividend Sent to `distributor`.
    struct Fees {
        uint16 burn;
        uint16 pool;
        uint16 node;
        uint16 market;
        uint16 dividend;
    }

    /// @notice The settable accounts.
    /// @param market Receives the market share of fees.
    /// @param node Receives the node share of fees.
    /// @param trc The product's other token (informational, for the front end).
    /// @param main The main staking contract, which pays members (never blacklisted).
    /// @param distributor The dividend distributor; receives the dividend share of fees (never blacklisted).
    struct Accounts {
        address market;
        address node;
        address trc;
        address main;
        address distributor;
    }

    /// @notice Emitted when the fee rates change.
    event FeesUpdated(Fees buyFees, Fees sellFees);
    /// @notice Emitted when the fee destinations and related accounts change.
    event AccountsUpdated(Accounts accounts);
    /// @notice Emitted when an account's fee exemption changes.
    event FeeExemptUpdated(address indexed account, bool exempt);
    /// @notice Emitted when an account is put on or taken off the blacklist.
    event BlackListUpdated(address indexed account, bool blackListed);
    /// @notice Emitted when the trading opening is (re)scheduled.
    event OpeningUpdated(uint256 openTime, uint256 startBlock);
    /// @notice Emitted when the swap-and-liquify settings change.
    event SwapSettingsUpdated(uint256 swapThreshold, uint256 swapSlippage);
    /// @notice Emitted when pool tokens were swapped for USDT and added to liquidity (locked at the dead address).
    event SwappedAndLiquified(
        uint256 tokensSwapped, uint256 usdtReceived, uint256 tokensAdded, uint256 usdtAdded, uint256 liquidity
    );
    /// @notice Emitted when an automatic swap-and-liquify was skipped because the swap would have returned less
    ///         than `minUsdtOut` (or failed); the tokens stay for a later attempt.
    event SwapAndLiquifySkipped(uint256 tokens, uint256 minUsdtOut);

    /// @notice Thrown when one fee rate exceeds the per-destination cap.
    error FeeRateTooHigh(uint256 rate, uint256 max);
    /// @notice Thrown when one side's fee rates add up to more than the per-side cap.
    error TotalFeeTooHigh(uint256 total, uint256 max);
    /// @notice Thrown when the supply does not fit the token's packed accounting.
    error SupplyTooLarge(uint256 supply, uint256 max);
    /// @notice Thrown when a required address is zero.
    error ZeroAddress();
    /// @notice Thrown when a blacklisted account sends or receives, or is given a protected role.
    error BlackListed(address account);
    /// @notice Thrown when blacklisting the pair, the token, the router, a system account or a fee-exempt one.
    error ProtectedAccount(address account);
    /// @notice Thrown when a non-exempt account buys or sells before `openTime` / `startBlock`.
    error TradingNotOpen(uint256 openTime, uint256 startBlock);
    /// @notice Thrown when rescheduling the opening after trading has opened.
    error TradingAlreadyOpen(uint256 openTime, uint256 startBlock);
    /// @notice Thrown when the swap threshold is outside `[min, max]`.
    error SwapThresholdOutOfRange(uint256 threshold, uint256 min, uint256 max);
    /// @notice Thrown when the swap-and-liquify slippage bound exceeds its cap.
    error SlippageTooHigh(uint256 slippage, uint256 max);
    /// @notice Thrown when `swapAndLiquify` is entered while a swap-and-liquify is running.
    error SwapLocked();
    /// @notice Thrown when `swapAndLiquify` is called with fewer pool tokens than the threshold.
    error BelowSwapThreshold(uint256 balance, uint256 threshold);
    /// @notice Thrown when `swapAndLiquify` cannot swap for at least `minUsdtOut` USDT.
    error SwapFailed(uint256 tokens, uint256 minUsdtOut);

    /// @notice Basis-points denominator of every rate (10000 = 100%).
    function FEE_DENOMINATOR() external view returns (uint256);
    /// @notice Cap of any one fee rate (1000 = 10%).
    function MAX_FEE_RATE() external view returns (uint256);
    /// @notice Cap of one side's total fee (2500 = 25%).
    function MAX_TOTAL_FEE() external view returns (uint256);
    /// @notice Cap of the swap-and-liquify slippage bound (2000 = 20%).
    function MAX_SWAP_SLIPPAGE() external view returns (uint256);

    /// @notice The buy and sell fee rates.
    function getFees() external view returns (Fees memory buyFees, Fees memory sellFees);
    /// @notice The fee destinations and related accounts.
    function getAccounts() external view returns (Accounts memory);
    /// @notice Whether `account` pays no fee and may trade before opening.
    function isFeeExempt(address account) external view returns (bool);
    /// @notice Whether `account` is blacklisted: it can neither send, sell nor buy (a wallet may still send to it).
    function isBlackList(address account) external view returns (bool);
    /// @notice Whether `account` can never be blacklisted (the pair, the token, the router, the fee
    ///         destinations, the main contract and every fee-exempt account).
    function isProtected(address account) external view returns (bool);
    /// @notice Whether non-exempt accounts can buy and sell now.
    function tradingOpen() external view returns (bool);
    /// @notice The token/USDT pair, created at deployment.
    function swapPair() external view returns (address);
    /// @notice The DEX router.
    function router() external view returns (address);
    /// @notice The quote token (USDT).
    function usdt() external view returns (address);
    /// @notice Pool tokens held that start a swap-and-liquify, and its slippage bound in basis points.
    function getSwapSettings() external view returns (uint256 swapThreshold, uint256 swapSlippage);
    /// @notice USDT (18 decimals) per whole token at the pair's current reserves; display only, manipulable.
    function getPrice() external view returns (uint256);
    /// @notice USDT a sale of `amount` tokens would return now, after the sell fee and the DEX fee; display only.
    function getSwapValueUSDT(uint256 amount) external view returns (uint256);

    /// @notice Swaps half of the pool tokens for USDT and adds both to liquidity, locked at the dead address.
    ///         Anyone may call it once the pool holds `swapThreshold` tokens. The swap must return at least the
    ///         block-start price's output less `swapSlippage`, or it reverts with `SwapFailed`.
    function swapAndLiquify() external;

    /// @notice Sets the buy and sell fee rates (owner).
    function setFees(Fees calldata buyFees, Fees calldata sellFees) external;
    /// @notice Sets the fee destinations and related accounts (owner).
    function setAccounts(Accounts calldata accounts) external;
    /// @notice Exempts `account` from fees, or ends its exemption (owner).
    function setFeeExempt(address account, bool exempt) external;
    /// @notice Puts `account` on the blacklist or takes it off (owner); protected accounts cannot be listed.
    function setBlackList(address account, bool blackListed) external;
    /// @notice Schedules the opening of trading (owner); only before trading has opened. `openTime` 0 means not
    ///         scheduled.
    function setOpening(uint256 openTime, uint256 startBlock) external;
    /// @notice Sets the swap-and-liquify threshold and slippage bound (owner).
    function setSwapSettings(uint256 swapThreshold, uint256 swapSlippage) external;
}
