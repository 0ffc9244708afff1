import {
  ContractFunctionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  TimeoutError,
  UserRejectedRequestError,
  WebSocketRequestError,
} from "viem";
import type { AppMessage, I18nKey } from "../i18n/keys";
import { formatAmount, formatUtc, percentFromBps } from "./format";

/** Unix seconds as a UTC time in the shown locale ("—" for 0: nothing announced). */
const utcText = (seconds: bigint) => (seconds === 0n ? "—" : formatUtc(seconds));

/**
 * Contract custom error name -> message key. Extend this when a contract adds errors
 * (every custom error in the ABIs can be mapped; unmapped ones show the generic message).
 */
export const CONTRACT_ERROR_MESSAGES: Record<string, I18nKey> = {
  ReferrerNotRegistered: "register.notRegistered",
  AlreadyRegistered: "register.alreadyRegistered",
  SelfReferral: "register.selfReferral",
  ReferrerIsOwnReferral: "register.ownReferral",
  ERC20InsufficientBalance: "common.balanceInsufficient",
  // Ido (docs/ido.md)
  AlreadyParticipated: "ido.errors.alreadyParticipated",
  NotRegistered: "ido.errors.notRegistered",
  IdoNotStarted: "ido.errors.notStarted",
  IdoEnded: "ido.errors.ended",
  SoldOut: "ido.errors.soldOut",
  NoPriorityRight: "ido.errors.noPriority",
  PaymentMismatch: "ido.errors.paymentMismatch",
  ClaimNotOpen: "ido.errors.claimNotOpen",
  NotParticipant: "ido.errors.notParticipant",
  AlreadyClaimed: "ido.errors.alreadyClaimed",
  NothingToClaim: "ido.errors.nothingToClaim",
  SwapTokenNotSet: "ido.errors.swapTokenNotSet",
  ClaimAlreadyOpen: "ido.errors.claimAlreadyOpen",
  SaleHasBuyers: "ido.errors.saleHasBuyers",
  PriceAboveExpected: "ido.errors.priceAboveExpected",
  TokensBelowExpected: "ido.errors.tokensBelowExpected",
  PriceRaiseNeedsOwner: "ido.errors.priceRaiseNeedsOwner",
  AllotmentCutNeedsOwner: "ido.errors.allotmentCutNeedsOwner",
  // LpSwap (docs/tokens.md)
  RateBelowExpected: "swap.errors.rateBelowExpected",
  RateCutNeedsOwner: "swap.errors.rateCutNeedsOwner",
  // Staking (docs/economics.md); NotRegistered, PaymentMismatch, NothingToClaim are shared above
  Blacklisted: "stakes.errors.blacklisted",
  DepositsNotOpen: "stakes.errors.notOpen",
  InvalidTier: "stakes.errors.invalidTier",
  TierClosed: "stakes.errors.tierClosed",
  ZeroAmount: "stakes.errors.zeroAmount",
  UnstakeExceedsStake: "rewards.errors.unstakeExceeds",
  AmountTooSmall: "stakes.errors.tooSmall",
  AmountTooLarge: "stakes.errors.tooLarge",
  StockExceeded: "stakes.errors.stock",
  UserMaxExceeded: "stakes.errors.userMax",
  TokenNotSet: "stakes.errors.tokenNotSet",
  PriceUnavailable: "stakes.errors.priceUnavailable",
  PriceDeviation: "stakes.errors.priceDeviation",
  InsufficientRewardPool: "stakes.errors.pool",
  OrderNotFound: "stakes.errors.orderNotFound",
  NotOrderOwner: "stakes.errors.notOwner",
  OrderNotEnded: "stakes.errors.notEnded",
  AlreadyReleased: "stakes.errors.released",
  NoEarlyClose: "errors.noEarlyClose", // Staking's (an order) and LpSwap's (a position)
  // an upgrade or ownership transfer of Staking or LpSwap not announced EXIT_WINDOW before (while funds are locked)
  NotAnnounced: "errors.notAnnounced",
  NotOwnerOrManager: "stakes.errors.notManager",
  // Staking admin setters (the manager area)
  DynamicRatesTooHigh: "stakes.errors.dynamicRatesTooHigh",
  ValueTooHigh: "stakes.errors.valueTooHigh",
  NodeUnchanged: "stakes.errors.nodeUnchanged",
  // the timelock that owns the contracts (OpenZeppelin TimelockController, AccessControl, Ownable)
  TimelockUnexpectedOperationState: "errors.timelockState",
  TimelockInsufficientDelay: "errors.timelockDelay",
  AccessControlUnauthorizedAccount: "errors.notAuthorized",
  OwnableUnauthorizedAccount: "errors.notAuthorized",
  UplineIncomeTooHigh: "stakes.errors.uplineIncomeTooHigh",
  // a deposit on terms the member saw (the 6-argument `deposit`)
  TermsChanged: "stakes.errors.termsChanged",
  PaymentTooHigh: "stakes.errors.paymentTooHigh",
  // the manager changing a tier or fbPrice against members: the owner's, through the timelock
  OwnerOnlyChange: "stakes.errors.ownerOnlyChange",
};

