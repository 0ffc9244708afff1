/**
 * A per-member read-through cache (the `my` answer). An entry lives `ttlMs` at most and never past
 * the UTC day it was loaded on (power counts machines by day). Every write path that changes a
 * member's data calls `invalidate(address)` after its transaction commits (settlement: `clear()`),
 * so this process answers from the new data at once; `ttlMs` bounds what another process wrote.
 *
 * Entries hold the load's promise: concurrent misses share one query, and an invalidation that
 * lands while a load runs drops that load too (later requests load again, after the commit).
 */

type Entry<T> = { until: number; day: number; data: Promise<T> };

/** Above this many members held, expired entries are swept (then everything, if still above). */
export const MEMBER_CACHE_MAX = 10_000;

const DAY_MS = 86_400_000;

export class MemberCache<T> {
  readonly ttlMs: number;
  private readonly members = new Map<string, Map<string, Entry<T>>>();

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  /** The cached answer of `address` for `variant` (e.g. the language), or `load()`'s, kept when it succeeds. */
  get(address: string, variant: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const key = address.toLowerCase();
    const now = Date.now();
    const day = Math.floor(now / DAY_MS);
    let entries = this.members.get(key);
    const hit = entries?.get(variant);
    if (hit && hit.until > now && hit.day === day) return hit.data;
    if (!entries) {
      if (this.members.size >= MEMBER_CACHE_MAX) this.sweep(now);
      this.members.set(key, (entries = new Map()));
    }
    const entry: Entry<T> = { until: now + this.ttlMs, day, data: load() };
    entries.set(variant, entry);
    // A failed load (or a rejection such as "please register first") is not kept.
    entry.data.catch(() => {
      if (this.members.get(key)?.get(variant) === entry) entries.delete(variant);
    });
    return entry.data;
  }

  /** Drops what is held for these members (call after the write has committed). */
  invalidate(...addresses: readonly string[]): void {
    for (const address of addresses) this.members.delete(address.toLowerCase());
  }

  /** Drops everything (a write that touches many members: settlement). */
  clear(): void {
    this.members.clear();
  }

  /** Members currently held (tests). */
  get size(): number {
    return this.members.size;
  }

  private sweep(now: number): void {
    for (const [address, entries] of this.members) {
      for (const [variant, entry] of entries) if (entry.until <= now) entries.delete(variant);
      if (entries.size === 0) this.members.delete(address);
    }
    if (this.members.size >= MEMBER_CACHE_MAX) this.members.clear();
  }
}
