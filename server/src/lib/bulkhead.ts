/**
 * A bulkhead for the expensive member paths (routes with `bulkhead: <name>`): at most `inFlight` of them
 * run at once in this process, the next `queued` wait in arrival order, and the rest are refused at
 * once. Other routes never pass through it, so they never wait behind a pile of expensive calls: those
 * hold at most `inFlight` database connections and queries at a time. And they yield: a call whose turn
 * came starts once no other request is in flight in this process (`other()`), or after `yieldMs`
 * at most, so a member's ordinary call never shares the database with one (docs/server.md, "Limits").
 */
import type { Db } from "../db/types.ts";

/** The expensive member paths, each with a bulkhead of its own: team reads and registrations. */
export type BulkheadName = "team" | "registration";

export type BulkheadOptions = {
  /** Calls running at once. */
  inFlight: number;
  /** Calls waiting for a turn; one more is refused with `BulkheadFullError`. */
  queued: number;
  /** Longest a call waits for its turn (ms); past it, it is refused with `BulkheadFullError`. */
  waitMs: number;
  /** Longest a call with a turn waits for the other requests in flight to finish (ms). */
  yieldMs: number;
};

/**
 * The call was not run: the queue was full, it waited `waitMs` without a turn, or its client hung up
 * while it waited. Answered 4800 busy (to nobody, in the last case).
 */
export class BulkheadFullError extends Error {
  constructor(reason: "queue full" | "waited too long" | "client gone") {
    super(`bulkhead: ${reason}`);
    this.name = "BulkheadFullError";
  }
}

export class Bulkhead {
  readonly options: BulkheadOptions;
  #running = 0;
  /** Starters of the waiting calls, oldest first. */
  readonly #waiting: (() => void)[] = [];
  /** Requests in flight that do not pass through the bulkhead, and what waits for them to be none. */
  #others = 0;
  #othersDone: (() => void)[] = [];

  constructor(options: BulkheadOptions) {
    this.options = options;
  }

  /** A request that does not pass through the bulkhead has started; call the answer once it has ended. */
  other(): () => void {
    this.#others += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#others -= 1;
      if (this.#others === 0) for (const done of this.#othersDone.splice(0)) done();
    };
  }

  /** Calls running and waiting for a turn now. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /**
   * Runs `call` once it has a turn and the other requests have had theirs; its result or error is passed
   * on. If `gone()` says by then that nobody waits for the answer, `call` is not run.
   */
  async run<T>(call: () => Promise<T>, gone: () => boolean = () => false): Promise<T> {
    await this.#turn();
    try {
      await this.#yieldToOthers();
      if (gone()) throw new BulkheadFullError("client gone");
      return await call();
    } finally {
      // The turn goes to the oldest waiting call, or back to the pool of free turns.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }

  /**
   * `db` for a call that has its turn: each statement first yields to the other requests in flight, as
   * the call's start did, so a request that arrives while the call runs shares the database with one of
   * its statements at most. Statements inside a transaction do not yield (they may hold locks).
   */
  yielding(db: Db): Db {
    return {
      kind: db.kind,
      query: async (sql, params) => {
        await this.#yieldToOthers();
        return db.query(sql, params);
      },
      exec: async (sql) => {
        await this.#yieldToOthers();
        return db.exec(sql);
      },
      transaction: (fn) => db.transaction(fn),
      close: () => db.close(),
    };
  }

  /**
   * Waits until no other request is in flight, at most `yieldMs`. It first lets the requests that arrived
   * with this one be read (a macrotask), so one sent at the same moment counts.
   */
  async #yieldToOthers(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.#others === 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#othersDone.splice(this.#othersDone.indexOf(done), 1);
        resolve();
      }, this.options.yieldMs);
      this.#othersDone.push(done);
    });
  }

  #turn(): Promise<void> {
    if (this.#running < this.options.inFlight) {
      this.#running += 1;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.options.queued)
      return Promise.reject(new BulkheadFullError("queue full"));
    return new Promise((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(start), 1);
        reject(new BulkheadFullError("waited too long"));
      }, this.options.waitMs);
      this.#waiting.push(start);
    });
  }
}
