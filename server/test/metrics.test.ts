/** `GET /metrics` (src/plugins/metrics.ts): what Prometheus scrapes from each API instance. */
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { startPaymentAuditJob } from "../src/jobs/paymentAudit.ts";
import type { VerifyPayment } from "../src/lib/payments.ts";
import { ALICE, createTestDb, insertMember, post } from "./helpers.ts";

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (comments skipped). */
function parse(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key!, value!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted),
  )?.value;
}

describe("GET /metrics", () => {
  it("counts requests per route, method and status, with their latency as a histogram", async () => {
    const db = await createTestDb();
    const app = buildApp({ db });
    try {
      for (let i = 0; i < 3; i++) expect((await post(app, "home")).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/no/such/path/1" })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: "/no/such/path/2" })).statusCode).toBe(404);

      const scrape = await app.inject({ method: "GET", url: "/metrics" });
      expect(scrape.statusCode).toBe(200);
      expect(scrape.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = parse(scrape.body);
      const home = { route: "/api/api/invest/home", method: "POST", status: "200" };
      expect(value(samples, "taichi_api_request_duration_seconds_count", home)).toBe(3);
      expect(value(samples, "taichi_api_request_duration_seconds_bucket", { ...home, le: "+Inf" })).toBe(3);
      expect(value(samples, "taichi_api_request_duration_seconds_sum", home)).toBeGreaterThan(0);
      expect(
        value(samples, "taichi_api_request_duration_seconds_count", { route: "/health", status: "200" }),
      ).toBe(1);
      // unknown paths share one series: a scanner cannot add a series per path
      expect(
        value(samples, "taichi_api_request_duration_seconds_count", { route: "unmatched", status: "404" }),
      ).toBe(2);
      expect(samples.some((sample) => sample.labels.route?.startsWith("/no/such"))).toBe(false);
      // the process's own figures come along
      expect(value(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it("shows the team bulkhead's running and waiting calls while they are there", async () => {
    const db = await createTestDb();
    const app = buildApp({ db, bulkhead: { inFlight: 1, queued: 5, waitMs: 60_000, yieldMs: 0 } });
    const scrape = async () => parse((await app.inject({ method: "GET", url: "/metrics" })).body);
    const team = (state: string) => ({ bulkhead: "team", state });
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const calls = [0, 1, 2].map(() => app.bulkheads.team.run(() => held));
      const busy = await scrape();
      expect(value(busy, "taichi_api_bulkhead_calls", team("running"))).toBe(1);
      expect(value(busy, "taichi_api_bulkhead_calls", team("waiting"))).toBe(2);
      expect(value(busy, "taichi_api_bulkhead_queue_limit", { bulkhead: "team" })).toBe(5);
      release();
      await Promise.all(calls);
      const idle = await scrape();
      expect(value(idle, "taichi_api_bulkhead_calls", team("running"))).toBe(0);
      expect(value(idle, "taichi_api_bulkhead_calls", team("waiting"))).toBe(0);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it("reports the payment audit's last run: payments checked and lost, and runs that failed", async () => {
    const db = await createTestDb();
    const app = buildApp({ db });
    const scrape = async () => parse((await app.inject({ method: "GET", url: "/metrics" })).body);
    await insertMember(db, ALICE);
    for (const [hash, amount] of [
      [`0x${"a".repeat(64)}`, "100"],
      [`0x${"b".repeat(64)}`, "200"],
    ]) {
      await db.query(
        `INSERT INTO payments (tx_hash, address, purpose, amount) VALUES ($1, $2, 'machine', $3)`,
        [hash, ALICE, amount],
      );
    }
    // the chain no longer has the second payment (a reorganisation deeper than the confirmations)
    const chain: VerifyPayment = async ({ hash }) =>
      hash.startsWith("0xa") ? { ok: true } : { ok: false, reason: "notFound" };
    const quiet = { warn: () => {}, error: () => {} };
    try {
      const before = await scrape();
      expect(value(before, "taichi_payment_audit_runs_total", { result: "ok" }) ?? 0).toBe(0);

      const ran = new Promise<void>((resolve) => {
        const stop = startPaymentAuditJob(db, chain, quiet, 20, (run) => {
          stop();
          app.metrics.paymentAudit(run);
          resolve();
        });
      });
      await ran;
      const after = await scrape();
      expect(value(after, "taichi_payment_audit_runs_total", { result: "ok" })).toBe(1);
      expect(value(after, "taichi_payment_audit_checked_payments")).toBe(2);
      expect(value(after, "taichi_payment_audit_lost_payments")).toBe(1);
      expect(value(after, "taichi_payment_audit_unverified_payments")).toBe(0);
      expect(value(after, "taichi_payment_audit_last_run_timestamp_seconds")).toBeGreaterThan(
        Date.now() / 1000 - 60,
      );

      app.metrics.paymentAudit({ failed: true });
      const failed = await scrape();
      expect(value(failed, "taichi_payment_audit_runs_total", { result: "failed" })).toBe(1);
      // a failed run leaves the last completed run's findings in place
      expect(value(failed, "taichi_payment_audit_lost_payments")).toBe(1);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
