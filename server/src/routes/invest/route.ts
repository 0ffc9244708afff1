/**
 * One legacy endpoint = one file that default-exports `defineInvestRoute({...})`, listed in
 * `index.ts`. The helper wires the shared parts: `POST <prefix>/<name>`, the body schema,
 * the session check for `auth: true`, and the `{ code: 0, msg, data }` answer.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/index.ts";
import type { BulkheadName } from "../../lib/bulkhead.ts";
import { resolveLang, type Lang } from "../../i18n/messages.ts";
import { okBody, reject } from "../../lib/api.ts";
import { requireSession, type Session } from "../../plugins/session.ts";

export const INVEST_PREFIX = "/api/api/invest";

/** Every endpoint of the legacy machine/node API (spec section 7). */
export const INVEST_ROUTE_NAMES = [
  "isRegister",
  "register",
  "home",
  "machineTypeList",
  "machineDetail",
  "buyMachineCheck",
  "buyMachine",
  "nodeList",
  "buyNodeCheck",
  "buyNode",
  "teamInfo",
  "recommendList",
  "my",
  "walletList",
  "withdraw",
  "buyMachineLog",
  "powerLog",
] as const;
export type InvestRouteName = (typeof INVEST_ROUTE_NAMES)[number];

/** Sign-in endpoints added beside the legacy ones (same prefix and envelope). */
export const AUTH_ROUTE_NAMES = ["nonce", "login"] as const;
export type AuthRouteName = (typeof AUTH_ROUTE_NAMES)[number];

/** Other member endpoints added beside the legacy ones. */
export const EXTRA_ROUTE_NAMES = ["withdrawCheck"] as const;

/** Operator endpoints (`operator: true`): signed in with an address of `OPERATOR_ADDRESSES`. */
export const ADMIN_ROUTE_NAMES = [
  "admin/withdrawalList",
  "admin/withdrawalDetail",
  "admin/withdrawalApprove",
  "admin/withdrawalReject",
  "admin/withdrawalPay",
] as const;

export type RouteName =
  InvestRouteName | AuthRouteName | (typeof EXTRA_ROUTE_NAMES)[number] | (typeof ADMIN_ROUTE_NAMES)[number];

/** A JSON schema (validated by Fastify's ajv: `additionalProperties: false` strips unknown fields). */
export type JsonSchema = Readonly<Record<string, unknown>>;

export type InvestContext<Body> = {
  /** The body as validated by `body` (unknown fields already removed). */
  body: Body;
  db: Db;
  lang: Lang;
  /** The signed-in member on `auth: true` routes, else `null`. */
  session: Session | null;
  request: FastifyRequest;
};

export type InvestRouteSpec<Body, Data> = {
  name: RouteName;
  /** Require a valid `token` header (code 4700 otherwise). */
  auth?: boolean;
  /** Require `auth` and an operator's address (code 4800 otherwise); implies `auth`. */
  operator?: boolean;
  /** Schema of the form/JSON body; omit for endpoints without payload (any body is then ignored). */
  body?: JsonSchema;
  /**
   * Run the handler through one of the app's bulkheads (`app.bulkheads`): for the expensive member paths,
   * whose cost a member can raise (team calls, registrations), so that a pile of them never holds other
   * routes' calls.
   */
  bulkhead?: BulkheadName;
  /** Returns `data`; throw `reject(...)` for a 4800 answer. */
  handler: (context: InvestContext<Body>) => Promise<Data>;
};

export type InvestRoute = {
  readonly name: RouteName;
  readonly auth: boolean;
  register(app: FastifyInstance): void;
};

export function defineInvestRoute<Body = undefined, Data = unknown>(
  spec: InvestRouteSpec<Body, Data>,
): InvestRoute {
  const auth = (spec.auth ?? false) || spec.operator === true;
  return {
    name: spec.name,
    auth,
    register(app) {
      app.post(
        `/${spec.name}`,
        {
          config: { bulkhead: spec.bulkhead },
          ...(spec.body
            ? {
                schema: { body: spec.body },
                // No body at all reads as an empty form, so the answer names the missing field.
                preValidation: async (request: FastifyRequest) => {
                  if (request.body === undefined) request.body = {};
                },
              }
            : {}),
          ...(auth ? { preHandler: spec.operator ? requireOperator : requireSession } : {}),
        },
        async (request) => {
          const lang = resolveLang(request.headers.lang);
          const { db } = request.server;
          const bulkhead = spec.bulkhead && request.server.bulkheads[spec.bulkhead];
          const handle = () =>
            spec.handler({
              body: request.body as Body,
              db: bulkhead ? bulkhead.yielding(db) : db,
              lang,
              session: request.session,
              request,
            });
          const data = bulkhead ? await bulkhead.run(handle, () => request.socket.destroyed) : await handle();
          return okBody(lang, data);
        },
      );
    },
  };
}

/** A signed-in session whose address is in the app's operator allow-list. */
async function requireOperator(request: FastifyRequest): Promise<void> {
  await requireSession(request);
  if (!request.server.operators.has(request.session!.address.toLowerCase())) throw reject("notOperator");
}
