/**
 * The watcher (docs/operations.md, "Watcher"): posts to the operators' webhook (a Slack incoming webhook, or
 * Telegram's bot API) every Timelock operation scheduled, cancelled or executed, decoded with the ABIs of the
 * deployment, and the trouble nothing else reports by itself: Staking's price observation growing old (the
 * keeper missed its call) and booked payments the API's audit no longer finds on chain. It is a process of its
 * own beside the indexer, reading the chain and the API's `/metrics`: nothing it does waits on indexing.
 *
 * Delivery is at least once, never twice by design: each notice goes into the state file's outbox in the same
 * write that moves the scan past its block, and leaves it, remembered by its key, once the webhook took it. A
 * restart resumes from the file: it neither repeats what was delivered nor loses what was not.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import {
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  decodeFunctionData,
  getAbiItem,
  getAddress,
  isAddressEqual,
} from "viem";
import { dataReaderAbi, pairAbi, stakingAbi, timelockAbi } from "@taichi/contracts";
import { ABIS, type Deployment } from "@taichi/contracts/registry";
import { sleep } from "./processes.ts";

/** One message for the webhook; `key` names what it reports, so it is sent once. */
export type Notice = { key: string; text: string };

export type WatchState = {
  /** the next block to read */
  nextBlock: string;
  /** the time of Staking's current price observation (unix seconds), once a scan has seen it set */
  observedAt?: string;
  /** notices not yet taken by the webhook, oldest first */
  outbox: Notice[];
  /** the keys of every operation notice delivered */
  sent: string[];
  /** the trouble going on, by condition, as last reported */
  trouble: Record<string, string>;
};

export type WatcherOptions = {
  client: PublicClient;
  deployment: Deployment;
  webhookUrl: string;
  /** where what was sent is remembered */
  stateFile: string;
  /** the app's address: notices link to its /governance page */
  appUrl?: string;
  /** Telegram's bot API: the chat each message goes to */
  telegramChatId?: string;
  /** the API instances' `/metrics`, for the payment audit */
  metricsUrls?: string[];
  /** the most blocks one `eth_getLogs` spans */
  logRange?: bigint;
  /** the first wait after a failed delivery; each further failure doubles it, up to `maxRetryMs` */
  retryBaseMs?: number;
  maxRetryMs?: number;
  log?: (line: string) => void;
};

const TIMELOCK_EVENTS = ["CallScheduled", "Cancelled", "CallExecuted"] as const;
/** Staking's events that (re)set its price observation's time. */
const OBSERVATION_EVENTS = ["PriceObserved", "PriceOracleUpdated"] as const;

const timelockEvents = timelockAbi.filter(
  (item) => item.type === "event" && (TIMELOCK_EVENTS as readonly string[]).includes(item.name),
);
const observationEvents = stakingAbi.filter(
  (item) => item.type === "event" && (OBSERVATION_EVENTS as readonly string[]).includes(item.name),
);
/** Both contracts' events, read with one `eth_getLogs` per range. */
const watchedEvents = [...timelockEvents, ...observationEvents];

type Call = { target: Address; value: bigint; data: Hex };

/** A value as a person reads it: integers in decimal, addresses checksummed, structs as `{name: value}`. */
function formatValue(value: unknown, type?: AbiParameter): string {
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean")
    return String(value);
  if (typeof value === "string") return type?.type === "address" ? getAddress(value) : value;
  const components = type && "components" in type ? type.components : undefined;
  if (Array.isArray(value)) {
    if (components && type?.type === "tuple")
      return `{${value.map((v, i) => `${components[i]?.name || i}: ${formatValue(v, components[i])}`).join(", ")}}`;
    const element = type && { ...type, type: type.type.replace(/\[\d*\]$/, "") };
    return `[${value.map((v) => formatValue(v, element)).join(", ")}]`;
  }
  if (value && typeof value === "object")
    return `{${Object.entries(value)
      .map(
        ([k, v]) =>
          `${k}: ${formatValue(
            v,
            components?.find((c) => c.name === k),
          )}`,
      )
      .join(", ")}}`;
  return String(value);
}

