import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { Address, Hex } from "viem";
import { useClient, useConnection } from "wagmi";
import { useTransaction } from "../../../app/useTransaction";
import { appChain } from "../../../app/wagmi";
import { deployBlock } from "../../../lib/deployments";
import { blocksSpanning, logRange } from "../../../lib/logRange";
import { adminReads } from "../reads";
import {
  type SafeProposal,
  approvalSignatures,
  batchCall,
  execArgs,
  loadSafeProposals,
  nextNonce,
  proposalSuffix,
  safeAbi,
  safeTx,
  safeTxHash,
} from "../safe";
import type { SafeVia } from "./useAdminCall";
import type { OperatorSafe } from "./useIsManager";

/** How far back the manager area looks for proposals on a chain whose RPCs cap `eth_getLogs` (BSC): a week. */
export const PROPOSAL_SECONDS = 7 * 24 * 3600;

export const SAFE_PROPOSALS_KEY = "safe-proposals";

/**
 * The Safe's pending proposals (`loadSafeProposals`) over the blocks since the timelock was deployed, or the last
 * PROPOSAL_SECONDS on a capped chain.
 */
function useLoadProposals() {
  const client = useClient({ chainId: appChain.id });
  return useCallback(
    async (safe: { address: Address; owners: readonly Address[]; nonce: bigint }) => {
      const reads = adminReads(client!);
      const head = await reads.getBlockNumber();
      const span = blocksSpanning(PROPOSAL_SECONDS, appChain.id);
      const floor = deployBlock("Timelock");
      const fromBlock = span === undefined || head - floor < span ? floor : head - span;
      return loadSafeProposals(reads, {
        domain: { chainId: appChain.id, safe: safe.address },
        owners: safe.owners,
        nonce: safe.nonce,
        window: { fromBlock, toBlock: head },
        range: logRange(appChain.id),
      });
    },
    [client],
  );
}

/** The pending proposals of `safe` (undefined: none to read), refreshed with the other reads after a transaction. */
export function useSafeProposals(safe: OperatorSafe | undefined) {
  const load = useLoadProposals();
  return useQuery({
    queryKey: [SAFE_PROPOSALS_KEY, safe?.address, safe?.nonce.toString()],
    enabled: !!safe,
    retry: false,
    queryFn: () => load(safe!),
  });
}

/**
 * A Safe transaction from this owner's wallet, each an ordinary transaction through the shared path:
 * - `via`: the Safe and the nonce a new proposal takes (after the pending ones);
 * - `propose`: approves the transaction's hash on the Safe, carrying the transaction itself so every owner finds
 *   it (several calls: one MultiSend batch); with a threshold of one it is executed at once instead;
 * - `approve` / `execute`: another owner's approval of a proposal, or its execution with the approvals gathered
 *   (the sender's own counts as its approval).
 */
export function useSafeTransaction() {
  const send = useTransaction();
  const load = useLoadProposals();
  const { address: account } = useConnection();

  const via = useCallback(
    async (safe: OperatorSafe): Promise<Omit<SafeVia, "calls">> => ({
      address: safe.address,
      nonce: nextNonce(safe.nonce, await load(safe)),
      threshold: safe.threshold,
      owners: safe.owners,
      multiSendCallOnly: safe.multiSendCallOnly,
    }),
    [load],
  );

  const execute = useCallback(
    (safe: Address, proposal: Pick<SafeProposal, "tx" | "approvals">) =>
      send({
        address: safe,
        abi: safeAbi,
        functionName: "execTransaction",
        args: execArgs(proposal.tx, approvalSignatures([...proposal.approvals, account!])),
      }),
    [send, account],
  );

  const propose = useCallback(
    (safe: SafeVia) => {
      const tx = safeTx(batchCall(safe.calls, safe.multiSendCallOnly), safe.nonce);
      if (safe.threshold <= 1n) return execute(safe.address, { tx, approvals: [] });
      const hash: Hex = safeTxHash({ chainId: appChain.id, safe: safe.address }, tx);
      return send({
        address: safe.address,
        abi: safeAbi,
        functionName: "approveHash",
        args: [hash],
        dataSuffix: proposalSuffix(tx),
      });
    },
    [send, execute],
  );

  const approve = useCallback(
    (safe: Address, proposal: SafeProposal) =>
      send({ address: safe, abi: safeAbi, functionName: "approveHash", args: [proposal.hash] }),
    [send],
  );

  return useMemo(() => ({ via, propose, approve, execute }), [via, propose, approve, execute]);
}
