/**
 * docs/launch.md as the rehearsal reads it, and the comparison that fails a rehearsal which did not follow it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./env.ts";
import { type StepRecord, compareWithRunbook, parseRunbook, readRunbook, unmatchedSteps } from "./runbook.ts";

const page = `# Launch

### 1. Deploy

<!-- step: deploy; env: RPC_URL DEPLOYER_KEYSTORE; optional: DEPLOYMENTS_DIR -->

\`\`\`sh
RPC_URL=… DEPLOYER_KEYSTORE=k.json npm run deploy
\`\`\`

### 2. Open trading

<!-- step: schedule; env: OPEN_TIME -->

Run \`npm run launch -- schedule\`.

## After
`;

const did = (commands: string[], env: string[]): StepRecord => ({ commands, env });

describe("the runbook's steps", () => {
  it("reads each numbered step's id, title, variables and text, marker excluded", () => {
    const [deploy, schedule] = parseRunbook(page);
    expect(deploy).toMatchObject({
      number: 1,
      id: "deploy",
      title: "Deploy",
      env: ["RPC_URL", "DEPLOYER_KEYSTORE"],
      optional: ["DEPLOYMENTS_DIR"],
    });
    expect(deploy!.text).toContain("npm run deploy");
    expect(deploy!.text).not.toContain("<!--");
    expect(schedule).toMatchObject({ number: 2, id: "schedule", env: ["OPEN_TIME"], optional: [] });
    expect(schedule!.text).not.toContain("After");
  });

  it("refuses a step without its marker, a gap in the numbers and an id used twice", () => {
    expect(() => parseRunbook(page.replace("<!-- step: schedule; env: OPEN_TIME -->", ""))).toThrow(
      /step 2 has no .* marker/,
    );
    expect(() => parseRunbook(page.replace("### 2.", "### 3."))).toThrow(/numbered 3, expected 2/);
    expect(() => parseRunbook(page.replace("step: schedule", "step: deploy"))).toThrow(
      /"deploy" is used twice/,
    );
  });

  it("finds nothing to say when the rehearsal did what the page says", () => {
    const steps = parseRunbook(page);
    expect(
      compareWithRunbook(steps, [
        ["deploy", did(["npm run deploy"], ["RPC_URL", "DEPLOYER_KEYSTORE", "DEPLOYMENTS_DIR"])],
        ["schedule", did(["npm run launch -- schedule"], ["OPEN_TIME"])],
      ]),
    ).toEqual([]);
  });

  it("names a documented step not rehearsed, a rehearsed step not documented, and a different order", () => {
    const steps = parseRunbook(page);
    const deploy = did(["npm run deploy"], ["RPC_URL", "DEPLOYER_KEYSTORE"]);
    const schedule = did([], ["OPEN_TIME"]);
    expect(compareWithRunbook(steps, [["deploy", deploy]])).toEqual([
      'step 2 "schedule" of launch.md has no rehearsal',
    ]);
    expect(
      compareWithRunbook(steps, [
        ["deploy", deploy],
        ["schedule", schedule],
        ["sweep", did([], [])],
      ]),
    ).toEqual(['the rehearsal has "sweep", which launch.md does not have']);
    expect(
      compareWithRunbook(steps, [
        ["schedule", schedule],
        ["deploy", deploy],
      ]),
    ).toEqual(["the rehearsal ran schedule, deploy; launch.md's order is deploy, schedule"]);
  });

  it("before a rehearsal starts, names the page's steps it has no rehearsal for and its steps the page lacks", () => {
    const steps = parseRunbook(page);
    expect(unmatchedSteps(steps, ["deploy", "schedule"])).toEqual([]);
    expect(unmatchedSteps(steps, ["deploy", "sweep"])).toEqual([
      'step 2 "schedule" of launch.md has no rehearsal',
      'the rehearsal has "sweep", which launch.md does not have',
    ]);
  });

  it("names a variable set but not documented, a documented one not set, and a command the step does not show", () => {
    const steps = parseRunbook(page);
    expect(
      compareWithRunbook(steps, [
        ["deploy", did(["npm run deploy"], ["RPC_URL", "DEPLOYER_KEY"])],
        ["schedule", did(["npm run launch -- execute"], ["OPEN_TIME"])],
      ]),
    ).toEqual([
      'step 1 "deploy": the rehearsal set DEPLOYER_KEY, which the step does not name',
      'step 1 "deploy" names DEPLOYER_KEYSTORE, which the rehearsal did not set',
      'step 2 "schedule": the rehearsal ran `npm run launch -- execute`, which the step does not show',
    ]);
  });
});

describe("docs/launch.md", () => {
  const steps = readRunbook();

  it("has its steps numbered in order, from the prerequisites to watching the launch", () => {
    expect(steps.map((s) => s.id)).toEqual([
      "prerequisites",
      "keys",
      "safes",
      "deploy",
      "verify",
      "services",
      "presale",
      "liquidity",
      "reward-pool",
      "schedule",
      "wait",
      "execute",
      "keeper",
      "watch",
    ]);
  });

  it("names only variables some code of the project reads", () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx|sh)$/.test(name) && !name.endsWith(".test.ts"))
          sources.push(readFileSync(path, "utf8"));
      }
    };
    for (const dir of ["scripts/src", "server/src", "indexer"]) walk(join(REPO_ROOT, dir));
    const code = sources.join("\n");
    const named = new Set(steps.flatMap((s) => [...s.env, ...s.optional]));
    // forge reads these two itself (verify.sh runs forge verify-contract)
    const forge = ["ETHERSCAN_API_KEY", "VERIFIER_URL"];
    const unread = [...named].filter(
      (name) => !forge.includes(name) && !new RegExp(`\\b${name}\\b`).test(code),
    );
    expect(unread).toEqual([]);
  });
});
