/** The last start of each periodic job shared by all API instances (`job_runs`). */
import type { Queryable } from "../db/index.ts";

/**
 * Claims this interval's run of job `name` for the caller: true if no instance started it within the last
 * `everyMs` (less a tenth, so timers that drift a little still claim each interval), else false. One
 * statement, so two instances cannot both claim it.
 */
export async function claim(db: Queryable, name: string, everyMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO job_runs (name, started_at) VALUES ($1, now())
       ON CONFLICT (name) DO UPDATE SET started_at = now()
       WHERE job_runs.started_at <= now() - make_interval(secs => $2::float8 / 1000)
     RETURNING name`,
    [name, everyMs * 0.9],
  );
  return rows.length === 1;
}
