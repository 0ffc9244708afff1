/**
 * Safe (formerly Gnosis Safe) multisigs on the local and rehearsal chains: the official v1.5.0 contracts as
 * `@safe-global/safe-smart-account` ships them (bytecode read from node_modules, nothing downloaded), a Safe
 * created through its proxy factory, and a Safe transaction made the way owners make one in Safe{Wallet}: each
 * owner signs the EIP-712 SafeTx on their own, the signatures are gathered, and anyone submits them with
 * `execTransaction`. Batches go through MultiSendCallOnly.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import {
  type Account,
  type Address,
  type Chain,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type Transport,
  type WalletClient,
  concat,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  numberToHex,
  parseAbi,
  parseEther,
  parseEventLogs,
  zeroAddress,
} from "viem";
import {
  type SafeCall,
  type SafeDomain,
  type SafeTx,
  type TransactionBuilderFile,
  builderCalls,
  multiSendCall,
  safeAbi,
  safeTx,
  safeTxArgs,
  safeTxTypedData,
} from "@taichi/contracts/safe";
import { DEV_ROLES, chainAt, devAccount } from "./env.ts";

export {
  multiSendCall,
  safeAbi,
  safeTx,
  safeTxArgs,
  safeTxHash,
  type SafeTx,
  type TransactionBuilderFile,
} from "@taichi/contracts/safe";

export const SAFE_VERSION = "1.5.0";

/**
 * The Safe contracts by their artifact in the package. SafeL2 is the singleton Safe{Wallet} deploys Safes of on
 * BNB Smart Chain (it logs every Safe transaction as an event).
 */
const ARTIFACTS = {
  singleton: "SafeL2.sol/SafeL2.json",
  proxyFactory: "proxies/SafeProxyFactory.sol/SafeProxyFactory.json",
  fallbackHandler: "handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json",
  multiSend: "libraries/MultiSend.sol/MultiSend.json",
  multiSendCallOnly: "libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json",
} as const;

export type SafeContracts = Record<keyof typeof ARTIFACTS, Address>;

const proxyFactoryAbi = parseAbi([
  "function createProxyWithNonce(address singleton, bytes initializer, uint256 saltNonce) returns (address)",
  "event ProxyCreation(address indexed proxy, address singleton)",
]);

type Artifact = { abi: readonly unknown[]; bytecode: Hex };
const require = createRequire(import.meta.url);

function loadSafeArtifact(name: keyof typeof ARTIFACTS): Artifact {
  const path = require.resolve(
    `@safe-global/safe-smart-account/build/artifacts/contracts/${ARTIFACTS[name]}`,
  );
  return JSON.parse(readFileSync(path, "utf8")) as Artifact;
}

type Wallet = WalletClient<Transport, Chain, Account>;

async function mined(client: PublicClient, hash: Hex, what: string) {
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`${what} failed (transaction ${hash})`);
  return receipt;
}

/** Deploys the singleton, proxy factory, fallback handler and both MultiSends from `wallet`. */
export async function deploySafeContracts(wallet: Wallet, client: PublicClient): Promise<SafeContracts> {
  const deployed: Partial<SafeContracts> = {};
  for (const name of Object.keys(ARTIFACTS) as (keyof typeof ARTIFACTS)[]) {
    const { abi, bytecode } = loadSafeArtifact(name);
    const hash = await wallet.deployContract({ abi: abi as never, bytecode });
    deployed[name] = getAddress((await mined(client, hash, `deploying the Safe ${name}`)).contractAddress!);
  }
  return deployed as SafeContracts;
}

