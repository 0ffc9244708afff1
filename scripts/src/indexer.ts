/** The indexer (indexer/, Ponder) as a process of the local stack, of its own tests and of the bench. */
import { join } from "node:path";
import { LOCAL_CHAIN_ID, REPO_ROOT } from "./env.ts";
import { startService, type Service } from "./processes.ts";

export type IndexerOptions = {
  port: number;
  rpcUrl: string;
  /** the folder holding `<chainId>.json` with the addresses and deploy blocks */
  deploymentsDir: string;
  /** PGlite's folder; unused with DATABASE_URL */
  dataDir: string;
  /**
   * "start" (default): resumes where a previous run of the same build stopped. "dev" (`npm run dev`):
   * drops what a previous dev run indexed, as the local chain starts anew, and reloads on code changes.
   */
  mode?: "start" | "dev";
  chainId?: number;
  quiet?: boolean;
  env?: NodeJS.ProcessEnv;
};

/** The database schema the indexer writes (and `ponder serve` readers read): its own, beside the API's. */
export const INDEXER_SCHEMA = process.env.DATABASE_SCHEMA || "indexer";

export function startIndexer(options: IndexerOptions): Service {
  const command = options.mode === "dev" ? ["dev", "--disable-ui"] : ["start"];
  const port = String(options.port);
  return startService(
    "indexer",
    "ponder",
    [...command, "--schema", INDEXER_SCHEMA, "--port", port, "--hostname", "127.0.0.1"],
    {
      cwd: join(REPO_ROOT, "indexer"),
      quiet: options.quiet,
      env: {
        PORT: port,
        CHAIN_ID: String(options.chainId ?? LOCAL_CHAIN_ID),
        RPC_URL: options.rpcUrl,
        DEPLOYMENTS_DIR: options.deploymentsDir,
        INDEXER_DATA_DIR: options.dataDir,
        ...options.env,
      },
    },
  );
}

/** The block the indexer at `url` has indexed up to (its `/status`), undefined while it is starting. */
export async function indexedBlock(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(`${url}/status`);
    if (!response.ok) return undefined;
    const status = (await response.json()) as Record<string, { block?: { number?: number } }>;
    return Object.values(status)[0]?.block?.number;
  } catch {
    return undefined; // not listening yet
  }
}

/** Polls `/status` until the indexer has indexed `block`; fails early if it exits, or after the timeout. */
export async function waitForIndexed(
  service: Service,
  url: string,
  block: number | bigint,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void service.exited.then(() => (exited = true));
  for (;;) {
    const indexed = await indexedBlock(url);
    if (indexed !== undefined && indexed >= Number(block)) return;
    if (exited) throw new Error(`the indexer exited before indexing block ${block}`);
    if (Date.now() > deadline) {
      throw new Error(`the indexer reached block ${indexed ?? "none"}, not ${block}, within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
