import { useId } from "react";
import { Message } from "../../../components/Message";
import { useTranslation } from "../../../i18n";
import type { AppMessage } from "../../../i18n/keys";
import { type FieldKind, display, fromLocalInput, toInput } from "../fields";
import { formatUtc } from "../../../lib/format";

type Props = {
  field: FieldKind;
  /** accessible name: the on-chain field name (with the entry number for arrays) */
  label: string;
  value: string;
  onChange(value: string): void;
  error?: AppMessage;
  disabled?: boolean;
  /** hide the visible label (array entries are labelled by their column) */
  compact?: boolean;
  /** a line under the input (what else the value counts in) */
  note?: string;
};

/** One typed input: text for addresses, percents, amounts and integers, a date picker for times, yes/no for bools. */
export function FieldInput({ field, label, value, onChange, error, disabled, compact, note }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const hint = fieldHint(field, t);
  const common = {
    id,
    className: "input",
    value,
    disabled,
    "aria-invalid": !!error,
    "aria-describedby":
      [error ? `${id}-error` : "", note ? `${id}-note` : ""].filter(Boolean).join(" ") || undefined,
    ...(compact ? { "aria-label": label } : {}),
  };

  let control;
  if (field.kind === "bool") {
    control = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        <option value="true">{t("manager.yes")}</option>
        <option value="false">{t("manager.no")}</option>
      </select>
    );
  } else if (field.kind === "time") {
    const seconds = fromLocalInput(value);
    control = (
      <>
        <input {...common} type="datetime-local" step={1} onChange={(e) => onChange(e.target.value)} />
        {!compact && (
          <small className="muted manager-utc">
            {value === "" ? t("manager.unset") : seconds === undefined ? "…" : formatUtc(seconds)}
          </small>
        )}
      </>
    );
  } else {
    control = (
      <span className="manager-input-row">
        <input
          {...common}
          type="text"
          autoComplete="off"
          spellCheck={false}
          inputMode={field.kind === "address" ? "text" : field.kind === "int" ? "numeric" : "decimal"}
          onChange={(e) => onChange(e.target.value)}
        />
        {field.kind === "rate" && <span className="muted">%</span>}
      </span>
    );
  }

  return (
    <div className={compact ? "manager-cell" : "field manager-field"}>
      {!compact && (
        <label htmlFor={id}>
          <code>{label}</code>
          {hint && <small className="muted"> {hint}</small>}
        </label>
      )}
      {control}
      {note && (
        <small id={`${id}-note`} className="muted manager-note">
          {note}
        </small>
      )}
      {error && (
        <span id={`${id}-error`} className="error-text" role="alert">
          <Message message={error} />
        </span>
      )}
    </div>
  );
}

/** The unit and on-chain cap shown beside a field's name. */
export function fieldHint(field: FieldKind, t: ReturnType<typeof useTranslation>["t"]): string {
  switch (field.kind) {
    case "rate":
      return t("manager.hints.rate", { max: display(field, field.max) });
    case "amount":
      return field.max === undefined
        ? t("manager.hints.amount")
        : t("manager.hints.amountMax", { max: toInput(field, field.max) });
    case "int":
      return [
        field.unit ? t(`manager.units.${field.unit}`) : "",
        field.max === undefined ? "" : `≤ ${field.max}`,
      ]
        .filter(Boolean)
        .join(", ");
    case "time":
      return t("manager.hints.time");
    default:
      return "";
  }
}
