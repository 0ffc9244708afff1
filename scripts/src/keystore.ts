/**
 * Encrypted JSON keystores (Web3 Secret Storage, version 3): the files `cast wallet import` writes to
 * ~/.foundry/keystores and geth and MetaMask export. The key is encrypted with AES-128-CTR under the first half
 * of a key derived from the password (scrypt or PBKDF2-HMAC-SHA256); the second half, hashed with the ciphertext
 * by keccak-256, is the MAC that tells a wrong password from a damaged file.
 */
import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { scrypt } from "@noble/hashes/scrypt";
import { type Hex, bytesToHex, concat, getAddress, keccak256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export type Keystore = {
  version: 3;
  id: string;
  address?: string;
  crypto: {
    cipher: "aes-128-ctr";
    cipherparams: { iv: string };
    ciphertext: string;
    kdf: "scrypt" | "pbkdf2";
    kdfparams:
      | { n: number; r: number; p: number; dklen: number; salt: string }
      | { c: number; prf: "hmac-sha256"; dklen: number; salt: string };
    mac: string;
  };
};

/** scrypt's cost for new keystores: geth's and Foundry's "standard" parameters (about a second to open). */
const SCRYPT = { n: 262_144, r: 8, p: 1 } as const;

function deriveKey(password: string, crypto: Keystore["crypto"]): Buffer {
  const params = crypto.kdfparams;
  const salt = Buffer.from(params.salt, "hex");
  if (crypto.kdf === "scrypt" && "n" in params) {
    // not node:crypto's scrypt: OpenSSL refuses N >= 2^(16 r), which the definition's own vector (r = 1) has
    const key = scrypt(password.normalize("NFKC"), salt, {
      N: params.n,
      r: params.r,
      p: params.p,
      dkLen: params.dklen,
    });
    return Buffer.from(key);
  }
  if (crypto.kdf === "pbkdf2" && "c" in params) {
    if (params.prf !== "hmac-sha256") throw new Error(`keystore: unsupported prf ${params.prf}`);
    return pbkdf2Sync(password.normalize("NFKC"), salt, params.c, params.dklen, "sha256");
  }
  throw new Error(`keystore: unsupported key derivation ${crypto.kdf}`);
}

function mac(derived: Buffer, ciphertext: Buffer): Hex {
  return keccak256(concat([derived.subarray(16, 32), ciphertext]));
}

/** The private key in `keystore`; throws "wrong password" when the MAC does not match. */
export function decryptKeystore(keystore: Keystore, password: string): Hex {
  // some wallets (MyEtherWallet) write the section as "Crypto"
  const crypto = keystore.crypto ?? (keystore as unknown as { Crypto: Keystore["crypto"] }).Crypto;
  if (keystore.version !== 3) throw new Error(`keystore: version ${String(keystore.version)}, expected 3`);
  if (crypto.cipher !== "aes-128-ctr") throw new Error(`keystore: unsupported cipher ${crypto.cipher}`);
  const derived = deriveKey(password, crypto);
  const ciphertext = Buffer.from(crypto.ciphertext, "hex");
  if (mac(derived, ciphertext) !== `0x${crypto.mac.toLowerCase()}`) {
    throw new Error("keystore: wrong password (the MAC does not match)");
  }
  const iv = Buffer.from(crypto.cipherparams.iv, "hex");
  const decipher = createDecipheriv("aes-128-ctr", derived.subarray(0, 16), iv);
  return bytesToHex(Buffer.concat([decipher.update(ciphertext), decipher.final()]));
}

/** A new keystore for `privateKey` (scrypt, random salt and IV); `scrypt` lowers the cost for tests. */
export function encryptKeystore(
  privateKey: Hex,
  password: string,
  scrypt: { n: number; r: number; p: number } = SCRYPT,
): Keystore {
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  const kdfparams = { ...scrypt, dklen: 32, salt: salt.toString("hex") };
  const crypto = {
    cipher: "aes-128-ctr" as const,
    cipherparams: { iv: iv.toString("hex") },
    kdf: "scrypt" as const,
    kdfparams,
  };
  const derived = deriveKey(password, { ...crypto, ciphertext: "", mac: "" });
  const cipher = createCipheriv("aes-128-ctr", derived.subarray(0, 16), iv);
  const ciphertext = Buffer.concat([cipher.update(Buffer.from(privateKey.slice(2), "hex")), cipher.final()]);
  return {
    version: 3,
    id: randomUUID(),
    address: privateKeyToAccount(privateKey).address.slice(2).toLowerCase(),
    crypto: { ...crypto, ciphertext: ciphertext.toString("hex"), mac: mac(derived, ciphertext).slice(2) },
  };
}

/** A path as the operator typed it: relative to where `npm run` was started (npm runs scripts at the root). */
export function invocationPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** A keystore file: a path, or the name of one in Foundry's folder (`cast wallet import <name>`). */
export function keystorePath(pathOrName: string): string {
  if (isAbsolute(pathOrName) || pathOrName.includes("/") || pathOrName.endsWith(".json"))
    return invocationPath(pathOrName);
  return join(process.env.FOUNDRY_KEYSTORES ?? join(homedir(), ".foundry", "keystores"), pathOrName);
}

export function readKeystore(pathOrName: string): Keystore {
  const path = keystorePath(pathOrName);
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Keystore;
  } catch (error) {
    throw new Error(`keystore ${path}: ${(error as Error).message}`);
  }
}

/** The address a keystore says it holds (no password needed); undefined when the file leaves it out. */
export function keystoreAddress(keystore: Keystore) {
  return keystore.address ? getAddress(`0x${keystore.address.replace(/^0x/, "")}`) : undefined;
}
