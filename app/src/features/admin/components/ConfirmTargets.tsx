import { CopyAddress } from "./CopyAddress";
import { Message } from "../../../components/Message";
import type { ConfirmTarget } from "../confirm";

/** In a confirm dialog: each address the call names, in full with a copy button (`confirmTargets`). */
export function ConfirmTargets({ targets }: { targets: readonly ConfirmTarget[] }) {
  return (
    <dl className="kv manager-targets" data-testid="confirm-targets">
      {targets.map((target) => (
        <div key={`${target.label.key}.${JSON.stringify(target.label.values ?? {})}`}>
          <dt>
            <Message message={target.label} />
          </dt>
          <dd>
            <CopyAddress address={target.address} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
