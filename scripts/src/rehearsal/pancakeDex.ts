/**
 * The rehearsal's DEX, a fixture build step: PancakeSwap's factory and pair as the npm package
 * `@pancakeswap-libs/pancake-swap-core` ships them (its first core: a 0.2% fee and an init-code hash of its own,
 * neither Uniswap's nor PancakeSwap V2's on BSC), and a Router02 compiled from the npm Uniswap periphery source
 * (`@uniswap/v2-periphery`) with that pair's hash and fee in its library, by solc 0.6.6 from npm (solcjs). The
 * build takes a few seconds and is cached under .data/fixtures by the hash of what it is built from.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Abi, type Hex, keccak256 } from "viem";
import type { Dex } from "@taichi/contracts/dex";
import { REPO_ROOT } from "../env.ts";

const require = createRequire(import.meta.url);

type Compiled = { abi: Abi; bytecode: Hex };

const coreArtifact = (name: "PancakeFactory" | "PancakePair"): Compiled => {
  const json = require(`@pancakeswap-libs/pancake-swap-core/build/${name}.json`) as {
    abi: Abi;
    bytecode: string;
  };
  return { abi: json.abi, bytecode: `0x${json.bytecode.replace(/^0x/, "")}` };
};

export const pancakeFactory = () => coreArtifact("PancakeFactory");

/** The package's DEX: what its pair keeps of an input (998/1000) and its pair's init-code hash. */
export function pancakeCoreDex(): Dex {
  const pair = readFileSync(
    require.resolve("@pancakeswap-libs/pancake-swap-core/contracts/PancakePair.sol"),
    "utf8",
  );
  const keep = /balance0\.mul\(1000\)\.sub\(amount0In\.mul\((\d+)\)\)/.exec(pair);
  if (!keep) throw new Error("PancakePair.sol no longer states its fee as the rehearsal reads it");
  return { feeBps: Number(keep[1]) * 10, initCodeHash: keccak256(coreArtifact("PancakePair").bytecode) };
}

/** The periphery's library with `dex`'s fee and pair hash in place of Uniswap's 997/1000 and its hash. */
function libraryFor(dex: Dex, source: string): string {
  const swaps: [RegExp, string, number][] = [
    [
      /hex'96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'/g,
      `hex'${dex.initCodeHash.slice(2)}'`,
      1,
    ],
    [/\.mul\(997\)/g, `.mul(${10_000 - dex.feeBps})`, 2],
    [/\.mul\(1000\)/g, ".mul(10000)", 2],
  ];
  return swaps.reduce((text, [pattern, replacement, expected]) => {
    const found = text.match(pattern)?.length ?? 0;
    if (found !== expected)
      throw new Error(`UniswapV2Library.sol: ${pattern} found ${found} times, not ${expected}`);
    return text.replace(pattern, replacement);
  }, source);
}

/** Router02 for `dex`, compiled from the npm periphery source (cached). */
export function buildRouter(dex: Dex): Compiled {
  const periphery = dirname(require.resolve("@uniswap/v2-periphery/package.json"));
  const libraryPath = "@uniswap/v2-periphery/contracts/libraries/UniswapV2Library.sol";
  const library = libraryFor(
    dex,
    readFileSync(join(periphery, "contracts/libraries/UniswapV2Library.sol"), "utf8"),
  );
  const entry = "@uniswap/v2-periphery/contracts/UniswapV2Router02.sol";
  const solc = require("solc-0.6.6") as {
    compile(input: string, callbacks: object): string;
    version(): string;
  };
  const cacheDir = join(REPO_ROOT, ".data", "fixtures");
  const cacheFile = join(
    cacheDir,
    `router-${keccak256(`0x${Buffer.from(library + solc.version()).toString("hex")}`).slice(2, 18)}.json`,
  );
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, "utf8")) as Compiled;

  const read = (path: string) =>
    path === libraryPath ? library : readFileSync(require.resolve(path.replace(/^\.\//, "")), "utf8");
  const input = {
    language: "Solidity",
    sources: { [entry]: { content: read(entry) } },
    // the settings of the periphery's own build (its .waffle.json): optimizer, 999999 runs, istanbul
    settings: {
      optimizer: { enabled: true, runs: 999_999 },
      evmVersion: "istanbul",
      outputSelection: { [entry]: { UniswapV2Router02: ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (path: string) => {
        try {
          return { contents: read(path) };
        } catch {
          return { error: `not found: ${path}` };
        }
      },
    }),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length)
    throw new Error(`compiling Router02: ${errors.map((e) => e.formattedMessage).join("\n")}`);
  const router = output.contracts[entry]!.UniswapV2Router02!;
  const compiled: Compiled = { abi: router.abi, bytecode: `0x${router.evm.bytecode.object}` };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(compiled));
  return compiled;
}
