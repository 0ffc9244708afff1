/**
 * The on-chain launch steps after the deploy (docs/launch.md): the sale's dates, the first liquidity, the staking
 * reward pool, and the owner calls that wait out the Timelock (opening trading, handing the manager role to a
 * Safe). A step with a signer (`<ROLE>_SIGNER_URL`, `<ROLE>_KEYSTORE` or `<ROLE>_KEY`) is sent; a step of a Safe is written as a
 * Safe Transaction Builder file to `<deployments>/<chainId>-launch/` for the Safe's owners to import and sign.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Abi,
  type Address,
  type Hex,
  createPublicClient,
  encodeFunctionData,
  formatEther,
  http,
  keccak256,
  parseEther,
  stringToHex,
  zeroHash,
} from "viem";
import { idoAbi, presaleAbi, routerAbi, swapTokenAbi, timelockAbi, usdtAbi } from "@taichi/contracts";
import type { Deployment } from "./deploy.ts";
import { chainAt } from "./env.ts";
import { type Signer, walletOf } from "./signer.ts";
import { type SafeCall, transactionBuilderFile } from "@taichi/contracts/safe";

export const FEE_TOKENS = ["SwapToken", "BurnToken", "MiningToken"] as const;
/** The launch batch's salt: one launch per deployment (another batch with the same calls would need another). */
export const LAUNCH_SALT = keccak256(stringToHex("taichi launch"));

export type LaunchContext = {
  rpcUrl: string;
  deployment: Deployment;
  /** where `<chainId>-launch/` goes (the deployment file's folder) */
  outDir: string;
  log?: (line: string) => void;
};

/** The owner calls of the launch, scheduled and executed on the Timelock as one batch. */
export type LaunchBatch = {
  /** trading opens at this time (unix seconds) once the batch is executed */
  openTime: bigint;
  /** the Presale manager after the launch (a Safe); unset: the manager stays */
  manager?: Address;
};

const publicClientOf = (ctx: LaunchContext) => createPublicClient({ transport: http(ctx.rpcUrl) });

