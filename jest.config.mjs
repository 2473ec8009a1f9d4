// Jest: `unit` (pure modules and components) and `integration` (real embedded PostgreSQL and
// S3-compatible store, started once by tests/setup/global-setup.mjs).
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

const shared = {
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/setup/empty.js",
    // The renderer's CommonJS build loads react-dom/server by a dynamic import, which Jest's VM
    // refuses; its ES build goes through the SWC transform, which makes that a require.
    "^@react-email/render$": "<rootDir>/node_modules/@react-email/render/dist/node/index.mjs",
    "^@/(.*)$": "<rootDir>/$1",
  },
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/tests/e2e/"],
};

const unit = await createJestConfig({
  ...shared,
  displayName: "unit",
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/unit/**/*.test.{ts,tsx}"],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/unit.ts"],
})();

const integration = await createJestConfig({
  ...shared,
  displayName: "integration",
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
  setupFiles: ["<rootDir>/tests/setup/load-env.cjs"],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/integration.ts"],
})();

// jose, React Email's renderer (above) and the OpenAPI validator are used as ES modules: let the SWC transform compile them.
for (const project of [unit, integration]) {
  project.transformIgnorePatterns = ["/node_modules/(?!(jose|@react-email|client-zip|@seriousme)/)", "^.+\\.module\\.(css|sass|scss)$"];
}

// Parallel: every integration suite has a database of its own (tests/setup/load-env.cjs), so two
// suites never see each other's rows; the slowest start first (tests/setup/sequencer.cjs). Two
// workers on the 2-core CI machine: the database and the store take the cores' spare time.
const config = {
  projects: [unit, integration],
  maxWorkers: Number(process.env.JEST_WORKERS) || 2,
  testSequencer: "<rootDir>/tests/setup/sequencer.cjs",
  // What `npm test` measures (--coverage): the lines of lib/ the suites run (bench/results/test-suite-latest.md).
  collectCoverageFrom: ["<rootDir>/lib/**/*.{ts,tsx}"],
  coverageReporters: ["json-summary"],
  globalSetup: "<rootDir>/tests/setup/global-setup.mjs",
  globalTeardown: "<rootDir>/tests/setup/global-teardown.mjs",
};

export default config;