const int = (v: unknown) => (typeof v === "bigint" || typeof v === "number" ? BigInt(v) : 0n);

/**
 * The values a contract error's message shows, from the error's arguments (errors not listed here show
 * their message without values).
 */
export const CONTRACT_ERROR_VALUES: Record<
  string,
  (args: readonly unknown[]) => Record<string, string | number>
> = {
  // TermsChanged(tier, lockDay, rate): the tier's terms now
  TermsChanged: ([, lockDay, rate]) => ({
    days: int(lockDay).toString(),
    rate: percentFromBps(int(rate)),
  }),
  // NotAnnounced(implementation, owner, readyAt): when the change announced may land (0: none matches)
  NotAnnounced: ([, , readyAt]) => ({ time: utcText(int(readyAt)) }),
  // OwnerOnlyChange(field, index): a tier field names its tier (numbered from 1)
  OwnerOnlyChange: ([field, index]) => ({
    field: field === "fbPrice" ? "fbPrice" : `${String(field)} #${(int(index) + 1n).toString()}`,
  }),
};

/** A receipt with status "reverted" (the transaction was mined but failed). */
export class TransactionRevertedError extends Error {
  override name = "TransactionRevertedError";
  constructor(readonly hash: string) {
    super(`Transaction ${hash} reverted`);
  }
}

/** The member's BNB cannot pay the gas of a flow's transactions (checked before any wallet prompt). */
export class GasShortError extends Error {
  override name = "GasShortError";
  constructor(
    readonly cost: bigint,
    readonly balance: bigint,
  ) {
    super(`gas costs ${cost} wei, the balance is ${balance} wei`);
  }
}

/** BNB shown with 6 decimals; a cost is rounded up, so the member is never told it is less than it is. */
const SHOWN_DIGITS = 6;
const SHOWN_UNIT = 10n ** BigInt(18 - SHOWN_DIGITS);
export const formatBnbUp = (wei: bigint) =>
  formatAmount(((wei + SHOWN_UNIT - 1n) / SHOWN_UNIT) * SHOWN_UNIT, { fractionDigits: SHOWN_DIGITS });

const GENERIC: AppMessage = { key: "errors.generic" };

/**
 * DEX revert reason strings (Uniswap V2 and PancakeSwap V2 routers, pairs, TransferHelper) -> message
 * key, so a failed swap says why in the user's language. Other reasons are shown as they are.
 */
export const REVERT_REASON_MESSAGES: Record<string, I18nKey> = {
  "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT": "swap.errors.slippage",
  "PancakeRouter: INSUFFICIENT_OUTPUT_AMOUNT": "swap.errors.slippage",
  "UniswapV2Router: EXPIRED": "swap.errors.expired",
  "PancakeRouter: EXPIRED": "swap.errors.expired",
  "UniswapV2: TRANSFER_FAILED": "swap.errors.tokenRefused",
  "Pancake: TRANSFER_FAILED": "swap.errors.tokenRefused",
  "TransferHelper: TRANSFER_FROM_FAILED": "swap.errors.tokenRefused",
  "UniswapV2Library: INSUFFICIENT_LIQUIDITY": "swap.errors.liquidity",
  "PancakeLibrary: INSUFFICIENT_LIQUIDITY": "swap.errors.liquidity",
  "UniswapV2: INSUFFICIENT_LIQUIDITY": "swap.errors.liquidity",
  "Pancake: INSUFFICIENT_LIQUIDITY": "swap.errors.liquidity",
};

/** A parsed revert reason as a message: a known DEX reason's own text, else the reason itself. */
function reasonMessage(reason: string): AppMessage {
  if (!reason) return GENERIC;
  const key = REVERT_REASON_MESSAGES[reason];
  return key ? { key } : { key: "errors.reverted", values: { reason } };
}

/** The error itself and its `cause` chain (viem, wagmi and EIP-1193 errors all nest this way). */
function* errorChain(err: unknown): Generator<unknown> {
  let current: unknown = err;
  for (let depth = 0; current != null && depth < 20; depth++) {
    yield current;
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined;
  }
}

function field(e: unknown, key: string): unknown {
  return typeof e === "object" && e !== null ? (e as Record<string, unknown>)[key] : undefined;
}

