/**
 * Keystores against the Web3 Secret Storage definition's own test vectors (one scrypt, one PBKDF2; password
 * "testpassword"), and a keystore written here opened again.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import { type Keystore, decryptKeystore, encryptKeystore, keystoreAddress } from "./keystore.ts";
import { signerFromEnv } from "./signer.ts";

const VECTOR_KEY = "0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d";

const pbkdf2Vector: Keystore = {
  crypto: {
    cipher: "aes-128-ctr",
    cipherparams: { iv: "6087dab2f9fdbbfaddc31a909735c1e6" },
    ciphertext: "5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46",
    kdf: "pbkdf2",
    kdfparams: {
      c: 262144,
      dklen: 32,
      prf: "hmac-sha256",
      salt: "ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd",
    },
    mac: "517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2",
  },
  id: "3198bc9c-6672-5ab3-d995-4942343ae5b6",
  version: 3,
};

const scryptVector: Keystore = {
  crypto: {
    cipher: "aes-128-ctr",
    cipherparams: { iv: "83dbcc02d8ccb40e466191a123791e0e" },
    ciphertext: "d172bf743a674da9cdad04534d56926ef8358534d458fffccd4e6ad2fbde479c",
    kdf: "scrypt",
    kdfparams: {
      dklen: 32,
      n: 262144,
      r: 1,
      p: 8,
      salt: "ab0c7876052600dd703518d6fc3fe8984592145b591fc8fb5c6d43190334ba19",
    },
    mac: "2103ac29920d71da29f15d75b4a16dbe95cfd7ff8faea1056c33131d846e3097",
  },
  id: "3198bc9c-6672-5ab3-d995-4942343ae5b6",
  version: 3,
};

describe("Web3 Secret Storage keystores", () => {
  it("opens the definition's PBKDF2 and scrypt test vectors to their private key", () => {
    expect(decryptKeystore(pbkdf2Vector, "testpassword")).toBe(VECTOR_KEY);
    expect(decryptKeystore(scryptVector, "testpassword")).toBe(VECTOR_KEY);
  });

  it('reads a keystore whose section is named "Crypto", as some wallets write it', () => {
    const { crypto, ...rest } = pbkdf2Vector;
    expect(decryptKeystore({ ...rest, Crypto: crypto } as unknown as Keystore, "testpassword")).toBe(
      VECTOR_KEY,
    );
  });

  it("refuses a wrong password by the MAC instead of returning a wrong key", () => {
    expect(() => decryptKeystore(pbkdf2Vector, "testpassworD")).toThrow(/wrong password/);
    expect(() => decryptKeystore(pbkdf2Vector, "")).toThrow(/wrong password/);
  });

  it("refuses a damaged ciphertext", () => {
    const damaged = structuredClone(pbkdf2Vector);
    damaged.crypto.ciphertext = `e${damaged.crypto.ciphertext.slice(1)}`;
    expect(() => decryptKeystore(damaged, "testpassword")).toThrow(/MAC/);
  });

  it("writes a keystore it, and any v3 reader, opens again, with its address but never the key in clear", () => {
    const key = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
    const written = encryptKeystore(key, "correct horse", { n: 1024, r: 8, p: 1 });
    expect(JSON.stringify(written)).not.toContain(key.slice(2));
    expect(keystoreAddress(written)).toBe(privateKeyToAccount(key).address);
    expect(decryptKeystore(written, "correct horse")).toBe(key);
    expect(() => decryptKeystore(written, "correct horse ")).toThrow(/wrong password/);
    // a fresh salt and IV each time: two keystores of one key differ
    expect(encryptKeystore(key, "x", { n: 1024, r: 8, p: 1 }).crypto.ciphertext).not.toBe(
      encryptKeystore(key, "x", { n: 1024, r: 8, p: 1 }).crypto.ciphertext,
    );
  });
});

describe("a command's signer", () => {
  const key = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
  const dir = mkdtempSync(join(tmpdir(), "keys-"));
  const keystore = join(dir, "deployer.json");
  writeFileSync(keystore, JSON.stringify(encryptKeystore(key, "s3cret pass", { n: 1024, r: 8, p: 1 })));
  const passwordFile = join(dir, "password");
  writeFileSync(passwordFile, "s3cret pass\n");

  it("is the role's keystore opened with the password file's first line, before any raw key", async () => {
    const signer = await signerFromEnv("DEPLOYER", undefined, {
      DEPLOYER_KEYSTORE: keystore,
      DEPLOYER_PASSWORD_FILE: passwordFile,
      DEPLOYER_KEY: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
    });
    expect(signer?.account.address).toBe(privateKeyToAccount(key).address);
    expect(signer?.from).toBe(`keystore ${keystore}`);
  });

  it("fails on a wrong password file, and has no terminal to ask on without one", async () => {
    const wrong = join(dir, "wrong");
    writeFileSync(wrong, "s3cret pas\n");
    await expect(
      signerFromEnv("MANAGER", undefined, { MANAGER_KEYSTORE: keystore, MANAGER_PASSWORD_FILE: wrong }),
    ).rejects.toThrow(/wrong password/);
    await expect(signerFromEnv("MANAGER", undefined, { MANAGER_KEYSTORE: keystore })).rejects.toThrow(
      /needs a terminal/,
    );
  });

  it("is the raw key, else the fallback, else none", async () => {
    const raw = await signerFromEnv("PROPOSER", undefined, { PROPOSER_KEY: key });
    expect(raw?.account.address).toBe(privateKeyToAccount(key).address);
    expect(raw?.from).toBe("PROPOSER_KEY");
    expect((await signerFromEnv("PROPOSER", key, {}))?.from).toBe("the dev key");
    expect(await signerFromEnv("PROPOSER", undefined, {})).toBeUndefined();
  });
});
