import { useState } from "react";
import { type Address } from "viem";
import { useTranslation } from "../../../../i18n";
import type { AppMessage } from "../../../../i18n/keys";
import { batchTargets } from "../../confirm";
import { parseAddressList } from "../../fields";
import { type Prepared, useAdminCall } from "../../hooks/useAdminCall";
import { useManagerRead } from "../../hooks/useManagerRead";
import { type Managed, findFunction } from "../../registry";
import { RouteTags } from "../RouteNote";
import { Card, ConfirmCall, ErrorLine } from "./parts";

/**
 * Batches of addresses: Ido priority rights (grantPriority / revokePriority), MiningToken's whitelist
 * (setWhiteList(accounts, bool)).
 */
export function BatchCard({
  c,
  id,
  grant,
  revoke,
  count,
  ownerOnly = false,
}: {
  c: Managed;
  id: "priority" | "whitelist";
  ownerOnly?: boolean;
  grant: { fn: string; args: (list: Address[]) => unknown[] };
  revoke: { fn: string; args: (list: Address[]) => unknown[] };
  count?: string;
}) {
  const { t } = useTranslation();
  const admin = useAdminCall(c, ownerOnly);
  const [text, setText] = useState("");
  const [error, setError] = useState<AppMessage>();
  const [confirming, setConfirming] = useState<{ list: Address[]; prepared: Prepared }>();
  const counted = useManagerRead(count ? { address: c.address, abi: c.abi, functionName: count } : undefined);
  if (!findFunction(c.abi, grant.fn) || !findFunction(c.abi, revoke.fn)) return null;

  async function review(op: typeof grant) {
    const list = parseAddressList(text);
    if (!list.ok) return setError(list.message);
    const checked = await admin.prepare(op.fn, op.args(list.value));
    if (!checked.ok) return setError(checked.message);
    setError(undefined);
    setConfirming({ list: list.value, prepared: checked.prepared });
  }
  const fieldId = `${c.name}-${id}-list`;
  return (
    <Card
      c={c}
      id={id}
      title={t(`manager.batch.${id}`)}
      tags={<RouteTags ownerOnly={ownerOnly} route={admin.route} viaSafe={!!admin.safe} />}
    >
      {count && (
        <p className="muted">
          {t("manager.batch.count", { n: counted.data === undefined ? "…" : String(counted.data) })}
        </p>
      )}
      <div className="field">
        <label htmlFor={fieldId}>{t("manager.batch.list")}</label>
        <textarea
          id={fieldId}
          className="input"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <ErrorLine message={error} />
      {admin.editable && (
        <div className="manager-actions">
          <button type="button" className="button ghost" onClick={() => void review(revoke)}>
            {t("manager.batch.revoke")}
          </button>
          <button type="button" className="button" onClick={() => void review(grant)}>
            {t("manager.batch.grant")}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmCall
          c={c}
          prepared={confirming.prepared}
          targets={batchTargets(confirming.list)}
          title={t(`manager.batch.${id}`)}
          send={admin.send}
          onSent={() => setText("")}
          onClose={() => setConfirming(undefined)}
        >
          <p className="modal-text">
            <code>{confirming.prepared.fn}</code> —{" "}
            {t("manager.batch.confirmText", { count: confirming.list.length })}
          </p>
        </ConfirmCall>
      )}
    </Card>
  );
}
