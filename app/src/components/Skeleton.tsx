import type { ReactNode } from "react";
import { useTranslation } from "../i18n";

/**
 * Placeholder shapes where content will be, named "Loading..." for screen readers (the shapes inside
 * are `aria-hidden`); `inline` in a line of text.
 */
export function Loading({
  className,
  inline = false,
  children,
}: {
  className?: string;
  inline?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const Tag = inline ? "span" : "div";
  return (
    <Tag className={className} role="status" aria-label={t("common.loading")}>
      {children}
    </Tag>
  );
}

/** A grey bar where a value will be in a line of text, no taller than the text; `wide` for a sentence. */
export function SkeletonValue({ wide = false }: { wide?: boolean }) {
  return (
    <span
      className={wide ? "skeleton-line skeleton-inline skeleton-wide" : "skeleton-line skeleton-inline"}
      aria-hidden="true"
    />
  );
}

/** Grey placeholder lines where a card's values will be. */
export function SkeletonLines({ lines = 3 }: { lines?: number }) {
  return (
    <Loading className="skeleton">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </Loading>
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

/** A value still being read, in a line of text where it will be. */
export function ValuePending() {
  return (
    <Loading inline>
      <SkeletonValue />
    </Loading>
  );
}
