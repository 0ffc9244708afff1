import {
  type Address,
  type Hex,
  concat,
  decodeAbiParameters,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getAddress,
  hashTypedData,
  isAddress,
  isHex,
  pad,
  parseAbi,
  size,
  slice,
  zeroAddress,
} from "viem";
import { type BlockWindow, blockWindows } from "../../lib/logRange";
import type { AdminReads } from "./reads";

/**
 * A Safe (Safe{Wallet} multisig, v1.3+) as the manager area uses it: Safe transactions hashed as the Safe hashes
 * them (EIP-712), proposals kept on chain (an owner's `approveHash` carries the proposed transaction after its
 * arguments, so every owner's browser finds it), MultiSend batches and Transaction Builder files for Safe{Wallet}.
 * docs/manager.md, "Through a Safe", states the rules.
 */
export const safeAbi = parseAbi([
  "function getOwners() view returns (address[])",
  "function getThreshold() view returns (uint256)",
  "function nonce() view returns (uint256)",
  "function approvedHashes(address owner, bytes32 hash) view returns (uint256)",
  "function approveHash(bytes32 hashToApprove)",
  "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)",
  "event ApproveHash(bytes32 indexed approvedHash, address indexed owner)",
]);

/** CALL, or DELEGATECALL (only ever into MultiSendCallOnly). */
export const Operation = { Call: 0, DelegateCall: 1 } as const;

/** One call for a Safe to make. */
export type SafeCall = { to: Address; value: bigint; data: Hex };

/** A Safe transaction as owners sign it; no refund (the gas is paid by whoever executes it). */
export type SafeTx = SafeCall & {
  operation: number;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
};

/** The Safe's EIP-712 domain: the chain and the Safe itself (no name, no version). */
export type SafeDomain = { chainId: number; safe: Address };

const SAFE_TX_TYPES = {
  SafeTx: [
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "data", type: "bytes" },
    { name: "operation", type: "uint8" },
    { name: "safeTxGas", type: "uint256" },
    { name: "baseGas", type: "uint256" },
    { name: "gasPrice", type: "uint256" },
    { name: "gasToken", type: "address" },
    { name: "refundReceiver", type: "address" },
    { name: "nonce", type: "uint256" },
  ],
} as const;

/** The Safe transaction of `call` (a MultiSend batch with `operation` DelegateCall) at `nonce`. */
export function safeTx(call: SafeCall & { operation?: number }, nonce: bigint): SafeTx {
  return {
    to: getAddress(call.to),
    value: call.value,
    data: call.data,
    operation: call.operation ?? Operation.Call,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce,
  };
}

/** The hash owners sign or approve: the Safe's `getTransactionHash`, and Safe{Wallet}'s "safeTxHash". */
export function safeTxHash({ chainId, safe }: SafeDomain, tx: SafeTx): Hex {
  return hashTypedData({
    domain: { chainId, verifyingContract: safe },
    types: SAFE_TX_TYPES,
    primaryType: "SafeTx",
    message: tx,
  });
}

/** MultiSend's packed transactions: for each call its operation, to, value, data length and data. */
export function encodeMultiSend(calls: readonly SafeCall[]): Hex {
  return concat(
    calls.map((call) =>
      encodePacked(
        ["uint8", "address", "uint256", "uint256", "bytes"],
        [Operation.Call, getAddress(call.to), call.value, BigInt(size(call.data)), call.data],
      ),
    ),
  );
}

const multiSendAbi = parseAbi(["function multiSend(bytes transactions) payable"]);

/** `calls` as what one Safe transaction makes: the call itself, or a DELEGATECALL into MultiSendCallOnly (all or none). */
export function batchCall(
  calls: readonly SafeCall[],
  multiSendCallOnly: Address | undefined,
): SafeCall & { operation: number } {
  if (calls.length === 1) return { ...calls[0]!, operation: Operation.Call };
  if (!multiSendCallOnly) throw new Error("several calls in one Safe transaction need MultiSendCallOnly");
  return {
    to: multiSendCallOnly,
    value: 0n,
    data: encodeFunctionData({
      abi: multiSendAbi,
      functionName: "multiSend",
      args: [encodeMultiSend(calls)],
    }),
    operation: Operation.DelegateCall,
  };
}

const TX_PARAMS = [
  { type: "address" },
  { type: "uint256" },
  { type: "bytes" },
  { type: "uint8" },
  { type: "uint256" },
] as const;

/** What a proposer's `approveHash` carries after its argument: the proposed transaction (to, value, data, operation, nonce). */
export function proposalSuffix(tx: SafeTx): Hex {
  return encodeAbiParameters(TX_PARAMS, [tx.to, tx.value, tx.data, tx.operation, tx.nonce]);
}

/** `approveHash(hash)` plus the selector and argument: where the carried transaction starts in its calldata. */
const APPROVE_CALL_BYTES = 4 + 32;

/**
 * The Safe transaction an `approveHash` transaction's `input` proposes, when it carries one whose hash is the
 * hash it approved (a plain confirmation, or bytes that are no such transaction, give undefined).
 */
