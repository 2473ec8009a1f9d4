// `npm run dev` and `npm start`: run Vidfolio with whatever is configured, and embedded defaults
// for whatever is not (PostgreSQL, S3-compatible store, auth secret). Then apply migrations, seed
// the demo data on first run, and start Next.js (`next dev`, or server/server.mjs for `npm start`).
import fs from "node:fs";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startPostgres, startS3, freePort, persistentSecret, onStopSignal } from "./embedded.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
for (const f of [".env", ".env.local"]) if (fs.existsSync(f)) process.loadEnvFile(f);

const mode = process.argv[2] === "start" ? "start" : "dev";
const port = Number(process.env.PORT || 3000);
const dataDir = path.resolve(process.env.VIDFOLIO_DATA_DIR || ".data");
const env = { NEXT_TELEMETRY_DISABLED: "1", ...process.env, PORT: String(port) };
const stops = [];
const embedded = [];
// Where the embedded store runs, for other tools (npm run db:backup); removed when the launcher
// stops. The embedded PostgreSQL records its own port, in postgres/postmaster.pid.
const runningFile = path.join(dataDir, "running.json");
const running = { pid: process.pid };

// `npm start` against a real database is a deployment: a secret generated into this machine's data
// folder would differ on every instance (each refusing the others' sessions) and vanish with the
// container. The other production settings only warn, so a trial with real services still starts.
if (mode === "start" && env.DATABASE_URL) {
  if (!env.AUTH_SECRET && !env.NEXTAUTH_SECRET) {
    console.error("AUTH_SECRET is required by `npm start` with DATABASE_URL set: 32+ random bytes, the same on every app instance and worker (docs/operations.md).");
    process.exit(1);
  }
  const missing = [
    !env.SUPERADMIN_PASSWORD && "SUPERADMIN_PASSWORD (a super admin created now gets the demo password)",
    env.SEED_DEMO !== "false" && "SEED_DEMO=false (a database without studios gets the demo studio and its published password)",
    env.PAYMENTS_PROVIDER === "test"
      ? "PAYMENTS_PROVIDER=test is set (the local test provider: credits and plans without payment)"
      : !env.STRIPE_SECRET_KEY && "STRIPE_SECRET_KEY (checkout answers 'payments are not configured')",
    !env.RESEND_API_KEY && "RESEND_API_KEY (mail stays in the MailMessage outbox)",
  ].filter(Boolean);
  if (missing.length) console.warn(`[launch] not set for production:\n${missing.map((m) => `  - ${m}`).join("\n")}\n  see docs/operations.md#production`);
}

try {
  if (!env.DATABASE_URL) {
    const pgPort = await freePort(Number(env.EMBEDDED_PG_PORT || 54329));
    const pg = await startPostgres({ dir: path.join(dataDir, "postgres"), port: pgPort });
    env.DATABASE_URL = pg.url;
    stops.push(pg.stop);
    embedded.push(`PostgreSQL  ${pg.url.replace(/:[^:@/]+@/, ":***@")} (data in ${path.relative(root, dataDir)}/postgres)`);
  }
  if (!env.S3_ENDPOINT && !env.S3_BUCKET) {
    const s3Port = await freePort(Number(env.EMBEDDED_S3_PORT || 4569));
    const s3 = await startS3({ dir: path.join(dataDir, "s3"), port: s3Port, appUrls: [env.APP_URL ?? env.NEXTAUTH_URL ?? `http://localhost:${port}`] });
    Object.assign(env, s3.env);
    stops.push(s3.stop);
    running.s3 = { endpoint: s3.env.S3_ENDPOINT, bucket: s3.env.S3_BUCKET };
    embedded.push(`S3 store    ${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET} (data in ${path.relative(root, dataDir)}/s3)`);
  }
} catch (e) {
  // For example a cluster made by another PostgreSQL major version: say so plainly and stop.
  console.error(`\n${e.message}`);
  for (const stop of stops.reverse()) await stop().catch(() => {});
  process.exit(1);
}
if (running.s3) {
  fs.writeFileSync(runningFile, JSON.stringify(running));
  stops.push(async () => {
    const current = fs.existsSync(runningFile) ? JSON.parse(fs.readFileSync(runningFile, "utf8")) : null;
    if (current?.pid === process.pid) fs.rmSync(runningFile);
  });
}
if (!env.AUTH_SECRET && !env.NEXTAUTH_SECRET) env.AUTH_SECRET = persistentSecret(dataDir);
// Development sells through the local test provider unless Stripe is configured; `npm start` never
// does unless PAYMENTS_PROVIDER=test is set explicitly (lib/payments/index.ts).
if (mode === "dev" && !env.PAYMENTS_PROVIDER && !env.STRIPE_SECRET_KEY) env.PAYMENTS_PROVIDER = "test";
env.NEXTAUTH_URL ||= `http://localhost:${port}`;
env.APP_URL ||= env.NEXTAUTH_URL;

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { env, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(" ")} failed (exit ${r.status})`);
};

let child;
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  // The app finishes the requests it is serving (server/server.mjs stops within 5 s) before the
  // embedded database and store it talks to are stopped.
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
  }
  for (const stop of stops.reverse()) await stop().catch(() => {});
  process.exit(code);
}
onStopSignal(() => shutdown(0));

try {
  run(bin("prisma"), ["migrate", "deploy"]);
  run(bin("tsx"), ["prisma/seed.ts"]);
  if (mode === "start" && !fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    throw new Error("No production build found: run `npm run build` first.");
  }
} catch (e) {
  console.error(`\n${e.message}`);
  await shutdown(1);
}

console.log(`\nVidfolio (${mode}) on http://localhost:${port}`);
for (const line of embedded) console.log(`  embedded ${line}`);
if (env.SEED_DEMO !== "false") console.log(`  studio login      studio@vidfolio.local / studio-demo-123 (the demo studio, on a database without studios)`);
console.log(`  super admin login ${env.SUPERADMIN_EMAIL || "admin@vidfolio.local"} / ${env.SUPERADMIN_PASSWORD ? "(SUPERADMIN_PASSWORD)" : "admin-demo-123"}  at /vidfolio-superadmin/login\n`);

// Production: server/server.mjs (`next start` plus the page front cache); development: `next dev`.
child = mode === "start" ? spawn(process.execPath, [path.join(root, "server/server.mjs")], { env, stdio: "inherit" }) : spawn(bin("next"), ["dev", "-p", String(port)], { env, stdio: "inherit" });
child.on("exit", (code) => shutdown(code ?? 0));

// The video worker runs beside the app unless START_WORKER=false (production runs `npm run worker`
// as its own process, as many as needed).
if (env.START_WORKER !== "false") {
  const worker = spawn(bin("tsx"), ["--tsconfig", "tsconfig.worker.json", "scripts/worker.ts"], { env, stdio: "inherit" });
  stops.unshift(async () => {
    worker.kill("SIGTERM");
  });
  worker.on("exit", (code) => {
    if (code) console.error(`[launch] the worker stopped (exit ${code}); run \`npm run worker\` to restart it`);
  });
}
