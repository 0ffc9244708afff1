import { type Address, type Hash, type Log, decodeEventLog, getAddress } from "viem";
import type { ContractName } from "../../lib/deployments";
import { blocksBehind, indexedEvents, typedArgs } from "../../lib/indexer";
import { type BlockWindow, windowEndingAt } from "../../lib/logRange";
import { type DescribedCall, describeCall } from "./calls";
import { type Section, allSections, eventValues, normalize } from "./descriptors";
import { type Change, type Field, type Values, diffValues } from "./fields";
import type { Call } from "./operations";
import { type AdminReads, blockTimes, valuesAt } from "./reads";
import { type Managed, events, isAdminEvent } from "./registry";

export type AuditEntry = {
  id: string;
  contract: ContractName;
  event: string;
  blockNumber: bigint;
  logIndex: number;
  hash: Hash;
  /** the transaction's sender */
  from: Address | undefined;
  /** block time, unix seconds */
  time: bigint | undefined;
  /** the account a per-account form's event is about (its `key` argument), as text */
  subject?: [string, string];
  /** old -> new for events a form describes (empty: the event changed nothing) */
  changes: Change[] | undefined;
  /** the event's arguments as text, for everything else */
  args: [string, string][];
  /** a timelock operation's call (CallScheduled, CallExecuted, Cancelled), decoded, with old -> new */
  call?: DescribedCall;
};

const TIMELOCK_CALL_EVENTS = new Set(["CallScheduled", "CallExecuted"]);

const IMPLEMENTATION: Field = { name: "implementation", kind: "address" };

export function argText(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return `[${value.map(argText).join(", ")}]`;
  if (value && typeof value === "object") {
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${k}: ${argText(v)}`)
      .join(", ")} }`;
  }
  return String(value);
}

/** The forms whose setter emits this event (two Staking forms share ConfigMultiUpdated). */
export function sectionsFor(contract: ContractName, event: string): Section[] {
  return allSections.filter((s) => s.contract === contract && s.event?.name === event);
}

/** The earliest block any of `contracts` was deployed in: nothing of theirs is older. */
export function firstBlock(contracts: readonly Managed[]): bigint {
  const blocks = contracts.map((c) => c.deployBlock ?? 0n);
  return blocks.length === 0 ? 0n : blocks.reduce((min, b) => (b < min ? b : min));
}

/**
 * The values before the event: an event that carries `previous<X>` names it; an event of the block the
 * contract was deployed in had none (its initializer set them); otherwise the getter is read at the
 * block before (historical eth_call: anvil and archive nodes answer it, pruned nodes do not, and then
 * the old value shows as unknown).
 */
async function valuesBefore(
  reads: AdminReads,
  c: Managed,
  sections: Section[],
  args: Record<string, unknown>,
  blockNumber: bigint,
): Promise<Partial<Values> | undefined> {
  const previous = Object.keys(args).find((k) => k.startsWith("previous"));
  const fields = sections.flatMap((s) => s.fields);
  if (previous && fields.length === 1) return { [fields[0]!.name]: args[previous] as Address };
  if (blockNumber <= (c.deployBlock ?? 0n)) return {};
  const key = sections[0]!.key ? args[sections[0]!.key.name] : undefined;
  return valuesAt(reads, c, { kind: "form", sections, key }, blockNumber - 1n);
}

/** An admin event found in the logs or in the indexer, before its changes are worked out. */
export type AdminEvent = {
  c: Managed;
  name: string;
  args: Record<string, unknown>;
  blockNumber: bigint;
  logIndex: number;
  hash: Hash;
  from: Address | undefined;
  time: bigint | undefined;
};

/** The admin events among `logs` of `contracts` (sender and time still unknown). */
function adminEventsOf(logs: readonly Log[], contracts: readonly Managed[]): AdminEvent[] {
  const byAddress = new Map(contracts.map((c) => [c.address.toLowerCase(), c]));
  return logs.flatMap((log) => {
    const c = byAddress.get(log.address.toLowerCase());
    if (!c || log.blockNumber === null || log.transactionHash === null || log.logIndex === null) return [];
    try {
      const event = decodeEventLog({ abi: c.abi, data: log.data, topics: log.topics, strict: false });
      if (!event.eventName || !isAdminEvent(event.eventName)) return [];
      return [
        {
          c,
          name: event.eventName,
          args: (event.args ?? {}) as Record<string, unknown>,
          blockNumber: log.blockNumber,
          hash: log.transactionHash,
          logIndex: log.logIndex,
          from: undefined,
          time: undefined,
        },
      ];
    } catch {
      return []; // an event this ABI does not know
    }
  });
}

