/** Entry point: environment, database + migrations, then listen. Ctrl-C / SIGTERM close cleanly. */
import { buildApp, DEFAULT_BULKHEAD, DEFAULT_REGISTRATION_BULKHEAD } from "./app.ts";
import { createDb, migrate, type Db } from "./db/index.ts";
import { describeDatabase, EnvError, loadEnv } from "./env.ts";
import { startPaymentAuditJob } from "./jobs/paymentAudit.ts";
import { startSettlementJob } from "./jobs/settlement.ts";
import { DEFAULT_AUTH } from "./lib/auth.ts";
import { batchedLogStream } from "./lib/logStream.ts";
import { createChainVerifier, createPayoutVerifier, createRpcClient, paymentTokens } from "./lib/payments.ts";

async function main(): Promise<void> {
  const env = loadEnv();
  const tokens = paymentTokens(env.chainId, { usdt: env.usdtAddress, arb: env.arbAddress });
  const paymentTarget = { treasury: env.treasuryAddress, token: tokens.usdt };
  const client = createRpcClient(env.rpcUrl, env.chainId);
  const app = buildApp({
    db: await openDb(env.database, env.statementTimeoutMs),
    logger: { level: env.logLevel, stream: batchedLogStream() },
    auth: {
      ...DEFAULT_AUTH,
      domains: env.siweDomains,
      chainId: env.chainId,
      sessionTtlSeconds: env.sessionTtlSeconds,
    },
    sessionCacheMs: env.sessionCacheMs,
    homeCacheMs: env.homeCacheMs,
    myCacheMs: env.myCacheMs,
    paymentTarget,
    verifyPayment: createChainVerifier({ client, target: paymentTarget, confirmations: env.confirmations }),
    verifyPayout: createPayoutVerifier({
      client,
      treasury: env.treasuryAddress,
      tokens,
      confirmations: env.confirmations,
    }),
    operators: env.operatorAddresses,
    trustProxy: env.trustProxy,
    bulkhead: {
      ...DEFAULT_BULKHEAD,
      inFlight: env.teamCallsInFlight,
      queued: env.teamCallsQueued,
      waitMs: env.statementTimeoutMs,
    },
    registrationBulkhead: { ...DEFAULT_REGISTRATION_BULKHEAD, waitMs: env.statementTimeoutMs },
    rateLimit:
      env.rateLimitPerMinute > 0
        ? { perIp: env.rateLimitPerMinute, perToken: env.rateLimitPerMinute, windowMs: 60_000 }
        : false,
  });
  const db = app.db;
  app.log.info(`database: ${describeDatabase(env.database)}`);

  let stopSettlement = () => {};
  let stopPaymentAudit = () => {};
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    stopSettlement();
    stopPaymentAudit();
    app
      .close()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, "error while closing");
          process.exit(1);
        },
      );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);

  try {
    const { applied } = await migrate(db);
    app.log.info(
      applied.length > 0 ? `migrations applied: ${applied.join(", ")}` : "database schema up to date",
    );
    await app.listen({ port: env.apiPort, host: env.apiHost });
    // Settled days add ledger rows for many members: drop every cached `my` answer.
    stopSettlement = startSettlementJob(db, app.log, { onSettled: () => app.memberCache.clear() });
    // A reorganisation deeper than CONFIRMATIONS after a payment was booked: logged for operators.
    stopPaymentAudit = startPaymentAuditJob(
      db,
      app.verifyPayment,
      app.log,
      undefined,
      app.metrics.paymentAudit,
    );
  } catch (error) {
    // Boot failed (migration, port in use, ...): release the database before exiting.
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}

async function openDb(config: Parameters<typeof createDb>[0], statementTimeoutMs: number): Promise<Db> {
  try {
    return await createDb(config, { statementTimeoutMs });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot open the database (${describeDatabase(config)}): ${reason}`, { cause: error });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
