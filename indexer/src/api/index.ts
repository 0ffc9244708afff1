import { Hono } from "hono";
import { db } from "ponder:api";
import { history, pairSwap, pairSync, registration, teamDay, timelockOperation } from "ponder:schema";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from "ponder";
import { getAddress, isAddress } from "viem";
import { type Cursor, PageError, contractFilter, encodeCursor, pageQuery, parseUint } from "./paging";

const app = new Hono();

/** Refuses a bad query with `{ code, msg }` and 400, never a 5xx. */
app.onError((error, c) => {
  if (error instanceof PageError) return c.json({ code: 400, msg: error.message }, 400);
  console.error(error);
  return c.json({ code: 500, msg: "internal error" }, 500);
});

/**
 * The indexed head (Ponder's checkpoint of the chain, as `/status` reports it), so a page can say how
 * far behind the chain the history is without a second request. Checkpoint layout (ponder 0.16 and 0.17):
 * 10 digits of block timestamp, 16 of chain id, 16 of block number, then the event's position.
 */
async function indexedBlock(): Promise<{ number: string; timestamp: string } | null> {
  const result = await db.execute(sql`SELECT latest_checkpoint FROM _ponder_checkpoint LIMIT 1`);
  const checkpoint = (result.rows[0] as { latest_checkpoint?: string } | undefined)?.latest_checkpoint;
  if (!checkpoint) return null;
  return {
    number: BigInt(checkpoint.slice(26, 42)).toString(),
    timestamp: BigInt(checkpoint.slice(0, 10)).toString(),
  };
}

type Positioned = typeof history | typeof timelockOperation | typeof registration;

/** Newest first from the cursor `before` on, for a table of rows placed by block and log index. */
function olderThan(table: Positioned, before: Cursor | undefined) {
  return (
    before && sql`(${table.blockNumber}, ${table.logIndex}) < (${before.blockNumber}, ${before.logIndex})`
  );
}
const newestFirst = (table: Positioned) => [desc(table.blockNumber), desc(table.logIndex)];

/** A page of `limit` items from `limit + 1` rows, and the cursor of the next page if there is one. */
function pageOf<Row extends Cursor, Item>(rows: Row[], limit: number, item: (row: Row) => Item) {
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return { items: rows.slice(0, limit).map(item), next: last ? encodeCursor(last) : null };
}

/**
 * One page of `table`'s rows matching `where`, newest first from the query's `before` on (`limit` of
 * them, `pageQuery`), as `item`s, with the cursor of the next page and the indexed head.
 */
async function newestPage<Table extends Positioned, Item>(
  table: Table,
  where: Parameters<typeof and>[0],
  query: Record<string, string>,
  item: (row: Table["$inferSelect"]) => Item,
) {
  const { limit, before } = pageQuery(query);
  const [rows, block] = await Promise.all([
    db
      .select()
      // drizzle types a select from one table, not from a type parameter: the rows are `Table`'s
      .from(table as Positioned)
      .where(and(where, olderThan(table, before)))
      .orderBy(...newestFirst(table))
      .limit(limit + 1) as Promise<Table["$inferSelect"][]>,
    indexedBlock(),
  ]);
  return { ...pageOf(rows, limit, item), block };
}

/** A history row as the routes answer it. */
const historyItem = (row: typeof history.$inferSelect) => ({
  blockNumber: row.blockNumber.toString(),
  logIndex: row.logIndex,
  timestamp: row.timestamp.toString(),
  transactionHash: row.transactionHash,
  from: getAddress(row.from),
  contract: row.contract,
  event: row.event,
  args: row.args,
});

function accountParam(value: string) {
  if (!isAddress(value, { strict: false })) throw new PageError(`not an address: ${value}`);
  return value.toLowerCase() as `0x${string}`;
}

/**
 * Admin and timelock events, newest first: `?limit=N&before=<next of the previous page>`, and `&contract=A,B`
 * for those contracts' events only (a manager of some contracts, or the log filtered to one).
 */
app.get("/audit", async (c) => {
  const names = contractFilter(c.req.query("contract"));
  const where = and(eq(history.kind, "admin"), names && inArray(history.contract, names));
  return c.json(await newestPage(history, where, c.req.query(), historyItem));
});

/** A member's deposits, releases, credits, purchases, claims and payouts, newest first; paged like /audit. */
app.get("/activity/:account", async (c) => {
  const account = accountParam(c.req.param("account"));
  const where = and(eq(history.kind, "member"), eq(history.account, account));
  return c.json(await newestPage(history, where, c.req.query(), historyItem));
});

/** An account's finished team days `from`..`to` (contract day indices), oldest first: the team chart's history. */
app.get("/team/:account/days", async (c) => {
  const account = accountParam(c.req.param("account"));
  const from = parseUint(c.req.query("from"), "from");
  const to = parseUint(c.req.query("to"), "to");
  const [rows, block] = await Promise.all([
    db
      .select()
      .from(teamDay)
      .where(and(eq(teamDay.account, account), gte(teamDay.day, from), lte(teamDay.day, to)))
      .orderBy(asc(teamDay.day)),
    indexedBlock(),
  ]);
  const items = rows.map((r) => ({
    day: r.day.toString(),
    amount: r.amount.toString(),
    users: r.users.toString(),
  }));
  return c.json({ items, block });
});

