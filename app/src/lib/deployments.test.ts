import { CONTRACT_NAMES } from "@taichi/contracts/deployment";
import { describe, expect, it } from "vitest";
import { APP_PAIRS, loadDeployment, recordedSafe } from "./deployments";

/** `0x00..0<n>`: a distinct address per contract (digits only, so its checksum is itself). */
const at = (n: number) => `0x${String(n).padStart(40, "0")}`;

/** A deployment file as the deploy writes it: every required contract and the fee tokens' pairs. */
function file(chainId: number, drop?: string) {
  const names = [...CONTRACT_NAMES, ...APP_PAIRS].filter((name) => name !== drop);
  return { chainId, contracts: Object.fromEntries(names.map((name, i) => [name, at(i + 1)])) };
}

/** Bundled files as `import.meta.glob` gives them: path -> parsed JSON. */
const bundled = (files: Record<number, unknown>) =>
  Object.fromEntries(Object.entries(files).map(([id, raw]) => [`/repo/deployments/${id}.json`, raw]));

describe("the app's deployment", () => {
  it("is the file of the configured chain among the bundled ones", () => {
    const loaded = loadDeployment(bundled({ 97: file(97), 31337: file(31337) }), 31337);
    expect(loaded.ok).toBe(true);
    if (loaded.ok) {
      expect(loaded.deployment.chainId).toBe(31337);
      expect(loaded.deployment.contracts.Staking).toBe(at(CONTRACT_NAMES.indexOf("Staking") + 1));
    }
  });

  it("without the chain's file, says which file to deploy", () => {
    const loaded = loadDeployment(bundled({ 97: file(97) }), 31337);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) {
      expect(loaded.error.message).toContain("no deployments/31337.json for VITE_CHAIN_ID=31337");
      expect(loaded.error.message).toContain("npm run deploy");
    }
  });

  it("refuses a file that lacks a contract, naming it and the file", () => {
    const loaded = loadDeployment(bundled({ 31337: file(31337, "Ido") }), 31337);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) {
      expect(loaded.error.message).toContain("/repo/deployments/31337.json");
      expect(loaded.error.message).toContain("contracts.Ido is missing");
    }
  });

  it("refuses a file without a fee token's USDT pair (the swap and LP rewards need them)", () => {
    const loaded = loadDeployment(bundled({ 31337: file(31337, "Pair_BurnToken_Usdt") }), 31337);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error.message).toContain("lists no contract Pair_BurnToken_Usdt");
  });

  it("refuses a file whose chainId is another chain's", () => {
    const loaded = loadDeployment(bundled({ 31337: file(97) }), 31337);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error.message).toContain('"chainId" is 97, not 31337');
  });

  it("does not take a deploy's journal for the deployment (<chainId>.journal.json sits beside it)", () => {
    const modules = { "/repo/deployments/31337.journal.json": { chainId: 31337, steps: [] } };
    expect(loadDeployment(modules, 31337).ok).toBe(false);
  });
});

describe("the operators' recorded Safe", () => {
  const safes = (files: Record<number, unknown>) =>
    Object.fromEntries(Object.entries(files).map(([id, raw]) => [`/repo/deployments/safes/${id}.json`, raw]));

  it("is the app chain's file beside the deployment: its address and MultiSendCallOnly", () => {
    const recorded = recordedSafe(
      safes({
        97: { address: at(97) },
        31337: { address: at(1), contracts: { multiSendCallOnly: at(2), safeSingleton: at(3) } },
      }),
    );
    expect(recorded).toEqual({ address: at(1), multiSendCallOnly: at(2) });
    expect(recordedSafe(safes({ 31337: { address: at(1) } }))).toEqual({
      address: at(1),
      multiSendCallOnly: undefined,
    });
  });

  it("is none when the app chain has no file, or a file without an address", () => {
    expect(recordedSafe(safes({ 97: { address: at(97) } }))).toBeUndefined();
    expect(recordedSafe(safes({ 131337: { address: at(1) } }))).toBeUndefined();
    expect(recordedSafe(safes({ 31337: { contracts: { multiSendCallOnly: at(2) } } }))).toBeUndefined();
  });
});
