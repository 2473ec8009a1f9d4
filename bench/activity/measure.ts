// The activity bench's timer (bench/activity/run.mjs runs it with tsx, as the worker runs): the
// feed's services as the doors call them (lib/services/platform/activity/feed.ts: activityFeed,
// markActivityRead), each query parsed by the door's own schema, on the database run.mjs seeded.
// Every statement the services send is also timed where the app's driver sends it (pg's Pool.query,
// under the Prisma adapter), so the unread count, which activityFeed runs beside its page, has its
// own figures. Prints one JSON line: { cases: { <case>: { ms: [...], statements: { <label>: [...] } } } }.
//
// The cases take turns, a call of each per round, BENCH_WARMUP rounds unmeasured then BENCH_RUNS
// timed; pg_stat_statements is reset between the two.
//
//   BENCH_ADMIN (the studio), BENCH_GALLERY (its gallery for the galleryId case), BENCH_OLD_ADMIN
//   (the lopsided studio: payments and refunds only long ago), BENCH_OLD_GALLERY (its old gallery), BENCH_DEEP_CURSORS
//   (comma-separated `next`s around its 90,000th event), BENCH_MARK_UPTO (comma-separated event ids
//   above its read mark, one per markActivityRead call), BENCH_RUNS, BENCH_WARMUP
import pg from "pg";
import { db } from "@/lib/db";
import { activityFeed, markActivityRead } from "@/lib/services/platform/activity/feed";
import { activityQuerySchema } from "@/lib/validation/activity";
import type { Actor } from "@/lib/services/access/rules/actor";

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const list = (v: string | undefined) => (v ?? "").split(",").filter(Boolean);

/** Which of the feed's statements a SQL text is (the services' own, told apart by their text). */
function label(sql: string): string {
  if (/count\(\*\)/i.test(sql) && sql.includes('"ActivityEvent"')) return "unread count";
  if (/^\s*UPDATE "Admin"/i.test(sql)) return "mark update";
  if (sql.includes('JOIN "Gallery" g ON g.id = e."galleryId"')) return "page";
  if (sql.includes('"Admin"')) return "read mark";
  return sql.replace(/\s+/g, " ").trim().slice(0, 60);
}

// Every statement timed at the driver, into the current case.
let statements: Record<string, number[]> | null = null;
type Query = (this: pg.Pool, ...args: unknown[]) => unknown;
const poolQuery = pg.Pool.prototype.query as unknown as Query;
(pg.Pool.prototype as unknown as { query: Query }).query = function (this: pg.Pool, ...args: unknown[]) {
  const [config] = args;
  const result = poolQuery.apply(this, args);
  if (!statements || !(result instanceof Promise)) return result;
  const into = statements;
  const sql = typeof config === "string" ? config : String((config as { text?: string }).text ?? "");
  const t0 = performance.now();
  return result.then((r: unknown) => {
    (into[label(sql)] ??= []).push(performance.now() - t0);
    return r;
  });
};

async function main() {
  const adminId = process.env.BENCH_ADMIN!;
  const admin = await db.admin.findUniqueOrThrow({ where: { id: adminId } });
  const actor: Actor = { ...admin, via: "session" };
  const oldActor: Actor = { ...(await db.admin.findUniqueOrThrow({ where: { id: process.env.BENCH_OLD_ADMIN! } })), via: "session" };
  const deep = list(process.env.BENCH_DEEP_CURSORS);
  const upTo = list(process.env.BENCH_MARK_UPTO);
  // The door's query string, parsed as the door parses it (GET /api/activity?…).
  const query = (qs: Record<string, string>) => activityQuerySchema.parse(qs);
  const feed =
    (qs: (i: number) => Record<string, string>, who = actor) =>
    async (i: number) => {
      const page = await activityFeed(who, query(qs(i)));
      if (!page.events.length) throw new Error(`empty page for ${JSON.stringify(qs(i))}`);
    };
  const cases: [string, (i: number) => Promise<unknown>][] = [
    ["first page", feed(() => ({}))],
    ["deep page", feed((i) => ({ cursor: deep[i % deep.length] }))],
    ["kinds=payment,refund", feed(() => ({ kinds: "payment,refund" }))],
    ["galleryId", feed(() => ({ galleryId: process.env.BENCH_GALLERY! }))],
    ["unread=true", feed(() => ({ unread: "true" }))],
    // The lopsided studio: what it filters for lies far back in its feed.
    ["kinds=payment,refund, sold long ago", feed(() => ({ kinds: "payment,refund" }), oldActor)],
    ["galleryId, an old gallery", feed(() => ({ galleryId: process.env.BENCH_OLD_GALLERY! }), oldActor)],
    // Each call reads 30 more: the mark climbs from the middle (unread stays over 99 all the while).
    ["markActivityRead", (i) => markActivityRead(actor, upTo[i % upTo.length])],
  ];
  // Round robin, a call of each case in turn: what else the machine does falls on every case alike.
  const out: Record<string, { ms: number[]; statements: Record<string, number[]> }> = Object.fromEntries(cases.map(([name]) => [name, { ms: [], statements: {} }]));
  for (let i = 0; i < WARMUP; i++) for (const [, call] of cases) await call(i);
  // The server's own counts from here on (pg_stat_statements, read by run.mjs).
  await db.$queryRawUnsafe("SELECT pg_stat_statements_reset()::text");
  for (let i = WARMUP; i < WARMUP + RUNS; i++)
    for (const [name, call] of cases) {
      statements = out[name].statements;
      const t0 = performance.now();
      await call(i);
      out[name].ms.push(performance.now() - t0);
      statements = null;
    }
  console.log(JSON.stringify({ cases: out }));
  await db.$disconnect();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
