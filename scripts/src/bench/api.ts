/**
 * API throughput on loopback: `home` and `my` (signed in) against a bare Fastify route, same process,
 * same run, each under the same concurrent load for a bounded time.
 */
import formbody from "@fastify/formbody";
import Fastify from "fastify";
import type { AddressInfo } from "node:net";
import { buildApp } from "@taichi/server/app";
import { createDb, migrate } from "@taichi/server/db/index";
import { DEV_ROLES, devAccount } from "../env.ts";

export type ApiRow = { route: string; reqPerSec: number; p50Ms: number; p99Ms: number; ratio: number | null };

const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function load(url: string, headers: Record<string, string>, seconds: number, concurrency: number) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let failures = 0;
  async function worker() {
    while (performance.now() < deadline) {
      const start = performance.now();
      const response = await fetch(url, { method: "POST", headers, body: "" });
      const body = (await response.json()) as { code?: number };
      if (!response.ok || (body.code !== undefined && body.code !== 0)) failures += 1;
      latencies.push(performance.now() - start);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  if (failures > 0) throw new Error(`${url}: ${failures} of ${latencies.length} requests failed`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 100) / 100;
  return { reqPerSec: Math.round(latencies.length / elapsed), p50Ms: at(0.5), p99Ms: at(0.99) };
}

export async function measureApi({ seconds = 3, concurrency = 16 } = {}): Promise<ApiRow[]> {
  const db = await createDb({ kind: "pglite", dataDir: "memory://" });
  await migrate(db);
  const app = buildApp({ db, logger: false, rateLimit: false });
  const bare = Fastify({ logger: false });
  await bare.register(formbody);
  bare.post("/bare", async () => ({ code: 0, msg: "ok", data: null }));
  try {
    await app.listen({ host: "127.0.0.1", port: 0 });
    await bare.listen({ host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/api/invest`;
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;

    const member = devAccount(DEV_ROLES.members[0]);
    const call = async (name: string, form: Record<string, string>, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}/${name}`, {
        method: "POST",
        headers: { ...FORM, ...headers },
        body: new URLSearchParams(form).toString(),
      });
      const body = (await response.json()) as { code: number; msg: string; data: Record<string, string> };
      if (body.code !== 0) throw new Error(`${name}: ${body.code} ${body.msg}`);
      return body.data;
    };
    const { message } = await call("nonce", { address: member.address });
    const signature = await member.signMessage({ message: message! });
    const { token } = await call("login", { message: message!, signature });
    await call(
      "register",
      { username: "bench", recommend: "0x0000000000000000000000000000000000000000" },
      { token: token! },
    );

    const bareResult = await load(bareUrl, FORM, seconds, concurrency);
    const rows: ApiRow[] = [{ route: "bare Fastify route", ...bareResult, ratio: 1 }];
    for (const [route, headers] of [
      ["home", FORM],
      ["my", { ...FORM, token: token! }],
    ] as const) {
      const result = await load(`${base}/${route}`, headers, seconds, concurrency);
      rows.push({
        route,
        ...result,
        ratio: Math.round((result.reqPerSec / bareResult.reqPerSec) * 100) / 100,
      });
    }
    return rows;
  } finally {
    await app.close();
    await bare.close();
    await db.close();
  }
}
