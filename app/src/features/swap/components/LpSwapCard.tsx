import { type ReactNode, useState } from "react";
import { useTranslation } from "../../../i18n";
import { AmountInput } from "../../../components/AmountInput";
import { validateAmount } from "../../../lib/amount";
import { formatAmount, percentFromBps } from "../../../lib/format";
import { useTransaction } from "../../../app/useTransaction";
import { useAppStore } from "../../../app/store";
import { appChain } from "../../../app/wagmi";
import type { AppConnection } from "../../../app/useAppConnection";
import { lpSwap } from "../contracts";
import type { Announcement } from "../../../lib/announcement";
import { earlyCloseQuote, lockCall, topUpRateDrop } from "../logic";
import { ReadPending } from "../../../components/ReadError";
import { ConfirmModal } from "../../../components/ConfirmModal";
import { Countdown } from "../../../components/Countdown";
import { useNow } from "../../../lib/useNow";
import { formatUtc } from "../../../lib/format";
import { chainNow } from "../../../lib/chainClock";
import { useLpSwapAccount } from "../hooks/useLpSwapAccount";

type Asset = "lp" | "token";

/**
 * LpSwap (docs/tokens.md): lock LP tokens of the token/USDT pair (`swapLP`) or project tokens
 * (`swapToken`), released linearly per day, and `claimLP()` to take what was released of both. A lock
 * carries the daily rate shown (`lockCall`), so a cut that lands first reverts it. While an upgrade or an
 * ownership transfer of LpSwap is announced, a notice says what and when it may land, and "Close early"
 * (`closeEarly()`, confirmed with what comes back) returns everything still owed of both positions.
 */