/** The deployment's contracts with the ABI of each: the targets a call is decoded against. */
function knownContracts(deployment: Deployment): { name: string; address: Address; abi: Abi }[] {
  return Object.entries(deployment.contracts).map(([name, address]) => ({
    name,
    address,
    abi: name.startsWith("Pair_") ? pairAbi : ((ABIS as Record<string, Abi>)[name] ?? []),
  }));
}

/** `Staking.setPriceOracle(pair: 0x…, window: 1800, maxDeviation: 500)`, or the raw call when its target or selector is unknown. */
export function describeCall(call: Call, deployment: Deployment): string {
  const contract = knownContracts(deployment).find(
    (c) => c.address.toLowerCase() === call.target.toLowerCase(),
  );
  const value = call.value > 0n ? ` sending ${call.value} wei` : "";
  try {
    if (!contract) throw new Error("unknown target");
    const { functionName, args = [] } = decodeFunctionData({ abi: contract.abi, data: call.data });
    const fn = getAbiItem({ abi: contract.abi, name: call.data.slice(0, 10) as Hex }) as AbiFunction;
    const shown = args.map((arg, i) => `${fn.inputs[i]?.name || i}: ${formatValue(arg, fn.inputs[i])}`);
    return `${contract.name}.${functionName}(${shown.join(", ")})${value}`;
  } catch {
    return `${contract?.name ?? getAddress(call.target)}: undecoded call ${call.data.slice(0, 10)} (${(call.data.length - 2) / 2} bytes)${value}`;
  }
}

/** Unix seconds as `2026-11-29 17:50:00 UTC`. */
export function utc(seconds: bigint): string {
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

type TimelockLog = {
  eventName: (typeof TIMELOCK_EVENTS)[number];
  args: Record<string, unknown>;
  blockNumber: bigint;
  logIndex: number;
  transactionHash: Hash;
};

/**
 * The notices of a block range's Timelock events: one per operation and transaction (a batch's calls are one
 * scheduling), in chain order. `blockTime` gives a block's time, for the earliest execution.
 */
export async function operationNotices(
  logs: readonly TimelockLog[],
  deployment: Deployment,
  blockTime: (block: bigint) => Promise<bigint>,
  governanceUrl: string | undefined,
): Promise<Notice[]> {
  const groups = new Map<string, TimelockLog[]>();
  for (const log of logs) {
    const key = `${log.eventName}:${log.args.id as string}:${log.transactionHash}`;
    groups.set(key, [...(groups.get(key) ?? []), log]);
  }
  const notices: Notice[] = [];
  for (const [key, group] of groups) {
    const first = group[0]!;
    const id = first.args.id as Hash;
    // a Cancelled event names the operation only; the others carry one call each, by index
    const calls =
      first.eventName === "Cancelled"
        ? []
        : group
            .sort((a, b) => Number(a.args.index as bigint) - Number(b.args.index as bigint))
            .map((log) => describeCall(log.args as unknown as Call, deployment));
    const shown = calls.length === 1 ? calls : calls.map((call, i) => `${i + 1}. ${call}`);
    const lines: string[] = [];
    if (first.eventName === "CallScheduled") {
      const readyAt = (await blockTime(first.blockNumber)) + (first.args.delay as bigint);
      lines.push(
        `Timelock: ${calls.length === 1 ? "a call" : `${calls.length} calls`} scheduled (chain ${deployment.chainId})`,
        ...shown,
        `Earliest execution: ${utc(readyAt)}`,
      );
    } else if (first.eventName === "CallExecuted") {
      lines.push(`Timelock: operation executed (chain ${deployment.chainId})`, ...shown);
    } else {
      lines.push(`Timelock: operation cancelled (chain ${deployment.chainId})`);
    }
    lines.push(`Operation ${id}, transaction ${first.transactionHash}`);
    if (governanceUrl) lines.push(governanceUrl);
    notices.push({ key, text: lines.join("\n") });
  }
  return notices;
}

/** A gauge's value in Prometheus text (the first series of that name), undefined when absent. */
export function gaugeValue(metrics: string, name: string): number | undefined {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, "m").exec(metrics);
  return match ? Number(match[1]) : undefined;
}

