// Shared helpers of the benchmarks: a fresh embedded stack, the production app, a studio, results.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, spawnSync, execFileSync } from "node:child_process";
import pg from "pg";
import { S3Client } from "@aws-sdk/client-s3";
import { hash } from "@node-rs/argon2";
import { freePort, startPostgres } from "../scripts/embedded.mjs";
import { root, buildApp } from "./build.mjs";
import { recordRun } from "./results.mjs";

export { root };
const bin = (n) => path.join(root, "node_modules", ".bin", n);

/** Fresh PostgreSQL + S3 store under .data/bench-<name>, migrated. `pgFlags`: server settings (`-c name=value`). */
export async function startStack(name, { pgFlags = [] } = {}) {
  const dir = path.join(root, ".data", `bench-${name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const db = await startPostgres({ dir: path.join(dir, "postgres"), port: await freePort(), database: "vidfolio_bench", flags: pgFlags });
  // A real S3-compatible store when S3_ENDPOINT is given (the embedded one otherwise).
  const s3 = process.env.S3_ENDPOINT ? { env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("S3_"))), stop: async () => {} } : await startS3Process(path.join(dir, "s3"));
  const env = { ...process.env, DATABASE_URL: db.url, ...s3.env, AUTH_SECRET: "bench-secret-0123456789abcdef", NEXT_TELEMETRY_DISABLED: "1", SEED_DEMO: "false", PAYMENTS_PROVIDER: "test" };
  const r = spawnSync(bin("prisma"), ["migrate", "deploy"], { env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
  return {
    env,
    s3env: s3.env,
    dbUrl: db.url,
    stop: async () => {
      await s3.stop();
      await db.stop();
    },
  };
}

/**
 * A client of the stack's store (`s3env` from startStack), set as lib/storage/client.ts sets the
 * app's: path-style as configured, and checksums only where required (the default,
 * WHEN_SUPPORTED, sends a streamed body aws-chunked, which the embedded store keeps as it came,
 * framing and all).
 */
export function storeClient(e) {
  return new S3Client({
    region: e.S3_REGION || "us-east-1",
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
    credentials: { accessKeyId: e.S3_ACCESS_KEY_ID || "x", secretAccessKey: e.S3_SECRET_ACCESS_KEY || "x" },
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
}

/** The embedded store in its own process, as a real store would be. */
async function startS3Process(dir) {
  const child = spawn(process.execPath, [path.join(root, "scripts", "s3-process.mjs"), dir], { stdio: ["ignore", "pipe", "inherit"] });
  const env = await new Promise((resolve, reject) => {
    child.stdout.once("data", (d) => resolve(JSON.parse(String(d).split("\n")[0])));
    child.once("exit", (code) => reject(new Error(`s3 process exited (${code})`)));
  });
  return {
    env,
    stop: async () => {
      child.kill("SIGTERM");
    },
  };
}

/**
 * The production build, served as `npm start` serves it: server/server.mjs, `next start` plus the page
 * front cache (built first when missing, or when BENCH_BUILD=1). BENCH_NODE_FLAGS: flags for the app's
 * node, space-separated, for a diagnosis (e.g. `--trace-gc`, `--max-semi-space-size=64`); never in a
 * recorded figure of the app as it ships.
 */
export async function startApp(env) {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID")) || process.env.BENCH_BUILD === "1") buildApp();
  const port = await freePort();
  const appEnv = { ...env, PORT: String(port), APP_URL: `http://localhost:${port}`, NEXTAUTH_URL: `http://localhost:${port}`, NODE_ENV: "production" };
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean), path.join(root, "server", "server.mjs")], {
    env: appEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/login`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  return { base, child, stop: () => child.kill("SIGTERM") };
}

/** Resident memory (MB) of a process and all its descendants. */
export function rssMb(pid) {
  try {
    const out = execFileSync("ps", ["-e", "-o", "pid=,ppid=,rss="], { encoding: "utf8" });
    const rows = out
      .trim()
      .split("\n")
      .map((l) => l.trim().split(/\s+/).map(Number));
    const tree = new Set([pid]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const [p, pp] of rows)
        if (tree.has(pp) && !tree.has(p)) {
          tree.add(p);
          grew = true;
        }
    }
    return rows.filter(([p]) => tree.has(p)).reduce((s, [, , rss]) => s + rss, 0) / 1024;
  } catch {
    return 0;
  }
}

/** Samples a process tree's memory every 100 ms; returns a stop function giving the peak. */
export function watchMemory(pid) {
  let peak = rssMb(pid);
  const start = peak;
  const t = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  return () => {
    clearInterval(t);
    return { startMb: start, peakMb: Math.max(peak, rssMb(pid)) };
  };
}

/**
 * An active studio with credits, a folder and a gallery, written straight to the database through
 * `client` (pg); `password`: one it can sign in with (none: it cannot sign in). Returns its ids.
 */
export async function insertStudio(client, { creditsMb = 10 * 1024 * 1024, password = null } = {}) {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `bench-${unique}@example.test`;
  const {
    rows: [admin],
  } = await client.query(
    `INSERT INTO "Admin"(id, name, email, "passwordHash", role, status, plan, "creditBytes", "updatedAt")
     VALUES (gen_random_uuid(), 'Bench Studio', $1, $2, 'admin', 'ACTIVE', 'PRO', $3, now()) RETURNING id`,
    [email, password ? await hash(password) : "x", String(BigInt(creditsMb) * 1048576n)],
  );
  const {
    rows: [folder],
  } = await client.query(`INSERT INTO "Folder"(id, name, "adminId", "updatedAt") VALUES (gen_random_uuid(), 'Bench', $1, now()) RETURNING id`, [admin.id]);
  const {
    rows: [gallery],
  } = await client.query(`INSERT INTO "Gallery"(id, name, "folderId", "adminId", "customUrl", "updatedAt") VALUES (gen_random_uuid(), 'Bench', $1, $2, $3, now()) RETURNING id`, [
    folder.id,
    admin.id,
    `bench-${unique}`,
  ]);
  return { email, adminId: admin.id, folderId: folder.id, galleryId: gallery.id };
}

/** An active studio with credits, a folder and a gallery; returns its bearer token and ids. */
export async function seedStudio(dbUrl, base, { creditsMb = 10 * 1024 * 1024 } = {}) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const password = "bench-password-1";
  const { email, ...ids } = await insertStudio(client, { creditsMb, password });
  await client.end();
  const login = await fetch(`${base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  const { token } = await login.json();
  return { token, ...ids };
}

/**
 * Prints a result table and records the run (bench/results.mjs): dated in the ignored
 * bench/results/runs/<name>-<date>.json, as bench/results/<name>-latest.json and .md, and as one
 * line of bench/results/history.md.
 */
export function writeResults(name, results, lines) {
  const at = new Date();
  const md = [`# ${name} — ${at.toISOString()}`, "", ...lines, ""].join("\n");
  recordRun(root, name, { name, at: at.toISOString(), machine: { cpus: await_cpus(), node: process.version, load1: Math.round(os.loadavg()[0] * 100) / 100 }, ...results }, { markdown: md, at });
  console.log(md);
}

function await_cpus() {
  return execFileSync("nproc", { encoding: "utf8" }).trim();
}
