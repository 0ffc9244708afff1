import { usdtAbi } from "@taichi/contracts";
import { useState } from "react";
import { type Abi, type Address } from "viem";
import { useTranslation } from "../../../../i18n";
import type { AppMessage } from "../../../../i18n/keys";
import { contractAddress } from "../../../../lib/deployments";
import { formatAmount } from "../../../../lib/format";
import { argumentTarget } from "../../confirm";
import { parseInput } from "../../fields";
import { type Prepared, useAdminCall } from "../../hooks/useAdminCall";
import { useManagerRead } from "../../hooks/useManagerRead";
import { type Managed, abiOf, findFunction } from "../../registry";
import { FieldInput } from "../FieldInput";
import { RouteTags } from "../RouteNote";
import { ADDRESS, Card, ConfirmCall, ErrorLine } from "./parts";

const AMOUNT = { kind: "amount" } as const;

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
      tags={<RouteTags ownerOnly={false} route={admin.route} viaSafe={!!admin.safe} />}
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
        <ConfirmCall
          c={c}
          prepared={confirming.prepared}
          targets={[argumentTarget("to", confirming.to)]}
          title={t("manager.withdraw.title")}
          send={admin.send}
          onSent={() => setAmount("")}
          onClose={() => setConfirming(undefined)}
        >
          <p className="modal-text">
            {t("manager.withdraw.confirmText", { amount: formatAmount(confirming.amount), token: tokenName })}
          </p>
        </ConfirmCall>
      )}
    </Card>
  );
}
