import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/** Module boundaries of DESIGN §2, enforced rather than hoped for. */
const serverPatterns = [
  {
    group: ["**/apps/web/**", "@relais/web", "@relais/web/*"],
    message: "The server never imports the web app; share through @relais/shared.",
  },
  {
    // Any repo.ts or *-repo.ts reached through a folder: another module's (../contacts/repo.ts,
    // ../../modules/messaging/media-repo.ts) or a platform area's (../realtime/event-repo.ts).
    // A file's own folder (./repo.ts, ./media-repo.ts) stays allowed.
    regex: "^\\.\\.?/.+/(repo|[\\w.-]+-repo)(\\.ts)?$",
    message: "A module calls another module's service.ts, never its repo.ts or *-repo.ts.",
  },
];
const serverBoundaries = { "no-restricted-imports": ["error", { patterns: serverPatterns }] };

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "test-results/**", "playwright-report/**", "bench/results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ["vitest.config.ts"] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/only-throw-error": "off",
      // Fastify plugins and handlers are async by contract, awaited or not.
      "@typescript-eslint/require-await": "off",
      eqeqeq: ["error", "always"],
      curly: ["error", "multi-line"],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["apps/server/**/*.ts"],
    rules: serverBoundaries,
  },
  {
    // Replaces the server-wide rule's options for these files, so it repeats its patterns.
    files: ["apps/server/src/modules/*/routes.ts", "apps/server/src/modules/*/*-routes.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...serverPatterns,
            { regex: "^\\./(repo|[\\w.-]+-repo)(\\.ts)?$", message: "Routes never import a repo.ts or *-repo.ts: go through service.ts." },
          ],
        },
      ],
    },
  },
  {
    files: ["packages/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/apps/**"], message: "packages/shared imports nothing from the apps." }] },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/apps/server/**"], message: "The web imports only @relais/shared." }] }],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "apps/server/test/**", "apps/web/e2e/**"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
);
