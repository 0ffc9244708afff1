/** `npm test` on Node 24 whatever the system's Node (node24.ts). */
import { describe, expect, it } from "vitest";
import { NODE_24, requireNode24 } from "./node24.ts";

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
