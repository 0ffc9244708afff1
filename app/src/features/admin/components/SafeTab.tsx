import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type Address, type Hex, decodeFunctionData } from "viem";
import { timelockAbi } from "@taichi/contracts";
import { useClient, useConnection } from "wagmi";
import { AddressLink } from "../../../components/AddressLink";
import { ConfirmModal } from "../../../components/ConfirmModal";
import { ReadError } from "../../../components/ReadError";
import { useTranslation } from "../../../i18n";
import type { I18nKey } from "../../../i18n/keys";
import { appChain } from "../../../app/wagmi";
import { type DescribedCall, describeCall } from "../calls";
import { durationText } from "../duration";
import { type OperatorSafe } from "../hooks/useIsManager";
import { useSafeProposals, useSafeTransaction } from "../hooks/useSafeProposals";
import { adminReads } from "../reads";
import { governedContracts, timelockContract } from "../registry";
import { type SafeCall, type SafeProposal, batchCalls, proposalAction } from "../safe";
import { ConfirmTargets } from "./ConfirmTargets";
import { CopyAddress } from "./CopyAddress";
import { CallView } from "./OperationList";
import { downloadBuilderFile } from "./SafeNote";

/** What an owner can do to a proposal: its button (and dialog title) and what its dialog says. */
const ACTIONS = {
  approve: { label: "manager.safe.approve", text: "manager.safe.approveText" },
  execute: { label: "manager.safe.execute", text: "manager.safe.executeText" },
} as const satisfies Record<string, { label: I18nKey; text: I18nKey }>;
type Action = keyof typeof ACTIONS;

/**
 * A proposal's call described, and for a timelock `schedule` (with its delay) or `execute` (`executeBatch`) the
 * calls it schedules or runs.
 */
type Described = {
  outer: DescribedCall;
  inner?: { calls: DescribedCall[] } & ({ kind: "schedules"; delay: bigint } | { kind: "executes" });
};

/** The calls a proposal makes: those of its MultiSend batch, or its own call. */
const proposalCalls = (p: SafeProposal, multiSendCallOnly: Address | undefined): SafeCall[] =>
  batchCalls(p.tx, multiSendCallOnly) ?? [{ to: p.tx.to, value: p.tx.value, data: p.tx.data }];

async function describeSafeCall(reads: ReturnType<typeof adminReads>, c: SafeCall): Promise<Described> {
  const contracts = governedContracts();
  const describe = (target: Address, value: bigint, data: Hex) =>
    describeCall(reads, { target, value, data }, contracts);
  const outer = await describe(c.to, c.value, c.data);
  if (c.to.toLowerCase() !== timelockContract().address.toLowerCase()) return { outer };
  try {
    const call = decodeFunctionData({ abi: timelockAbi, data: c.data });
    if (call.functionName === "schedule") {
      const [target, value, data, , , delay] = call.args;
      return {
        outer,
        inner: { kind: "schedules", delay, calls: [await describe(target, value, data)] },
      };
    }
    if (call.functionName === "execute") {
      const [target, value, data] = call.args;
      return {
        outer,
        inner: { kind: "executes", calls: [await describe(target, value, data)] },
      };
    }
    if (call.functionName === "executeBatch") {
      const [targets, values, payloads] = call.args;
      const calls = await Promise.all(targets.map((to, i) => describe(to, values[i]!, payloads[i]!)));
      return { outer, inner: { kind: "executes", calls } };
    }
    return { outer };
  } catch {
    return { outer };
  }
}

/**
 * The operators' Safe, for its owners: its pending transactions (proposed from this area, found on chain), each
 * with what it does (for a timelock `schedule` or `execute`, the change it schedules or runs, old -> new; for a
 * MultiSend batch, each of its calls so), who approved it, and Approve or Execute for this owner; each also as a
 * Transaction Builder file for Safe{Wallet}.
 */
