// Jest: `unit` (pure modules and components) and `integration` (real embedded PostgreSQL and
// S3-compatible store, started once by tests/setup/global-setup.mjs).
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

const shared = {
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/setup/empty.js",
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

// jose is published as ES modules only; let the SWC transform compile it for Jest.
for (const project of [unit, integration]) {
  project.transformIgnorePatterns = ["/node_modules/(?!(jose)/)", "^.+\\.module\\.(css|sass|scss)$"];
}

const config = {
  projects: [unit, integration],
  globalSetup: "<rootDir>/tests/setup/global-setup.mjs",
  globalTeardown: "<rootDir>/tests/setup/global-teardown.mjs",
};

export default config;
