export type QueryResult<T> = { rows: T[] };

/** What a query needs: the database itself, or the connection inside a transaction. */
export type Queryable = {
  /** One statement, `$1`-style parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** One or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
};

export type Db = Queryable & {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/**
 * The database refused to wait longer: a statement ran past its timeout, or no connection was free in
 * time. Answered as a 4800 "busy, try again" (the request changed nothing: its transaction rolled back).
 */
export class DatabaseBusyError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`database busy: ${reason}`, options);
    this.name = "DatabaseBusyError";
  }
}
