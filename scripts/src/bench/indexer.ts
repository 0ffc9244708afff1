/**
 * The indexer at scale: a local chain with a long history (empty stretches mined with `anvil_mine`,
 * admin, staking and swap transactions spread through it), the indexer's catch-up time from a cold
 * start, and the latency of the history views' single requests once it has caught up.
 *
 * The history is mined on a second anvil forked from the one that holds the deploy. A chain of anvil's
 * own recomputes the whole state trie (every account's storage) for each block it mines, so an empty
 * block costs more with every stored slot; a forked anvil computes no state root (its headers carry a
 * zero `stateRoot`), and with `--prune-history` keeps no copy of the state per block, so the empty
 * stretches cost the same at block 2,000,000 as at block 1 (docs/performance.md, "Indexer").
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Abi,
  type Address,
  type Hex,
  encodeFunctionData,
  maxUint256,
  numberToHex,
  parseEther,
} from "viem";
import { presaleAbi, routerAbi, stakingAbi, usdtAbi } from "@taichi/contracts";
import { DEV_ROLES, devAccount } from "../env.ts";
import { quantiles } from "./api.ts";
import { indexedBlock, startIndexer } from "../indexer.ts";
import { startLocalChain } from "../localChain.ts";
import { type Service, startService, stopService, waitForPort } from "../processes.ts";

/** the deploy's anvil, the fork that mines the history, the indexer */
const [DEPLOY_PORT, CHAIN_PORT, INDEXER_PORT] = [8661, 8662, 8663];
/** Blocks of history (BENCH_INDEXER_BLOCKS), and the rounds that spread the transactions through it. */
const BLOCKS = Number(process.env.BENCH_INDEXER_BLOCKS || 2_000_000);
const ROUNDS = 100;
/** Each round's block: this many admin calls, deposits and swaps. */
const PER_ROUND = { admin: 34, deposits: 33, swaps: 33 };
const SAMPLES = 200;

export type IndexerBench = {
  blocks: number;
  transactions: { admin: number; deposits: number; swaps: number };
  indexed: { admin: number; member: number; teamDays: number; swaps: number };
  historySeconds: number;
  catchUpSeconds: number;
  requests: { view: string; path: string; items: number; p50Ms: number; p95Ms: number }[];
};

type Call = { from: Address; to: Address; data: Hex };

