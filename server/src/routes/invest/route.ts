/**
 * One legacy endpoint = one file that default-exports `defineInvestRoute({...})`, listed in
 * `index.ts`. The helper wires the shared parts: `POST <prefix>/<name>`, the body schema,
 * the session check for `auth: true`, and the `{ code: 0, msg, data }` answer.
 */
import {
  INVEST_PREFIX,
  ROUTES,
  type JsonSchema,
  type RouteBody,
  type RouteContract,
  type RouteData,
  type RouteName,
} from "@taichi/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/index.ts";
import type { BulkheadName } from "../../lib/bulkhead.ts";
import { resolveLang, type Lang } from "../../i18n/messages.ts";
import { okBody, reject } from "../../lib/api.ts";
import { checkAnswer } from "../../lib/contract.ts";
import { requireSession, type Session } from "../../plugins/session.ts";

export { INVEST_PREFIX };

/** Every endpoint of the legacy machine/node API. */
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
] as const satisfies readonly RouteName[];
export type InvestRouteName = (typeof INVEST_ROUTE_NAMES)[number];

/** Sign-in endpoints added beside the legacy ones (same prefix and envelope). */
export const AUTH_ROUTE_NAMES = ["nonce", "login"] as const satisfies readonly RouteName[];
export type AuthRouteName = (typeof AUTH_ROUTE_NAMES)[number];

/** Other member endpoints added beside the legacy ones. */
export const EXTRA_ROUTE_NAMES = ["withdrawCheck"] as const satisfies readonly RouteName[];

/** Operator endpoints (`operator: true`): signed in with an address of `OPERATOR_ADDRESSES`. */
export const ADMIN_ROUTE_NAMES = [
  "admin/withdrawalList",
  "admin/withdrawalDetail",
  "admin/withdrawalApprove",
  "admin/withdrawalReject",
  "admin/withdrawalPay",
] as const satisfies readonly RouteName[];

export type { JsonSchema, RouteName };

export type InvestContext<Body> = {
  /** The body as validated by `body` (unknown fields already removed). */
  body: Body;
  db: Db;
  lang: Lang;
  /** The signed-in member on `auth: true` routes, else `null`. */
  session: Session | null;
  request: FastifyRequest;
};

type RouteOptions = {
  /** Require a valid `token` header (code 4700 otherwise). */
  auth?: boolean;
  /** Require `auth` and an operator's address (code 4800 otherwise); implies `auth`. */
  operator?: boolean;
  /**
   * Run the handler through one of the app's bulkheads (`app.bulkheads`): for the expensive member paths,
   * whose cost a member can raise (team calls, registrations), so that a pile of them never holds other
   * routes' calls.
   */
  bulkhead?: BulkheadName;
};

export type InvestRouteSpec<N extends RouteName> = RouteOptions & {
  /** The route's name in the contract (`@taichi/api` ROUTES), which gives its body schema and its answer. */
  name: N;
  /** Returns `data`; throw `reject(...)` for a 4800 answer. */
  handler: (context: InvestContext<RouteBody<N>>) => Promise<RouteData<N>>;
};

export type InvestRoute = {
  readonly name: string;
  readonly auth: boolean;
  register(app: FastifyInstance): void;
};

/** A route of the API contract: body schema from `ROUTES[name].body`, answers checked against `ROUTES[name].data`. */
export function defineInvestRoute<N extends RouteName>(spec: InvestRouteSpec<N>): InvestRoute {
  const contract: RouteContract = ROUTES[spec.name];
  return defineRoute<RouteBody<N>, RouteData<N>>({ ...spec, body: contract.body, contract: spec.name });
}

/**
 * A route outside the contract, with a body schema of its own and any answer: only for stand-ins in tests
 * (the API's routes use `defineInvestRoute`).
 */
export function defineRoute<Body = undefined, Data = unknown>(
  spec: RouteOptions & {
    name: string;
    /** Schema of the form/JSON body (ajv: `additionalProperties: false` strips unknown fields); none: ignored. */
    body?: JsonSchema;
    handler: (context: InvestContext<Body>) => Promise<Data>;
    /** The contract route whose data schema the answers are checked against (`checkAnswers`). */
    contract?: RouteName;
  },
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
          if (spec.contract && request.server.checkAnswers) checkAnswer(spec.contract, data);
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
