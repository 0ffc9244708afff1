import { useState } from "react";
import type { Abi, Address } from "viem";
import { CopyAddress } from "./CopyAddress";
import { Message } from "../../../components/Message";
import { ConfirmModal } from "../../../components/ConfirmModal";
import { useTranslation } from "../../../i18n";
import type { AppMessage } from "../../../i18n/keys";
import { type ChangeClass, changeRoute } from "../changeClass";
import { argumentTarget, confirmTargets } from "../confirm";
import { MissingValueError, type Section, applyCaps, argsFromAbi, normalize } from "../descriptors";
import {
  type Change,
  type FieldErrors,
  type Inputs,
  type Scalar,
  type Values,
  diffValues,
  display,
  parseInput,
  parseInputs,
  toInputs,
} from "../fields";
import { type Prepared, useAdminCall } from "../hooks/useAdminCall";
import { useManagerRead, useManagerReads } from "../hooks/useManagerRead";
import { findFunction } from "../registry";
import { ConfirmTargets } from "./ConfirmTargets";
import { FieldInput } from "./FieldInput";
import { ChangePath, Reasons, RouteTags, ScheduleNote } from "./RouteNote";

type Props = { section: Section; address: Address; abi: Abi };

/**
 * A descriptor-driven form: the current values from the getter, typed inputs, validation, a diff of
 * what will change, a confirm dialog, then the setter through the shared transaction path, at once or
 * scheduled on the timelock (`useAdminCall`); read-only for an account that can do neither. A form whose
 * setter is the manager's only in members' favour (`section.changeClass`) decides per change: the manager's
 * change goes at once, one against members is the owner's (scheduled by a proposer, refused to anyone else),
 * and the confirm dialog says which and why.
 */
