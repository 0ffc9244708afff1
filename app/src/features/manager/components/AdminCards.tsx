import { usdtAbi } from "@taichi/contracts";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { type Abi, type Address, type Hex, isHex } from "viem";
import { getCode, getStorageAt } from "viem/actions";
import { useClient } from "wagmi";
import { Message } from "../../../components/Message";
import { ConfirmModal } from "../../../components/ConfirmModal";
import { TypedPhraseField } from "../../../components/TypedPhraseField";
import { useTranslation } from "../../../i18n";
import type { AppMessage } from "../../../i18n/keys";
import { contractAddress } from "../../../lib/deployments";
import { formatAmount } from "../../../lib/format";
import { useTransaction } from "../../../lib/useTransaction";
import { appChain } from "../../../wagmi";
import { Countdown } from "../../../components/Countdown";
import { durationText } from "../../governance/duration";
import { useChainClock } from "../../governance/hooks/useTimelock";
import { announceMessage } from "../../governance/operations";
import type { Announcement } from "../../../lib/announcement";
import { type OwnerChange, landingCheck, landingWarning } from "../announce";
import { sendRewardGasLimit } from "../../rewards/logic";
import { argumentTarget, batchTargets, confirmTargets } from "../confirm";
import { formatUtc, parseAddressList, parseInput } from "../fields";
import { type Prepared, useAdminCall } from "../hooks/useAdminCall";
import { useAnnouncement } from "../hooks/useAnnouncement";
import { MANAGER_READ_KEY, useManagerRead } from "../hooks/useManagerRead";
import { IMPLEMENTATION_SLOT, type Managed, abiOf, findFunction, slotAddress } from "../registry";
import { ConfirmTargets } from "./ConfirmTargets";
import { FieldInput } from "./FieldInput";
import { RouteTags, ScheduleNote } from "./RouteNote";

const ADDRESS = { kind: "address" } as const;
const ADDRESS_OR_NONE = { kind: "address", allowZero: true } as const;
const ZERO = "0x0000000000000000000000000000000000000000" as Address;
const AMOUNT = { kind: "amount" } as const;

