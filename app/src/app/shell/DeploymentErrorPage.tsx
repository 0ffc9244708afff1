import type { DeploymentError } from "@taichi/contracts/deployment";
import { useTranslation } from "../../i18n";
import { appChain } from "../wagmi";

/**
 * Shown instead of the app when the deployment file of the configured chain is missing or invalid: what
 * is wrong, for the operator who builds or serves the app (main.tsx).
 */
export function DeploymentErrorPage({ error }: { error: DeploymentError }) {
  const { t } = useTranslation();
  return (
    <main className="page" role="alert">
      <h1 className="page-title">
        {t("wallet.notDeployed", { chain: appChain.name, chainId: appChain.id })}
      </h1>
      <p className="card">
        <code data-testid="deployment-error">{error.message}</code>
      </p>
    </main>
  );
}
