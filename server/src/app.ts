/** Builds the API (plugins, then routes) without listening; tests drive it with `app.inject`. */
import formbody from "@fastify/formbody";
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import type { Address } from "viem";
import type { Db } from "./db/index.ts";
import { ENV_DEFAULTS, type TrustProxy } from "./env.ts";
import { DEFAULT_AUTH, dbSessionVerifier, type AuthSettings } from "./lib/auth.ts";
import { Bulkhead, type BulkheadName, type BulkheadOptions } from "./lib/bulkhead.ts";
import { MemberCache } from "./lib/memberCache.ts";
import type { PaymentTarget, VerifyPayment, VerifyPayout } from "./lib/payments.ts";
import { DEFAULT_RATE_LIMIT, installRateLimit, type RateLimitOptions } from "./plugins/rateLimit.ts";
import { handleFrameworkError, installErrorHandling } from "./plugins/errors.ts";
import { installMetrics } from "./plugins/metrics.ts";
import type { SessionVerifier } from "./plugins/session.ts";
import { healthRoutes } from "./routes/health.ts";
import { INVEST_PREFIX, investPlugin } from "./routes/invest/index.ts";
import type { MyData } from "./routes/invest/my.ts";

/** Largest accepted request body; larger ones are answered as code 4800. */
export const BODY_LIMIT = 64 * 1024;

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    auth: AuthSettings;
    verifyPayment: VerifyPayment;
    paymentTarget: PaymentTarget;
    /** How long `home` answers may be reused (ms); 0: never. */
    homeCacheMs: number;
    /**
     * Per-member `my` answers (kept `myCacheMs`). Every write that changes a member's profile,
     * power, node or balances calls `invalidate(address)` once committed (settlement: `clear()`).
     */
    memberCache: MemberCache<MyData>;
    verifyPayout: VerifyPayout;
    /** Lower-case addresses allowed on the `admin/*` routes. */
    operators: ReadonlySet<string>;
    /** What routes with `bulkhead: "team"` (the team calls) and `"registration"` run through. */
    bulkheads: Record<BulkheadName, Bulkhead>;
    /** Whether each code-0 `data` is checked against the API contract (`lib/contract.ts`). */
    checkAnswers: boolean;
  }
  interface FastifyContextConfig {
    /** The bulkhead the route runs through; the team calls yield to every request not of theirs. */
    bulkhead?: BulkheadName;
  }
}

export type BuildAppOptions = {
  db: Db;
  /** Fastify's pino options (`{ level }`, ...), `true` for defaults, `false` (default) for none. */
  logger?: FastifyServerOptions["logger"];
  /** How long a verified token is kept in memory by the default `verifySession` (ms); 0 (default): never. */
  sessionCacheMs?: number;
  /** Resolves the `token` header of `auth` routes to a session; default: the `sessions` table. */
  verifySession?: SessionVerifier;
  /** How long a `home` answer is reused for everyone (ms); 0 (default): never. */
  homeCacheMs?: number;
  /** How long a member's `my` answer is reused (ms); 0 (default): never. Writes in this process drop it at once. */
  myCacheMs?: number;
  /** Sign-in settings (domains, chain id, lifetimes). */
  auth?: AuthSettings;
  /** Checks payment tx hashes; default: refuses every payment (no chain configured). */
  verifyPayment?: VerifyPayment;
  /** Where members pay (shown by the `...Check` routes). */
  paymentTarget?: PaymentTarget;
  /** Checks withdrawal payout hashes; default: refuses every payout (no chain configured). */
  verifyPayout?: VerifyPayout;
  /** Addresses allowed to operate withdrawals once signed in; default: none. */
  operators?: readonly string[];
  /** Per-IP and per-token limits; `false` turns them off. */
  rateLimit?: RateLimitOptions | false;
  /** Proxies whose `X-Forwarded-For` names the client (its IP is the rate limit's key); default: none. */
  trustProxy?: TrustProxy;
  /** The team calls' limits in this process; default: `DEFAULT_BULKHEAD`. */
  bulkhead?: BulkheadOptions;
  /** Registrations' limits in this process; default: `DEFAULT_REGISTRATION_BULKHEAD`. */
  registrationBulkhead?: BulkheadOptions;
  /**
   * Check each code-0 answer's `data` against the API contract and answer 500 on a mismatch; default:
   * on when `NODE_ENV` is `test` (vitest sets it), off otherwise.
   */
  checkAnswers?: boolean;
};

