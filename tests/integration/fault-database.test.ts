// Postgres stops for 10 s in the middle of a load of studio API calls: calls in that window get 503
// with a message (no 500, no hang beyond the pool's timeout), the app recovers by itself when the
// database is back, and every call that was answered 2xx is in the database.
import path from "node:path";
import { spawnSync } from "node:child_process";
import { freePort, startPostgresProcess, type Service } from "../helpers/services";

const dir = path.resolve(".data/test/fault-postgres");
const saved = { ...process.env };
let pg: Service;
let port: number;

beforeAll(async () => {
  port = await freePort();
  pg = await startPostgresProcess(dir, port);
  const migrate = spawnSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: pg.env.DATABASE_URL }, encoding: "utf8" });
  if (migrate.status !== 0) throw new Error(migrate.stderr);
  // This file's app (its own module registry) talks to this database only.
  process.env.DATABASE_URL = pg.env.DATABASE_URL;
}, 120_000);

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db.$disconnect();
  await pg?.stop();
  process.env = saved;
});

test("a 10 s database outage: 503s with a message, recovery by itself, nothing answered 2xx is lost", async () => {
  const { createStudio } = await import("../helpers/factories");
  const { bearerFor, call, request } = await import("../helpers/requests");
  const { POST } = await import("@/app/api/folder/folders/route");
  const { db } = await import("@/lib/db");
  const { TEXTS } = await import("@/lib/texts");
  const studio = await createStudio();
  const token = await bearerFor(studio);

  type Result = { status: number; name: string; ms: number; message?: string; retryAfter: string | null; at: number };
  const results: Result[] = [];
  const t0 = Date.now();
  let running = true;
  let n = 0;
  async function client() {
    while (running) {
      const name = `Load ${n++}`;
      const started = Date.now();
      const res = await call(POST, request("POST", "/api/folder/folders", { token, body: { name } }));
      const body = await res.json().catch(() => ({}));
      results.push({ status: res.status, name, ms: Date.now() - started, message: body.message, retryAfter: res.headers.get("retry-after"), at: started - t0 });
      if (res.status === 503) await new Promise((r) => setTimeout(r, 200));
    }
  }
  const clients = Array.from({ length: 6 }, client);

  await new Promise((r) => setTimeout(r, 3_000));
  const downAt = Date.now() - t0;
  await pg.stop();
  await new Promise((r) => setTimeout(r, 10_000));
  pg = await startPostgresProcess(dir, port);
  const upAt = Date.now() - t0;
  await new Promise((r) => setTimeout(r, 6_000));
  running = false;
  await Promise.all(clients);

  const statuses = new Set(results.map((r) => r.status));
  expect([...statuses].every((s) => s === 201 || s === 503)).toBe(true);
  const unavailable = results.filter((r) => r.status === 503);
  expect(unavailable.length).toBeGreaterThan(0);
  for (const r of unavailable) {
    expect(r.message).toBe(TEXTS.databaseUnavailable);
    expect(r.retryAfter).toBe("5");
  }
  // No call hung: each was answered within the pool's connection timeout (10 s) plus slack.
  expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(12_000);
  // Calls succeeded before the outage and again after it, with nobody restarting the app.
  expect(results.some((r) => r.status === 201 && r.at < downAt)).toBe(true);
  expect(results.some((r) => r.status === 201 && r.at > upAt)).toBe(true);
  // Every 2xx is in the database.
  const created = results.filter((r) => r.status === 201).map((r) => r.name);
  const stored = new Set((await db.folder.findMany({ where: { adminId: studio.id }, select: { name: true } })).map((f) => f.name));
  expect(created.filter((name) => !stored.has(name))).toEqual([]);
  console.log(`fault-database: ${results.length} calls, ${created.length} created, ${unavailable.length} answered 503, slowest ${Math.max(...results.map((r) => r.ms))} ms`);
}, 90_000);
