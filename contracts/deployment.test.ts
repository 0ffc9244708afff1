import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stakingAbi } from "./abi/index.ts";
import { PANCAKESWAP_V2 } from "./dex.ts";
import {
  ABIS,
  CONTRACT_NAMES,
  DeploymentError,
  addressOf,
  contractOf,
  deployBlockOf,
  pairNamesOf,
  pairOf,
  parseDeployment,
  readDeployment,
  registryOf,
} from "./registry.ts";

/**
 * Checksummed addresses (the local chain's first contracts, as block explorers print them): the file
 * holds them in lower case, the registry gives them back checksummed.
 */
const ADDRESSES = [
  "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
  "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
  "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
  "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
  "0x0165878A594ca255338adfa4d48449f69242Eb8F",
  "0xa513E6E4b8f2a923D98304ec87F64353C4D5C853",
  "0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6",
  "0x8A791620dd6260079BF849Dc5567aDC3F2FdC318",
  "0x610178dA211FEF7D417bC0e6FeD39F05609AD788",
  "0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e",
  "0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0",
  "0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82",
  "0x9A676e781A523b5d0C0e43731313A708CB607508",
  "0x0B306BF915C4d645ff596e518fAf3F9669b97016",
] as const;
const PAIR = "0x959922bE3CAee4b8Cd9a407cc3ac1C251C2007B1";

/** A complete file: every required name, one pair, blocks and the DEX. */
function validFile() {
  const contracts: Record<string, string> = Object.fromEntries(
    CONTRACT_NAMES.map((name, i) => [name, ADDRESSES[i]!.toLowerCase()]),
  );
  contracts.Pair_SwapToken_Usdt = PAIR.toLowerCase();
  const blocks = Object.fromEntries(CONTRACT_NAMES.map((name, i) => [name, 10 + i]));
  return { chainId: 31337, contracts, blocks, dex: PANCAKESWAP_V2 };
}

const where = { source: "deployments/31337.json", chainId: 31337 };

/** The message a `DeploymentError` thrown by `run` carries (fails the test when nothing or else is thrown). */
function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DeploymentError);
    return (error as Error).message;
  }
  throw new Error("expected a DeploymentError, nothing was thrown");
}

describe("parseDeployment", () => {
  it("accepts a complete file: checksummed addresses, blocks, the DEX, pairs", () => {
    const d = parseDeployment(validFile(), where);
    expect(d.chainId).toBe(31337);
    expect(d.source).toBe("deployments/31337.json");
    CONTRACT_NAMES.forEach((name, i) => expect(d.contracts[name], name).toBe(ADDRESSES[i]));
    expect(d.contracts.Pair_SwapToken_Usdt).toBe(PAIR);
    expect(deployBlockOf(d, "Staking")).toBe(13);
    expect(deployBlockOf(d, "Pair_SwapToken_Usdt")).toBeUndefined();
    expect(d.dex).toEqual(PANCAKESWAP_V2);
    expect(pairNamesOf(d)).toEqual(["Pair_SwapToken_Usdt"]);
  });

  it("takes blocks and dex as optional (the fixed shape is { chainId, contracts })", () => {
    const { chainId, contracts } = validFile();
    const d = parseDeployment({ chainId, contracts }, where);
    expect(d.blocks).toEqual({});
    expect(d.dex).toBeUndefined();
  });

  it("refuses a file without a required contract, naming the contract and the file", () => {
    const file = validFile();
    delete file.contracts.Staking;
    const message = errorOf(() => parseDeployment(file, where));
    expect(message).toContain("deployments/31337.json");
    expect(message).toContain("contracts.Staking is missing");
    expect(message).not.toContain("contracts.Ido");
  });

  it("lists every problem of a file at once", () => {
    const file = validFile();
    delete file.contracts.Ido;
    delete file.contracts.Router;
    const message = errorOf(() => parseDeployment(file, where));
    expect(message).toContain("contracts.Ido is missing");
    expect(message).toContain("contracts.Router is missing");
  });

  it("refuses a bad address, and the zero address", () => {
    const bad = validFile();
    bad.contracts.Presale = "0x1234";
    expect(errorOf(() => parseDeployment(bad, where))).toContain(
      'contracts.Presale is "0x1234", not an address',
    );
    const zero = validFile();
    zero.contracts.Usdt = `0x${"0".repeat(40)}`;
    expect(errorOf(() => parseDeployment(zero, where))).toContain("contracts.Usdt is the zero address");
  });

  it("refuses the file of another chain, and a chainId that is not one", () => {
    const message = errorOf(() => parseDeployment({ ...validFile(), chainId: 97 }, where));
    expect(message).toContain('"chainId" is 97, not 31337');
    expect(
      errorOf(() => parseDeployment({ ...validFile(), chainId: "31337" }, { source: "x.json" })),
    ).toContain('"chainId" is "31337", not a chain id');
    // without an expected chain, any chain's valid file is accepted
    expect(parseDeployment({ ...validFile(), chainId: 97 }, { source: "97.json" }).chainId).toBe(97);
  });

  it("refuses malformed blocks and dex instead of dropping them", () => {
    expect(errorOf(() => parseDeployment({ ...validFile(), blocks: { Staking: -1 } }, where))).toContain(
      "blocks.Staking is -1, not a block number",
    );
    expect(
      errorOf(() => parseDeployment({ ...validFile(), dex: { feeBps: "25", initCodeHash: "0x12" } }, where)),
    ).toContain('"dex" is not { feeBps, initCodeHash }');
  });

  it("refuses what is not a deployment file at all", () => {
    expect(errorOf(() => parseDeployment(null, where))).toContain(
      "deployments/31337.json is not a deployment file",
    );
    expect(errorOf(() => parseDeployment({ chainId: 31337 }, where))).toContain(
      '"contracts" is not an object',
    );
  });
});

