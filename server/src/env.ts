/**
 * Environment, validated once at boot. `loadEnv` collects every problem and throws one
 * `EnvError` that lists them all, so a bad deployment fails fast with a readable message.
 * Values that may carry credentials (DATABASE_URL, RPC_URL) are never echoed back.
 */
import { isIP } from "node:net";
import path from "node:path";
import { getAddress, isAddress, type Address } from "viem";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const DEFAULT_PGLITE_DIR = path.join(REPO_ROOT, ".data", "pglite");
export const PGLITE_MEMORY = "memory://";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where the data lives: PGlite in-process (a folder, or `memory://`) or a PostgreSQL server. */
export type DatabaseConfig = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

/**
 * The proxies (load balancers) whose `X-Forwarded-For` names the client, by address or CIDR range. Empty:
 * nobody's; the API faces clients directly.
 */
export type TrustProxy = readonly string[];

export type Env = {
  apiPort: number;
  apiHost: string;
  database: DatabaseConfig;
  rpcUrl: string;
  logLevel: LogLevel;
  /** EIP-4361 `domain` values accepted at sign-in (host[:port] of the app). */
  siweDomains: string[];
  chainId: number;
  /** Where payments (machines, nodes, withdrawal fees) must go. */
  treasuryAddress: Address;
  /** The USDT contract; `null`: read `deployments/<chainId>.json` (`contracts.Usdt`) when needed. */
  usdtAddress: Address | null;
  /** Blocks a payment needs, its own included. */
  confirmations: number;
  /** Lifetime of a login token. */
  sessionTtlSeconds: number;
  /** Requests per minute per IP and per token; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Addresses (lower-case) allowed to operate withdrawals once signed in. */
  operatorAddresses: Address[];
  /** The ARB payout token; `null`: `contracts.MiningToken` of `deployments/<chainId>.json`. */
  arbAddress: Address | null;
  /** How long a verified login token is kept in memory (ms). */
  sessionCacheMs: number;
  /** How long one `home` answer serves every visitor (ms). */
  homeCacheMs: number;
  /** How long a member's `my` answer is reused (ms); writes in this process drop it at once. */
  myCacheMs: number;
  /** Longest a statement may run, and a request wait for a database connection (ms; PostgreSQL). */
  statementTimeoutMs: number;
  /** Proxies (load balancers) whose `X-Forwarded-For` names the client. */
  trustProxy: TrustProxy;
};

export const ENV_DEFAULTS = {
  API_PORT: 8787,
  API_HOST: "127.0.0.1",
  RPC_URL: "http://127.0.0.1:8545",
  LOG_LEVEL: "info",
  SIWE_DOMAIN: "127.0.0.1:5173",
  CHAIN_ID: 31337,
  /** anvil account 0; only the default on the local chain. */
  TREASURY_ADDRESS: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  CONFIRMATIONS_LOCAL: 1,
  CONFIRMATIONS_REMOTE: 3,
  SESSION_TTL_SECONDS: 86_400,
  RATE_LIMIT_PER_MINUTE: 120,
  SESSION_CACHE_MS: 5_000,
  HOME_CACHE_MS: 1_000,
  MY_CACHE_MS: 1_000,
  STATEMENT_TIMEOUT_MS: 3_000,
} as const satisfies Record<string, string | number>;

