import { createDb } from "@taichi/server/db/index";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { postgresBin, thisHost } from "./check-system.ts";
import { startThrowawayPostgres, withPostgres } from "./with-postgres.ts";

const bin = postgresBin(thisHost());

describe.skipIf(!bin)("a throwaway PostgreSQL server [needs PostgreSQL's programs: initdb, pg_ctl]", () => {
  it("serves on 127.0.0.1 with its password only, and is gone after stop()", async () => {
    const server = await startThrowawayPostgres(bin!);
    const url = new URL(server.url);
    expect(url.hostname).toBe("127.0.0.1");
    try {
      const db = await createDb({ kind: "postgres", url: server.url });
      expect((await db.query("SELECT current_user AS who")).rows).toEqual([{ who: "postgres" }]);
      await db.close();
      const wrong = new URL(server.url);
      wrong.password = "not-the-password";
      await expect(createDb({ kind: "postgres", url: wrong.href })).rejects.toThrow(/password/);
    } finally {
      server.stop();
    }
    await expect(createDb({ kind: "postgres", url: server.url })).rejects.toThrow(/ECONNREFUSED/);
    expect(existsSync(server.dir)).toBe(false);
  });

  it("hands its URL to the command as TEST_DATABASE_URL, and keeps one already set", async () => {
    const seen = join(tmpdir(), `with-postgres-${process.pid}`);
    const saved = process.env.TEST_DATABASE_URL;
    delete process.env.TEST_DATABASE_URL;
    try {
      expect(await withPostgres(["sh", "-c", `printf %s "$TEST_DATABASE_URL" > ${seen}`])).toBe(0);
      const url = new URL(readFileSync(seen, "utf8"));
      expect(url.protocol).toBe("postgres:");
      expect(url.hostname).toBe("127.0.0.1");
      process.env.TEST_DATABASE_URL = "postgres://someone@127.0.0.1:1/theirs";
      expect(await withPostgres(["sh", "-c", `printf %s "$TEST_DATABASE_URL" > ${seen}`])).toBe(0);
      expect(readFileSync(seen, "utf8")).toBe("postgres://someone@127.0.0.1:1/theirs");
      expect(await withPostgres(["sh", "-c", "exit 3"])).toBe(3);
    } finally {
      if (saved === undefined) delete process.env.TEST_DATABASE_URL;
      else process.env.TEST_DATABASE_URL = saved;
      rmSync(seen, { force: true });
    }
  });
});
