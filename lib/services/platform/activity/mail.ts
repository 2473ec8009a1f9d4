// The mail of the studio's activity: the studio's choice per kind (at once, in the daily digest, or
// none; lib/services/platform/rules/activity.ts), the activity mail of the events due at once, the
// digest's lines of the events set to it, and the galleries about to expire told once.
//
// - At once: an event whose kind the studio wants at once (and that has no mail of its own) is
//   written with `mailDueAt` (./record.ts). The minute's job (`sendActivityMails`) takes the events
//   due a minute ago or more — a burst is one mail — in the transaction that records the mail
//   (FOR UPDATE SKIP LOCKED: two runs never take the same event), one mail per studio.
// - In the digest: the daily digest (lib/services/guests/digest.ts) adds the events of its day whose
//   kind is set to "digest".
import "@/lib/server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { deliverMail, recordMail, type OutgoingMail } from "@/lib/mail";
import { activityMail as activityMailContent } from "@/lib/mail/emails/activity";
import type { DigestGallery } from "@/lib/mail/emails/digest";
import { galleryPath, ROUTES } from "@/lib/routes";
import { studioShownName } from "@/lib/texts/labels";
import { DEFAULT_ACTIVITY_MAIL, EXPIRING_DAYS, activityMail, type ActivityKind, type ActivityMail, type MailChoice } from "@/lib/services/platform/rules/activity";
import { ACTIVITY_CHANNEL } from "@/lib/services/platform/activity/record";
import { summaryOf, type EventRow } from "@/lib/services/platform/activity/feed";
import type { Actor } from "@/lib/services/access/rules/actor";

/** The studio's mail choice per kind. */
export async function activityMailChoices(adminId: string): Promise<ActivityMail> {
  const a = await db.admin.findUniqueOrThrow({ where: { id: adminId }, select: { activityMail: true } });
  return activityMail(a.activityMail);
}

/** Saves the studio's choices for the kinds named (the others keep theirs); all of them, after. */
export async function setActivityMailChoices(actor: Actor, kinds: Partial<Record<ActivityKind, MailChoice>>): Promise<ActivityMail> {
  const named = Object.fromEntries(Object.entries(kinds).filter(([, c]) => c !== undefined));
  const [row] = await db.$queryRaw<{ activityMail: unknown }[]>`
    UPDATE "Admin" SET "activityMail" = "activityMail" || ${JSON.stringify(named)}::jsonb WHERE id = ${actor.id}::uuid RETURNING "activityMail"`;
  // An event waiting for its mail at once, of a kind no longer mailed at once, is not mailed.
  const notNow = Object.entries(named)
    .filter(([, c]) => c !== "now")
    .map(([k]) => k);
  if (notNow.length) await db.$executeRaw`UPDATE "ActivityEvent" SET "mailDueAt" = NULL WHERE "adminId" = ${actor.id}::uuid AND "mailDueAt" IS NOT NULL AND kind = ANY(${notNow}::text[])`;
  return activityMail(row?.activityMail);
}

/** Events older than this wait no longer: a burst (a guest's five comments) makes one mail. */
const GATHER_MS = 60_000;
/** At most this many events are taken per run (the rest, next minute). */
const RUN_MAX = 2000;
/** At most this many lines in one mail. */
const MAIL_LINES = 40;

type Due = EventRow & { adminId: string };

/** Lines grouped by gallery, in their order, at most `max` (and how many were left out). */
function byGallery(rows: Pick<EventRow, "galleryId" | "galleryName" | "kind" | "who" | "data">[], max: number): { galleries: DigestGallery[]; more: number } {
  const out = new Map<string, DigestGallery>();
  rows.slice(0, max).forEach((r) => {
    const g = out.get(r.galleryId) ?? { name: r.galleryName, url: new URL(galleryPath(r.galleryId, "guests"), env().APP_URL).toString(), lines: [] };
    g.lines.push(summaryOf(r));
    out.set(r.galleryId, g);
  });
  return { galleries: [...out.values()], more: Math.max(0, rows.length - max) };
}

