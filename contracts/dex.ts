/**
 * The Uniswap-V2-design DEX a chain trades on: its swap fee and its pair init-code hash. Both differ between
 * DEXes of the same design (PancakeSwap V2 keeps 9975/10000 of every input, Uniswap V2 997/1000), so nothing
 * assumes them: the deploy checks them against the chain and records them in `deployments/<chainId>.json`
 * (`dex`), and every quote reads them from there.
 */
import { type Address, type Hex, getCreate2Address, keccak256, encodePacked } from "viem";

export type Dex = {
  /** The swap fee in basis points of the input (30 for Uniswap V2, 25 for PancakeSwap V2). */
  feeBps: number;
  /** keccak256 of the pair's creation code: a pair's address is CREATE2(factory, token0 ++ token1, hash). */
  initCodeHash: Hex;
};

export const FEE_DENOMINATOR = 10_000n;

/** Uniswap V2 as shipped on npm (`@uniswap/v2-core`, `@uniswap/v2-periphery`): the local chain's DEX. */
export const UNISWAP_V2: Dex = {
  feeBps: 30,
  initCodeHash: "0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f",
};

/** PancakeSwap V2 on BNB Smart Chain (56) and its testnet (97). */
export const PANCAKESWAP_V2: Dex = {
  feeBps: 25,
  initCodeHash: "0x00fb7f630766e6a796048ea87d01acd3068e8ff67d078148a3fa3f4a84f69bd5",
};

/** PancakeSwap's factories publish their pair's init-code hash (Uniswap's does not). */
export const initCodePairHashAbi = [
  {
    type: "function",
    name: "INIT_CODE_PAIR_HASH",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "bytes32" }],
  },
] as const;

/** What the router pays out for `amountIn` against these reserves (UniswapV2Library.getAmountOut, any fee). */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint, dex: Dex): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const inWithFee = amountIn * (FEE_DENOMINATOR - BigInt(dex.feeBps));
  return (inWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + inWithFee);
}

/** The pair of `tokenA` and `tokenB` on `factory`, computed as the router does (UniswapV2Library.pairFor). */
export function pairFor(factory: Address, tokenA: Address, tokenB: Address, dex: Dex): Address {
  const [token0, token1] = BigInt(tokenA) < BigInt(tokenB) ? [tokenA, tokenB] : [tokenB, tokenA];
  return getCreate2Address({
    from: factory,
    salt: keccak256(encodePacked(["address", "address"], [token0, token1])),
    bytecodeHash: dex.initCodeHash,
  });
}

/** A `dex` entry read from a deployment file, or undefined when it is not one. */
export function parseDex(raw: unknown): Dex | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { feeBps, initCodeHash } = raw as { feeBps?: unknown; initCodeHash?: unknown };
  if (typeof feeBps !== "number" || !Number.isInteger(feeBps) || feeBps < 0 || feeBps >= 10_000) {
    return undefined;
  }
  if (typeof initCodeHash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(initCodeHash)) return undefined;
  return { feeBps, initCodeHash: initCodeHash as Hex };
}
