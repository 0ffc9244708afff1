import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

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
      ".data/**",
      "indexer/.ponder/**",
      "indexer/generated/**",
      "indexer/ponder-env.d.ts",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["app/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
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
