import type { Abi, Address } from "viem";
import { useTranslation } from "../../../i18n";
import { type Overview, normalize } from "../descriptors";
import { type Scalar, type Values, display } from "../fields";
import { useManagerRead } from "../hooks/useManagerRead";
import { findFunction } from "../registry";

/** Read-only state from a getter, each value shown as its field kind (amounts, rates, times, addresses). */
export function OverviewCard({ overview, address, abi }: { overview: Overview; address: Address; abi: Abi }) {
  const { t } = useTranslation();
  const getter = findFunction(abi, overview.getter.fn);
  const read = useManagerRead(getter ? { address, abi, functionName: overview.getter.fn } : undefined);
  const values: Partial<Values> | undefined =
    read.data === undefined
      ? undefined
      : (overview.getter.select ?? ((raw) => raw as Partial<Values>))(normalize(read.data));
  const headingId = `${overview.contract}-${overview.id}`;

  return (
    <section className="card manager-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="card-title">
        {t(`manager.overviews.${overview.id}`)}
      </h3>
      {!getter && <p className="muted">{t("manager.abiMissing", { fn: overview.getter.fn })}</p>}
      {read.isError && (
        <p className="error-text" role="alert">
          {t("manager.readError")}
        </p>
      )}
      {read.isLoading && <p className="muted">{t("common.loading")}</p>}
      {values && (
        <dl className="kv">
          {overview.fields.map((f) => {
            const value = values[f.name];
            return (
              <div key={f.name}>
                <dt>
                  <code>{f.name}</code>
                </dt>
                <dd className="address-full" data-testid={`${headingId}-${f.name}`}>
                  {value === undefined ? "—" : display(f, value as Scalar)}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
