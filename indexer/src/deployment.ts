import { type DeployedName, type Deployment, addressOf, pairNamesOf } from "@taichi/contracts/registry";

/** A deployed contract's address and the block its events start at (the file must say it). */
export function sourceOf(deployment: Deployment, name: DeployedName) {
  const address = addressOf(deployment, name);
  const startBlock = deployment.blocks[name];
  if (startBlock === undefined) {
    throw new Error(
      `${deployment.source} has no blocks.${name} (the block ${name} was deployed in, where indexing starts): redeploy with npm run deploy`,
    );
  }
  return { address, startBlock };
}

/** Every `Pair_<A>_<B>` of the deployment as one source: their addresses, from the earliest one's block. */
export function pairsOf(deployment: Deployment) {
  const sources = pairNamesOf(deployment).map((name) => sourceOf(deployment, name));
  if (sources.length === 0) throw new Error(`${deployment.source} lists no pairs (Pair_<A>_<B>)`);
  return {
    address: sources.map((s) => s.address),
    startBlock: Math.min(...sources.map((s) => s.startBlock)),
  };
}
