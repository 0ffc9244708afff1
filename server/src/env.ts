/**
 * Environment, validated once at boot by a zod schema of the variables. `loadEnv` collects every
 * problem and throws one `EnvError` that lists them all, so a bad deployment fails fast with a
 * readable message. Values that may carry credentials (DATABASE_URL, RPC_URL) are never echoed back.
 */
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getAddress, isAddress, type Address } from "viem";
import { z } from "zod";

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
  /** The USDT contract; `null`: `contracts.Usdt` of `deployments/<chainId>.json`, read at boot. */
  usdtAddress: Address | null;
  /** Blocks a payment needs, its own included. */
  confirmations: number;
  /** Lifetime of a login token. */
  sessionTtlSeconds: number;
  /** Requests per minute per IP and per token; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Addresses (lower-case) allowed to operate withdrawals once signed in. */
  operatorAddresses: Address[];
  /** The ARB payout token; `null`: `contracts.MiningToken` of `deployments/<chainId>.json`, read at boot. */
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
  /** Team calls (`teamInfo`, `recommendList`) one process runs at once; the others wait their turn. */
  teamCallsInFlight: number;
  /** Team calls that may wait for a turn in one process; more are answered 4800 busy. */
  teamCallsQueued: number;
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
  TEAM_CALLS_IN_FLIGHT: 1,
  TEAM_CALLS_QUEUED: 50,
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

export const LOCAL_CHAIN_ID = 31337;

/** The rejected value, quoted: only for variables that cannot carry credentials. */
const got = (issue: { input?: unknown }) => `(got ${JSON.stringify(issue.input)})`;

function schemeOf(raw: string): string {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(raw);
  return match?.[1] ? `${match[1].toLowerCase()}:` : "none";
}

const parseUrl = (raw: string): URL | undefined => (URL.canParse(raw) ? new URL(raw) : undefined);

