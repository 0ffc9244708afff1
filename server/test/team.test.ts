/**
 * Team figures (`teamInfo`, `recommendList`) kept per upline by the triggers of 0005_team_totals.sql:
 * checked against a walk of the tree done here, in the test, for random trees with expired and
 * running machines, at the 1000-generation depth limit, and across pages.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { RECOMMEND_PAGE_SIZE } from "../src/routes/invest/recommendList.ts";
import { TEAM_DEPTH } from "../src/data/members.ts";
import { addressOf, addressTokens, createTestDb, post, resetDb } from "./helpers.ts";

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDb();
  app = buildApp({ db, verifySession: addressTokens, rateLimit: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

beforeEach(() => resetDb(db));

async function call(name: string, address: string, form: Record<string, string> = {}) {
  const res = await post(app, name, { form, headers: { token: address, lang: "en" } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A seeded generator, so a failing tree can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
}

let machineCount = 0;
async function addMachine(owner: string, power: number, endInDays: number) {
  machineCount += 1;
  const hash = `0x${machineCount.toString(16).padStart(64, "0")}`;
  await db.query("INSERT INTO payments (tx_hash, address, purpose, amount) VALUES ($1, $2, 'machine', 1)", [
    hash,
    owner,
  ]);
  await db.query(
    `INSERT INTO member_machines (address, type_id, num, power, paid, tx_hash, start_day, end_day)
     VALUES ($1, 1, 1, $2, 1, $3, current_date - 400, current_date + $4::int)`,
    [owner, power, hash, endInDays],
  );
}

describe("team figures", () => {
  it("equal a walk of the tree for every member; expired machines count for nobody", async () => {
    const next = random(7);
    const referrer = new Map<string, string | null>();
    const power = new Map<string, number>();
    const members = [addressOf(1)];
    referrer.set(addressOf(1), null);
    await db.query("INSERT INTO members (address, recommend) VALUES ($1, NULL)", [addressOf(1)]);
    for (let n = 2; n <= 120; n++) {
      // Half the time under one of the last few members (deep chains), else anywhere (wide levels).
      const pick =
        next(2) === 0 ? members.length - 1 - next(Math.min(3, members.length)) : next(members.length);
      const up = members[pick]!;
      members.push(addressOf(n));
      referrer.set(addressOf(n), up);
      await db.query("INSERT INTO members (address, recommend) VALUES ($1, $2)", [addressOf(n), up]);
    }
    for (let i = 0; i < 80; i++) {
      const owner = members[next(members.length)]!;
      const watts = 1 + next(1000);
      const endInDays = next(5) - 1; // -1 and 0 have ended (end_day is exclusive), 1 to 3 still run
      await addMachine(owner, watts, endInDays);
      if (endInDays > 0) power.set(owner, (power.get(owner) ?? 0) + watts);
    }
    const below = (address: string) => members.filter((m) => referrer.get(m) === address);
    const team = (address: string): string[] => below(address).flatMap((m) => [m, ...team(m)]);
    const sum = (list: string[]) => list.reduce((total, m) => total + (power.get(m) ?? 0), 0);

    for (const address of members) {
      const { data } = await call("teamInfo", address);
      expect(data, address).toEqual({
        directCount: below(address).length,
        teamCount: team(address).length,
        myPower: power.get(address) ?? 0,
        directPower: sum(below(address)),
        teamPower: sum(team(address)),
        recommend: referrer.get(address),
      });
    }
  });

  it(`reach ${TEAM_DEPTH} generations down, and keep counting as members register at the bottom`, async () => {
    const depth = TEAM_DEPTH + 2;
    // A bulk load with the trigger off and one rebuild, as a restore or the bench does: ~0.5 M rows
    // of a trigger per insert would take minutes here.
    await db.exec("ALTER TABLE members DISABLE TRIGGER members_team_totals");
    await db.query(
      `INSERT INTO members (address, recommend)
       SELECT '0x' || lpad(to_hex(n), 40, '0'), CASE WHEN n = 1 THEN NULL ELSE '0x' || lpad(to_hex(n - 1), 40, '0') END
         FROM generate_series(1, $1::int) AS n ORDER BY n`,
      [depth],
    );
    await db.exec("ALTER TABLE members ENABLE TRIGGER members_team_totals");
    await db.query("SELECT rebuild_team_totals()");
    const head = addressOf(1);
    const leaf = addressOf(depth);
    await addMachine(leaf, 7, 10);
    expect((await call("teamInfo", head)).data).toMatchObject({ teamCount: TEAM_DEPTH, teamPower: 0 });
    expect((await call("teamInfo", addressOf(3))).data).toMatchObject({ teamCount: depth - 3, teamPower: 7 });

    // Registered through the API: counted by every upline within reach, by no one beyond it.
    const newcomer = addressOf(depth + 1);
    expect((await call("register", newcomer, { username: "n", recommend: leaf })).code).toBe(0);
    await addMachine(newcomer, 5, 10);
    expect((await call("teamInfo", head)).data).toMatchObject({ teamCount: TEAM_DEPTH, teamPower: 0 });
    // Member 2 reaches the leaf (generation 1000) but not the newcomer (1001).
    expect((await call("teamInfo", addressOf(2))).data).toMatchObject({
      teamCount: TEAM_DEPTH,
      teamPower: 7,
    });
    expect((await call("teamInfo", addressOf(3))).data).toMatchObject({
      teamCount: depth - 2,
      teamPower: 12,
    });
    expect((await call("teamInfo", leaf)).data).toMatchObject({
      directCount: 1,
      teamCount: 1,
      directPower: 5,
    });
  });

  it("follow a machine whose days are moved (power counted until its new end)", async () => {
    await db.query("INSERT INTO members (address, recommend) VALUES ($1, NULL), ($2, $1)", [
      addressOf(1),
      addressOf(2),
    ]);
    await addMachine(addressOf(2), 40, 3);
    expect((await call("teamInfo", addressOf(1))).data).toMatchObject({ directPower: 40, teamPower: 40 });
    await db.query("UPDATE member_machines SET end_day = current_date WHERE address = $1", [addressOf(2)]);
    expect((await call("teamInfo", addressOf(1))).data).toMatchObject({ directPower: 0, teamPower: 0 });
  });

  it("refuse to move a member to another referrer or delete one (the totals would drift)", async () => {
    await db.query("INSERT INTO members (address, recommend) VALUES ($1, NULL), ($2, $1), ($3, $1)", [
      addressOf(1),
      addressOf(2),
      addressOf(3),
    ]);
    await expect(
      db.query("UPDATE members SET recommend = $1 WHERE address = $2", [addressOf(2), addressOf(3)]),
    ).rejects.toThrow(/keep their address and referrer/);
    await expect(db.query("DELETE FROM members WHERE address = $1", [addressOf(3)])).rejects.toThrow(
      /keep their address and referrer/,
    );
    await db.query("UPDATE members SET username = 'renamed' WHERE address = $1", [addressOf(3)]);
  });
});

describe("recommendList", () => {
  it("pages the direct referrals, each with its own direct count and running power", async () => {
    const head = addressOf(1);
    const directs = RECOMMEND_PAGE_SIZE * 2 + 7;
    await db.query("INSERT INTO members (address, recommend) VALUES ($1, NULL)", [head]);
    await db.query(
      `INSERT INTO members (address, username, recommend)
       SELECT '0x' || lpad(to_hex(n), 40, '0'), 'd' || n, $1 FROM generate_series(2, $2::int + 1) AS n ORDER BY n`,
      [head, directs],
    );
    // Member 5 has three referrals of its own and a running machine; member 6 an expired one.
    await db.query("INSERT INTO members (address, recommend) VALUES ($1, $4), ($2, $4), ($3, $4)", [
      addressOf(9001),
      addressOf(9002),
      addressOf(9003),
      addressOf(5),
    ]);
    await addMachine(addressOf(5), 30, 2);
    await addMachine(addressOf(6), 99, 0);

    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const { data } = await call("recommendList", head, { page: String(page) });
      expect(data).toMatchObject({ page, pageSize: RECOMMEND_PAGE_SIZE, total: directs });
      pages.push(...data.list);
    }
    expect(pages.map((row: { address: string }) => row.address)).toEqual(
      Array.from({ length: directs }, (_, i) => addressOf(i + 2)),
    );
    expect(pages[3]).toMatchObject({ address: addressOf(5), username: "d5", directCount: 3, power: 30 });
    expect(pages[4]).toMatchObject({ address: addressOf(6), directCount: 0, power: 0 });
    // past the last page: no rows, and the total still there
    expect((await call("recommendList", head, { page: "4" })).data).toMatchObject({
      total: directs,
      list: [],
    });
  });

  it("lists a member deep in the team, and refuses one outside it", async () => {
    // 1 -> 2 -> 3 -> 4 -> 5, and 6 -> 7 beside it (6 registered under 1 is a direct of 1).
    await db.query("INSERT INTO members (address, recommend) VALUES ($1, NULL)", [addressOf(1)]);
    for (let n = 2; n <= 5; n++) {
      await db.query("INSERT INTO members (address, recommend) VALUES ($1, $2)", [
        addressOf(n),
        addressOf(n - 1),
      ]);
    }
    await db.query("INSERT INTO members (address, recommend) VALUES ($1, $2), ($3, $1)", [
      addressOf(6),
      addressOf(1),
      addressOf(7),
    ]);
    const id = async (n: number) =>
      Number(
        (await db.query<{ id: number }>("SELECT id FROM members WHERE address = $1", [addressOf(n)])).rows[0]!
          .id,
      );

    const deep = await call("recommendList", addressOf(2), { userId: String(await id(4)) });
    expect(deep.data).toMatchObject({ userId: await id(4), total: 1, list: [{ address: addressOf(5) }] });
    for (const outside of [1, 6, 7]) {
      expect(await call("recommendList", addressOf(2), { userId: String(await id(outside)) })).toEqual({
        code: 4800,
        msg: "This member is not in your team",
        data: null,
      });
    }
    expect((await call("recommendList", addressOf(2), { userId: "999999" })).code).toBe(4800);
  });
});
