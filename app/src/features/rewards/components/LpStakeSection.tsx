import { useState } from "react";
import { AmountInput } from "../../../components/AmountInput";
import { useTranslation } from "../../../i18n";
import { validateAmount } from "../../../lib/amount";
import { formatAmount } from "../../../lib/format";
import type { RewardsAccount } from "../hooks/useRewardsAccount";
import { useRewardActions } from "../hooks/useRewardActions";

type Mode = "stake" | "unstake";

/**
 * The LP dividend (docs/dividends.md): LP staked in LpDividend earns, LP in the wallet does not. Stake (the
 * wallet approves the LP first), unstake (the share ends at once; what was earned stays owed), claim what is
 * owed, or wait for the keeper's rounds.
 */
export function LpStakeSection({ rewards }: { rewards: RewardsAccount }) {
  const { t } = useTranslation();
  const actions = useRewardActions();
  const [mode, setMode] = useState<Mode>("stake");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const { lp, lpToken, lpInWallet } = rewards;
  if (!lp) return null;
  const limit = mode === "stake" ? lpInWallet : lp.staked;
  const check = text.trim() === "" ? undefined : validateAmount(text, { balance: limit });
  const amount = check?.ok ? check.value : undefined;
  const value = (v: bigint | undefined) => (v === undefined ? "…" : formatAmount(v, { fractionDigits: 6 }));

  async function run(action: () => ReturnType<typeof actions.claimLp>) {
    setBusy(true);
    try {
      return await action();
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    if (amount === undefined) return;
    const result = await run(() =>
      mode === "stake" && lpToken ? actions.stakeLp(lpToken, amount) : actions.unstakeLp(amount),
    );
    if (result.ok) setText("");
  }

  return (
    <>
      <h3 className="mine-subtitle">{t("rewards.lp")}</h3>
      <dl className="kv">
        <div>
          <dt>{t("rewards.lpStaked")}</dt>
          <dd data-testid="lp-staked">{value(lp.staked)}</dd>
        </div>
        <div>
          <dt>{t("rewards.lpWallet")}</dt>
          <dd>{value(lpInWallet)}</dd>
        </div>
        <div>
          <dt>{t("rewards.lpPending")}</dt>
          <dd className="kv-strong" data-testid="lp-owed">
            {value(lp.pending)}
          </dd>
        </div>
        <div>
          <dt>{t("rewards.lpPaid")}</dt>
          <dd>{value(lp.reward)}</dd>
        </div>
      </dl>
      {lp.isBlackList && <p className="warn-text">{t("rewards.lpBlackListed")}</p>}
      <p className="muted small">
        {lp.staked === 0n && lpInWallet === 0n ? t("rewards.lpEmpty") : t("rewards.lpHint")}
      </p>
      <fieldset className="choice-group">
        <legend>{t("rewards.lpAction")}</legend>
        {(["stake", "unstake"] as const).map((m) => (
          <label key={m} className="choice">
            <input
              type="radio"
              name="lp-stake-mode"
              checked={mode === m}
              onChange={() => {
                setMode(m);
                setText("");
              }}
            />
            <span>{m === "stake" ? t("rewards.stake") : t("rewards.unstake")}</span>
          </label>
        ))}
      </fieldset>
      <AmountInput
        label={mode === "stake" ? t("rewards.stakeAmount") : t("rewards.unstakeAmount")}
        value={text}
        onChange={setText}
        rules={{ balance: limit }}
        maxText={
          limit !== undefined && limit > 0n
            ? formatAmount(limit, { fractionDigits: 18, grouping: false })
            : undefined
        }
      />
      <div className="mine-actions">
        <button
          type="button"
          className="button"
          disabled={busy || amount === undefined || (mode === "stake" && !lpToken)}
          onClick={() => void submit()}
        >
          {mode === "stake" ? t("rewards.stake") : t("rewards.unstake")}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || lp.pending === 0n}
          onClick={() => void run(actions.claimLp)}
        >
          {t("rewards.claimLp")}
        </button>
      </div>
    </>
  );
}
