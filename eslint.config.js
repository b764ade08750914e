import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import path from "node:path";

/** Module boundaries of DESIGN §2, enforced rather than hoped for. */
const serverPatterns = [
  {
    group: ["**/apps/web/**", "@relais/web", "@relais/web/*"],
    message: "The server never imports the web app; share through @relais/shared.",
  },
  {
    // The way a server file really reaches the web app, ../../../../web/src/…: the text holds no
    // "apps/", so the group above misses it. No folder of apps/server is named web.
    regex: "^(\\.\\./)+web/",
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

/**
 * One public face per server module (issue 10 §3): from outside modules/<m>/, only
 * modules/<m>/index.ts may be imported; test code may also take another module's *-test-kit.ts.
 * A local rule rather than no-restricted-imports patterns: a pattern sees the specifier's text,
 * not where it leads, so `../service.ts` in modules/calls/sandbox/ (its own module) and
 * `../contacts/service.ts` in modules/agenda/ (another's) cannot be told apart by one pattern.
 */
const modulesDir = path.join(import.meta.dirname, "apps/server/src/modules");
const moduleOf = (file) => {
  const [name, ...rest] = path.relative(modulesDir, file).split(path.sep);
  return name && name !== ".." && !path.isAbsolute(name) && rest.length > 0 ? name : null;
};
const isTestCode = (file) =>
  /\.test\.ts$|-test-kit\.ts$/.test(file) || file.startsWith(path.join(import.meta.dirname, "apps/server/test") + path.sep);
const moduleFaces = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const file = context.filename;
    const from = moduleOf(file);
    const check = (node) => {
      if (node?.type !== "Literal" || typeof node.value !== "string" || !node.value.startsWith(".")) return;
      const target = path.resolve(path.dirname(file), node.value);
      const to = moduleOf(target);
      if (!to || to === from) return;
      const inner = path.relative(path.join(modulesDir, to), target);
      if (inner === "index.ts" || (isTestCode(file) && /^[\w.-]+-test-kit\.ts$/.test(inner))) return;
      context.report({
        node,
        message: `Reach the ${to} module through its index.ts, not ${inner}: a module's public face is its index.ts.`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal),
    };
  },
};

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
    plugins: { relais: { rules: { "module-faces": moduleFaces } } },
    rules: { ...serverBoundaries, "relais/module-faces": "error" },
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
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/apps/server/**"], message: "The web imports only @relais/shared." },
            // From apps/web/…, a relative path to the server reads "../../server/…", without "apps/".
            { regex: "^(\\.\\./)+server/", message: "The web imports only @relais/shared." },
          ],
        },
      ],
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
