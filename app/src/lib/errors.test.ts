import { idoAbi, lpSwapAbi, presaleAbi, stakingAbi } from "@taichi/contracts";
import {
  type Abi,
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  RpcRequestError,
  TimeoutError,
  UserRejectedRequestError,
  encodeErrorResult,
  parseAbi,
} from "viem";
import { ProviderNotFoundError } from "wagmi";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n, translate } from "../i18n";
import {
  CONTRACT_ERROR_MESSAGES,
  GasShortError,
  TransactionRevertedError,
  isDecodedRevert,
  parseError,
  revertReasonFromText,
} from "./errors";

const presaleAddress = "0x0165878A594ca255338adfa4d48449f69242Eb8F";
const referrer = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** What viem's writeContract/simulate throws for a revert: ContractFunctionExecutionError > ContractFunctionRevertedError. */
function contractRevert(abi: Abi, data: `0x${string}`) {
  const reverted = new ContractFunctionRevertedError({ abi, data, functionName: "register" });
  return new ContractFunctionExecutionError(reverted, {
    abi,
    functionName: "register",
    args: [referrer],
    contractAddress: presaleAddress,
  });
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
});

describe("parseError: user rejection", () => {
  it("recognises viem's UserRejectedRequestError, also when nested", () => {
    expect(parseError(new UserRejectedRequestError(new Error("denied")))).toEqual({
      key: "errors.userRejected",
    });
    const wrapped = new BaseError("send failed", {
      cause: new UserRejectedRequestError(new Error("denied")),
    });
    expect(parseError(wrapped)).toEqual({ key: "errors.userRejected" });
    expect(translate(parseError(wrapped))).toBe("User rejected the request");
  });

  it("recognises a raw EIP-1193 error with code 4001", () => {
    expect(parseError({ code: 4001, message: "MetaMask Tx Signature: User denied" })).toEqual({
      key: "errors.userRejected",
    });
  });
});

