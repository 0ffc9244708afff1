import { type IndexingFunctionArgs, ponder } from "ponder:registry";
import { history, pairSwap, pairSync, registration, teamDay, timelockOperation } from "ponder:schema";
import { type Address, type Hash, getAddress, zeroHash } from "viem";
import { PRODUCT_ABIS, type ProductContract, historyKind } from "./contracts";

type LogEvent = {
  id: string;
  args: Record<string, unknown>;
  block: { number: bigint; timestamp: bigint };
  log: { logIndex: number };
  transaction: { hash: Hash; from: Address };
};
type HistoryContext = {
  db: { insert(table: typeof history): { values(row: typeof history.$inferInsert): unknown } };
};
type HistoryArgs = { event: LogEvent; context: HistoryContext };
/** `ponder.on` for an event picked at run time from an ABI (its name is not a literal type). */
const on = ponder.on.bind(ponder) as unknown as (
  name: string,
  fn: (args: HistoryArgs) => Promise<void>,
) => void;

/** The columns every log row starts with (the schema's `logColumns`): where its event is on chain. */
function logRow(event: Pick<LogEvent, "id" | "block" | "log">) {
  return {
    id: event.id,
    blockNumber: event.block.number,
    logIndex: event.log.logIndex,
    timestamp: event.block.timestamp,
  };
}

/** Event arguments as JSON: integers as decimal strings, addresses checksummed (Ponder lowercases them). */
function jsonArgs(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string" && /^0x[0-9a-f]{40}$/.test(value)) return getAddress(value);
  if (Array.isArray(value)) return value.map(jsonArgs);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, jsonArgs(v)]));
  }
  return value;
}

// A batch schedules its calls in one transaction, one CallScheduled each; an id cancelled before can be
// scheduled again, and then starts over.
async function scheduled({ event, context }: IndexingFunctionArgs<"Timelock:CallScheduled">) {
  const { id, target, value, data, predecessor, delay } = event.args;
  const call = { target: getAddress(target), value: value.toString(), data };
  const operation = {
    id,
    state: "queued" as const,
    calls: [call],
    predecessor,
    salt: zeroHash,
    delay,
    blockNumber: event.block.number,
    logIndex: event.log.logIndex,
    transactionHash: event.transaction.hash,
    scheduledAt: event.block.timestamp,
    readyAt: event.block.timestamp + delay,
    doneAt: null,
    doneBlockNumber: null,
    doneTransactionHash: null,
  };
  await context.db
    .insert(timelockOperation)
    .values(operation)
    .onConflictDoUpdate((row) =>
      row.transactionHash === event.transaction.hash ? { calls: [...row.calls, call] } : operation,
    );
}

// OpenZeppelin emits CallSalt after the CallScheduled of an operation with a non-zero salt.
async function salted({ event, context }: IndexingFunctionArgs<"Timelock:CallSalt">) {
  await context.db.update(timelockOperation, { id: event.args.id }).set({ salt: event.args.salt });
}

/** Where an operation ran or was cancelled. */
const done = (event: { block: { number: bigint; timestamp: bigint }; transaction: { hash: Hash } }) => ({
  doneAt: event.block.timestamp,
  doneBlockNumber: event.block.number,
  doneTransactionHash: event.transaction.hash,
});

async function executed({ event, context }: IndexingFunctionArgs<"Timelock:CallExecuted">) {
  await context.db
    .update(timelockOperation, { id: event.args.id })
    .set({ state: "executed", ...done(event) });
}

async function cancelled({ event, context }: IndexingFunctionArgs<"Timelock:Cancelled">) {
  await context.db
    .update(timelockOperation, { id: event.args.id })
    .set({ state: "cancelled", ...done(event) });
}

// The first deposit of a registered account marks it as staked in its referrer's list of invitees.
async function deposited({ event, context }: IndexingFunctionArgs<"Staking:Deposited">) {
  const account = event.args.account;
  const row = await context.db.find(registration, { account });
  if (row && row.stakedAt === null) {
    await context.db.update(registration, { account }).set({ stakedAt: event.block.timestamp });
  }
}

/** What some history events also update (a history event has one indexing function, so it calls these). */
const ALSO: Partial<Record<string, (args: never) => Promise<void>>> = {
  "Timelock:CallScheduled": scheduled,
  "Timelock:CallSalt": salted,
  "Timelock:CallExecuted": executed,
  "Timelock:Cancelled": cancelled,
  "Staking:Deposited": deposited,
};

for (const [contract, abi] of Object.entries(PRODUCT_ABIS) as [
  ProductContract,
  (typeof PRODUCT_ABIS)[ProductContract],
][]) {
  for (const item of abi) {
    if (item.type !== "event") continue;
    const kind = historyKind(contract, item.name);
    if (!kind) continue;
    const name = `${contract}:${item.name}`;
    const also = ALSO[name];
    on(name, async (args) => {
      const { event, context } = args;
      await context.db.insert(history).values({
        ...logRow(event),
        kind,
        contract,
        event: item.name,
        account: kind === "member" ? (event.args.account as Address) : null,
        transactionHash: event.transaction.hash,
        from: event.transaction.from,
        args: jsonArgs(event.args) as Record<string, unknown>,
      });
      await also?.(args as never);
    });
  }
}

ponder.on("Presale:Registered", async ({ event, context }) => {
  await context.db.insert(registration).values({
    blockNumber: event.block.number,
    logIndex: event.log.logIndex,
    timestamp: event.block.timestamp,
    account: event.args.account,
    referrer: event.args.referrer,
    index: event.args.index,
    transactionHash: event.transaction.hash,
    stakedAt: null,
  });
});

ponder.on("Staking:TeamDay", async ({ event, context }) => {
  const { account, day, amount, users } = event.args;
  await context.db
    .insert(teamDay)
    .values({ account, day, amount, users })
    .onConflictDoUpdate({ amount, users });
});

ponder.on("Pair:Sync", async ({ event, context }) => {
  await context.db.insert(pairSync).values({
    ...logRow(event),
    pair: event.log.address,
    reserve0: event.args.reserve0,
    reserve1: event.args.reserve1,
  });
});

ponder.on("Pair:Swap", async ({ event, context }) => {
  await context.db.insert(pairSwap).values({
    ...logRow(event),
    pair: event.log.address,
    transactionHash: event.transaction.hash,
    from: event.transaction.from,
    to: event.args.to,
    amount0In: event.args.amount0In,
    amount1In: event.args.amount1In,
    amount0Out: event.args.amount0Out,
    amount1Out: event.args.amount1Out,
  });
});