export class WebhookError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`the webhook answered ${status}: ${body.slice(0, 200)}`);
  }
  /** A refusal that the same request will meet again (a wrong URL, a body the relay rejects). */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/** POSTs `{text}` (and Telegram's `chat_id`) as JSON; throws a WebhookError unless the answer is 2xx. */
export async function postNotice(url: string, text: string, telegramChatId?: string): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(telegramChatId ? { chat_id: telegramChatId, text } : { text }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new WebhookError(response.status, await response.text().catch(() => ""));
}

function readState(file: string, fromBlock: bigint): WatchState {
  if (!existsSync(file)) return { nextBlock: String(fromBlock), outbox: [], sent: [], trouble: {} };
  return JSON.parse(readFileSync(file, "utf8")) as WatchState;
}

/** Replaces the file in one step (a rename), so a crash leaves the old state or the new one. */
function writeState(file: string, state: WatchState) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${file}.tmp`, file);
}

/**
 * A watcher over the deployment's Timelock and Staking: each `tick()` reads the blocks since the last one,
 * checks the keeper and the payment audit, and delivers what is due.
 */
export function createWatcher(options: WatcherOptions) {
  const { client, deployment, log = console.log } = options;
  const timelock = deployment.contracts.Timelock;
  const staking = deployment.contracts.Staking;
  const logRange = options.logRange ?? 5_000n;
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 5 * 60_000;
  const governanceUrl = options.appUrl && `${options.appUrl.replace(/\/+$/, "")}/governance`;
  const fromBlock = BigInt(Math.min(deployment.blocks.Timelock ?? 0, deployment.blocks.Staking ?? 0));
  const state = readState(options.stateFile, fromBlock);
  const save = () => writeState(options.stateFile, state);
  let failures = 0;
  let retryAt = 0;

  const blockTimes = new Map<bigint, bigint>();
  const blockTime = async (blockNumber: bigint) => {
    if (!blockTimes.has(blockNumber))
      blockTimes.set(blockNumber, (await client.getBlock({ blockNumber })).timestamp);
    return blockTimes.get(blockNumber)!;
  };

  const enqueue = (notice: Notice) => {
    if (state.sent.includes(notice.key) || state.outbox.some((n) => n.key === notice.key)) return;
    state.outbox.push(notice);
  };

  /** Reads the blocks up to `head`, a range at a time, each range's notices saved with the block reached. */
  async function scan(head: bigint) {
    for (let from = BigInt(state.nextBlock); from <= head; from = BigInt(state.nextBlock)) {
      const to = from + logRange - 1n < head ? from + logRange - 1n : head;
      const logs = await client.getLogs({
        address: [timelock, staking],
        events: watchedEvents,
        fromBlock: from,
        toBlock: to,
        strict: true,
      });
      const operations = logs.filter((log) => isAddressEqual(log.address, timelock));
      for (const notice of await operationNotices(
        operations as unknown as TimelockLog[],
        deployment,
        blockTime,
        governanceUrl,
      ))
        enqueue(notice);
      const last = logs.findLast((log) => isAddressEqual(log.address, staking));
      if (last) state.observedAt = String(await blockTime(last.blockNumber));
      state.nextBlock = String(to + 1n);
      save();
    }
  }

  /** Today's trouble, by condition (absent: none); `latest`: the time of the chain's head. */
  async function checkTrouble(latest: bigint): Promise<Record<string, string | undefined>> {
    const found: Record<string, string | undefined> = {};
    const price = await client.readContract({
      address: deployment.contracts.DataReader,
      abi: dataReaderAbi,
      functionName: "tokenPrice",
    });
    if (price.window > 0n && state.observedAt !== undefined) {
      const wall = BigInt(Math.floor(Date.now() / 1000));
      const age = (latest > wall ? latest : wall) - BigInt(state.observedAt);
      // the keeper renews it every window; deposits are refused once it is two windows old
      if (age > price.window + price.window / 2n)
        found.keeper = `Keeper: Staking's price observation is ${age} s old (window ${price.window} s): the keeper missed its call; token deposits are refused once it is ${2n * price.window} s old. Check the keeper's log and its BNB for gas.`;
    }
    for (const url of options.metricsUrls ?? []) {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        const lost = response.ok
          ? gaugeValue(await response.text(), "taichi_payment_audit_lost_payments")
          : undefined;
        if (lost !== undefined && lost > 0)
          found.paymentAudit = `Payment audit: ${lost} booked payment(s) no longer on chain as booked (${url}); the API's log names each (booked payment no longer on chain). An operator decides.`;
      } catch (error) {
        log(`watcher: ${url} did not answer: ${String(error)}`);
      }
    }
    return found;
  }

  function noteTrouble(found: Record<string, string | undefined>) {
    const at = new Date().toISOString();
    for (const name of new Set([...Object.keys(state.trouble), ...Object.keys(found)])) {
      const now = found[name];
      const before = state.trouble[name];
      if (now && !before) {
        state.trouble[name] = now;
        enqueue({ key: `${name}:trouble:${at}`, text: now });
      } else if (!now && before) {
        delete state.trouble[name];
        enqueue({
          key: `${name}:resolved:${at}`,
          text: `Resolved: ${before.split(":")[0]} is back to normal.`,
        });
      }
    }
    save();
  }

  /** Posts the outbox in order; after a failure, waits (doubling) before trying again. */
  async function deliver() {
    while (state.outbox.length > 0 && Date.now() >= retryAt) {
      const notice = state.outbox[0]!;
      try {
        await postNotice(options.webhookUrl, notice.text, options.telegramChatId);
        log(`watcher: sent ${notice.key}`);
      } catch (error) {
        if (!(error instanceof WebhookError && error.permanent)) {
          failures += 1;
          const wait = Math.min(maxRetryMs, retryBaseMs * 2 ** (failures - 1));
          retryAt = Date.now() + wait;
          log(`watcher: delivery failed (${String(error)}); retrying in ${wait} ms`);
          return;
        }
        log(`watcher: the webhook refused ${notice.key}, dropped: ${error.message}`);
      }
      failures = 0;
      state.outbox.shift();
      if (!notice.key.includes(":trouble:") && !notice.key.includes(":resolved:"))
        state.sent.push(notice.key);
      save();
    }
  }

  return {
    state,
    /** When the next delivery may be tried (ms since the epoch; 0: at once). */
    get retryAt() {
      return retryAt;
    },
    async tick() {
      // the head once, for the blocks to read and the chain's time (getBlock is not cached, as getBlockNumber is)
      const head = await client.getBlock({ blockTag: "latest" });
      await scan(head.number);
      noteTrouble(await checkTrouble(head.timestamp));
      await deliver();
    },
  };
}

/** Runs the watcher every `pollMs` until `signal` aborts; an RPC failure is logged and tried again next time. */
export async function runWatcher(
  watcher: ReturnType<typeof createWatcher>,
  {
    pollMs,
    signal,
    log = console.log,
  }: { pollMs: number; signal?: AbortSignal; log?: (line: string) => void },
) {
  while (!signal?.aborted) {
    try {
      await watcher.tick();
    } catch (error) {
      log(`watcher: tick failed, trying again: ${String(error).split("\n")[0]}`);
    }
    const untilRetry = watcher.retryAt - Date.now();
    const wait = untilRetry > 0 ? Math.min(pollMs, untilRetry) : pollMs;
    await sleep(wait, signal);
  }
}
