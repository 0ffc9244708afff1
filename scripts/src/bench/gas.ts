/**
 * Gas of user-facing calls: the committed forge snapshots (contracts/snapshots/*.json) beside anchors
 * measured in the same run on anvil: an OpenZeppelin ERC20 transfer and a Uniswap-V2 router swap.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createPublicClient, createWalletClient, http, maxUint256, parseEther, type Hex } from "viem";
import { routerAbi, usdtAbi } from "@taichi/contracts";
import { DEV_ROLES, REPO_ROOT, chainAt, devAccount } from "../env.ts";
import { startLocalChain } from "../localChain.ts";

export type GasRow = { call: string; gas: number };

export function readSnapshots(): GasRow[] {
  const dir = join(REPO_ROOT, "contracts", "snapshots");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => {
      const group = file.replace(/\.json$/, "");
      const values = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, string>;
      return Object.entries(values).map(([name, gas]) => ({ call: `${group}.${name}`, gas: Number(gas) }));
    });
}

export async function measureAnchors(port = 8699): Promise<GasRow[]> {
  const chain = await startLocalChain(port);
  try {
    const { rpcUrl, deployment } = chain;
    const { contracts } = deployment;
    const account = devAccount(DEV_ROLES.members[0]);
    const client = createPublicClient({ transport: http(rpcUrl) });
    const wallet = createWalletClient({ account, transport: http(rpcUrl), chain: chainAt(31337, rpcUrl) });
    const gasOf = async (hash: Hex) => Number((await client.waitForTransactionReceipt({ hash })).gasUsed);
    const { Usdt, Router, Wbnb } = contracts as Record<string, Hex>;
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);

    const other = devAccount(DEV_ROLES.members[1]).address;
    // A transfer to an account that already holds USDT: the steady-state cost, no fresh storage slot.
    const transfer = await gasOf(
      await wallet.writeContract({
        address: Usdt!,
        abi: usdtAbi,
        functionName: "transfer",
        args: [other, 1n],
      }),
    );
    await gasOf(
      await wallet.writeContract({
        address: Usdt!,
        abi: usdtAbi,
        functionName: "approve",
        args: [Router!, maxUint256],
      }),
    );
    await gasOf(
      await wallet.writeContract({
        address: Router!,
        abi: routerAbi,
        functionName: "addLiquidityETH",
        args: [Usdt!, parseEther("6000"), 0n, 0n, account.address, deadline],
        value: parseEther("10"),
      }),
    );
    const swap = await gasOf(
      await wallet.writeContract({
        address: Router!,
        abi: routerAbi,
        functionName: "swapExactTokensForETH",
        args: [parseEther("10"), 0n, [Usdt!, Wbnb!], account.address, deadline],
      }),
    );
    return [
      { call: "anchor: OpenZeppelin ERC20 transfer", gas: transfer },
      { call: "anchor: Uniswap-V2 router swap (token -> BNB)", gas: swap },
    ];
  } finally {
    await chain.stop();
  }
}
