/**
 * `npm run watcher`: the watcher as a process of its own (docs/operations.md, "Watcher"). It posts to
 * WATCH_WEBHOOK_URL every Timelock operation scheduled, cancelled or executed, and keeper or payment-audit
 * trouble; what it delivered is remembered in WATCH_STATE_FILE.
 */
import { join } from "node:path";
import { readDeployment } from "@taichi/contracts/registry";
import { createPublicClient, http } from "viem";
import { DEPLOYMENTS_DIR } from "./deploy.ts";
import { LOCAL_CHAIN_ID, REPO_ROOT, chainAt, ports } from "./env.ts";
import { createWatcher, runWatcher } from "./watcher.ts";

const rpcUrl = process.env.RPC_URL || `http://127.0.0.1:${ports().chain}`;
const webhookUrl = process.env.WATCH_WEBHOOK_URL;
if (!webhookUrl)
  throw new Error("WATCH_WEBHOOK_URL is required: the Slack or Telegram URL notices are posted to");
const chainId = await createPublicClient({ transport: http(rpcUrl) }).getChainId();
const deployment = readDeployment(process.env.DEPLOYMENTS_DIR || DEPLOYMENTS_DIR, chainId);
const logRange = process.env.WATCH_LOG_RANGE;
if (logRange && !/^[1-9]\d*$/.test(logRange))
  throw new Error(`WATCH_LOG_RANGE="${logRange}" must be a whole number of blocks, at least 1`);
const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

const controller = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => controller.abort());
const stateFile = process.env.WATCH_STATE_FILE || join(REPO_ROOT, ".data", `watcher-${chainId}.json`);
console.log(`watcher: Timelock ${deployment.contracts.Timelock} on chain ${chainId}, state in ${stateFile}`);
const watcher = createWatcher({
  client: createPublicClient({ chain: chainAt(chainId, rpcUrl), transport: http(rpcUrl) }),
  deployment,
  webhookUrl,
  stateFile,
  appUrl: process.env.WATCH_APP_URL || undefined,
  telegramChatId: process.env.WATCH_TELEGRAM_CHAT_ID || undefined,
  metricsUrls: list(process.env.WATCH_METRICS_URLS),
  logRange: logRange ? BigInt(logRange) : undefined,
});
await runWatcher(watcher, { pollMs: chainId === LOCAL_CHAIN_ID ? 1_000 : 15_000, signal: controller.signal });
