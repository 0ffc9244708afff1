import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { RegistrationGate } from "../features/register/components/RegistrationGate";
import { NetworkBanner } from "../features/wallet/components/NetworkBanner";
import { WalletPicker } from "../features/wallet/components/WalletPicker";
import { useWalletWatchers } from "../features/wallet/hooks/useWalletWatchers";
import { inviteCodeFromSearch } from "../lib/inviteCode";
import { useAppStore } from "../store";
import { ConfirmDialog } from "./ConfirmDialog";
import { Footer } from "./Footer";
import { PendingOverlay } from "./PendingOverlay";
import { SideMenu } from "./SideMenu";
import { Toasts } from "./Toasts";
import { TopBar } from "./TopBar";

/** Layout for every route: top bar (not on /S), side menu, banners, page, footer and the overlays. */
export function Shell() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const setInviteCode = useAppStore((s) => s.setInviteCode);
  useWalletWatchers();

  // Route changes reset scroll to the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // `?code=<address>` on any route becomes the stored invite code.
  useEffect(() => {
    const code = inviteCodeFromSearch(search);
    if (code) setInviteCode(code);
  }, [search, setInviteCode]);

  return (
    <div className="app">
      {pathname !== "/S" && <TopBar />}
      <SideMenu />
      <NetworkBanner />
      <main className="main">
        <Suspense fallback={<p className="page-note">{t("common.loading")}</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <RegistrationGate />
      <WalletPicker />
      <ConfirmDialog />
      <PendingOverlay />
      <Toasts />
    </div>
  );
}
