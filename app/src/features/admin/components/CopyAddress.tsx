import { type Address, getAddress } from "viem";
import { useTranslation } from "../../../i18n";
import { copyWithToast } from "../../../app/clipboard";

/**
 * An address in full, checksummed (EIP-55), with a copy button. The button carries no text of its own
 * (an icon, and its accessible name), so the address reads the same in any sentence.
 */
export function CopyAddress({ address: raw }: { address: Address }) {
  const { t } = useTranslation();
  const address = getAddress(raw);
  const copy = () =>
    copyWithToast(address, { copied: { key: "common.copied" }, failed: { key: "common.copyFailed" } });

  return (
    <span className="copy-address">
      <code className="address-full">{address}</code>
      <button
        type="button"
        className="copy-button"
        aria-label={t("common.copyAddress", { address })}
        title={t("common.copyAddress", { address })}
        onClick={() => void copy()}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" />
          <path
            d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5"
            fill="none"
            stroke="currentColor"
          />
        </svg>
      </button>
    </span>
  );
}
