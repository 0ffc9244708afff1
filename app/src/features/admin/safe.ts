import {
  type Abi,
  type Address,
  type Hash,
  type Hex,
  concat,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  pad,
  size,
  slice,
} from "viem";
import {
  Operation,
  type SafeCall as SharedSafeCall,
  type SafeDomain,
  type SafeTx,
  multiSendAbi,
  multiSendCall,
  safeAbi,
  safeTx,
  safeTxArgs,
  safeTxHash,
} from "@taichi/contracts/safe";
import { type BlockWindow, blockWindows } from "../../lib/logRange";
import type { AdminReads } from "./reads";

/**
 * A Safe (Safe{Wallet} multisig, v1.3+) as the manager area uses it: Safe transactions hashed as the Safe hashes
 * them (EIP-712), proposals kept on chain (an owner's `approveHash` carries the proposed transaction after its
 * arguments, so every owner's browser finds it), MultiSend batches and Transaction Builder files for Safe{Wallet}.
 * docs/manager.md, "Through a Safe", states the rules. The Safe transaction itself, its hash, MultiSend and
 * Transaction Builder files are `@taichi/contracts/safe`'s, shared with the scripts.
 */
export {
  Operation,
  builderCalls,
  encodeMultiSend,
  safeAbi,
  safeTx,
  safeTxHash,
  transactionBuilderFile,
  type SafeDomain,
  type SafeTx,
  type TransactionBuilderFile,
} from "@taichi/contracts/safe";

/** One call for a Safe to make, its value spelled out. */
export type SafeCall = Required<SharedSafeCall>;

/** The contract call `request` (as `useTransaction` takes it) as a call for a Safe to make, sending no value. */
export function safeCallOf(request: {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}): SafeCall {
  return { to: request.address, value: 0n, data: encodeFunctionData(request as never) };
}

/** `calls` as what one Safe transaction makes: the call itself, or a DELEGATECALL into MultiSendCallOnly (all or none). */
export function batchCall(
  calls: readonly SafeCall[],
  multiSendCallOnly: Address | undefined,
): SafeCall & { operation: number } {
  if (calls.length === 1) return { ...calls[0]!, operation: Operation.Call };
  if (!multiSendCallOnly) throw new Error("several calls in one Safe transaction need MultiSendCallOnly");
  return multiSendCall(multiSendCallOnly, calls);
}

/**
 * The calls of a Safe transaction that is a MultiSend batch (a DELEGATECALL of `multiSend` into
 * `multiSendCallOnly`), in order; undefined for any other transaction or bytes that are no batch.
 */
export function batchCalls(tx: SafeTx, multiSendCallOnly: Address | undefined): SafeCall[] | undefined {
  if (!multiSendCallOnly || tx.operation !== Operation.DelegateCall) return undefined;
  if (getAddress(tx.to) !== getAddress(multiSendCallOnly)) return undefined;
  try {
    const { args } = decodeFunctionData({ abi: multiSendAbi, data: tx.data });
    const packed = args[0];
    const calls: SafeCall[] = [];
    // each: operation (1 byte), to (20), value (32), data length (32), data
    for (let at = 0; at < size(packed);) {
      const operation = Number(slice(packed, at, at + 1));
      const length = Number(BigInt(slice(packed, at + 53, at + 85)));
      if (operation !== Operation.Call) return undefined;
      calls.push({
        to: getAddress(slice(packed, at + 1, at + 21)),
        value: BigInt(slice(packed, at + 21, at + 53)),
        data: length === 0 ? "0x" : slice(packed, at + 85, at + 85 + length, { strict: true }),
      });
      at += 85 + length;
    }
    return calls.length > 0 ? calls : undefined;
  } catch {
    return undefined;
  }
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
export const execArgs = (tx: SafeTx, signatures: Hex) => [...safeTxArgs(tx), signatures] as const;

/** A Safe transaction proposed and not executed yet, with the owners who approved it on chain. */
export type SafeProposal = { tx: SafeTx; hash: Hex; approvals: Address[] };

const APPROVE_HASH = safeAbi.find((item) => item.type === "event" && item.name === "ApproveHash")!;

type ApproveHashLog = { args: { approvedHash: Hex }; transactionHash: Hash };

/**
 * The Safe's pending proposals: the transactions carried by its owners' `approveHash` in `window` (read in
 * log windows of `range` blocks), at its nonce or later, by nonce (the first proposed first at a same nonce),
 * each with the owners who approved it. Each kind of read goes out at once (one JSON-RPC batch, the
 * `approvedHashes` views one Multicall3 call where the client batches them).
 */
export async function loadSafeProposals(
  reads: AdminReads,
  p: { domain: SafeDomain; owners: readonly Address[]; nonce: bigint; window: BlockWindow; range?: bigint },
): Promise<SafeProposal[]> {
  // newest first: reversed into chain order
  const windows = blockWindows(p.window.fromBlock, p.window.toBlock, p.range).reverse();
  const logs = (
    await Promise.all(
      windows.map(
        (w) =>
          reads.getLogs({ address: p.domain.safe, event: APPROVE_HASH, ...w } as never) as unknown as Promise<
            ApproveHashLog[]
          >,
      ),
    )
  ).flat();
  // each hash's approvals in chain order: the first whose transaction carries it proposed it
  const approveTxs = new Map<Hex, Hash[]>();
  for (const log of logs) {
    approveTxs.set(log.args.approvedHash, [
      ...(approveTxs.get(log.args.approvedHash) ?? []),
      log.transactionHash,
    ]);
  }
  const carried = await Promise.all(
    [...approveTxs].map(async ([hash, sent]) => {
      for (const txHash of sent) {
        const tx = readProposal((await reads.getTransaction({ hash: txHash })).input, hash, p.domain);
        // executed already (or replaced) when the Safe's nonce is past it
        if (tx) return tx.nonce >= p.nonce ? { hash, tx } : undefined;
      }
      return undefined;
    }),
  );
  const found = carried.filter((c) => c !== undefined);
  const proposals = await Promise.all(
    found.map(async ({ hash, tx }) => {
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