function isUserRejection(e: unknown): boolean {
  return (
    e instanceof UserRejectedRequestError ||
    field(e, "code") === 4001 ||
    field(e, "code") === "ACTION_REJECTED" ||
    field(e, "name") === "UserRejectedRequestError"
  );
}

/** The node or wallet refused a transaction the balance cannot pay ("insufficient funds for gas * price + value"). */
function isInsufficientFunds(e: unknown): boolean {
  if (e instanceof InsufficientFundsError || field(e, "name") === "InsufficientFundsError") return true;
  return messagesOf(e).some((text) => /insufficient funds/i.test(text));
}

function isNetworkFailure(e: unknown): boolean {
  if (e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof WebSocketRequestError) {
    return true;
  }
  const name = field(e, "name");
  if (name === "HttpRequestError" || name === "TimeoutError" || name === "WebSocketRequestError") return true;
  const message = field(e, "message");
  return (
    typeof message === "string" &&
    /failed to fetch|fetch failed|networkerror|network request failed|econnrefused|load failed/i.test(message)
  );
}

const REVERTED = "execution reverted";

/**
 * The reason from an "execution reverted: <reason>" text, with trailing revert data / JSON cut off.
 * Returns "" when there is no reason.
 */
export function revertReasonFromText(text: string): string {
  const at = text.indexOf(REVERTED);
  if (at < 0) return "";
  let reason = text.slice(at + REVERTED.length);
  if (!reason.startsWith(":")) return "";
  reason = reason.slice(1);
  // cut at the end of the JSON string / line that carried the message
  reason = reason.split(/["\n\r]/, 1)[0] ?? "";
  // cut trailing hex revert data, e.g. "reason 0x08c379a0..." or "reason, data: 0x..."
  reason = reason.replace(/[\s,;]*(?:data\s*[:=]?\s*)?0x[0-9a-fA-F]*\s*$/, "");
  return reason.trim().replace(/[.,;:]+$/, "");
}

function messagesOf(e: unknown): string[] {
  return ["details", "shortMessage", "message", "reason"]
    .map((k) => field(e, k))
    .filter((v): v is string => typeof v === "string");
}

/** The decoded revert of a contract call, if the chain holds one (custom error or Error(string)). */
export function findContractRevert(err: unknown): ContractFunctionRevertedError | undefined {
  for (const e of errorChain(err)) if (e instanceof ContractFunctionRevertedError) return e;
  return undefined;
}

/** True when the error is a revert viem decoded (custom error or reason string): sending would fail too. */
export function isDecodedRevert(err: unknown): boolean {
  const revert = findContractRevert(err);
  if (!revert) return false;
  if (revert.data?.errorName) return true;
  return !!revert.reason && revertReasonFromText(`${REVERTED}: ${revert.reason}`) !== "";
}

/**
 * Turns any wallet/RPC/contract error into a message to show. Never returns raw error text,
 * except a contract's own revert reason string.
 */
export function parseError(err: unknown): AppMessage {
  const chain = [...errorChain(err)];

  if (chain.some(isUserRejection)) return { key: "errors.userRejected" };
  if (chain.some((e) => field(e, "name") === "ProviderNotFoundError")) return { key: "errors.noWallet" };
  if (chain.some((e) => e instanceof TransactionRevertedError)) return { key: "errors.txReverted" };
  const short = chain.find((e): e is GasShortError => e instanceof GasShortError);
  if (short) {
    const values = {
      cost: formatBnbUp(short.cost),
      balance: formatAmount(short.balance, { fractionDigits: 6 }),
    };
    return { key: "errors.gasShort", values };
  }

  const revert = findContractRevert(err);
  if (revert) {
    const name = revert.data?.errorName;
    if (name === "Panic") return GENERIC;
    if (name && name !== "Error") {
      const key = CONTRACT_ERROR_MESSAGES[name];
      if (!key) return GENERIC;
      const values = CONTRACT_ERROR_VALUES[name]?.(revert.data?.args ?? []);
      return values ? { key, values } : { key };
    }
    if (revert.reason) {
      const text = revert.reason.includes(REVERTED) ? revert.reason : `${REVERTED}: ${revert.reason}`;
      return reasonMessage(revertReasonFromText(text));
    }
  }

  for (const e of chain) {
    for (const text of messagesOf(e)) {
      if (text.includes(REVERTED)) {
        return reasonMessage(revertReasonFromText(text));
      }
    }
  }

  if (chain.some(isInsufficientFunds)) return { key: "errors.insufficientFunds" };
  if (chain.some(isNetworkFailure)) return { key: "errors.network" };
  return GENERIC;
}
