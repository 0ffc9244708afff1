import { useTranslation } from "react-i18next";
import { Link, useRouteError } from "react-router";
import { ChunkLoadError } from "../lib/lazyPage";

/** A route failed to render: a chunk that did not load gets its own message and a reload button. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
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
