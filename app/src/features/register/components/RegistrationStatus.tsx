import { useTranslation } from "../../../i18n";
import { zeroAddress } from "viem";
import { useAppStore } from "../../../app/store";
import { appChain } from "../../../app/wagmi";
import { useIsManager } from "../../admin/hooks/useIsManager";
import { useAppConnection } from "../../../app/useAppConnection";
import { usePresaleUser } from "../../../app/usePresaleUser";
import { ReadError } from "../../../components/ReadError";
import { AddressLink } from "../../../components/AddressLink";

/** Home card: the connected member's registration status and referrer, read from the chain. */
export function RegistrationStatus() {
  const { t } = useTranslation();
  const { address, isConnected, wrongChain } = useAppConnection();
  const user = usePresaleUser(address);
  const manager = useIsManager();
  const openPicker = useAppStore((s) => s.setWalletPickerOpen);

  let body;
  if (!isConnected) {
    body = (
      <p className="muted">
        <button type="button" className="link-button" onClick={() => openPicker(true)}>
          {t("home.connectPrompt")}
        </button>
      </p>
    );
  } else if (wrongChain) {
    body = <p className="muted">{t("home.wrongNetwork", { chain: appChain.name })}</p>;
  } else if (user.isError) {
    body = <ReadError />;
  } else if (!user.data) {
    body = <p className="muted">{t("common.loading")}</p>;
  } else if (user.data.index === 0n) {
    body = <p className="status-badge off">{t("home.unregistered")}</p>;
  } else {
    body = (
      <dl className="status-list">
        <div>
          <dt>{t("home.status")}</dt>
          <dd className="status-badge on">{t("home.registered")}</dd>
        </div>
        <div>
          <dt>{t("home.memberIndex")}</dt>
          <dd>{user.data.index.toString()}</dd>
        </div>
        <div>
          <dt>{t("home.referrer")}</dt>
          <dd>
            {user.data.refer === zeroAddress ? "—" : <AddressLink address={user.data.refer} width="full" />}
          </dd>
        </div>
      </dl>
    );
  }

  return (
    <section className="card" aria-labelledby="status-title">
      <h2 id="status-title" className="card-title">
        {t("home.statusTitle")}
        {manager.isManager && <span className="tag">{t("home.manager")}</span>}
      </h2>
      {body}
    </section>
  );
}
