import type * as EnvModule from "./env";

/**
 * For tests (not part of the app): `lib/env` with `indexerUrl` read from `url()` at each use, so that
 * each test sets or unsets VITE_INDEXER_URL; everything else as configured.
 */
export function envWithIndexerUrl(actual: typeof EnvModule, url: () => string | undefined): typeof EnvModule {
  return {
    ...actual,
    env: new Proxy(actual.env, {
      get: (target, key) => (key === "indexerUrl" ? url() : target[key as keyof typeof target]),
    }),
  };
}
