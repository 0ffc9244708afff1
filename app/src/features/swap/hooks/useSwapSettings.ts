import { useState } from "react";
import {
  DEFAULT_DEADLINE_MIN,
  DEFAULT_SLIPPAGE_BPS,
  MAX_DEADLINE_MIN,
  MAX_SLIPPAGE_BPS,
  MIN_SLIPPAGE_BPS,
  storedNumber,
} from "../logic";
import { readStored, writeStored } from "../../../lib/storage";

/** localStorage keys of the swap settings (the page's own, beside the fixed ones in store.ts). */
export const SLIPPAGE_KEY = "swapSlippage";

export const DEADLINE_KEY = "swapDeadline";

/** Slippage (basis points) and deadline (minutes), persisted in localStorage. */
export function useSwapSettings() {
  const [slippageBps, setSlippage] = useState(() =>
    storedNumber(readStored(SLIPPAGE_KEY), MIN_SLIPPAGE_BPS, MAX_SLIPPAGE_BPS, DEFAULT_SLIPPAGE_BPS),
  );
  const [deadlineMin, setDeadline] = useState(() =>
    storedNumber(readStored(DEADLINE_KEY), 1, MAX_DEADLINE_MIN, DEFAULT_DEADLINE_MIN),
  );
  return {
    slippageBps,
    deadlineMin,
    setSlippageBps(bps: number) {
      setSlippage(bps);
      writeStored(SLIPPAGE_KEY, String(bps));
    },
    setDeadlineMin(minutes: number) {
      setDeadline(minutes);
      writeStored(DEADLINE_KEY, String(minutes));
    },
  };
}

export type SwapSettings = ReturnType<typeof useSwapSettings>;