describe("parseError: contract custom errors decoded against the Presale ABI", () => {
  const presaleErrors = presaleAbi.filter((item) => item.type === "error").map((item) => item.name);

  it("the ABI carries the registration errors the app maps", () => {
    for (const name of ["ReferrerNotRegistered", "AlreadyRegistered", "SelfReferral"]) {
      expect(presaleErrors).toContain(name);
    }
  });

  it("ReferrerNotRegistered -> the spec's message", () => {
    const data = encodeErrorResult({ abi: presaleAbi, errorName: "ReferrerNotRegistered", args: [referrer] });
    const err = contractRevert(presaleAbi, data);
    expect(parseError(err)).toEqual({ key: "register.notRegistered" });
    expect(translate(parseError(err))).toBe(
      "The recommended address is not registered, please enter a valid recommended address",
    );
  });

  it("AlreadyRegistered and SelfReferral -> their messages", () => {
    const already = encodeErrorResult({ abi: presaleAbi, errorName: "AlreadyRegistered", args: [referrer] });
    expect(parseError(contractRevert(presaleAbi, already))).toEqual({ key: "register.alreadyRegistered" });
    const self = encodeErrorResult({ abi: presaleAbi, errorName: "SelfReferral" });
    expect(parseError(contractRevert(presaleAbi, self))).toEqual({ key: "register.selfReferral" });
  });

  it("Staking's admin refusals (manager area) -> their messages", () => {
    const total = encodeErrorResult({
      abi: stakingAbi,
      errorName: "DynamicRatesTooHigh",
      args: [10_100n, 10_000n],
    });
    expect(translate(parseError(contractRevert(stakingAbi, total)))).toBe(
      "The referral, team, equal-level and node rates together would exceed 100% of an order's static income",
    );
    const node = encodeErrorResult({ abi: stakingAbi, errorName: "NodeUnchanged", args: [referrer, true] });
    expect(parseError(contractRevert(stakingAbi, node))).toEqual({ key: "stakes.errors.nodeUnchanged" });
  });

  it("a deposit refused on stale terms says what the tier's terms are now, or that the price moved", () => {
    const terms = encodeErrorResult({ abi: stakingAbi, errorName: "TermsChanged", args: [1n, 30n, 125n] });
    expect(parseError(contractRevert(stakingAbi, terms))).toEqual({
      key: "stakes.errors.termsChanged",
      values: { days: "30", rate: "1.25" },
    });
    expect(translate(parseError(contractRevert(stakingAbi, terms)))).toBe(
      "The tier's terms changed since you opened the page: now 30 days at 1.25% a day. Review and try again.",
    );
    const pay = encodeErrorResult({
      abi: stakingAbi,
      errorName: "PaymentTooHigh",
      args: [101n * 10n ** 18n, 100n * 10n ** 18n],
    });
    expect(translate(parseError(contractRevert(stakingAbi, pay)))).toBe(
      "The token price moved: this deposit would now take more tokens than shown. Review and try again.",
    );
  });

  it("OwnerOnlyChange names the field, a tier field with its tier from 1", () => {
    const tier = encodeErrorResult({
      abi: stakingAbi,
      errorName: "OwnerOnlyChange",
      args: ["stakeDays", 1n],
    });
    expect(parseError(contractRevert(stakingAbi, tier))).toEqual({
      key: "stakes.errors.ownerOnlyChange",
      values: { field: "stakeDays #2" },
    });
    const price = encodeErrorResult({ abi: stakingAbi, errorName: "OwnerOnlyChange", args: ["fbPrice", 0n] });
    expect(parseError(contractRevert(stakingAbi, price))).toEqual({
      key: "stakes.errors.ownerOnlyChange",
      values: { field: "fbPrice" },
    });
  });

  it("an early close refused says why; an unannounced upgrade says when the announced change may land", () => {
    const early = encodeErrorResult({ abi: stakingAbi, errorName: "NoEarlyClose", args: [7n] });
    expect(translate(parseError(contractRevert(stakingAbi, early)))).toBe(
      "Nothing can be closed early now: no upgrade or ownership change is announced, or nothing of yours that was locked before the announcement is still locked (release or claim it as usual)",
    );
    const later = encodeErrorResult({
      abi: stakingAbi,
      errorName: "NotAnnounced",
      args: [referrer, "0x0000000000000000000000000000000000000000", 1_767_225_600n],
    });
    expect(parseError(contractRevert(stakingAbi, later))).toEqual({
      key: "errors.notAnnounced",
      values: { time: "1 Jan 2026, 00:00:00 UTC" },
    });
    const none = encodeErrorResult({
      abi: stakingAbi,
      errorName: "NotAnnounced",
      args: [referrer, "0x0000000000000000000000000000000000000000", 0n],
    });
    expect(translate(parseError(contractRevert(stakingAbi, none)))).toContain("may land from: —");
  });

  it("terms changed under a member's transaction (LpSwap, Ido) -> their messages", () => {
    const rate = encodeErrorResult({ abi: lpSwapAbi, errorName: "RateBelowExpected", args: [50n, 100n] });
    expect(translate(parseError(contractRevert(lpSwapAbi, rate)))).toBe(
      "The daily release rate went down after this page showed it, so nothing was locked. Check the new rate and lock again",
    );
    const cut = encodeErrorResult({ abi: lpSwapAbi, errorName: "RateCutNeedsOwner", args: [50n, 100n] });
    expect(parseError(contractRevert(lpSwapAbi, cut))).toEqual({ key: "swap.errors.rateCutNeedsOwner" });
    const price = encodeErrorResult({ abi: idoAbi, errorName: "PriceAboveExpected", args: [2n, 1n] });
    expect(translate(parseError(contractRevert(idoAbi, price)))).toBe(
      "The price went up after this page showed it, so nothing was bought and no USDT was taken. Check the new price and buy again",
    );
    const tokens = encodeErrorResult({ abi: idoAbi, errorName: "TokensBelowExpected", args: [1n, 2n] });
    expect(parseError(contractRevert(idoAbi, tokens))).toEqual({ key: "ido.errors.tokensBelowExpected" });
    const raise = encodeErrorResult({ abi: idoAbi, errorName: "PriceRaiseNeedsOwner", args: [2n, 1n] });
    expect(parseError(contractRevert(idoAbi, raise))).toEqual({ key: "ido.errors.priceRaiseNeedsOwner" });
    const fewer = encodeErrorResult({ abi: idoAbi, errorName: "AllotmentCutNeedsOwner", args: [1n, 2n] });
    expect(parseError(contractRevert(idoAbi, fewer))).toEqual({ key: "ido.errors.allotmentCutNeedsOwner" });
  });

  it("LpSwap's early close refused (NoEarlyClose(), no arguments) -> the message Staking's NoEarlyClose(index) has", () => {
    const early = encodeErrorResult({ abi: lpSwapAbi, errorName: "NoEarlyClose" });
    const staking = encodeErrorResult({ abi: stakingAbi, errorName: "NoEarlyClose", args: [7n] });
    expect(parseError(contractRevert(lpSwapAbi, early))).toEqual({ key: "errors.noEarlyClose" });
    expect(parseError(contractRevert(stakingAbi, staking))).toEqual({ key: "errors.noEarlyClose" });
  });

  it("ReferrerIsOwnReferral -> the own-direct-referral message", () => {
    const abi = parseAbi(["error ReferrerIsOwnReferral(address referrer)"]);
    const data = encodeErrorResult({ abi, errorName: "ReferrerIsOwnReferral", args: [referrer] });
    expect(translate(parseError(contractRevert(abi, data)))).toBe(
      "The referrer cannot be your own direct referral",
    );
  });

  it("every mapped error has a translation", () => {
    for (const key of Object.values(CONTRACT_ERROR_MESSAGES)) expect(i18n.exists(key)).toBe(true);
  });

  it("an unmapped custom error or a Panic shows the generic message, not the raw text", () => {
    const zero = encodeErrorResult({ abi: presaleAbi, errorName: "ZeroAddress" });
    expect(parseError(contractRevert(presaleAbi, zero))).toEqual({ key: "errors.generic" });
    const panicAbi = parseAbi(["error Panic(uint256)"]);
    const panic = encodeErrorResult({ abi: panicAbi, errorName: "Panic", args: [0x11n] });
    expect(parseError(contractRevert(presaleAbi, panic))).toEqual({ key: "errors.generic" });
  });

  it("a require() reason string is shown as the reason", () => {
    const abi = parseAbi(["error Error(string)"]);
    const data = encodeErrorResult({ abi, errorName: "Error", args: ["Presale: closed"] });
    expect(parseError(contractRevert(presaleAbi, data))).toEqual({
      key: "errors.reverted",
      values: { reason: "Presale: closed" },
    });
  });

  it("isDecodedRevert is true for decoded reverts only", () => {
    const self = encodeErrorResult({ abi: presaleAbi, errorName: "SelfReferral" });
    expect(isDecodedRevert(contractRevert(presaleAbi, self))).toBe(true);
    expect(
      isDecodedRevert(new ContractFunctionRevertedError({ abi: presaleAbi, functionName: "register" })),
    ).toBe(false);
    expect(isDecodedRevert(new HttpRequestError({ url: "http://127.0.0.1:8545" }))).toBe(false);
  });
});

