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

/** anvil account 0; the treasury by default on the local chain only. */
const LOCAL_TREASURY = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** Blocks a payment needs by default: the local chain mines on demand, a public one may reorganise. */
const CONFIRMATIONS = { local: 1, remote: 3 } as const;

/** The rejected value, quoted: only for variables that cannot carry credentials. */
const got = (issue: { input?: unknown }) => `(got ${JSON.stringify(issue.input)})`;

function schemeOf(raw: string): string {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(raw);
  return match?.[1] ? `${match[1].toLowerCase()}:` : "none";
}

const parseUrl = (raw: string): URL | undefined => (URL.canParse(raw) ? new URL(raw) : undefined);

/**
 * One variable: its name in the environment, how its text reads, and its value when unset. An unset or
 * blank variable counts as unset (common with `.env` files); a set one is trimmed.
 */
function variable<Out, Default>(name: string, read: z.ZodType<Out, string>, fallback: Default) {
  const schema = z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
    read.optional(),
  );
  return {
    name,
    schema: schema.transform((value): Out | Default => (value === undefined ? fallback : value)),
  };
}

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

const rpcUrl = z
  .string()
  .refine((raw) => ["http:", "https:", "ws:", "wss:"].includes(parseUrl(raw)?.protocol ?? ""), {
    error: (issue) =>
      `must be an http(s):// or ws(s):// URL (got a value with scheme ${schemeOf(String(issue.input))})`,
  });

const logLevel = z
  .string()
  .refine((raw) => (LOG_LEVELS as readonly string[]).includes(raw.toLowerCase()), {
    error: (issue) => `must be one of ${LOG_LEVELS.join(", ")} ${got(issue)}`,
  })
  .transform((raw) => raw.toLowerCase() as LogLevel);

const trustProxy = z
  .string()
  .transform((raw): TrustProxy => raw.split(",").map((part) => part.trim()))
  .refine((entries) => entries.every(isAddressOrRange), {
    error: (issue) =>
      `must be IP addresses or CIDR ranges separated by commas (bad: ${JSON.stringify(
        (issue.input as string[]).filter((entry) => !isAddressOrRange(entry)),
      )})`,
  });

const siweDomains = z
  .string()
  .refine((raw) => raw.split(",").every((part) => /^[a-z0-9.-]+(:\d{1,5})?$/i.test(part.trim())), {
    error: (issue) => `must be host[:port] values separated by commas ${got(issue)}`,
  })
  .transform((raw) => raw.split(",").map((part) => part.trim()));

const operatorAddresses = z
  .string()
  .transform((raw) => raw.split(",").map((part) => part.trim()))
  .refine((addresses) => addresses.every((item) => isAddress(item, { strict: false })), {
    error: (issue) =>
      `must be 0x addresses separated by commas (bad: ${JSON.stringify(
        (issue.input as string[]).filter((item) => !isAddress(item, { strict: false })),
      )})`,
  })
  .transform((addresses) => [...new Set(addresses.map((item) => item.toLowerCase() as Address))]);

/**
 * Every variable: the `Env` field it fills, its name, how it reads and its default (docs/server.md and
 * .env.example list them), in the order problems are listed.
 */