/** `staked=true|false`: only invitees who have (or have not) deposited into Staking; absent: all of them. */
function stakedFilter(raw: string | undefined) {
  if (raw === undefined || raw === "") return undefined;
  if (raw === "true") return isNotNull(registration.stakedAt);
  if (raw === "false") return isNull(registration.stakedAt);
  throw new PageError(`staked must be true or false, got "${raw}"`);
}

/**
 * The accounts registered with `referrer` as their referrer, newest first, paged like /audit, each with
 * whether it has deposited into Staking (`stakedAt`: the time of its first deposit, null while it never
 * has); `&staked=false` for those who have not yet. `total`: how many match, over every page.
 */
app.get("/invitees/:referrer", async (c) => {
  const referrer = accountParam(c.req.param("referrer"));
  const where = and(eq(registration.referrer, referrer), stakedFilter(c.req.query("staked")));
  const [page, [counted]] = await Promise.all([
    newestPage(registration, where, c.req.query(), (row) => ({
      account: getAddress(row.account),
      index: row.index.toString(),
      blockNumber: row.blockNumber.toString(),
      logIndex: row.logIndex,
      timestamp: row.timestamp.toString(),
      transactionHash: row.transactionHash,
      staked: row.stakedAt !== null,
      stakedAt: row.stakedAt?.toString() ?? null,
    })),
    db.select({ total: count() }).from(registration).where(where),
  ]);
  return c.json({ ...page, total: String(counted?.total ?? 0) });
});

/** An operation as the routes answer it. */
const operationItem = (row: typeof timelockOperation.$inferSelect) => ({
  id: row.id,
  state: row.state,
  calls: row.calls,
  predecessor: row.predecessor,
  salt: row.salt,
  delay: row.delay.toString(),
  blockNumber: row.blockNumber.toString(),
  logIndex: row.logIndex,
  transactionHash: row.transactionHash,
  scheduledAt: row.scheduledAt.toString(),
  readyAt: row.readyAt.toString(),
  doneAt: row.doneAt?.toString() ?? null,
  doneBlockNumber: row.doneBlockNumber?.toString() ?? null,
  doneTransactionHash: row.doneTransactionHash,
});

/**
 * Timelock operations, newest scheduled first, paged like /audit: queued ones become executable at
 * `readyAt` (unix seconds); executed and cancelled ones say when. The first page (no `before`) also
 * has `queued`: every operation still queued, however old, so that one request shows them all.
 */
app.get("/timelock/operations", async (c) => {
  const query = c.req.query();
  const [page, queued] = await Promise.all([
    newestPage(timelockOperation, undefined, query, operationItem),
    query.before
      ? undefined
      : db
          .select()
          .from(timelockOperation)
          .where(eq(timelockOperation.state, "queued"))
          .orderBy(...newestFirst(timelockOperation)),
  ]);
  return c.json({ ...page, ...(queued ? { queued: queued.map(operationItem) } : {}) });
});

/** A Sync row as the routes answer it. */
const reservesItem = (p: typeof pairSync.$inferSelect) => ({
  blockNumber: p.blockNumber.toString(),
  logIndex: p.logIndex,
  timestamp: p.timestamp.toString(),
  reserve0: p.reserve0.toString(),
  reserve1: p.reserve1.toString(),
});

/**
 * A pair's reserves after every change since `since` (unix seconds), oldest first: its price chart;
 * `opening`: the reserves as they stood at `since` (the last change before it, null if none); and the
 * swaps of `account` (a member's own) in that time.
 */
app.get("/pairs/:pair", async (c) => {
  const pair = accountParam(c.req.param("pair"));
  const since = parseUint(c.req.query("since"), "since");
  const account = c.req.query("account");
  const [prices, opening, swaps, block] = await Promise.all([
    db
      .select()
      .from(pairSync)
      .where(and(eq(pairSync.pair, pair), gte(pairSync.timestamp, since)))
      .orderBy(asc(pairSync.blockNumber), asc(pairSync.logIndex)),
    db
      .select()
      .from(pairSync)
      .where(and(eq(pairSync.pair, pair), lt(pairSync.timestamp, since)))
      .orderBy(desc(pairSync.timestamp), desc(pairSync.blockNumber), desc(pairSync.logIndex))
      .limit(1),
    account === undefined
      ? []
      : db
          .select()
          .from(pairSwap)
          .where(
            and(
              eq(pairSwap.pair, pair),
              eq(pairSwap.from, accountParam(account)),
              gte(pairSwap.timestamp, since),
            ),
          )
          .orderBy(asc(pairSwap.blockNumber), asc(pairSwap.logIndex)),
    indexedBlock(),
  ]);
  return c.json({
    prices: prices.map(reservesItem),
    opening: opening[0] ? reservesItem(opening[0]) : null,
    swaps: swaps.map((s) => ({
      blockNumber: s.blockNumber.toString(),
      logIndex: s.logIndex,
      timestamp: s.timestamp.toString(),
      transactionHash: s.transactionHash,
      from: getAddress(s.from),
      to: getAddress(s.to),
      amount0In: s.amount0In.toString(),
      amount1In: s.amount1In.toString(),
      amount0Out: s.amount0Out.toString(),
      amount1Out: s.amount1Out.toString(),
    })),
    block,
  });
});

export default app;
