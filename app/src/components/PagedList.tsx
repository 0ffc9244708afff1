import type { ReactNode } from "react";
import { useTranslation } from "../i18n";
import type { I18nKey } from "../i18n/keys";
import { ReadError } from "./ReadError";

type Props<Row> = {
  /** Rows loaded so far; undefined while the first page loads. */
  rows: readonly Row[] | undefined;
  total: bigint | undefined;
  isError: boolean;
  isFetching: boolean;
  /** Line above the list, e.g. "12 in total". */
  summary: (total: bigint) => ReactNode;
  rowKey: (row: Row) => string;
  renderRow: (row: Row) => ReactNode;
  moreKey: I18nKey;
  onMore: () => void;
};

/** A chain-paged list with its four states: error, loading, "No data yet", and rows with "Load more" / "No more". */
export function PagedList<Row>({
  rows,
  total,
  isError,
  isFetching,
  summary,
  rowKey,
  renderRow,
  moreKey,
  onMore,
}: Props<Row>) {
  const { t } = useTranslation();
  if (isError) return <ReadError />;
  if (!rows || total === undefined) return <p className="muted">{t("common.loading")}</p>;
  if (total === 0n) return <p className="muted">{t("common.noData")}</p>;
  return (
    <>
      <p className="muted small">{summary(total)}</p>
      <ul className="invitee-list">
        {rows.map((row) => (
          <li key={rowKey(row)}>{renderRow(row)}</li>
        ))}
      </ul>
      {BigInt(rows.length) < total ? (
        <button type="button" className="button ghost small block" disabled={isFetching} onClick={onMore}>
          {t(moreKey)}
        </button>
      ) : (
        <p className="muted small center">{t("common.noMore")}</p>
      )}
    </>
  );
}
