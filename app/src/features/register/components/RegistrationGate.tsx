import { presale } from "../../../contracts";
import { useTransaction } from "../../../lib/useTransaction";
import { useIsManager } from "../../manager/hooks/useIsManager";
import { useAppConnection } from "../../wallet/hooks/useAppConnection";
import { usePresaleUser } from "../hooks/usePresaleUser";
import { RegisterDialog } from "./RegisterDialog";

/**
 * Shows the registration overlay when: connected on the configured chain, the Presale is deployed,
 * `users(account).index == 0`, and the account is not a manager.
 */
export function RegistrationGate() {
  const { address, ready } = useAppConnection();
  const user = usePresaleUser(ready ? address : undefined);
  const manager = useIsManager();
  const send = useTransaction();

  const contract = presale;
  if (!contract || !ready || !address) return null;
  if (!user.data || user.data.index !== 0n) return null;
  if (manager.isLoading || manager.isManager) return null;

  return (
    <RegisterDialog
      key={address}
      account={address}
      onRegister={(referrer) => send({ ...contract, functionName: "register", args: [referrer] })}
    />
  );
}
