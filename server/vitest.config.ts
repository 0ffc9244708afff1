import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // Several API processes on one database need a PostgreSQL server: that file runs in the second pass.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? [] : ["test/instances.test.ts"]),
    ],
    // Each test file starts its own in-memory PGlite (a few seconds of WebAssembly start-up).
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