export function LpSwapCard({ connection }: { connection: AppConnection }) {
  const { t } = useTranslation();
  const send = useTransaction();
  const openPicker = useAppStore((s) => s.setWalletPickerOpen);
  const account = connection.ready ? connection.address : undefined;
  const lp = useLpSwapAccount(account);
  const [asset, setAsset] = useState<Asset>("lp");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const tokenSymbol = lp.tokenSymbol ?? t("swap.lp.tokenAsset");
  const balance = asset === "lp" ? lp.lpBalance : lp.tokenBalance;
  const check = text.trim() === "" ? undefined : validateAmount(text, { balance });
  const amount = check?.ok ? check.value : undefined;
  const { user, config } = lp;
  const claimable = !!user && (user.pendingLP > 0n || user.pendingToken > 0n);
  const ownRate = user && config ? topUpRateDrop(user, config, asset) : undefined;

  async function run(action: () => ReturnType<typeof send>) {
    setBusy(true);
    try {
      return await action();
    } finally {
      setBusy(false);
    }
  }

  async function lock() {
    const spendToken = asset === "lp" ? lp.lp : lp.token;
    const target = lpSwap;
    if (!target || !spendToken || amount === undefined || !config) return;
    // the rate shown above is the least the lock accepts (RateBelowExpected if a cut lands first)
    const call = lockCall(asset, amount, config);
    const result = await run(() =>
      send({
        ...target,
        ...call,
        spend: { token: spendToken, spender: target.address, amount },
      }),
    );
    if (result.ok) setText("");
  }

  async function claim() {
    const target = lpSwap;
    if (target) await run(() => send({ ...target, functionName: "claimLP", args: [] }));
  }

  async function closeEarly() {
    setConfirmClose(false);
    const target = lpSwap;
    if (target) await run(() => send({ ...target, functionName: "closeEarly", args: [] }));
  }

  const lpValue = (v: bigint) => `${formatAmount(v, { fractionDigits: 6 })} LP`;
  const tokenValue = (v: bigint) => `${formatAmount(v, { fractionDigits: 6 })} ${tokenSymbol}`;

  let body;
  if (!connection.isConnected && !connection.accountExpected) {
    body = (
      <p className="muted">
        <button type="button" className="link-button" onClick={() => openPicker(true)}>
          {t("swap.lp.connect")}
        </button>
      </p>
    );
  } else if (connection.wrongChain) {
    body = <p className="blocked-reason">{t("swap.blocked.wrongChain", { chain: appChain.name })}</p>;
  } else if (!user || !config) {
    body = <ReadPending isError={lp.isError} />;
  } else {
    const quote = earlyCloseQuote(user);
    body = (
      <>
        {lp.announcement && (
          <EarlyCloseNotice announcement={lp.announcement} blockTime={lp.blockTime} readAt={lp.blockReadAt}>
            <button
              type="button"
              className="button block ghost"
              disabled={!quote.closable || busy}
              onClick={() => setConfirmClose(true)}
            >
              {t("swap.lp.earlyClose.button")}
            </button>
            {!quote.closable && <p className="muted small center">{t("swap.lp.earlyClose.nothingLocked")}</p>}
          </EarlyCloseNotice>
        )}
        {confirmClose && (
          <ConfirmModal
            title={t("swap.lp.earlyClose.confirmTitle")}
            confirmLabel={t("swap.lp.earlyClose.button")}
            onConfirm={() => void closeEarly()}
            onCancel={() => setConfirmClose(false)}
          >
            <p>{t("swap.lp.earlyClose.confirmIntro")}</p>
            <dl className="kv" data-testid="early-close-quote">
              <div>
                <dt>{t("swap.lp.earlyClose.lpLocked")}</dt>
                <dd>{lpValue(quote.lp.locked)}</dd>
              </div>
              <div>
                <dt>{t("swap.lp.earlyClose.lpReleased")}</dt>
                <dd>{lpValue(quote.lp.released)}</dd>
              </div>
              <div>
                <dt>{t("swap.lp.earlyClose.lpTotal")}</dt>
                <dd className="kv-strong">{lpValue(quote.lp.total)}</dd>
              </div>
              <div>
                <dt>{t("swap.lp.earlyClose.tokenLocked")}</dt>
                <dd>{tokenValue(quote.token.locked)}</dd>
              </div>
              <div>
                <dt>{t("swap.lp.earlyClose.tokenReleased")}</dt>
                <dd>{tokenValue(quote.token.released)}</dd>
              </div>
              <div>
                <dt>{t("swap.lp.earlyClose.tokenTotal")}</dt>
                <dd className="kv-strong">{tokenValue(quote.token.total)}</dd>
              </div>
            </dl>
            <p className="warn-text">{t("swap.lp.earlyClose.confirmEnds")}</p>
          </ConfirmModal>
        )}
        <p className="muted small">
          {t("swap.lp.rates", {
            hours: (Number(config.dayTimes) / 3600).toString(),
            lp: percentFromBps(config.lpRate),
            token: percentFromBps(config.tokenRate),
          })}
        </p>
        <dl className="kv">
          <div>
            <dt>{t("swap.lp.lockedLp")}</dt>
            <dd>{lpValue(user.amountLP)}</dd>
          </div>
          <div>
            <dt>{t("swap.lp.claimedLp")}</dt>
            <dd>{lpValue(user.claimLP)}</dd>
          </div>
          <div>
            <dt>{t("swap.lp.pendingLp")}</dt>
            <dd className="kv-strong">{lpValue(user.pendingLP)}</dd>
          </div>
          <div>
            <dt>{t("swap.lp.lockedToken")}</dt>
            <dd>{tokenValue(user.amountToken)}</dd>
          </div>
          <div>
            <dt>{t("swap.lp.claimedToken")}</dt>
            <dd>{tokenValue(user.claimToken)}</dd>
          </div>
          <div>
            <dt>{t("swap.lp.pendingToken")}</dt>
            <dd className="kv-strong">{tokenValue(user.pendingToken)}</dd>
          </div>
        </dl>
        <button
          type="button"
          className="button block"
          disabled={!claimable || busy}
          onClick={() => void claim()}
        >
          {t("swap.lp.claim")}
        </button>
        {!claimable && <p className="muted small center">{t("swap.lp.nothing")}</p>}
        <fieldset className="choice-group lp-asset">
          <legend>{t("swap.lp.asset")}</legend>
          {(["lp", "token"] as const).map((a) => (
            <label key={a} className="choice">
              <input
                type="radio"
                name="lp-asset"
                checked={asset === a}
                onChange={() => {
                  setAsset(a);
                  setText("");
                }}
              />
              <span>{a === "lp" ? t("swap.lp.lpAsset") : tokenSymbol}</span>
            </label>
          ))}
        </fieldset>
        <AmountInput
          label={t("swap.lp.amount")}
          value={text}
          onChange={setText}
          rules={{ balance }}
          maxText={
            balance !== undefined && balance > 0n
              ? formatAmount(balance, { fractionDigits: 18, grouping: false })
              : undefined
          }
        />
        {balance !== undefined && (
          <p className="muted small">
            {t("swap.lp.balance")}: {asset === "lp" ? lpValue(balance) : tokenValue(balance)}
          </p>
        )}
        {ownRate !== undefined && amount !== undefined && (
          <p className="warn-text">
            {t("swap.lp.rateDrop", {
              own: percentFromBps(ownRate),
              current: percentFromBps(asset === "lp" ? config.lpRate : config.tokenRate),
            })}
          </p>
        )}
        <button
          type="button"
          className="button block"
          disabled={amount === undefined || busy}
          onClick={() => void lock()}
        >
          {t("swap.lp.lock")}
        </button>
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="lpswap-title">
      <h2 id="lpswap-title" className="card-title">
        {t("swap.lp.title")}
      </h2>
      {body}
    </section>
  );
}

/**
 * LpSwap's announced change: an upgrade to an implementation and/or an ownership transfer, when it may land
 * (UTC, and a countdown on the chain's clock), and that until then a member may take back everything still
 * owed to it (`children`: the Close early button).
 */
function EarlyCloseNotice({
  announcement,
  blockTime,
  readAt,
  children,
}: {
  announcement: Announcement;
  blockTime: number | undefined;
  readAt: number | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const local = useNow();
  const now = chainNow(local, blockTime, readAt);
  const offset = now - local; // the chain's clock may run ahead of the local one (a Countdown ticks locally)
  const { implementation, newOwner, readyAt } = announcement;
  const landing = BigInt(Math.floor(now)) >= readyAt;
  return (
    <div className="lp-early-close" role="region" aria-labelledby="lp-early-close-title">
      <h3 id="lp-early-close-title" className="warn-text">
        {t("swap.lp.earlyClose.title")}
      </h3>
      <ul>
        {implementation && (
          <li>
            {t("swap.lp.earlyClose.upgrade")} <code className="address-full">{implementation}</code>
          </li>
        )}
        {newOwner && (
          <li>
            {t("swap.lp.earlyClose.transfer")} <code className="address-full">{newOwner}</code>
          </li>
        )}
      </ul>
      <dl className="kv">
        <div>
          <dt>{t("swap.lp.earlyClose.readyAt")}</dt>
          <dd data-testid="lp-announce-ready-at">{formatUtc(readyAt)}</dd>
        </div>
        <div>
          <dt>{t("swap.lp.earlyClose.countdown")}</dt>
          <dd>
            {landing ? t("swap.lp.earlyClose.landing") : <Countdown targetSec={Number(readyAt) - offset} />}
          </dd>
        </div>
      </dl>
      <p className="small">{t("swap.lp.earlyClose.rule")}</p>
      {children}
    </div>
  );
}
