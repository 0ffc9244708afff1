import { useId } from "react";
import { useTranslation } from "../i18n";
import { type AmountRules, validateAmount } from "../lib/amount";
import { Message } from "./Message";

type AmountInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rules?: AmountRules;
  /** the Max button's value (e.g. the formatted balance); no button when undefined */
  maxText?: string;
};

/**
 * A labelled decimal amount field. Shows the spec's validation message (greater than 0, range,
 * maximum, minimum, balance) once something is typed; the form calls `validateAmount` on submit.
 */
export function AmountInput({ label, value, onChange, rules, maxText }: AmountInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const check = value.trim() === "" ? undefined : validateAmount(value, rules);
  const error = check && !check.ok ? check.message : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input
          id={id}
          className="input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={value}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value.replace(",", "."))}
        />
        {maxText !== undefined && (
          <button type="button" className="button ghost small" onClick={() => onChange(maxText)}>
            {t("common.max")}
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="error-text" role="alert">
          <Message message={error} />
        </p>
      )}
    </div>
  );
}
