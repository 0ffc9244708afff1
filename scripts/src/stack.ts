/**
 * The local stack: anvil, the deployed contracts, the API, the indexer (when given a port) and the app.
 * `npm run dev` and the end-to-end tests both start it through here.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DEPLOYMENTS_DIR, deploy, type Deployment } from "./deploy.ts";
import {
  DEV_ACCOUNTS,
  DEV_ROLES,
  LOCAL_CHAIN_ID,
  REPO_ROOT,
  devAccount,
  devOperatorAddresses,
  devPrivateKey,
  timelockFromEnv,
} from "./env.ts";
import { spawnSync } from "node:child_process";
import { startIndexer } from "./indexer.ts";
import { isPortOpen, startService, stopService, toolPath, waitForPort, type Service } from "./processes.ts";
import {
  REHEARSAL_TREASURY,
  type RehearsalChain,
  type RehearsalChainId,
  startRehearsalChain,
} from "./rehearsal/chain.ts";
import { type DevSafe, createDevSafe, writeDevSafe } from "./safe.ts";

export type StackOptions = {
  /** `indexer`: start the indexer there (`npm run dev`); without it the stack runs without one. */
  ports: { chain: number; api: number; app: number; indexer?: number };
  /** "dev": Vite dev server with HMR; "preview": the production build served by vite preview. */
  appMode?: "dev" | "preview";
  quiet?: boolean;
  /**
   * A folder of this stack's own: the API's and the indexer's embedded databases (`db/`, `indexer/`,
   * wiped at start so every run begins clean), the deployment file (`deployments/`) and the app build
   * (`dist/`). Stacks with different folders never overwrite each other. Default (`npm run dev`):
   * `.data/dev/db` and `.data/dev/indexer`, the repository's `deployments/` and `app/dist`.
   */
  stateDir?: string;
  /** Extra app env (e.g. VITE_RPC_MULTICALL), for the build and the app server. */
  appEnv?: Record<string, string>;
  /** The BSC-shaped rehearsal chain (56 or 97, rehearsal/chain.ts) instead of the local 31337 one. */
  rehearsal?: RehearsalChainId;
  /**
   * Start the price keeper (`npm run dev`), which calls Staking.updatePrice() every price window so token
   * deposits keep a recent average price. Tests leave it off: they move the clock themselves.
   */
  keeper?: boolean;
};

export type Stack = {
  deployment: Deployment;
  /** the dev operators' 2-of-3 Safe, a Timelock proposer (scripts/src/safe.ts) */
  safe: DevSafe;
  urls: { chain: string; api: string; app: string; indexer?: string };
  stop(): Promise<void>;
};