function launchDir(ctx: LaunchContext) {
  const dir = join(ctx.outDir, `${ctx.deployment.chainId}-launch`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Sends `calls` from `signer` one by one, each waited for; or, without a signer, writes them for a Safe. */
async function sendOrWrite(
  ctx: LaunchContext,
  name: string,
  description: string,
  calls: SafeCall[],
  signer?: Signer,
): Promise<{ sent: Hex[] } | { file: string }> {
  const log = ctx.log ?? console.log;
  if (!signer) {
    const file = join(launchDir(ctx), `${name}.json`);
    const builder = transactionBuilderFile({
      chainId: ctx.deployment.chainId,
      calls,
      meta: { name: `Taichi launch: ${name}`, description },
      createdAt: Date.now(),
    });
    writeFileSync(file, `${JSON.stringify(builder, null, 2)}\n`);
    log(`${description}: no signer given, wrote the Safe transaction to ${file}`);
    log("  import it in Safe{Wallet} (Transaction Builder, drag and drop), sign with enough owners, execute");
    return { file };
  }
  const publicClient = publicClientOf(ctx);
  const wallet = await walletOf(signer, chainAt(ctx.deployment.chainId, ctx.rpcUrl));
  const sent: Hex[] = [];
  for (const call of calls) {
    const hash = await wallet.sendTransaction({ to: call.to, data: call.data, value: call.value ?? 0n });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${name}: ${hash} reverted`);
    sent.push(hash);
  }
  log(
    `${description}: sent from ${signer.account.address} (${sent.length} transaction${sent.length === 1 ? "" : "s"})`,
  );
  return { sent };
}

const call = (to: Address, abi: Abi, functionName: string, args: readonly unknown[] = []): SafeCall => ({
  to,
  data: encodeFunctionData({ abi, functionName, args }),
});

/** The manager sets the sale's dates (immediate while nobody bought); every other term stays as it is. */
export async function configurePresale(
  ctx: LaunchContext,
  times: { start: bigint; end: bigint; claim: bigint },
  manager?: Signer,
) {
  const publicClient = publicClientOf(ctx);
  const ido = ctx.deployment.contracts.Ido!;
  const config = await publicClient.readContract({ address: ido, abi: idoAbi, functionName: "getConfig" });
  if (!(times.start < times.end && times.end <= times.claim))
    throw new Error("the sale must start before it ends, and claims open when it ends or later");
  const settings = {
    directRate: config.directRate,
    indirectRate: config.indirectRate,
    idoAmount: config.idoAmount,
    idoTokens1: config.idoTokens1,
    idoTokens2: config.idoTokens2,
    idoTokens3: config.idoTokens3,
    idoMax: config.idoMax,
    startTime: times.start,
    endTime: times.end,
    extractTime: times.claim,
  };
  return sendOrWrite(
    ctx,
    "presale",
    `the sale runs ${iso(times.start)} to ${iso(times.end)}, claims from ${iso(times.claim)}`,
    [call(ido, idoAbi, "setConfig", [settings])],
    manager,
  );
}

/** The deployer (fee-exempt, holding the supply) adds each token's first liquidity against USDT. */
export async function addLiquidity(
  ctx: LaunchContext,
  amounts: { tokens: bigint; usdt: bigint },
  deployer: Signer,
) {
  const publicClient = publicClientOf(ctx);
  const c = ctx.deployment.contracts;
  const held = await publicClient.readContract({
    address: c.Usdt!,
    abi: usdtAbi,
    functionName: "balanceOf",
    args: [deployer.account.address],
  });
  const needed = amounts.usdt * BigInt(FEE_TOKENS.length);
  if (held < needed)
    throw new Error(
      `the deployer holds ${formatEther(held)} USDT, the three pools need ${formatEther(needed)}`,
    );
  const deadline = (await publicClient.getBlock()).timestamp + 3600n;
  const calls = [call(c.Usdt!, usdtAbi, "approve", [c.Router, needed])];
  for (const name of FEE_TOKENS) {
    calls.push(call(c[name]!, swapTokenAbi, "approve", [c.Router, amounts.tokens]));
    calls.push(
      call(c.Router!, routerAbi, "addLiquidity", [
        c[name],
        c.Usdt,
        amounts.tokens,
        amounts.usdt,
        amounts.tokens,
        amounts.usdt,
        deployer.account.address,
        deadline,
      ]),
    );
  }
  return sendOrWrite(
    ctx,
    "liquidity",
    `${formatEther(amounts.tokens)} tokens against ${formatEther(amounts.usdt)} USDT in each of the three pools`,
    calls,
    deployer,
  );
}

/** USDT into Staking's reward pool (what static income is paid from). */
export async function fundRewardPool(ctx: LaunchContext, usdt: bigint, funder?: Signer) {
  const c = ctx.deployment.contracts;
  return sendOrWrite(
    ctx,
    "reward-pool",
    `${formatEther(usdt)} USDT to the staking reward pool ${c.Staking}`,
    [call(c.Usdt!, usdtAbi, "transfer", [c.Staking, usdt])],
    funder,
  );
}

/** The calls the launch batch makes as the owner: opening trading on the three tokens, the new manager. */
export function launchCalls(deployment: Deployment, batch: LaunchBatch): SafeCall[] {
  const c = deployment.contracts;
  return [
    ...FEE_TOKENS.map((name) => call(c[name]!, swapTokenAbi, "setOpening", [batch.openTime, 0n])),
    ...(batch.manager ? [call(c.Presale!, presaleAbi, "setManager", [batch.manager])] : []),
  ];
}

function batchArgs(deployment: Deployment, batch: LaunchBatch) {
  const calls = launchCalls(deployment, batch);
  return [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data)] as const;
}

const batchFile = (ctx: LaunchContext) => join(launchDir(ctx), "batch.json");

/**
 * A proposer schedules the launch batch on the Timelock with its minimum delay. The batch is kept in
 * `batch.json` so that `execute` runs exactly the calls that were scheduled.
 */
export async function scheduleLaunch(ctx: LaunchContext, batch: LaunchBatch, proposer?: Signer) {
  const publicClient = publicClientOf(ctx);
  const timelock = ctx.deployment.contracts.Timelock!;
  const delay = await publicClient.readContract({
    address: timelock,
    abi: timelockAbi,
    functionName: "getMinDelay",
  });
  writeFileSync(
    batchFile(ctx),
    `${JSON.stringify({ openTime: String(batch.openTime), manager: batch.manager }, null, 2)}\n`,
  );
  const [targets, values, payloads] = batchArgs(ctx.deployment, batch);
  const result = await sendOrWrite(
    ctx,
    "schedule",
    `schedule on the Timelock (delay ${delay} s): trading opens at ${iso(batch.openTime)}${batch.manager ? `, the Presale manager becomes ${batch.manager}` : ""}`,
    [call(timelock, timelockAbi, "scheduleBatch", [targets, values, payloads, zeroHash, LAUNCH_SALT, delay])],
    proposer,
  );
  return { ...result, delay };
}

/** The batch `schedule` kept, and when the Timelock lets it run (0: not scheduled, 1: done). */
export async function scheduledLaunch(ctx: LaunchContext) {
  const file = batchFile(ctx);
  if (!existsSync(file)) throw new Error(`${file} is missing: schedule the launch first`);
  const kept = JSON.parse(readFileSync(file, "utf8")) as { openTime: string; manager?: Address };
  const batch: LaunchBatch = { openTime: BigInt(kept.openTime), manager: kept.manager };
  const publicClient = publicClientOf(ctx);
  const timelock = ctx.deployment.contracts.Timelock!;
  const [targets, values, payloads] = batchArgs(ctx.deployment, batch);
  const id = await publicClient.readContract({
    address: timelock,
    abi: timelockAbi,
    functionName: "hashOperationBatch",
    args: [targets, values, payloads, zeroHash, LAUNCH_SALT],
  });
  const readyAt = await publicClient.readContract({
    address: timelock,
    abi: timelockAbi,
    functionName: "getTimestamp",
    args: [id],
  });
  return { batch, id, readyAt };
}

/** An executor runs the scheduled launch batch once its delay has passed; refused, with the time, before. */
export async function executeLaunch(ctx: LaunchContext, executor?: Signer) {
  const { batch, readyAt } = await scheduledLaunch(ctx);
  const publicClient = publicClientOf(ctx);
  const now = (await publicClient.getBlock()).timestamp;
  if (readyAt === 0n) throw new Error("the launch batch is not scheduled on the Timelock");
  if (readyAt === 1n) throw new Error("the launch batch already ran");
  if (now < readyAt)
    throw new Error(`the Timelock runs the launch batch from ${iso(readyAt)} (${readyAt - now} s from now)`);
  const timelock = ctx.deployment.contracts.Timelock!;
  const [targets, values, payloads] = batchArgs(ctx.deployment, batch);
  return sendOrWrite(
    ctx,
    "execute",
    "execute the launch batch on the Timelock",
    [call(timelock, timelockAbi, "executeBatch", [targets, values, payloads, zeroHash, LAUNCH_SALT])],
    executor,
  );
}

/** Unix seconds from `value`: a number of seconds, or a date (ISO 8601, e.g. 2026-12-01T12:00:00Z). */
export function parseTime(name: string, value: string | undefined): bigint {
  const raw = value?.trim();
  if (!raw) throw new Error(`${name} is required (unix seconds or an ISO 8601 date)`);
  if (/^\d+$/.test(raw)) return BigInt(raw);
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw new Error(`${name}: "${raw}" is neither unix seconds nor an ISO 8601 date`);
  return BigInt(Math.floor(ms / 1000));
}

/** Whole tokens (18 decimals) from `value`. */
export function parseAmount(name: string, value: string | undefined): bigint {
  const raw = value?.trim();
  if (!raw || !/^\d+(\.\d+)?$/.test(raw))
    throw new Error(`${name} must be an amount in whole units, got "${raw ?? ""}"`);
  return parseEther(raw);
}

const iso = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString();
