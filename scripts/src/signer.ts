/**
 * Who a command signs as, the first of: `<ROLE>_SIGNER_URL`, an external JSON-RPC signer that holds the key and
 * signs and sends each transaction itself (Frame's local RPC with a Ledger, Trezor or Lattice behind it, or any
 * signer answering eth_accounts and eth_sendTransaction), on its account `<ROLE>_ADDRESS` when it offers several;
 * `<ROLE>_KEYSTORE` (an encrypted keystore file, or the name of one in ~/.foundry/keystores) with its password
 * from `<ROLE>_PASSWORD_FILE` or typed at a prompt; `<ROLE>_KEY` (a raw private key in the environment: dev
 * chains and tests).
 */
import { readFileSync } from "node:fs";
import {
  type Chain,
  type Hex,
  type JsonRpcAccount,
  type LocalAccount,
  createWalletClient,
  getAddress,
  http,
  isAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { decryptKeystore, invocationPath, keystoreAddress, keystorePath, readKeystore } from "./keystore.ts";

/** Asks for a password on the terminal without echoing it. */
export async function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) throw new Error(`${question.trim()} needs a terminal (or a password file)`);
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  let typed = "";
  try {
    for await (const chunk of stdin as AsyncIterable<string>) {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return typed;
        if (char === "\u0003") throw new Error("cancelled");
        typed = char === "\u007f" ? typed.slice(0, -1) : typed + char;
      }
    }
    return typed;
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    stderr.write("\n");
  }
}

/** The password file's first line (a trailing newline is not part of the password). */
export function readPasswordFile(path: string): string {
  return readFileSync(invocationPath(path), "utf8").replace(/\r?\n$/, "");
}

/** The signing roles and their variables: `npm run deploy` signs as the deployer, `npm run launch` as any. */
export const SIGNERS = {
  DEPLOYER: {
    signerUrl: "DEPLOYER_SIGNER_URL",
    address: "DEPLOYER_ADDRESS",
    keystore: "DEPLOYER_KEYSTORE",
    passwordFile: "DEPLOYER_PASSWORD_FILE",
    key: "DEPLOYER_KEY",
  },
  MANAGER: {
    signerUrl: "MANAGER_SIGNER_URL",
    address: "MANAGER_ADDRESS",
    keystore: "MANAGER_KEYSTORE",
    passwordFile: "MANAGER_PASSWORD_FILE",
    key: "MANAGER_KEY",
  },
  PROPOSER: {
    signerUrl: "PROPOSER_SIGNER_URL",
    address: "PROPOSER_ADDRESS",
    keystore: "PROPOSER_KEYSTORE",
    passwordFile: "PROPOSER_PASSWORD_FILE",
    key: "PROPOSER_KEY",
  },
} as const;
export type SignerRole = keyof typeof SIGNERS;

/**
 * A role's signer: a key opened here, or an account of the external signer at `url`, which signs and sends each
 * transaction itself (the user confirms each on the device). `from` says which, for the plan and the logs.
 */
export type Signer = { account: LocalAccount | JsonRpcAccount; from: string; url?: string };

/** No time limit of ours on the external signer: it answers once the user confirmed on the device. */
const external = (url: string) => http(url, { timeout: 0, retryCount: 0 });

/** The role's external signer, else its keystore decrypted, else its raw key, else `fallback`; undefined: none. */
export async function signerFromEnv(
  role: SignerRole,
  fallback?: Hex,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Signer | undefined> {
  const names = SIGNERS[role];
  const url = env[names.signerUrl]?.trim();
  if (url) return externalSigner(url, env[names.address]?.trim(), names.address);
  const keystore = env[names.keystore]?.trim();
  if (keystore) {
    const file = readKeystore(keystore);
    const passwordFile = env[names.passwordFile]?.trim();
    const password = passwordFile
      ? readPasswordFile(passwordFile)
      : await promptHidden(
          `password of ${keystorePath(keystore)}${keystoreAddress(file) ? ` (${keystoreAddress(file)})` : ""}: `,
        );
    return {
      account: privateKeyToAccount(decryptKeystore(file, password)),
      from: `keystore ${keystorePath(keystore)}`,
    };
  }
  const key = env[names.key]?.trim() || fallback;
  if (!key) return undefined;
  return { account: privateKeyToAccount(key as Hex), from: env[names.key] ? names.key : "the dev key" };
}

/** The account of the signer at `url`: its only one, or `chosen` (named by `variable`) among several. */
async function externalSigner(url: string, chosen: string | undefined, variable: string): Promise<Signer> {
  if (chosen && !isAddress(chosen)) throw new Error(`${variable}: "${chosen}" is not an address`);
  const wallet = createWalletClient({ transport: external(url) });
  const offered = await wallet
    .getAddresses()
    .then((accounts) => (accounts.length ? accounts : wallet.requestAddresses()))
    .catch((error: Error) => {
      throw new Error(`the signer at ${url} gave no accounts: ${error.message.split("\n")[0]}`);
    });
  if (offered.length === 0)
    throw new Error(`the signer at ${url} offers no account: unlock it, connect the device`);
  if (!chosen && offered.length > 1)
    throw new Error(
      `the signer at ${url} offers ${offered.length} accounts (${offered.join(", ")}): choose one with ${variable}`,
    );
  const address = chosen ? getAddress(chosen) : offered[0]!;
  if (!offered.includes(address))
    throw new Error(
      `the signer at ${url} does not offer ${variable} ${chosen}; it offers ${offered.join(", ")}`,
    );
  return { account: { address, type: "json-rpc" }, from: `the JSON-RPC signer at ${url}`, url };
}

/**
 * A wallet client sending as `signer` on `chain`: a key opened here signs, and sends through the chain's RPC; an
 * external signer signs and sends itself, once checked to be on the chain (nothing is sent before).
 */
export async function walletOf(signer: Signer, chain: Chain) {
  const transport = signer.url ? external(signer.url) : http(chain.rpcUrls.default.http[0]);
  const wallet = createWalletClient({ account: signer.account, chain, transport });
  if (signer.url) {
    const signerChain = await wallet.getChainId();
    if (signerChain !== chain.id)
      throw new Error(
        `the signer at ${signer.url} is on chain ${signerChain}, RPC_URL on chain ${chain.id}: switch the signer to chain ${chain.id} (in Frame, this connection's chain)`,
      );
  }
  return wallet;
}
