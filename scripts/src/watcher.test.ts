/**
 * The watcher against a real chain (anvil with the whole product deployed, the deployer a Timelock proposer)
 * and a webhook served on 127.0.0.1 by the test, which records every POST and answers as each test says.
 */
import { mkdtempSync } from "node:fs";
import { type IncomingHttpHeaders, type Server, createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  numberToHex,
  zeroHash,
} from "viem";
import { stakingAbi, timelockAbi } from "@taichi/contracts";
import { DEV_ROLES, chainAt, devAccount } from "./env.ts";
import { type LocalChain, startLocalChain } from "./localChain.ts";
import { freePort } from "./processes.ts";
import { createWatcher, runWatcher } from "./watcher.ts";

type Received = {
  at: number;
  headers: IncomingHttpHeaders;
  body: { text: string; chat_id?: string };
  status: number;
};

/** A webhook on 127.0.0.1: `answer()` is the status of each POST; every POST is recorded with it. */
function webhookServer() {
  const received: Received[] = [];
  const hook = { received, answer: () => 200, url: "", server: undefined as Server | undefined, metrics: "" };
  hook.server = createServer((request, response) => {
    if (request.method === "GET") {
      response.end(hook.metrics);
      return;
    }
    let data = "";
    request.on("data", (chunk: Buffer) => (data += chunk.toString()));
    request.on("end", () => {
      const status = hook.answer();
      received.push({ at: Date.now(), headers: request.headers, body: JSON.parse(data), status });
      response.statusCode = status;
      response.end(status === 200 ? "ok" : "try later");
    });
  });
  return hook;
}

const APP_URL = "https://taichi.example";
const DEPLOYER = devAccount(DEV_ROLES.deployer);