export class EnvError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid environment:\n  - ${problems.join("\n  - ")}`);
    this.name = "EnvError";
    this.problems = problems;
  }
}

type Source = Readonly<Record<string, string | undefined>>;

/** An unset or blank variable counts as unset (common with `.env` files). */
function read(source: Source, name: string): string | undefined {
  const value = source[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined) return ENV_DEFAULTS.API_PORT;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) {
    problems.push(`API_PORT must be an integer from 0 to 65535 (got ${JSON.stringify(raw)})`);
    return ENV_DEFAULTS.API_PORT;
  }
  return port;
}

function parseHost(raw: string | undefined, problems: string[]): string {
  if (raw === undefined) return ENV_DEFAULTS.API_HOST;
  if (/\s/.test(raw)) {
    problems.push(`API_HOST must be a host name or IP address (got ${JSON.stringify(raw)})`);
  }
  return raw;
}

function schemeOf(raw: string): string {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(raw);
  return match?.[1] ? `${match[1].toLowerCase()}:` : "none";
}

function parseDatabase(raw: string | undefined, problems: string[]): DatabaseConfig {
  const fallback: DatabaseConfig = { kind: "pglite", dataDir: DEFAULT_PGLITE_DIR };
  if (raw === undefined) return fallback;
  if (raw === PGLITE_MEMORY) return { kind: "pglite", dataDir: PGLITE_MEMORY };
  const scheme = schemeOf(raw);
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url && (scheme === "postgres:" || scheme === "postgresql:") && url.hostname !== "") {
    return { kind: "postgres", url: raw };
  }
  if (url && scheme === "file:") return { kind: "pglite", dataDir: fileURLToPath(url) };
  problems.push(
    `DATABASE_URL must be unset (PGlite under .data/pglite), memory://, file:///<folder> or a ` +
      `postgres://user:password@host:port/db URL (got a value with scheme ${scheme})`,
  );
  return fallback;
}

function parseRpcUrl(raw: string | undefined, problems: string[]): string {
  if (raw === undefined) return ENV_DEFAULTS.RPC_URL;
  try {
    const url = new URL(raw);
    if (["http:", "https:", "ws:", "wss:"].includes(url.protocol)) return raw;
  } catch {
    // reported below
  }
  problems.push(`RPC_URL must be an http(s):// or ws(s):// URL (got a value with scheme ${schemeOf(raw)})`);
  return ENV_DEFAULTS.RPC_URL;
}

function parseLogLevel(raw: string | undefined, problems: string[]): LogLevel {
  if (raw === undefined) return ENV_DEFAULTS.LOG_LEVEL;
  const level = LOG_LEVELS.find((candidate) => candidate === raw.toLowerCase());
  if (level === undefined) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got ${JSON.stringify(raw)})`);
    return ENV_DEFAULTS.LOG_LEVEL;
  }
  return level;
}

export const LOCAL_CHAIN_ID = 31337;

function parseInteger(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  if (raw === undefined) return fallback;
  const value = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    problems.push(`${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`);
    return fallback;
  }
  return value;
}

function parseAddress(name: string, raw: string | undefined, problems: string[]): Address | null {
  if (raw === undefined) return null;
  if (!isAddress(raw, { strict: false })) {
    problems.push(`${name} must be a 0x address of 40 hex digits (got ${JSON.stringify(raw)})`);
    return null;
  }
  return getAddress(raw);
}

function parseDomains(raw: string | undefined, problems: string[]): string[] {
  if (raw === undefined) return [ENV_DEFAULTS.SIWE_DOMAIN];
  const domains = raw.split(",").map((part) => part.trim());
  if (domains.some((domain) => !/^[a-z0-9.-]+(:\d{1,5})?$/i.test(domain))) {
    problems.push(`SIWE_DOMAIN must be host[:port] values separated by commas (got ${JSON.stringify(raw)})`);
    return [ENV_DEFAULTS.SIWE_DOMAIN];
  }
  return domains;
}

function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined) return [];
  const entries = raw.split(",").map((part) => part.trim());
  const valid = (entry: string) => {
    const [ip = "", bits, ...rest] = entry.split("/");
    const version = isIP(ip);
    if (version === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
  };
  const bad = entries.filter((entry) => !valid(entry));
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be IP addresses or CIDR ranges separated by commas (bad: ${JSON.stringify(bad)})`,
    );
    return [];
  }
  return entries;
}

function parseOperators(raw: string | undefined, problems: string[]): Address[] {
  if (raw === undefined) return [];
  const addresses = raw.split(",").map((part) => part.trim());
  const bad = addresses.filter((address) => !isAddress(address, { strict: false }));
  if (bad.length > 0) {
    problems.push(
      `OPERATOR_ADDRESSES must be 0x addresses separated by commas (bad: ${JSON.stringify(bad)})`,
    );
    return [];
  }
  return [...new Set(addresses.map((address) => address.toLowerCase() as Address))];
}