/** `events` with their senders and block times, read from the chain (undefined where a read fails). */
async function withSendersAndTimes(client: AdminReads, events: AdminEvent[]): Promise<AdminEvent[]> {
  const hashes = [...new Set(events.map((d) => d.hash))];
  const [senders, timeOf] = await Promise.all([
    Promise.all(
      hashes.map((hash) =>
        client.getTransaction({ hash }).then(
          (tx) => getAddress(tx.from),
          () => undefined,
        ),
      ),
    ),
    blockTimes(
      client,
      events.map((d) => d.blockNumber),
    ),
  ]);
  const senderOf = new Map(hashes.map((h, i) => [h, senders[i]]));
  return events.map((d) => ({ ...d, from: senderOf.get(d.hash), time: timeOf.get(d.blockNumber) }));
}

/**
 * Every admin event of the given contracts in the blocks `range` (default: all of them, from the
 * earliest deploy block), newest first, with who sent it and what changed.
 */
export async function loadAuditLog(
  client: AdminReads,
  contracts: readonly Managed[],
  range: { fromBlock: bigint; toBlock: bigint | "latest" } = { fromBlock: 0n, toBlock: "latest" },
  targets: readonly Managed[] = contracts,
): Promise<AuditEntry[]> {
  if (contracts.length === 0) return [];
  const first = firstBlock(contracts);
  const fromBlock = range.fromBlock > first ? range.fromBlock : first;
  if (range.toBlock !== "latest" && range.toBlock < fromBlock) return [];
  const logs: Log[] = await client.getLogs({
    address: contracts.map((c) => c.address),
    fromBlock,
    toBlock: range.toBlock,
  });
  return describeAdminEvents(
    client,
    await withSendersAndTimes(client, adminEventsOf(logs, contracts)),
    targets,
  );
}

/**
 * The audit log's entries of `events`, newest first. A timelock operation's call is decoded with the
 * ABI of its target among `targets`: old -> new against the values when it was scheduled, or just
 * before it ran; a cancel shows the call scheduled under its id among the same events.
 */
export async function describeAdminEvents(
  client: AdminReads,
  events: readonly AdminEvent[],
  targets: readonly Managed[],
): Promise<AuditEntry[]> {
  const scheduledCall = new Map(
    events
      .filter((d) => d.name === "CallScheduled")
      .map((d) => [d.args.id as Hash, d.args as unknown as Call]),
  );
  const entries = await Promise.all(
    events.map(async (d): Promise<AuditEntry> => {
      let changes: Change[] | undefined;
      let subject: [string, string] | undefined;
      let call: DescribedCall | undefined;
      const operation = TIMELOCK_CALL_EVENTS.has(d.name)
        ? (d.args as unknown as Call)
        : d.name === "Cancelled"
          ? scheduledCall.get(d.args.id as Hash)
          : undefined;
      if (operation) {
        const at = d.name === "CallExecuted" ? d.blockNumber - 1n : d.blockNumber;
        call = await describeCall(client, operation, targets, at);
      }
      const sections = sectionsFor(d.c.name, d.name);
      const key = sections[0]?.key?.name;
      if (key && d.args[key] !== undefined) subject = [key, argText(d.args[key])];
      if (sections.length > 0) {
        const next = eventValues(sections[0]!, d.args);
        const fields = sections
          .flatMap((s) => s.fields)
          .filter((f) => !f.readOnly && next[f.name] !== undefined);
        const old = await valuesBefore(client, d.c, sections, d.args, d.blockNumber);
        changes = diffValues(fields, old ?? {}, next as Values);
      } else if (d.name === "Upgraded") {
        const from =
          d.blockNumber <= (d.c.deployBlock ?? 0n)
            ? undefined
            : ((await valuesAt(client, d.c, { kind: "implementation" }, d.blockNumber - 1n))
                ?.implementation as Address | undefined);
        changes = [{ field: IMPLEMENTATION, from, to: d.args.implementation as Address }];
      }
      return {
        id: `${d.hash}-${d.logIndex}`,
        contract: d.c.name,
        event: d.name,
        blockNumber: d.blockNumber,
        logIndex: d.logIndex,
        hash: d.hash,
        from: d.from,
        time: d.time,
        subject,
        changes,
        args: Object.entries(normalize(d.args) as Record<string, unknown>).map(([k, v]) => [k, argText(v)]),
        call,
      };
    }),
  );
  return entries.sort((a, b) =>
    a.blockNumber === b.blockNumber ? b.logIndex - a.logIndex : a.blockNumber > b.blockNumber ? -1 : 1,
  );
}