const VARIABLES = {
  apiPort: variable("API_PORT", integer(0, 65535), 8787),
  apiHost: variable(
    "API_HOST",
    z.string().refine((raw) => !/\s/.test(raw), {
      error: (issue) => `must be a host name or IP address ${got(issue)}`,
    }),
    "127.0.0.1",
  ),
  database: variable("DATABASE_URL", database, {
    kind: "pglite",
    dataDir: DEFAULT_PGLITE_DIR,
  } satisfies DatabaseConfig),
  rpcUrl: variable("RPC_URL", rpcUrl, "http://127.0.0.1:8545"),
  logLevel: variable("LOG_LEVEL", logLevel, "info"),
  /** Proxies (load balancers) whose `X-Forwarded-For` names the client. */
  trustProxy: variable("TRUST_PROXY", trustProxy, []),
  chainId: variable("CHAIN_ID", integer(1, 2 ** 53 - 1), LOCAL_CHAIN_ID),
  /** Where payments (machines, nodes, withdrawal fees) go; `null`: anvil account 0, local chain only. */
  treasuryAddress: variable("TREASURY_ADDRESS", address, null),
  /** EIP-4361 `domain` values accepted at sign-in (host[:port] of the app). */
  siweDomains: variable("SIWE_DOMAIN", siweDomains, ["127.0.0.1:5173"]),
  /** The USDT contract; `null`: `contracts.Usdt` of `deployments/<chainId>.json`, read at boot (`paymentTokens`). */
  usdtAddress: variable("USDT_ADDRESS", address, null),
  /** Blocks a payment needs, its own included; `null`: by chain (`CONFIRMATIONS`). */
  confirmations: variable("CONFIRMATIONS", integer(1, 1000), null),
  /** Lifetime of a login token. */
  sessionTtlSeconds: variable("SESSION_TTL_SECONDS", integer(60, 30 * 86_400), 86_400),
  /** Requests per minute per IP and per token; 0 turns the limit off. */
  rateLimitPerMinute: variable("RATE_LIMIT_PER_MINUTE", integer(0, 1_000_000), 120),
  /** Addresses (lower-case) allowed to operate withdrawals once signed in. */
  operatorAddresses: variable("OPERATOR_ADDRESSES", operatorAddresses, []),
  /** The ARB payout token; `null`: `contracts.MiningToken` of the deployment file, read at boot. */
  arbAddress: variable("ARB_ADDRESS", address, null),
  /** How long a verified login token is kept in memory (ms). */
  sessionCacheMs: variable("SESSION_CACHE_MS", integer(0, 60_000), 5_000),
  /** How long one `home` answer serves every visitor (ms). */
  homeCacheMs: variable("HOME_CACHE_MS", integer(0, 60_000), 1_000),
  /** How long a member's `my` answer is reused (ms); writes in this process drop it at once. */
  myCacheMs: variable("MY_CACHE_MS", integer(0, 60_000), 1_000),
  /** Longest a statement may run, and a request wait for a database connection (ms; PostgreSQL). */
  statementTimeoutMs: variable("STATEMENT_TIMEOUT_MS", integer(100, 600_000), 3_000),
  /** Team calls (`teamInfo`, `recommendList`) one process runs at once; the others wait their turn. */
  teamCallsInFlight: variable("TEAM_CALLS_IN_FLIGHT", integer(1, 100), 1),
  /** Team calls that may wait for a turn in one process; more are answered 4800 busy. */
  teamCallsQueued: variable("TEAM_CALLS_QUEUED", integer(0, 10_000), 50),
};

type Field = keyof typeof VARIABLES;

const FIELDS = Object.keys(VARIABLES) as Field[];

const schema = z
  .object(
    Object.fromEntries(FIELDS.map((field) => [field, VARIABLES[field].schema])) as {
      [F in Field]: (typeof VARIABLES)[F]["schema"];
    },
  )
  .refine(
    // The local chain's default treasury is only for the local chain (a bad CHAIN_ID is reported already).
    ({ chainId, treasuryAddress }) =>
      typeof chainId !== "number" || chainId === LOCAL_CHAIN_ID || treasuryAddress !== null,
    {
      path: ["treasuryAddress"],
      message: `is required when CHAIN_ID is not ${LOCAL_CHAIN_ID}`,
      // also when other variables are bad: every problem is listed at once
      when: () => true,
    },
  )
  .transform(({ treasuryAddress, confirmations, ...vars }) => {
    const local = vars.chainId === LOCAL_CHAIN_ID;
    return {
      ...vars,
      treasuryAddress: treasuryAddress ?? getAddress(LOCAL_TREASURY),
      confirmations: confirmations ?? (local ? CONFIRMATIONS.local : CONFIRMATIONS.remote),
    };
  });

/** The server's settings, as `loadEnv` reads them from the variables above. */
export type Env = z.output<typeof schema>;

export function loadEnv(source: Source = process.env): Env {
  const byField = Object.fromEntries(FIELDS.map((field) => [field, source[VARIABLES[field].name]]));
  const result = schema.safeParse(byField);
  if (!result.success)
    throw new EnvError(
      result.error.issues.map((issue) => `${VARIABLES[issue.path[0] as Field].name} ${issue.message}`),
    );
  return result.data;
}

/** Every setting with no variable set: the documented defaults (on the local chain). */
export const ENV_DEFAULTS: Env = loadEnv({});

/** A log-safe description of the database (no password). */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === "pglite") {
    return config.dataDir === PGLITE_MEMORY ? "PGlite (in memory)" : `PGlite at ${config.dataDir}`;
  }
  const url = new URL(config.url);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
}
