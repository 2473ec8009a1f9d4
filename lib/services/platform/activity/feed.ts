// Reading the studio's activity feed: its events newest first, a page at a time (keyset on `seq`,
// by the studio's index, so a page costs the same at the 100,000th event as at the first), read up
// to the studio's mark; the mark moved forward; and the feed live (server-sent events woken by the
// writers' NOTIFY: ./record.ts, lib/services/platform/live.ts).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/generated/prisma/client";
import { TEXTS } from "@/lib/texts";
import { formatMoney } from "@/lib/services/money/rules/paid-delivery";
import { ACTIVITY_PAGE, UNREAD_MAX, type ActivityKind } from "@/lib/services/platform/rules/activity";
import { ACTIVITY_CHANNEL } from "@/lib/services/platform/activity/record";
import { NotifyBus, claimSlot, liveStream } from "@/lib/services/platform/live";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { ActivityQuery } from "@/lib/validation/activity";
import type { ActivityEventDto, ActivityFeedDto } from "@/lib/contract/activity";
import type { ActivityFacts } from "@/lib/texts/activity";

export type EventRow = {
  seq: bigint;
  kind: ActivityKind;
  galleryId: string;
  galleryName: string;
  filmId: string | null;
  at: Date;
  who: string | null;
  data: Prisma.JsonValue;
};

const shortDate = (iso: string) => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(iso));

/** The summary line of an event (the feed's, the mails'). */
export function summaryOf(row: Pick<EventRow, "kind" | "who" | "data">): string {
  const d = (row.data && typeof row.data === "object" && !Array.isArray(row.data) ? row.data : {}) as Record<string, unknown>;
  const facts: ActivityFacts = {
    film: typeof d.film === "string" ? d.film : null,
    text: typeof d.text === "string" ? d.text : null,
    reply: d.reply === true,
    version: typeof d.version === "number" ? d.version : null,
    money: typeof d.amount === "number" && typeof d.currency === "string" ? formatMoney(d.amount, d.currency) : null,
    byHand: d.byHand === true,
    full: d.full !== false,
    date: typeof d.expiresAt === "string" ? shortDate(d.expiresAt) : null,
    days: typeof d.days === "number" ? d.days : null,
    reason: typeof d.reason === "string" ? d.reason : null,
  };
  return TEXTS.activity.summary(row.kind, row.who, facts);
}

const dto = (r: EventRow, readSeq: bigint): ActivityEventDto => ({
  id: r.seq.toString(),
  kind: r.kind,
  galleryId: r.galleryId,
  galleryName: r.galleryName,
  filmId: r.filmId,
  at: r.at.toISOString(),
  who: r.who,
  summary: summaryOf(r),
  read: r.seq <= readSeq,
});

/** The studio's read mark. */
async function readMark(adminId: string): Promise<bigint> {
  const a = await db.admin.findUniqueOrThrow({ where: { id: adminId }, select: { activityReadSeq: true } });
  return a.activityReadSeq;
}

