import { useTranslation } from "../../../i18n";
import { percentFromBps } from "../../../lib/format";
import type { Address } from "viem";
import type { MyInfo } from "../api";
import { mineApi } from "../api";
import { usePaidFlow } from "../hooks/usePaidFlow";
import { FlowStatus, ProductsPlaceholder, QueryBody, amount } from "./common";
import { useNodeList } from "../hooks/useNodeList";

/** The space reserved before the list arrives: as many node levels as the backend is seeded with. */
const NODE_LEVELS_RESERVED = 3;

/** Node levels (bonus, seats) and the node purchase; a member holds at most one node. */
export function NodesCard({
  address,
  member,
  my,
}: {
  address: Address | undefined;
  member: boolean;
  my: MyInfo | undefined;
}) {
  const { t } = useTranslation();
  const nodes = useNodeList();
  const flow = usePaidFlow(address);
  const held = my?.node;
  return (
    <section className="card" aria-labelledby="mine-nodes-title">
      <h2 id="mine-nodes-title" className="card-title">
        {t("mine.nodes.title")}
      </h2>
      {held && (
        <p className="kv-strong">
          {t("mine.nodes.held", { name: held.name, bonus: percentFromBps(held.bonusBps) })}
        </p>
      )}
      <QueryBody
        query={nodes}
        isEmpty={(d) => d.list.length === 0}
        placeholder={<ProductsPlaceholder count={NODE_LEVELS_RESERVED} />}
      >
        {(d) => (
          <ul className="mine-list">
            {d.list.map((n) => (
              <li key={n.id} className="mine-item">
                <div className="mine-item-head">
                  <strong>{n.name}</strong>
                  <span className="kv-strong">{t("mine.usdtValue", { amount: amount(n.price) })}</span>
                </div>
                <p className="muted small">
                  {t("mine.nodes.summary", {
                    bonus: percentFromBps(n.bonusBps),
                    remaining: n.remaining,
                    seats: n.seats,
                  })}
                </p>
                <button
                  type="button"
                  className="button small"
                  disabled={!member || !!held || n.remaining <= 0 || flow.busy}
                  onClick={() =>
                    void flow.run(
                      () => mineApi.buyNodeCheck(n.id),
                      (hash) => ({ kind: "node", id: n.id, hash }),
                    )
                  }
                >
                  {n.remaining <= 0 ? t("mine.nodes.soldOut") : t("mine.nodes.buy", { name: n.name })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
      {!member && <p className="blocked-reason">{t("mine.buy.signInFirst")}</p>}
      <FlowStatus state={flow.state} doneKey="mine.buy.done" />
    </section>
  );
}
