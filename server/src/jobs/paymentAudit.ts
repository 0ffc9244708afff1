/**
 * Reorganisations after crediting (docs/server.md, "Confirmations and reorganisations"). A payment is
 * booked only once its transfer has the configured confirmations; a reorganisation deeper than that can
 * still remove it afterwards. `auditPayments` proves every payment booked in the last `days` again on
 * chain and answers those whose proof no longer holds; the job logs each one as an error for operators.
 * It detects, it does not undo: what was bought stays booked until an operator decides. With several
 * API instances on one database, one run per interval happens on whichever instance claims it first.
 */
import type { Hash } from "viem";
import * as jobRuns from "../data/jobRuns.ts";
import * as payments from "../data/payments.ts";
import type { Queryable } from "../db/index.ts";
import type { PaymentFailure, VerifyPayment } from "../lib/payments.ts";

export type LostPayment = {
  hash: string;
  address: string;
  purpose: string;
  amount: string;
  day: string;
  reason: Exclude<PaymentFailure, "unavailable">;
};

/** Payments of the last `days` UTC days (today included) whose transfer is no longer on chain as booked. */
export async function auditPayments(
  db: Queryable,
  verifyPayment: VerifyPayment,
  days = 2,
): Promise<{ checked: number; lost: LostPayment[]; unavailable: number }> {
  const rows = await payments.bookedSince(db, days);
  const lost: LostPayment[] = [];
  let unavailable = 0;
  for (const row of rows) {
    const check = await verifyPayment({
      hash: row.hash as Hash,
      from: row.address as Hash,
      amount: BigInt(row.amount),
    });
    if (check.ok) continue;
    if (check.reason === "unavailable") unavailable += 1;
    else lost.push({ ...row, reason: check.reason });
  }
  return { checked: rows.length, lost, unavailable };
}

type Logger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** What one run on this instance found (the API's metrics); `failed`: it could not run to the end. */
export type PaymentAuditRun =
  { failed: true } | { failed: false; checked: number; lost: number; unavailable: number };

/**
 * Runs `auditPayments` every `intervalMs` on whichever instance claims the interval (`jobRuns.claim`); each lost
 * payment is an error log line, and each run is told to `onRun`. Returns a stop function.
 */
export function startPaymentAuditJob(
  db: Queryable,
  verifyPayment: VerifyPayment,
  log: Logger,
  intervalMs = 10 * 60_000,
  onRun: (run: PaymentAuditRun) => void = () => {},
): () => void {
  const tick = async () => {
    try {
      if (!(await jobRuns.claim(db, "payment_audit", intervalMs))) return;
      const { checked, lost, unavailable } = await auditPayments(db, verifyPayment);
      for (const payment of lost) log.error(payment, "booked payment no longer on chain (reorganisation?)");
      if (unavailable > 0) log.warn({ unavailable }, "payment audit: RPC unavailable for some payments");
      onRun({ failed: false, checked, lost: lost.length, unavailable });
    } catch (error) {
      log.error({ err: error }, "payment audit failed; retried on the next run");
      onRun({ failed: true });
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
