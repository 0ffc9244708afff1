import type { Address } from "viem";
import type { AppMessage } from "../../i18n/keys";
import type { Announcement } from "../../lib/announcement";
import { display } from "./fields";

/** An upgrade of Staking to `implementation`, or a transfer of its ownership to `newOwner`. */
export type OwnerChange = { implementation: Address } | { newOwner: Address };

const same = (a: Address | undefined, b: Address) => !!a && a.toLowerCase() === b.toLowerCase();

/**
 * Whether Staking accepts `change` at `runAt` while orders are open (StakingBase's `_landAnnounced`): only the
 * change announced (`announce`), once `readyAt` has come. An upgrade is matched on the announced
 * implementation, a transfer on the announced owner; landing either ends the announcement. With nothing locked
 * Staking needs no announcement, which the page cannot tell: this says what it refuses while orders are open.
 */
export function landingCheck(
  announcement: Announcement | undefined,
  change: OwnerChange,
  runAt: bigint,
): { ok: true } | { ok: false; reason: "notAnnounced" } | { ok: false; reason: "tooEarly"; readyAt: bigint } {
  const matches =
    "implementation" in change
      ? same(announcement?.implementation, change.implementation)
      : same(announcement?.newOwner, change.newOwner);
  if (!announcement || !matches) return { ok: false, reason: "notAnnounced" };
  if (runAt < announcement.readyAt) return { ok: false, reason: "tooEarly", readyAt: announcement.readyAt };
  return { ok: true };
}

/** The warning a confirm shows for a change Staking would refuse (`NotAnnounced`); undefined when it lands. */
export function landingWarning(check: ReturnType<typeof landingCheck>): AppMessage | undefined {
  if (check.ok) return undefined;
  if (check.reason === "notAnnounced") return { key: "manager.announce.notAnnounced" };
  return { key: "manager.announce.tooEarly", values: { time: display({ kind: "time" }, check.readyAt) } };
}
