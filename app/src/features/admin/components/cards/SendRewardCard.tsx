import { useState } from "react";
import { useTranslation } from "../../../../i18n";
import { formatAmount } from "../../../../lib/format";
import { useTransaction } from "../../../../app/useTransaction";
import { sendRewardGasLimit } from "../../../../lib/sendReward";
import { useManagerRead } from "../../hooks/useManagerRead";
import { type Managed, findFunction } from "../../registry";
import { Card } from "./parts";

/** LpDividend: the LP staked, and a `sendReward(gas)` round now (holders are paid in rotation; the next round resumes). */
export function SendRewardCard({ c }: { c: Managed }) {
  const { t } = useTranslation();
  const send = useTransaction();
  const [gas, setGas] = useState("300000");
  const config = useManagerRead({ address: c.address, abi: c.abi, functionName: "getConfig" });
  if (!findFunction(c.abi, "sendReward")) return null;
  const value = /^\d+$/.test(gas) ? BigInt(gas) : undefined;
  const valid = value !== undefined && value >= SEND_REWARD_GAS.min && value <= SEND_REWARD_GAS.max;
  const info = config.data as { nextIndex: bigint; userTotal: bigint; totalStaked: bigint } | undefined;
  const fieldId = `${c.name}-send-reward-gas`;
  return (
    <Card c={c} id="send-reward" title={t("manager.sendReward.title")}>
      <p className="muted">
        {info
          ? t("manager.sendReward.position", { next: String(info.nextIndex), total: String(info.userTotal) })
          : "…"}
      </p>
      {info && (
        <p className="muted" data-testid="lp-total-staked">
          {t("manager.sendReward.staked", { amount: formatAmount(info.totalStaked, { fractionDigits: 6 }) })}
        </p>
      )}
      <div className="field">
        <label htmlFor={fieldId}>{t("manager.sendReward.gas")}</label>
        <input
          id={fieldId}
          className="input"
          inputMode="numeric"
          value={gas}
          aria-invalid={!valid}
          onChange={(e) => setGas(e.target.value.trim())}
        />
        {!valid && (
          <p className="error-text" role="alert">
            {t("manager.sendReward.range", {
              min: String(SEND_REWARD_GAS.min),
              max: String(SEND_REWARD_GAS.max),
            })}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button"
        disabled={!valid}
        onClick={() =>
          void send({
            address: c.address,
            abi: c.abi,
            functionName: "sendReward",
            args: [value],
            minGas: sendRewardGasLimit(value!),
          } as never).then((r) => (r as { ok: boolean }).ok && void config.refetch())
        }
      >
        {t("manager.sendReward.submit")}
      </button>
    </Card>
  );
}

/** A round's gas budget: enough for one payment, and well inside a BSC block. */
const SEND_REWARD_GAS = { min: 50_000n, max: 10_000_000n };