describe("the watcher", () => {
  let chain: LocalChain;
  let hook: ReturnType<typeof webhookServer>;
  let client: PublicClient;

  beforeAll(async () => {
    hook = webhookServer();
    await new Promise<void>((resolve) => hook.server!.listen(0, "127.0.0.1", resolve));
    hook.url = `http://127.0.0.1:${(hook.server!.address() as { port: number }).port}/hook`;
    chain = await startLocalChain(await freePort());
    client = createPublicClient({ transport: http(chain.rpcUrl) });
  }, 180_000);
  afterAll(async () => {
    hook?.server?.close();
    await chain?.stop();
  });

  const watcherOn = (stateFile: string, extra: Partial<Parameters<typeof createWatcher>[0]> = {}) =>
    createWatcher({
      client,
      deployment: chain.deployment,
      webhookUrl: hook.url,
      stateFile,
      appUrl: APP_URL,
      retryBaseMs: 300,
      log: () => {},
      ...extra,
    });
  const freshStateFile = () => join(mkdtempSync(join(tmpdir(), "watcher-")), "state.json");
  const texts = () => hook.received.filter((r) => r.status === 200).map((r) => r.body.text);

  /** Schedules `data` on `target` through the Timelock as the deployer (a proposer); its id and block. */
  async function schedule(target: Address, data: Hex, salt: Hash) {
    const wallet = createWalletClient({
      account: DEPLOYER,
      chain: chainAt(31337, chain.rpcUrl),
      transport: http(chain.rpcUrl),
    });
    const delay = await client.readContract({
      address: chain.deployment.contracts.Timelock,
      abi: timelockAbi,
      functionName: "getMinDelay",
    });
    const hash = await wallet.writeContract({
      address: chain.deployment.contracts.Timelock,
      abi: timelockAbi,
      functionName: "schedule",
      args: [target, 0n, data, zeroHash, salt, delay],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    const id = await client.readContract({
      address: chain.deployment.contracts.Timelock,
      abi: timelockAbi,
      functionName: "hashOperation",
      args: [target, 0n, data, zeroHash, salt],
    });
    return {
      id,
      hash,
      wallet,
      readyAt: await client.readContract({
        address: chain.deployment.contracts.Timelock,
        abi: timelockAbi,
        functionName: "getTimestamp",
        args: [id],
      }),
      block: receipt.blockNumber,
    };
  }

  it("posts a scheduled call decoded, with its earliest execution and the /governance link, then its cancel", async () => {
    hook.received.length = 0;
    hook.answer = () => 200;
    const staking = chain.deployment.contracts.Staking;
    const pair = chain.deployment.contracts.Pair_SwapToken_Usdt!;
    const data = encodeFunctionData({
      abi: stakingAbi,
      functionName: "setPriceOracle",
      args: [pair, 3600n, 700n],
    });
    const { id, wallet, readyAt } = await schedule(staking, data, `0x${"01".padStart(64, "0")}`);

    const watcher = watcherOn(freshStateFile());
    await watcher.tick();
    const scheduled = hook.received.find((r) => r.body.text.includes(id));
    expect(scheduled?.headers["content-type"]).toBe("application/json");
    expect(Object.keys(scheduled!.body)).toEqual(["text"]);
    const lines = scheduled!.body.text.split("\n");
    expect(lines).toContain(
      `Staking.setPriceOracle(pair: ${getAddress(pair)}, window: 3600, maxDeviation: 700)`,
    );
    expect(lines).toContain(
      `Earliest execution: ${new Date(Number(readyAt) * 1000).toISOString().slice(0, 19).replace("T", " ")} UTC`,
    );
    expect(lines).toContain(`${APP_URL}/governance`);
    expect(lines[0]).toMatch(/scheduled/);

    // the deploy's handover ran through the Timelock too: its batch is reported decoded as well
    expect(texts().some((text) => text.includes("Timelock.updateDelay(newDelay: 120)"))).toBe(true);

    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: chain.deployment.contracts.Timelock,
        abi: timelockAbi,
        functionName: "cancel",
        args: [id],
      }),
    });
    await watcher.tick();
    const cancelled = texts().filter((text) => text.includes(id) && /cancelled/.test(text));
    expect(cancelled).toHaveLength(1);
  });

  it("reads the chain once per range: one eth_getLogs for both contracts, the head once per tick", async () => {
    const methods: string[] = [];
    const counted = createPublicClient({
      transport: http(chain.rpcUrl, {
        onFetchRequest: (_request, init) => {
          methods.push((JSON.parse(init.body as string) as { method: string }).method);
        },
      }),
    });
    hook.received.length = 0;
    hook.answer = () => 200;
    const stateFile = freshStateFile();
    // a range wide enough for every block: the deploy's handover and price observations in one read
    const watcher = watcherOn(stateFile, { client: counted, logRange: 1_000_000n });
    await watcher.tick();
    expect(watcher.state.observedAt).toBeDefined();
    expect(texts().some((text) => text.includes("Timelock.updateDelay(newDelay: 120)"))).toBe(true);
    const count = (method: string) => methods.filter((m) => m === method).length;
    expect(count("eth_getLogs")).toBe(1);

    methods.length = 0;
    await client.request({ method: "evm_mine", params: [] } as never);
    await watcher.tick();
    expect(count("eth_getLogs")).toBe(1); // the new block's range
    expect(count("eth_getBlockByNumber")).toBe(1); // the head: its number and its time
    expect(count("eth_blockNumber")).toBe(0);
  });

  it("after a restart, delivers what was not delivered once and repeats nothing", async () => {
    const stateFile = freshStateFile();
    hook.received.length = 0;
    hook.answer = () => 503; // the relay is down during the first run
    await watcherOn(stateFile).tick();
    const attempted = hook.received.length;
    expect(attempted).toBe(1); // one try, then it waits: the first notice stays in the outbox
    expect(texts()).toEqual([]);

    hook.answer = () => 200;
    const restarted = watcherOn(stateFile);
    await restarted.tick();
    const delivered = texts();
    expect(delivered.length).toBeGreaterThan(1);
    expect(new Set(delivered).size).toBe(delivered.length);

    await watcherOn(stateFile).tick(); // and again: nothing new on chain, nothing sent
    expect(texts()).toEqual(delivered);
    expect(hook.received.length).toBe(attempted + delivered.length);
  });

  it("retries a refused delivery after its backoff and delivers it once", async () => {
    hook.received.length = 0;
    let calls = 0;
    hook.answer = () => (++calls === 1 ? 500 : 200);
    const watcher = watcherOn(freshStateFile(), { telegramChatId: "-1001234" });
    const controller = new AbortController();
    const running = runWatcher(watcher, { pollMs: 20, signal: controller.signal, log: () => {} });
    const deadline = Date.now() + 20_000;
    while (watcher.state.outbox.length > 0 || hook.received.length < 2) {
      if (Date.now() > deadline) throw new Error(`not delivered: ${JSON.stringify(hook.received)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    controller.abort();
    await running;
    const [failed, retried] = hook.received;
    expect([failed!.status, retried!.status]).toEqual([500, 200]);
    expect(retried!.body).toEqual(failed!.body);
    expect(retried!.body.chat_id).toBe("-1001234");
    expect(retried!.at - failed!.at).toBeGreaterThanOrEqual(300);
    const bodies = hook.received.filter((r) => r.status === 200).map((r) => r.body.text);
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it("reports a lost payment from the API's metrics, and its end", async () => {
    hook.received.length = 0;
    hook.answer = () => 200;
    const metricsUrl = hook.url.replace("/hook", "/metrics");
    const stateFile = freshStateFile();
    hook.metrics = "# TYPE taichi_payment_audit_lost_payments gauge\ntaichi_payment_audit_lost_payments 2\n";
    await watcherOn(stateFile, { metricsUrls: [metricsUrl] }).tick();
    await watcherOn(stateFile, { metricsUrls: [metricsUrl] }).tick(); // still lost: not told twice
    expect(texts().filter((text) => text.startsWith("Payment audit: 2 booked payment(s)"))).toHaveLength(1);
    hook.metrics = "taichi_payment_audit_lost_payments 0\n";
    await watcherOn(stateFile, { metricsUrls: [metricsUrl] }).tick();
    expect(texts().filter((text) => text.startsWith("Resolved: Payment audit"))).toHaveLength(1);
  });

  it("reports a price observation the keeper let grow old, and its renewal", async () => {
    const stateFile = freshStateFile();
    await watcherOn(stateFile).tick();
    hook.received.length = 0;
    // a window and a half and a minute without an observation (Staking's window: 1800 s)
    await client.request({ method: "evm_increaseTime", params: [numberToHex(2_760)] } as never);
    await client.request({ method: "evm_mine", params: [] } as never);
    await watcherOn(stateFile).tick();
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).toMatch(/^Keeper: Staking's price observation is \d+ s old \(window 1800 s\)/);

    // anyone may call updatePrice(): the deployer stands in for the keeper
    const wallet = createWalletClient({
      account: DEPLOYER,
      chain: chainAt(31337, chain.rpcUrl),
      transport: http(chain.rpcUrl),
    });
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: chain.deployment.contracts.Staking,
        abi: stakingAbi,
        functionName: "updatePrice",
      }),
    });
    await watcherOn(stateFile).tick();
    expect(texts().slice(1)).toEqual(["Resolved: Keeper is back to normal."]);
  });
});
