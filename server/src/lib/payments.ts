/**
 * Payment proofs: a member pays USDT to the treasury on chain and sends the tx hash. The check
 * sits behind `VerifyPayment` so tests can swap it; `createChainVerifier` is the viem one.
 */
import path from "node:path";
import { readDeployment } from "@taichi/contracts/registry";
import {
  createPublicClient,
  http,
  isAddressEqual,
  parseEventLogs,
  type Address,
  type Hash,
  type PublicClient,
} from "viem";
import { REPO_ROOT } from "../env.ts";
import type { CreditType } from "./money.ts";

export type PaymentClaim = { hash: Hash; from: Address; amount: bigint };
export type PaymentFailure = "notFound" | "failed" | "unconfirmed" | "mismatch" | "stale" | "unavailable";
/**
 * The chain's verdict on a claimed payment or payout hash (what a member is told to pay is the contract's
 * `PaymentDue`). `blockNumber`: the block that holds the transfer (a fake chain in tests may leave it out).
 */
export type PaymentVerdict = { ok: true; blockNumber?: bigint } | { ok: false; reason: PaymentFailure };

export type VerifyPayment = (claim: PaymentClaim) => Promise<PaymentVerdict>;

/**
 * A withdrawal payout: `amount` of the credit type's token from the treasury to `to`, mined after block
 * `after` (the request's fee payment), so an older treasury transfer of the same amount proves nothing.
 */
export type PayoutClaim = {
  hash: Hash;
  to: Address;
  amount: bigint;
  creditType: CreditType;
  after: bigint | null;
};
export type VerifyPayout = (claim: PayoutClaim) => Promise<PaymentVerdict>;

/** Where members pay; shown by the `...Check` routes. `token` null: none named (an app built without a chain). */
export type PaymentTarget = { treasury: Address; token: Address | null };

const TRANSFER_ABI = [
  {
    type: "event",
    name: "Transfer",
    inputs: [
      { indexed: true, name: "from", type: "address" },
      { indexed: true, name: "to", type: "address" },
      { indexed: false, name: "value", type: "uint256" },
    ],
  },
] as const;

/**
 * The tokens payments and payouts are made in: `USDT_ADDRESS` and `ARB_ADDRESS` when set, else `Usdt` and
 * `MiningToken` of the chain's deployment file, read once at boot: a missing or invalid file stops the
 * server with the reason.
 */
export function paymentTokens(
  chainId: number,
  configured: { usdt: Address | null; arb: Address | null },
  deploymentsDir: string = path.join(REPO_ROOT, "deployments"),
): { usdt: Address; arb: Address } {
  if (configured.usdt && configured.arb) return { usdt: configured.usdt, arb: configured.arb };
  const { contracts } = readDeployment(deploymentsDir, chainId);
  return { usdt: configured.usdt ?? contracts.Usdt, arb: configured.arb ?? contracts.MiningToken };
}

export type ChainVerifierOptions = {
  client: PublicClient;
  target: { treasury: Address; token: Address };
  confirmations: number;
};

/** The chain id the RPC itself reports, asked once per client (again after a failed ask). */
const reportedChains = new WeakMap<PublicClient, Promise<number>>();

function reportedChainId(client: PublicClient): Promise<number> {
  let chainId = reportedChains.get(client);
  if (!chainId) {
    chainId = client.getChainId();
    reportedChains.set(client, chainId);
    chainId.catch(() => reportedChains.delete(client));
  }
  return chainId;
}

type TransferClaim = {
  hash: Hash;
  token: Address;
  from: Address;
  to: Address;
  amount: bigint;
  after?: bigint | null;
};

/**
 * Whether `hash` is a successful transaction with enough confirmations that emitted a Transfer of
 * exactly `amount` of `token` from `from` to `to`, mined after block `after` when given ("stale" if not),
 * on the client's chain: an RPC serving another chain (a testnet URL left in the settings) proves nothing.
 */
export async function checkTransfer(
  client: PublicClient,
  confirmations: number,
  transfer: TransferClaim,
): Promise<PaymentVerdict> {
  try {
    return await checkTransferOnChain(client, confirmations, transfer);
  } catch (error) {
    // The RPC node is down, too slow (the client's timeout) or answers garbage: nothing is proven,
    // and the member is told to retry rather than shown a server error.
    console.error(
      `[payments] RPC failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    );
    return { ok: false, reason: "unavailable" };
  }
}

async function checkTransferOnChain(
  client: PublicClient,
  confirmations: number,
  transfer: TransferClaim,
): Promise<PaymentVerdict> {
  if (client.chain !== undefined && (await reportedChainId(client)) !== client.chain.id) {
    return { ok: false, reason: "unavailable" };
  }
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: transfer.hash });
  } catch (error) {
    if (error instanceof Error && error.name === "TransactionReceiptNotFoundError") {
      return { ok: false, reason: "notFound" };
    }
    throw error;
  }
  if (receipt.status !== "success") return { ok: false, reason: "failed" };
  const head = await client.getBlockNumber({ cacheTime: 0 });
  if (head - receipt.blockNumber + 1n < BigInt(confirmations)) return { ok: false, reason: "unconfirmed" };
  const transfers = parseEventLogs({ abi: TRANSFER_ABI, logs: receipt.logs, eventName: "Transfer" });
  const found = transfers.some(
    (log) =>
      isAddressEqual(log.address, transfer.token) &&
      isAddressEqual(log.args.from, transfer.from) &&
      isAddressEqual(log.args.to, transfer.to) &&
      log.args.value === transfer.amount,
  );
  if (!found) return { ok: false, reason: "mismatch" };
  if (transfer.after != null && receipt.blockNumber <= transfer.after) return { ok: false, reason: "stale" };
  return { ok: true, blockNumber: receipt.blockNumber };
}

export function createChainVerifier({ client, target, confirmations }: ChainVerifierOptions): VerifyPayment {
  return ({ hash, from, amount }) =>
    checkTransfer(client, confirmations, { hash, token: target.token, from, to: target.treasury, amount });
}

export type PayoutVerifierOptions = {
  client: PublicClient;
  treasury: Address;
  /** The payout token of each credit type. */
  tokens: Record<CreditType, Address>;
  confirmations: number;
};

/** Checks a payout on chain: the credit type's token, from the treasury to the member, the exact amount. */
export function createPayoutVerifier({
  client,
  treasury,
  tokens,
  confirmations,
}: PayoutVerifierOptions): VerifyPayout {
  return ({ hash, to, amount, creditType, after }) =>
    checkTransfer(client, confirmations, {
      hash,
      token: tokens[creditType],
      from: treasury,
      to,
      amount,
      after,
    });
}

/** Longest wait for one RPC answer; with one retry a check gives up after about twice this. */
export const RPC_TIMEOUT_MS = 10_000;

export function createRpcClient(rpcUrl: string, chainId: number, timeoutMs = RPC_TIMEOUT_MS): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, { retryCount: 1, timeout: timeoutMs }),
    chain: {
      id: chainId,
      name: `chain ${chainId}`,
      nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    },
  }) as PublicClient;
}
