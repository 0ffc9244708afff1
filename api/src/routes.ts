/**
 * Every route of the API: its name (`POST /api/api/invest/<name>`), the schema of its form body and
 * the schema of the `data` of its code-0 answer. The server validates bodies with these schemas
 * (Fastify, ajv: form strings are coerced, unknown fields stripped) and its answers against them in
 * tests; the app types its calls from them (`RouteBody`, `RouteData`).
 */
import {
  addressSchema,
  countSchema,
  creditTypeSchema,
  daySchema,
  decimalAmountSchema,
  hashSchema,
  idSchema,
  instantSchema,
  memberNameSchema,
  pageSchema,
  quantitySchema,
  unitsSchema,
  usernameSchema,
  WITHDRAWAL_STATUSES,
  withdrawalStatusSchema,
} from "./fields.ts";
import { nullable, record, type FromSchema, type JsonSchema } from "./schema.ts";

/** A route: the body it accepts (none: any body is ignored) and the `data` it answers. */
export type RouteContract = { readonly body?: JsonSchema; readonly data: JsonSchema };

/** A form body: `additionalProperties: false` makes Fastify strip unknown fields. */
function body<const P extends Record<string, JsonSchema>, const R extends keyof P & string = never>(
  properties: P,
  required?: readonly R[],
) {
  return { type: "object", ...(required ? { required } : {}), additionalProperties: false, properties } as {
    readonly type: "object";
    readonly required: readonly R[];
    readonly additionalProperties: false;
    readonly properties: P;
  };
}

// Shared answer parts

const machineType = record({
  id: countSchema,
  name: { type: "string" },
  /** USDT base units per machine. */
  price: unitsSchema,
  power: countSchema,
  durationDays: countSchema,
  maxPerOrder: countSchema,
  /** ARB base units one machine yields per settled day (before node bonus). */
  dailyOutput: unitsSchema,
});

const nodeLevel = record({
  id: countSchema,
  name: { type: "string" },
  price: unitsSchema,
  bonusBps: countSchema,
  seats: countSchema,
  sold: countSchema,
  remaining: countSchema,
});

/** What a `...Check` route tells the member to pay, and where (the app pays exactly this). */
const paymentDue = {
  /** Total to transfer, USDT base units. */
  amount: unitsSchema,
  /** USDT contract; `null` when the deployment is unknown (payments are then refused). */
  token: nullable(addressSchema),
  treasury: addressSchema,
  chainId: countSchema,
} as const;

const withdrawalView = {
  id: countSchema,
  userId: countSchema,
  address: addressSchema,
  username: memberNameSchema,
  creditType: creditTypeSchema,
  /** Base units of the credit type; what the member is paid. */
  amount: unitsSchema,
  /** USDT base units, paid by the member with `feeTxHash`. */
  fee: unitsSchema,
  feeTxHash: hashSchema,
  status: withdrawalStatusSchema,
  payoutTxHash: nullable(hashSchema),
  reason: nullable({ type: "string" }),
  createdAt: instantSchema,
  updatedAt: instantSchema,
} as const;

const withdrawalEvent = record({
  id: countSchema,
  fromStatus: nullable(withdrawalStatusSchema),
  toStatus: withdrawalStatusSchema,
  /** Who moved it: the member (request) or an operator, lower-case. */
  actor: nullable({ type: "string" }),
  payoutTxHash: nullable(hashSchema),
  reason: nullable({ type: "string" }),
  createdAt: instantSchema,
});

const paged = { page: countSchema, pageSize: countSchema, total: countSchema } as const;

