/**
 * JSON-RPC traffic of a connected member's page views, counted at the chain endpoint: the requests
 * the page sends to VITE_RPC_URL (seen by Playwright) plus the ones the test wallet forwards to the
 * chain from Node. Each page is loaded afresh and watched for a first window after navigation, then
 * for a steady window (polling, refetches). Two production builds in the same run: Multicall3 batching
 * on (the default) and off (VITE_RPC_MULTICALL=off), each on its own stack and ports.
 */
import { chromium, type Page, type Request } from "@playwright/test";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { DEV_ROLES, REPO_ROOT, devAccount } from "../env.ts";
import { startStack, type StackOptions } from "../stack.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../testWallet/chromium.ts";
import { TEST_WALLET_NAME, attachWallet, type TestWallet } from "../testWallet/wallet.ts";

export const RPC_PAGES = ["/", "/ido", "/stakes", "/team"];
export const FIRST_WINDOW_MS = 5_000;
export const STEADY_WINDOW_MS = 10_000;

export type RpcRow = {
  page: string;
  multicall: "on" | "off";
  /** HTTP requests to the chain endpoint in the first window (page + wallet) */
  firstHttp: number;
  /** JSON-RPC calls inside them (a JSON-RPC batch carries several) */
  firstCalls: number;
  steadyHttp: number;
  steadyCalls: number;
  /** methods called in the first window, most frequent first, e.g. "eth_call 3, eth_chainId 1" */
  firstMethods: string;
  steadyMethods: string;
};

export const RPC_TABLE_COLUMNS = [
  "page",
  "multicall",
  "firstHttp",
  "firstCalls",
  "steadyHttp",
  "steadyCalls",
] as const;

/** BENCH_RPC_PORT_OFFSET shifts every port, so two benches can run side by side. */
const PORT_OFFSET = Number(process.env.BENCH_RPC_PORT_OFFSET ?? 0);

const ports = (chain: number, api: number, app: number): StackOptions["ports"] => ({
  chain: chain + PORT_OFFSET,
  api: api + PORT_OFFSET,
  app: app + PORT_OFFSET,
});

const VARIANTS: { multicall: "on" | "off"; ports: StackOptions["ports"] }[] = [
  { multicall: "on", ports: ports(9045, 9287, 5673) },
  { multicall: "off", ports: ports(9046, 9288, 5674) },
];

type Tally = { http: number; calls: number; methods: Map<string, number> };

const newTally = (): Tally => ({ http: 0, calls: 0, methods: new Map() });

function methodsOf(request: Request): string[] {
  try {
    const body = JSON.parse(request.postData() ?? "null") as unknown;
    const items = Array.isArray(body) ? body : [body];
    return items.map((item) => String((item as { method?: unknown } | null)?.method ?? "?"));
  } catch {
    return ["?"];
  }
}

function add(tally: Tally, methods: string[]) {
  tally.http += 1;
  tally.calls += methods.length;
  for (const method of methods) tally.methods.set(method, (tally.methods.get(method) ?? 0) + 1);
}

const describe = (tally: Tally) =>
  [...tally.methods.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([method, count]) => `${method} ${count}`)
    .join(", ");

/** Counts the chain traffic of one page view: a fresh load, then the two windows. */
async function measurePage(page: Page, wallet: TestWallet, appUrl: string, chainUrl: string, path: string) {
  let tally = newTally();
  const onRequest = (request: Request) => {
    if (request.method() === "POST" && request.url().replace(/\/$/, "") === chainUrl) {
      add(tally, methodsOf(request));
    }
  };
  // The wallet's forwarded calls come from Node: tallied from its log at each window's end.
  let forwardedSeen = wallet.forwarded.length;
  const takeForwarded = () => {
    for (const method of wallet.forwarded.slice(forwardedSeen)) add(tally, [method]);
    forwardedSeen = wallet.forwarded.length;
  };

  page.on("request", onRequest);
  try {
    const started = Date.now();
    await page.goto(`${appUrl}${path}`, { waitUntil: "commit", timeout: FIRST_WINDOW_MS });
    // Fixed measurement windows: the requests are counted over wall time, nothing waits on the page.
    await sleep(Math.max(0, started + FIRST_WINDOW_MS - Date.now()));
    takeForwarded();
    const first = tally;
    tally = newTally();
    await sleep(STEADY_WINDOW_MS);
    takeForwarded();
    const steady = tally;
    // A page view of a disconnected visitor would measure something else: fail loudly.
    if (await page.getByRole("button", { name: "UNCONNECT" }).isVisible()) {
      throw new Error(`${path}: the wallet is not connected`);
    }
    return { first, steady };
  } finally {
    page.off("request", onRequest);
  }
}

async function measureVariant(variant: (typeof VARIANTS)[number]): Promise<RpcRow[]> {
  const stack = await startStack({
    ports: variant.ports,
    appMode: "preview",
    quiet: true,
    stateDir: join(REPO_ROOT, ".data", `bench-rpc-${variant.ports.api}`),
    appEnv: { VITE_RPC_MULTICALL: variant.multicall },
  });
  try {
    const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, timeout: 30_000 });
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const wallet = await attachWallet(page, {
        account: devAccount(DEV_ROLES.members[0]),
        rpcUrl: stack.urls.chain,
        chainId: stack.deployment.chainId,
      });
      await page.addInitScript(() => {
        if (window.localStorage.getItem("lang") === null) window.localStorage.setItem("lang", "en");
      });
      // Connect once; every later page load reconnects from wagmi's storage, as for a returning user.
      await page.goto(stack.urls.app);
      await page.getByRole("button", { name: "UNCONNECT" }).click();
      await page.getByRole("button", { name: TEST_WALLET_NAME }).click();
      await page.getByRole("button", { name: "UNCONNECT" }).waitFor({ state: "hidden" });

      const rows: RpcRow[] = [];
      for (const path of RPC_PAGES) {
        const { first, steady } = await measurePage(page, wallet, stack.urls.app, stack.urls.chain, path);
        rows.push({
          page: path,
          multicall: variant.multicall,
          firstHttp: first.http,
          firstCalls: first.calls,
          steadyHttp: steady.http,
          steadyCalls: steady.calls,
          firstMethods: describe(first),
          steadyMethods: describe(steady),
        });
      }
      return rows;
    } finally {
      await browser.close();
    }
  } finally {
    await stack.stop();
  }
}

/** Both builds, one after the other (about 2 x (stack start + 4 x 15 s)). */
export async function measureRpc(): Promise<RpcRow[]> {
  const rows: RpcRow[] = [];
  for (const variant of VARIANTS) rows.push(...(await measureVariant(variant)));
  // Side by side: each page with batching on, then off.
  return RPC_PAGES.flatMap((path) => rows.filter((row) => row.page === path));
}
