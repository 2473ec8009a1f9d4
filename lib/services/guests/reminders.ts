// Reminder mails to a gallery's guests before it expires: 7, 3 and 1 days before, when
// the gallery has them on (Gallery.remindersEnabled) and its studio is active, to every guest whose
// personal link still works (not revoked, not expired), in the guest's language
// (lib/services/guests/rules/guest-language.ts). The scheduled job `guest-reminders`
// (lib/worker/jobs.ts) runs this every 15 minutes on one worker at a time, but two runs may still
// overlap (a slow run, a job retried, someone running it by hand): each reminder is sent once all the
// same, because its key (MailOnce) is inserted with ON CONFLICT DO NOTHING in the transaction that
// records the mail, and only the run that inserted it sends it.
//
// A threshold passed while no worker ran (the 7-day one, say, with the gallery's expiry first set 2
// days ahead) is skipped, never sent late: only the smallest threshold already reached is due. The
// key holds the expiry date, so a gallery whose date changes starts over.
import { studioShownName } from "@/lib/texts/labels";
import "@/lib/server-only";
import { db } from "@/lib/db";
import { recordMail, deliverMail, type OutgoingMail } from "@/lib/mail";
import { reminderMail } from "@/lib/mail/emails/reminder";
import type { MailBrand } from "@/lib/mail/emails/layout";
import { baseLinkFor } from "@/lib/services/galleries";
import { mailImageUrl } from "@/lib/services/guests/invite-mail";
import { guestLanguage } from "@/lib/services/guests/rules/guest-language";
import { personalLink } from "@/lib/services/galleries/rules/gallery-paths";
import { inviteToken } from "@/lib/auth/guest-link";
import { log } from "@/lib/log";

const REMINDER_DAYS = [7, 3, 1] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Galleries read per query. */
const GALLERY_PAGE = 100;
/** Guests read, checked and recorded per query (and per transaction). */
const GUEST_PAGE = 200;

/** The threshold due at `now`: the smallest of 7, 3, 1 days with now ≥ expiresAt − d; null before 7 days or once expired. */
function dueThreshold(expiresAt: Date, now: Date): ReminderDays | null {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return null;
  for (const d of [...REMINDER_DAYS].reverse()) if (left <= d * DAY_MS) return d;
  return null;
}

/** The once-only key of a guest's reminder: the invite, the expiry date (ms) and the threshold. */
export const reminderKey = (inviteId: string, expiresAt: Date, days: ReminderDays): string => `reminder:${inviteId}:${expiresAt.getTime()}:${days}`;

/**
 * The studio as a guest's mail shows it: its company name (else its name), and its logo as the
 * delivery mail shows it (lib/services/guests/invite-mail.ts): a stored logo through the invite's media
 * door, which signs a fresh address at every read (a signed address lives an hour at most).
 */
