/**
 * `GET /metrics`: Prometheus text exposition of this instance (docs/operations.md, "Metrics"): requests and
 * their latency per route, the bulkheads' load, the payment audit's last run, and the process's own
 * (CPU, memory, event loop lag). Each app has a registry of its own, so tests can build several. Like the
 * probes, it is neither rate limited nor logged per request; keep it off the public balancer.
 */
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { PaymentAuditRun } from "../jobs/paymentAudit.ts";
import type { Bulkhead } from "../lib/bulkhead.ts";

export type Metrics = {
  registry: Registry;
  /** Records the payment audit's run on this instance. */
  paymentAudit(run: PaymentAuditRun): void;
};

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Routes without a match (404s) share one label, so scanners cannot create a series per path. */
const UNMATCHED = "unmatched";

export function installMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: "taichi_api_request_duration_seconds",
    help: "Requests answered, by route, method and status, and how long they took (its _count is the request count)",
    labelNames: ["route", "method", "status"],
    // from a cached answer (~1 ms) to a team call waiting out the statement timeout (3 s)
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "taichi_api_bulkhead_calls",
    help: "Calls of each bulkhead running and waiting for a turn in this process (bulkhead full past its queue)",
    labelNames: ["bulkhead", "state"],
    registers: [registry],
    collect() {
      for (const [name, bulkhead] of Object.entries(app.bulkheads) as [string, Bulkhead][]) {
        const { running, waiting } = bulkhead.load;
        this.set({ bulkhead: name, state: "running" }, running);
        this.set({ bulkhead: name, state: "waiting" }, waiting);
      }
    },
  });
  new Gauge({
    name: "taichi_api_bulkhead_queue_limit",
    help: "Calls each bulkhead lets wait; one more is answered 4800 busy",
    labelNames: ["bulkhead"],
    registers: [registry],
    collect() {
      for (const [name, bulkhead] of Object.entries(app.bulkheads))
        this.set({ bulkhead: name }, bulkhead.options.queued);
    },
  });

  const auditRuns = new Counter({
    name: "taichi_payment_audit_runs_total",
    help: "Payment audit runs on this instance, by result (ok, failed)",
    labelNames: ["result"],
    registers: [registry],
  });
  const auditLastRun = new Gauge({
    name: "taichi_payment_audit_last_run_timestamp_seconds",
    help: "When this instance last ran the payment audit to the end (unix seconds)",
    registers: [registry],
  });
  const auditLost = new Gauge({
    name: "taichi_payment_audit_lost_payments",
    help: "Booked payments no longer on chain as booked, at this instance's last run (above 0: alert)",
    registers: [registry],
  });
  const auditUnavailable = new Gauge({
    name: "taichi_payment_audit_unverified_payments",
    help: "Payments the last run could not check because the RPC did not answer",
    registers: [registry],
  });
  const auditChecked = new Gauge({
    name: "taichi_payment_audit_checked_payments",
    help: "Payments the last run checked",
    registers: [registry],
  });

  app.decorate("metrics", {
    registry,
    paymentAudit(run) {
      auditRuns.inc({ result: run.failed ? "failed" : "ok" });
      if (run.failed) return;
      auditLastRun.set(Date.now() / 1000);
      auditLost.set(run.lost);
      auditUnavailable.set(run.unavailable);
      auditChecked.set(run.checked);
    },
  } satisfies Metrics);

  app.addHook("onResponse", async (request, reply) => {
    requests.observe(
      {
        route: request.routeOptions.url ?? UNMATCHED,
        method: request.method,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get("/metrics", { logLevel: "warn", config: { rateLimited: false } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
