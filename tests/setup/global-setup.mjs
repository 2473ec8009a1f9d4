// Starts a fresh embedded PostgreSQL and S3-compatible store for the integration tests, migrates
// one template database, and hands their settings to the test processes through a file. Each test
// file then gets a database of its own, cloned from the template (tests/setup/load-env.cjs): a
// copy takes milliseconds where migrating takes seconds, suites in parallel workers never see each
// other's rows, and no suite pays for the rows an earlier one left behind.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { startPostgres, startS3, freePort } from "../../scripts/embedded.mjs";

// One directory per run, so that runs at once on one machine (several engineers, a bench) never
// share (or delete) each other's database; the test processes find it by VIDFOLIO_TEST_DIR.
export const TEST_DIR = path.resolve(".data/test/runs", String(process.pid));
export const ENV_FILE = path.join(TEST_DIR, "env.json");
export const TEMPLATE_DATABASE = "vidfolio_template";

// Test data is thrown away with the run: nothing needs to survive a crash of the machine, so the
// server skips flushing to disk (the same queries, the same locks, the same answers; only faster).
export const THROWAWAY_FLAGS = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];

export default async function globalSetup(config) {
  const wantsIntegration = config.selectProjects == null || config.selectProjects.includes("integration");
  if (!wantsIntegration) return;
  fs.rmSync(TEST_DIR, { recursive: true, force: true });
  const pg = await startPostgres({ dir: path.join(TEST_DIR, "postgres"), port: await freePort(), database: TEMPLATE_DATABASE, flags: THROWAWAY_FLAGS });
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
  await installQueueSchema(pg.url);
  // The store's folder, for the "changed nothing" fingerprint (tests/helpers/snapshot.ts), which
  // reads it directly rather than listing through the S3 protocol on each of its ~15,000 calls.
  const store = { VIDFOLIO_TEST_S3_DIR: path.join(TEST_DIR, "s3"), VIDFOLIO_TEST_S3_ENDPOINT: s3.env.S3_ENDPOINT };
  fs.writeFileSync(ENV_FILE, JSON.stringify({ ...env, ...store, VIDFOLIO_TEMPLATE_DATABASE: TEMPLATE_DATABASE }));
  process.env.VIDFOLIO_TEST_DIR = TEST_DIR;
  globalThis.__VIDFOLIO_STOPS__ = [s3.stop, pg.stop, async () => fs.rmSync(TEST_DIR, { recursive: true, force: true })];
}

/** pg-boss's own tables, made once in the template (each clone would otherwise make them itself). */
async function installQueueSchema(url) {
  const { default: PgBoss } = await import("pg-boss");
  const boss = new PgBoss({ connectionString: url, schema: "pgboss", supervise: false, schedule: false, max: 1 });
  boss.on("error", () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}