export function ConfigForm({ section, address, abi }: Props) {
  const { t } = useTranslation();
  const admin = useAdminCall({ name: section.contract, address, abi }, !!section.ownerOnly);
  const setter = findFunction(abi, section.setter.fn);
  const getter = findFunction(abi, section.getter.fn);
  const [keyInput, setKeyInput] = useState("");
  const [key, setKey] = useState<Address>();
  const [keyError, setKeyError] = useState<AppMessage>();
  const [edited, setEdited] = useState<Inputs>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<AppMessage>();
  // the changes against members a refused review named
  const [refused, setRefused] = useState<AppMessage[]>();
  const [pending, setPending] = useState<{
    changes: Change[];
    prepared: Prepared;
    key?: Address;
    changeClass?: ChangeClass;
  }>();
  const [busy, setBusy] = useState(false);

  const needsKey = !!section.key;
  const read = useManagerRead(
    getter && setter && (!needsKey || key)
      ? { address, abi, functionName: section.getter.fn, args: key ? [key] : [] }
      : undefined,
  );
  const current: Partial<Values> | undefined =
    read.data === undefined
      ? undefined
      : ((section.getter.select ?? ((raw) => raw as Partial<Values>))(
          normalize(read.data),
        ) as Partial<Values>);
  const beside = useManagerReads(address, abi, section.beside);
  const besideValues = beside.data && (normalize(beside.data) as unknown[]);
  const maxes = besideValues && section.caps ? section.caps(besideValues) : {};
  const present = applyCaps(
    section.fields.filter((f) => !current || current[f.name] !== undefined),
    maxes,
  );
  // read-only fields are shown from the getter, never parsed, diffed or sent
  const fields = present.filter((f) => !f.readOnly);
  const readOnly = present.filter((f) => f.readOnly);
  const inputs = edited ?? (current ? toInputs(fields, current) : undefined);
  const title = t(`manager.sections.${section.id}`);
  const headingId = `${section.contract}-${section.id}`;

  if (!getter || !setter) {
    return (
      <section className="card manager-section" aria-labelledby={headingId}>
        <h3 id={headingId} className="card-title">
          {title}
        </h3>
        <p className="muted">{t("manager.abiMissing", { fn: section.setter.fn })}</p>
      </section>
    );
  }

  function lookUp() {
    const parsed = parseInput(section.key!, keyInput);
    if (!parsed.ok) {
      setKeyError(parsed.message);
      return;
    }
    setKeyError(undefined);
    setEdited(undefined);
    if (parsed.value === key) void read.refetch(); // the same address again: read it anew
    setKey(parsed.value as Address);
  }

  function update(name: string, value: string, index?: number) {
    const base = inputs ?? {};
    const next = { ...base };
    if (index === undefined) next[name] = value;
    else next[name] = (base[name] as string[]).map((v, i) => (i === index ? value : v));
    setEdited(next);
  }

  // whether the values typed make a change the contract keeps for the owner although the form is the manager's
  const typed = inputs && current && section.changeClass ? parseInputs(fields, inputs).values : undefined;
  const waitsForOwner =
    !!typed && !!current && !!section.changeClass?.(current, { ...current, ...typed }).owner;

  async function review() {
    if (!inputs || !current) return;
    const parsed = parseInputs(fields, inputs);
    setErrors(parsed.errors);
    setFormError(undefined);
    setRefused(undefined);
    if (!parsed.values) return;
    const rule = section.check?.(parsed.values, besideValues ?? []);
    if (rule) {
      setFormError(rule);
      return;
    }
    const changes = diffValues(fields, current, parsed.values);
    if (changes.length === 0) {
      setFormError({ key: "manager.noChanges" });
      return;
    }
    const all: Partial<Values> = {
      ...current,
      ...(key && section.key ? { [section.key.name]: key } : {}),
      ...parsed.values,
    };
    let args: unknown[];
    try {
      args = section.setter.toArgs ? section.setter.toArgs(all as Values) : argsFromAbi(setter!.inputs, all);
    } catch (err) {
      if (!(err instanceof MissingValueError)) throw err;
      setFormError({ key: "manager.abiChanged", values: { name: err.message } });
      return;
    }
    // a change against members is the owner's: scheduled on the timelock, or refused to a manager who is no proposer
    const changeClass = section.changeClass?.(current, all);
    const route = changeRoute(changeClass, admin);
    if (changeClass?.owner && route !== "direct" && route !== "timelock") {
      setFormError({ key: "manager.path.refused" });
      setRefused(changeClass.reasons);
      return;
    }
    setBusy(true);
    try {
      const checked = await admin.prepare(section.setter.fn, args, !!changeClass?.owner);
      if (checked.ok) setPending({ changes, prepared: checked.prepared, key, changeClass });
      else setFormError(checked.message);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!pending) return;
    const { prepared } = pending;
    setPending(undefined);
    setBusy(true);
    try {
      const result = await admin.send(prepared);
      if (result.ok) setEdited(undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card manager-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="card-title">
        {title}
        <RouteTags
          ownerOnly={!!section.ownerOnly}
          mixed={!!section.changeClass}
          route={admin.route}
          viaSafe={!!admin.safe}
        />
      </h3>
      {section.note && <p className="small manager-note">{t(section.note)}</p>}
      <p className="muted small">
        <code>
          {section.setter.fn}({setter.inputs.map((i) => i.name).join(", ")})
        </code>
      </p>
      {needsKey && (
        <form
          className="manager-key"
          onSubmit={(e) => {
            e.preventDefault();
            lookUp();
          }}
        >
          <FieldInput
            field={section.key!}
            label={section.key!.name}
            value={keyInput}
            onChange={setKeyInput}
            error={keyError}
          />
          <button type="submit" className="button ghost">
            {t("manager.lookUp")}
          </button>
        </form>
      )}
      {(read.isError || beside.isError) && (
        <p className="error-text" role="alert">
          {t("manager.readError")}
        </p>
      )}
      {(read.isLoading || beside.isLoading) && <p className="muted">{t("common.loading")}</p>}
      {current && readOnly.length > 0 && (
        <dl className="kv">
          {readOnly.map((f) => (
            <div key={f.name}>
              <dt>
                <code>{f.name}</code>
              </dt>
              <dd className="address-full" data-testid={`${headingId}-${f.name}`}>
                {display(f, current[f.name] as Scalar)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {inputs && current && (!section.beside || besideValues) && (
        <form
          className="manager-form"
          onSubmit={(e) => {
            e.preventDefault();
            void review();
          }}
        >
          {fields.map((f) =>
            f.length === undefined ? (
              <FieldInput
                key={f.name}
                field={f}
                label={f.name}
                value={inputs[f.name] as string}
                onChange={(v) => update(f.name, v)}
                error={errors[f.name]}
                disabled={busy || !admin.editable}
                note={f.note && t(f.note)}
              />
            ) : (
              <fieldset key={f.name} className="manager-array">
                <legend>
                  <code>{f.name}</code>
                </legend>
                <div className="manager-array-grid">
                  {(inputs[f.name] as string[]).map((v, i) => (
                    <label key={i} className="manager-array-entry">
                      <small className="muted">#{i + 1}</small>
                      <FieldInput
                        compact
                        field={f}
                        label={`${f.name} #${i + 1}`}
                        value={v}
                        onChange={(next) => update(f.name, next, i)}
                        error={errors[`${f.name}.${i}`]}
                        disabled={busy || !admin.editable}
                      />
                    </label>
                  ))}
                </div>
              </fieldset>
            ),
          )}
          {waitsForOwner && (
            <p className="small manager-note" data-testid={`${headingId}-owner-change`}>
              {t("manager.ownerChange")}
            </p>
          )}
          {formError && (
            <p className="error-text" role="alert">
              <Message message={formError} />
            </p>
          )}
          {refused && <Reasons reasons={refused} />}
          {admin.editable && (
            <div className="manager-actions">
              <button
                type="button"
                className="button ghost"
                disabled={!edited || busy}
                onClick={() => setEdited(undefined)}
              >
                {t("manager.reset")}
              </button>
              <button type="submit" className="button" disabled={busy}>
                {t("manager.review")}
              </button>
            </div>
          )}
        </form>
      )}
      {pending && (
        <ConfirmModal
          title={t("manager.confirmTitle", { name: title })}
          onCancel={() => setPending(undefined)}
          onConfirm={() => void confirm()}
        >
          <p className="modal-text">
            {t("manager.confirmText", { contract: section.contract, fn: section.setter.fn })}
          </p>
          <ConfirmTargets
            targets={confirmTargets(
              { name: section.contract, address },
              pending.prepared,
              pending.key && section.key ? [argumentTarget(section.key.name, pending.key)] : [],
            )}
          />
          <ChangeList changes={pending.changes} />
          {pending.changeClass && (
            <ChangePath changeClass={pending.changeClass} prepared={pending.prepared} />
          )}
          <ScheduleNote prepared={pending.prepared} />
        </ConfirmModal>
      )}
    </section>
  );
}

/** `field: old -> new`, one line per change; an address in full, with a copy button. */
export function ChangeList({ changes }: { changes: readonly Change[] }) {
  return (
    <ul className="manager-changes">
      {changes.map((c) => (
        <li key={`${c.field.name}.${c.index ?? ""}`}>
          <code>
            {c.field.name}
            {c.index === undefined ? "" : ` #${c.index + 1}`}
          </code>
          :{" "}
          <span className="manager-old">
            {c.from === undefined ? "—" : <Value field={c.field} value={c.from as Scalar} />}
          </span>
          {" → "}
          <strong>
            <Value field={c.field} value={c.to} />
          </strong>
        </li>
      ))}
    </ul>
  );
}

function Value({ field, value }: { field: Change["field"]; value: Scalar }) {
  return field.kind === "address" ? <CopyAddress address={value as Address} /> : <>{display(field, value)}</>;
}
