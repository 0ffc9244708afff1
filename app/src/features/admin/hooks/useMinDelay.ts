import type { Managed } from "../registry";
import { useManagerRead } from "./useManagerRead";

/** The timelock's minimum delay in seconds. */
export function useMinDelay(timelock: Managed | undefined) {
  const read = useManagerRead(timelock && { ...timelock, functionName: "getMinDelay" });
  return read.data as bigint | undefined;
}
