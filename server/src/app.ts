/** Builds the API (plugins, then routes) without listening; tests drive it with `app.inject`. */
import formbody from "@fastify/formbody";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Db } from "./db/index.ts";
import { handleFrameworkError, installErrorHandling } from "./plugins/errors.ts";
import { rejectAllSessions, type SessionVerifier } from "./plugins/session.ts";
import { INVEST_PREFIX, investPlugin } from "./routes/invest/index.ts";

/** Largest accepted request body; larger ones are answered as code 4800. */
export const BODY_LIMIT = 64 * 1024;

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
  }
}

export type BuildAppOptions = {
  db: Db;
  /** Fastify's pino options (`{ level }`, ...), `true` for defaults, `false` (default) for none. */
  logger?: FastifyServerOptions["logger"];
  /** Resolves the `token` header of `auth` routes to a session; default: no token is valid yet. */
  verifySession?: SessionVerifier;
};

export function buildApp({ db, logger = false, verifySession = rejectAllSessions }: BuildAppOptions) {
  const app: FastifyInstance = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    frameworkErrors: handleFrameworkError,
  });
  app.decorate("db", db);
  app.decorate("verifySession", verifySession);
  app.decorateRequest("session", null);
  installErrorHandling(app);
  app.register(formbody);
  app.register(investPlugin, { prefix: INVEST_PREFIX });
  return app;
}
