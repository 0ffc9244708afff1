import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "@taichi/scripts/testWallet/chromium";
import { APP_URL, E2E_PORTS } from "./fixtures/ports.ts";

export default defineConfig({
  testDir: "tests",
  testMatch: "**/*.e2e.test.ts",
  // Per port set, like the stack's state: a run beside another never deletes its traces.
  outputDir: `test-results/${E2E_PORTS.api}`,
  globalSetup: "./fixtures/global-setup.ts",
  // One chain is shared and each test reverts it: tests run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: APP_URL,
    viewport: { width: 390, height: 844 },
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
});
