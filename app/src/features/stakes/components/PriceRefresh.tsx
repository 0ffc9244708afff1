import { stakingAbi } from "@taichi/contracts";
import { useEffect, useState } from "react";
import { type Hash, parseEventLogs } from "viem";
import { getBlock, getTransactionReceipt } from "viem/actions";
import { useClient } from "wagmi";
import { Countdown } from "../../../components/Countdown";
import { useTranslation } from "../../../i18n";
import { useTransaction } from "../../../app/useTransaction";
import { appChain } from "../../../app/wagmi";
import { tokenDepositsFrom } from "../logic";
import { staking } from "../../../app/staking";

type Props = {
  /** Staking's price window, seconds */
  window: bigint;
  /** the chain's clock now and its lead over the local one, seconds */
  now: number;
  offset: number;
  /** reads `DataReader.tokenPrice` again (once the new average is ready) */
  refetch(): unknown;
};

/**
 * Shown while a token deposit would be refused for want of a recent average price (`PriceUnavailable`):
 * why, and "Refresh price", which sends `updatePrice()` (anyone may); then when token deposits open
 * (one window after the observation it kept), counting down, and the price is read again then.
 */
export function PriceRefresh({ window, now, offset, refetch }: Props) {
  const { t } = useTranslation();
  const send = useTransaction();
  const client = useClient({ chainId: appChain.id });
  const [busy, setBusy] = useState(false);
  const [opens, setOpens] = useState<{ at: bigint; exact: boolean }>();
  const ready = opens !== undefined && BigInt(Math.floor(now)) >= opens.at;

  useEffect(() => {
    if (ready) void refetch();
  }, [ready, refetch]);

  async function refresh() {
    if (!client) return;
    setBusy(true);
    try {
      const result = await send({ ...staking, functionName: "updatePrice", args: [] });
      if (!result.ok) return;
      // the receipt unreadable: the call was mined by now, so deposits open within a window of now
      const update = await updateOf(result.hash).catch(() => ({
        observed: false,
        time: BigInt(Math.floor(now)),
      }));
      setOpens(tokenDepositsFrom(update, window));
    } finally {
      setBusy(false);
    }
  }

  /** Whether the mined call kept an observation, and its block's time. */
  async function updateOf(hash: Hash) {
    const receipt = await getTransactionReceipt(client!, { hash });
    const block = await getBlock(client!, { blockNumber: receipt.blockNumber });
    const observed =
      parseEventLogs({ abi: stakingAbi, eventName: "PriceObserved", logs: receipt.logs }).length > 0;
    return { observed, time: block.timestamp };
  }

  const minutes = (window / 60n).toString();
  return (
    <div className="price-refresh" data-testid="price-refresh">
      {opens ? (
        <p className="small" role="status">
          {t(opens.exact ? "stakes.price.opensIn" : "stakes.price.opensWithin", { minutes })}{" "}
          <Countdown targetSec={Number(opens.at) - offset} />
        </p>
      ) : (
        <>
          <p className="small">{t("stakes.price.stale", { minutes })}</p>
          <button type="button" className="button ghost block" disabled={busy} onClick={() => void refresh()}>
            {t("stakes.price.refresh")}
          </button>
        </>
      )}
    </div>
  );
}
