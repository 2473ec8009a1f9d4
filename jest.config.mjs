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

// jose and React Email's renderer (above) are used as ES modules: let the SWC transform compile them.
for (const project of [unit, integration]) {
  project.transformIgnorePatterns = ["/node_modules/(?!(jose|@react-email|client-zip)/)", "^.+\\.module\\.(css|sass|scss)$"];
}

const config = {
  projects: [unit, integration],
  globalSetup: "<rootDir>/tests/setup/global-setup.mjs",
  globalTeardown: "<rootDir>/tests/setup/global-teardown.mjs",
};

export default config;