export async function measureIndexer(log: (line: string) => void = console.log): Promise<IndexerBench> {
  const deployed = await startLocalChain(DEPLOY_PORT);
  const dataDir = mkdtempSync(join(tmpdir(), "indexer-bench-"));
  let fork: Service | undefined;
  let indexer: ReturnType<typeof startIndexer> | undefined;
  try {
    fork = startService(
      "fork",
      "anvil",
      [
        ...["--host", "127.0.0.1", "--port", String(CHAIN_PORT), "--silent"],
        ...["--fork-url", deployed.rpcUrl, "--prune-history", "--hardfork", "cancun"],
      ],
      { quiet: true },
    );
    await waitForPort(fork, CHAIN_PORT);
    const rpcUrl = `http://127.0.0.1:${CHAIN_PORT}`;
    let id = 0;
    /** JSON-RPC calls in one HTTP batch; throws on the first error. */
    async function rpc(calls: [string, unknown[]][]): Promise<unknown[]> {
      if (calls.length === 0) return [];
      const body = calls.map(([method, params]) => ({ jsonrpc: "2.0", id: id++, method, params }));
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const answers = (await response.json()) as {
        id: number;
        result?: unknown;
        error?: { message: string };
      }[];
      if (!Array.isArray(answers)) throw new Error(`${calls[0]![0]}: ${JSON.stringify(answers)}`);
      answers.sort((a, b) => a.id - b.id);
      const failed = answers.find((a) => a.error);
      if (failed) throw new Error(`${calls[answers.indexOf(failed)]![0]}: ${failed.error!.message}`);
      return answers.map((a) => a.result);
    }
    const nonces = new Map<Address, number>();
    async function sendAll(calls: Call[]) {
      const missing = [...new Set(calls.map((c) => c.from))].filter((from) => !nonces.has(from));
      const counts = await rpc(missing.map((from) => ["eth_getTransactionCount", [from, "pending"]]));
      missing.forEach((from, i) => nonces.set(from, Number(counts[i])));
      await rpc(
        calls.map(({ from, to, data }) => {
          const nonce = nonces.get(from)!;
          nonces.set(from, nonce + 1);
          return [
            "eth_sendTransaction",
            [{ from, to, data, gas: numberToHex(2_000_000), nonce: numberToHex(nonce) }],
          ];
        }),
      );
    }
    const call = (from: Address, to: Address, abi: Abi, functionName: string, args: unknown[]): Call => ({
      from,
      to,
      data: encodeFunctionData({ abi, functionName, args }),
    });
    /** Mines the pending calls into one block and checks that every one of them succeeded. */
    async function mineChecked(count: number) {
      await rpc([["evm_mine", []]]);
      const [block] = (await rpc([["eth_getBlockByNumber", ["latest", false]]])) as { transactions: Hex[] }[];
      if (block!.transactions.length !== count) {
        throw new Error(`a block took ${block!.transactions.length} of ${count} transactions`);
      }
      const receipts = (await rpc(
        block!.transactions.map((hash) => ["eth_getTransactionReceipt", [hash]]),
      )) as {
        status: Hex;
      }[];
      const failed = receipts.filter((r) => r.status !== "0x1").length;
      if (failed > 0) throw new Error(`${failed} of ${count} transactions reverted`);
    }

    const c = deployed.deployment.contracts;
    const { Staking, Usdt, Router, Timelock, Presale } = c as Record<string, Address>;
    const tokens = [c.SwapToken!, c.BurnToken!, c.MiningToken!];
    const leader = devAccount(DEV_ROLES.members[0]).address;
    const team = DEV_ROLES.newcomers.map((i) => devAccount(i).address);
    const depositors = [leader, ...team];
    const swapper = devAccount(DEV_ROLES.members[1]).address;
    const deployer = devAccount(DEV_ROLES.deployer).address;

    // Setup: the newcomers join the leader's team; everyone is funded and has approved; the timelock
    // (owner of every contract) is impersonated for the admin calls, as a proposal would run them.
    await rpc([
      ["evm_setBlockGasLimit", [numberToHex(1_000_000_000)]],
      ["anvil_impersonateAccount", [Timelock]],
      ["anvil_setBalance", [Timelock, numberToHex(parseEther("100"))]],
      ["evm_setAutomine", [false]],
    ]);
    const setup = [
      ...team.map((from) => call(from, Presale!, presaleAbi, "register", [leader])),
      // the stakes' reward pool too, so that no deposit finds it short
      ...[...depositors, swapper, Staking!].map((to) =>
        call(deployer, Usdt!, usdtAbi, "mint", [to, parseEther("1000000000")]),
      ),
      ...depositors.map((from) => call(from, Usdt!, usdtAbi, "approve", [Staking!, maxUint256])),
      call(swapper, Usdt!, usdtAbi, "approve", [Router!, maxUint256]),
    ];
    await sendAll(setup);
    await mineChecked(setup.length);

    const started = Date.now();
    const gap = Math.floor(BLOCKS / ROUNDS);
    const deadline = BigInt(Math.floor(Date.now() / 1000)) + 10n ** 9n;
    let blacklisted = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const calls: Call[] = [];
      for (let i = 0; i < PER_ROUND.admin; i++) {
        const account = numberToHex(++blacklisted, { size: 20 });
        calls.push(call(Timelock!, Staking!, stakingAbi, "setBlacklist", [account, true]));
      }
      for (let i = 0; i < PER_ROUND.deposits; i++) {
        const from = depositors[i % depositors.length]!;
        calls.push(call(from, Staking!, stakingAbi, "deposit", [BigInt(i % 5), parseEther("100"), true]));
      }
      for (let i = 0; i < PER_ROUND.swaps; i++) {
        const path = [Usdt!, tokens[i % tokens.length]!];
        calls.push(
          call(swapper, Router!, routerAbi, "swapExactTokensForTokensSupportingFeeOnTransferTokens", [
            parseEther("1"),
            0n,
            path,
            swapper,
            deadline,
          ]),
        );
      }
      await sendAll(calls);
      await mineChecked(calls.length);
      // an empty stretch, and a day for the team chart
      const mining = performance.now();
      await rpc([
        ["anvil_mine", [numberToHex(gap - 1)]],
        ["evm_increaseTime", [numberToHex(86_400)]],
      ]);
      const perSecond = ((gap - 1) * 1000) / (performance.now() - mining);
      if ((round + 1) % 10 === 0) {
        log(`  history: round ${round + 1}/${ROUNDS}, anvil_mine at ${perSecond.toFixed(0)} empty blocks/s`);
      }
    }
    const historySeconds = (Date.now() - started) / 1000;
    const head = Number(((await rpc([["eth_blockNumber", []]])) as Hex[])[0]);

    const url = `http://127.0.0.1:${INDEXER_PORT}`;
    const coldStart = Date.now();
    indexer = startIndexer({
      port: INDEXER_PORT,
      rpcUrl,
      deploymentsDir: deployed.deploymentsDir,
      dataDir,
      quiet: true,
      env: { DATABASE_URL: "" },
    });
    for (;;) {
      const indexed = await indexedBlock(url);
      const ready = await fetch(`${url}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready && indexed !== undefined && indexed >= head) break;
      if (indexer.child.exitCode !== null) throw new Error("the indexer exited while catching up");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const catchUpSeconds = (Date.now() - coldStart) / 1000;

    async function time(path: string) {
      const samples: number[] = [];
      let items = 0;
      for (let i = 0; i < SAMPLES + 20; i++) {
        const t0 = performance.now();
        const response = await fetch(`${url}${path}`);
        const body = (await response.json()) as { items?: unknown[]; prices?: unknown[] };
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        if (i >= 20) samples.push(performance.now() - t0);
        items = (body.items ?? body.prices)!.length;
      }
      const { p50Ms, p95Ms } = quantiles(samples, 10);
      return { path, items, p50Ms, p95Ms };
    }
    const count = async (path: string, key = "items") => {
      let total = 0;
      let next: string | null = null;
      do {
        const page = (await (
          await fetch(
            `${url}${path}${path.includes("?") ? "&" : "?"}limit=500${next ? `&before=${next}` : ""}`,
          )
        ).json()) as Record<string, unknown>;
        total += (page[key] as unknown[]).length;
        next = (page.next as string | null) ?? null;
      } while (next);
      return total;
    };
    const status = (await (await fetch(`${url}/status`)).json()) as Record<
      string,
      { block: { timestamp: number } }
    >;
    const now = BigInt(Object.values(status)[0]!.block.timestamp);
    const today = now / 86_400n;
    const teamPath = `/team/${leader}/days?from=${today - 13n}&to=${today}`;
    const firstAudit = (await (await fetch(`${url}/audit?limit=50`)).json()) as { next: string };
    const requests = [
      { view: "audit log, first page (50)", ...(await time("/audit?limit=50")) },
      { view: "audit log, second page", ...(await time(`/audit?limit=50&before=${firstAudit.next}`)) },
      { view: "team chart, 14 days", ...(await time(teamPath)) },
      { view: "member activity, first page", ...(await time(`/activity/${leader}?limit=50`)) },
      { view: "timelock operations", ...(await time("/timelock/operations?limit=50")) },
      {
        view: "pair prices, 30 days",
        ...(await time(`/pairs/${c.Pair_SwapToken_Usdt}?since=${now - 30n * 86_400n}`)),
      },
    ];
    const allTeamDays = (await (await fetch(`${url}/team/${leader}/days?from=0&to=${today}`)).json()) as {
      items: unknown[];
    };
    const swapsOf = async (pair: Address) =>
      (
        (await (await fetch(`${url}/pairs/${pair}?since=0&account=${swapper}`)).json()) as {
          swaps: unknown[];
        }
      ).swaps.length;
    const indexed = {
      admin: await count("/audit"),
      member: (await Promise.all(depositors.map((d) => count(`/activity/${d}`)))).reduce((a, b) => a + b, 0),
      teamDays: allTeamDays.items.length,
      swaps: (
        await Promise.all(
          [c.Pair_SwapToken_Usdt!, c.Pair_BurnToken_Usdt!, c.Pair_MiningToken_Usdt!].map(swapsOf),
        )
      ).reduce((a, b) => a + b, 0),
    };
    return {
      blocks: head,
      transactions: {
        admin: PER_ROUND.admin * ROUNDS,
        deposits: PER_ROUND.deposits * ROUNDS,
        swaps: PER_ROUND.swaps * ROUNDS,
      },
      indexed,
      historySeconds,
      catchUpSeconds,
      requests,
    };
  } finally {
    if (indexer) await stopService(indexer);
    if (fork) await stopService(fork);
    await deployed.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