describe("handles", () => {
  it("gives { address, abi, chainId } by name, typed by the ABI given", () => {
    const d = parseDeployment(validFile(), where);
    const staking = contractOf(d, "Staking", stakingAbi);
    expect(staking).toEqual({ address: d.contracts.Staking, abi: stakingAbi, chainId: 31337 });
  });

  it("an optional name the file lacks throws, naming the contract and the file", () => {
    const d = parseDeployment(validFile(), where);
    expect(errorOf(() => addressOf(d, "Pair_BurnToken_Usdt"))).toBe(
      "deployments/31337.json lists no contract Pair_BurnToken_Usdt (contracts.Pair_BurnToken_Usdt)",
    );
    expect(pairOf(d, "Pair_SwapToken_Usdt").address).toBe(d.contracts.Pair_SwapToken_Usdt);
  });

  it("the registry has every required contract with its full generated ABI", () => {
    const d = parseDeployment(validFile(), where);
    const registry = registryOf(d);
    expect(Object.keys(registry).sort()).toEqual([...CONTRACT_NAMES].sort());
    for (const name of CONTRACT_NAMES) {
      expect(registry[name]).toEqual({ address: d.contracts[name], abi: ABIS[name], chainId: 31337 });
      // the ABI codegen wrote for that very name (abi/<Name>.json), not another contract's
      const generated = JSON.parse(readFileSync(join(import.meta.dirname, "abi", `${name}.json`), "utf8"));
      expect(registry[name].abi, name).toEqual(generated);
    }
    expect(registry.Ido.abi.some((item) => item.type === "function" && item.name === "claim")).toBe(true);
  });
});

describe("readDeployment", () => {
  const dir = mkdtempSync(join(tmpdir(), "deployments-"));

  it("reads and validates <dir>/<chainId>.json", () => {
    writeFileSync(join(dir, "31337.json"), JSON.stringify(validFile()));
    const d = readDeployment(dir, 31337);
    expect(d.source).toBe(join(dir, "31337.json"));
    expect(d.contracts.Staking).toBe(parseDeployment(validFile(), where).contracts.Staking);
  });

  it("a missing file says which and how to make it", () => {
    const message = errorOf(() => readDeployment(dir, 56));
    expect(message).toContain(`cannot read ${join(dir, "56.json")}`);
    expect(message).toContain("npm run deploy");
  });

  it("a file written for another chain under this chain's name is refused", () => {
    writeFileSync(join(dir, "97.json"), JSON.stringify(validFile()));
    expect(errorOf(() => readDeployment(dir, 97))).toContain('"chainId" is 31337, not 97');
  });
});
