import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type Address, type Hex, isHex } from "viem";
import { getCode, getStorageAt } from "viem/actions";
import { useClient } from "wagmi";
import { useTranslation } from "../../../../i18n";
import type { AppMessage } from "../../../../i18n/keys";
import { appChain } from "../../../../app/wagmi";
import { argumentTarget } from "../../confirm";
import { parseInput } from "../../fields";
import { type Prepared, useAdminCall } from "../../hooks/useAdminCall";
import { useAnnouncement } from "../../hooks/useAnnouncement";
import { MANAGER_READ_KEY } from "../../hooks/useManagerRead";
import { IMPLEMENTATION_SLOT, type Managed, findFunction, slotAddress } from "../../registry";
import { FieldInput } from "../FieldInput";
import { RouteTags } from "../RouteNote";
import { useChainClock } from "../../hooks/useChainClock";
import { AnnouncedRule, LandingWarning } from "./AnnouncementNotes";
import { ADDRESS, Card, ConfirmCall, ErrorLine } from "./parts";

/** UUPS proxies: the implementation in the ERC-1967 slot, and upgradeToAndCall(new, data). */
export function UpgradeCard({ c }: { c: Managed }) {
  const { t } = useTranslation();
  const admin = useAdminCall(c, true);
  const client = useClient({ chainId: appChain.id });
  const implementation = useQuery({
    queryKey: [MANAGER_READ_KEY, c.address, "implementation"],
    enabled: !!client,
    queryFn: async () =>
      slotAddress(await getStorageAt(client!, { address: c.address, slot: IMPLEMENTATION_SLOT })),
  });
  const [input, setInput] = useState("");
  const [data, setData] = useState("0x");
  const [error, setError] = useState<AppMessage>();
  const [target, setTarget] = useState<{ to: Address; prepared: Prepared }>();
  const announced = useAnnouncement(c);
  const clock = useChainClock();
  if (!findFunction(c.abi, "upgradeToAndCall")) return null;

  async function review() {
    const parsed = parseInput(ADDRESS, input);
    if (!parsed.ok) return setError(parsed.message);
    if (!isHex(data.trim())) return setError({ key: "manager.upgrade.badData" });
    const code = client && (await getCode(client, { address: parsed.value as Address }));
    if (!code || code === "0x") return setError({ key: "manager.upgrade.noCode" });
    const checked = await admin.prepare("upgradeToAndCall", [parsed.value, data.trim() as Hex]);
    if (!checked.ok) return setError(checked.message);
    setError(undefined);
    setTarget({ to: parsed.value as Address, prepared: checked.prepared });
  }

  return (
    <Card
      c={c}
      id="upgrade"
      title={t("manager.upgrade.title")}
      tags={<RouteTags ownerOnly route={admin.route} viaSafe={!!admin.safe} />}
    >
      <dl className="kv">
        <div>
          <dt>{t("manager.upgrade.current")}</dt>
          <dd className="address-full" data-testid={`${c.name}-implementation`}>
            {implementation.data ?? "…"}
          </dd>
        </div>
      </dl>
      {announced.available && <AnnouncedRule kind="upgrade" announced={announced} />}
      <form
        className="manager-form"
        onSubmit={(e) => {
          e.preventDefault();
          void review();
        }}
      >
        <FieldInput field={ADDRESS} label="newImplementation" value={input} onChange={setInput} />
        <div className="field">
          <label htmlFor={`${c.name}-upgrade-data`}>
            <code>data</code> <small className="muted">{t("manager.upgrade.dataHint")}</small>
          </label>
          <input
            id={`${c.name}-upgrade-data`}
            className="input"
            autoComplete="off"
            value={data}
            onChange={(e) => setData(e.target.value)}
          />
        </div>
        <ErrorLine message={error} />
        {admin.editable && (
          <div className="manager-actions">
            <button type="submit" className="button">
              {t("manager.upgrade.submit")}
            </button>
          </div>
        )}
      </form>
      {target && (
        <ConfirmCall
          c={c}
          prepared={target.prepared}
          targets={[argumentTarget("newImplementation", target.to)]}
          title={t("manager.upgrade.title")}
          phrase={c.name}
          send={admin.send}
          onSent={() => setInput("")}
          onClose={() => setTarget(undefined)}
        >
          <p className="modal-text">
            {t("manager.upgrade.confirmText", {
              contract: c.name,
              from: implementation.data ?? "?",
              to: target.to,
            })}
          </p>
          {announced.available && (
            <LandingWarning
              announcement={announced.announcement}
              change={{ implementation: target.to }}
              prepared={target.prepared}
              now={clock.now}
            />
          )}
        </ConfirmCall>
      )}
    </Card>
  );
}
