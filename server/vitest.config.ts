import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // Each test file starts its own in-memory PGlite (a few seconds of WebAssembly start-up).
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
