import {
  type Address,
  type Client,
  type GetBlockParameters,
  type GetLogsParameters,
  type GetStorageAtParameters,
  type GetTransactionParameters,
  type Hash,
  type Log,
  type ReadContractParameters,
  decodeEventLog,
  getAddress,
} from "viem";
import { getBlock, getBlockNumber, getLogs, getStorageAt, getTransaction, readContract } from "viem/actions";
import type { ContractName } from "../../lib/deployments";
import { type DescribedCall, describeCall } from "../governance/chain";
import type { Call } from "../governance/operations";
import { type BlockWindow, windowEndingAt } from "../../lib/logRange";
import { type Section, allSections, eventValues, normalize } from "./descriptors";
import { type Change, type Field, type Values, diffValues } from "./fields";
import { IMPLEMENTATION_SLOT, type Managed, isAdminEvent, slotAddress } from "./registry";

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

/**
 * The reads the audit log makes, as the viem actions on a bare client: `getPublicClient` /
 * `usePublicClient` would bundle every public action (ENS, SIWE, signature checks, ...) into the page.
 */
export function auditReads(client: Client) {
  return {
    getLogs: (args: GetLogsParameters) => getLogs(client, args),
    readContract: (args: ReadContractParameters) => readContract(client, args),
    getStorageAt: (args: GetStorageAtParameters) => getStorageAt(client, args),
    getTransaction: (args: GetTransactionParameters) => getTransaction(client, args),
    getBlock: (args: GetBlockParameters) => getBlock(client, args),
    getBlockNumber: () => getBlockNumber(client, { cacheTime: 0 }),
  };
}

/** `auditReads(client)` in the app, a fake in tests. */
export type AuditReads = ReturnType<typeof auditReads>;

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

/**
 * The values before the event: an event that carries `previous<X>` names it; otherwise the getter is
 * read at the block before (historical eth_call: anvil and archive nodes answer it, pruned nodes do not,
 * and then the old value shows as unknown).
 */
async function oldValues(
  client: AuditReads,
  c: Managed,
  sections: Section[],
  args: Record<string, unknown>,
  blockNumber: bigint,
): Promise<Partial<Values> | undefined> {
  const previous = Object.keys(args).find((k) => k.startsWith("previous"));
  const fields = sections.flatMap((s) => s.fields);
  if (previous && fields.length === 1) return { [fields[0]!.name]: args[previous] as Address };
  const section = sections[0]!;
  const key = section.key ? args[section.key.name] : undefined;
  try {
    const raw = await client.readContract({
      address: c.address,
      abi: c.abi,
      functionName: section.getter.fn,
      args: section.key ? [key] : [],
      blockNumber: blockNumber - 1n,
    });
    return (section.getter.select ?? ((r) => r as Partial<Values>))(normalize(raw));
  } catch (err) {
    console.error(`audit: ${c.name}.${section.getter.fn} at block ${blockNumber - 1n}`, err);
    return undefined;
  }
}

/**
 * Every admin event of the given contracts in the blocks `range` (default: all of them), newest first,
 * with who sent it and what changed. A timelock operation's call is decoded with the ABI of its target
 * among `targets`: old -> new against the values when it was scheduled, or just before it ran; a
 * cancel shows the call scheduled under its id in the same blocks.
 */
export async function loadAuditLog(
  client: AuditReads,
  contracts: readonly Managed[],
  range: { fromBlock: bigint; toBlock: bigint | "latest" } = { fromBlock: 0n, toBlock: "latest" },
  targets: readonly Managed[] = contracts,
): Promise<AuditEntry[]> {
  if (contracts.length === 0) return [];
  const byAddress = new Map(contracts.map((c) => [c.address.toLowerCase(), c]));
  const logs: Log[] = await client.getLogs({ address: contracts.map((c) => c.address), ...range });

  const decoded = logs.flatMap((log) => {
    const c = byAddress.get(log.address.toLowerCase());
    if (!c || log.blockNumber === null || log.transactionHash === null || log.logIndex === null) return [];
    try {
      const event = decodeEventLog({ abi: c.abi, data: log.data, topics: log.topics, strict: false });
      if (!event.eventName || !isAdminEvent(event.eventName)) return [];
      const args = (event.args ?? {}) as Record<string, unknown>;
      return [
        {
          c,
          log,
          name: event.eventName,
          args,
          blockNumber: log.blockNumber,
          hash: log.transactionHash,
          logIndex: log.logIndex,
        },
      ];
    } catch {
      return []; // an event this ABI does not know
    }
  });

  const hashes = [...new Set(decoded.map((d) => d.hash))];
  const blocks = [...new Set(decoded.map((d) => d.blockNumber))];
  const [senders, times] = await Promise.all([
    Promise.all(
      hashes.map((hash) =>
        client.getTransaction({ hash }).then(
          (tx) => getAddress(tx.from),
          () => undefined,
        ),
      ),
    ),
    Promise.all(
      blocks.map((blockNumber) =>
        client.getBlock({ blockNumber }).then(
          (b) => b.timestamp,
          () => undefined,
        ),
      ),
    ),
  ]);
  const senderOf = new Map(hashes.map((h, i) => [h, senders[i]]));
  const scheduledCall = new Map(
    decoded
      .filter((d) => d.name === "CallScheduled")
      .map((d) => [d.args.id as Hash, d.args as unknown as Call]),
  );
  const timeOf = new Map(blocks.map((b, i) => [b, times[i]]));

  const entries = await Promise.all(
    decoded.map(async (d): Promise<AuditEntry> => {
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
        const old = await oldValues(client, d.c, sections, d.args, d.blockNumber);
        changes = diffValues(fields, old ?? {}, next as Values);
      } else if (d.name === "Upgraded") {
        const word = await client
          .getStorageAt({ address: d.c.address, slot: IMPLEMENTATION_SLOT, blockNumber: d.blockNumber - 1n })
          .catch(() => undefined);
        const from = slotAddress(word);
        changes = [{ field: IMPLEMENTATION, from, to: d.args.implementation as Address }];
      }
      return {
        id: `${d.hash}-${d.logIndex}`,
        contract: d.c.name,
        event: d.name,
        blockNumber: d.blockNumber,
        logIndex: d.logIndex,
        hash: d.hash,
        from: senderOf.get(d.hash),
        time: timeOf.get(d.blockNumber),
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
 * `toBlock` is undefined (the newest window; without a size, every block from 0).
 */
export async function loadAuditPage(
  client: AuditReads,
  contracts: readonly Managed[],
  size: bigint | undefined,
  toBlock?: bigint,
  targets: readonly Managed[] = contracts,
): Promise<AuditPage> {
  const window = windowEndingAt(toBlock ?? (await client.getBlockNumber()), size);
  return { ...window, entries: await loadAuditLog(client, contracts, window, targets) };
}

/** The last block of the window older than the loaded `pages` (the oldest is last), undefined once block 0 is read. */
export function olderPageEnd(pages: readonly BlockWindow[]): bigint | undefined {
  const oldest = pages.at(-1);
  return oldest && oldest.fromBlock > 0n ? oldest.fromBlock - 1n : undefined;
}
