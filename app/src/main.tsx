import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { WagmiProvider } from "wagmi";
import { DeploymentErrorPage } from "./app/shell/DeploymentErrorPage";
import "./i18n";
import { appDeployment } from "./lib/deployments";
import { inviteCodeFromSearch } from "./lib/inviteCode";
import { AppRoutes } from "./app/router";
import { useAppStore } from "./app/store";
import "./styles.css";
import { config, connectInsideSafe } from "./app/wagmi";

// Store the invitation link's code before anything renders (the Shell also watches later navigations).
const code = inviteCodeFromSearch(window.location.search);
if (code) useAppStore.getState().setInviteCode(code);

connectInsideSafe();

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

// A transition: React renders the app in slices that yield to the browser (input, paint) instead of
// one long task, which mobile CPUs feel as a frozen page (Lighthouse's total blocking time).
// The app runs only on a valid deployment file (lib/deployments.ts); otherwise the page says what is wrong.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      {appDeployment.ok ? (
        <WagmiProvider config={config}>
          <QueryClientProvider client={queryClient}>
            <AppRoutes />
          </QueryClientProvider>
        </WagmiProvider>
      ) : (
        <DeploymentErrorPage error={appDeployment.error} />
      )}
    </StrictMode>,
  ),
);