export function readProposal(input: Hex, approvedHash: Hex, domain: SafeDomain): SafeTx | undefined {
  if (size(input) <= APPROVE_CALL_BYTES) return undefined;
  try {
    const [to, value, data, operation, nonce] = decodeAbiParameters(
      TX_PARAMS,
      slice(input, APPROVE_CALL_BYTES),
    );
    const tx = safeTx({ to, value, data, operation }, nonce);
    return safeTxHash(domain, tx) === approvedHash ? tx : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `signatures` of `execTransaction` from owners who approved the hash on chain (or are the one executing it):
 * the Safe's "pre-validated" signatures, r = the owner, s = 0, v = 1, in ascending order of owner as it requires.
 */
export function approvalSignatures(owners: readonly Address[]): Hex {
  const sorted = [...new Set(owners.map((o) => getAddress(o)))].sort((a, b) =>
    BigInt(a) < BigInt(b) ? -1 : 1,
  );
  return concat(
    sorted.map((owner) =>
      concat([pad(owner.toLowerCase() as Hex, { size: 32 }), pad("0x", { size: 32 }), "0x01"]),
    ),
  );
}

/** `execTransaction`'s arguments for `tx` with `signatures`. */
export const execArgs = (tx: SafeTx, signatures: Hex) =>
  [
    tx.to,
    tx.value,
    tx.data,
    tx.operation,
    tx.safeTxGas,
    tx.baseGas,
    tx.gasPrice,
    tx.gasToken,
    tx.refundReceiver,
    signatures,
  ] as const;

/** A Safe{Wallet} Transaction Builder file (its "Load" button takes one; each entry is a call). */
export type TransactionBuilderFile = {
  version: "1.0";
  chainId: string;
  createdAt: number;
  meta: { name: string; description: string; createdFromSafeAddress: Address };
  transactions: { to: Address; value: string; data: Hex }[];
};

export function transactionBuilderFile(p: {
  chainId: number;
  safe: Address;
  calls: readonly SafeCall[];
  name: string;
  description: string;
  createdAt: number;
}): TransactionBuilderFile {
  return {
    version: "1.0",
    chainId: String(p.chainId),
    createdAt: p.createdAt,
    meta: { name: p.name, description: p.description, createdFromSafeAddress: getAddress(p.safe) },
    transactions: p.calls.map((c) => ({ to: getAddress(c.to), value: c.value.toString(), data: c.data })),
  };
}

/** The calls of a Transaction Builder file for `chainId`, or undefined when it is none (or for another chain). */
export function builderCalls(file: unknown, chainId: number): SafeCall[] | undefined {
  const f = file as Partial<TransactionBuilderFile> | null;
  if (!f || f.chainId !== String(chainId) || !Array.isArray(f.transactions)) return undefined;
  const calls: SafeCall[] = [];
  for (const t of f.transactions) {
    if (!isAddress(t.to) || !isHex(t.data) || !/^\d+$/.test(t.value)) return undefined;
    calls.push({ to: getAddress(t.to), value: BigInt(t.value), data: t.data });
  }
  return calls;
}

/** A Safe transaction proposed and not executed yet, with the owners who approved it on chain. */
export type SafeProposal = { tx: SafeTx; hash: Hex; approvals: Address[] };

const APPROVE_HASH = safeAbi.find((item) => item.type === "event" && item.name === "ApproveHash")!;

/**
 * The Safe's pending proposals: the transactions carried by its owners' `approveHash` in `window` (read in
 * log windows of `range` blocks), at its nonce or later, by nonce (the first proposed first at a same nonce),
 * each with the owners who approved it.
 */
export async function loadSafeProposals(
  reads: AdminReads,
  p: { domain: SafeDomain; owners: readonly Address[]; nonce: bigint; window: BlockWindow; range?: bigint },
): Promise<SafeProposal[]> {
  const logs: { args: { approvedHash: Hex }; transactionHash: Hex; blockNumber: bigint; logIndex: number }[] =
    [];
  for (const w of blockWindows(p.window.fromBlock, p.window.toBlock, p.range).reverse()) {
    logs.push(
      ...((await reads.getLogs({
        address: p.domain.safe,
        event: APPROVE_HASH,
        ...w,
      } as never)) as unknown as typeof logs),
    );
  }
  const found = new Map<Hex, SafeTx>();
  for (const log of logs) {
    const hash = log.args.approvedHash;
    if (found.has(hash)) continue;
    const { input } = await reads.getTransaction({ hash: log.transactionHash });
    const tx = readProposal(input, hash, p.domain);
    if (tx && tx.nonce >= p.nonce) found.set(hash, tx);
  }
  const proposals = await Promise.all(
    [...found].map(async ([hash, tx]) => {
      const approved = await Promise.all(
        p.owners.map(
          (owner) =>
            reads.readContract({
              address: p.domain.safe,
              abi: safeAbi,
              functionName: "approvedHashes",
              args: [owner, hash],
            }) as Promise<bigint>,
        ),
      );
      return { tx, hash, approvals: p.owners.filter((_, i) => approved[i] !== 0n) };
    }),
  );
  return proposals.sort((a, b) => (a.tx.nonce < b.tx.nonce ? -1 : a.tx.nonce > b.tx.nonce ? 1 : 0));
}

/** The nonce a new proposal takes: after every pending one, so it never competes with them. */
export function nextNonce(safeNonce: bigint, pending: readonly SafeProposal[]): bigint {
  return pending.reduce((n, p) => (p.tx.nonce >= n ? p.tx.nonce + 1n : n), safeNonce);
}

/**
 * What `owner` can do with `proposal` now: approve it; execute it (its approvals, `owner`'s own included as the
 * sender, reach the threshold and it is at the Safe's nonce); or nothing more (approved, waiting for others or
 * for earlier nonces).
 */
export function proposalAction(
  proposal: SafeProposal,
  owner: Address,
  threshold: bigint,
  safeNonce: bigint,
): "approve" | "execute" | "wait" {
  const signers = new Set([...proposal.approvals, owner].map((a) => a.toLowerCase()));
  if (BigInt(signers.size) >= threshold && proposal.tx.nonce === safeNonce) return "execute";
  return proposal.approvals.some((a) => a.toLowerCase() === owner.toLowerCase()) ? "wait" : "approve";
}
