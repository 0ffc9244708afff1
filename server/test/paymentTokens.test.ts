/** Which tokens the server checks payments in: the configured ones, else the deployment file's, read at boot. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONTRACT_NAMES, DeploymentError } from "@taichi/contracts/registry";
import type { Address } from "viem";
import { describe, expect, it } from "vitest";
import { paymentTokens } from "../src/lib/payments.ts";

/** `0x00..0<n>`: a distinct address per contract (digits only, so its checksum is itself). */
const at = (n: number) => `0x${String(n).padStart(40, "0")}` as Address;
const file = Object.fromEntries(CONTRACT_NAMES.map((name, i) => [name, at(i + 1)]));
const USDT = file.Usdt!;
const MINING = file.MiningToken!;
const CONFIGURED_USDT = at(901);
const CONFIGURED_ARB = at(902);

function deploymentsDir(contracts: Record<string, Address>): string {
  const dir = mkdtempSync(join(tmpdir(), "deployments-"));
  writeFileSync(join(dir, "31337.json"), JSON.stringify({ chainId: 31337, contracts }));
  return dir;
}

describe("paymentTokens", () => {
  it("takes USDT_ADDRESS and ARB_ADDRESS as set, without a deployment file", () => {
    const empty = mkdtempSync(join(tmpdir(), "deployments-"));
    expect(paymentTokens(31337, { usdt: CONFIGURED_USDT, arb: CONFIGURED_ARB }, empty)).toEqual({
      usdt: CONFIGURED_USDT,
      arb: CONFIGURED_ARB,
    });
  });

  it("reads what is not set from the deployment file: Usdt and MiningToken", () => {
    const dir = deploymentsDir(file);
    expect(paymentTokens(31337, { usdt: null, arb: null }, dir)).toEqual({ usdt: USDT, arb: MINING });
    expect(paymentTokens(31337, { usdt: CONFIGURED_USDT, arb: null }, dir)).toEqual({
      usdt: CONFIGURED_USDT,
      arb: MINING,
    });
  });

  it("stops at boot when the file is missing or lacks a contract, naming the file and the contract", () => {
    const empty = mkdtempSync(join(tmpdir(), "deployments-"));
    expect(() => paymentTokens(31337, { usdt: null, arb: null }, empty)).toThrow(join(empty, "31337.json"));
    const { MiningToken: _, ...withoutMining } = file;
    const dir = deploymentsDir(withoutMining);
    expect(() => paymentTokens(31337, { usdt: CONFIGURED_USDT, arb: null }, dir)).toThrow(DeploymentError);
    expect(() => paymentTokens(31337, { usdt: CONFIGURED_USDT, arb: null }, dir)).toThrow(
      "contracts.MiningToken is missing",
    );
  });
});
