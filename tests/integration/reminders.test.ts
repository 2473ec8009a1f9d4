// Reminder mails before a gallery expires (issue 21; lib/services/guests/reminders.ts): the threshold due
// at each moment (7, 3, 1 days; a missed one skipped), once each even with concurrent runs and with
// two real worker processes, none when reminders are off, the studio inactive, the guest revoked or
// expired, or the gallery expired; a changed expiry date starts over; the mail's content.
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { personalLink } from "@/lib/services/galleries/rules/gallery-paths";
import { baseLinkFor } from "@/lib/services/galleries/gallery-links";
import { mailDateTime as expiryDate } from "@/lib/mail/emails/layout";
import { reminderKey, sendDueReminders } from "@/lib/services/guests/reminders";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { startWorkerProcess } from "../helpers/worker-process";
import { until } from "../helpers/until";
import type { AdminStatus } from "@/generated/prisma/enums";

const DAY = 24 * 60 * 60 * 1000;
// Each test runs at its own moment, far from the present and from each other, so the galleries of
// one test (and of other test files) are never within 7 days of another test's moment.
const BASE = Date.UTC(2040, 0, 1) + Math.floor(Math.random() * 50_000) * DAY;
let slot = 0;
const moment = () => new Date(BASE + ++slot * 100 * DAY);

type Setup = { expiresAt: Date | null; guests?: number; remindersEnabled?: boolean; status?: AdminStatus; settingDownload?: boolean; title?: string };

/** A studio, its gallery and `guests` invites (unique addresses). */
async function galleryWithGuests(s: Setup) {
  const studio = await createStudio({ status: s.status ?? "ACTIVE" });
  const { gallery: created } = await createFolderWithGallery(studio.id);
  const gallery = await db.gallery.update({
    where: { id: created.id },
    data: { expiresAt: s.expiresAt, remindersEnabled: s.remindersEnabled ?? true, settingDownload: s.settingDownload ?? true, ...(s.title !== undefined ? { title: s.title } : {}) },
  });
  const tag = randomUUID().slice(0, 8);
  const invites = Array.from({ length: s.guests ?? 1 }, (_, i) => {
    const id = randomUUID();
    const salt = newInviteSalt();
    return { id, galleryId: gallery.id, adminId: studio.id, name: `Guest ${i + 1}`, email: `guest-${tag}-${i}@example.test`, salt, tokenHash: tokenHash(inviteToken(id, salt)) };
  });
  await db.galleryInvite.createMany({ data: invites });
  return { studio, gallery, invites };
}

const mailsTo = (emails: string[]) => db.mailMessage.findMany({ where: { to: { in: emails } }, orderBy: { createdAt: "asc" } });
const keysOf = async (galleryId: string) => (await db.mailOnce.findMany({ where: { galleryId }, select: { key: true } })).map((k) => k.key).sort();

describe("the threshold due", () => {
  it.each([
    [8, "none", null, null],
    [7, "the 7-day reminder", 7, "expires in 7 days"],
    [5, "the 7-day reminder", 7, "expires in 5 days"],
    [3, "the 3-day reminder", 3, "expires in 3 days"],
    [2, "the 3-day reminder", 3, "expires in 2 days"],
    [1, "the 1-day reminder", 1, "expires tomorrow"],
    [0.5, "the 1-day reminder", 1, "expires tomorrow"],
  ] as const)("%s days before expiry: %s", async (daysBefore, _label, threshold, subject) => {
    const now = moment();
    const expiresAt = new Date(now.getTime() + daysBefore * DAY);
    const { gallery, invites } = await galleryWithGuests({ expiresAt });
    await sendDueReminders(now);
    const mails = await mailsTo([invites[0].email]);
    if (threshold === null) {
      expect(mails).toEqual([]);
      expect(await keysOf(gallery.id)).toEqual([]);
      return;
    }
    expect(mails.map((m) => m.subject)).toEqual([`Your gallery ${subject}`]);
    expect(mails[0].html).toContain(`${gallery.title} ${subject}`);
    expect(await keysOf(gallery.id)).toEqual([reminderKey(invites[0].id, expiresAt, threshold)]);
  });

  it("sends 7, 3 and 1 days before, each once, as time passes", async () => {
    const start = moment();
    const expiresAt = new Date(start.getTime() + 8 * DAY);
    const { gallery, invites } = await galleryWithGuests({ expiresAt });
    const sentAt: number[] = [];
    for (const before of [8, 7, 6.5, 5, 3, 2.9, 2, 1, 0.5, 0.1]) {
      const before_ = (await mailsTo([invites[0].email])).length;
      await sendDueReminders(new Date(expiresAt.getTime() - before * DAY));
      if ((await mailsTo([invites[0].email])).length > before_) sentAt.push(before);
    }
    expect(sentAt).toEqual([7, 3, 1]);
    expect(await keysOf(gallery.id)).toEqual([7, 3, 1].map((d) => reminderKey(invites[0].id, expiresAt, d as 7 | 3 | 1)).sort());
    // After the expiry, nothing more.
    await sendDueReminders(new Date(expiresAt.getTime() + 1));
    expect(await mailsTo([invites[0].email])).toHaveLength(3);
  });

  it("skips a threshold passed while nothing ran: never sent late", async () => {
    const now = moment();
    const expiresAt = new Date(now.getTime() + 2 * DAY);
    const { gallery, invites } = await galleryWithGuests({ expiresAt });
    await sendDueReminders(now); // the 7-day moment has passed: only the 3-day reminder
    await sendDueReminders(new Date(now.getTime() + 0.5 * DAY));
    await sendDueReminders(new Date(expiresAt.getTime() - 0.9 * DAY));
    expect((await mailsTo([invites[0].email])).map((m) => m.subject)).toEqual(["Your gallery expires in 2 days", "Your gallery expires tomorrow"]);
    expect(await keysOf(gallery.id)).toEqual([reminderKey(invites[0].id, expiresAt, 3), reminderKey(invites[0].id, expiresAt, 1)].sort());
  });
});

