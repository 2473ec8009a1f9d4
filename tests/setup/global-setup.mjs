// Starts a fresh embedded PostgreSQL (migrated) and S3-compatible store for the integration
// tests, and hands their settings to the test processes through a file.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { startPostgres, startS3, freePort } from "../../scripts/embedded.mjs";

// One directory per run, so that runs at once on one machine (several engineers, a bench) never
// share (or delete) each other's database; the test processes find it by VIDFOLIO_TEST_DIR.
export const TEST_DIR = path.resolve(".data/test/runs", String(process.pid));
export const ENV_FILE = path.join(TEST_DIR, "env.json");

export default async function globalSetup(config) {
  const wantsIntegration = config.selectProjects == null || config.selectProjects.includes("integration");
  if (!wantsIntegration) return;
  fs.rmSync(TEST_DIR, { recursive: true, force: true });
  const pg = await startPostgres({ dir: path.join(TEST_DIR, "postgres"), port: await freePort(), database: "vidfolio_test" });
  const s3 = await startS3({ dir: path.join(TEST_DIR, "s3"), port: await freePort(), appUrls: ["http://localhost:3000"] });
  const env = {
    DATABASE_URL: pg.url,
    ...s3.env,
    AUTH_SECRET: "integration-test-secret-0123456789",
    APP_URL: "http://localhost:3000",
    NODE_ENV: "test",
    // The local test provider sells (it grants credits without payment): only ever chosen explicitly.
    PAYMENTS_PROVIDER: "test",
  };
  const migrate = spawnSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`prisma migrate deploy failed:\n${migrate.stdout}\n${migrate.stderr}`);
  fs.writeFileSync(ENV_FILE, JSON.stringify(env));
  process.env.VIDFOLIO_TEST_DIR = TEST_DIR;
  globalThis.__VIDFOLIO_STOPS__ = [s3.stop, pg.stop, async () => fs.rmSync(TEST_DIR, { recursive: true, force: true })];
}
