import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { type Plugin, type Rollup, loadEnv } from "vite";
import { defineConfig } from "vitest/config";
import { PRESENT_LANGS } from "./lingui.config.ts";
import { DEFAULT_LANG, firstLang, matchLang } from "./src/i18n/lang.ts";
import { PAGE_MODULES, PAGE_PARTS } from "./src/app/lazyPages.ts";

// The repo root holds the one `.env` for every workspace (see `.env.example` there).
const envDir = fileURLToPath(new URL("..", import.meta.url));

/**
 * The production index.html paints without waiting for a second request: the start stylesheet is
 * inlined (a render-blocking request on slow mobile networks), and the shown language's catalogue
 * (src/i18n/locales/<lang>/start.po, which the first render awaits) is preloaded with the scripts instead of being asked for
 * only once they ran. The language is the one the app starts in (`firstLang` of src/i18n/lang.ts, whose
 * source the page runs: the stored one, or on a first visit the browser's first one the app offers).
 * Opened on a lazy page (src/app/lazyPages.ts), its chunk, the chunks it imports and its catalogue parts
 * in that language are preloaded too: they download beside the app's scripts instead of after the app
 * has started and rendered.
 */
function firstPaint(): Plugin {
  let base = "/";
  return {
    name: "taichi-first-paint",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        const inlined = html.replace(
          /<link rel="stylesheet"[^>]* href="([^"]+\.css)">/g,
          (tag, href: string) => {
            const asset = bundle[href.slice(base.length)];
            return asset?.type === "asset" ? `<style>${String(asset.source)}</style>` : tag;
          },
        );
        const chunks = Object.values(bundle).filter(
          (file): file is Rollup.OutputChunk => file.type === "chunk",
        );
        const chunkOf = (source: string) => {
          const chunk = chunks.find((file) => file.facadeModuleId?.endsWith(source));
          if (!chunk) throw new Error(`no chunk for ${source}`);
          return chunk.fileName;
        };
        /** A chunk and every chunk it imports statically. */
        const withImports = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === "chunk") for (const imported of chunk.imports) withImports(imported, into);
          return into;
        };
        const entry = chunks.find((file) => file.isEntry);
        if (!entry) throw new Error("no entry chunk");
        const loadedByEntry = withImports(entry.fileName);
        const catalogue = (lang: string, part = "start") => chunkOf(`/src/i18n/locales/${lang}/${part}.po`);
        const partNames = [...new Set(Object.values(PAGE_PARTS).flat())];
        // file names in base, per language its start catalogue and its parts, per page what it loads
        const langs = JSON.stringify(
          Object.fromEntries(
            PRESENT_LANGS.map((lang) => [
              lang,
              Object.fromEntries(["start", ...partNames].map((part) => [part, catalogue(lang, part)])),
            ]),
          ),
        );
        const pages = JSON.stringify(
          Object.fromEntries(
            Object.entries(PAGE_MODULES).map(([path, module]) => [
              path,
              [
                [...withImports(chunkOf(`/src/routes/${module}.tsx`))].filter((f) => !loadedByEntry.has(f)),
                PAGE_PARTS[path as keyof typeof PAGE_PARTS],
              ],
            ]),
          ),
        );
        const preload =
          `(function(){var DEFAULT_LANG=${JSON.stringify(DEFAULT_LANG)},matchLang=${String(matchLang)},` +
          `firstLang=${String(firstLang)},langs=${langs},pages=${pages},stored=null;` +
          `try{stored=localStorage.getItem("lang")}catch(e){}` +
          `var l=langs[firstLang(stored,navigator.languages||[navigator.language],Object.keys(langs))];` +
          `function add(f){var p=document.createElement("link");p.rel="modulepreload";p.crossOrigin="";` +
          `p.href=${JSON.stringify(base)}+f;document.head.appendChild(p)}` +
          `add(l.start);var g=pages[location.pathname];` +
          `if(g){g[0].forEach(add);g[1].forEach(function(part){add(l[part])})}})()`;
        return { html: inlined, tags: [{ tag: "script", children: preload, injectTo: "head" }] };
      },
    },
  };
}

/** The app's name and description, as installed apps and Safe{Wallet} read them (public/manifest.json). */
const MANIFEST = JSON.parse(readFileSync(new URL("public/manifest.json", import.meta.url), "utf8")) as {
  name: string;
  description: string;
};

/** The product as a link preview shows it (Open Graph and Twitter cards): the manifest's name and description. */
const PREVIEW = {
  title: MANIFEST.name,
  description: MANIFEST.description,
  image: { path: "/og-image.png", width: 1200, height: 630, alt: `${MANIFEST.name}: the Tai Chi mark` },
};

/**
 * The public origin of the built site (VITE_PUBLIC_URL, e.g. https://taichi.example): link previews
 * need absolute URLs. Required for a build on BSC (56/97); on the local chain the app's own address.
 */
