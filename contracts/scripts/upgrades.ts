/**
 * OpenZeppelin's upgrades-core checks every UUPS implementation, offline: upgrade safety (initializers, no
 * constructor code but `_disableInitializers`, no selfdestruct or delegatecall, immutables allowed only where
 * annotated) and its storage layout against the layout of the version deployed, `storage/<Name>.json`.
 * `--write` records the current layouts: run it when a version is deployed (the files then describe what is on
 * chain, and the next upgrade is checked against them).
 *
 * solcjs compiles the proxies' sources here rather than reading forge's build-info, where the sources solcjs
 * loaded through its import callback are missing; it compiles them once as they are and once namespaced (the
 * ERC-7201 structs made state variables, as upgrades-core does), so the namespaces' slots are known.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import {
  assertUpgradeSafe,
  getContractVersion,
  getStorageLayout,
  getStorageUpgradeReport,
  makeNamespacedInput,
  solcInputOutputDecoder,
  validate,
  withValidationDefaults,
  type SolcInput,
  type SolcOutput,
  type StorageLayout,
} from "@openzeppelin/upgrades-core";
import { CONTRACTS_DIR } from "./artifacts.ts";

const require = createRequire(import.meta.url);
const solc = require("solc") as {
  version(): string;
  compile(
    input: string,
    callbacks: { import(path: string): { contents: string } | { error: string } },
  ): string;
};

/** The implementations behind the deploy's ERC1967 proxies, by source file. */
const PROXIES = {
  Presale: "src/Presale.sol",
  Ido: "src/Ido.sol",
  Staking: "src/Staking.sol",
  LpSwap: "src/LpSwap.sol",
  LpDividend: "src/LpDividend.sol",
  HoldDividend: "src/HoldDividend.sol",
  NodeReward: "src/NodeReward.sol",
} as const;
const LAYOUT_DIR = join(CONTRACTS_DIR, "storage");
const NODE_MODULES = join(CONTRACTS_DIR, "..", "node_modules");
const OPTIONS = withValidationDefaults({ kind: "uups" });

/** Compiles `input` with every imported source added to it (upgrades-core reads the sources it reports on). */
function compile(input: SolcInput): SolcOutput {
  const loaded: Record<string, string> = {};
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import(path) {
        const file = [join(CONTRACTS_DIR, path), join(NODE_MODULES, path)].find(existsSync);
        if (!file) return { error: `not found: ${path}` };
        loaded[path] = readFileSync(file, "utf8");
        return { contents: loaded[path]! };
      },
    }),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  for (const [path, content] of Object.entries(loaded)) input.sources[path] = { content };
  return output;
}

const input: SolcInput = {
  language: "Solidity",
  sources: Object.fromEntries(
    Object.values(PROXIES).map((file) => [
      file,
      { content: readFileSync(join(CONTRACTS_DIR, file), "utf8") },
    ]),
  ),
  settings: {
    evmVersion: "cancun",
    outputSelection: { "*": { "*": ["storageLayout", "evm.bytecode"], "": ["ast"] } },
  },
} as SolcInput;
const version = solc.version();
const output = compile(input);
const namespacedOutput = compile(makeNamespacedInput(input, output, version));
const runData = validate(output, solcInputOutputDecoder(input, output), version, input, namespacedOutput);

const write = process.argv.includes("--write");
const failures: string[] = [];
mkdirSync(LAYOUT_DIR, { recursive: true });
for (const [name, file] of Object.entries(PROXIES)) {
  const contractVersion = getContractVersion(runData, `${file}:${name}`);
  try {
    assertUpgradeSafe([runData], contractVersion, OPTIONS);
  } catch (error) {
    failures.push(`${name}: ${(error as Error).message}`);
    continue;
  }
  const layout = getStorageLayout([runData], contractVersion);
  const recorded = join(LAYOUT_DIR, `${name}.json`);
  if (write) {
    writeFileSync(recorded, `${JSON.stringify(layout, null, 2)}\n`);
    console.log(`${name}: upgrade safe; layout recorded in ${join("storage", `${name}.json`)}`);
    continue;
  }
  if (!existsSync(recorded)) {
    failures.push(`${name}: no deployed layout in storage/${name}.json (record it with --write)`);
    continue;
  }
  const deployed = JSON.parse(readFileSync(recorded, "utf8")) as StorageLayout;
  const report = getStorageUpgradeReport(deployed, layout, OPTIONS);
  if (report.ok) console.log(`${name}: upgrade safe; storage layout compatible with the deployed version`);
  else failures.push(`${name}: storage layout incompatible with the deployed version\n${report.explain()}`);
}
if (failures.length > 0) {
  console.error(failures.join("\n\n"));
  process.exit(1);
}
