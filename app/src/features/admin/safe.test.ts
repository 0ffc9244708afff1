import {
  type Address,
  type Hash,
  type Hex,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  parseAbi,
  toFunctionSelector,
} from "viem";
import { describe, expect, it, vi } from "vitest";
import type { AdminReads } from "./reads";
import {
  Operation,
  approvalSignatures,
  batchCall,
  batchCalls,
  builderCalls,
  encodeMultiSend,
  loadSafeProposals,
  nextNonce,
  proposalAction,
  proposalSuffix,
  readProposal,
  safeCallOf,
  safeTx,
  safeTxHash,
  transactionBuilderFile,
  type SafeProposal,
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

describe("safeCallOf", () => {
  it("is the contract call a Safe makes: to the contract, no value, the function and its arguments encoded", () => {
    const abi = parseAbi(["function cancel(bytes32 id)"]);
    const id = `0x${"ab".repeat(32)}` as Hex;
    const call = safeCallOf({ address: cafe, abi, functionName: "cancel", args: [id] });
    expect(call).toMatchObject({ to: cafe, value: 0n });
    expect(decodeFunctionData({ abi, data: call.data })).toEqual({ functionName: "cancel", args: [id] });
  });
});

describe("batchCalls", () => {
  const one = { to: beef, value: 0n, data: setRates };
  const two = { to: cafe, value: 1n, data: "0x" as Hex };

  it("reads back the calls of a MultiSend batch, in order, an empty calldata included", () => {
    const batch = safeTx(batchCall([one, two, one], multiSendCallOnly), 4n);
    expect(batchCalls(batch, multiSendCallOnly)).toEqual([one, two, one]);
  });

  it("is no batch for a plain call, a DELEGATECALL elsewhere, or without the MultiSendCallOnly address", () => {
    const batch = batchCall([one, two], multiSendCallOnly);
    expect(batchCalls(safeTx(one, 0n), multiSendCallOnly)).toBeUndefined();
    expect(batchCalls(safeTx({ ...batch, to: beef }, 0n), multiSendCallOnly)).toBeUndefined();
    expect(
      batchCalls(safeTx({ ...batch, operation: Operation.Call }, 0n), multiSendCallOnly),
    ).toBeUndefined();
    expect(batchCalls(safeTx(batch, 0n), undefined)).toBeUndefined();
  });

  it("refuses a batch whose packed length runs past its bytes, or that delegatecalls again", () => {
    const batch = batchCall([one], multiSendCallOnly);
    const packed = encodeMultiSend([one]);
    const cut = encodeFunctionData({
      abi: parseAbi(["function multiSend(bytes transactions)"]),
      functionName: "multiSend",
      args: [packed.slice(0, -8) as Hex],
    });
    expect(batchCalls(safeTx({ ...batch, data: cut }, 0n), multiSendCallOnly)).toBeUndefined();
    const delegate = `0x01${packed.slice(4)}` as Hex;
    const nested = encodeFunctionData({
      abi: parseAbi(["function multiSend(bytes transactions)"]),
      functionName: "multiSend",
      args: [delegate],
    });
    expect(batchCalls(safeTx({ ...batch, data: nested }, 0n), multiSendCallOnly)).toBeUndefined();
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

describe("loadSafeProposals", () => {
  const [first, second, third] = [beef, cafe, getAddress("0x000000000000000000000000000000000000f00d")];
  const owners = [first, second, third];
  const approveCall = (hash: Hex) =>
    encodeFunctionData({
      abi: parseAbi(["function approveHash(bytes32)"]),
      functionName: "approveHash",
      args: [hash],
    });
  const proposal = (nonce: bigint, to: Address = beef) => {
    const tx = safeTx({ to, value: 0n, data: setRates }, nonce);
    return { tx, hash: safeTxHash(domain, tx) };
  };
  const txHash = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hash;

  /**
   * A Safe at nonce 3 whose owners sent, in chain order: the executed nonce 2's proposal (block 10); nonce 4's
   * proposal (block 20) and a second one at nonce 4 (block 30); nonce 3's plain confirmation from Safe{Wallet}
   * (block 40) before its proposal here (block 50); an `approveHash` of bytes no proposal carries (block 60).
   */
  function chain() {
    const executed = proposal(2n);
    const later = proposal(4n);
    const rival = proposal(4n, cafe);
    const next = proposal(3n);
    const stray = `0x${"77".repeat(32)}` as Hex;
    const sent: { block: bigint; hash: Hex; input: Hex }[] = [
      {
        block: 10n,
        hash: executed.hash,
        input: `${approveCall(executed.hash)}${proposalSuffix(executed.tx).slice(2)}`,
      },
      {
        block: 20n,
        hash: later.hash,
        input: `${approveCall(later.hash)}${proposalSuffix(later.tx).slice(2)}`,
      },
      {
        block: 30n,
        hash: rival.hash,
        input: `${approveCall(rival.hash)}${proposalSuffix(rival.tx).slice(2)}`,
      },
      { block: 40n, hash: next.hash, input: approveCall(next.hash) },
      { block: 50n, hash: next.hash, input: `${approveCall(next.hash)}${proposalSuffix(next.tx).slice(2)}` },
      { block: 60n, hash: stray, input: `${approveCall(stray)}deadbeef` },
    ];
    /** who approved each hash, as the Safe's `approvedHashes` answers */
    const approvedBy = new Map<Hex, Address[]>([
      [executed.hash, [first, second]],
      [later.hash, [first, third]],
      [rival.hash, [second]],
      [next.hash, [third]],
    ]);
    const reads = {
      getLogs: vi.fn(async ({ fromBlock, toBlock }: { fromBlock: bigint; toBlock: bigint }) =>
        sent
          .map((s, i) => ({ ...s, transactionHash: txHash(i) }))
          .filter((s) => s.block >= fromBlock && s.block <= toBlock)
          .map((s) => ({ args: { approvedHash: s.hash }, transactionHash: s.transactionHash })),
      ),
      getTransaction: vi.fn(async ({ hash }: { hash: Hash }) => ({
        input: sent[Number(BigInt(hash))]!.input,
      })),
      readContract: vi.fn(async ({ args: [owner, hash] }: { args: [Address, Hex] }) =>
        approvedBy.get(hash)?.includes(owner) ? 1n : 0n,
      ),
    };
    return { reads, later, rival, next };
  }

  it("finds the proposals at the Safe's nonce or later, by nonce (first proposed first), with their approvals on chain", async () => {
    const { reads, later, rival, next } = chain();
    const found = await loadSafeProposals(reads as unknown as AdminReads, {
      domain,
      owners,
      nonce: 3n,
      window: { fromBlock: 1n, toBlock: 70n },
      range: 25n,
    });
    expect(found).toEqual([
      { ...next, approvals: [third] },
      { ...later, approvals: [first, third] },
      { ...rival, approvals: [second] },
    ]);
    // every block of the window read, each once
    const windows = reads.getLogs.mock.calls.map(([w]) => [w.fromBlock, w.toBlock]);
    expect(windows.sort((a, b) => Number(a[0]! - b[0]!))).toEqual([
      [1n, 20n],
      [21n, 45n],
      [46n, 70n],
    ]);
  });

  it("finds nothing in a window of approvals that carry no proposal", async () => {
    const { reads } = chain();
    const found = await loadSafeProposals(reads as unknown as AdminReads, {
      domain,
      owners,
      nonce: 0n,
      window: { fromBlock: 55n, toBlock: 70n },
    });
    expect(found).toEqual([]);
  });
});

describe("nextNonce", () => {
  const pending = (nonce: bigint): SafeProposal => ({
    tx: safeTx({ to: beef, value: 0n, data: "0x" }, nonce),
    hash: "0x",
    approvals: [],
  });

  it("is the Safe's nonce with nothing pending, else the one after the last pending proposal", () => {
    expect(nextNonce(3n, [])).toBe(3n);
    expect(nextNonce(3n, [pending(3n)])).toBe(4n);
    expect(nextNonce(3n, [pending(5n), pending(3n)])).toBe(6n);
  });
});

describe("proposalAction", () => {
  const owner = beef;
  const other = cafe;
  const at = (nonce: bigint, approvals: Address[]): SafeProposal => ({
    tx: safeTx({ to: beef, value: 0n, data: "0x" }, nonce),
    hash: "0x",
    approvals,
  });

  it("executes when this owner's signature completes the threshold at the Safe's nonce", () => {
    expect(proposalAction(at(3n, [other]), owner, 2n, 3n)).toBe("execute");
    expect(proposalAction(at(3n, [owner.toLowerCase() as Address, other]), owner, 2n, 3n)).toBe("execute");
    expect(proposalAction(at(3n, []), owner, 1n, 3n)).toBe("execute");
  });

  it("approves short of the threshold or behind earlier nonces, and waits once approved", () => {
    expect(proposalAction(at(3n, []), owner, 2n, 3n)).toBe("approve");
    expect(proposalAction(at(4n, [other]), owner, 2n, 3n)).toBe("approve");
    expect(proposalAction(at(3n, [owner]), owner, 2n, 3n)).toBe("wait");
    expect(proposalAction(at(4n, [other, owner]), owner, 2n, 3n)).toBe("wait");
  });
});
