// The app as the browser tests see it: a production build on its own fresh embedded PostgreSQL and
// S3 store (kept apart from the dev data), seeded, with the settings written to .data/e2e/env.json
// so the tests can prepare accounts in the same database.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startPostgres, startS3, freePort, onStopSignal } from "./embedded.mjs";
import { buildApp } from "./build-app.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const dir = path.join(root, ".data", "e2e");
const port = Number(process.env.E2E_PORT || 3100);

fs.rmSync(dir, { recursive: true, force: true });
const pg = await startPostgres({ dir: path.join(dir, "postgres"), port: await freePort(), database: "vidfolio_e2e" });
const s3 = await startS3({ dir: path.join(dir, "s3"), port: await freePort(), appUrls: [`http://localhost:${port}`] });
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  DATABASE_URL: pg.url,
  ...s3.env,
  AUTH_SECRET: "e2e-secret-0123456789abcdefghij",
  APP_URL: `http://localhost:${port}`,
  NEXTAUTH_URL: `http://localhost:${port}`,
  PORT: String(port),
  VIDFOLIO_DATA_DIR: dir,
  START_WORKER: process.env.START_WORKER ?? "false",
  // Checkout through the local test provider (never the default of `npm start`).
  PAYMENTS_PROVIDER: process.env.PAYMENTS_PROVIDER ?? "test",
  // Every browser test signs in from the same address (::1); the limits themselves are proven by
  // tests/integration/rate-limits.test.ts at the default of 10.
  RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? "1000",
  // The browser tests' output keeps warnings and errors; an access line per request would bury them.
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
};
fs.writeFileSync(path.join(dir, "env.json"), JSON.stringify({ DATABASE_URL: pg.url, ...s3.env, APP_URL: env.APP_URL }));

// `npm test` builds before Playwright starts (scripts/test-all.mjs), outside the web server's time-out.
if (process.env.E2E_SKIP_BUILD !== "1" || !fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
  const status = buildApp(root);
  if (status !== 0) process.exit(status);
}

const app = spawn(process.execPath, [path.join(root, "scripts/launch.mjs"), "start"], { env, stdio: "inherit" });
// The app stops first (it finishes its requests), then its store and database.
const stopServices = async (code) => {
  await s3.stop().catch(() => {});
  await pg.stop().catch(() => {});
  process.exit(code);
};
app.on("exit", (code) => void stopServices(code ?? 0));
onStopSignal(() => {
  app.kill("SIGTERM"); // its exit (above) stops the services
  setTimeout(() => void stopServices(0), 10_000).unref();
});
