/**
 * The Safe module against a real Safe (v1.5.0 from the npm package) on anvil: a 2-of-3 Safe of the dev accounts
 * executes what two owners signed, refuses a non-owner's signature and a lone one, moves its nonce on, and runs a
 * MultiSend batch all or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Address,
  type LocalAccount,
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
} from "viem";
import { DEV_ACCOUNTS, DEV_ROLES, chainAt, devAccount } from "./env.ts";
import { type Service, freePort, startService, stopService, waitForPort } from "./processes.ts";
import {
  type DevSafe,
  type SafeTx,
  createDevSafe,
  execSafeTx,
  multiSendCall,
  readDevSafe,
  safeAbi,
  safeNonce,
  safeTx,
  safeTxArgs,
  safeTxHash,
  sendBuilderFile,
  signSafeTx,
  writeDevSafe,
} from "./safe.ts";

/** a port of this run's own: other checkouts on the machine run this suite too */
const PORT = await freePort();
const rpcUrl = `http://127.0.0.1:${PORT}`;
const client = createPublicClient({ transport: http(rpcUrl) });
const owners = DEV_ROLES.safeOwners.map((i) => devAccount(i));
const [first, second, third] = [owners[0]!, owners[1]!, owners[2]!];
/** a funded dev account that owns nothing: it submits the gathered signatures, and signs where it must fail */
const outsider = devAccount(DEV_ROLES.newcomers[0]);
const submitter = createWalletClient({
  account: outsider,
  transport: http(rpcUrl),
  chain: chainAt(31337, rpcUrl),
});
const recipient: Address = "0x000000000000000000000000000000000000bEEF";
const other: Address = "0x000000000000000000000000000000000000CAFE";
let anvil: Service;
let dev: DevSafe;

const balance = (address: Address) => client.getBalance({ address });
const domain = () => ({ chainId: 31337, safe: dev.address });
async function signedBy(tx: SafeTx, signers: LocalAccount[]) {
  return Promise.all(signers.map((s) => signSafeTx(s, domain(), tx)));
}
const pay = async (to: Address, value: bigint) =>
  safeTx({ to, value, data: "0x" }, await safeNonce(client, dev.address));

beforeAll(async () => {
  anvil = startService(
    "chain",
    "anvil",
    ["--host", "127.0.0.1", "--port", String(PORT), "--accounts", String(DEV_ACCOUNTS), "--silent"],
    { quiet: true },
  );
  await waitForPort(anvil, PORT);
  dev = await createDevSafe(rpcUrl);
  // the Safe holds 1 BNB to pay out in the tests below
  const funder = createWalletClient({
    account: outsider,
    transport: http(rpcUrl),
    chain: chainAt(31337, rpcUrl),
  });
  await client.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: dev.address, value: parseEther("1") }),
  });
}, 60_000);
afterAll(async () => {
  if (anvil) await stopService(anvil);
});

