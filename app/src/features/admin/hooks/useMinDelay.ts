import type { Managed } from "../registry";
import { useManagerRead } from "./useManagerRead";

/** The timelock's minimum delay in seconds. */
export function useMinDelay(timelock: Managed) {
  const read = useManagerRead({ ...timelock, functionName: "getMinDelay" });
  return read.data as bigint | undefined;
}
