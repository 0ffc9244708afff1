/**
 * The API contract (`@taichi/api`) and the server: every contract route is served and nothing else,
 * and an answer that drifts from the contract is refused where `checkAnswers` is on (every test app).
 */
import { INVEST_PREFIX, ROUTE_NAMES, type RouteData } from "@taichi/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { checkAnswer, ContractError } from "../src/lib/contract.ts";
import { defineInvestRoute } from "../src/routes/invest/index.ts";
import { ALICE, createTestDb, post } from "./helpers.ts";

const MY: RouteData<"my"> = {
  userId: 1,
  address: ALICE,
  username: null,
  recommend: null,
  power: 3,
  node: null,
  balances: { usdt: "0", arb: "10" },
  createdAt: "2025-01-01T00:00:00.000Z",
};

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

describe("API contract", () => {
  it("serves exactly the contract's routes, each as POST under the prefix", async () => {
    const app = buildApp({ db });
    const served: string[] = [];
    app.addHook("onRoute", (route) => {
      if (route.url.startsWith(`${INVEST_PREFIX}/`)) served.push(`${String(route.method)} ${route.url}`);
    });
    await app.ready();
    expect(served.sort()).toEqual(ROUTE_NAMES.map((name) => `POST ${INVEST_PREFIX}/${name}`).sort());
    await app.close();
  });

  it("accepts the answer the server sends (power a number, username null)", () => {
    expect(() => checkAnswer("my", MY)).not.toThrow();
    expect(() => checkAnswer("my", { ...MY, username: "alice" })).not.toThrow();
  });

  it("refuses answers that drift: power as a string, a missing field, an extra field, a bad amount", () => {
    expect(() => checkAnswer("my", { ...MY, power: "3" })).toThrow(ContractError);
    const { username: _, ...withoutName } = MY;
    expect(() => checkAnswer("my", withoutName)).toThrow(/username/);
    expect(() => checkAnswer("my", { ...MY, secret: 1 })).toThrow(ContractError);
    expect(() => checkAnswer("my", { ...MY, balances: { usdt: "1.5", arb: "0" } })).toThrow(ContractError);
    expect(() =>
      checkAnswer("buyNodeCheck", { levelId: 1, amount: "1", token: "USDT", treasury: ALICE, chainId: 1 }),
    ).toThrow(/token/);
  });

  it("answers 500 (no details) when a route's data breaks the contract, and code 0 when it keeps it", async () => {
    const app = buildApp({ db, verifySession: async () => ({ address: ALICE }), checkAnswers: true });
    let answer: unknown = MY;
    const stand = defineInvestRoute({
      name: "my",
      auth: true,
      handler: async () => answer as RouteData<"my">,
    });
    app.register(async (child) => stand.register(child), { prefix: "/contract" });
    const call = () => post(app, "my", { prefix: "/contract", headers: { token: "t" } });
    expect((await call()).json()).toMatchObject({ code: 0, data: MY });
    answer = { ...MY, power: "3" };
    const broken = await call();
    expect(broken.statusCode).toBe(500);
    expect(broken.body).not.toContain("power");
    await app.close();
  });
});
