/**
 * The key a command signs with, named by `<ROLE>_KEYSTORE` (an encrypted keystore file, or the name of one in
 * ~/.foundry/keystores) with its password from `<ROLE>_PASSWORD_FILE` or typed at a prompt, or by `<ROLE>_KEY`
 * (a raw private key in the environment: dev chains and tests).
 */
import { readFileSync } from "node:fs";
import type { Hex, LocalAccount } from "viem";
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
  DEPLOYER: { keystore: "DEPLOYER_KEYSTORE", passwordFile: "DEPLOYER_PASSWORD_FILE", key: "DEPLOYER_KEY" },
  MANAGER: { keystore: "MANAGER_KEYSTORE", passwordFile: "MANAGER_PASSWORD_FILE", key: "MANAGER_KEY" },
  PROPOSER: { keystore: "PROPOSER_KEYSTORE", passwordFile: "PROPOSER_PASSWORD_FILE", key: "PROPOSER_KEY" },
} as const;
export type SignerRole = keyof typeof SIGNERS;

/** The role's keystore decrypted, else its raw key, else `fallback`; undefined when none is given. */
export async function signerFromEnv(
  role: SignerRole,
  fallback?: Hex,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ account: LocalAccount; from: string } | undefined> {
  const names = SIGNERS[role];
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
