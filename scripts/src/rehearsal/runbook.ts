/**
 * The rehearsal of docs/launch.md: each of its steps, done as the page says on the BSC-shaped chain, with the
 * commands it shows (`npm run deploy`, `npm run launch -- schedule`, ...) and the variables it names. Every
 * command and variable is recorded, and at the end compared with the page (../runbook.ts): a step of the page
 * with no rehearsal here, a step here the page lacks, a command or variable the step does not show, or one it
 * names that was not set, fails the rehearsal. Where the rehearsal cannot do what a launch does (Safe{Wallet}, a
 * 48-hour wait, the explorer), the page's last table says what it does instead.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import {
  type Address,
  type Hex,
  createPublicClient,
  createWalletClient,
  http,
  numberToHex,
  parseEther,
} from "viem";
import { idoAbi, pairAbi, presaleAbi, swapTokenAbi, usdtAbi } from "@taichi/contracts";
import type { Dex } from "@taichi/contracts/dex";
import { type Deployment, readDeploymentWithDex } from "../deploy.ts";
import { DEV_ROLES, REPO_ROOT, chainAt, devAccount, devPrivateKey } from "../env.ts";
import { startIndexer, waitForIndexed } from "../indexer.ts";
import { meetsEngines } from "../node24.ts";
import { FEE_TOKENS } from "../launch.ts";
import { freePort, startService, stopService } from "../processes.ts";
import { type DevSafe, createDevSafe, sendBuilderFile, writeDevSafe } from "../safe.ts";
import { SIGNERS, type SignerRole } from "../signer.ts";
import type { Verification } from "../verify.ts";
import {
  type RunbookStep,
  type StepRecord,
  compareWithRunbook,
  readRunbook,
  unmatchedSteps,
} from "../runbook.ts";

/** What the rehearsal's chain provides the steps. */
export type RehearsalSetting = {
  chainId: number;
  rpcUrl: string;
  deploymentsDir: string;
  /** the keystores and their password files */
  keysDir: string;
  usdt: Address;
  router: Address;
  dex: Dex;
  treasury: Address;
  delay: bigint;
  quiet: boolean;
};

/** The processes the stack started before the steps that need them. */
export type RehearsalServices = { api: string; app: string };

type Context = RehearsalSetting & {
  record: StepRecord;
  deployment?: Deployment;
  /** the operators' Safe of the "safes" step */
  safe?: DevSafe;
  services?: RehearsalServices;
};

const DEPLOYER = devAccount(DEV_ROLES.deployer);
/** The Presale manager of the deploy: an operator's key for the launch, handed to the Safe by the "schedule" step. */
const LAUNCH_MANAGER_INDEX = 17;
const LAUNCH_MANAGER = devAccount(LAUNCH_MANAGER_INDEX);
/** Two of the Safe's three owners sign its transactions (the manager and the third operator: not the deployer). */
const SAFE_SIGNERS = [devAccount(DEV_ROLES.safeOwners[1]), devAccount(DEV_ROLES.safeOwners[2])];
const KEEPER_KEY = devPrivateKey(DEV_ROLES.keeper);
/** The pools and the reward pool as the journeys expect them (0.10 USDT a token). */
const LIQUIDITY = { tokens: "1000000", usdt: "100000" };
const REWARD_POOL_USDT = "1000000";
/** What each journey account gets: the demo state's 100,000 USDT. */
const MEMBER_USDT = parseEther("100000");

const keystoreOf = (ctx: Context, who: "deployer" | "manager") => ({
  keystore: join(ctx.keysDir, `${who}.json`),
  password: join(ctx.keysDir, `${who}.password`),
});