function Card({
  c,
  id,
  title,
  tags,
  children,
}: {
  c: Managed;
  id: string;
  title: string;
  tags?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${c.name}-${id}`;
  return (
    <section className="card manager-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="card-title">
        {title}
        {tags}
      </h3>
      {children}
    </section>
  );
}

/** A confirm dialog that only confirms once `phrase` is typed (ownership and upgrades cannot be undone). */
function TypedConfirm({
  title,
  text,
  phrase,
  onConfirm,
  onClose,
}: {
  title: string;
  text: ReactNode;
  phrase: string;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  return (
    <ConfirmModal title={title} canConfirm={typed.trim() === phrase} onConfirm={onConfirm} onCancel={onClose}>
      <div className="modal-text">{text}</div>
      <TypedPhraseField
        id="typed-confirm"
        label={t("manager.typeToConfirm", { phrase })}
        value={typed}
        onChange={setTyped}
      />
    </ConfirmModal>
  );
}

function ErrorLine({ message }: { message: AppMessage | undefined }) {
  if (!message) return null;
  return (
    <p className="error-text" role="alert">
      <Message message={message} />
    </p>
  );
}

/** owner(), pending owner (two-step tokens), transferOwnership and renounceOwnership behind a typed confirmation. */
export function OwnershipCard({ c }: { c: Managed }) {
  const { t } = useTranslation();
  const admin = useAdminCall(c, true);
  const owner = useManagerRead({ address: c.address, abi: c.abi, functionName: "owner" });
  const twoStep = !!findFunction(c.abi, "pendingOwner");
  const pendingOwner = useManagerRead(
    twoStep ? { address: c.address, abi: c.abi, functionName: "pendingOwner" } : undefined,
  );
  const [input, setInput] = useState("");
  const [error, setError] = useState<AppMessage>();
  const [dialog, setDialog] = useState<
    ({ kind: "transfer"; to: Address } | { kind: "renounce" }) & { prepared: Prepared }
  >();
  const announced = useAnnouncement(c);
  const clock = useChainClock();
  if (!findFunction(c.abi, "transferOwnership")) return null;

  async function open(d: { kind: "transfer"; to: Address } | { kind: "renounce" }) {
    const checked =
      d.kind === "transfer"
        ? await admin.prepare("transferOwnership", [d.to])
        : await admin.prepare("renounceOwnership", []);
    setError(checked.ok ? undefined : checked.message);
    if (checked.ok) setDialog({ ...d, prepared: checked.prepared });
  }

  async function run() {
    const d = dialog!;
    setDialog(undefined);
    if ((await admin.send(d.prepared)).ok) setInput("");
  }

  return (
    <Card
      c={c}
      id="ownership"
      title={t("manager.ownership.title")}
      tags={<RouteTags ownerOnly route={admin.route} />}
    >
      <dl className="kv">
        <div>
          <dt>{t("manager.ownership.owner")}</dt>
          <dd className="address-full">{(owner.data as string | undefined) ?? "…"}</dd>
        </div>
        {twoStep && (
          <div>
            <dt>{t("manager.ownership.pending")}</dt>
            <dd className="address-full">{(pendingOwner.data as string | undefined) ?? "…"}</dd>
          </div>
        )}
      </dl>
      {twoStep && <p className="muted small">{t("manager.ownership.twoStep")}</p>}
      {announced.available && <AnnouncedRule kind="transfer" announced={announced} />}
      <form
        className="manager-form"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseInput(ADDRESS, input);
          setError(parsed.ok ? undefined : parsed.message);
          if (parsed.ok) void open({ kind: "transfer", to: parsed.value as Address });
        }}
      >
        <FieldInput field={ADDRESS} label="newOwner" value={input} onChange={setInput} error={error} />
        {admin.editable && (
          <div className="manager-actions">
            <button
              type="button"
              className="button ghost danger"
              onClick={() => void open({ kind: "renounce" })}
            >
              {t("manager.ownership.renounce")}
            </button>
            <button type="submit" className="button">
              {t("manager.ownership.transfer")}
            </button>
          </div>
        )}
      </form>
      {dialog && (
        <TypedConfirm
          title={t(dialog.kind === "transfer" ? "manager.ownership.transfer" : "manager.ownership.renounce")}
          text={
            <>
              {dialog.kind === "transfer"
                ? t("manager.ownership.transferText", { contract: c.name })
                : t("manager.ownership.renounceText", { contract: c.name })}
              <ConfirmTargets
                targets={confirmTargets(
                  c,
                  dialog.prepared,
                  dialog.kind === "transfer" ? [argumentTarget("newOwner", dialog.to)] : [],
                )}
              />
              <ScheduleNote prepared={dialog.prepared} />
              {dialog.kind === "transfer" && announced.available && (
                <LandingWarning
                  announcement={announced.announcement}
                  change={{ newOwner: dialog.to }}
                  prepared={dialog.prepared}
                  now={clock.now}
                />
              )}
            </>
          }
          phrase={c.name}
          onConfirm={() => void run()}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Card>
  );
}

/** UUPS proxies: the implementation in the ERC-1967 slot, and upgradeToAndCall(new, data). */
export function UpgradeCard({ c }: { c: Managed }) {
  const { t } = useTranslation();
  const admin = useAdminCall(c, true);
  const client = useClient({ chainId: appChain.id });
  const implementation = useQuery({
    queryKey: [MANAGER_READ_KEY, c.address, "implementation"],
    enabled: !!client,
    queryFn: async () =>
      slotAddress(await getStorageAt(client!, { address: c.address, slot: IMPLEMENTATION_SLOT })),
  });
  const [input, setInput] = useState("");
  const [data, setData] = useState("0x");
  const [error, setError] = useState<AppMessage>();
  const [target, setTarget] = useState<{ to: Address; prepared: Prepared }>();
  const announced = useAnnouncement(c);
  const clock = useChainClock();
  if (!findFunction(c.abi, "upgradeToAndCall")) return null;

  async function review() {
    const parsed = parseInput(ADDRESS, input);
    if (!parsed.ok) return setError(parsed.message);
    if (!isHex(data.trim())) return setError({ key: "manager.upgrade.badData" });
    const code = client && (await getCode(client, { address: parsed.value as Address }));
    if (!code || code === "0x") return setError({ key: "manager.upgrade.noCode" });
    const checked = await admin.prepare("upgradeToAndCall", [parsed.value, data.trim() as Hex]);
    if (!checked.ok) return setError(checked.message);
    setError(undefined);
    setTarget({ to: parsed.value as Address, prepared: checked.prepared });
  }

  return (
    <Card
      c={c}
      id="upgrade"
      title={t("manager.upgrade.title")}
      tags={<RouteTags ownerOnly route={admin.route} />}
    >
      <dl className="kv">
        <div>
          <dt>{t("manager.upgrade.current")}</dt>
          <dd className="address-full" data-testid={`${c.name}-implementation`}>
            {implementation.data ?? "…"}
          </dd>
        </div>
      </dl>
      {announced.available && <AnnouncedRule kind="upgrade" announced={announced} />}
      <form
        className="manager-form"
        onSubmit={(e) => {
          e.preventDefault();
          void review();
        }}
      >
        <FieldInput field={ADDRESS} label="newImplementation" value={input} onChange={setInput} />
        <div className="field">
          <label htmlFor={`${c.name}-upgrade-data`}>
            <code>data</code> <small className="muted">{t("manager.upgrade.dataHint")}</small>
          </label>
          <input
            id={`${c.name}-upgrade-data`}
            className="input"
            autoComplete="off"
            value={data}
            onChange={(e) => setData(e.target.value)}
          />
        </div>
        <ErrorLine message={error} />
        {admin.editable && (
          <div className="manager-actions">
            <button type="submit" className="button">
              {t("manager.upgrade.submit")}
            </button>
          </div>
        )}
      </form>
      {target && (
        <TypedConfirm
          title={t("manager.upgrade.title")}
          text={
            <>
              {t("manager.upgrade.confirmText", {
                contract: c.name,
                from: implementation.data ?? "?",
                to: target.to,
              })}
              <ConfirmTargets
                targets={confirmTargets(c, target.prepared, [argumentTarget("newImplementation", target.to)])}
              />
              <ScheduleNote prepared={target.prepared} />
              {announced.available && (
                <LandingWarning
                  announcement={announced.announcement}
                  change={{ implementation: target.to }}
                  prepared={target.prepared}
                  now={clock.now}
                />
              )}
            </>
          }
          phrase={c.name}
          onConfirm={() => {
            const { prepared } = target;
            setTarget(undefined);
            void admin.send(prepared).then((r) => r.ok && setInput(""));
          }}
          onClose={() => setTarget(undefined)}
        />
      )}
    </Card>
  );
}

/**
 * Where `owed(token)` is read: the contract itself, or for Staking (whose views moved out to stay under
 * the code-size limit) the DataReader bound to it.
 */
function owedSource(c: Managed): { address: Address; abi: Abi } | undefined {
  const own = findFunction(c.abi, "owed");
  if (own?.inputs.length === 1) return c;
  const readerAbi = abiOf("DataReader");
  if (c.name !== "Staking" || !readerAbi || findFunction(readerAbi, "owed")?.inputs.length !== 1) {
    return undefined;
  }
  return { address: contractAddress("DataReader"), abi: readerAbi };
}

const WITHDRAW_TOKENS = ["Usdt", "SwapToken", "BurnToken", "MiningToken"] as const;

/**
 * withdraw(token, to, amount) for what the contract does not owe: balance minus `owed(token)` (Staking),
 * or `withdrawable(token)` where the contract computes it (Ido).
 */
export function WithdrawCard({ c, account }: { c: Managed; account: Address | undefined }) {
  const { t } = useTranslation();
  const admin = useAdminCall(c, false);
  const tokens = WITHDRAW_TOKENS.map((name) => ({ name, address: contractAddress(name) }));
  const [token, setToken] = useState(tokens[0]?.address);
  const [to, setTo] = useState(account ?? "");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<AppMessage>();
  const [confirming, setConfirming] = useState<{ to: Address; amount: bigint; prepared: Prepared }>();
  const owedAt = owedSource(c);
  const hasWithdrawable = !!findFunction(c.abi, "withdrawable");
  const balance = useManagerRead(
    token ? { address: token, abi: usdtAbi as Abi, functionName: "balanceOf", args: [c.address] } : undefined,
  );
  const owed = useManagerRead(
    token && owedAt ? { ...owedAt, functionName: "owed", args: [token] } : undefined,
  );
  const withdrawable = useManagerRead(
    token && hasWithdrawable
      ? { address: c.address, abi: c.abi, functionName: "withdrawable", args: [token] }
      : undefined,
  );
  if (!findFunction(c.abi, "withdraw") || tokens.length === 0) return null;

  const held = balance.data as bigint | undefined;
  const owedAmount = owed.data as bigint | undefined;
  const available = hasWithdrawable
    ? (withdrawable.data as bigint | undefined)
    : held !== undefined && owedAmount !== undefined
      ? held > owedAmount
        ? held - owedAmount
        : 0n
      : undefined;
  const owedShown =
    owedAmount ?? (held !== undefined && available !== undefined ? held - available : undefined);
  // without a view of what is owed, the contract's own check (ExceedsWithdrawable) is the only one
  const unknown = !owedAt && !hasWithdrawable;
  const tokenName = tokens.find((x) => x.address === token)?.name ?? "";

  async function review() {
    const dest = parseInput(ADDRESS, to);
    if (!dest.ok) return setError(dest.message);
    const value = parseInput({ ...AMOUNT, min: 1n, max: available }, amount);
    if (!value.ok) return setError(value.message);
    const checked = await admin.prepare("withdraw", [token, dest.value, value.value]);
    if (!checked.ok) return setError(checked.message);
    setError(undefined);
    setConfirming({ to: dest.value as Address, amount: value.value as bigint, prepared: checked.prepared });
  }

  return (
    <Card
      c={c}
      id="withdraw"
      title={t("manager.withdraw.title")}
      tags={<RouteTags ownerOnly={false} route={admin.route} />}
    >
      <div className="field">
        <label htmlFor={`${c.name}-withdraw-token`}>{t("manager.withdraw.token")}</label>
        <select
          id={`${c.name}-withdraw-token`}
          className="input"
          value={token}
          onChange={(e) => setToken(e.target.value as Address)}
        >
          {tokens.map((x) => (
            <option key={x.address} value={x.address}>
              {x.name}
            </option>
          ))}
        </select>
      </div>
      <dl className="kv">
        <div>
          <dt>{t("manager.withdraw.balance")}</dt>
          <dd>{held === undefined ? "…" : formatAmount(held)}</dd>
        </div>
        <div>
          <dt>{t("manager.withdraw.owed")}</dt>
          <dd data-testid={`${c.name}-owed`}>
            {unknown
              ? t("manager.withdraw.unknown")
              : owedShown === undefined
                ? "…"
                : formatAmount(owedShown)}
          </dd>
        </div>
        <div>
          <dt>{t("manager.withdraw.available")}</dt>
          <dd data-testid={`${c.name}-available`}>
            {unknown
              ? t("manager.withdraw.unknown")
              : available === undefined
                ? "…"
                : formatAmount(available)}
          </dd>
        </div>
      </dl>
      <form
        className="manager-form"
        onSubmit={(e) => {
          e.preventDefault();
          void review();
        }}
      >
        <FieldInput field={ADDRESS} label="to" value={to} onChange={setTo} />
        <FieldInput field={AMOUNT} label="amount" value={amount} onChange={setAmount} />
        <ErrorLine message={error} />
        {admin.editable && (
          <div className="manager-actions">
            <button type="submit" className="button" disabled={!unknown && available === undefined}>
              {t("manager.withdraw.submit")}
            </button>
          </div>
        )}
      </form>
      {confirming && (
        <ConfirmModal
          title={t("manager.withdraw.title")}
          onCancel={() => setConfirming(undefined)}
          onConfirm={() => {
            const { prepared } = confirming;
            setConfirming(undefined);
            void admin.send(prepared).then((r) => r.ok && setAmount(""));
          }}
        >
          <p className="modal-text">
            {t("manager.withdraw.confirmText", { amount: formatAmount(confirming.amount), token: tokenName })}
          </p>
          <ConfirmTargets
            targets={confirmTargets(c, confirming.prepared, [argumentTarget("to", confirming.to)])}
          />
          <ScheduleNote prepared={confirming.prepared} />
        </ConfirmModal>
      )}
    </Card>
  );
}

/**
 * Batches of addresses: Ido priority rights (grantPriority / revokePriority), MiningToken's whitelist
 * (setWhiteList(accounts, bool)).
 */
export function BatchCard({
  c,
  id,
  grant,
  revoke,
  count,
  ownerOnly = false,
}: {
  c: Managed;
  id: "priority" | "whitelist";
  ownerOnly?: boolean;
  grant: { fn: string; args: (list: Address[]) => unknown[] };
  revoke: { fn: string; args: (list: Address[]) => unknown[] };
  count?: string;
}) {
  const { t } = useTranslation();
  const admin = useAdminCall(c, ownerOnly);
  const [text, setText] = useState("");
  const [error, setError] = useState<AppMessage>();
  const [confirming, setConfirming] = useState<{ list: Address[]; prepared: Prepared }>();
  const counted = useManagerRead(count ? { address: c.address, abi: c.abi, functionName: count } : undefined);
  if (!findFunction(c.abi, grant.fn) || !findFunction(c.abi, revoke.fn)) return null;

  async function review(op: typeof grant) {
    const list = parseAddressList(text);
    if (!list.ok) return setError(list.message);
    const checked = await admin.prepare(op.fn, op.args(list.value));
    if (!checked.ok) return setError(checked.message);
    setError(undefined);
    setConfirming({ list: list.value, prepared: checked.prepared });
  }
  const fieldId = `${c.name}-${id}-list`;
  return (
    <Card
      c={c}
      id={id}
      title={t(`manager.batch.${id}`)}
      tags={<RouteTags ownerOnly={ownerOnly} route={admin.route} />}
    >
      {count && (
        <p className="muted">
          {t("manager.batch.count", { n: counted.data === undefined ? "…" : String(counted.data) })}
        </p>
      )}
      <div className="field">
        <label htmlFor={fieldId}>{t("manager.batch.list")}</label>
        <textarea
          id={fieldId}
          className="input"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <ErrorLine message={error} />
      {admin.editable && (
        <div className="manager-actions">
          <button type="button" className="button ghost" onClick={() => void review(revoke)}>
            {t("manager.batch.revoke")}
          </button>
          <button type="button" className="button" onClick={() => void review(grant)}>
            {t("manager.batch.grant")}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmModal
          title={t(`manager.batch.${id}`)}
          onCancel={() => setConfirming(undefined)}
          onConfirm={() => {
            const { prepared } = confirming;
            setConfirming(undefined);
            void admin.send(prepared).then((r) => r.ok && setText(""));
          }}
        >
          <p className="modal-text">
            <code>{confirming.prepared.fn}</code> —{" "}
            {t("manager.batch.confirmText", { count: confirming.list.length })}
          </p>
          <ConfirmTargets targets={confirmTargets(c, confirming.prepared, batchTargets(confirming.list))} />
          <ScheduleNote prepared={confirming.prepared} />
        </ConfirmModal>
      )}
    </Card>
  );
}

/** LpDividend: the LP staked, and a `sendReward(gas)` round now (holders are paid in rotation; the next round resumes). */
export function SendRewardCard({ c }: { c: Managed }) {
  const { t } = useTranslation();
  const send = useTransaction();
  const [gas, setGas] = useState("300000");
  const config = useManagerRead({ address: c.address, abi: c.abi, functionName: "getConfig" });
  if (!findFunction(c.abi, "sendReward")) return null;
  const value = /^\d+$/.test(gas) ? BigInt(gas) : undefined;
  const valid = value !== undefined && value >= SEND_REWARD_GAS.min && value <= SEND_REWARD_GAS.max;
  const info = config.data as { nextIndex: bigint; userTotal: bigint; totalStaked: bigint } | undefined;
  const fieldId = `${c.name}-send-reward-gas`;
  return (
    <Card c={c} id="send-reward" title={t("manager.sendReward.title")}>
      <p className="muted">
        {info
          ? t("manager.sendReward.position", { next: String(info.nextIndex), total: String(info.userTotal) })
          : "…"}
      </p>
      {info && (
        <p className="muted" data-testid="lp-total-staked">
          {t("manager.sendReward.staked", { amount: formatAmount(info.totalStaked, { fractionDigits: 6 }) })}
        </p>
      )}
      <div className="field">
        <label htmlFor={fieldId}>{t("manager.sendReward.gas")}</label>
        <input
          id={fieldId}
          className="input"
          inputMode="numeric"
          value={gas}
          aria-invalid={!valid}
          onChange={(e) => setGas(e.target.value.trim())}
        />
        {!valid && (
          <p className="error-text" role="alert">
            {t("manager.sendReward.range", {
              min: String(SEND_REWARD_GAS.min),
              max: String(SEND_REWARD_GAS.max),
            })}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button"
        disabled={!valid}
        onClick={() =>
          void send({
            address: c.address,
            abi: c.abi,
            functionName: "sendReward",
            args: [value],
            minGas: sendRewardGasLimit(value!),
          } as never).then((r) => (r as { ok: boolean }).ok && void config.refetch())
        }
      >
        {t("manager.sendReward.submit")}
      </button>
    </Card>
  );
}

/** A round's gas budget: enough for one payment, and well inside a BSC block. */
const SEND_REWARD_GAS = { min: 50_000n, max: 10_000_000n };

/**
 * Under Staking's upgrade and ownership cards: while orders are open it accepts an upgrade or a transfer only
 * once announced (`announce`) `EXIT_WINDOW` before, refusing it otherwise (`NotAnnounced`); and what is
 * announced now, with when it may land.
 */
function AnnouncedRule({
  kind,
  announced,
}: {
  kind: "upgrade" | "transfer";
  announced: ReturnType<typeof useAnnouncement>;
}) {
  const { t } = useTranslation();
  const window = announced.exitWindow === undefined ? "…" : durationText(announced.exitWindow, t);
  const a = announced.announcement;
  const target = kind === "upgrade" ? a?.implementation : a?.newOwner;
  return (
    <p className="muted small manager-note" data-testid={`announce-rule-${kind}`}>
      {t(kind === "upgrade" ? "manager.announce.upgradeRule" : "manager.announce.transferRule", { window })}{" "}
      {!announced.loaded
        ? "…"
        : target && a
          ? t("manager.announce.announced", { target, time: formatUtc(a.readyAt) })
          : t("manager.announce.nothing")}
    </p>
  );
}

/** In an upgrade's or a transfer's confirm: Staking will refuse it when it runs (not announced, or too early). */
function LandingWarning({
  announcement,
  change,
  prepared,
  now,
}: {
  announcement: Announcement | undefined;
  change: OwnerChange;
  prepared: Prepared;
  now: bigint;
}) {
  const runAt = prepared.route === "timelock" ? prepared.readyAt : now;
  const warning = landingWarning(landingCheck(announcement, change, runAt));
  if (!warning) return null;
  return (
    <p className="modal-text error-text" role="alert" data-testid="landing-warning">
      <Message message={warning} />
    </p>
  );
}

/**
 * Staking: `announce(implementation, newOwner)` (owner only, so scheduled on the timelock): an upgrade or an
 * ownership transfer may land only `EXIT_WINDOW` after it is announced while orders are open, and meanwhile
 * members may close their orders early. Shows what is announced and when it may land; both zero withdraws it.
 */
export function AnnounceCard({ c }: { c: Managed }) {
  const { t } = useTranslation();
  const admin = useAdminCall(c, true);
  const announced = useAnnouncement(c);
  const clock = useChainClock();
  const [implementation, setImplementation] = useState("");
  const [newOwner, setNewOwner] = useState("");
  const [error, setError] = useState<AppMessage>();
  const [confirming, setConfirming] = useState<{
    implementation: Address;
    newOwner: Address;
    prepared: Prepared;
  }>();
  if (!announced.available || !findFunction(c.abi, "announce")) return null;
  const a = announced.announcement;
  const window = announced.exitWindow === undefined ? "…" : durationText(announced.exitWindow, t);

  async function review(withdraw: boolean) {
    let impl = ZERO;
    let owner = ZERO;
    if (!withdraw) {
      const i = implementation.trim() ? parseInput(ADDRESS_OR_NONE, implementation.trim()) : undefined;
      if (i && !i.ok) return setError(i.message);
      const o = newOwner.trim() ? parseInput(ADDRESS_OR_NONE, newOwner.trim()) : undefined;
      if (o && !o.ok) return setError(o.message);
      impl = (i?.ok ? i.value : ZERO) as Address;
      owner = (o?.ok ? o.value : ZERO) as Address;
      if (impl === ZERO && owner === ZERO) return setError({ key: "manager.announce.empty" });
    }
    const checked = await admin.prepare("announce", [impl, owner]);
    if (!checked.ok) return setError(checked.message);
    setError(undefined);
    setConfirming({ implementation: impl, newOwner: owner, prepared: checked.prepared });
  }

  const announceOf = (x: { implementation: Address; newOwner: Address }) => ({
    implementation: x.implementation === ZERO ? undefined : x.implementation,
    newOwner: x.newOwner === ZERO ? undefined : x.newOwner,
  });

  return (
    <Card
      c={c}
      id="announce"
      title={t("manager.announce.title")}
      tags={<RouteTags ownerOnly route={admin.route} />}
    >
      <p className="muted small">{t("manager.announce.rule", { window })}</p>
      {announced.isError && (
        <p className="error-text" role="alert">
          {t("governance.readError")}
        </p>
      )}
      {!announced.loaded && !announced.isError && <p className="muted">{t("common.loading")}</p>}
      {announced.loaded && !a && (
        <p className="muted" data-testid={`${c.name}-announcement`}>
          {t("manager.announce.none")}
        </p>
      )}
      {a && (
        <dl className="kv" data-testid={`${c.name}-announcement`}>
          {a.implementation && (
            <div>
              <dt>{t("governance.announcement.implementation")}</dt>
              <dd className="address-full">{a.implementation}</dd>
            </div>
          )}
          {a.newOwner && (
            <div>
              <dt>{t("governance.announcement.newOwner")}</dt>
              <dd className="address-full">{a.newOwner}</dd>
            </div>
          )}
          <div>
            <dt>{t("governance.announcement.announcedAt")}</dt>
            <dd>{formatUtc(a.announcedAt)}</dd>
          </div>
          <div>
            <dt>{t("governance.announcement.readyAt")}</dt>
            <dd data-testid={`${c.name}-announcement-ready`}>{formatUtc(a.readyAt)}</dd>
          </div>
          <div>
            <dt>{t("governance.countdown")}</dt>
            <dd>
              {clock.now >= a.readyAt ? (
                t("governance.announcement.landing")
              ) : (
                <Countdown targetSec={Number(a.readyAt) - clock.offset} />
              )}
            </dd>
          </div>
        </dl>
      )}
      <form
        className="manager-form"
        onSubmit={(e) => {
          e.preventDefault();
          void review(false);
        }}
      >
        <FieldInput
          field={ADDRESS_OR_NONE}
          label="implementation"
          value={implementation}
          onChange={setImplementation}
        />
        <FieldInput field={ADDRESS_OR_NONE} label="newOwner" value={newOwner} onChange={setNewOwner} />
        <ErrorLine message={error} />
        {admin.editable && (
          <div className="manager-actions">
            {a && (
              <button type="button" className="button ghost danger" onClick={() => void review(true)}>
                {t("manager.announce.withdraw")}
              </button>
            )}
            <button type="submit" className="button">
              {t("manager.announce.submit")}
            </button>
          </div>
        )}
      </form>
      {confirming && (
        <ConfirmModal
          title={t("manager.announce.title")}
          onCancel={() => setConfirming(undefined)}
          onConfirm={() => {
            const { prepared } = confirming;
            setConfirming(undefined);
            void admin.send(prepared).then((r) => {
              if (!r.ok) return;
              setImplementation("");
              setNewOwner("");
            });
          }}
        >
          <p className="modal-text">
            <Message message={announceMessage(announceOf(confirming), window)} />
          </p>
          <ConfirmTargets
            targets={confirmTargets(c, confirming.prepared, [
              ...(confirming.implementation === ZERO
                ? []
                : [argumentTarget("implementation", confirming.implementation)]),
              ...(confirming.newOwner === ZERO ? [] : [argumentTarget("newOwner", confirming.newOwner)]),
            ])}
          />
          <ScheduleNote prepared={confirming.prepared} />
        </ConfirmModal>
      )}
    </Card>
  );
}
