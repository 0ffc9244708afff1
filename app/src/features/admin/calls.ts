import { type Change, type Values, diffValues } from "./fields";
import {
  type AnnounceCall,
  type Call,
  type DecodedCall,
  type Operation,
  announceOf,
  callEffect,
  decodeCall,
} from "./operations";
import { type AdminReads, valuesAt } from "./reads";
import type { Managed } from "./registry";

/**
 * A decoded call with its effect's changes (old -> new); `changes` undefined when nothing is known. `announce`:
 * the change a Staking `announce` announces, with the contract's `EXIT_WINDOW` (undefined when not read).
 */
export type DescribedCall = DecodedCall & {
  changes?: Change[];
  announce?: AnnounceCall & { exitWindow: bigint | undefined };
};

/** Decodes `call` and, for an effect the forms know, what it changes compared to the values at `blockNumber` (default: now). */
export async function describeCall(
  reads: AdminReads,
  call: Call,
  contracts: readonly Managed[],
  blockNumber?: bigint,
): Promise<DescribedCall> {
  const decoded = decodeCall(call, contracts);
  const target = contracts.find((c) => c.name === decoded.contract);
  const announce = announceOf(decoded);
  if (announce && target) {
    const exitWindow = (await reads
      .readContract({ address: target.address, abi: target.abi, functionName: "EXIT_WINDOW" })
      .catch(() => undefined)) as bigint | undefined;
    return { ...decoded, announce: { ...announce, exitWindow } };
  }
  const effect = callEffect(decoded);
  if (!effect || !target) return decoded;
  const before = await valuesAt(reads, target, effect, blockNumber);
  return { ...decoded, changes: diffValues(effect.fields, before ?? {}, effect.next as Values) };
}

/** A timelock operation with each of its calls described. */
export type DescribedOperation = Operation & { described: DescribedCall[] };