/** Runs `npm <argv>` at the repository root with `env` on top of ours, recording `shown` and env's names. */
function npm(
  ctx: Context,
  shown: string,
  argv: string[],
  env: Record<string, string>,
  options: { input?: string; expectFailure?: RegExp } = {},
): string {
  ctx.record.commands.push(shown);
  for (const name of Object.keys(env)) if (!ctx.record.env.includes(name)) ctx.record.env.push(name);
  const result = spawnSync("npm", argv, {
    cwd: REPO_ROOT,
    encoding: "utf8",
    input: options.input ?? "",
    env: { ...process.env, ...env },
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (!ctx.quiet) process.stdout.write(`${output.trimEnd().replace(/^/gm, "[runbook] ")}\n`);
  if (options.expectFailure) {
    if (result.status === 0 || !options.expectFailure.test(output))
      throw new Error(`${shown} should have refused (${options.expectFailure}), got:\n${output}`);
  } else if (result.status !== 0) throw new Error(`${shown} failed:\n${output}`);
  return output;
}

const clientOf = (ctx: Context) => createPublicClient({ transport: http(ctx.rpcUrl) });
const rpc = (ctx: Context, method: string, params: unknown[]) =>
  clientOf(ctx).request({ method, params } as never);
const now = async (ctx: Context) => (await clientOf(ctx).getBlock()).timestamp;
const contracts = (ctx: Context) => ctx.deployment!.contracts;
const launchEnv = (ctx: Context) => ({ RPC_URL: ctx.rpcUrl, DEPLOYMENTS_DIR: ctx.deploymentsDir });
const asSigner = (ctx: Context, role: SignerRole, who: "deployer" | "manager") => {
  const { keystore, password } = keystoreOf(ctx, who);
  return { [SIGNERS[role].keystore]: keystore, [SIGNERS[role].passwordFile]: password };
};

async function expectOk(url: string, what: string) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: ${url} answered ${response.status}`);
}

/** A webhook on 127.0.0.1 that keeps the `text` of every JSON POST (the watcher's notices) and answers 200. */
async function startWebhook() {
  const texts: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      texts.push((JSON.parse(body) as { text: string }).text);
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/webhook`, texts, close: () => server.close() };
}

