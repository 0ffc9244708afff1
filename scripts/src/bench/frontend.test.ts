import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { measureRoutes } from "./frontend.ts";

const dir = mkdtempSync(join(tmpdir(), "taichi-manifest-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Incompressible-ish content of a given size, so each file's gzip size is distinct and known.
const files: Record<string, number> = {};
function file(name: string, bytes: number): string {
  let text = "";
  for (let i = 0; text.length < bytes; i++) text += `${(i * 2654435761) % 1000003},`;
  writeFileSync(join(dir, name), text.slice(0, bytes));
  files[name] = gzipSync(text.slice(0, bytes)).length / 1024;
  return name;
}

mkdirSync(join(dir, ".vite"));
const manifest = {
  "index.html": {
    file: file("index.js", 4000),
    isEntry: true,
    imports: ["_shared.js"],
    css: [file("index.css", 500)],
  },
  "_shared.js": { file: file("shared.js", 3000) },
  "src/i18n/locales/zh/start.po": { file: file("zh.js", 2500) },
  "src/i18n/locales/en/start.po": { file: file("en.js", 1500), imports: ["_shared.js"] },
  "src/routes/Stakes.tsx": { file: file("stakes.js", 2000), imports: ["_shared.js", "_stakesLib.js"] },
  "_stakesLib.js": { file: file("stakesLib.js", 1000) },
};
for (const route of ["Ido", "Swap", "Team", "Invites", "Mine", "Manager", "ManagerTrc", "Governance"])
  Object.assign(manifest, { [`src/routes/${route}.tsx`]: { file: file(`${route}.js`, 100) } });
// The pages' catalogue parts; the en part of stakes is the heavier one.
for (const part of [
  "ido",
  "stakes",
  "team",
  "invites",
  "mine",
  "swap",
  "manager",
  "governance",
  "withdrawals",
  "rewards",
])
  for (const [lang, bytes] of [
    ["zh", 300],
    ["en", part === "stakes" ? 700 : 200],
  ] as const)
    Object.assign(manifest, {
      [`src/i18n/locales/${lang}/${part}.po`]: { file: file(`${part}.${lang}.js`, bytes) },
    });
writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));

const round = (kb: number) => Math.round(kb * 10) / 10;

describe("measureRoutes", () => {
  const rows = measureRoutes(dir, ["zh", "en"]);
  const row = (route: string) => rows.find((r) => r.route === route)!;

  it("counts the entry with its static imports and the heavier start-up catalogue for /", () => {
    expect(files["zh.js"]!).toBeGreaterThan(files["en.js"]!);
    expect(row("/").jsKb).toBe(round(files["index.js"]! + files["shared.js"]! + files["zh.js"]!));
    expect(row("/").cssKb).toBe(round(files["index.css"]!));
    expect(row("/").files).toBe(4);
  });

  it("adds a route's lazy chunk and its imports, each file once", () => {
    const home = files["index.js"]! + files["shared.js"]! + files["zh.js"]!;
    expect(row("/stakes").jsKb).toBe(
      round(home + files["stakes.en.js"]! + files["stakes.js"]! + files["stakesLib.js"]!),
    );
    expect(row("/stakes").files).toBe(7);
  });

  it("adds the heavier language of each catalogue part the route's loader awaits", () => {
    const home = files["index.js"]! + files["shared.js"]! + files["zh.js"]!;
    const parts = files["team.zh.js"]! + files["stakes.en.js"]!;
    expect(row("/team").jsKb).toBe(round(home + parts + files["Team.js"]!));
  });
});
