/** Builds the API (plugins, then routes) without listening; tests drive it with `app.inject`. */
import formbody from "@fastify/formbody";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Address } from "viem";
import type { Db } from "./db/index.ts";
import { DEFAULT_AUTH, dbSessionVerifier, type AuthSettings } from "./lib/auth.ts";
import type { PaymentTarget, VerifyPayment } from "./lib/payments.ts";
import { DEFAULT_RATE_LIMIT, installRateLimit, type RateLimitOptions } from "./plugins/rateLimit.ts";
import { handleFrameworkError, installErrorHandling } from "./plugins/errors.ts";
import type { SessionVerifier } from "./plugins/session.ts";
import { INVEST_PREFIX, investPlugin } from "./routes/invest/index.ts";

/** Largest accepted request body; larger ones are answered as code 4800. */
export const BODY_LIMIT = 64 * 1024;

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    auth: AuthSettings;
    verifyPayment: VerifyPayment;
    paymentTarget: PaymentTarget;
  }
}

export type BuildAppOptions = {
  db: Db;
  /** Fastify's pino options (`{ level }`, ...), `true` for defaults, `false` (default) for none. */
  logger?: FastifyServerOptions["logger"];
  /** Resolves the `token` header of `auth` routes to a session; default: the `sessions` table. */
  verifySession?: SessionVerifier;
  /** Sign-in settings (domains, chain id, lifetimes). */
  auth?: AuthSettings;
  /** Checks payment tx hashes; default: refuses every payment (no chain configured). */
  verifyPayment?: VerifyPayment;
  /** Where members pay (shown by the `...Check` routes). */
  paymentTarget?: PaymentTarget;
  /** Per-IP and per-token limits; `false` turns them off. */
  rateLimit?: RateLimitOptions | false;
};

/** anvil account 0: the local chain's treasury. */
export const LOCAL_TREASURY: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

const noChain: VerifyPayment = async () => ({ ok: false, reason: "unavailable" });

export function buildApp({
  db,
  logger = false,
  verifySession = dbSessionVerifier(db),
  auth = DEFAULT_AUTH,
  verifyPayment = noChain,
  paymentTarget = { treasury: LOCAL_TREASURY, token: async () => null },
  rateLimit = DEFAULT_RATE_LIMIT,
}: BuildAppOptions) {
  const app: FastifyInstance = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    frameworkErrors: handleFrameworkError,
  });
  app.decorate("db", db);
  app.decorate("verifySession", verifySession);
  app.decorate("auth", auth);
  app.decorate("verifyPayment", verifyPayment);
  app.decorate("paymentTarget", paymentTarget);
  app.decorateRequest("session", null);
  installErrorHandling(app);
  if (rateLimit) installRateLimit(app, rateLimit);
  app.register(formbody);
  app.register(investPlugin, { prefix: INVEST_PREFIX });
  return app;
}
