/**
 * Gzip size of the JS and CSS a browser loads for each route of a production build: the entry with
 * its static imports, the chunks every start loads dynamically (the shown language's catalogue: the
 * heavier one is counted), plus the route's lazy chunk and its static imports.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { PRESENT_LANGS } from "../../../app/lingui.config.ts";
import { PAGE_MODULES, PAGE_PARTS } from "../../../app/src/app/lazyPages.ts";
import { REPO_ROOT } from "../env.ts";

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** Route -> the module that renders it: home is in the entry, every other page its own chunk. */
export const ROUTE_MODULES: Record<string, string | null> = {
  "/": null,
  ...Object.fromEntries(
    Object.entries(PAGE_MODULES).map(([route, name]) => [route, `src/routes/${name}.tsx`]),
  ),
};

/**
 * A catalogue part in one language: every page load imports the `start` part, and a route's loader its parts,
 * in the shown language (app/src/i18n/index.ts), so the heaviest language's is counted.
 */
const catalogue = (lang: string, part: string) => `src/i18n/locales/${lang}/${part}.po`;

/** The catalogue parts each lazy page loads beside its chunk; home has only the start part. */
const pageParts: Record<string, readonly string[]> = PAGE_PARTS;

export const HOME_JS_BUDGET_KB = 150;

export type RouteSize = { route: string; jsKb: number; cssKb: number; files: number };

/** Builds the app into a temporary folder with a manifest; returns that folder. */
export function buildApp(env: NodeJS.ProcessEnv = {}): string {
  const outDir = mkdtempSync(join(tmpdir(), "taichi-app-"));
  const result = spawnSync(
    join(REPO_ROOT, "node_modules", ".bin", "vite"),
    ["build", "--manifest", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"],
    { cwd: join(REPO_ROOT, "app"), env: { ...process.env, ...env }, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`app build failed:\n${result.stdout}${result.stderr}`);
  return outDir;
}

/** `langs`: the languages whose catalogues the build holds (the heaviest of each group is counted). */
export function measureRoutes(outDir: string, langs: readonly string[] = PRESENT_LANGS): RouteSize[] {
  const choices = (part: string) => langs.map((lang) => catalogue(lang, part));
  const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error("no entry in the build manifest");
  const gzipKb = (file: string) => gzipSync(readFileSync(join(outDir, file))).length / 1024;

  function collect(key: string, seen: Set<string>, files: Set<string>) {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) collect(imported, seen, files);
  }

  const jsKb = (files: Set<string>) =>
    [...files].filter((file) => file.endsWith(".js")).reduce((sum, file) => sum + gzipKb(file), 0);

  return Object.entries(ROUTE_MODULES).map(([route, module]) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    collect(entryKey, seen, files);
    for (const group of ["start", ...(pageParts[route] ?? [])].map(choices)) {
      const options = group.map((key) => {
        const optionFiles = new Set(files);
        collect(key, new Set(seen), optionFiles);
        return optionFiles;
      });
      const heaviest = options.reduce((a, b) => (jsKb(b) > jsKb(a) ? b : a));
      for (const file of heaviest) files.add(file);
    }
    if (module) collect(module, seen, files);
    let cssKb = 0;
    for (const file of files) if (file.endsWith(".css")) cssKb += gzipKb(file);
    return { route, jsKb: round(jsKb(files)), cssKb: round(cssKb), files: files.size };
  });
}

const round = (kb: number) => Math.round(kb * 10) / 10;
