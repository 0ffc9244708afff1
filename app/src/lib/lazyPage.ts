import { type ComponentType, lazy } from "react";

/** A route chunk that has not loaded within 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A lazy route chunk failed to load (network error, deploy replaced it, or the 120 s timeout). */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
}

export type ChunkLoadOptions = { timeoutMs?: number; retries?: number };

/**
 * Loads a chunk with one retry on failure, all within one deadline (120 s). Rejects with a
 * ChunkLoadError (the last failure as its cause), which the route error screen explains.
 */
export async function loadChunk<T>(load: () => Promise<T>, options: ChunkLoadOptions = {}): Promise<T> {
  const { timeoutMs = CHUNK_LOAD_TIMEOUT_MS, retries = 1 } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`page chunk did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  deadline.catch(() => {}); // observed below; never an unhandled rejection
  try {
    let last: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      try {
        return await Promise.race([load(), deadline]);
      } catch (err) {
        if (err instanceof ChunkLoadError) throw err;
        console.error(`loading a page chunk failed (attempt ${attempt + 1})`, err);
        last = err;
      }
    }
    throw new ChunkLoadError("page chunk failed to load", { cause: last });
  } finally {
    clearTimeout(timer);
  }
}

/** `React.lazy` with the timeout and retry of `loadChunk`. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadChunk(load));
}
