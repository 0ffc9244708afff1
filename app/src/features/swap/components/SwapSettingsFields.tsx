import { useId, useState } from "react";
import { percentFromBps } from "../../../lib/format";
import { useTranslation } from "../../../i18n";
import { HIGH_SLIPPAGE_BPS, SLIPPAGE_PRESETS, parseDeadline, parseSlippage } from "../logic";
import type { SwapSettings } from "../hooks/useSwapSettings";

type Props = {
  settings: SwapSettings;
  /** tells the form whether the typed custom slippage or deadline is unusable */
  onValidChange: (valid: boolean) => void;
};

/**
 * Slippage tolerance (presets or a custom percentage) and the deadline in minutes. A valid value is
 * applied and stored at once; an invalid one shows its message and blocks the swap until fixed.
 */
export function SwapSettingsFields({ settings, onValidChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const isPreset = (SLIPPAGE_PRESETS as readonly number[]).includes(settings.slippageBps);
  const [custom, setCustom] = useState(isPreset ? "" : percentFromBps(BigInt(settings.slippageBps)));
  const [deadline, setDeadline] = useState(String(settings.deadlineMin));
  const customBad = custom.trim() !== "" && parseSlippage(custom) === undefined;
  const deadlineBad = parseDeadline(deadline) === undefined;

  function update(nextCustom: string, nextDeadline: string) {
    const bps = nextCustom.trim() === "" ? undefined : parseSlippage(nextCustom);
    if (bps !== undefined) settings.setSlippageBps(bps);
    const minutes = parseDeadline(nextDeadline);
    if (minutes !== undefined) settings.setDeadlineMin(minutes);
    onValidChange((nextCustom.trim() === "" || bps !== undefined) && minutes !== undefined);
  }

  return (
    <fieldset className="swap-settings">
      <legend>{t("swap.settings.title")}</legend>
      <fieldset className="choice-group">
        <legend>{t("swap.settings.slippage")}</legend>
        {SLIPPAGE_PRESETS.map((bps) => (
          <label key={bps} className="choice">
            <input
              type="radio"
              name={`${id}-slippage`}
              checked={custom.trim() === "" && settings.slippageBps === bps}
              onChange={() => {
                setCustom("");
                settings.setSlippageBps(bps);
                onValidChange(!deadlineBad);
              }}
            />
            <span>{percentFromBps(BigInt(bps))}%</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-custom`}>{t("swap.settings.custom")}</label>
        <input
          id={`${id}-custom`}
          className="input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={percentFromBps(BigInt(settings.slippageBps))}
          value={custom}
          aria-invalid={customBad}
          onChange={(e) => {
            const next = e.target.value.replace(",", ".");
            setCustom(next);
            update(next, deadline);
          }}
        />
        {customBad && (
          <p className="error-text" role="alert">
            {t("swap.settings.invalidSlippage")}
          </p>
        )}
        {!customBad && settings.slippageBps > HIGH_SLIPPAGE_BPS && (
          <p className="warn-text">{t("swap.settings.highSlippage")}</p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-deadline`}>{t("swap.settings.deadline")}</label>
        <input
          id={`${id}-deadline`}
          className="input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={deadline}
          aria-invalid={deadlineBad}
          onChange={(e) => {
            setDeadline(e.target.value);
            update(custom, e.target.value);
          }}
        />
        {deadlineBad && (
          <p className="error-text" role="alert">
            {t("swap.settings.invalidDeadline")}
          </p>
        )}
      </div>
    </fieldset>
  );
}
