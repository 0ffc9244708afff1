import type { Address } from "viem";
import { presale } from "../../../app/contracts";
import { useTransaction } from "../../../app/useTransaction";
import { RegisterDialog } from "./RegisterDialog";

/** The registration dialog sending `Presale.register`: loaded when RegistrationGate shows it. */
export function RegisterOverlay({ account }: { account: Address }) {
  const send = useTransaction();
  const contract = presale;
  if (!contract) return null;
  return (
    <RegisterDialog
      account={account}
      onRegister={(referrer) => send({ ...contract, functionName: "register", args: [referrer] })}
    />
  );
}
