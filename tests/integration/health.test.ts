// GET /api/health: 200 when the database, the store and the queue answer; 503 naming the part that
// does not; nothing but ok and timings in the answer.
import { GET } from "@/app/api/health/route";
import { db } from "@/lib/db";
import { queue as jobQueue } from "@/lib/jobs/queue";
import { call, request } from "../helpers/requests";

test("reports every part reachable, quickly and without details", async () => {
  // A running instance: its database connection open and its queue started. The first call of a cold
  // process also starts pg-boss, which on a loaded CI machine took longer than the 2 s probe limit
  // (503, correctly "not ready yet"); what this test holds to is the answer of a ready instance.
  await db.$queryRaw`SELECT 1`;
  await jobQueue();
  const res = await call(GET, request("GET", "/api/health"));
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = await res.json();
  expect(body.status).toBe("ok");
  for (const part of ["database", "storage", "queue"]) {
    expect(body.checks[part].ok).toBe(true);
    expect(body.checks[part].ms).toBeLessThan(2000);
  }
  expect(Object.keys(body)).toEqual(["status", "checks", "pageCache"]);
  // No page cache listens in this process (no Next.js server): nothing to report as broken.
  expect(body.pageCache).toMatchObject({ ok: true, listening: null, oldestUnheardMs: 0 });
});

test("answers 503 naming the store when the store does not answer", async () => {
  const saved = { ...process.env };
  // The store's client is kept on globalThis (one per process): make the next one anew.
  const holder = globalThis as unknown as { s3?: unknown };
  const client = holder.s3;
  delete holder.s3;
  jest.resetModules();
  process.env.S3_ENDPOINT = "http://127.0.0.1:9"; // nothing listens there
  try {
    const { GET: fresh } = await import("@/app/api/health/route");
    const res = await call(fresh, request("GET", "/api/health"));
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toMatchObject({ status: "unavailable", checks: { database: { ok: true }, storage: { ok: false }, queue: { ok: true } } });
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|S3RVER/);
  } finally {
    process.env = saved;
    holder.s3 = client;
  }
});