/** Each step of docs/launch.md, by its id, as the rehearsal does it. */
const STEPS: Record<string, (ctx: Context) => Promise<void>> = {
  async prerequisites(ctx) {
    const engines = (
      JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
        engines: { node: string };
      }
    ).engines.node;
    if (!meetsEngines(process.versions.node, engines))
      throw new Error(`Node ${process.versions.node} is not one of engines ${engines}`);
    npm(ctx, "npm run build -w contracts", ["run", "build", "-w", "contracts"], {});
  },

  async keys(ctx) {
    mkdirSync(ctx.keysDir, { recursive: true });
    for (const [who, key] of [
      ["deployer", devPrivateKey(DEV_ROLES.deployer)],
      ["manager", devPrivateKey(LAUNCH_MANAGER_INDEX)],
    ] as const) {
      const { keystore, password } = keystoreOf(ctx, who);
      writeFileSync(password, `rehearsal ${who} password\n`, { mode: 0o600 });
      npm(
        ctx,
        "npm run keystore -- import",
        ["run", "keystore", "--", "import", keystore],
        { PASSWORD_FILE: password },
        {
          input: `${key}\n`,
        },
      );
    }
    // the launch manager's gas (the deployer is one of anvil's funded accounts)
    await rpc(ctx, "anvil_setBalance", [LAUNCH_MANAGER.address, numberToHex(parseEther("10"))]);
  },

  async safes(ctx) {
    // what Safe{Wallet} does on BSC: the Safe contracts (Safe's own deployments there) and a 2-of-3 Safe
    ctx.safe = await createDevSafe(ctx.rpcUrl);
    writeDevSafe(ctx.deploymentsDir, ctx.safe);
  },

  async deploy(ctx) {
    npm(ctx, "npm run deploy", ["run", "deploy", "--", "--yes"], {
      RPC_URL: ctx.rpcUrl,
      ...asSigner(ctx, "DEPLOYER", "deployer"),
      DEPLOYMENTS_DIR: ctx.deploymentsDir,
      // the Safe, and the deployer: the @rehearsal journeys schedule from the manager area with its key
      TIMELOCK_PROPOSERS: `${ctx.safe!.address},${DEPLOYER.address}`,
      TIMELOCK_DELAY: String(ctx.delay),
      TREASURY_ADDRESS: ctx.treasury,
      PRESALE_MANAGER: LAUNCH_MANAGER.address,
      USDT_ADDRESS: ctx.usdt,
      ROUTER_ADDRESS: ctx.router,
      DEX_FEE_BPS: String(ctx.dex.feeBps),
      DEX_INIT_CODE_HASH: ctx.dex.initCodeHash,
    });
    ctx.deployment = readDeploymentWithDex(ctx.deploymentsDir, ctx.chainId);
  },

  async verify(ctx) {
    // no explorer offline: the commands are checked against the manifest, one per contract created
    const dir = join(ctx.deploymentsDir, `${ctx.chainId}-verify`);
    const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Verification[];
    const script = readFileSync(join(dir, "verify.sh"), "utf8");
    for (const entry of manifest) {
      if (!existsSync(join(dir, entry.input))) throw new Error(`verify: ${entry.input} is missing`);
      if (!script.includes(`--watch ${entry.address} `))
        throw new Error(`verify.sh does not verify ${entry.label}`);
    }
    for (const name of ["Presale", "Staking", "SwapToken", "Timelock", "DataReader"]) {
      if (!script.includes(`--watch ${contracts(ctx)[name]} `)) throw new Error(`verify.sh misses ${name}`);
    }
  },

  async services(ctx) {
    const { api, app } = ctx.services!;
    await expectOk(`${api}/ready`, "the API");
    await expectOk(app, "the app");
    // the indexer from the deployment file, until it has caught up with the chain
    const port = await freePort();
    const dataDir = join(ctx.keysDir, "..", "rehearsal-indexer");
    rmSync(dataDir, { recursive: true, force: true });
    const indexer = startIndexer({
      port,
      rpcUrl: ctx.rpcUrl,
      deploymentsDir: ctx.deploymentsDir,
      dataDir,
      chainId: ctx.chainId,
      quiet: ctx.quiet,
    });
    try {
      // its first start can take minutes on a busy machine
      await waitForIndexed(
        indexer,
        `http://127.0.0.1:${port}`,
        await clientOf(ctx).getBlockNumber(),
        240_000,
      );
    } finally {
      await stopService(indexer);
    }
  },

  async presale(ctx) {
    const start = await now(ctx);
    const end = start + 30n * 86_400n;
    npm(ctx, "npm run launch -- presale", ["run", "launch", "--", "presale"], {
      ...launchEnv(ctx),
      IDO_START: String(start),
      IDO_END: String(end),
      IDO_CLAIM: String(end),
      ...asSigner(ctx, "MANAGER", "manager"),
    });
    const config = await clientOf(ctx).readContract({
      address: contracts(ctx).Ido!,
      abi: idoAbi,
      functionName: "getConfig",
    });
    if (config.startTime !== start || config.endTime !== end || config.extractTime !== end)
      throw new Error("presale: the sale's dates are not the ones set");
  },

  async liquidity(ctx) {
    npm(ctx, "npm run launch -- liquidity", ["run", "launch", "--", "liquidity"], {
      ...launchEnv(ctx),
      LIQUIDITY_TOKENS: LIQUIDITY.tokens,
      LIQUIDITY_USDT: LIQUIDITY.usdt,
      ...asSigner(ctx, "DEPLOYER", "deployer"),
    });
    for (const name of FEE_TOKENS) {
      const [reserve0, reserve1] = await clientOf(ctx).readContract({
        address: contracts(ctx)[`Pair_${name}_Usdt`]!,
        abi: pairAbi,
        functionName: "getReserves",
      });
      const reserves = [reserve0, reserve1].sort((a, b) => (a < b ? -1 : 1));
      if (reserves[0] !== parseEther(LIQUIDITY.usdt) || reserves[1] !== parseEther(LIQUIDITY.tokens))
        throw new Error(`liquidity: ${name}'s pool holds ${reserves.join(" and ")}`);
    }
  },

  async "reward-pool"(ctx) {
    const staking = contracts(ctx).Staking!;
    const held = () =>
      clientOf(ctx).readContract({
        address: ctx.usdt,
        abi: usdtAbi,
        functionName: "balanceOf",
        args: [staking],
      });
    const before = await held();
    npm(ctx, "npm run launch -- reward-pool", ["run", "launch", "--", "reward-pool"], {
      ...launchEnv(ctx),
      REWARD_POOL_USDT,
      ...asSigner(ctx, "DEPLOYER", "deployer"),
    });
    if ((await held()) - before !== parseEther(REWARD_POOL_USDT))
      throw new Error("reward-pool: Staking did not receive the USDT");
  },

  async schedule(ctx) {
    // no proposer key: the command writes the Safe Transaction Builder file, which two owners sign and submit
    npm(ctx, "npm run launch -- schedule", ["run", "launch", "--", "schedule"], {
      ...launchEnv(ctx),
      // trading opens when the batch runs
      OPEN_TIME: String(await now(ctx)),
      MANAGER_SAFE: ctx.safe!.address,
    });
    await sendBuilderFile({
      rpcUrl: ctx.rpcUrl,
      safe: ctx.safe!,
      file: join(ctx.deploymentsDir, `${ctx.chainId}-launch`, "schedule.json"),
      signers: SAFE_SIGNERS,
    });
  },

  async wait(ctx) {
    // too early: the Timelock refuses, and the command says when
    npm(
      ctx,
      "npm run launch -- execute",
      ["run", "launch", "--", "execute"],
      { ...launchEnv(ctx), ...asSigner(ctx, "PROPOSER", "deployer") },
      { expectFailure: /runs the launch batch from .* s from now/ },
    );
    await rpc(ctx, "evm_increaseTime", [numberToHex(ctx.delay)]);
    await rpc(ctx, "evm_mine", []);
  },

  async execute(ctx) {
    npm(ctx, "npm run launch -- execute", ["run", "launch", "--", "execute"], {
      ...launchEnv(ctx),
      ...asSigner(ctx, "PROPOSER", "deployer"),
    });
    const client = clientOf(ctx);
    const { manager } = await client.readContract({
      address: contracts(ctx).Presale!,
      abi: presaleAbi,
      functionName: "getConfig",
    });
    if (manager !== ctx.safe!.address)
      throw new Error(`execute: the Presale manager is ${manager}, not the Safe ${ctx.safe!.address}`);
    for (const name of FEE_TOKENS) {
      const open = await client.readContract({
        address: contracts(ctx)[name]!,
        abi: swapTokenAbi,
        functionName: "tradingOpen",
      });
      if (!open) throw new Error(`execute: ${name}'s trading is not open`);
    }
  },

  async keeper(ctx) {
    const sent = () => clientOf(ctx).getTransactionCount({ address: devAccount(DEV_ROLES.keeper).address });
    const before = await sent();
    const env = { ...launchEnv(ctx), KEEPER_PRIVATE_KEY: KEEPER_KEY };
    ctx.record.commands.push("npm run keeper");
    ctx.record.env.push(...Object.keys(env));
    const service = startService("keeper", "npm", ["run", "keeper"], { env, quiet: ctx.quiet });
    try {
      // its first updatePrice() is due at once
      const deadline = Date.now() + 60_000;
      while ((await sent()) === before) {
        if (service.child.exitCode !== null) throw new Error("the keeper exited");
        if (Date.now() > deadline) throw new Error("the keeper sent no updatePrice() within 60 s");
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      await stopService(service);
    }
  },

  async watch(ctx) {
    const { api, app } = ctx.services!;
    await expectOk(`${api}/health`, "the API's liveness");
    await expectOk(`${api}/ready`, "the API's readiness");
    // the watcher, posting to a webhook of the rehearsal's, must report the launch batch decoded: scheduled, then executed
    const webhook = await startWebhook();
    const env = {
      ...launchEnv(ctx),
      WATCH_WEBHOOK_URL: webhook.url,
      WATCH_APP_URL: app,
      WATCH_METRICS_URLS: `${api}/metrics`,
      WATCH_STATE_FILE: join(ctx.keysDir, "..", "rehearsal-watcher.json"),
    };
    rmSync(env.WATCH_STATE_FILE, { force: true });
    ctx.record.commands.push("npm run watcher");
    ctx.record.env.push(...Object.keys(env));
    const service = startService("watcher", "npm", ["run", "watcher"], { env, quiet: ctx.quiet });
    const setManager = new RegExp(`^(\\d+\\. )?Presale\\.setManager\\(\\w+: ${ctx.safe!.address}\\)$`, "m");
    const launchNotice = (kind: RegExp) =>
      webhook.texts.find((text) => kind.test(text.split("\n")[0]!) && setManager.test(text));
    try {
      const deadline = Date.now() + 60_000;
      while (!launchNotice(/scheduled/) || !launchNotice(/executed/)) {
        if (service.child.exitCode !== null) throw new Error("the watcher exited");
        if (Date.now() > deadline)
          throw new Error(
            `the watcher did not report the launch batch within 60 s:\n${webhook.texts.join("\n---\n")}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const scheduled = launchNotice(/scheduled/)!;
      if (
        !/^Earliest execution: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/m.test(scheduled) ||
        !scheduled.includes(`${app}/governance`)
      )
        throw new Error(
          `the watcher's notice lacks the earliest execution or the /governance link:\n${scheduled}`,
        );
    } finally {
      await stopService(service);
      webhook.close();
    }
  },
};

/** The rehearsal's own members after the launch (not a runbook step): funded accounts, two registered. */
async function arriveMembers(ctx: Context) {
  const chain = chainAt(ctx.chainId, ctx.rpcUrl);
  const deployer = createWalletClient({ account: DEPLOYER, transport: http(ctx.rpcUrl), chain });
  const client = clientOf(ctx);
  const mined = async (hash: Hex) => {
    if ((await client.waitForTransactionReceipt({ hash })).status !== "success")
      throw new Error(`a rehearsal member's transaction ${hash} reverted`);
  };
  for (const index of [...DEV_ROLES.members, ...DEV_ROLES.newcomers]) {
    await mined(
      await deployer.writeContract({
        address: ctx.usdt,
        abi: usdtAbi,
        functionName: "transfer",
        args: [devAccount(index).address, MEMBER_USDT],
      }),
    );
  }
  for (const index of DEV_ROLES.members) {
    const member = createWalletClient({ account: devAccount(index), transport: http(ctx.rpcUrl), chain });
    await mined(
      await member.writeContract({
        address: contracts(ctx).Presale!,
        abi: presaleAbi,
        functionName: "register",
        args: [DEPLOYER.address],
      }),
    );
  }
}

/**
 * Follows docs/launch.md: `runThrough(id)` the steps up to the one the stack's services need, `runRest` the
 * others once they are up; the comparison with the page comes last.
 */
export class RunbookRehearsal {
  private readonly steps: RunbookStep[];
  private readonly ran: [string, StepRecord][] = [];
  private next = 0;
  deployment?: Deployment;
  safe?: DevSafe;

  constructor(private readonly setting: RehearsalSetting) {
    this.steps = readRunbook();
    // before anything runs: a step of the page the rehearsal cannot do, or the other way round
    const problems = unmatchedSteps(this.steps, Object.keys(STEPS));
    if (problems.length)
      throw new Error(`the rehearsal does not follow docs/launch.md:\n  ${problems.join("\n  ")}`);
  }

  private async run(step: RunbookStep, services?: RehearsalServices) {
    const record: StepRecord = { commands: [], env: [] };
    const ctx: Context = { ...this.setting, record, deployment: this.deployment, safe: this.safe, services };
    const log = this.setting.quiet ? () => {} : console.log;
    log(`[runbook] step ${step.number}: ${step.title}`);
    await STEPS[step.id]!(ctx);
    this.deployment = ctx.deployment;
    this.safe = ctx.safe;
    this.ran.push([step.id, record]);
  }

  /** Runs the steps up to and including `last`. */
  async runThrough(last: string) {
    while (this.next < this.steps.length) {
      const step = this.steps[this.next++]!;
      await this.run(step);
      if (step.id === last) return;
    }
  }

  /** Runs the remaining steps with the stack's services up, then the members arrive; fails on any difference. */
  async runRest(services: RehearsalServices) {
    while (this.next < this.steps.length) await this.run(this.steps[this.next++]!, services);
    const problems = compareWithRunbook(this.steps, this.ran);
    if (problems.length)
      throw new Error(`the rehearsal did not follow docs/launch.md:\n  ${problems.join("\n  ")}`);
    await arriveMembers({ ...this.setting, record: { commands: [], env: [] }, deployment: this.deployment });
  }
}
