import { Component, type ReactNode } from "react";
import { Link, useLocation } from "../lib/router";
import { useTranslation } from "../i18n";
import { ChunkLoadError } from "../lib/lazyPage";

/** A route failed to render: a chunk that did not load gets its own message and a reload button. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  if (!chunk) console.error("route error", error);
  return (
    <section className="page">
      <div className="card empty" role="alert">
        <p>{chunk ? t("errors.chunkLoad") : t("errors.generic")}</p>
        <div className="modal-actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t("common.reload")}
          </button>
          <Link className="button ghost" to="/">
            {t("pages.backHome")}
          </Link>
        </div>
      </div>
    </section>
  );
}

type BoundaryProps = { resetKey: string; children: ReactNode };
type BoundaryState = { failed: boolean; error: unknown };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error };
  }

  override componentDidUpdate(prev: BoundaryProps) {
    if (this.state.failed && prev.resetKey !== this.props.resetKey)
      this.setState({ failed: false, error: undefined });
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Errors of the page inside (e.g. its chunk did not load) show in its place until the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