export function publicUrl(env: Record<string, string | undefined>, command: "build" | "serve"): string {
  const raw = env.VITE_PUBLIC_URL?.trim();
  if (raw) {
    if (!/^https?:\/\/[^\s/?#]+\/?$/.test(raw)) {
      throw new Error(`VITE_PUBLIC_URL="${raw}" must be an origin such as https://taichi.example`);
    }
    return raw.replace(/\/+$/, "");
  }
  const chainId = env.VITE_CHAIN_ID?.trim() || "31337";
  if (command === "build" && chainId !== "31337") {
    throw new Error(`VITE_PUBLIC_URL is required for a build on chain ${chainId} (link previews)`);
  }
  return `http://127.0.0.1:${env.APP_PORT || 5173}`;
}

/**
 * Open Graph and Twitter card tags with absolute URLs, so an invite link pasted into a chat shows the
 * product. No og:url: a chat would take it as the canonical address and drop the invite's `?code=`.
 */
function linkPreview(origin: string): Plugin {
  const meta = (key: "name" | "property", name: string, content: string | number) => ({
    tag: "meta",
    attrs: { [key]: name, content: String(content) },
    injectTo: "head" as const,
  });
  const image = origin + PREVIEW.image.path;
  return {
    name: "taichi-link-preview",
    transformIndexHtml: () => [
      meta("name", "description", PREVIEW.description),
      meta("property", "og:type", "website"),
      meta("property", "og:site_name", PREVIEW.title),
      meta("property", "og:title", PREVIEW.title),
      meta("property", "og:description", PREVIEW.description),
      meta("property", "og:image", image),
      meta("property", "og:image:type", "image/png"),
      meta("property", "og:image:width", PREVIEW.image.width),
      meta("property", "og:image:height", PREVIEW.image.height),
      meta("property", "og:image:alt", PREVIEW.image.alt),
      meta("name", "twitter:card", "summary_large_image"),
      meta("name", "twitter:title", PREVIEW.title),
      meta("name", "twitter:description", PREVIEW.description),
      meta("name", "twitter:image", image),
    ],
  };
}

/**
 * Dev server: 127.0.0.1:${APP_PORT ?? 5173} (strict), `/api` proxied to the API at 127.0.0.1:${API_PORT ?? 8787}.
 * App settings are `VITE_*` variables, documented in `src/lib/env.ts`.
 */
export default defineConfig(({ mode, command }) => {
  // prefix "" also returns what is already in process.env (it wins over the .env files).
  const env = loadEnv(mode, envDir, "");
  const appPort = Number(env.APP_PORT || 5173);
  const apiPort = Number(env.API_PORT || 8787);
  return {
    envDir,
    // Lingui compiles each PO catalogue (src/i18n/locales) into its own module; a missing text or
    // a message that is not valid ICU fails the build.
    plugins: [
      react(),
      lingui({
        configPath: fileURLToPath(new URL("lingui.config.ts", import.meta.url)),
        failOnMissing: true,
        failOnCompileError: true,
      }),
      firstPaint(),
      linkPreview(publicUrl(env, command)),
    ],
    // The deployment files the app is built with: the repository's deployments/ unless a stack of
    // its own (e2e, bench) points elsewhere; unit tests run on a fixed local one.
    resolve: {
      alias: {
        "@deployments":
          mode === "test"
            ? fileURLToPath(new URL("src/lib/deployments.fixtures", import.meta.url))
            : env.DEPLOYMENTS_DIR || fileURLToPath(new URL("../deployments", import.meta.url)),
      },
    },
    server: {
      host: "127.0.0.1",
      port: appPort,
      strictPort: true,
      proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: true } },
    },
    preview: { host: "127.0.0.1", port: appPort, strictPort: true },
    build: {
      target: "es2022",
      outDir: env.APP_OUT_DIR || "dist",
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        output: {
          // A catalogue's chunk is named by its language, and its part unless it is the start one:
          // en-<hash>.js, ido.en-<hash>.js (the chunks the loading e2e test holds).
          chunkFileNames: (chunk) => {
            const po = chunk.facadeModuleId?.match(/\/locales\/([\w-]+)\/(\w+)\.po$/);
            if (!po) return "assets/[name]-[hash].js";
            return po[2] === "start" ? `assets/${po[1]}-[hash].js` : `assets/${po[2]}.${po[1]}-[hash].js`;
          },
          // React is a long-lived vendor chunk (cached across deploys) that `/` uses whole; pages are
          // split by React.lazy. No group by package for viem/wagmi: that pulls every module of theirs any
          // page uses into the chunk `/` loads. `vendor` holds only the packages' modules `/` imports
          // statically ($initial), in one chunk instead of ~15 (4 kB gzip less glue); web3 code only a
          // page uses is split with that page.
          codeSplitting: {
            groups: [
              { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
              { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 1 },
              // The app's own modules that `/` loads: one request instead of ~18 small chunks (each a
              // round trip on a phone, and glue).
              { name: "app", test: /[\\/]app[\\/]src[\\/]/, tags: ["$initial"] },
            ],
          },
        },
      },
    },
    test: {
      environment: "jsdom",
      include: ["src/**/*.test.{ts,tsx}"],
      setupFiles: ["src/testSetup.ts"],
      restoreMocks: true,
    },
  };
});