/** A Safe (a proxy of the singleton) with `owners` and `threshold`, set up as Safe{Wallet} sets one up. */
export async function createSafe(
  wallet: Wallet,
  client: PublicClient,
  contracts: SafeContracts,
  options: { owners: readonly Address[]; threshold: number; saltNonce?: bigint },
): Promise<Address> {
  const initializer = encodeFunctionData({
    abi: safeAbi,
    functionName: "setup",
    args: [
      options.owners.map((o) => getAddress(o)),
      BigInt(options.threshold),
      zeroAddress,
      "0x",
      contracts.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });
  const hash = await wallet.writeContract({
    address: contracts.proxyFactory,
    abi: proxyFactoryAbi,
    functionName: "createProxyWithNonce",
    args: [contracts.singleton, initializer, options.saltNonce ?? 0n],
  });
  const receipt = await mined(client, hash, "creating the Safe");
  const [created] = parseEventLogs({ abi: proxyFactoryAbi, eventName: "ProxyCreation", logs: receipt.logs });
  if (!created) throw new Error("the proxy factory created no Safe");
  return getAddress(created.args.proxy);
}

export type SafeSignature = { signer: Address; signature: Hex };

/** One owner's EIP-712 signature of `tx`, as a wallet's `eth_signTypedData_v4` gives it. */
export async function signSafeTx(
  account: LocalAccount,
  domain: SafeDomain,
  tx: SafeTx,
): Promise<SafeSignature> {
  return { signer: account.address, signature: await account.signTypedData(safeTxTypedData(domain, tx)) };
}

/** The signatures as `execTransaction` takes them: concatenated in ascending order of their signers. */
export function joinSignatures(signatures: readonly SafeSignature[]): Hex {
  const sorted = [...signatures].sort((a, b) =>
    BigInt(a.signer) < BigInt(b.signer) ? -1 : BigInt(a.signer) > BigInt(b.signer) ? 1 : 0,
  );
  return concat(sorted.map((s) => s.signature));
}

/** Submits `tx` with the gathered signatures from `submitter` (any account: it only pays the gas). */
export async function execSafeTx(
  submitter: Wallet,
  client: PublicClient,
  safe: Address,
  tx: SafeTx,
  signatures: readonly SafeSignature[],
) {
  const hash = await submitter.writeContract({
    address: safe,
    abi: safeAbi,
    functionName: "execTransaction",
    args: [...safeTxArgs(tx), joinSignatures(signatures)],
  });
  const receipt = await mined(client, hash, "the Safe transaction");
  if (parseEventLogs({ abi: safeAbi, eventName: "ExecutionFailure", logs: receipt.logs }).length)
    throw new Error(`the Safe transaction at nonce ${tx.nonce} ran and failed (transaction ${hash})`);
  return receipt;
}

export async function safeNonce(client: PublicClient, safe: Address): Promise<bigint> {
  return client.readContract({ address: safe, abi: safeAbi, functionName: "nonce" });
}

/**
 * One Safe transaction end to end: at the Safe's next nonce, each of `signers` signs on their own, and the first
 * of them submits the gathered signatures.
 */
export async function sendThroughSafe(options: {
  rpcUrl: string;
  safe: Address;
  call: SafeCall & { operation?: number };
  signers: readonly LocalAccount[];
}) {
  const transport = http(options.rpcUrl);
  const client = createPublicClient({ transport });
  const chainId = await client.getChainId();
  const tx = safeTx(options.call, await safeNonce(client, options.safe));
  const domain = { chainId, safe: options.safe };
  const signatures: SafeSignature[] = [];
  for (const signer of options.signers) signatures.push(await signSafeTx(signer, domain, tx));
  const submitter = createWalletClient({
    account: options.signers[0]!,
    transport,
    chain: chainAt(chainId, options.rpcUrl),
  });
  return execSafeTx(submitter, client, options.safe, tx, signatures);
}

/**
 * What Safe{Wallet} does with an imported Transaction Builder file: its transactions as one Safe transaction (a
 * MultiSend batch when there are several), signed by `signers` and submitted. Refuses a file for another chain.
 */
export async function sendBuilderFile(options: {
  rpcUrl: string;
  safe: DevSafe;
  file: string;
  signers: readonly LocalAccount[];
}) {
  const file = JSON.parse(readFileSync(options.file, "utf8")) as Partial<TransactionBuilderFile>;
  if (Number(file.chainId) !== options.safe.chainId)
    throw new Error(`${options.file} is for chain ${file.chainId}, the Safe is on ${options.safe.chainId}`);
  const calls = builderCalls(file, options.safe.chainId);
  if (!calls) throw new Error(`${options.file} is no Transaction Builder file`);
  if (calls.length === 0) throw new Error(`${options.file} has no transaction`);
  return sendThroughSafe({
    rpcUrl: options.rpcUrl,
    safe: options.safe.address,
    call: calls.length === 1 ? calls[0]! : multiSendCall(options.safe.contracts.multiSendCallOnly, calls),
    signers: options.signers,
  });
}

/** The local chain's Safe: what the stack and the rehearsal record beside the deployment file. */
export type DevSafe = {
  chainId: number;
  address: Address;
  owners: Address[];
  threshold: number;
  version: string;
  contracts: SafeContracts;
};

export const DEV_SAFE_THRESHOLD = 2;
/** Deploys the Safe contracts on a dev chain, as Safe's own deployer has on BSC; no product or launch role. */
const SAFE_FACTORY_ACCOUNT = devAccount(16);

/**
 * On a local chain (anvil): the Safe contracts and the 2-of-3 Safe of the dev accounts DEV_ROLES.safeOwners,
 * deployed from an account of their own so the product's addresses do not move.
 */
export async function createDevSafe(rpcUrl: string): Promise<DevSafe> {
  const transport = http(rpcUrl);
  const client = createPublicClient({ transport });
  const chainId = await client.getChainId();
  await client.request({
    method: "anvil_setBalance",
    params: [SAFE_FACTORY_ACCOUNT.address, numberToHex(parseEther("10"))],
  } as never);
  const wallet = createWalletClient({
    account: SAFE_FACTORY_ACCOUNT,
    transport,
    chain: chainAt(chainId, rpcUrl),
  });
  const contracts = await deploySafeContracts(wallet, client);
  const owners = DEV_ROLES.safeOwners.map((index) => devAccount(index).address);
  const safe = await createSafe(wallet, client, contracts, { owners, threshold: DEV_SAFE_THRESHOLD });
  return { chainId, address: safe, owners, threshold: DEV_SAFE_THRESHOLD, version: SAFE_VERSION, contracts };
}

/**
 * `safes/<chainId>.json` in the deployments folder: beside the deployment file, whose fixed shape names only the
 * product's contracts, and out of the app's `*.json` glob of deployment files.
 */
export const safeFile = (deploymentsDir: string, chainId: number) =>
  join(deploymentsDir, "safes", `${chainId}.json`);

export function writeDevSafe(deploymentsDir: string, devSafe: DevSafe) {
  mkdirSync(join(deploymentsDir, "safes"), { recursive: true });
  writeFileSync(safeFile(deploymentsDir, devSafe.chainId), `${JSON.stringify(devSafe, null, 2)}\n`);
}

export function readDevSafe(deploymentsDir: string, chainId: number): DevSafe {
  return JSON.parse(readFileSync(safeFile(deploymentsDir, chainId), "utf8")) as DevSafe;
}
