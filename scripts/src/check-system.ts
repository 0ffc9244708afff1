/** Fails `npm test` early, with the install command, when a system package the tests need is missing. */
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  console.error(
    `The browser tests need Chromium at ${CHROMIUM}.\nInstall it with:  sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium binary)`,
  );
  process.exit(1);
}
