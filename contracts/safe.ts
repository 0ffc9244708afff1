/**
 * Safe (Safe{Wallet} multisig, v1.3 and later) transactions as the Safe itself builds and hashes them, for the
 * app's manager area and the scripts alike (browser-safe: viem only): the SafeTx and its EIP-712 hash, the
 * `execTransaction` arguments, MultiSendCallOnly batches, and Safe{Wallet}'s Transaction Builder files.
 */
import {
  type Address,
  type Hex,
  concat,
  encodeFunctionData,
  encodePacked,
  getAddress,
  hashTypedData,
  isAddress,
  isHex,
  parseAbi,
  size,
  zeroAddress,
} from "viem";

export const safeAbi = parseAbi([
  "function setup(address[] owners, uint256 threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)",
  "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)",
  "function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 nonce) view returns (bytes32)",
  "function nonce() view returns (uint256)",
  "function getOwners() view returns (address[])",
  "function getThreshold() view returns (uint256)",
  "function approvedHashes(address owner, bytes32 hash) view returns (uint256)",
  "function approveHash(bytes32 hashToApprove)",
  "function VERSION() view returns (string)",
  "event ApproveHash(bytes32 indexed approvedHash, address indexed owner)",
  "event ExecutionSuccess(bytes32 txHash, uint256 payment)",
  "event ExecutionFailure(bytes32 txHash, uint256 payment)",
]);

export const multiSendAbi = parseAbi(["function multiSend(bytes transactions) payable"]);

/** CALL, or DELEGATECALL (only ever into MultiSendCallOnly). */
export const Operation = { Call: 0, DelegateCall: 1 } as const;

/** One call for a Safe to make (no value: 0). */
export type SafeCall = { to: Address; data: Hex; value?: bigint };

/** A Safe transaction as owners sign it; no refund (the gas is paid by whoever executes it). */
export type SafeTx = {
  to: Address;
  value: bigint;
  data: Hex;
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
    value: call.value ?? 0n,
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

/** `tx` as EIP-712 typed data: what an owner's wallet signs (`eth_signTypedData_v4`). */
export const safeTxTypedData = ({ chainId, safe }: SafeDomain, tx: SafeTx) => ({
  domain: { chainId, verifyingContract: safe },
  types: SAFE_TX_TYPES,
  primaryType: "SafeTx" as const,
  message: tx,
});

/** The hash owners sign or approve: the Safe's `getTransactionHash`, and Safe{Wallet}'s "safeTxHash". */
export function safeTxHash(domain: SafeDomain, tx: SafeTx): Hex {
  return hashTypedData(safeTxTypedData(domain, tx));
}

/**
 * `tx`'s fields in the order `execTransaction` and `getTransactionHash` take them, before the signatures (or the
 * nonce) they end with.
 */
export const safeTxArgs = (tx: SafeTx) =>
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
  ] as const;

/** MultiSend's packed transactions: for each call its operation, to, value, data length and data. */
export function encodeMultiSend(calls: readonly SafeCall[]): Hex {
  return concat(
    calls.map((call) =>
      encodePacked(
        ["uint8", "address", "uint256", "uint256", "bytes"],
        [Operation.Call, getAddress(call.to), call.value ?? 0n, BigInt(size(call.data)), call.data],
      ),
    ),
  );
}

/** `calls` as one Safe call: a DELEGATECALL into MultiSendCallOnly, all applied or none. */
export function multiSendCall(
  multiSendCallOnly: Address,
  calls: readonly SafeCall[],
): Required<SafeCall> & { operation: number } {
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

/** A Safe{Wallet} Transaction Builder file (its "Load" button takes one; each entry is a call). */
export type TransactionBuilderFile = {
  version: "1.0";
  chainId: string;
  createdAt?: number;
  meta?: { name: string; description?: string; createdFromSafeAddress?: Address };
  transactions: { to: Address; value: string; data: Hex }[];
};

/** `calls` as a Transaction Builder file for `chainId`. */
export function transactionBuilderFile(p: {
  chainId: number;
  calls: readonly SafeCall[];
  meta: NonNullable<TransactionBuilderFile["meta"]>;
  createdAt: number;
}): TransactionBuilderFile {
  return {
    version: "1.0",
    chainId: String(p.chainId),
    createdAt: p.createdAt,
    meta: p.meta,
    transactions: p.calls.map((c) => ({
      to: getAddress(c.to),
      value: (c.value ?? 0n).toString(),
      data: c.data,
    })),
  };
}

/** The calls of a Transaction Builder file for `chainId`, or undefined when it is none (or for another chain). */
export function builderCalls(file: unknown, chainId: number): Required<SafeCall>[] | undefined {
  const f = file as Partial<TransactionBuilderFile> | null;
  if (!f || f.chainId !== String(chainId) || !Array.isArray(f.transactions)) return undefined;
  const calls: Required<SafeCall>[] = [];
  for (const t of f.transactions) {
    if (!isAddress(t.to, { strict: false }) || !isHex(t.data) || !/^\d+$/.test(t.value)) return undefined;
    calls.push({ to: getAddress(t.to), value: BigInt(t.value), data: t.data });
  }
  return calls;
}
