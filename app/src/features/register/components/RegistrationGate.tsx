import { LazyDialog } from "../../../components/LazyDialog";
import { lazyPage } from "../../../lib/lazyPage";
import { useIsManager } from "../../admin/hooks/useIsManager";
import { useAppConnection } from "../../../app/useAppConnection";
import { usePresaleUser } from "../../../app/usePresaleUser";

// Most visits never show the dialog: its code (the referrer checks, sending transactions) loads when it does.
const RegisterOverlay = lazyPage(async () => ({
  default: (await import("./RegisterOverlay")).RegisterOverlay,
}));

/**
 * Shows the registration overlay when: connected on the configured chain, the Presale is deployed,
 * `users(account).index == 0`, and the account is not a manager.
 */
export function RegistrationGate() {
  const { address, ready } = useAppConnection();
  const user = usePresaleUser(ready ? address : undefined);
  const manager = useIsManager();

  if (!ready || !address) return null;
  if (!user.data || user.data.index !== 0n) return null;
  if (manager.isLoading || manager.isManager) return null;

  return (
    <LazyDialog key={address} title="register.title" className="register-layer">
      <RegisterOverlay account={address} />
    </LazyDialog>
  );
}
