/**
 * `npm run keystore -- import <file>`: encrypts a private key into a keystore file (the format `cast wallet
 * import` writes and `npm run deploy` reads from DEPLOYER_KEYSTORE). The key is typed at a hidden prompt (or
 * read from standard input when that is not a terminal), the password typed twice or read from PASSWORD_FILE.
 * `npm run keystore -- address <file>` prints the address a keystore holds, without its password.
 */
import { existsSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { encryptKeystore, keystoreAddress, keystorePath, readKeystore } from "./keystore.ts";
import { promptHidden, readPasswordFile } from "./signer.ts";

async function readKey(): Promise<Hex> {
  let key: string;
  if (process.stdin.isTTY) key = await promptHidden("private key (0x...): ");
  else {
    const lines = createInterface({ input: process.stdin });
    key = "";
    for await (const line of lines) {
      key = line;
      break;
    }
    lines.close();
  }
  key = key.trim();
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key)) throw new Error("a private key is 64 hex digits");
  return (key.startsWith("0x") ? key : `0x${key}`) as Hex;
}

async function readNewPassword(): Promise<string> {
  if (process.env.PASSWORD_FILE) return readPasswordFile(process.env.PASSWORD_FILE);
  const password = await promptHidden("new password: ");
  if ((await promptHidden("the password again: ")) !== password) throw new Error("the passwords differ");
  if (password.length < 8) throw new Error("a password of at least 8 characters");
  return password;
}

const [command, name] = process.argv.slice(2);
try {
  if (!name || (command !== "import" && command !== "address"))
    throw new Error("usage: npm run keystore -- import <file> | address <file>");
  const path = keystorePath(name);
  if (command === "address") {
    console.log(keystoreAddress(readKeystore(path)) ?? "the keystore does not say its address");
  } else {
    if (existsSync(path)) throw new Error(`${path} exists: choose another name`);
    const key = await readKey();
    const keystore = encryptKeystore(key, await readNewPassword());
    writeFileSync(path, `${JSON.stringify(keystore)}\n`, { mode: 0o600 });
    console.log(`wrote ${path} for ${privateKeyToAccount(key).address}`);
  }
} catch (error) {
  console.error(`keystore: ${(error as Error).message}`);
  process.exitCode = 1;
}
