import { describe, expect, it } from "vitest";
import {
  actionsFor,
  amountText,
  canSendPayout,
  checkReason,
  listBody,
  parseHash,
  payoutToken,
} from "./logic";

const MEMBER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const TREASURY = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe("actionsFor", () => {
  it("offers approve and reject on a pending request, pay and refund on an approved one, nothing on a final one", () => {
    expect(actionsFor("pending")).toEqual(["approve", "reject"]);
    expect(actionsFor("approved")).toEqual(["pay", "refund"]);
    expect(actionsFor("paid")).toEqual([]);
    expect(actionsFor("rejected")).toEqual([]);
  });
});

describe("listBody", () => {
  it("sends the status and page, and the member only when one is typed (trimmed)", () => {
    expect(listBody({ status: "approved", member: "" }, 2)).toEqual({
      ok: true,
      body: { status: "approved", page: 2 },
    });
    expect(listBody({ status: "all", member: `  ${MEMBER} ` }, 1)).toEqual({
      ok: true,
      body: { status: "all", page: 1, address: MEMBER },
    });
  });

  it("refuses a member filter that is not a whole address, before asking the API", () => {
    for (const member of ["0x7099", `${MEMBER}0`, "member-two", MEMBER.replace("0x", "")]) {
      expect(listBody({ status: "pending", member }, 1)).toEqual({
        ok: false,
        message: { key: "withdrawals.badMember" },
      });
    }
  });
});

describe("checkReason", () => {
  it("keeps a reason trimmed, up to 200 characters", () => {
    expect(checkReason("  wrong address  ")).toEqual({ ok: true, reason: "wrong address" });
    expect(checkReason("x".repeat(200))).toEqual({ ok: true, reason: "x".repeat(200) });
  });

  it("refuses what the API would: blank, over 200 characters, control characters", () => {
    expect(checkReason("   ")).toEqual({ ok: false, message: { key: "withdrawals.reasonRequired" } });
    expect(checkReason("x".repeat(201))).toEqual({
      ok: false,
      message: { key: "withdrawals.reasonInvalid" },
    });
    expect(checkReason("two\nlines")).toEqual({ ok: false, message: { key: "withdrawals.reasonInvalid" } });
  });
});

describe("parseHash", () => {
  it("accepts a pasted hash with spaces around it, lower-cased, and nothing else", () => {
    const hash = `0x${"aB".repeat(32)}`;
    expect(parseHash(` ${hash}\n`)).toBe(hash.toLowerCase());
    expect(parseHash(hash.slice(0, -1))).toBeUndefined();
    expect(parseHash(`${hash}0`)).toBeUndefined();
    expect(parseHash(`0x${"g".repeat(64)}`)).toBeUndefined();
  });
});

describe("payouts", () => {
  it("pays USDT requests in USDT and ARB requests in the MiningToken", () => {
    expect(payoutToken("usdt")).toBe("Usdt");
    expect(payoutToken("arb")).toBe("MiningToken");
  });

  it("names the amount in full precision with its symbol", () => {
    expect(amountText({ amount: "12500000000000000000", creditType: "usdt" })).toBe("12.5 USDT");
    expect(amountText({ amount: "1000000000000000001", creditType: "arb" })).toBe("1.000000000000000001 ARB");
    expect(amountText({ amount: "1234000000000000000000", creditType: "usdt" })).toBe("1,234 USDT");
  });

  it("lets the wallet send the payout only when it is the treasury, in any letter case", () => {
    expect(canSendPayout(TREASURY.toLowerCase() as `0x${string}`, TREASURY)).toBe(true);
    expect(canSendPayout(MEMBER, TREASURY)).toBe(false);
    expect(canSendPayout(undefined, TREASURY)).toBe(false);
  });
});
