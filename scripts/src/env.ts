import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { mnemonicToAccount } from "viem/accounts";
import { defineChain, getAddress, toHex, type Address } from "viem";
import { type Dex, parseDex } from "@taichi/contracts/dex";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export const LOCAL_CHAIN_ID = 31337;

/** anvil's well-known development mnemonic: its accounts are public, for local chains only. */
export const DEV_MNEMONIC = "test test test test test test test test test test test junk";

export function devAccount(index: number) {
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });
}

export function devPrivateKey(index: number) {
  return toHex(devAccount(index).getHdKey().privateKey!);
}

/** Roles of the local dev accounts (anvil's accounts 0..9). */
export const DEV_ROLES = {
  deployer: 0, // proposer and executor of the Timelock that owns every contract; the referral root
  manager: 1,
  members: [2, 3], // registered under the root, funded
  newcomers: [4, 5, 6, 7, 8, 9], // funded, not registered
  keeper: 10, // the price keeper of `npm run dev` (scripts/src/priceKeeper.ts): it only pays gas
  operator: 11, // a third operator, and an owner of the local Safe
  /**
   * the owners of the local 2-of-3 Safe, a Timelock proposer (scripts/src/safe.ts, docs/deploy.md "Safes"): not
   * the manager, who stays a manager alone (the Safe would otherwise reach the owner's changes for it)
   */
  safeOwners: [0, 11, 12],
} as const;

/**
 * OPERATOR_ADDRESSES of the dev stack's API and the e2e's (the withdrawals console): the treasury (account 0)
 * and the third operator, a Safe owner.
 */
export const devOperatorAddresses = () =>
  [DEV_ROLES.deployer, DEV_ROLES.operator].map((index) => devAccount(index).address).join(",");

/** How many funded accounts the local anvil has: the roles above. */
export const DEV_ACCOUNTS = Math.max(DEV_ROLES.operator, ...DEV_ROLES.safeOwners) + 1;

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}"`);
  }
  return value;
}

export function ports() {
  return {
    chain: port("CHAIN_PORT", 8545),
    api: port("API_PORT", 8787),
    app: port("APP_PORT", 5173),
    indexer: port("INDEXER_PORT", 42069),
  };
}

/** A viem chain object for whatever chain an RPC endpoint serves (deploys and tests sign against it). */
export function chainAt(id: number, rpcUrl: string) {
  return defineChain({
    id,
    name: id === LOCAL_CHAIN_ID ? "Local" : `Chain ${id}`,
    nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/** A comma-separated list of addresses; undefined when unset. */
function addresses(name: string): Address[] | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  return raw.split(",").map((entry) => {
    try {
      return getAddress(entry.trim());
    } catch {
      throw new Error(`${name}: "${entry.trim()}" is not an address`);
    }
  });
}

/** One address from `name`; undefined when unset. */
export function addressFromEnv(name: string): Address | undefined {
  const list = addresses(name);
  if (list && list.length > 1) throw new Error(`${name} takes one address`);
  return list?.[0];
}

/**
 * DEX_FEE_BPS and DEX_INIT_CODE_HASH, both or neither: a DEX other than the network's own (the rehearsal's);
 * undefined when unset.
 */
export function dexFromEnv(): Dex | undefined {
  const fee = process.env.DEX_FEE_BPS?.trim();
  const hash = process.env.DEX_INIT_CODE_HASH?.trim();
  if (!fee && !hash) return undefined;
  const dex = parseDex({ feeBps: Number(fee), initCodeHash: hash });
  if (!dex || !/^\d+$/.test(fee ?? "")) {
    throw new Error(
      `DEX_FEE_BPS (whole basis points, e.g. 25) and DEX_INIT_CODE_HASH (0x + 64 hex digits) go together, got "${fee}" and "${hash}"`,
    );
  }
  return dex;
}

/** TIMELOCK_PROPOSERS, TIMELOCK_GUARDIAN and TIMELOCK_DELAY; what is unset takes the deploy's default. */
export function timelockFromEnv() {
  const guardian = addressFromEnv("TIMELOCK_GUARDIAN");
  const delay = process.env.TIMELOCK_DELAY?.trim();
  if (delay && !/^\d+$/.test(delay)) {
    throw new Error(`TIMELOCK_DELAY must be a whole number of seconds, got "${delay}"`);
  }
  return {
    proposers: addresses("TIMELOCK_PROPOSERS"),
    guardian,
    delay: delay ? BigInt(delay) : undefined,
  };
}
