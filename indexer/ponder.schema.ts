import { index, onchainTable, primaryKey } from "ponder";

type Columns = Parameters<Extract<Parameters<typeof onchainTable>[1], (columns: never) => unknown>>[0];

/** Where a row's event is on chain: Ponder's event id, block, position in it, and block time. */
const logColumns = (t: Columns) => ({
  id: t.text().primaryKey(),
  blockNumber: t.bigint().notNull(),
  logIndex: t.integer().notNull(),
  timestamp: t.bigint().notNull(),
});

/**
 * One row per indexed event of the product's contracts: admin events (the audit log) and members'
 * activity. `args` is the decoded event with every integer as a decimal string.
 */
export const history = onchainTable(
  "history",
  (t) => ({
    ...logColumns(t),
    kind: t.text().$type<"admin" | "member">().notNull(),
    contract: t.text().notNull(),
    event: t.text().notNull(),
    /** the member, for activity */
    account: t.hex(),
    transactionHash: t.hex().notNull(),
    /** the transaction's sender */
    from: t.hex().notNull(),
    args: t.json().$type<Record<string, unknown>>().notNull(),
  }),
  (table) => ({
    byKind: index().on(table.kind, table.blockNumber, table.logIndex),
    byAccount: index().on(table.account, table.blockNumber, table.logIndex),
  }),
);

/** Staking's `TeamDay`: an account's team deposits and new members of one finished contract day. */
export const teamDay = onchainTable(
  "team_day",
  (t) => ({
    account: t.hex().notNull(),
    day: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    users: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.account, table.day] }) }),
);

/** A pair's reserves after each change (`Sync`): its price history. */
export const pairSync = onchainTable(
  "pair_sync",
  (t) => ({
    ...logColumns(t),
    pair: t.hex().notNull(),
    reserve0: t.bigint().notNull(),
    reserve1: t.bigint().notNull(),
  }),
  (table) => ({ byPair: index().on(table.pair, table.timestamp) }),
);

/** A pair's swaps, with the transaction's sender (the member behind the router). */
export const pairSwap = onchainTable(
  "pair_swap",
  (t) => ({
    ...logColumns(t),
    pair: t.hex().notNull(),
    transactionHash: t.hex().notNull(),
    from: t.hex().notNull(),
    to: t.hex().notNull(),
    amount0In: t.bigint().notNull(),
    amount1In: t.bigint().notNull(),
    amount0Out: t.bigint().notNull(),
    amount1Out: t.bigint().notNull(),
  }),
  (table) => ({
    byPair: index().on(table.pair, table.timestamp),
    byFrom: index().on(table.from, table.timestamp),
  }),
);

/** A Timelock operation: its calls, when it can run, and whether it ran or was cancelled. */
export const timelockOperation = onchainTable(
  "timelock_operation",
  (t) => ({
    id: t.hex().primaryKey(),
    state: t.text().$type<"queued" | "executed" | "cancelled">().notNull(),
    calls: t.json().$type<{ target: string; value: string; data: string }[]>().notNull(),
    predecessor: t.hex().notNull(),
    /** the salt of its id (CallSalt; zero when it has none): `execute` needs it */
    salt: t.hex().notNull(),
    delay: t.bigint().notNull(),
    /** where it was (last) scheduled */
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    transactionHash: t.hex().notNull(),
    scheduledAt: t.bigint().notNull(),
    /** the earliest time it can be executed */
    readyAt: t.bigint().notNull(),
    /** when and where it was executed or cancelled */
    doneAt: t.bigint(),
    doneBlockNumber: t.bigint(),
    doneTransactionHash: t.hex(),
  }),
  (table) => ({
    byScheduled: index().on(table.blockNumber, table.logIndex),
    byState: index().on(table.state, table.blockNumber),
  }),
);

/**
 * Presale's `Registered` (the referral registry): who registered with whom as their referrer, and when
 * the account first deposited into Staking (`stakedAt`, null while it never has).
 */
export const registration = onchainTable(
  "registration",
  (t) => ({
    account: t.hex().primaryKey(),
    referrer: t.hex().notNull(),
    /** the registry's running number of the account */
    index: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
    stakedAt: t.bigint(),
  }),
  (table) => ({ byReferrer: index().on(table.referrer, table.blockNumber, table.logIndex) }),
);
