import { useState } from "react";
import { type Address } from "viem";
import { Message } from "../../../../components/Message";
import { useTranslation } from "../../../../i18n";
import type { AppMessage } from "../../../../i18n/keys";
import { durationText } from "../../duration";
import { announceMessage } from "../../operations";
import { argumentTarget } from "../../confirm";
import { parseInput } from "../../fields";
import { type Prepared, useAdminCall } from "../../hooks/useAdminCall";
import { useAnnouncement } from "../../hooks/useAnnouncement";
import { type Managed, findFunction } from "../../registry";
import { FieldInput } from "../FieldInput";
import { RouteTags } from "../RouteNote";
import { AnnouncementDetails } from "./AnnouncementNotes";
import { Card, ConfirmCall, ErrorLine } from "./parts";

const ADDRESS_OR_NONE = { kind: "address", allowZero: true } as const;
const ZERO = "0x0000000000000000000000000000000000000000" as Address;

/**
 * Staking: `announce(implementation, newOwner)` (owner only, so scheduled on the timelock): an upgrade or an
 * ownership transfer may land only `EXIT_WINDOW` after it is announced while orders are open, and meanwhile
 * members may close their orders early. Shows what is announced and when it may land; both zero withdraws it.
 */
export function AnnounceCard({ c }: { c: Managed }) {
  const { t } = useTranslation();
  const admin = useAdminCall(c, true);
  const announced = useAnnouncement(c);
  const [implementation, setImplementation] = useState("");
  const [newOwner, setNewOwner] = useState("");
  const [error, setError] = useState<AppMessage>();
  const [confirming, setConfirming] = useState<{
    implementation: Address;
    newOwner: Address;
    prepared: Prepared;
  }>();
  if (!announced.available || !findFunction(c.abi, "announce")) return null;
  const a = announced.announcement;
  const window = announced.exitWindow === undefined ? "…" : durationText(announced.exitWindow, t);

  async function review(withdraw: boolean) {
    let impl = ZERO;
    let owner = ZERO;
    if (!withdraw) {
      const i = implementation.trim() ? parseInput(ADDRESS_OR_NONE, implementation.trim()) : undefined;
      if (i && !i.ok) return setError(i.message);
      const o = newOwner.trim() ? parseInput(ADDRESS_OR_NONE, newOwner.trim()) : undefined;
      if (o && !o.ok) return setError(o.message);
      impl = (i?.ok ? i.value : ZERO) as Address;
      owner = (o?.ok ? o.value : ZERO) as Address;
      if (impl === ZERO && owner === ZERO) return setError({ key: "manager.announce.empty" });
    }
    const checked = await admin.prepare("announce", [impl, owner]);
    if (!checked.ok) return setError(checked.message);
    setError(undefined);
    setConfirming({ implementation: impl, newOwner: owner, prepared: checked.prepared });
  }

  const announceOf = (x: { implementation: Address; newOwner: Address }) => ({
    implementation: x.implementation === ZERO ? undefined : x.implementation,
    newOwner: x.newOwner === ZERO ? undefined : x.newOwner,
  });

  return (
    <Card
      c={c}
      id="announce"
      title={t("manager.announce.title")}
      tags={<RouteTags ownerOnly route={admin.route} viaSafe={!!admin.safe} />}
    >
      <p className="muted small">{t("manager.announce.rule", { window })}</p>
      {announced.isError && (
        <p className="error-text" role="alert">
          {t("governance.readError")}
        </p>
      )}
      {!announced.loaded && !announced.isError && <p className="muted">{t("common.loading")}</p>}
      {announced.loaded && !a && (
        <p className="muted" data-testid={`${c.name}-announcement`}>
          {t("manager.announce.none")}
        </p>
      )}
      {a && <AnnouncementDetails announcement={a} testId={`${c.name}-announcement`} />}
      <form
        className="manager-form"
        onSubmit={(e) => {
          e.preventDefault();
          void review(false);
        }}
      >
        <FieldInput
          field={ADDRESS_OR_NONE}
          label="implementation"
          value={implementation}
          onChange={setImplementation}
        />
        <FieldInput field={ADDRESS_OR_NONE} label="newOwner" value={newOwner} onChange={setNewOwner} />
        <ErrorLine message={error} />
        {admin.editable && (
          <div className="manager-actions">
            {a && (
              <button type="button" className="button ghost danger" onClick={() => void review(true)}>
                {t("manager.announce.withdraw")}
              </button>
            )}
            <button type="submit" className="button">
              {t("manager.announce.submit")}
            </button>
          </div>
        )}
      </form>
      {confirming && (
        <ConfirmCall
          c={c}
          prepared={confirming.prepared}
          targets={[
            ...(confirming.implementation === ZERO
              ? []
              : [argumentTarget("implementation", confirming.implementation)]),
            ...(confirming.newOwner === ZERO ? [] : [argumentTarget("newOwner", confirming.newOwner)]),
          ]}
          title={t("manager.announce.title")}
          send={admin.send}
          onSent={() => {
            setImplementation("");
            setNewOwner("");
          }}
          onClose={() => setConfirming(undefined)}
        >
          <p className="modal-text">
            <Message message={announceMessage(announceOf(confirming), window)} />
          </p>
        </ConfirmCall>
      )}
    </Card>
  );
}
