import { type ReactNode, Suspense, useEffect } from "react";
import { useLocation, useSearch } from "../../lib/router";
import { RegistrationGate } from "../../features/register/components/RegistrationGate";
import { NetworkBanner } from "../../features/wallet/components/NetworkBanner";
import { useWalletWatchers } from "../../features/wallet/hooks/useWalletWatchers";
import { inviteCodeFromSearch } from "../../lib/inviteCode";
import { lazyPage } from "../../lib/lazyPage";
import { PageShown } from "../../lib/readGate";
import { useAppStore } from "../store";
import { ConfirmDialog } from "./ConfirmDialog";
import { Footer } from "./Footer";
import { LazyDialog } from "../../components/LazyDialog";
import { PendingOverlay } from "./PendingOverlay";
import { PageSkeleton } from "../../components/Skeleton";
import { BottomNav, SideMenu } from "./SideMenu";
import { Toasts } from "./Toasts";
import { TopBar } from "./TopBar";

// The wallet picker (with recent transactions and add-token) loads when it first opens.
const WalletPicker = lazyPage(async () => ({
  default: (await import("../../features/wallet/components/WalletPicker")).WalletPicker,
}));

/** Layout for every route: top bar (not on /S), side menu, banners, the page, footer and the overlays. */
export function Shell({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const search = useSearch();
  const setInviteCode = useAppStore((s) => s.setInviteCode);
  const pickerOpen = useAppStore((s) => s.walletPickerOpen);
  const setPickerOpen = useAppStore((s) => s.setWalletPickerOpen);
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
        <Suspense fallback={<PageSkeleton />}>
          <PageShown />
          {children}
        </Suspense>
      </main>
      <Footer />
      {pathname !== "/S" && <BottomNav />}
      <RegistrationGate />
      {pickerOpen && (
        <LazyDialog title="wallet.connectTitle" onClose={() => setPickerOpen(false)} className="picker-layer">
          <WalletPicker />
        </LazyDialog>
      )}
      <ConfirmDialog />
      <PendingOverlay />
      <Toasts />
    </div>
  );
}
