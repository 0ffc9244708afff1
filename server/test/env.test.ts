import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PGLITE_DIR, describeDatabase, EnvError, loadEnv, REPO_ROOT } from "../src/env.ts";

function problemsOf(source: Record<string, string>): readonly string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error("expected loadEnv to throw");
}

describe("loadEnv", () => {
  it("has the documented defaults", () => {
    expect(loadEnv({})).toEqual({
      apiPort: 8787,
      apiHost: "127.0.0.1",
      database: { kind: "pglite", dataDir: DEFAULT_PGLITE_DIR },
      rpcUrl: "http://127.0.0.1:8545",
      logLevel: "info",
      siweDomains: ["127.0.0.1:5173"],
      chainId: 31337,
      treasuryAddress: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      usdtAddress: null,
      confirmations: 1,
      sessionTtlSeconds: 86_400,
      rateLimitPerMinute: 120,
      operatorAddresses: [],
      arbAddress: null,
      sessionCacheMs: 5000,
      homeCacheMs: 1000,
      myCacheMs: 1000,
      statementTimeoutMs: 3000,
      trustProxy: [],
      teamCallsInFlight: 1,
      teamCallsQueued: 50,
    });
  });

  it("keeps PGlite data under <repo root>/.data/pglite", () => {
    expect(DEFAULT_PGLITE_DIR).toBe(path.join(REPO_ROOT, ".data", "pglite"));
    expect(path.join(REPO_ROOT, "server", "src", "env.ts")).toBe(
      path.resolve(import.meta.dirname, "..", "src", "env.ts"),
    );
  });

  it("reads every variable", () => {
    expect(
      loadEnv({
        API_PORT: "9000",
        API_HOST: "0.0.0.0",
        DATABASE_URL: "postgres://u:p@db.internal:5433/taichi",
        RPC_URL: "https://bsc-dataseed.binance.org",
        LOG_LEVEL: "WARN",
        SIWE_DOMAIN: "taichi.example, www.taichi.example:443",
        CHAIN_ID: "56",
        TREASURY_ADDRESS: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
        USDT_ADDRESS: "0x55d398326f99059ff775485246999027b3197955",
        CONFIRMATIONS: "12",
        SESSION_TTL_SECONDS: "3600",
        RATE_LIMIT_PER_MINUTE: "0",
        OPERATOR_ADDRESSES:
          "0x70997970C51812dc3A010C7d01b50e0d17dc79C8, 0x70997970c51812dc3a010c7d01b50e0d17dc79c8,0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
        ARB_ADDRESS: "0x55d398326f99059ff775485246999027b3197955",
        SESSION_CACHE_MS: "0",
        HOME_CACHE_MS: "250",
        MY_CACHE_MS: "0",
        STATEMENT_TIMEOUT_MS: "1500",
        TRUST_PROXY: "10.0.0.0/8, 192.0.2.7,2001:db8::/32",
        TEAM_CALLS_IN_FLIGHT: "2",
        TEAM_CALLS_QUEUED: "0",
      }),
    ).toEqual({
      apiPort: 9000,
      apiHost: "0.0.0.0",
      database: { kind: "postgres", url: "postgres://u:p@db.internal:5433/taichi" },
      rpcUrl: "https://bsc-dataseed.binance.org",
      logLevel: "warn",
      siweDomains: ["taichi.example", "www.taichi.example:443"],
      chainId: 56,
      treasuryAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      usdtAddress: "0x55d398326f99059fF775485246999027B3197955",
      confirmations: 12,
      sessionTtlSeconds: 3600,
      rateLimitPerMinute: 0,
      operatorAddresses: [
        "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
        "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
      ],
      arbAddress: "0x55d398326f99059fF775485246999027B3197955",
      sessionCacheMs: 0,
      homeCacheMs: 250,
      myCacheMs: 0,
      statementTimeoutMs: 1500,
      trustProxy: ["10.0.0.0/8", "192.0.2.7", "2001:db8::/32"],
      teamCallsInFlight: 2,
      teamCallsQueued: 0,
    });
  });

  it("defaults to 3 confirmations off the local chain and requires a treasury there", () => {
    expect(problemsOf({ CHAIN_ID: "97" })).toEqual([
      "TREASURY_ADDRESS is required when CHAIN_ID is not 31337",
    ]);
    expect(
      loadEnv({ CHAIN_ID: "97", TREASURY_ADDRESS: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8" })
        .confirmations,
    ).toBe(3);
  });

  it("rejects bad chain settings, each named", () => {
    const problems = problemsOf({
      SIWE_DOMAIN: "https://x.example/path",
      CHAIN_ID: "0",
      TREASURY_ADDRESS: "0x123",
      USDT_ADDRESS: "usdt",
      CONFIRMATIONS: "-1",
      SESSION_TTL_SECONDS: "5",
      RATE_LIMIT_PER_MINUTE: "lots",
    });
    for (const name of [
      "SIWE_DOMAIN",
      "CHAIN_ID",
      "TREASURY_ADDRESS",
      "USDT_ADDRESS",
      "CONFIRMATIONS",
      "SESSION_TTL_SECONDS",
      "RATE_LIMIT_PER_MINUTE",
    ]) {
      expect(
        problems.some((problem) => problem.startsWith(name)),
        name,
      ).toBe(true);
    }
  });

  it("reads TRUST_PROXY as proxies' addresses and ranges, and names a bad entry", () => {
    expect(loadEnv({ TRUST_PROXY: "::1, 127.0.0.1" }).trustProxy).toEqual(["::1", "127.0.0.1"]);
    // A count of hops cannot tell a proxy from a client that sends the header itself.
    for (const bad of ["1", "10.0.0.0/33", "lb.internal", "10.0.0.1/8/1", "::1/129"]) {
      expect(problemsOf({ TRUST_PROXY: bad }), bad).toEqual([expect.stringMatching(/^TRUST_PROXY must be/)]);
    }
  });

  it("treats blank values as unset", () => {
    expect(loadEnv({ API_PORT: "", DATABASE_URL: "  ", LOG_LEVEL: "" })).toEqual(loadEnv({}));
  });

  it.each([
    ["memory://", { kind: "pglite", dataDir: "memory://" }],
    ["postgresql://localhost/taichi", { kind: "postgres", url: "postgresql://localhost/taichi" }],
    ["file:///var/lib/taichi/pglite", { kind: "pglite", dataDir: "/var/lib/taichi/pglite" }],
  ])("DATABASE_URL %s", (value, database) => {
    expect(loadEnv({ DATABASE_URL: value }).database).toEqual(database);
  });

  it.each([["abc"], ["-1"], ["65536"], ["80.5"], ["1e3"]])("rejects API_PORT=%s", (value) => {
    expect(problemsOf({ API_PORT: value })).toEqual([expect.stringContaining("API_PORT")]);
  });

  it("lists every problem at once, without echoing credentials", () => {
    const problems = problemsOf({
      API_PORT: "http",
      DATABASE_URL: "mysql://root:hunter2@db/taichi",
      RPC_URL: "ftp://key-s3cret@node",
      LOG_LEVEL: "verbose",
      CHAIN_ID: "97",
    });
    expect(problems).toHaveLength(5);
    expect(problems.join("\n")).toMatch(
      /API_PORT[\s\S]*DATABASE_URL[\s\S]*RPC_URL[\s\S]*LOG_LEVEL[\s\S]*TREASURY_ADDRESS is required/,
    );
    expect(problems.join("\n")).not.toMatch(/hunter2|s3cret/);
  });

  it("rejects a postgres URL without a host and a non-URL RPC_URL", () => {
    expect(problemsOf({ DATABASE_URL: "postgres://" })).toEqual([expect.stringContaining("DATABASE_URL")]);
    expect(problemsOf({ RPC_URL: "127.0.0.1:8545" })).toEqual([expect.stringContaining("RPC_URL")]);
    expect(problemsOf({ OPERATOR_ADDRESSES: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8,bob" })).toEqual([
      expect.stringContaining("OPERATOR_ADDRESSES"),
    ]);
    expect(problemsOf({ STATEMENT_TIMEOUT_MS: "99" })).toEqual([
      'STATEMENT_TIMEOUT_MS must be an integer from 100 to 600000 (got "99")',
    ]);
    expect(problemsOf({ HOME_CACHE_MS: "-1", SESSION_CACHE_MS: "60001", MY_CACHE_MS: "x" })).toEqual([
      expect.stringContaining("SESSION_CACHE_MS"),
      expect.stringContaining("HOME_CACHE_MS"),
      expect.stringContaining("MY_CACHE_MS"),
    ]);
    expect(problemsOf({ TEAM_CALLS_IN_FLIGHT: "0", TEAM_CALLS_QUEUED: "10001" })).toEqual([
      'TEAM_CALLS_IN_FLIGHT must be an integer from 1 to 100 (got "0")',
      'TEAM_CALLS_QUEUED must be an integer from 0 to 10000 (got "10001")',
    ]);
  });
});

describe("describeDatabase", () => {
  it("never shows the password", () => {
    const text = describeDatabase({
      kind: "postgres",
      url: "postgres://taichi:hunter2@db.internal:5433/app",
    });
    expect(text).toBe("PostgreSQL at db.internal:5433/app");
  });
});
