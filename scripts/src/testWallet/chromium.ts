/** How the end-to-end tests and the RPC bench launch Chromium through Playwright. */
import { chromiumPath } from "../check-system.ts";

export const CHROMIUM_LAUNCH_OPTIONS = {
  // read at launch, after `requireSystem()` may have installed it
  get executablePath() {
    return chromiumPath();
  },
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
