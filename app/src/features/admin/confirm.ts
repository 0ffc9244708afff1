import type { Address } from "viem";
import type { AppMessage } from "../../i18n/keys";
import type { Prepared } from "./hooks/useAdminCall";
import type { DescribedOperation } from "./calls";

/** An address a confirm dialog names, and what it is to the call. */
export type ConfirmTarget = { label: AppMessage; address: Address };

/** The address an argument of the call names (the account a per-account form changes, `to`, `newOwner`...). */
export const argumentTarget = (name: string, address: Address): ConfirmTarget => ({
  label: { key: "manager.target.argument", values: { name } },
  address,
});

/** Each address of a batch, numbered from 1. */
export const batchTargets = (list: readonly Address[]): ConfirmTarget[] =>
  list.map((address, i) => ({ label: { key: "manager.target.entry", values: { n: i + 1 } }, address }));

/**
 * Every address a manager's confirm dialog names, in full: the contract called, the timelock when the
 * call is scheduled there, the Safe whose transaction it becomes, then the call's own targets (`targets`, in
 * argument order).
 */
export function confirmTargets(
  contract: { name: string; address: Address },
  prepared: Prepared,
  targets: readonly ConfirmTarget[] = [],
): ConfirmTarget[] {
  const called: ConfirmTarget = {
    label: { key: "manager.target.contract", values: { name: contract.name } },
    address: contract.address,
  };
  const scheduled: ConfirmTarget[] =
    prepared.route === "timelock"
      ? [{ label: { key: "manager.target.timelock" }, address: prepared.timelock }]
      : [];
  const safe: ConfirmTarget[] = prepared.safe
    ? [{ label: { key: "manager.target.safe" }, address: prepared.safe.address }]
    : [];
  return [called, ...scheduled, ...safe, ...targets];
}

/** What Execute and Cancel on the Timelock tab name: the timelock, then each contract the operation calls (numbered where the app does not know it). */
export function operationTargets(timelock: Address, op: DescribedOperation): ConfirmTarget[] {
  const calls = op.described.map((call, i): ConfirmTarget => ({
    label: call.contract
      ? { key: "manager.target.contract", values: { name: call.contract } }
      : { key: "manager.target.entry", values: { n: i + 1 } },
    address: call.call.target,
  }));
  return [
    { label: { key: "manager.target.contract", values: { name: "Timelock" } }, address: timelock },
    ...calls,
  ];
}
