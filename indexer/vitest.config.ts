import { defineConfig } from "vitest/config";

// One anvil and one indexer for the whole suite; the indexer starts (and restarts) in seconds, not ms.
export default defineConfig({
  test: { include: ["{src,test}/**/*.test.ts"], testTimeout: 180_000, hookTimeout: 180_000 },
});
