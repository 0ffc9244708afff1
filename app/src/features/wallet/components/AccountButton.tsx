import { useTranslation } from "../../../i18n";
import { useConnection } from "wagmi";
import { shortAddress } from "../../../lib/format";
import { useAppStore } from "../../../app/store";

/**
 * Top-bar account button: `0xf39..2266` when connected (and while a returning member's session is restored,
 * so the bar does not change width), UNCONNECT otherwise; opens the wallet picker.
 */
export function AccountButton() {
  const { t } = useTranslation();
  const { address, status } = useConnection();
  const openPicker = useAppStore((s) => s.setWalletPickerOpen);
  const connected = (status === "connected" || status === "reconnecting") && !!address;
  return (
    <button
      type="button"
      className={`account-button ${connected ? "connected" : ""}`}
      title={connected ? address : undefined}
      onClick={() => openPicker(true)}
    >
      {connected ? shortAddress(address) : t("wallet.unconnect")}
    </button>
  );
}
