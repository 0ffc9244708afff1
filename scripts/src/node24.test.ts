/** `npm test` on Node 24 whatever the system's Node, and the engines range (node24.ts). */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./env.ts";
import { NODE_24, meetsEngines, requireNode24 } from "./node24.ts";

describe("the test command's Node", () => {
  it("runs on the system's Node 24 or later as it is, without installing or saying anything", () => {
    for (const version of ["v24.0.0", "v24.21.0", "v26.1.0"]) {
      const lines: string[] = [];
      expect(
        requireNode24(
          version,
          (line) => lines.push(line),
          () => false,
        ),
      ).toBeUndefined();
      expect(lines).toEqual([]);
    }
  });

  it("on an older Node, answers the installed Node 24 and says that the tests run on it", () => {
    for (const version of ["v20.20.2", "v22.12.0"]) {
      const lines: string[] = [];
      const node = requireNode24(
        version,
        (line) => lines.push(line),
        () => true,
      );
      expect(node).toBe(NODE_24);
      expect(lines).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Running the tests on Node 24\\.\\d+\\.\\d+ from \\.data/node24 \\(this system's Node is ${version}\\)\\.$`,
          ),
        ),
      ]);
    }
  });
});

describe("engines in package.json", () => {
  it("takes Node 22 and 24 from their floors on, and neither an older release nor another major", () => {
    const range = "^22.22.2 || ^24.15.0";
    for (const version of ["22.22.2", "v22.23.0", "24.15.0", "24.21.0"]) {
      expect(meetsEngines(version, range), version).toBe(true);
    }
    for (const version of ["20.20.2", "22.12.0", "22.22.1", "24.14.9", "26.1.0", "23.0.0"]) {
      expect(meetsEngines(version, range), version).toBe(false);
    }
  });

  it("reads >= as that release or any later one", () => {
    expect(meetsEngines("26.1.0", ">=22")).toBe(true);
    expect(meetsEngines("21.9.9", ">=22")).toBe(false);
  });

  it("refuses a range it cannot read instead of guessing", () => {
    expect(() => meetsEngines("24.21.0", "~24.1")).toThrow("engines range not understood: ~24.1");
  });

  it("is met by the Node this suite runs on, for the repository's own engines", () => {
    const { engines } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
      engines: { node: string };
    };
    expect(meetsEngines(process.version, engines.node)).toBe(true);
  });
});
