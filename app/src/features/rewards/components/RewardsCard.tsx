import { useState } from "react";
import type { Address } from "viem";
import { useTranslation } from "../../../i18n";
import { formatAmount } from "../../../lib/format";
import { ReadPending } from "../../../components/ReadError";
import { LpStakeSection } from "./LpStakeSection";
import { useRewardsAccount } from "../hooks/useRewardsAccount";
import { useRewardActions } from "../hooks/useRewardActions";

/**
 * The member's dividends (docs/dividends.md): hold dividend ("update my share" credits the current holding),
 * LP dividend (LP staked here earns; paid in rounds or claimed) and node rewards A/B/C.
 */
export function RewardsCard({ address }: { address: Address | undefined }) {
  const { t } = useTranslation();
  const rewards = useRewardsAccount(address);
  const actions = useRewardActions();
  const [busy, setBusy] = useState(false);
  const amount = (v: bigint) => formatAmount(v, { fractionDigits: 6 });

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  const { lp, hold, node } = rewards;
  let body;
  if (!address) {
    body = <p className="muted">{t("rewards.connect")}</p>;
  } else if (!lp || !hold || !node) {
    body = <ReadPending isError={rewards.isError} />;
  } else {
    const classes = [node.isForceA && "A", node.isForceB && "B", node.isForceC && "C"].filter(Boolean);
    body = (
      <>
        <h3 className="mine-subtitle">{t("rewards.hold")}</h3>
        <dl className="kv">
          <div>
            <dt>{t("rewards.holdShare")}</dt>
            <dd>{amount(hold.amount)}</dd>
          </div>
          <div>
            <dt>{t("rewards.holdOwed")}</dt>
            <dd className="kv-strong" data-testid="hold-owed">
              {amount(hold.balance)}
            </dd>
          </div>
          <div>
            <dt>{t("rewards.holdClaimed")}</dt>
            <dd>{amount(hold.rewardTotal)}</dd>
          </div>
        </dl>
        <p className="muted small">{t("rewards.updateHint")}</p>
        <div className="mine-actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run(() => actions.updateHold(address))}
          >
            {t("rewards.update")}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy || hold.balance === 0n}
            onClick={() => void run(actions.claimHold)}
          >
            {t("rewards.claim")}
          </button>
        </div>

        <LpStakeSection rewards={rewards} />

        <h3 className="mine-subtitle">{t("rewards.node")}</h3>
        <dl className="kv">
          <div>
            <dt>{t("rewards.nodeClass")}</dt>
            <dd>{classes.length ? classes.join(" / ") : t("rewards.nodeNone")}</dd>
          </div>
          <div>
            <dt>{t("rewards.rewardA")}</dt>
            <dd>{amount(node.rewardA)}</dd>
          </div>
          <div>
            <dt>{t("rewards.rewardB")}</dt>
            <dd>{amount(node.rewardB)}</dd>
          </div>
          <div>
            <dt>{t("rewards.rewardC")}</dt>
            <dd>{amount(node.rewardC)}</dd>
          </div>
          <div>
            <dt>{t("rewards.nodeOwed")}</dt>
            <dd className="kv-strong">{amount(node.balance)}</dd>
          </div>
        </dl>
        <button
          type="button"
          className="button block"
          disabled={busy || node.balance === 0n}
          onClick={() => void run(actions.claimNode)}
        >
          {t("rewards.claim")}
        </button>
        {node.balance === 0n && hold.balance === 0n && lp.pending === 0n && (
          <p className="muted small center">{t("rewards.nothing")}</p>
        )}
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="rewards-title">
      <h2 id="rewards-title" className="card-title">
        {t("rewards.title")}
      </h2>
      {body}
    </section>
  );
}
