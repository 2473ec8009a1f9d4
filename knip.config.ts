// The dead-code check (`npm run lint:dead`, part of `npm run lint`): files nothing reaches and exports
// (values and types) nothing imports. Globs, not file lists, so a module moved into a folder is still
// seen. Next's app/ and pages/, proxy.ts, instrumentation.ts and the Jest and Playwright configs'
// entries come from knip's own plugins (found from package.json); the rest is named here.
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  entry: [
    // The production server's runtime (server/server.mjs loads the .cjs modules beside it).
    "server/*.{cjs,mjs}",
    // Command-line tools: the worker (scripts/worker.ts, tsconfig.worker.json), export/import, backups, the test runners.
    "scripts/**/*.{ts,mjs,cjs}",
    // The benchmarks, and the helpers they run with tsx (bench/webhooks/publish.ts).
    "bench/**/*.{ts,mjs,cjs}",
    // Every test, helper and setup file (an export a test uses is a used export).
    "tests/**/*.{ts,tsx,mjs,cjs,js}",
    // The worked examples the docs ship (tests/integration/webhooks-example.test.ts runs them).
    "docs/examples/**/*.{mjs,cjs,js,ts}",
    "prisma/**/*.ts",
    // The SDK (packages/sdk): its entry is what an integration imports; its tests run in Playwright's "sdk" project.
    "packages/sdk/src/index.ts",
    // Its generated types (npm run sdk:generate): all public, whether index.ts re-exports them or not.
    "packages/sdk/src/schema.ts",
    "packages/sdk/test/**/*.ts",
    "*.config.{ts,mjs,cjs}",
  ],
  project: ["**/*.{ts,tsx,mjs,cjs,js,css,prisma}", "!generated/**", "!bench/results/**", "!public/**", "!packages/sdk/dist/**"],
  // The app's paths and the worker's (tsconfig.worker.json: `server-only` resolved for Node, as
  // `npm run worker` runs scripts/worker.ts with tsx).
  typescript: { config: ["tsconfig.json", "tsconfig.worker.json"] },
  // Dependencies are not this check's business: the fonts, Redoc's bundle and ffprobe are read from
  // node_modules by path (never imported), and a few test helpers use packages others bring.
  rules: {
    dependencies: "off",
    devDependencies: "off",
    optionalPeerDependencies: "off",
    unlisted: "off",
    binaries: "off",
    unresolved: "off",
  },
};

export default config;
