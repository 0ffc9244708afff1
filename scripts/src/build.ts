/**
 * `npm run build -w server` and `npm run build -w scripts`: the API, the price keeper and the watcher as plain
 * JavaScript that `node` runs without tsx (docs/operations.md, "Processes"). Each is one ES module in its
 * workspace's `dist/`: the project's own workspaces (TypeScript sources) are bundled in, npm packages stay
 * imports, resolved at run time from a production install (`npm ci --omit=dev`). A bundle sits as deep in
 * the repository as its entry (`server/dist/` beside `server/src/`), so paths the code derives from its
 * own location (REPO_ROOT, the deployments) stay the same.
 */
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { REPO_ROOT } from "./env.ts";

export const PROCESSES = {
  api: {
    entry: "server/src/server.ts",
    outfile: "server/dist/server.js",
    // read beside the bundle at run time (src/db/migrate.ts: `./migrations/` of the module)
    assets: [["server/src/db/migrations", "server/dist/migrations"]],
  },
  keeper: { entry: "scripts/src/price-keeper-cli.ts", outfile: "scripts/dist/price-keeper.js", assets: [] },
  watcher: { entry: "scripts/src/watcher-cli.ts", outfile: "scripts/dist/watcher.js", assets: [] },
} as const;

export type ProcessName = keyof typeof PROCESSES;

/** Every import that is not a relative path or one of our `@taichi/*` workspaces stays an import. */
const npmPackagesExternal: Plugin = {
  name: "npm-packages-external",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@taichi/") ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildProcess(name: ProcessName): Promise<string> {
  const { entry, outfile, assets } = PROCESSES[name];
  const out = join(REPO_ROOT, outfile);
  // its own files only: the keeper and the watcher share scripts/dist/
  for (const file of [out, `${out}.map`]) rmSync(file, { force: true });
  for (const [, to] of assets) rmSync(join(REPO_ROOT, to), { recursive: true, force: true });
  await build({
    entryPoints: [join(REPO_ROOT, entry)],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    plugins: [npmPackagesExternal],
    logLevel: "warning",
  });
  for (const [from, to] of assets) cpSync(join(REPO_ROOT, from), join(REPO_ROOT, to), { recursive: true });
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const names = process.argv.slice(2);
  for (const name of names) {
    if (!(name in PROCESSES))
      throw new Error(`unknown process "${name}": ${Object.keys(PROCESSES).join(", ")}`);
    console.log(`built ${await buildProcess(name as ProcessName)}`);
  }
}