describe("once each", () => {
  it("three runs at once send one mail per guest (a gallery of 250 guests: several pages)", async () => {
    const now = moment();
    const { invites } = await galleryWithGuests({ expiresAt: new Date(now.getTime() + 2.5 * DAY), guests: 250 });
    const runs = await Promise.all([sendDueReminders(now), sendDueReminders(now), sendDueReminders(now)]);
    const mails = await mailsTo(invites.map((i) => i.email));
    expect(mails).toHaveLength(250);
    expect(new Set(mails.map((m) => m.to)).size).toBe(250);
    expect(mails.every((m) => m.status === "SENT")).toBe(true);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(250);
    // And again later, before the next threshold: nothing.
    const again = await sendDueReminders(new Date(now.getTime() + 0.5 * DAY));
    expect(again.sent).toBe(0);
    expect(await mailsTo(invites.map((i) => i.email))).toHaveLength(250);
  }, 180_000);

  it("two worker processes running the scheduled job send one mail per guest", async () => {
    // The workers run the job at the real present (their own clock).
    const { invites } = await galleryWithGuests({ expiresAt: new Date(Date.now() + 2.5 * DAY), guests: 40 });
    const jobEnv = { VIDEO_QUEUE_NAME: `video-reminders-${Date.now()}`, QUEUE_MAINTENANCE_SECONDS: "1", WORKER_SWEEP: "false" };
    const workers: ChildProcess[] = [startWorkerProcess(jobEnv), startWorkerProcess(jobEnv)];
    const { queue } = await import("@/lib/jobs/queue");
    const GUEST_REMINDER_QUEUE = (await import("@/lib/jobs/kinds")).guestRemindersJob.name();
    try {
      const boss = await queue();
      // Two runs that may be active at once (another singleton key each), once both workers are up.
      const ids = await Promise.all(["a", "b"].map((k) => boss.send(GUEST_REMINDER_QUEUE, {}, { singletonKey: `reminders-test-${k}-${Date.now()}`, startAfter: 6 })));
      expect(ids.every(Boolean)).toBe(true);
      await until(async () => {
        const rows = await db.$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE name = ${GUEST_REMINDER_QUEUE} AND id = ANY(${ids as string[]}::uuid[])`;
        return rows.length === 2 && rows.every((r) => r.state === "completed");
      }, 120_000);
      const mails = await mailsTo(invites.map((i) => i.email));
      expect(mails).toHaveLength(40);
      expect(new Set(mails.map((m) => m.to)).size).toBe(40);
    } finally {
      await Promise.all(workers.map((w) => new Promise((resolve) => (w.exitCode !== null ? resolve(null) : (w.once("exit", resolve), w.kill("SIGTERM"))))));
    }
  }, 180_000);
});

describe("who gets none", () => {
  it("no reminders when they are off, the studio is not active, the guest is revoked or expired, or the gallery expired", async () => {
    const now = moment();
    const soon = new Date(now.getTime() + 2 * DAY);
    const off = await galleryWithGuests({ expiresAt: soon, remindersEnabled: false });
    const inactive = await galleryWithGuests({ expiresAt: soon, status: "NOT_ACTIVE" });
    const expired = await galleryWithGuests({ expiresAt: new Date(now.getTime() - 1000) });
    const noExpiry = await galleryWithGuests({ expiresAt: null });
    const mixed = await galleryWithGuests({ expiresAt: soon, guests: 4 });
    const [revoked, ownExpired, stillValid, plain] = mixed.invites;
    await db.galleryInvite.update({ where: { id: revoked.id }, data: { revokedAt: new Date(now.getTime() - DAY) } });
    await db.galleryInvite.update({ where: { id: ownExpired.id }, data: { expiresAt: new Date(now.getTime() - 1) } });
    await db.galleryInvite.update({ where: { id: stillValid.id }, data: { expiresAt: new Date(now.getTime() + DAY) } });

    await sendDueReminders(now);
    const none = [off, inactive, expired, noExpiry].flatMap((s) => s.invites.map((i) => i.email));
    expect(await mailsTo([...none, revoked.email, ownExpired.email])).toEqual([]);
    expect((await mailsTo([stillValid.email, plain.email])).map((m) => m.to).sort()).toEqual([stillValid.email, plain.email].sort());
    // Turned back on: the reminder due now is sent.
    await db.gallery.update({ where: { id: off.gallery.id }, data: { remindersEnabled: true } });
    await sendDueReminders(now);
    expect(await mailsTo(off.invites.map((i) => i.email))).toHaveLength(1);
  });

  it("a changed expiry date starts over", async () => {
    const now = moment();
    const first = new Date(now.getTime() + 2.5 * DAY);
    const { gallery, invites } = await galleryWithGuests({ expiresAt: first });
    await sendDueReminders(now);
    await sendDueReminders(now);
    expect(await mailsTo([invites[0].email])).toHaveLength(1);
    // Moved by six hours: the 3-day reminder of the new date is due again.
    const later = new Date(first.getTime() + DAY / 4);
    await db.gallery.update({ where: { id: gallery.id }, data: { expiresAt: later } });
    await sendDueReminders(now);
    const mails = await mailsTo([invites[0].email]);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain(expiryDate(later));
    expect(await keysOf(gallery.id)).toEqual([reminderKey(invites[0].id, first, 3), reminderKey(invites[0].id, later, 3)].sort());
  });
});

describe("the mail", () => {
  it("names the gallery and the date, links to the guest's own link, and invites a download when downloads are on", async () => {
    const now = moment();
    const expiresAt = new Date(now.getTime() + 2.5 * DAY);
    const withDownloads = await galleryWithGuests({ expiresAt, title: "Anna & James — The Wedding" });
    const withoutDownloads = await galleryWithGuests({ expiresAt, settingDownload: false });
    const untitled = await galleryWithGuests({ expiresAt, title: "" });
    await sendDueReminders(now);

    const { studio, gallery, invites } = withDownloads;
    const [mail] = await mailsTo([invites[0].email]);
    const link = personalLink(baseLinkFor(studio), gallery.customUrl, inviteToken(invites[0].id, invites[0].salt));
    // The subject is fixed words (issue 36 item 9); the title is the heading.
    expect(mail.subject).toBe("Your gallery expires in 3 days");
    expect(mail.html).toContain("Anna &amp; James — The Wedding expires in 3 days");
    expect(mail.status).toBe("SENT");
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain(expiryDate(expiresAt));
      expect(body).toContain(studio.companyName);
      expect(body).toMatch(/download the films you want to keep/);
    }
    expect(mail.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    expect(mail.html).toContain("Anna &amp; James — The Wedding");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Anna & James — The Wedding");
    expect(mail.text).toContain("Hi Guest 1,");
    // The link's token is the invite's: it opens the gallery as this guest.
    const token = new URL(link).searchParams.get("k")!;
    expect(tokenHash(token)).toBe(invites[0].tokenHash);

    const [plain] = await mailsTo([withoutDownloads.invites[0].email]);
    expect(plain.subject).toBe("Your gallery expires in 3 days");
    expect(plain.text).not.toMatch(/download/i);
    const [noTitle] = await mailsTo([untitled.invites[0].email]);
    expect(noTitle.subject).toBe("Your gallery expires in 3 days");
    for (const m of [mail, plain, noTitle]) expect(`${m.subject}${m.html}${m.text}`).not.toMatch(/undefined|NaN|\bnull\b/);
  });
});
