/**
 * The price keeper: calls `Staking.updatePrice()` about once a price window, so the pair's average
 * price a token deposit is valued with never grows stale (docs/operations.md, "Price keeper").
 *
 * Staking keeps a new price observation when a window has passed since the last one, and refuses a
 * token deposit (`PriceUnavailable`) once the average it would use stretches over more than two
 * windows: with nobody trading or depositing tokens for two windows, token deposits stop until someone
 * calls `updatePrice()` and a further window passes. The keeper calls it one window after the last
 * observation, so the average in use always spans one window to one window plus a poll.
 */
import { dataReaderAbi, stakingAbi } from "@taichi/contracts";
import { type Address, type Hex, createPublicClient, createWalletClient, http, parseEventLogs } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainAt } from "./env.ts";
import { sleep } from "./processes.ts";

/**
 * What the keeper knows of Staking's last price observation, in chain seconds:
 * - `unknown`: nothing yet (at start);
 * - `observed`: an observation was kept at `time` (by the keeper's own call);
 * - `younger`: a call at `checkedAt` kept none, so the last one is less than a window older than that.
 */
export type LastObservation =
  { kind: "unknown" } | { kind: "observed"; time: bigint } | { kind: "younger"; checkedAt: bigint };

/** After a call that kept no observation, the next try comes this share of a window later (at most 6 tries a window). */
const RETRY_SHARE = 6n;

/** When the keeper calls `updatePrice()` next (chain seconds): at once, one window after the last observation, or soon after a call that kept none. */
export function nextUpdateAt(last: LastObservation, window: bigint): bigint {
  switch (last.kind) {
    case "unknown":
      return 0n;
    case "observed":
      return last.time + window;
    case "younger":
      return last.checkedAt + (window / RETRY_SHARE > 0n ? window / RETRY_SHARE : 1n);
  }
}

/** How often the keeper looks at the clock, in seconds: a sixth of the window, at most a minute, at least a second. */
export function pollSeconds(window: bigint): number {
  const share = Number(window / RETRY_SHARE);
  return Math.min(60, Math.max(1, share));
}

/** The chain as the keeper sees it. */
export type KeeperChain = {
  /** The chain's time now, seconds (the next block's time: not before the latest block's). */
  now(): Promise<bigint>;
  /** Staking's price window in seconds; 0 while no price oracle is set. */
  window(): Promise<bigint>;
  /** Sends `updatePrice()` and waits for it: whether it kept an observation, and its block's time. */
  updatePrice(): Promise<{ observed: boolean; time: bigint }>;
};

export type TickResult =
  | { action: "wait"; until: bigint }
  | { action: "noOracle" }
  | { action: "updated"; observed: boolean; time: bigint }
  | { action: "failed"; error: unknown };

/** A keeper over `chain`: each `tick()` calls `updatePrice()` when it is due, and says what it did. */
export function createPriceKeeper(chain: KeeperChain) {
  let last: LastObservation = { kind: "unknown" };
  let window = 0n;
  return {
    get last() {
      return last;
    },
    /** Seconds until the next tick: a share of the window last read (a minute while none is known). */
    get pollSeconds() {
      return pollSeconds(window > 0n ? window : 360n);
    },
    async tick(): Promise<TickResult> {
      try {
        window = await chain.window();
        if (window === 0n) return { action: "noOracle" };
        const due = nextUpdateAt(last, window);
        if ((await chain.now()) < due) return { action: "wait", until: due };
        const { observed, time } = await chain.updatePrice();
        last = observed ? { kind: "observed", time } : { kind: "younger", checkedAt: time };
        return { action: "updated", observed, time };
      } catch (error) {
        // an RPC hiccup or a refused call: the next tick tries again, nothing is lost
        return { action: "failed", error };
      }
    },
  };
}

/** The keeper's chain through viem: `rpcUrl`, the Staking and DataReader proxies, the key that pays the gas. */
export async function viemKeeperChain(options: {
  rpcUrl: string;
  staking: Address;
  dataReader: Address;
  privateKey: Hex;
}): Promise<KeeperChain> {
  const transport = http(options.rpcUrl);
  const probe = createPublicClient({ transport });
  const chain = chainAt(await probe.getChainId(), options.rpcUrl);
  const client = createPublicClient({ chain, transport });
  const wallet = createWalletClient({ chain, transport, account: privateKeyToAccount(options.privateKey) });
  return {
    async now() {
      const latest = (await client.getBlock({ blockTag: "latest" })).timestamp;
      const local = BigInt(Math.floor(Date.now() / 1000));
      return latest > local ? latest : local;
    },
    async window() {
      const price = await client.readContract({
        address: options.dataReader,
        abi: dataReaderAbi,
        functionName: "tokenPrice",
      });
      return price.window;
    },
    async updatePrice() {
      const hash = await wallet.writeContract({
        address: options.staking,
        abi: stakingAbi,
        functionName: "updatePrice",
      });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error(`updatePrice reverted in ${hash}`);
      const block = await client.getBlock({ blockNumber: receipt.blockNumber });
      const observed = parseEventLogs({
        abi: stakingAbi,
        eventName: "PriceObserved",
        logs: receipt.logs,
      }).some((log) => log.address.toLowerCase() === options.staking.toLowerCase());
      return { observed, time: block.timestamp };
    },
  };
}

/** Runs the keeper until `signal` aborts, logging each call and failure. */
export async function runPriceKeeper(
  chain: KeeperChain,
  { log = console.log, signal }: { log?: (line: string) => void; signal?: AbortSignal } = {},
): Promise<void> {
  const keeper = createPriceKeeper(chain);
  let waitingForOracle = false;
  while (!signal?.aborted) {
    const result = await keeper.tick();
    if (result.action === "updated") {
      log(
        result.observed
          ? `updatePrice: new observation at ${result.time}`
          : "updatePrice: the last observation is less than a window old; trying again soon",
      );
    } else if (result.action === "failed") {
      log(`updatePrice failed, trying again: ${String(result.error).split("\n")[0]}`);
    } else if (result.action === "noOracle" && !waitingForOracle) {
      log("no price oracle is set on Staking yet: waiting");
    }
    waitingForOracle = result.action === "noOracle";
    await sleep(keeper.pollSeconds * 1000, signal);
  }
}