export function loadEnv(source: Source = process.env): Env {
  const problems: string[] = [];
  const env: Env = {
    apiPort: parsePort(read(source, "API_PORT"), problems),
    apiHost: parseHost(read(source, "API_HOST"), problems),
    database: parseDatabase(read(source, "DATABASE_URL"), problems),
    rpcUrl: parseRpcUrl(read(source, "RPC_URL"), problems),
    logLevel: parseLogLevel(read(source, "LOG_LEVEL"), problems),
    trustProxy: parseTrustProxy(read(source, "TRUST_PROXY"), problems),
    ...chainSettings(source, problems),
  };
  if (problems.length > 0) throw new EnvError(problems);
  return env;
}

function chainSettings(source: Source, problems: string[]) {
  const chainId = parseInteger(
    "CHAIN_ID",
    read(source, "CHAIN_ID"),
    ENV_DEFAULTS.CHAIN_ID,
    1,
    2 ** 53 - 1,
    problems,
  );
  const local = chainId === LOCAL_CHAIN_ID;
  const treasury = parseAddress("TREASURY_ADDRESS", read(source, "TREASURY_ADDRESS"), problems);
  if (treasury === null && !local && read(source, "TREASURY_ADDRESS") === undefined) {
    problems.push(`TREASURY_ADDRESS is required when CHAIN_ID is not ${LOCAL_CHAIN_ID}`);
  }
  return {
    siweDomains: parseDomains(read(source, "SIWE_DOMAIN"), problems),
    chainId,
    treasuryAddress: treasury ?? getAddress(ENV_DEFAULTS.TREASURY_ADDRESS),
    usdtAddress: parseAddress("USDT_ADDRESS", read(source, "USDT_ADDRESS"), problems),
    confirmations: parseInteger(
      "CONFIRMATIONS",
      read(source, "CONFIRMATIONS"),
      local ? ENV_DEFAULTS.CONFIRMATIONS_LOCAL : ENV_DEFAULTS.CONFIRMATIONS_REMOTE,
      1,
      1000,
      problems,
    ),
    sessionTtlSeconds: parseInteger(
      "SESSION_TTL_SECONDS",
      read(source, "SESSION_TTL_SECONDS"),
      ENV_DEFAULTS.SESSION_TTL_SECONDS,
      60,
      30 * 86_400,
      problems,
    ),
    rateLimitPerMinute: parseInteger(
      "RATE_LIMIT_PER_MINUTE",
      read(source, "RATE_LIMIT_PER_MINUTE"),
      ENV_DEFAULTS.RATE_LIMIT_PER_MINUTE,
      0,
      1_000_000,
      problems,
    ),
    operatorAddresses: parseOperators(read(source, "OPERATOR_ADDRESSES"), problems),
    arbAddress: parseAddress("ARB_ADDRESS", read(source, "ARB_ADDRESS"), problems),
    sessionCacheMs: parseInteger(
      "SESSION_CACHE_MS",
      read(source, "SESSION_CACHE_MS"),
      ENV_DEFAULTS.SESSION_CACHE_MS,
      0,
      60_000,
      problems,
    ),
    homeCacheMs: parseInteger(
      "HOME_CACHE_MS",
      read(source, "HOME_CACHE_MS"),
      ENV_DEFAULTS.HOME_CACHE_MS,
      0,
      60_000,
      problems,
    ),
    myCacheMs: parseInteger(
      "MY_CACHE_MS",
      read(source, "MY_CACHE_MS"),
      ENV_DEFAULTS.MY_CACHE_MS,
      0,
      60_000,
      problems,
    ),
    statementTimeoutMs: parseInteger(
      "STATEMENT_TIMEOUT_MS",
      read(source, "STATEMENT_TIMEOUT_MS"),
      ENV_DEFAULTS.STATEMENT_TIMEOUT_MS,
      100,
      600_000,
      problems,
    ),
  };
}

/** A log-safe description of the database (no password). */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === "pglite") {
    return config.dataDir === PGLITE_MEMORY ? "PGlite (in memory)" : `PGlite at ${config.dataDir}`;
  }
  const url = new URL(config.url);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
}
