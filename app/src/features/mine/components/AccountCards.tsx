import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "../../../i18n";
import type { MachineLogRow, MyInfo, PowerLog } from "../api";
import { QueryBody, amount } from "./common";
import { AddressLink, TxLink } from "../../../components/AddressLink";

/** The member: username, power, node, balances. */
export function MyCard({ my }: { my: UseQueryResult<MyInfo> }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="mine-my-title">
      <h2 id="mine-my-title" className="card-title">
        {t("mine.my.title")}
      </h2>
      <QueryBody query={my}>
        {(d) => (
          <dl className="kv">
            <div>
              <dt>{t("mine.my.username")}</dt>
              <dd>{d.username}</dd>
            </div>
            <div>
              <dt>{t("mine.my.power")}</dt>
              <dd className="kv-strong">{String(d.power)}</dd>
            </div>
            <div>
              <dt>{t("mine.my.node")}</dt>
              <dd>{d.node ? d.node.name : t("mine.my.noNode")}</dd>
            </div>
            <div>
              <dt>USDT</dt>
              <dd>{amount(d.balances.usdt)}</dd>
            </div>
            <div>
              <dt>ARB</dt>
              <dd>{amount(d.balances.arb)}</dd>
            </div>
            <div>
              <dt>{t("mine.my.recommend")}</dt>
              <dd>{d.recommend ? <AddressLink address={d.recommend} width="compact" /> : "—"}</dd>
            </div>
          </dl>
        )}
      </QueryBody>
    </section>
  );
}

/** My machines (buyMachineLog), newest first. */
export function MyMachinesCard({ machines }: { machines: UseQueryResult<{ list: MachineLogRow[] }> }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="mine-mymachines-title">
      <h2 id="mine-mymachines-title" className="card-title">
        {t("mine.myMachines.title")}
      </h2>
      <QueryBody query={machines} isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <ul className="mine-list" aria-label={t("mine.myMachines.title")}>
            {d.list.map((m) => (
              <li key={m.id} className="mine-item" data-testid="mine-machine-row">
                <div className="mine-item-head">
                  <strong>
                    {m.name} × {m.num}
                  </strong>
                  <span className={`tag mine-status-${m.status}`}>
                    {t(`mine.myMachines.status.${m.status}`)}
                  </span>
                </div>
                <p className="muted small">
                  {t("mine.myMachines.row", {
                    power: String(m.power),
                    paid: amount(m.paid),
                    start: m.startDay,
                    end: m.endDay,
                  })}
                </p>
                <span className="small muted">
                  <TxLink hash={m.hash} width="long" />
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
    </section>
  );
}

/** Power changes by day. */
export function PowerLogCard({ power }: { power: UseQueryResult<PowerLog> }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="mine-power-title">
      <h2 id="mine-power-title" className="card-title">
        {t("mine.power.title")}
      </h2>
      <QueryBody query={power} isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <ul className="mine-list">
            {d.list.map((row) => (
              <li key={`${row.day}-${row.machineId}-${row.reason}`} className="mine-row">
                <span>{row.day}</span>
                <span>{t(`mine.power.reasons.${row.reason}`)}</span>
                <span className="kv-strong">{String(row.change)}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
    </section>
  );
}
