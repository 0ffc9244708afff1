import { type ReactNode, useState } from "react";
import { Message } from "../../../../components/Message";
import { ConfirmModal } from "../../../../components/ConfirmModal";
import { TypedPhraseField } from "../../../../components/TypedPhraseField";
import { useTranslation } from "../../../../i18n";
import type { AppMessage } from "../../../../i18n/keys";
import { type ConfirmTarget, confirmTargets } from "../../confirm";
import type { Prepared } from "../../hooks/useAdminCall";
import { type Managed } from "../../registry";
import { ConfirmTargets } from "../ConfirmTargets";
import { ScheduleNote } from "../RouteNote";

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

/**
 * A reviewed call's confirm dialog: what it does (`children`), every address it involves (the contract, the
 * timelock when scheduled, `targets` among its arguments) and when a scheduled one can run. Confirming closes
 * it and sends the call; `onSent` once it lands. `phrase`: it confirms only once that is typed (ownership and
 * upgrades cannot be undone).
 */
export function ConfirmCall({
  c,
  prepared,
  targets,
  title,
  phrase,
  send,
  onSent,
  onClose,
  children,
}: {
  c: Managed;
  prepared: Prepared;
  targets?: readonly ConfirmTarget[];
  title: string;
  phrase?: string;
  send(prepared: Prepared): Promise<{ ok: boolean }>;
  onSent(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  return (
    <ConfirmModal
      title={title}
      canConfirm={phrase === undefined || typed.trim() === phrase}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        void send(prepared).then((r) => r.ok && onSent());
      }}
    >
      {children}
      <ConfirmTargets targets={confirmTargets(c, prepared, targets)} />
      <ScheduleNote prepared={prepared} />
      {phrase !== undefined && (
        <TypedPhraseField
          id="typed-confirm"
          label={t("manager.typeToConfirm", { phrase })}
          value={typed}
          onChange={setTyped}
        />
      )}
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
