import { getAddress } from "viem";
import { useTranslation } from "../../../i18n";
import { saveFile } from "../../../app/download";
import { appChain } from "../../../app/wagmi";
import type { SafeVia } from "../hooks/useAdminCall";
import { type SafeCall, transactionBuilderFile } from "../safe";

/** Saves `calls` of `safe` as a Transaction Builder file (Safe{Wallet}: Apps, Transaction Builder, Load). */
export function downloadBuilderFile(safe: `0x${string}`, calls: readonly SafeCall[], name: string) {
  const file = transactionBuilderFile({
    chainId: appChain.id,
    calls,
    meta: { name, description: name, createdFromSafeAddress: getAddress(safe) },
    createdAt: Date.now(),
  });
  saveFile(
    new Blob([JSON.stringify(file, null, 2)], { type: "application/json" }),
    `safe-${name}-${appChain.id}.json`,
  );
}

/**
 * In a confirm dialog of a change through the operators' Safe: the Safe transaction it becomes (its nonce and how
 * many owners must approve it), and the same call as a Transaction Builder file for Safe{Wallet} instead.
 */
export function SafeNote({ safe, title }: { safe: SafeVia; title: string }) {
  const { t } = useTranslation();
  return (
    <div className="modal-text manager-note" data-testid="safe-note">
      <p>
        {t("manager.safe.note", {
          nonce: safe.nonce.toString(),
          threshold: safe.threshold.toString(),
          owners: safe.owners.length,
        })}
      </p>
      <button
        type="button"
        className="button ghost"
        onClick={() => downloadBuilderFile(safe.address, safe.calls, title)}
      >
        {t("manager.safe.export")}
      </button>
    </div>
  );
}
