import { useTranslation } from "../../../i18n";
import { useConfig } from "wagmi";
import type { AppMessage } from "../../../i18n";
import { switchChainByApp } from "../../../lib/walletEvents";
import { useAppStore } from "../../../app/store";
import { appChain } from "../../../app/wagmi";
import { useAppConnection } from "../../../app/useAppConnection";

/** Wrong wallet network (one-click switch) and "not deployed on this chain" notices. */
export function NetworkBanner() {
  const { t } = useTranslation();
  const config = useConfig();
  const { wrongChain } = useAppConnection();
  const toast = useAppStore((s) => s.toast);

  const switchNetwork = async () => {
    try {
      await switchChainByApp(config, appChain.id);
    } catch (err) {
      console.error("switch chain failed", err);
      // The error parser (viem's error classes) loads with the first failure: `/` needs it for nothing else.
      const message = await import("../../../lib/errors").then(
        ({ parseError }) => parseError(err),
        (): AppMessage => ({ key: "errors.generic" }),
      );
      toast("error", message);
    }
  };

  return (
    <>
      {wrongChain && (
        <div className="banner banner-warn" role="alert">
          <span>{t("wallet.wrongNetwork", { chain: appChain.name })}</span>
          <button type="button" className="button small" onClick={() => void switchNetwork()}>
            {t("wallet.switchNetwork")}
          </button>
        </div>
      )}
    </>
  );
}
