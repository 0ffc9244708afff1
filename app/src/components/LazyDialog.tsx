import { Component, type ReactNode, Suspense } from "react";
import { type I18nKey, useTranslation } from "../i18n";
import { ChunkLoadError } from "../lib/lazyPage";
import { Modal } from "./Modal";

type LazyDialogProps = {
  /** The dialog's title, also shown on the error dialog. */
  title: I18nKey;
  /** Without onClose the error dialog cannot be dismissed either (the registration overlay). */
  onClose?: () => void;
  className?: string;
  children: ReactNode;
};

function DialogError({
  error,
  title,
  onClose,
  className,
}: Omit<LazyDialogProps, "children"> & { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Modal title={t(title)} onClose={onClose} role="alertdialog" className={className}>
      <p className="modal-text error-text" role="alert">
        {error instanceof ChunkLoadError ? t("errors.dialogLoad") : t("errors.generic")}
      </p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t("common.reload")}
        </button>
      </div>
    </Modal>
  );
}

type BoundaryProps = Omit<LazyDialogProps, "children"> & { children: ReactNode };
type BoundaryState = { failed: boolean; error: unknown };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown) {
    if (!(error instanceof ChunkLoadError)) console.error("dialog error", error);
  }

  override render() {
    const { children, ...dialog } = this.props;
    return this.state.failed ? <DialogError error={this.state.error} {...dialog} /> : children;
  }
}

/**
 * A dialog whose code loads when it opens (a `lazyPage` component as the child): nothing shows while
 * its chunk loads, and if it cannot load (after the retry and within 120 s), a dialog with the same
 * title says so and offers a reload, instead of leaving the page without its dialog.
 */
export function LazyDialog({ children, ...dialog }: LazyDialogProps) {
  return (
    <Boundary {...dialog}>
      <Suspense fallback={null}>{children}</Suspense>
    </Boundary>
  );
}
