/**
 * The indexer (docs/indexer.md), where `VITE_INDEXER_URL` names one: a history view in one HTTP request
 * instead of `eth_getLogs` windows. Every answer carries the block the indexer has reached, so a page
 * can say how far behind the chain it is. A failure throws `IndexerError`: the caller falls back to the
 * windowed reads.
 */
import { type Address } from "viem";

export class IndexerError extends Error {
  override name = "IndexerError";
}

/** The block the indexer has reached. */
export type IndexedHead = { number: bigint; timestamp: bigint };

/** Past this many blocks behind the chain a view says so (a block or two is the indexer's polling). */
export const BEHIND_NOTE_BLOCKS = 3n;

type Answer = { block?: { number: string; timestamp: string } | null };

/** GET `path` of the indexer at `base` as JSON, with its head; anything but a 2xx JSON answer throws. */
export async function indexerGet<T extends Answer>(
  base: string,
  path: string,
  fetcher: typeof fetch = fetch,
): Promise<T & { head: IndexedHead | undefined }> {
  let body: T;
  try {
    const response = await fetcher(`${base}${path}`);
    if (!response.ok) throw new Error(`status ${response.status}`);
    body = (await response.json()) as T;
  } catch (error) {
    throw new IndexerError(`indexer ${path}: ${(error as Error).message}`);
  }
  const head = body.block
    ? { number: BigInt(body.block.number), timestamp: BigInt(body.block.timestamp) }
    : undefined;
  return { ...body, head };
}

/** How many blocks the indexer is behind `latest` (0 when level or ahead; undefined when it has no head yet). */
export function blocksBehind(head: IndexedHead | undefined, latest: bigint): bigint | undefined {
  if (!head) return undefined;
  return latest > head.number ? latest - head.number : 0n;
}

export type IndexedTeamDay = { day: bigint; amount: bigint; users: bigint };

/** `account`'s finished team days `from`..`to` (contract day indices), oldest first. */
export async function indexedTeamDays(
  base: string,
  account: Address,
  from: bigint,
  to: bigint,
  fetcher?: typeof fetch,
): Promise<{ days: IndexedTeamDay[]; head: IndexedHead | undefined }> {
  const answer = await indexerGet<Answer & { items: { day: string; amount: string; users: string }[] }>(
    base,
    `/team/${account}/days?from=${from}&to=${to}`,
    fetcher,
  );
  const days = answer.items.map((d) => ({
    day: BigInt(d.day),
    amount: BigInt(d.amount),
    users: BigInt(d.users),
  }));
  return { days, head: answer.head };
}