/** Sends every studio its activity mail of the events due at once (see the file's head). */
export async function sendActivityMails(now = new Date()): Promise<{ studios: number; events: number }> {
  const taken = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<Due[]>`
      WITH due AS (
        SELECT seq FROM "ActivityEvent" WHERE "mailDueAt" IS NOT NULL AND "mailDueAt" <= ${new Date(now.getTime() - GATHER_MS)}
        ORDER BY seq LIMIT ${RUN_MAX} FOR UPDATE SKIP LOCKED
      )
      UPDATE "ActivityEvent" e SET "mailDueAt" = NULL FROM due, "Gallery" g
      WHERE e.seq = due.seq AND g.id = e."galleryId"
      RETURNING e.seq, e."adminId", e.kind, e."galleryId", g.name AS "galleryName", e."filmId", e.at, e.who, e.data`;
    const studios = await tx.admin.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.adminId))] }, status: "ACTIVE" }, select: { id: true, email: true, name: true, companyName: true } });
    const mails: { row: Awaited<ReturnType<typeof recordMail>>; mail: OutgoingMail }[] = [];
    for (const s of studios) {
      const mine = rows.filter((r) => r.adminId === s.id).sort((a, b) => a.galleryName.localeCompare(b.galleryName) || (a.seq < b.seq ? -1 : 1));
      const { galleries, more } = byGallery(mine, MAIL_LINES);
      const content = await activityMailContent({ studioName: studioShownName(s), galleries, count: mine.length, more, activityUrl: new URL(ROUTES.galleries, env().APP_URL).toString() });
      const mail = { ...content, to: s.email };
      mails.push({ row: await recordMail(mail, tx), mail });
    }
    return { mails, events: rows.length };
  });
  for (const { row, mail } of taken.mails) {
    const { status } = await deliverMail(row, mail);
    if (status !== "SENT") log().warn({ mailId: row.id }, "activity mail not sent");
  }
  return { studios: taken.mails.length, events: taken.events };
}

/** The digest's lines: the studio's events of `from`–`to` whose kind it set to "digest". */
export async function digestEvents(adminId: string, from: Date, to: Date, max: number): Promise<{ galleries: DigestGallery[]; more: number }> {
  const choices = await activityMailChoices(adminId);
  const kinds = (Object.keys(choices) as ActivityKind[]).filter((k) => choices[k] === "digest");
  if (kinds.length === 0) return { galleries: [], more: 0 };
  const rows = await db.$queryRaw<EventRow[]>`
    SELECT e.seq, e.kind, e."galleryId", g.name AS "galleryName", e."filmId", e.at, e.who, e.data
    FROM "ActivityEvent" e JOIN "Gallery" g ON g.id = e."galleryId"
    WHERE e."adminId" = ${adminId}::uuid AND e.kind = ANY(${kinds}::text[]) AND e.at >= ${from} AND e.at < ${to}
    ORDER BY lower(g.name), g.id, e.seq
    LIMIT ${max + 1000}`;
  return byGallery(rows, max);
}

/**
 * Tells each studio, once per gallery and expiry date, that a gallery expires within EXPIRING_DAYS
 * (the reminders' job, every 15 minutes): one statement; the key makes it once, and each studio told
 * is woken (its open feeds read it).
 */
export async function noteExpiringGalleries(now = new Date()): Promise<{ noted: number }> {
  const rows = await db.$queryRaw<{ adminId: string }[]>`
    WITH written AS (
      INSERT INTO "ActivityEvent" ("adminId", "galleryId", kind, at, data, key, "mailDueAt")
      SELECT g."adminId", g.id, 'expiring', ${now},
             jsonb_build_object('expiresAt', to_char(g."expiresAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'days', GREATEST(1, ceil(extract(epoch FROM g."expiresAt" - ${now}::timestamp) / 86400))::int),
             'expiring:' || g.id || ':' || to_char(g."expiresAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             CASE WHEN COALESCE(a."activityMail"->>'expiring', ${DEFAULT_ACTIVITY_MAIL.expiring}) = 'now' THEN ${now}::timestamp END
      FROM "Gallery" g JOIN "Admin" a ON a.id = g."adminId" AND a.status = 'ACTIVE'
      WHERE g."expiresAt" > ${now} AND g."expiresAt" <= ${new Date(now.getTime() + EXPIRING_DAYS * 24 * 3600_000)}
      ON CONFLICT ("adminId", key) DO NOTHING
      RETURNING "adminId"
    )
    SELECT DISTINCT "adminId", pg_notify(${ACTIVITY_CHANNEL}, "adminId"::text)::text AS sent FROM written`;
  return { noted: rows.length };
}
