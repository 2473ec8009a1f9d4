// The daily digest: instead of a mail per event, a studio that asks for it gets one
// mail a day of what its guests watched and downloaded ("Anna watched 92 % of Ceremony, downloaded
// it"), grouped by gallery. Days are UTC days.
//
// `sendDigests` runs hourly (lib/worker/jobs.ts, queue engagement-digest). A digest covers the
// studio's ViewerFilm rows updated from `digestCoveredTo` (or 24 hours before) to the start of the
// current UTC day, so the first run after midnight sends yesterday's, and a later run catches up when
// the worker was down at midnight. Once only, whatever the number of workers: the MailOnce key
// `digest:<adminId>:<yyyy-mm-dd>` is inserted (ON CONFLICT DO NOTHING) in the transaction that
// records the mail and moves `digestCoveredTo`; only the run whose insert went in sends it. A day
// without activity sends nothing (and moves `digestCoveredTo` all the same).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/generated/prisma/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { deliverMail, recordMail } from "@/lib/mail";
import { digestMail, type DigestGallery } from "@/lib/mail/emails/digest";
import { galleryPath, ROUTES } from "@/lib/routes";
import { percentText, viewerName, watchedPercent } from "@/lib/services/guests/rules/insights";
import { TEXTS } from "@/lib/texts";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { NotificationsInput } from "@/lib/validation/activity";
import { activityMailChoices, digestEvents, setActivityMailChoices } from "@/lib/services/platform";
import type { ActivityMail } from "@/lib/services/platform/rules/activity";
import { mailDay } from "@/lib/mail/emails/layout";

const DAY_MS = 24 * 3600_000;
/** A digest never reaches further back than this (a worker down for long sends one digest, not a flood of old news). */
const MAX_LOOKBACK_MS = 7 * DAY_MS;
/** At most this many lines in one mail; the rest are counted ("… and 12 more"). */
const DIGEST_MAX_LINES = 60;
/** At most this many rows of activity are read per studio (beyond the lines shown, only counted). */
const MAX_ROWS = 5000;

export type NotificationSettings = { digestEnabled: boolean; kinds: ActivityMail };

export async function notificationSettings(actor: Actor): Promise<NotificationSettings> {
  const admin = await db.admin.findUniqueOrThrow({ where: { id: actor.id }, select: { digestEnabled: true } });
  return { digestEnabled: admin.digestEnabled, kinds: await activityMailChoices(actor.id) };
}

/**
 * Turns the studio's daily digest on or off, and sets the mail of the kinds of activity named.
 * Turning the digest on starts the next digest now: what guests did before is in the insights, not
 * in a first mail of old news.
 */
export async function updateNotificationSettings(actor: Actor, input: NotificationsInput): Promise<NotificationSettings> {
  if (input.digestEnabled !== undefined) {
    const on = input.digestEnabled;
    await db.$transaction(async (tx) => {
      const current = await tx.admin.findUniqueOrThrow({ where: { id: actor.id }, select: { digestEnabled: true } });
      if (current.digestEnabled === on) return;
      await tx.admin.update({ where: { id: actor.id }, data: { digestEnabled: on, ...(on ? { digestCoveredTo: new Date() } : {}) } });
    });
  }
  if (input.kinds) await setActivityMailChoices(actor, input.kinds);
  return notificationSettings(actor);
}

/** The start of the UTC day of `at`. */
const utcDayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
/** yyyy-mm-dd of the UTC day. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
export const digestKey = (adminId: string, at: Date) => `digest:${adminId}:${utcDay(at)}`;

/**
 * An anonymous viewer's number in its gallery ("Guest 3": the third anonymous viewer first seen), for
 * a query whose viewer is `gv`; null for an invitee.
 */
export const GUEST_NUMBER = Prisma.sql`CASE WHEN gv.key LIKE 'a:%' THEN (
  SELECT count(*)::int FROM "GalleryViewer" o
  WHERE o."galleryId" = gv."galleryId" AND o.key LIKE 'a:%' AND (o."firstSeenAt", o.id) <= (gv."firstSeenAt", gv.id)
) END`;

type ActivityRow = {
  galleryId: string;
  galleryName: string;
  title: string;
  durationSec: number | null;
  watchedSeconds: number;
  downloads: number;
  shares: number;
  casts: number;
  inviteName: string | null;
  guest: number | null;
};

/** What the studio's guests did with its films between `from` and `to`, by gallery, then viewer (first seen first), then film. */
function activity(adminId: string, from: Date, to: Date) {
  return db.$queryRaw<ActivityRow[]>`
    SELECT g.id AS "galleryId", g.name AS "galleryName", v.title, v."durationSec", f."watchedSeconds", f.downloads, f.shares, f.casts,
           i.name AS "inviteName",
           ${GUEST_NUMBER} AS guest
    FROM "Gallery" g
    JOIN "ViewerFilm" f ON f."galleryId" = g.id
    JOIN "GalleryViewer" gv ON gv.id = f."viewerId"
    JOIN "Video" v ON v.id = f."videoId"
    LEFT JOIN "GalleryInvite" i ON i.id = gv."inviteId" AND i."galleryId" = gv."galleryId"
    WHERE g."adminId" = ${adminId}::uuid AND f."updatedAt" >= ${from} AND f."updatedAt" < ${to}
    ORDER BY lower(g.name), g.id, gv."firstSeenAt", gv.id, v."createdAt" DESC, v.id
    LIMIT ${MAX_ROWS}`;
}