export function SafeTab({ safe }: { safe: OperatorSafe }) {
  const { t } = useTranslation();
  const client = useClient({ chainId: appChain.id });
  const { address: account } = useConnection();
  const proposals = useSafeProposals(safe);
  const actions = useSafeTransaction();
  const [pending, setPending] = useState<{ proposal: SafeProposal; action: Action }>();
  const described = useQuery({
    queryKey: ["safe-proposals-described", proposals.data?.map((p) => p.hash)],
    enabled: !!proposals.data && !!client,
    queryFn: async () =>
      new Map(
        await Promise.all(
          proposals.data!.map(
            async (p) =>
              [
                p.hash,
                await Promise.all(
                  proposalCalls(p, safe.multiSendCallOnly).map((c) =>
                    describeSafeCall(adminReads(client!), c),
                  ),
                ),
              ] as const,
          ),
        ),
      ),
  });

  function confirm() {
    if (!pending) return;
    setPending(undefined);
    if (pending.action === "approve") void actions.approve(safe.address, pending.proposal);
    else void actions.execute(safe.address, pending.proposal);
  }

  const part = (d: Described, key: number) => (
    <div key={key}>
      <CallView call={d.outer} changesLabel="governance.changes" />
      {d.inner && (
        <>
          <p className="small manager-note">
            {d.inner.kind === "schedules"
              ? t("manager.safe.schedules", { delay: durationText(d.inner.delay, t) })
              : t("manager.safe.executes")}
          </p>
          {d.inner.calls.map((call, i) => (
            <CallView key={i} call={call} changesLabel="governance.changes" />
          ))}
        </>
      )}
    </div>
  );

  /** A proposal's calls; a MultiSend batch's under a line saying it runs them all or none. */
  const view = (p: SafeProposal) => {
    const parts = described.data?.get(p.hash);
    if (!parts) return <p className="muted small">{t("common.loading")}</p>;
    return (
      <>
        {batchCalls(p.tx, safe.multiSendCallOnly) && (
          <p className="small manager-note" data-testid="safe-batch">
            {t("manager.safe.batch", { count: parts.length })}
          </p>
        )}
        {parts.map(part)}
      </>
    );
  };

  return (
    <div role="tabpanel" aria-label={t("manager.safe.tab")} className="manager-panel">
      <section className="card" aria-labelledby="safe-title">
        <h2 id="safe-title" className="card-title">
          {t("manager.safe.title")}
        </h2>
        <p className="small manager-note">
          {t("manager.safe.about", {
            threshold: safe.threshold.toString(),
            owners: safe.owners.length,
            nonce: safe.nonce.toString(),
          })}
        </p>
        <CopyAddress address={safe.address} />
        {proposals.isLoading && <p className="muted">{t("common.loading")}</p>}
        {proposals.isError && <ReadError message={t("manager.safe.readError")} label={t("common.reload")} />}
        {proposals.data?.length === 0 && <p className="muted">{t("manager.safe.empty")}</p>}
        <ol className="governance-ops" aria-label={t("manager.safe.title")}>
          {proposals.data?.map((p) => {
            const action = account ? proposalAction(p, account, safe.threshold, safe.nonce) : "wait";
            return (
              <li key={p.hash} className="governance-op" data-testid="safe-proposal">
                <div className="governance-op-head">
                  <span className="tag">{t("manager.safe.nonce", { nonce: p.tx.nonce.toString() })}</span>
                  <code className="small muted" title={p.hash}>
                    {p.hash.slice(0, 10)}
                  </code>
                </div>
                {view(p)}
                <p className="small" data-testid="safe-approvals">
                  {t("manager.safe.approvals", {
                    count: p.approvals.length,
                    threshold: safe.threshold.toString(),
                  })}
                </p>
                <ul className="manager-changes">
                  {p.approvals.map((owner: Address) => (
                    <li key={owner}>
                      <AddressLink address={owner} width="full" />
                    </li>
                  ))}
                </ul>
                <div className="manager-actions">
                  <button
                    type="button"
                    className="button ghost"
                    onClick={() =>
                      downloadBuilderFile(
                        safe.address,
                        proposalCalls(p, safe.multiSendCallOnly),
                        `nonce-${p.tx.nonce}`,
                      )
                    }
                  >
                    {t("manager.safe.export")}
                  </button>
                  {action === "wait" ? (
                    <span className="small muted">{t("manager.safe.waiting")}</span>
                  ) : (
                    <button
                      type="button"
                      className="button"
                      onClick={() => setPending({ proposal: p, action })}
                    >
                      {t(ACTIONS[action].label)}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      </section>
      {pending && (
        <ConfirmModal
          title={t(ACTIONS[pending.action].label)}
          confirmLabel={t(ACTIONS[pending.action].label)}
          onCancel={() => setPending(undefined)}
          onConfirm={confirm}
        >
          <p className="modal-text">
            {t(ACTIONS[pending.action].text, {
              nonce: pending.proposal.tx.nonce.toString(),
            })}
          </p>
          {view(pending.proposal)}
          <ConfirmTargets
            targets={[
              { label: { key: "manager.target.safe" }, address: safe.address },
              { label: { key: "manager.target.entry", values: { n: 1 } }, address: pending.proposal.tx.to },
            ]}
          />
        </ConfirmModal>
      )}
    </div>
  );
}
