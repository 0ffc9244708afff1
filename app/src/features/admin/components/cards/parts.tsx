import { type ReactNode, useState } from "react";
import { Message } from "../../../../components/Message";
import { ConfirmModal } from "../../../../components/ConfirmModal";
import { TypedPhraseField } from "../../../../components/TypedPhraseField";
import { useTranslation } from "../../../../i18n";
import type { AppMessage } from "../../../../i18n/keys";
import { type Managed } from "../../registry";

/** The frame and the pieces the admin cards share. */
export const ADDRESS = { kind: "address" } as const;

export function Card({
  c,
  id,
  title,
  tags,
  children,
}: {
  c: Managed;
  id: string;
  title: string;
  tags?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${c.name}-${id}`;
  return (
    <section className="card manager-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="card-title">
        {title}
        {tags}
      </h3>
      {children}
    </section>
  );
}

/** A confirm dialog that only confirms once `phrase` is typed (ownership and upgrades cannot be undone). */
export function TypedConfirm({
  title,
  text,
  phrase,
  onConfirm,
  onClose,
}: {
  title: string;
  text: ReactNode;
  phrase: string;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  return (
    <ConfirmModal title={title} canConfirm={typed.trim() === phrase} onConfirm={onConfirm} onCancel={onClose}>
      <div className="modal-text">{text}</div>
      <TypedPhraseField
        id="typed-confirm"
        label={t("manager.typeToConfirm", { phrase })}
        value={typed}
        onChange={setTyped}
      />
    </ConfirmModal>
  );
}

export function ErrorLine({ message }: { message: AppMessage | undefined }) {
  if (!message) return null;
  return (
    <p className="error-text" role="alert">
      <Message message={message} />
    </p>
  );
}