/** An unset or blank variable counts as unset (common with `.env` files); a set one is trimmed. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
    schema.optional(),
  );

const integer = (min: number, max: number) =>
  z
    .string()
    .refine((raw) => /^\d{1,15}$/.test(raw) && Number(raw) >= min && Number(raw) <= max, {
      error: (issue) => `must be an integer from ${min} to ${max} ${got(issue)}`,
    })
    .transform(Number);

const address = z
  .string()
  .refine((raw) => isAddress(raw, { strict: false }), {
    error: (issue) => `must be a 0x address of 40 hex digits ${got(issue)}`,
  })
  .transform((raw) => getAddress(raw));

/** An IP address or a CIDR range (a count of hops cannot tell a proxy from a client sending the header). */
function isAddressOrRange(entry: string): boolean {
  const [ip = "", bits, ...rest] = entry.split("/");
  const version = isIP(ip);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

const database = z.string().transform((raw, ctx): DatabaseConfig => {
  if (raw === PGLITE_MEMORY) return { kind: "pglite", dataDir: PGLITE_MEMORY };
  const url = parseUrl(raw);
  const scheme = schemeOf(raw);
  if (url && (scheme === "postgres:" || scheme === "postgresql:") && url.hostname !== "")
    return { kind: "postgres", url: raw };
  if (url && scheme === "file:") return { kind: "pglite", dataDir: fileURLToPath(url) };
  ctx.issues.push({
    code: "custom",
    input: scheme,
    message:
      `must be unset (PGlite under .data/pglite), memory://, file:///<folder> or a ` +
      `postgres://user:password@host:port/db URL (got a value with scheme ${scheme})`,
  });
  return z.NEVER;
});

/** Every variable, in the order problems are listed. */
const schema = z
  .object({
    API_PORT: optional(integer(0, 65535)).default(ENV_DEFAULTS.API_PORT),
    API_HOST: optional(
      z.string().refine((raw) => !/\s/.test(raw), {
        error: (issue) => `must be a host name or IP address ${got(issue)}`,
      }),
    ).default(ENV_DEFAULTS.API_HOST),
    DATABASE_URL: optional(database).default({ kind: "pglite", dataDir: DEFAULT_PGLITE_DIR }),
    RPC_URL: optional(
      z.string().refine((raw) => ["http:", "https:", "ws:", "wss:"].includes(parseUrl(raw)?.protocol ?? ""), {
        error: (issue) =>
          `must be an http(s):// or ws(s):// URL (got a value with scheme ${schemeOf(String(issue.input))})`,
      }),
    ).default(ENV_DEFAULTS.RPC_URL),
    LOG_LEVEL: optional(
      z
        .string()
        .refine((raw) => (LOG_LEVELS as readonly string[]).includes(raw.toLowerCase()), {
          error: (issue) => `must be one of ${LOG_LEVELS.join(", ")} ${got(issue)}`,
        })
        .transform((raw) => raw.toLowerCase() as LogLevel),
    ).default(ENV_DEFAULTS.LOG_LEVEL),
    TRUST_PROXY: optional(
      z
        .string()
        .transform((raw) => raw.split(",").map((part) => part.trim()))
        .refine((entries) => entries.every(isAddressOrRange), {
          error: (issue) =>
            `must be IP addresses or CIDR ranges separated by commas (bad: ${JSON.stringify(
              (issue.input as string[]).filter((entry) => !isAddressOrRange(entry)),
            )})`,
        }),
    ).default([]),
    CHAIN_ID: optional(integer(1, 2 ** 53 - 1)).default(ENV_DEFAULTS.CHAIN_ID),
    TREASURY_ADDRESS: optional(address),
    SIWE_DOMAIN: optional(
      z
        .string()
        .refine((raw) => raw.split(",").every((part) => /^[a-z0-9.-]+(:\d{1,5})?$/i.test(part.trim())), {
          error: (issue) => `must be host[:port] values separated by commas ${got(issue)}`,
        })
        .transform((raw) => raw.split(",").map((part) => part.trim())),
    ).default([ENV_DEFAULTS.SIWE_DOMAIN]),
    USDT_ADDRESS: optional(address),
    CONFIRMATIONS: optional(integer(1, 1000)),
    SESSION_TTL_SECONDS: optional(integer(60, 30 * 86_400)).default(ENV_DEFAULTS.SESSION_TTL_SECONDS),
    RATE_LIMIT_PER_MINUTE: optional(integer(0, 1_000_000)).default(ENV_DEFAULTS.RATE_LIMIT_PER_MINUTE),
    OPERATOR_ADDRESSES: optional(
      z
        .string()
        .transform((raw) => raw.split(",").map((part) => part.trim()))
        .refine((addresses) => addresses.every((item) => isAddress(item, { strict: false })), {
          error: (issue) =>
            `must be 0x addresses separated by commas (bad: ${JSON.stringify(
              (issue.input as string[]).filter((item) => !isAddress(item, { strict: false })),
            )})`,
        })
        .transform((addresses) => [...new Set(addresses.map((item) => item.toLowerCase() as Address))]),
    ).default([]),
    ARB_ADDRESS: optional(address),
    SESSION_CACHE_MS: optional(integer(0, 60_000)).default(ENV_DEFAULTS.SESSION_CACHE_MS),
    HOME_CACHE_MS: optional(integer(0, 60_000)).default(ENV_DEFAULTS.HOME_CACHE_MS),
    MY_CACHE_MS: optional(integer(0, 60_000)).default(ENV_DEFAULTS.MY_CACHE_MS),
    STATEMENT_TIMEOUT_MS: optional(integer(100, 600_000)).default(ENV_DEFAULTS.STATEMENT_TIMEOUT_MS),
    TEAM_CALLS_IN_FLIGHT: optional(integer(1, 100)).default(ENV_DEFAULTS.TEAM_CALLS_IN_FLIGHT),
    TEAM_CALLS_QUEUED: optional(integer(0, 10_000)).default(ENV_DEFAULTS.TEAM_CALLS_QUEUED),
  })
  .refine(
    // The local chain's default treasury is only for the local chain (a bad CHAIN_ID is reported already).
    ({ CHAIN_ID, TREASURY_ADDRESS }) =>
      typeof CHAIN_ID !== "number" || CHAIN_ID === LOCAL_CHAIN_ID || TREASURY_ADDRESS !== undefined,
    {
      path: ["TREASURY_ADDRESS"],
      message: `is required when CHAIN_ID is not ${LOCAL_CHAIN_ID}`,
      // also when other variables are bad: every problem is listed at once
      when: () => true,
    },
  );

export function loadEnv(source: Source = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success)
    throw new EnvError(result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`));
  const vars = result.data;
  const local = vars.CHAIN_ID === LOCAL_CHAIN_ID;
  return {
    apiPort: vars.API_PORT,
    apiHost: vars.API_HOST,
    database: vars.DATABASE_URL,
    rpcUrl: vars.RPC_URL,
    logLevel: vars.LOG_LEVEL,
    siweDomains: vars.SIWE_DOMAIN,
    chainId: vars.CHAIN_ID,
    treasuryAddress: vars.TREASURY_ADDRESS ?? getAddress(ENV_DEFAULTS.TREASURY_ADDRESS),
    usdtAddress: vars.USDT_ADDRESS ?? null,
    confirmations:
      vars.CONFIRMATIONS ?? (local ? ENV_DEFAULTS.CONFIRMATIONS_LOCAL : ENV_DEFAULTS.CONFIRMATIONS_REMOTE),
    sessionTtlSeconds: vars.SESSION_TTL_SECONDS,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    operatorAddresses: vars.OPERATOR_ADDRESSES,
    arbAddress: vars.ARB_ADDRESS ?? null,
    sessionCacheMs: vars.SESSION_CACHE_MS,
    homeCacheMs: vars.HOME_CACHE_MS,
    myCacheMs: vars.MY_CACHE_MS,
    statementTimeoutMs: vars.STATEMENT_TIMEOUT_MS,
    trustProxy: vars.TRUST_PROXY,
    teamCallsInFlight: vars.TEAM_CALLS_IN_FLIGHT,
    teamCallsQueued: vars.TEAM_CALLS_QUEUED,
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