export function studioMailBrand(admin: { name: string; companyName: string; companyLogoUrl: string | null }, inviteId: string): MailBrand {
  const key = admin.companyLogoUrl;
  return { name: studioShownName(admin), logoUrl: key ? (/^https?:\/\//i.test(key) ? key : mailImageUrl(inviteId, "logo")) : null };
}

/** A gallery's title as its guests see it. */
export const guestGalleryTitle = (g: { title: string }): string => g.title.trim() || "Your gallery";

const gallerySelect = {
  id: true,
  title: true,
  customUrl: true,
  expiresAt: true,
  settingDownload: true,
  settingLanguage: true,
  admin: { select: { name: true, companyName: true, companyLogoUrl: true, domainUrl: true } },
} as const;

type Counts = { galleries: number; guests: number; due: number; sent: number; failed: number };

/** Sends the reminders due at `now`, each once; returns what it did. */
export async function sendDueReminders(now: Date = new Date()): Promise<Counts> {
  const counts: Counts = { galleries: 0, guests: 0, due: 0, sent: 0, failed: 0 };
  let cursor: string | undefined;
  for (;;) {
    const galleries = await db.gallery.findMany({
      where: { remindersEnabled: true, expiresAt: { gt: now, lte: new Date(now.getTime() + REMINDER_DAYS[0] * DAY_MS) }, admin: { status: "ACTIVE" } },
      select: gallerySelect,
      orderBy: { id: "asc" },
      take: GALLERY_PAGE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    if (galleries.length === 0) break;
    cursor = galleries[galleries.length - 1].id;
    counts.galleries += galleries.length;
    await remindGuestsOf(galleries, now, counts);
    if (galleries.length < GALLERY_PAGE) break;
  }
  return counts;
}

type GalleryRow = {
  id: string;
  title: string;
  customUrl: string;
  expiresAt: Date | null;
  settingDownload: boolean;
  settingLanguage: string;
  admin: Parameters<typeof studioMailBrand>[0] & { domainUrl: string | null };
};

/** The guests of a page of galleries, a page of them at a time (one query each for the invites, the keys sent already, and the new keys). */
async function remindGuestsOf(galleries: GalleryRow[], now: Date, counts: Counts): Promise<void> {
  const byId = new Map(galleries.map((g) => [g.id, g]));
  let cursor: string | undefined;
  for (;;) {
    const invites = await db.galleryInvite.findMany({
      where: { galleryId: { in: [...byId.keys()] }, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      select: { id: true, galleryId: true, name: true, email: true, salt: true, language: true, browserLanguage: true },
      orderBy: { id: "asc" },
      take: GUEST_PAGE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    if (invites.length === 0) return;
    cursor = invites[invites.length - 1].id;
    counts.guests += invites.length;

    const due = invites.flatMap((invite) => {
      const gallery = byId.get(invite.galleryId)!;
      const days = gallery.expiresAt && dueThreshold(gallery.expiresAt, now);
      return days ? [{ invite, gallery, days, expiresAt: gallery.expiresAt!, key: reminderKey(invite.id, gallery.expiresAt!, days) }] : [];
    });
    const known = new Set(due.length === 0 ? [] : (await db.mailOnce.findMany({ where: { key: { in: due.map((d) => d.key) } }, select: { key: true } })).map((m) => m.key));
    // Keys in one order, so that two runs inserting the same keys wait for each other, never deadlock.
    const fresh = due.filter((d) => !known.has(d.key)).sort((a, b) => (a.key < b.key ? -1 : 1));
    counts.due += fresh.length;
    if (fresh.length > 0) await sendOnce(fresh, now, counts);
    if (invites.length < GUEST_PAGE) return;
  }
}

type Due = {
  invite: { id: string; galleryId: string; name: string; email: string; salt: string; language: string | null; browserLanguage: string | null };
  gallery: GalleryRow;
  days: ReminderDays;
  expiresAt: Date;
  key: string;
};

/** Records the mails of the keys this run inserts (with them, in one transaction), then sends them. */
async function sendOnce(due: Due[], now: Date, counts: Counts): Promise<void> {
  const mails = new Map<string, OutgoingMail>();
  for (const d of due) {
    const content = await reminderMail({
      brand: studioMailBrand(d.gallery.admin, d.invite.id),
      galleryTitle: guestGalleryTitle(d.gallery),
      guestName: d.invite.name,
      daysLeft: Math.min(d.days, Math.ceil((d.expiresAt.getTime() - now.getTime()) / DAY_MS)),
      expiresAt: d.expiresAt,
      link: personalLink(baseLinkFor(d.gallery.admin), d.gallery.customUrl, inviteToken(d.invite.id, d.invite.salt)),
      downloads: d.gallery.settingDownload,
      language: guestLanguage(d.invite, d.gallery.settingLanguage),
    });
    mails.set(d.key, { ...content, to: d.invite.email });
  }
  const recorded = await db.$transaction(async (tx) => {
    const inserted = await tx.mailOnce.createManyAndReturn({ data: due.map((d) => ({ key: d.key, galleryId: d.gallery.id })), skipDuplicates: true, select: { key: true } });
    const rows = [];
    for (const { key } of inserted) rows.push({ key, mail: mails.get(key)!, row: await recordMail(mails.get(key)!, tx) });
    return rows;
  });
  for (const { key, mail, row } of recorded) {
    const result = await deliverMail(row, mail);
    if (result.status === "SENT") counts.sent += 1;
    else {
      counts.failed += 1;
      log().warn({ key, mailId: row.id }, "reminder mail not sent");
    }
  }
}