/** Events after the mark, counted up to UNREAD_MAX (the index stops there). */
async function unreadAfter(adminId: string, readSeq: bigint): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM "ActivityEvent" WHERE "adminId" = ${adminId}::uuid AND seq > ${readSeq} LIMIT ${UNREAD_MAX}) x`;
  return row?.n ?? 0;
}

/** A page of the studio's feed (newest first) and how many events are unread. */
export async function activityFeed(actor: Actor, q: ActivityQuery = {}): Promise<ActivityFeedDto> {
  const readSeq = await readMark(actor.id);
  const conditions = [Prisma.sql`e."adminId" = ${actor.id}::uuid`];
  if (q.cursor) conditions.push(Prisma.sql`e.seq < ${BigInt(q.cursor)}`);
  if (q.galleryId) conditions.push(Prisma.sql`e."galleryId" = ${q.galleryId}::uuid`);
  if (q.unread === "true") conditions.push(Prisma.sql`e.seq > ${readSeq}`);
  const where = Prisma.join(conditions, " AND ");
  // With kinds, each kind's newest page is read on its own, in order from the studio-and-kind index,
  // and the pages merged: one walk of the whole feed filtered by kind would read most of it when the
  // kinds asked for lie far back (a studio that took its last payment long ago; bench/activity).
  const events = q.kinds?.length
    ? Prisma.sql`(SELECT e.* FROM unnest(${q.kinds}::text[]) AS k(kind)
        CROSS JOIN LATERAL (SELECT * FROM "ActivityEvent" e WHERE ${where} AND e.kind = k.kind ORDER BY e.seq DESC LIMIT ${ACTIVITY_PAGE + 1}) e)`
    : Prisma.sql`(SELECT * FROM "ActivityEvent" e WHERE ${where})`;
  const [rows, unread] = await Promise.all([
    db.$queryRaw<EventRow[]>`
      SELECT e.seq, e.kind, e."galleryId", g.name AS "galleryName", e."filmId", e.at, e.who, e.data
      FROM ${events} e JOIN "Gallery" g ON g.id = e."galleryId"
      ORDER BY e.seq DESC
      LIMIT ${ACTIVITY_PAGE + 1}`,
    unreadAfter(actor.id, readSeq),
  ]);
  const page = rows.slice(0, ACTIVITY_PAGE);
  return { events: page.map((r) => dto(r, readSeq)), next: rows.length > ACTIVITY_PAGE ? page[page.length - 1].seq.toString() : null, unread };
}

/** Moves the studio's read mark up to `upTo` (never past its newest event, never back); what is still unread. */
export async function markActivityRead(actor: Actor, upTo: string): Promise<{ unread: number }> {
  const [row] = await db.$queryRaw<{ seq: bigint }[]>`
    UPDATE "Admin" a SET "activityReadSeq" = GREATEST(a."activityReadSeq", LEAST(${BigInt(upTo)}, COALESCE((SELECT max(seq) FROM "ActivityEvent" WHERE "adminId" = a.id), 0)))
    WHERE a.id = ${actor.id}::uuid
    RETURNING "activityReadSeq" AS seq`;
  return { unread: await unreadAfter(actor.id, row?.seq ?? BigInt(0)) };
}

// ---------------------------------------------------------------------------------------------
// Live

const globalBus = globalThis as unknown as { vidfolioActivityBus?: NotifyBus };

/** This instance's listener of the studios' activity (started by the first stream). */
function activityBus(): NotifyBus {
  globalBus.vidfolioActivityBus ??= new NotifyBus(env().DATABASE_URL, ACTIVITY_CHANNEL);
  return globalBus.vidfolioActivityBus;
}

/** Stops this instance's listener, if one was made (a test file's end). */
export async function closeActivityBus(): Promise<void> {
  const bus = globalBus.vidfolioActivityBus;
  globalBus.vidfolioActivityBus = undefined;
  await bus?.close();
}

/** The studio's activity as server-sent events, after `after` (Last-Event-ID wins), each as the feed shows it. */
export async function activityStream(actor: Actor, at: { after: bigint; signal?: AbortSignal; lifeMs?: number }): Promise<ReadableStream<Uint8Array>> {
  const release = claimSlot(`activity:${actor.id}`);
  let after = at.after;
  try {
    // No cursor (0) or one past the newest: from the newest on (a new page has read what is there).
    const [row] = await db.$queryRaw<{ seq: bigint | null }[]>`SELECT max(seq) AS seq FROM "ActivityEvent" WHERE "adminId" = ${actor.id}::uuid`;
    const newest = row?.seq ?? BigInt(0);
    if (after === BigInt(0) || after > newest) after = newest;
  } catch (e) {
    release();
    throw e;
  }
  return liveStream({
    bus: activityBus(),
    topic: actor.id,
    release,
    after,
    event: "activity",
    read: async (cursor, limit) => {
      const readSeq = await readMark(actor.id);
      const rows = await db.$queryRaw<EventRow[]>`
        SELECT e.seq, e.kind, e."galleryId", g.name AS "galleryName", e."filmId", e.at, e.who, e.data
        FROM "ActivityEvent" e JOIN "Gallery" g ON g.id = e."galleryId"
        WHERE e."adminId" = ${actor.id}::uuid AND e.seq > ${cursor}
        ORDER BY e.seq ASC LIMIT ${limit}`;
      return { ids: rows.map((r) => r.seq), messages: rows.map((r) => ({ id: r.seq, data: dto(r, readSeq) })) };
    },
    signal: at.signal,
    lifeMs: at.lifeMs,
  });
}