describe("parseError: Ido custom errors", () => {
  const account = referrer;
  it("AlreadyParticipated -> the spec's 'One participation per address'", () => {
    const data = encodeErrorResult({ abi: idoAbi, errorName: "AlreadyParticipated", args: [account, 1n] });
    expect(translate(parseError(contractRevert(idoAbi, data)))).toBe("One participation per address");
  });

  it("every buy and claim error of the Ido ABI has its own message", () => {
    const names = [
      "AlreadyParticipated",
      "NotRegistered",
      "IdoNotStarted",
      "IdoEnded",
      "SoldOut",
      "NoPriorityRight",
      "PaymentMismatch",
      "ClaimNotOpen",
      "NotParticipant",
      "AlreadyClaimed",
      "NothingToClaim",
      "SwapTokenNotSet",
    ];
    const abiErrors = idoAbi.filter((item) => item.type === "error").map((item) => item.name);
    for (const name of names) {
      expect(abiErrors, name).toContain(name);
      expect(CONTRACT_ERROR_MESSAGES[name], name).toBeDefined();
    }
    const ended = encodeErrorResult({ abi: idoAbi, errorName: "IdoEnded", args: [2n, 1n] });
    expect(translate(parseError(contractRevert(idoAbi, ended)))).toBe("The presale has ended");
    const nothing = encodeErrorResult({ abi: idoAbi, errorName: "NothingToClaim", args: [account] });
    expect(translate(parseError(contractRevert(idoAbi, nothing)))).toBe("No rewards to claim");
  });
});

