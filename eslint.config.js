import path from "node:path";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

const APP_SRC = fileURLToPath(new URL("app/src/", import.meta.url));

/**
 * The app's layers (docs/app.md), bottom to top: `lib/`, `i18n/`, `components/` (shared, import only each
 * other); `app/` wiring (store, wagmi config, contract handles: shared and wiring); the admin model
 * `features/admin/` (the same and itself); each other feature (the same, the admin model and itself,
 * never another feature); `routes/`, the shell (`app/shell/`) and the route table (`app/router`) on
 * top, which may import anything.
 */
function layerOf(file) {
  const rel = path.relative(APP_SRC, file).split(path.sep);
  const [top, sub] = rel;
  if (top === "lib" || top === "i18n" || top === "components") return { name: "shared", rank: 0 };
  if (top === ".." || rel.length === 1) return { name: "entry", rank: 9 };
  if (top === "app") {
    return sub === "shell" || /^router(\.test)?\.tsx?$/.test(sub)
      ? { name: "shell", rank: 9 }
      : { name: "app", rank: 1 };
  }
  if (top === "features")
    return sub === "admin" ? { name: "features/admin", rank: 2 } : { name: `features/${sub}`, rank: 3 };
  return { name: top, rank: 9 };
}

const allowed = (from, to) =>
  from.rank === 9 || from.name === to.name || (to.rank < from.rank && !(from.rank === 3 && to.rank === 3));

/** `layers/boundaries`: a relative import (static, dynamic or `vi.mock`) from a lower layer to a higher or sibling one. */
const layers = {
  rules: {
    boundaries: {
      meta: { type: "problem", schema: [] },
      create(context) {
        const from = layerOf(context.filename);
        const check = (node, source) => {
          if (typeof source !== "string" || !source.startsWith(".")) return;
          const to = layerOf(path.resolve(path.dirname(context.filename), source));
          if (allowed(from, to)) return;
          context.report({
            node,
            message: `${from.name} may not import ${to.name} ("${source}"): move what both need down to lib/, components/ or the admin model.`,
          });
        };
        const literal = (node) => (node?.type === "Literal" ? node.value : undefined);
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ImportExpression: (node) => check(node, literal(node.source)),
          CallExpression: (node) => {
            const callee = node.callee;
            if (
              callee.type === "MemberExpression" &&
              callee.object.name === "vi" &&
              callee.property.name === "mock"
            ) {
              check(node, literal(node.arguments[0]));
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "contracts/out/**",
      "contracts/cache/**",
      "contracts/abi/**",
      "e2e/test-results/**",
      "e2e/playwright-report/**",
      "bench/results/**",
      // Stryker's sandboxes while npm run mutation runs (copies of the workspace, mutated)
      "**/.stryker-tmp/**",
      ".data/**",
      "indexer/.ponder/**",
      "indexer/generated/**",
      "indexer/ponder-env.d.ts",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["app/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, layers },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "layers/boundaries": "error",
      // One place for routing and translations (docs/app.md); i18next would break `/`'s JS budget.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "wouter", message: "Import from app/src/lib/router instead." },
            { name: "react-i18next", message: "Import useTranslation from app/src/i18n instead." },
            { name: "i18next", message: "Import i18n from app/src/i18n instead." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/src/lib/router.tsx"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", process: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