export const ROUTES = {
  // Sign-in (EIP-4361)
  nonce: {
    body: body({ address: addressSchema }, ["address"]),
    data: record({ nonce: { type: "string" }, message: { type: "string" }, expiresAt: instantSchema }),
  },
  login: {
    body: body(
      {
        message: { type: "string", minLength: 1, maxLength: 4096 },
        signature: { type: "string", pattern: "^0x[0-9a-fA-F]{130}$" },
      },
      ["message", "signature"],
    ),
    data: record({ token: { type: "string" }, address: addressSchema, expiresAt: instantSchema }),
  },

  // The machine and node product's calls (form-encoded POSTs under the API prefix)
  isRegister: {
    body: body({ address: addressSchema }, ["address"]),
    data: record({ isRegister: { type: "boolean" } }),
  },
  register: {
    body: body({ username: usernameSchema, recommend: addressSchema }, ["username", "recommend"]),
    data: record({
      id: countSchema,
      address: addressSchema,
      username: { type: "string" },
      recommend: nullable(addressSchema),
      createdAt: instantSchema,
    }),
  },
  home: {
    data: record({
      totalMembers: countSchema,
      announcements: {
        type: "array",
        items: record({
          id: countSchema,
          title: { type: "string" },
          body: { type: "string" },
          createdAt: instantSchema,
        }),
      },
    }),
  },
  machineTypeList: { data: record({ list: { type: "array", items: machineType } }) },
  machineDetail: { body: body({ type: idSchema }, ["type"]), data: machineType },
  buyMachineCheck: {
    body: body({ id: idSchema, num: quantitySchema }, ["id", "num"]),
    data: record({ typeId: countSchema, num: countSchema, power: countSchema, ...paymentDue }),
  },
  buyMachine: {
    body: body({ id: idSchema, num: quantitySchema, hash: hashSchema }, ["id", "num", "hash"]),
    data: record({
      machineId: countSchema,
      typeId: countSchema,
      num: countSchema,
      power: countSchema,
      paid: unitsSchema,
      startDay: daySchema,
      endDay: daySchema,
    }),
  },
  nodeList: { data: record({ list: { type: "array", items: nodeLevel } }) },
  buyNodeCheck: {
    body: body({ id: idSchema }, ["id"]),
    data: record({ levelId: countSchema, ...paymentDue }),
  },
  buyNode: {
    body: body({ id: idSchema, hash: hashSchema }, ["id", "hash"]),
    data: record({ levelId: countSchema, paid: unitsSchema, bonusBps: countSchema }),
  },
  teamInfo: {
    data: record({
      directCount: countSchema,
      teamCount: countSchema,
      myPower: countSchema,
      directPower: countSchema,
      teamPower: countSchema,
      recommend: nullable(addressSchema),
    }),
  },
  recommendList: {
    body: body({ userId: idSchema, page: pageSchema }),
    data: record({
      userId: countSchema,
      ...paged,
      list: {
        type: "array",
        items: record({
          userId: countSchema,
          address: addressSchema,
          username: memberNameSchema,
          power: countSchema,
          directCount: countSchema,
          createdAt: instantSchema,
        }),
      },
    }),
  },
  my: {
    data: record({
      userId: countSchema,
      address: addressSchema,
      username: memberNameSchema,
      recommend: nullable(addressSchema),
      power: countSchema,
      node: nullable(record({ levelId: countSchema, name: { type: "string" }, bonusBps: countSchema })),
      /** Base units per credit type. */
      balances: record({ usdt: unitsSchema, arb: unitsSchema }),
      createdAt: instantSchema,
    }),
  },
  walletList: {
    body: body({ credit_type: creditTypeSchema, page: pageSchema }, ["credit_type"]),
    data: record({
      creditType: creditTypeSchema,
      balance: unitsSchema,
      ...paged,
      list: {
        type: "array",
        items: record({
          id: countSchema,
          amount: unitsSchema,
          kind: { type: "string" },
          day: nullable(daySchema),
          createdAt: instantSchema,
        }),
      },
    }),
  },
  withdraw: {
    body: body({ num: decimalAmountSchema, credit_type: creditTypeSchema, hash: hashSchema }, [
      "num",
      "credit_type",
      "hash",
    ]),
    data: record({
      id: countSchema,
      creditType: creditTypeSchema,
      amount: unitsSchema,
      fee: unitsSchema,
      status: { const: "pending" },
    }),
  },
  buyMachineLog: {
    data: record({
      list: {
        type: "array",
        items: record({
          id: countSchema,
          typeId: countSchema,
          name: { type: "string" },
          num: countSchema,
          power: countSchema,
          paid: unitsSchema,
          hash: hashSchema,
          startDay: daySchema,
          endDay: daySchema,
          status: { type: "string", enum: ["pending", "running", "expired"] },
          createdAt: instantSchema,
        }),
      },
    }),
  },
  powerLog: {
    data: record({
      power: countSchema,
      list: {
        type: "array",
        items: record({
          day: daySchema,
          /** +power when a machine starts, -power when it ends. */
          change: countSchema,
          reason: { type: "string", enum: ["machineStart", "machineEnd"] },
          machineId: countSchema,
        }),
      },
    }),
  },

  // Member routes beside the legacy ones
  withdrawCheck: {
    body: body({ num: decimalAmountSchema, credit_type: creditTypeSchema }, ["num", "credit_type"]),
    data: record({
      creditType: creditTypeSchema,
      /** Requested, base units of the credit type. */
      withdrawAmount: unitsSchema,
      /** Flat fee, USDT base units (the same as `amount`). */
      fee: unitsSchema,
      /** What the member receives, base units of the credit type. */
      net: unitsSchema,
      /** The credit type's minimum; `minimumInclusive` false: the amount must be above it. */
      minimum: unitsSchema,
      minimumInclusive: { type: "boolean" },
      balance: unitsSchema,
      ...paymentDue,
    }),
  },

  // Operators (OPERATOR_ADDRESSES)
  "admin/withdrawalList": {
    body: body({
      status: { type: "string", enum: [...WITHDRAWAL_STATUSES, "all"], default: "pending" },
      page: pageSchema,
      /** Only this member's requests (any letter case). */
      address: addressSchema,
    }),
    data: record({
      status: { type: "string", enum: [...WITHDRAWAL_STATUSES, "all"] },
      /** The member filter, lower-case; `null`: every member. */
      address: nullable(addressSchema),
      /** Where payouts must come from (`TREASURY_ADDRESS`): `admin/withdrawalPay` accepts no other sender. */
      treasury: addressSchema,
      ...paged,
      list: { type: "array", items: record(withdrawalView) },
    }),
  },
  "admin/withdrawalDetail": {
    body: body({ id: idSchema }, ["id"]),
    data: record({ ...withdrawalView, events: { type: "array", items: withdrawalEvent } }),
  },
  "admin/withdrawalApprove": { body: body({ id: idSchema }, ["id"]), data: record(withdrawalView) },
  "admin/withdrawalReject": {
    body: body(
      {
        id: idSchema,
        reason: {
          type: "string",
          minLength: 1,
          maxLength: 200,
          pattern: "^(?=.*\\S)[^\\u0000-\\u001f\\u007f]+$",
        },
      },
      ["id", "reason"],
    ),
    data: record(withdrawalView),
  },
  "admin/withdrawalPay": {
    body: body({ id: idSchema, hash: hashSchema }, ["id", "hash"]),
    data: record(withdrawalView),
  },
} as const satisfies Record<string, RouteContract>;

export type RouteName = keyof typeof ROUTES;
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/** The validated body of route `N` (`undefined` for a route without one). */
export type RouteBody<N extends RouteName> = (typeof ROUTES)[N] extends { body: infer B }
  ? FromSchema<B>
  : undefined;
/** The `data` of route `N`'s code-0 answer. */
export type RouteData<N extends RouteName> = FromSchema<(typeof ROUTES)[N]["data"]>;

/** The payment part of every `...Check` answer (`buyMachineCheck`, `buyNodeCheck`, `withdrawCheck`). */
export type PaymentDue = FromSchema<ReturnType<typeof record<typeof paymentDue>>>;
