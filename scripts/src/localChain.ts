import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy, type Deployment } from "./deploy.ts";
import { devPrivateKey } from "./env.ts";
import { startService, stopService, waitForPort } from "./processes.ts";

export type LocalChain = {
  rpcUrl: string;
  deployment: Deployment;
  /** the temporary folder holding the deployment file */
  deploymentsDir: string;
  stop(): Promise<void>;
};

/**
 * A throwaway anvil on `port` with the whole product deployed by the deployer (dev account 0), for
 * tests and benchmarks; its deployment file goes to a temporary folder, not deployments/.
 */
export async function startLocalChain(port: number): Promise<LocalChain> {
  const anvil = startService("chain", "anvil", ["--host", "127.0.0.1", "--port", String(port), "--silent"], {
    quiet: true,
  });
  try {
    await waitForPort(anvil, port);
    const rpcUrl = `http://127.0.0.1:${port}`;
    const deploymentsDir = mkdtempSync(join(tmpdir(), "deployments-"));
    const deployment = await deploy({
      rpcUrl,
      deployer: devPrivateKey(0),
      log: () => {},
      outDir: deploymentsDir,
    });
    return { rpcUrl, deployment, deploymentsDir, stop: () => stopService(anvil) };
  } catch (error) {
    await stopService(anvil);
    throw error;
  }
}