/** Team calls in flight and queued per process, and their longest wait for a turn (the environment's defaults). */
export const DEFAULT_BULKHEAD: BulkheadOptions = {
  inFlight: ENV_DEFAULTS.teamCallsInFlight,
  queued: ENV_DEFAULTS.teamCallsQueued,
  waitMs: ENV_DEFAULTS.statementTimeoutMs,
  // long enough for an ordinary call (a few ms) to finish first; short enough that a steady stream of
  // them delays a team call by little
  yieldMs: 10,
};

/**
 * Registrations in flight and queued per process. A registration updates the totals of up to 1,000
 * uplines in one transaction, and every registration under one upline waits on that upline's row lock
 * while holding a pooled connection: two at a time keep the rest of the pool for other members' calls
 * (they run one after another on the locks anyway). The queue is deep because sign-ups come in bursts;
 * the wait for a turn is bounded like a statement. No yield: a registration is a write that holds locks.
 */
export const DEFAULT_REGISTRATION_BULKHEAD: BulkheadOptions = {
  inFlight: 2,
  queued: 1_000,
  waitMs: ENV_DEFAULTS.statementTimeoutMs,
  yieldMs: 0,
};

/** anvil account 0: the local chain's treasury (TREASURY_ADDRESS's default). */
export const LOCAL_TREASURY: Address = ENV_DEFAULTS.treasuryAddress;

const noChain: VerifyPayment & VerifyPayout = async () => ({ ok: false, reason: "unavailable" });

/** One log line per request, when it completes (Fastify's default writes two). */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request");
  }
}

export function buildApp({
  db,
  logger = false,
  sessionCacheMs = 0,
  verifySession = dbSessionVerifier(db, sessionCacheMs),
  homeCacheMs = 0,
  myCacheMs = 0,
  auth = DEFAULT_AUTH,
  verifyPayment = noChain,
  paymentTarget = { treasury: LOCAL_TREASURY, token: null },
  verifyPayout = noChain,
  operators = [],
  rateLimit = DEFAULT_RATE_LIMIT,
  trustProxy = [],
  bulkhead = DEFAULT_BULKHEAD,
  registrationBulkhead = DEFAULT_REGISTRATION_BULKHEAD,
  checkAnswers = process.env.NODE_ENV === "test",
}: BuildAppOptions) {
  const app: FastifyInstance = Fastify({
    logger,
    trustProxy: trustProxy.length > 0 ? [...trustProxy] : false,
    bodyLimit: BODY_LIMIT,
    frameworkErrors: handleFrameworkError,
    logController: new OneLinePerRequest(),
  });
  app.decorate("db", db);
  app.decorate("verifySession", verifySession);
  app.decorate("auth", auth);
  app.decorate("verifyPayment", verifyPayment);
  app.decorate("paymentTarget", paymentTarget);
  app.decorate("homeCacheMs", homeCacheMs);
  app.decorate("memberCache", new MemberCache<MyData>(myCacheMs));
  app.decorate("verifyPayout", verifyPayout);
  app.decorate("operators", new Set(operators.map((address) => address.toLowerCase())));
  app.decorate("bulkheads", {
    team: new Bulkhead(bulkhead),
    registration: new Bulkhead(registrationBulkhead),
  });
  app.decorate("checkAnswers", checkAnswers);
  app.decorateRequest("session", null);
  // The requests the team calls yield to: in flight until their response is sent or cut.
  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.config.bulkhead !== "team") reply.raw.once("close", app.bulkheads.team.other());
  });
  installErrorHandling(app);
  installMetrics(app);
  if (rateLimit) installRateLimit(app, rateLimit);
  app.register(formbody);
  healthRoutes(app);
  app.register(investPlugin, { prefix: INVEST_PREFIX });
  return app;
}
