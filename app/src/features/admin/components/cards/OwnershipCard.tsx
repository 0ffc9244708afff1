import { useState } from "react";
import { type Address } from "viem";
import { useTranslation } from "../../../../i18n";
import type { AppMessage } from "../../../../i18n/keys";
import { argumentTarget } from "../../confirm";
import { parseInput } from "../../fields";
import { type Prepared, useAdminCall } from "../../hooks/useAdminCall";
import { useAnnouncement } from "../../hooks/useAnnouncement";
import { useManagerRead } from "../../hooks/useManagerRead";
import { type Managed, findFunction } from "../../registry";
import { FieldInput } from "../FieldInput";
import { RouteTags } from "../RouteNote";
import { useChainClock } from "../../hooks/useChainClock";
import { AnnouncedRule, LandingWarning } from "./AnnouncementNotes";
import { ADDRESS, Card, ConfirmCall } from "./parts";

/** owner(), pending owner (two-step tokens), transferOwnership and renounceOwnership behind a typed confirmation. */
export function OwnershipCard({ c }: { c: Managed }) {
  const { t } = useTranslation();
  const admin = useAdminCall(c, true);
  const owner = useManagerRead({ address: c.address, abi: c.abi, functionName: "owner" });
  const twoStep = !!findFunction(c.abi, "pendingOwner");
  const pendingOwner = useManagerRead(
    twoStep ? { address: c.address, abi: c.abi, functionName: "pendingOwner" } : undefined,
  );
  const [input, setInput] = useState("");
  const [error, setError] = useState<AppMessage>();
  const [dialog, setDialog] = useState<
    ({ kind: "transfer"; to: Address } | { kind: "renounce" }) & { prepared: Prepared }
  >();
  const announced = useAnnouncement(c);
  const clock = useChainClock();
  if (!findFunction(c.abi, "transferOwnership")) return null;

  async function open(d: { kind: "transfer"; to: Address } | { kind: "renounce" }) {
    const checked =
      d.kind === "transfer"
        ? await admin.prepare("transferOwnership", [d.to])
        : await admin.prepare("renounceOwnership", []);
    setError(checked.ok ? undefined : checked.message);
    if (checked.ok) setDialog({ ...d, prepared: checked.prepared });
  }

  return (
    <Card
      c={c}
      id="ownership"
      title={t("manager.ownership.title")}
      tags={<RouteTags ownerOnly route={admin.route} viaSafe={!!admin.safe} />}
    >
      <dl className="kv">
        <div>
          <dt>{t("manager.ownership.owner")}</dt>
          <dd className="address-full">{(owner.data as string | undefined) ?? "…"}</dd>
        </div>
        {twoStep && (
          <div>
            <dt>{t("manager.ownership.pending")}</dt>
            <dd className="address-full">{(pendingOwner.data as string | undefined) ?? "…"}</dd>
          </div>
        )}
      </dl>
      {twoStep && <p className="muted small">{t("manager.ownership.twoStep")}</p>}
      {announced.available && <AnnouncedRule kind="transfer" announced={announced} />}
      <form
        className="manager-form"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseInput(ADDRESS, input);
          setError(parsed.ok ? undefined : parsed.message);
          if (parsed.ok) void open({ kind: "transfer", to: parsed.value as Address });
        }}
      >
        <FieldInput field={ADDRESS} label="newOwner" value={input} onChange={setInput} error={error} />
        {admin.editable && (
          <div className="manager-actions">
            <button
              type="button"
              className="button ghost danger"
              onClick={() => void open({ kind: "renounce" })}
            >
              {t("manager.ownership.renounce")}
            </button>
            <button type="submit" className="button">
              {t("manager.ownership.transfer")}
            </button>
          </div>
        )}
      </form>
      {dialog && (
        <ConfirmCall
          c={c}
          prepared={dialog.prepared}
          targets={dialog.kind === "transfer" ? [argumentTarget("newOwner", dialog.to)] : []}
          title={t(dialog.kind === "transfer" ? "manager.ownership.transfer" : "manager.ownership.renounce")}
          phrase={c.name}
          send={admin.send}
          onSent={() => setInput("")}
          onClose={() => setDialog(undefined)}
        >
          <p className="modal-text">
            {dialog.kind === "transfer"
              ? t("manager.ownership.transferText", { contract: c.name })
              : t("manager.ownership.renounceText", { contract: c.name })}
          </p>
          {dialog.kind === "transfer" && announced.available && (
            <LandingWarning
              announcement={announced.announcement}
              change={{ newOwner: dialog.to }}
              prepared={dialog.prepared}
              now={clock.now}
            />
          )}
        </ConfirmCall>
      )}
    </Card>
  );
}