describe("the local 2-of-3 Safe", () => {
  it("is a Safe 1.5.0 owned by the three dev operators with a threshold of two, recorded beside the deployment file", async () => {
    const read = <F extends "getOwners" | "getThreshold" | "VERSION">(functionName: F) =>
      client.readContract({ address: dev.address, abi: safeAbi, functionName } as never);
    expect(await read("VERSION")).toBe("1.5.0");
    expect(await read("getThreshold")).toBe(2n);
    expect(await read("getOwners")).toEqual([first.address, second.address, third.address]);
    const dir = mkdtempSync(join(tmpdir(), "deployments-"));
    writeDevSafe(dir, dev);
    expect(readDevSafe(dir, 31337)).toEqual(dev);
  });

  it("signs the hash the Safe itself computes for the transaction (its EIP-712 domain: chain and Safe)", async () => {
    const tx = await pay(recipient, 1n);
    const onChain = await client.readContract({
      address: dev.address,
      abi: safeAbi,
      functionName: "getTransactionHash",
      // the tuple execTransaction is sent with: the Safe hashes it by position, the EIP-712 hash by field name
      args: [...safeTxArgs(tx), tx.nonce],
    });
    expect(safeTxHash(domain(), tx)).toBe(onChain);
    // another chain's signature is for another hash
    expect(safeTxHash({ ...domain(), chainId: 56 }, tx)).not.toBe(onChain);
  });

  it("executes what two owners signed, submitted by anyone, and moves its nonce on by one", async () => {
    const nonce = await safeNonce(client, dev.address);
    const before = await balance(recipient);
    const tx = await pay(recipient, parseEther("0.1"));
    // signed in the order opposite to the owners' (execTransaction wants them by ascending address)
    await execSafeTx(submitter, client, dev.address, tx, await signedBy(tx, [third, first]));
    expect(await balance(recipient)).toBe(before + parseEther("0.1"));
    expect(await safeNonce(client, dev.address)).toBe(nonce + 1n);
    // the same signatures cannot run it again: the nonce they signed is spent
    await expect(
      execSafeTx(submitter, client, dev.address, tx, await signedBy(tx, [first, third])),
    ).rejects.toThrow(/GS026/);
    expect(await balance(recipient)).toBe(before + parseEther("0.1"));
  });

  it("refuses a signature from an account that is not an owner (GS026)", async () => {
    const nonce = await safeNonce(client, dev.address);
    const tx = await pay(recipient, parseEther("0.1"));
    await expect(
      execSafeTx(submitter, client, dev.address, tx, await signedBy(tx, [first, outsider])),
    ).rejects.toThrow(/GS026/);
    expect(await safeNonce(client, dev.address)).toBe(nonce);
  });

  it("refuses one owner's signature where two are needed (GS020)", async () => {
    const nonce = await safeNonce(client, dev.address);
    const before = await balance(recipient);
    const tx = await pay(recipient, parseEther("0.1"));
    await expect(
      execSafeTx(submitter, client, dev.address, tx, await signedBy(tx, [second])),
    ).rejects.toThrow(/GS020/);
    expect(await safeNonce(client, dev.address)).toBe(nonce);
    expect(await balance(recipient)).toBe(before);
  });

  it("runs a MultiSend batch as one transaction: every call, or none when one of them fails", async () => {
    const nonce = await safeNonce(client, dev.address);
    const [recipientBefore, otherBefore] = [await balance(recipient), await balance(other)];
    // the second payment is more than the Safe holds: the first one must not land either
    const failing = safeTx(
      multiSendCall(dev.contracts.multiSendCallOnly, [
        { to: recipient, data: "0x", value: parseEther("0.2") },
        { to: other, data: "0x", value: parseEther("50") },
      ]),
      nonce,
    );
    // Safe 1.5.0 passes the failed call's revert on (here MultiSend's, which has no reason)
    await expect(
      execSafeTx(submitter, client, dev.address, failing, await signedBy(failing, [first, second])),
    ).rejects.toThrow(/execTransaction" reverted/);
    expect([await balance(recipient), await balance(other)]).toEqual([recipientBefore, otherBefore]);
    expect(await safeNonce(client, dev.address)).toBe(nonce);

    const batch = safeTx(
      multiSendCall(dev.contracts.multiSendCallOnly, [
        { to: recipient, data: "0x", value: parseEther("0.2") },
        { to: other, data: "0x", value: parseEther("0.3") },
      ]),
      nonce,
    );
    const receipt = await execSafeTx(
      submitter,
      client,
      dev.address,
      batch,
      await signedBy(batch, [second, third]),
    );
    expect([await balance(recipient), await balance(other)]).toEqual([
      recipientBefore + parseEther("0.2"),
      otherBefore + parseEther("0.3"),
    ]);
    expect(await safeNonce(client, dev.address)).toBe(nonce + 1n);
    // one transaction to the Safe, not one per call
    expect(receipt.to?.toLowerCase()).toBe(dev.address.toLowerCase());
  });

  it("sends a Transaction Builder file as npm run launch writes it: its calls as one Safe transaction of two owners, and refuses a file for another chain", async () => {
    const dir = mkdtempSync(join(tmpdir(), "launch-"));
    const file = (chainId: string) => {
      const path = join(dir, `pay-${chainId}.json`);
      const transactions = [
        { to: recipient, value: String(parseEther("0.05")), data: "0x" },
        { to: other, value: String(parseEther("0.07")), data: "0x" },
      ];
      writeFileSync(path, JSON.stringify({ version: "1.0", chainId, meta: { name: "pay" }, transactions }));
      return path;
    };
    const nonce = await safeNonce(client, dev.address);
    const [recipientBefore, otherBefore] = [await balance(recipient), await balance(other)];

    await expect(
      sendBuilderFile({ rpcUrl, safe: dev, file: file("56"), signers: [second, third] }),
    ).rejects.toThrow(/is for chain 56, the Safe is on 31337/);
    expect(await safeNonce(client, dev.address)).toBe(nonce);

    const receipt = await sendBuilderFile({
      rpcUrl,
      safe: dev,
      file: file("31337"),
      signers: [second, third],
    });
    expect([await balance(recipient), await balance(other)]).toEqual([
      recipientBefore + parseEther("0.05"),
      otherBefore + parseEther("0.07"),
    ]);
    expect(await safeNonce(client, dev.address)).toBe(nonce + 1n);
    expect(receipt.to?.toLowerCase()).toBe(dev.address.toLowerCase());
  });
});
