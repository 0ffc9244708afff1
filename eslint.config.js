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
      // In-house replacements keep `/` under its JS budget (docs/performance.md).
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "react-router", message: "Import from app/src/lib/router instead." },
            { name: "react-i18next", message: "Import useTranslation from app/src/i18n instead." },
            { name: "i18next", message: "Import i18n from app/src/i18n instead." },
          ],
        },
      ],
    },
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
