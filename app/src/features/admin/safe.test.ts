import { type Address, type Hex, encodeFunctionData, getAddress, parseAbi, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import {
  Operation,
  approvalSignatures,
  batchCall,
  builderCalls,
  encodeMultiSend,
  proposalSuffix,
  readProposal,
  safeTx,
  safeTxHash,
  transactionBuilderFile,
} from "./safe";

/**
 * The local dev Safe (Safe 1.5.0 from @safe-global/safe-smart-account, 2-of-3, created by `createDevSafe` on a
 * fresh anvil) and the hashes its own `getTransactionHash` answered for the transactions below.
 */
const domain = { chainId: 31337, safe: "0x045FAF8D2A00449Fc467B59218E521d3ba0cF1de" as Address };
const multiSendCallOnly: Address = "0xB40a90fdB0163cA5C82D1959dB7e56B50A0dC016";
const setRates: Hex = encodeFunctionData({
  abi: parseAbi(["function setRates(uint256[3] rates)"]),
  functionName: "setRates",
  args: [[4000n, 3500n, 2500n]],
});
const beef = getAddress("0x000000000000000000000000000000000000beef");
const cafe = getAddress("0x000000000000000000000000000000000000cafe");

describe("safeTxHash", () => {
  it("is the hash the Safe itself computes (getTransactionHash), for a call and for a DELEGATECALL", () => {
    expect(safeTxHash(domain, safeTx({ to: beef, value: 5n, data: setRates }, 7n))).toBe(
      "0xfa46c7f6d81d74eec2501529e504da9e1573e1401a88b9436606d5694926d071",
    );
    const delegate = safeTx(
      { to: multiSendCallOnly, value: 5n, data: setRates, operation: Operation.DelegateCall },
      0n,
    );
    expect(safeTxHash(domain, delegate)).toBe(
      "0x4e9333fbe580acf9f552ac33096ed35d5ecd72fd0408399134153adee0718c8a",
    );
  });

  it("differs on another chain or Safe, so a signature is for one Safe on one chain", () => {
    const tx = safeTx({ to: beef, value: 5n, data: setRates }, 7n);
    const here = safeTxHash(domain, tx);
    expect(safeTxHash({ ...domain, chainId: 56 }, tx)).not.toBe(here);
    expect(safeTxHash({ ...domain, safe: cafe }, tx)).not.toBe(here);
  });
});

describe("MultiSend", () => {
  it("packs each call as operation (1 byte), to (20), value (32), data length (32) and data", () => {
    const packed = encodeMultiSend([
      { to: beef, value: 5n, data: "0x12345678" },
      { to: cafe, value: 0n, data: "0x" },
    ]);
    const word = (n: number) => n.toString(16).padStart(64, "0");
    expect(packed).toBe(
      `0x00${"0".repeat(36)}beef${word(5)}${word(4)}12345678` + `00${"0".repeat(36)}cafe${word(0)}${word(0)}`,
    );
  });

  it("sends one call as it is and several as one DELEGATECALL of multiSend into MultiSendCallOnly", () => {
    const one = { to: beef, value: 0n, data: setRates };
    expect(batchCall([one], multiSendCallOnly)).toEqual({ ...one, operation: Operation.Call });
    const two = batchCall([one, { to: cafe, value: 1n, data: "0x" }], multiSendCallOnly);
    expect(two.to).toBe(multiSendCallOnly);
    expect(two.operation).toBe(Operation.DelegateCall);
    expect(two.data.slice(0, 10)).toBe(toFunctionSelector("multiSend(bytes)"));
    expect(() => batchCall([one, one], undefined)).toThrow(/MultiSendCallOnly/);
  });
});

describe("proposals carried by approveHash", () => {
  const tx = safeTx({ to: beef, value: 0n, data: setRates }, 3n);
  const hash = safeTxHash(domain, tx);
  const approve = encodeFunctionData({
    abi: parseAbi(["function approveHash(bytes32)"]),
    functionName: "approveHash",
    args: [hash],
  });

  it("reads back the transaction a proposer's approveHash carries", () => {
    expect(readProposal(`${approve}${proposalSuffix(tx).slice(2)}`, hash, domain)).toEqual(tx);
  });

  it("ignores a plain confirmation and a carried transaction of another hash (it proves nothing)", () => {
    expect(readProposal(approve, hash, domain)).toBeUndefined();
    const other = safeTx({ to: cafe, value: 0n, data: setRates }, 3n);
    expect(readProposal(`${approve}${proposalSuffix(other).slice(2)}`, hash, domain)).toBeUndefined();
    expect(readProposal(`${approve}deadbeef`, hash, domain)).toBeUndefined();
  });
});

describe("approvalSignatures", () => {
  it("is a pre-validated signature (r = owner, s = 0, v = 1) per owner, by ascending owner, once each", () => {
    const high: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const low: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
    const sig = (owner: Address) => `${"0".repeat(24)}${owner.slice(2).toLowerCase()}${"0".repeat(64)}01`;
    expect(approvalSignatures([high, low, high.toLowerCase() as Address])).toBe(`0x${sig(low)}${sig(high)}`);
  });
});

describe("Transaction Builder files", () => {
  const calls = [
    { to: beef, value: 0n, data: setRates },
    { to: cafe, value: 10n ** 18n, data: "0x" as Hex },
  ];
  const file = transactionBuilderFile({
    chainId: 31337,
    calls,
    meta: { name: "NodeReward", description: "setRates", createdFromSafeAddress: domain.safe },
    createdAt: 1,
  });

  it("writes the Transaction Builder's fields: chain id and values as decimal strings, the Safe in meta", () => {
    expect(file).toMatchObject({
      version: "1.0",
      chainId: "31337",
      meta: { createdFromSafeAddress: domain.safe },
      transactions: [
        { to: beef, value: "0", data: setRates },
        { to: cafe, value: "1000000000000000000", data: "0x" },
      ],
    });
  });

  it("reads its calls back from the JSON text, and refuses a file for another chain or a malformed entry", () => {
    expect(builderCalls(JSON.parse(JSON.stringify(file)), 31337)).toEqual(calls);
    expect(builderCalls(file, 56)).toBeUndefined();
    expect(
      builderCalls({ ...file, transactions: [{ to: "0x12", value: "0", data: "0x" }] }, 31337),
    ).toBeUndefined();
  });
});
