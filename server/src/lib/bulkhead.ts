/**
 * A bulkhead for the expensive member paths (routes with `bulkhead: true`): at most `inFlight` of them
 * run at once in this process, the next `queued` wait in arrival order, and the rest are refused at
 * once. Other routes never pass through it, so they never wait behind a pile of expensive calls: those
 * hold at most `inFlight` database connections and queries at a time (docs/server.md, "Limits").
 */
export type BulkheadOptions = {
  /** Calls running at once. */
  inFlight: number;
  /** Calls waiting for a turn; one more is refused with `BulkheadFullError`. */
  queued: number;
  /** Longest a call waits for its turn (ms); past it, it is refused with `BulkheadFullError`. */
  waitMs: number;
};

/** The call was not run: the queue was full, or it waited `waitMs` without a turn. Answered 4800 busy. */
export class BulkheadFullError extends Error {
  constructor(reason: "queue full" | "waited too long") {
    super(`bulkhead: ${reason}`);
    this.name = "BulkheadFullError";
  }
}

export class Bulkhead {
  readonly options: BulkheadOptions;
  #running = 0;
  /** Starters of the waiting calls, oldest first. */
  readonly #waiting: (() => void)[] = [];

  constructor(options: BulkheadOptions) {
    this.options = options;
  }

  /** Runs `call` once it has a turn; its result or error is passed on. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    await this.#turn();
    try {
      return await call();
    } finally {
      // The turn goes to the oldest waiting call, or back to the pool of free turns.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
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
