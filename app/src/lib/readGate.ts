import { useEffect, useSyncExternalStore } from "react";
import { useConnection } from "wagmi";

/**
 * One start signal for a page view's chain reads, so the shell's and the page's reads leave in the
 * same tick and become one Multicall3 call (one HTTP request) instead of one per component:
 * the gate opens once the page has rendered (its lazy chunk loaded) and the wallet has settled
 * (restoring the previous session decides which account-bound reads run at all). After
 * GATE_FALLBACK_MS it opens anyway, so a wallet that never answers cannot hold the page's reads back.
 */
export const GATE_FALLBACK_MS = 1_000;

let pageShown = false;
let fallbackPassed = false;
let fallbackTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  fallbackTimer ??= setTimeout(() => {
    fallbackPassed = true;
    notify();
  }, GATE_FALLBACK_MS);
  return () => listeners.delete(listener);
}

const getState = () => (fallbackPassed ? 2 : pageShown ? 1 : 0);

/** Rendered next to the routed page (inside its Suspense boundary): marks the page as shown. */
export function PageShown() {
  useEffect(() => {
    if (pageShown) return;
    pageShown = true;
    notify();
  }, []);
  return null;
}

/** Whether reads may start; add it to each read's `enabled`. */
export function useReadGate(): boolean {
  const { status } = useConnection();
  const state = useSyncExternalStore(subscribe, getState);
  const settled = status !== "connecting" && status !== "reconnecting";
  return state === 2 || (state === 1 && settled);
}