describe("parseError: 'execution reverted: <reason>' texts", () => {
  it("takes the reason from a wallet's JSON-RPC error and cuts the trailing hex data", () => {
    const err = new Error(
      'Internal JSON-RPC error. {"code":3,"message":"execution reverted: Presale: closed","data":"0x08c379a0000000"}',
    );
    expect(parseError(err)).toEqual({ key: "errors.reverted", values: { reason: "Presale: closed" } });
  });

  it("cuts hex data that follows the reason in the same string", () => {
    const err = new RpcRequestError({
      body: { method: "eth_estimateGas" },
      error: { code: -32603, message: "execution reverted: Not enough 0x08c379a00000000000000000000020" },
      url: "http://127.0.0.1:8545",
    });
    expect(translate(parseError(err))).toBe("Not enough");
  });

  it("an empty reason falls back to 'Operate Error'", () => {
    expect(parseError(new Error("execution reverted"))).toEqual({ key: "errors.generic" });
    expect(parseError(new Error("execution reverted: 0x"))).toEqual({ key: "errors.generic" });
    expect(translate(parseError(new Error("execution reverted:")))).toBe("Operate Error");
  });

  it("revertReasonFromText", () => {
    expect(revertReasonFromText("execution reverted: Amount too low")).toBe("Amount too low");
    expect(revertReasonFromText("something else")).toBe("");
  });
});

describe("parseError: BNB for gas", () => {
  it("viem's InsufficientFundsError, nested as a wallet's write throws it -> how to get BNB", () => {
    const err = new BaseError("sending failed", { cause: new InsufficientFundsError() });
    expect(parseError(err)).toEqual({ key: "errors.insufficientFunds" });
    expect(translate(parseError(err))).toMatch(/^Not enough BNB to pay the gas\. Get BNB on BNB Smart Chain/);
  });

  it("a wallet's own 'insufficient funds for gas * price + value' text -> the same message", () => {
    const fromWallet = Object.assign(new Error("Internal JSON-RPC error."), {
      code: -32603,
      data: {},
      cause: { message: "insufficient funds for gas * price + value: balance 0, tx cost 4600000000000" },
    });
    expect(parseError(fromWallet)).toEqual({ key: "errors.insufficientFunds" });
  });

  it("the check before sending says what the step needs (rounded up) and what the wallet holds (cut)", () => {
    const message = parseError(new GasShortError(330_000_000_000_001n, 5n * 10n ** 11n));
    expect(message).toEqual({ key: "errors.gasShort", values: { cost: "0.000331", balance: "0" } });
    expect(translate(message)).toMatch(
      /^Not enough BNB for gas: this needs about 0\.000331 BNB and your wallet holds 0 BNB/,
    );
  });
});

describe("parseError: other errors", () => {
  it("RPC/network down -> network message", () => {
    expect(
      parseError(new HttpRequestError({ url: "http://127.0.0.1:8545", details: "fetch failed" })),
    ).toEqual({
      key: "errors.network",
    });
    expect(parseError(new TimeoutError({ body: {}, url: "http://127.0.0.1:8545" }))).toEqual({
      key: "errors.network",
    });
    expect(parseError(new TypeError("Failed to fetch"))).toEqual({ key: "errors.network" });
  });

  it("no wallet -> install-wallet message", () => {
    expect(translate(parseError(new ProviderNotFoundError()))).toBe(
      "No wallet found: open this page in your wallet app, or install a wallet",
    );
  });

  it("a mined-but-reverted transaction -> tx failed message", () => {
    expect(parseError(new TransactionRevertedError("0xabc"))).toEqual({ key: "errors.txReverted" });
  });

  it("anything else -> 'Operate Error', never the raw message", () => {
    for (const err of [new Error("secret internal detail"), "string", undefined, null, 42]) {
      expect(translate(parseError(err))).toBe("Operate Error");
    }
  });
});
