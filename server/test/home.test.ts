import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { HOME_ANNOUNCEMENT_LIMIT } from "../src/routes/invest/home.ts";
import { ALICE, BOB, createTestDb, insertMember, MIXED_CASE, post, resetDb } from "./helpers.ts";

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDb();
  app = buildApp({ db });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

beforeEach(() => resetDb(db));

async function insertAnnouncement(n: number, createdAt: string): Promise<void> {
  await db.query(
    `INSERT INTO announcements (title_zh, title_en, body_zh, body_en, created_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [`标题${n}`, `Title ${n}`, `内容${n}`, `Body ${n}`, createdAt],
  );
}

describe("POST /api/api/invest/home", () => {
  it("answers zero members and no announcements on an empty database", async () => {
    const res = await post(app, "home");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: "成功", data: { totalMembers: 0, announcements: [] } });
  });

  it("counts the members", async () => {
    await insertMember(db, ALICE);
    await insertMember(db, BOB, ALICE);
    await insertMember(db, MIXED_CASE.toLowerCase(), ALICE);
    const res = await post(app, "home");
    expect(res.json()).toMatchObject({ code: 0, data: { totalMembers: 3 } });
  });

  it("gives announcements in Chinese by default and in English with lang: en", async () => {
    await insertAnnouncement(1, "2025-01-01T00:00:00Z");

    const zh = await post(app, "home");
    expect(zh.json().data.announcements).toEqual([
      { id: 1, title: "标题1", body: "内容1", createdAt: "2025-01-01T00:00:00.000Z" },
    ]);

    const en = await post(app, "home", { headers: { lang: "en" } });
    expect(en.json()).toMatchObject({ code: 0, msg: "Success" });
    expect(en.json().data.announcements).toEqual([
      { id: 1, title: "Title 1", body: "Body 1", createdAt: "2025-01-01T00:00:00.000Z" },
    ]);
  });

  it("lists the newest announcements first, at most ten", async () => {
    // Inserted out of order; two share a timestamp (the later id comes first).
    const stamps = [5, 1, 12, 3, 9, 7, 11, 2, 8, 4, 10, 6, 6];
    for (const [i, day] of stamps.entries()) {
      await insertAnnouncement(i + 1, `2025-03-${String(day).padStart(2, "0")}T08:00:00Z`);
    }
    const res = await post(app, "home", { headers: { lang: "en" } });
    const list: { id: number; createdAt: string }[] = res.json().data.announcements;
    expect(list).toHaveLength(HOME_ANNOUNCEMENT_LIMIT);
    expect(HOME_ANNOUNCEMENT_LIMIT).toBe(10);
    expect(list.map((a) => a.createdAt.slice(8, 10))).toEqual([
      "12",
      "11",
      "10",
      "09",
      "08",
      "07",
      "06",
      "06",
      "05",
      "04",
    ]);
    expect(list.map((a) => a.id)).toEqual([3, 7, 11, 5, 9, 6, 13, 12, 1, 10]);
  });

  it("ignores any body it is sent (form or JSON)", async () => {
    await insertMember(db, ALICE);
    const form = await post(app, "home", { form: { junk: "1", totalMembers: "99" } });
    expect(form.json()).toMatchObject({ code: 0, data: { totalMembers: 1 } });
    const json = await post(app, "home", { json: { junk: [1, 2, 3] } });
    expect(json.json()).toMatchObject({ code: 0, data: { totalMembers: 1 } });
  });
});
