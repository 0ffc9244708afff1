import { useState } from "react";
import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { Message } from "../../../components/Message";
import { mineApi } from "../api";
import { usePaidFlow } from "../hooks/usePaidFlow";
import { orderCost, parseQuantity } from "../logic";
import { FlowStatus, ProductsPlaceholder, QueryBody, amount } from "./common";
import { useMachineTypes } from "../hooks/useMachineTypes";
import { useMachineDetail } from "../hooks/useMachineDetail";

/** The space reserved before the list arrives: as many machine types as the backend is seeded with. */
const MACHINE_TYPES_RESERVED = 4;

type Props = { address: Address | undefined; member: boolean };

/** Machine types; choosing one shows its details and the buy form. */
export function MachinesCard({ address, member }: Props) {
  const { t } = useTranslation();
  const types = useMachineTypes();
  const [selected, setSelected] = useState<number>();
  return (
    <section className="card" aria-labelledby="mine-machines-title">
      <h2 id="mine-machines-title" className="card-title">
        {t("mine.machines.title")}
      </h2>
      <QueryBody
        query={types}
        isEmpty={(d) => d.list.length === 0}
        placeholder={<ProductsPlaceholder count={MACHINE_TYPES_RESERVED} />}
      >
        {(d) => (
          <ul className="mine-list">
            {d.list.map((m) => (
              <li key={m.id} className="mine-item">
                <div className="mine-item-head">
                  <strong>{m.name}</strong>
                  <span className="kv-strong">{t("mine.usdtValue", { amount: amount(m.price) })}</span>
                </div>
                <p className="muted small">
                  {t("mine.machines.summary", { power: String(m.power), days: m.durationDays })}
                </p>
                <button
                  type="button"
                  className="button ghost small"
                  aria-expanded={selected === m.id}
                  onClick={() => setSelected(selected === m.id ? undefined : m.id)}
                >
                  {selected === m.id ? t("common.close") : t("mine.machines.details", { name: m.name })}
                </button>
                {selected === m.id && <MachineBuy typeId={m.id} address={address} member={member} />}
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
    </section>
  );
}

function MachineBuy({ typeId, address, member }: { typeId: number } & Props) {
  const { t } = useTranslation();
  const detail = useMachineDetail(typeId);
  const flow = usePaidFlow(address);
  const [num, setNum] = useState("1");

  return (
    <div className="mine-detail">
      <QueryBody query={detail}>
        {(m) => {
          const qty = parseQuantity(num, m.maxPerOrder);
          const cost = qty.ok ? amount(orderCost(m.price, qty.value).toString()) : "…";
          return (
            <>
              <dl className="kv">
                <div>
                  <dt>{t("mine.machines.price")}</dt>
                  <dd>{t("mine.usdtValue", { amount: amount(m.price) })}</dd>
                </div>
                <div>
                  <dt>{t("mine.machines.power")}</dt>
                  <dd>{String(m.power)}</dd>
                </div>
                <div>
                  <dt>{t("mine.machines.duration")}</dt>
                  <dd>{t("mine.machines.days", { days: m.durationDays })}</dd>
                </div>
                <div>
                  <dt>{t("mine.machines.dailyOutput")}</dt>
                  <dd>{t("mine.arbValue", { amount: amount(m.dailyOutput) })}</dd>
                </div>
                <div>
                  <dt>{t("mine.machines.maxPerOrder")}</dt>
                  <dd>{m.maxPerOrder}</dd>
                </div>
              </dl>
              <div className="field">
                <label htmlFor={`mine-qty-${m.id}`}>{t("mine.buy.quantity")}</label>
                <input
                  id={`mine-qty-${m.id}`}
                  className="input"
                  inputMode="numeric"
                  autoComplete="off"
                  value={num}
                  aria-invalid={!qty.ok}
                  onChange={(e) => setNum(e.target.value)}
                />
                {!qty.ok && num.trim() !== "" && (
                  <p className="error-text">
                    <Message message={qty.message} />
                  </p>
                )}
              </div>
              <p className="muted small">{t("mine.buy.total", { amount: cost })}</p>
              <button
                type="button"
                className="button block"
                disabled={!member || !qty.ok || flow.busy}
                onClick={() => {
                  if (!qty.ok) return;
                  const n = qty.value;
                  void flow.run(
                    () => mineApi.buyMachineCheck(m.id, n),
                    (hash) => ({ kind: "machine", id: m.id, num: n, hash }),
                  );
                }}
              >
                {t("mine.buy.button", { amount: cost })}
              </button>
              {!member && <p className="blocked-reason">{t("mine.buy.signInFirst")}</p>}
              <FlowStatus state={flow.state} doneKey="mine.buy.done" />
            </>
          );
        }}
      </QueryBody>
    </div>
  );
}
