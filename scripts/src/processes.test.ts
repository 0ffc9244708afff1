import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { sleep } from "./processes.ts";

describe("sleep", () => {
  it("waits its time, and leaves no abort listener behind however many rounds a loop sleeps", async () => {
    const controller = new AbortController();
    const started = Date.now();
    for (let round = 0; round < 20; round++) await sleep(5, controller.signal);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20 * 5);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("ends at once when its signal aborts, or has aborted", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = sleep(60_000, controller.signal);
    controller.abort();
    await waiting;
    await sleep(60_000, controller.signal);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