export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports, quiet = false } = options;
  for (const [name, port] of Object.entries(ports)) {
    if (await isPortOpen(port)) {
      throw new Error(
        `port ${port} (${name}) is already in use: stop whatever holds it, or set ${name.toUpperCase()}_PORT`,
      );
    }
  }
  const urls = {
    chain: `http://127.0.0.1:${ports.chain}`,
    api: `http://127.0.0.1:${ports.api}`,
    app: `http://127.0.0.1:${ports.app}`,
    ...(ports.indexer === undefined ? {} : { indexer: `http://127.0.0.1:${ports.indexer}` }),
  };
  const services: Service[] = [];
  const stop = async () => {
    await Promise.all(services.reverse().map(stopService));
  };

  try {
    const deploymentsDir = options.stateDir ? join(options.stateDir, "deployments") : DEPLOYMENTS_DIR;
    run("forge", ["build"], join(REPO_ROOT, "contracts"), {}, quiet);
    let deployment: Deployment;
    let rehearsal: RehearsalChain | undefined;
    let safe: DevSafe;
    if (options.rehearsal) {
      rehearsal = await startRehearsalChain({
        chainId: options.rehearsal,
        port: ports.chain,
        deploymentsDir,
        quiet,
      });
      services.push(rehearsal.service);
      deployment = rehearsal.deployment;
      safe = rehearsal.safe;
    } else {
      const chain = startService(
        "chain",
        "anvil",
        [
          "--host",
          "127.0.0.1",
          "--port",
          String(ports.chain),
          "--chain-id",
          String(LOCAL_CHAIN_ID),
          "--accounts",
          String(DEV_ACCOUNTS),
          "--silent",
        ],
        { quiet },
      );
      services.push(chain);
      await waitForPort(chain, ports.chain);
      // The dev operators' 2-of-3 Safe proposes on the Timelock beside the deployer, whose key the manager
      // area's journeys still schedule with; the Presale manager stays dev account 1 for the same reason.
      safe = await createDevSafe(urls.chain);
      const timelock = timelockFromEnv();
      deployment = await deploy({
        outDir: deploymentsDir,
        rpcUrl: urls.chain,
        deployer: devPrivateKey(0),
        timelock: {
          ...timelock,
          proposers: timelock.proposers ?? [devAccount(DEV_ROLES.deployer).address, safe.address],
        },
        log: quiet ? () => {} : (line) => console.log(`[deploy] ${line}`),
      });
      writeDevSafe(deploymentsDir, safe);
    }

    // A server database (DATABASE_URL) is used as it is; the embedded ones start empty like the chain.
    const stateDir = options.stateDir ?? join(REPO_ROOT, ".data", "dev");
    const dataDir = join(stateDir, "db");
    const indexerDir = join(stateDir, "indexer");
    if (!process.env.DATABASE_URL) {
      for (const dir of [dataDir, indexerDir]) rmSync(dir, { recursive: true, force: true });
    }
    const api = startService("api", "tsx", ["server/src/server.ts"], {
      quiet,
      env: {
        API_PORT: String(ports.api),
        RPC_URL: urls.chain,
        SIWE_DOMAIN: `127.0.0.1:${ports.app},localhost:${ports.app}`,
        DATABASE_URL: process.env.DATABASE_URL || pathToFileURL(dataDir).href,
        CHAIN_ID: String(deployment.chainId),
        ...(options.rehearsal ? { TREASURY_ADDRESS: REHEARSAL_TREASURY } : {}),
        OPERATOR_ADDRESSES: devOperatorAddresses(),
        // This stack's own deployment (its file may not be the repository's deployments/).
        USDT_ADDRESS: deployment.contracts.Usdt ?? "",
        ARB_ADDRESS: deployment.contracts.MiningToken ?? "",
      },
    });
    services.push(api);

    const indexer =
      ports.indexer === undefined
        ? undefined
        : startIndexer({
            mode: "dev",
            port: ports.indexer,
            rpcUrl: urls.chain,
            deploymentsDir,
            dataDir: indexerDir,
            quiet,
          });
    if (indexer) services.push(indexer);

    if (options.keeper) {
      services.push(
        startService("keeper", "tsx", ["scripts/src/price-keeper-cli.ts"], {
          quiet,
          env: { RPC_URL: urls.chain, DEPLOYMENTS_DIR: deploymentsDir },
        }),
      );
    }

    const appDir = join(REPO_ROOT, "app");
    const appEnv = {
      // link previews' absolute URLs: this stack's app (a build on BSC's chain ids requires one)
      VITE_PUBLIC_URL: urls.app,
      ...options.appEnv,
      APP_PORT: String(ports.app),
      API_PORT: String(ports.api),
      VITE_CHAIN_ID: String(deployment.chainId),
      VITE_RPC_URL: urls.chain,
      ...(urls.indexer ? { VITE_INDEXER_URL: urls.indexer } : {}),
      DEPLOYMENTS_DIR: deploymentsDir,
      ...(options.stateDir ? { APP_OUT_DIR: join(options.stateDir, "dist") } : {}),
    };
    if (options.appMode === "preview") run("vite", ["build"], appDir, appEnv, quiet);
    const app =
      options.appMode === "preview"
        ? startService("app", "vite", ["preview", "--strictPort"], { quiet, env: appEnv, cwd: appDir })
        : startService("app", "vite", [], { quiet, env: appEnv, cwd: appDir });
    services.push(app);

    await Promise.all([
      waitForPort(api, ports.api),
      waitForPort(app, ports.app),
      ...(indexer ? [waitForPort(indexer, ports.indexer!)] : []),
    ]);
    // the rehearsal's launch steps after the services (docs/launch.md)
    if (rehearsal) await rehearsal.runbook.runRest({ api: urls.api, app: urls.app });
    return { deployment, safe, urls, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs a build step to completion; the app is built after the deploy so it carries this chain's addresses. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, quiet: boolean) {
  const result = spawnSync(toolPath(command), args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout ?? ""}${result.stderr ?? ""}`);
  }
}