/** One line of the digest, or null when the row says nothing worth a line. */
export function digestLine(row: Pick<ActivityRow, "title" | "durationSec" | "watchedSeconds" | "downloads" | "shares" | "casts" | "inviteName" | "guest">): string | null {
  const name = viewerName(row);
  const percent = watchedPercent(row.watchedSeconds, row.durationSec);
  return TEXTS.digest.line({ name, film: row.title, watched: percent > 0 ? percentText(percent) : null, downloads: row.downloads, shares: row.shares, casts: row.casts });
}

/** The mail's galleries and lines (at most DIGEST_MAX_LINES) and how many lines were left out. */
function digestGalleries(rows: ActivityRow[], appUrl: string): { galleries: DigestGallery[]; lines: number; more: number } {
  const galleries: DigestGallery[] = [];
  const byId = new Map<string, DigestGallery>();
  let lines = 0;
  let shown = 0;
  for (const row of rows) {
    const line = digestLine(row);
    if (!line) continue;
    lines++;
    if (shown >= DIGEST_MAX_LINES) continue;
    shown++;
    let g = byId.get(row.galleryId);
    if (!g) {
      g = { name: row.galleryName, url: new URL(galleryPath(row.galleryId, "insights"), appUrl).toString(), lines: [] };
      byId.set(row.galleryId, g);
      galleries.push(g);
    }
    g.lines.push(line);
  }
  return { galleries, lines, more: lines - shown };
}

type Studio = { id: string; name: string; email: string; digestCoveredTo: Date | null };
type Outcome = "sent" | "quiet" | "already";

async function digestFor(studio: Studio, to: Date): Promise<Outcome> {
  const from = new Date(Math.max((studio.digestCoveredTo ?? new Date(to.getTime() - DAY_MS)).getTime(), to.getTime() - MAX_LOOKBACK_MS));
  const appUrl = env().APP_URL;
  const { galleries, lines, more } = digestGalleries(await activity(studio.id, from, to), appUrl);
  const events = await digestEvents(studio.id, from, to, DIGEST_MAX_LINES);
  if (lines === 0 && events.galleries.length === 0) {
    // Nothing to tell: the next digest starts here (only if no other run moved it meanwhile).
    await db.admin.updateMany({ where: { id: studio.id, OR: [{ digestCoveredTo: null }, { digestCoveredTo: { lt: to } }] }, data: { digestCoveredTo: to } });
    return "quiet";
  }
  const period = mailDay(new Date(to.getTime() - DAY_MS));
  const mail = {
    to: studio.email,
    ...(await digestMail({ studioName: studio.name, period, galleries, events: events.galleries, more: more + events.more, studioUrl: new URL(ROUTES.galleries, appUrl).toString() })),
  };
  const recorded = await db.$transaction(async (tx) => {
    // The day's mark first: a concurrent run waits on it here, then finds it taken and sends nothing.
    const { count } = await tx.mailOnce.createMany({ data: [{ key: digestKey(studio.id, to) }], skipDuplicates: true });
    if (count === 0) return null;
    const row = await recordMail(mail, tx);
    await tx.admin.update({ where: { id: studio.id }, data: { digestCoveredTo: to } });
    return row;
  });
  if (!recorded) return "already";
  await deliverMail(recorded, mail);
  return "sent";
}

/**
 * Sends each Active studio that asked for it its digest of the UTC day before `now` (see the file's
 * head). Safe to run concurrently and repeatedly: one mail per studio per day at most.
 */
export async function sendDigests(now: Date = new Date()): Promise<{ studios: number; sent: number; quiet: number; failed: number }> {
  const to = utcDayStart(now);
  const studios = await db.admin.findMany({
    where: { role: "admin", status: "ACTIVE", digestEnabled: true, OR: [{ digestCoveredTo: null }, { digestCoveredTo: { lt: to } }] },
    select: { id: true, name: true, email: true, digestCoveredTo: true },
    orderBy: { id: "asc" },
  });
  const result = { studios: studios.length, sent: 0, quiet: 0, failed: 0 };
  for (const studio of studios) {
    try {
      const outcome = await digestFor(studio, to);
      if (outcome === "sent") result.sent++;
      else if (outcome === "quiet") result.quiet++;
    } catch (e) {
      // One studio's failure never stops the others' digests; the next hourly run tries it again.
      result.failed++;
      log().error({ err: e, adminId: studio.id }, "digest failed");
    }
  }
  return result;
}
