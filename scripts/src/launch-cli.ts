/**
 * `npm run launch -- <step>`: the on-chain launch steps after the deploy, in docs/launch.md's order.
 *
 *   presale      the Presale manager sets the sale's dates    IDO_START, IDO_END, IDO_CLAIM; MANAGER_KEYSTORE
 *   liquidity    the deployer adds each pool's first liquidity  LIQUIDITY_TOKENS, LIQUIDITY_USDT; DEPLOYER_KEYSTORE
 *   reward-pool  USDT into Staking's reward pool              REWARD_POOL_USDT; DEPLOYER_KEYSTORE
 *   schedule     the launch batch on the Timelock             OPEN_TIME, MANAGER_SAFE; PROPOSER_KEYSTORE
 *   execute      the launch batch, once its delay passed      PROPOSER_KEYSTORE
 *
 * RPC_URL and DEPLOYMENTS_DIR as for `npm run deploy`. A signer is `<ROLE>_SIGNER_URL` (an external signer, with
 * `<ROLE>_ADDRESS` when it offers several accounts), `<ROLE>_KEYSTORE` (with `<ROLE>_PASSWORD_FILE`, or typed)
 * or `<ROLE>_KEY`; a step of a Safe (no signer given for presale, reward-pool,
 * schedule or execute) is written as a Safe Transaction Builder file instead of sent.
 */
import { createPublicClient, http } from "viem";
import { DEPLOYMENTS_DIR, readDeploymentWithDex } from "./deploy.ts";
import { addressFromEnv, ports } from "./env.ts";
import {
  type LaunchContext,
  addLiquidity,
  configurePresale,
  executeLaunch,
  fundRewardPool,
  parseAmount,
  parseTime,
  scheduleLaunch,
} from "./launch.ts";
import { SIGNERS, type SignerRole, signerFromEnv } from "./signer.ts";

const STEPS = ["presale", "liquidity", "reward-pool", "schedule", "execute"] as const;

const step = process.argv[2];
const rpcUrl = process.env.RPC_URL || `http://127.0.0.1:${ports().chain}`;
const outDir = process.env.DEPLOYMENTS_DIR || DEPLOYMENTS_DIR;
const env = process.env;

try {
  if (!STEPS.includes(step as never)) throw new Error(`which step? ${STEPS.join(", ")}`);
  const chainId = await createPublicClient({ transport: http(rpcUrl) }).getChainId();
  const ctx: LaunchContext = { rpcUrl, deployment: readDeploymentWithDex(outDir, chainId), outDir };
  const signer = (role: SignerRole) => signerFromEnv(role);
  const required = async (role: SignerRole) => {
    const given = await signer(role);
    const { signerUrl, keystore, key } = SIGNERS[role];
    if (!given) throw new Error(`${keystore} (or ${signerUrl}, or ${key}) is required for ${step}`);
    return given;
  };
  switch (step as (typeof STEPS)[number]) {
    case "presale":
      await configurePresale(
        ctx,
        {
          start: parseTime("IDO_START", env.IDO_START),
          end: parseTime("IDO_END", env.IDO_END),
          claim: parseTime("IDO_CLAIM", env.IDO_CLAIM || env.IDO_END),
        },
        await signer("MANAGER"),
      );
      break;
    case "liquidity":
      await addLiquidity(
        ctx,
        {
          tokens: parseAmount("LIQUIDITY_TOKENS", env.LIQUIDITY_TOKENS),
          usdt: parseAmount("LIQUIDITY_USDT", env.LIQUIDITY_USDT),
        },
        await required("DEPLOYER"),
      );
      break;
    case "reward-pool":
      await fundRewardPool(
        ctx,
        parseAmount("REWARD_POOL_USDT", env.REWARD_POOL_USDT),
        await signer("DEPLOYER"),
      );
      break;
    case "schedule":
      await scheduleLaunch(
        ctx,
        { openTime: parseTime("OPEN_TIME", env.OPEN_TIME), manager: addressFromEnv("MANAGER_SAFE") },
        await signer("PROPOSER"),
      );
      break;
    case "execute":
      await executeLaunch(ctx, await signer("PROPOSER"));
      break;
  }
} catch (error) {
  console.error(`launch ${step ?? ""}: ${(error as Error).message}`);
  process.exitCode = 1;
}