/** One window of the audit log: its blocks and their admin events, newest first. */
export type AuditPage = BlockWindow & { entries: AuditEntry[] };

/**
 * The audit log's window of at most `size` blocks ending at `toBlock`, or at the latest block when
 * `toBlock` is undefined (the newest window; without a size, every block from the first deploy block).
 */
export async function loadAuditPage(
  client: AdminReads,
  contracts: readonly Managed[],
  size: bigint | undefined,
  toBlock?: bigint,
  targets: readonly Managed[] = contracts,
): Promise<AuditPage> {
  const window = windowEndingAt(toBlock ?? (await client.getBlockNumber()), size, firstBlock(contracts));
  return { ...window, entries: await loadAuditLog(client, contracts, window, targets) };
}

/** The last block of the window older than the loaded `pages` (the oldest is last), undefined once `floor` is read. */
export function olderPageEnd(pages: readonly BlockWindow[], floor = 0n): bigint | undefined {
  const oldest = pages.at(-1);
  return oldest && oldest.fromBlock > floor ? oldest.fromBlock - 1n : undefined;
}

/** Admin events per page of the indexer's `/audit`. */
export const INDEXED_AUDIT_PAGE = 50;

/** A page of the audit log served by the indexer: `next` pages on; `behind`: blocks it trails the chain. */
export type IndexedAuditPage = AuditPage & { next: string | null; behind: bigint | undefined };

/**
 * A page of the audit log from the indexer (`/audit`, one HTTP request; `before` is the previous page's
 * `next`): the admin and timelock events of `contracts`, with sender and time as indexed, and what
 * changed (the same eth_calls as the windowed read, in one JSON-RPC batch with the chain's head). Its
 * blocks run from its oldest event (the first deploy block on the last page) to the indexer's head.
 * `only`: ask for these contracts' events alone (full pages for a manager of some contracts, or a filter).
 * Throws `IndexerError` when the indexer fails.
 */
export async function loadIndexedAuditPage(
  client: AdminReads,
  base: string,
  contracts: readonly Managed[],
  before?: string,
  targets: readonly Managed[] = contracts,
  only?: readonly string[],
): Promise<IndexedAuditPage> {
  const path = only ? `/audit?contract=${only.join(",")}` : "/audit";
  const page = await indexedEvents(base, path, INDEXED_AUDIT_PAGE, before);
  const byName = new Map(contracts.map((c) => [c.name as string, c]));
  const found = page.items.flatMap((item): AdminEvent[] => {
    const c = byName.get(item.contract);
    const abiEvent = c && events(c.abi).find((e) => e.name === item.event);
    if (!c || !abiEvent) return [];
    return [
      {
        c,
        name: item.event,
        args: typedArgs(abiEvent, item.args),
        blockNumber: item.blockNumber,
        logIndex: item.logIndex,
        hash: item.transactionHash,
        from: item.from,
        time: item.timestamp,
      },
    ];
  });
  const [entries, latest] = await Promise.all([
    describeAdminEvents(client, found, targets),
    client.getBlockNumber(),
  ]);
  const toBlock = page.head?.number ?? latest;
  const oldest = page.items.at(-1)?.blockNumber;
  const fromBlock = page.next && oldest !== undefined ? oldest : firstBlock(contracts);
  return { fromBlock, toBlock, entries, next: page.next, behind: blocksBehind(page.head, latest) };
}
