import { useTranslation } from "../i18n";

/** Grey placeholder lines where a card's values will be (named "Loading..." for screen readers). */
export function SkeletonLines({ lines = 3 }: { lines?: number }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton" role="status" aria-label={t("common.loading")}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A page while its chunk loads: a title bar and two cards of placeholder lines. */
export function PageSkeleton() {
  return (
    <div className="page">
      <span className="skeleton-line skeleton-title" aria-hidden="true" />
      <section className="card">
        <SkeletonLines />
      </section>
      <section className="card">
        <SkeletonLines lines={2} />
      </section>
    </div>
  );
}

/** A value still being read, in a line of text where it will be (as tall as the text). */
export function ValuePending() {
  const { t } = useTranslation();
  return <span className="skeleton-line skeleton-inline" role="status" aria-label={t("common.loading")} />;
}
