// ESLint (flat config): Next's rules (core web vitals: React, react-hooks with the React Compiler's
// checks, @next/next), typescript-eslint, and eslint-config-prettier last so that formatting is
// Prettier's alone. `npm run lint` runs ESLint (no warning allowed) and Prettier's check; .ci/run
// runs `npm run lint`, so a red lint is a red CI. Every rule turned off here says why; a disable
// comment in the code must name its rule and its reason, and an unused one is an error.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Every picture is a studio's media: a short-lived signed address on the storage host (or the
      // CDN). next/image's optimiser would fetch private media server-side and cache one copy per
      // signature, and would need every studio's host allowed; the browser loads them directly.
      "@next/next/no-img-element": "off",
      // `const { secret: _omit, ...rest } = x` is how a field is left out.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Plain CommonJS by design: Next and Node load these outside any bundle (cache handler, server
    // runtime, Jest setup).
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Jest's module registry is synchronous: tests load a module with require() after setting the
    // mocks or environment it reads at load time (jest.isolateModules, jest.resetModules).
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  prettier,
  globalIgnores([
    ".next/**",
    ".data/**",
    "generated/**",
    "node_modules/**",
    "next-env.d.ts",
    "bench/results/**",
    "public/**",
    "test-results/**",
    "playwright-report/**",
    "coverage/**",
    "backups/**",
    "packages/sdk/dist/**",
  ]),
]);
