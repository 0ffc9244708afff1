/**
 * Payment proofs: a member pays USDT to the treasury on chain and sends the tx hash. The check
 * sits behind `VerifyPayment` so tests can swap it; `createChainVerifier` is the viem one.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  createPublicClient,
  getAddress,
  http,
  isAddress,
  isAddressEqual,
  parseEventLogs,
  type Address,
  type Hash,
  type PublicClient,
} from "viem";
import { REPO_ROOT } from "../env.ts";

export type PaymentClaim = { hash: Hash; from: Address; amount: bigint };
export type PaymentFailure = "notFound" | "failed" | "unconfirmed" | "mismatch" | "unavailable";
export type PaymentCheck = { ok: true } | { ok: false; reason: PaymentFailure };

export type VerifyPayment = (claim: PaymentClaim) => Promise<PaymentCheck>;

/** Where members pay; shown by the `...Check` routes. */
export type PaymentTarget = { treasury: Address; token: () => Promise<Address | null> };

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

/** USDT from `USDT_ADDRESS`, else `deployments/<chainId>.json` (read until found, then cached). */
export function usdtResolver(chainId: number, fixed: Address | null, root: string = REPO_ROOT) {
  let found: Address | null = fixed;
  return async (): Promise<Address | null> => {
    if (found) return found;
    try {
      const file = JSON.parse(await readFile(path.join(root, "deployments", `${chainId}.json`), "utf8"));
      const usdt: unknown = file?.contracts?.Usdt;
      if (file?.chainId === chainId && typeof usdt === "string" && isAddress(usdt)) found = getAddress(usdt);
    } catch {
      return null;
    }
    return found;
  };
}

export type ChainVerifierOptions = {
  client: PublicClient;
  target: PaymentTarget;
  confirmations: number;
};

export function createChainVerifier({ client, target, confirmations }: ChainVerifierOptions): VerifyPayment {
  return async ({ hash, from, amount }) => {
    const token = await target.token();
    if (token === null) return { ok: false, reason: "unavailable" };
    let receipt;
    try {
      receipt = await client.getTransactionReceipt({ hash });
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
    const paid = transfers.some(
      (log) =>
        isAddressEqual(log.address, token) &&
        isAddressEqual(log.args.from, from) &&
        isAddressEqual(log.args.to, target.treasury) &&
        log.args.value === amount,
    );
    return paid ? { ok: true } : { ok: false, reason: "mismatch" };
  };
}

export function createRpcClient(rpcUrl: string, chainId: number): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }),
    chain: {
      id: chainId,
      name: `chain ${chainId}`,
      nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    },
  }) as PublicClient;
}
