// The daily digest (issue 21, item 5): the lines it tells ("Anna watched 92 % of Ceremony,
// downloaded it") grouped by gallery, once per studio and UTC day even when two runs race, nothing
// when the studio turned it off, is not Active, or its guests did nothing; digestCoveredTo moves on.
// And the setting's door: owner-scoped, bad input a 400 that changes nothing.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { GET as getSettings, PUT as putSettings } from "@/app/api/users/notifications/route";
import { DEFAULT_ACTIVITY_MAIL } from "@/lib/services/platform/rules/activity";
import { digestKey, digestLine, sendDigests } from "@/lib/services/guests/digest";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

type Studio = Awaited<ReturnType<typeof createStudio>>;

/** Runs are at 00:07 UTC; the day before is the one told. */
const NOW = new Date("2030-01-10T00:07:00Z");
const MIDNIGHT = new Date("2030-01-10T00:00:00Z");
const YESTERDAY = (h: number) => new Date(MIDNIGHT.getTime() - (24 - h) * 3600_000);

async function studioWithActivity(opts: { digestEnabled?: boolean; status?: "ACTIVE" | "NOT_ACTIVE" } = {}) {
  const studio = await createStudio({ status: opts.status });
  await db.admin.update({ where: { id: studio.id }, data: { digestEnabled: opts.digestEnabled ?? true } });
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
  await db.gallery.update({ where: { id: gallery.id }, data: { name: "Emma & James" } });
  const ceremony = await db.video.update({ where: { id: videos[0].id }, data: { title: "Ceremony", durationSec: 100 } });
  const speeches = await db.video.update({ where: { id: videos[1].id }, data: { title: "Speeches", durationSec: 200 } });
  const invite = await db.galleryInvite.create({
    data: { galleryId: gallery.id, adminId: studio.id, name: "Anna", email: `anna-${randomUUID().slice(0, 6)}@example.test`, salt: "s", tokenHash: randomUUID() },
  });
  const anna = await db.galleryViewer.create({ data: { galleryId: gallery.id, key: `i:${invite.id}`, inviteId: invite.id, firstSeenAt: YESTERDAY(9), lastSeenAt: YESTERDAY(15) } });
  const guest = await db.galleryViewer.create({ data: { galleryId: gallery.id, key: "a:guest-one", firstSeenAt: YESTERDAY(10), lastSeenAt: YESTERDAY(11) } });
  const late = await db.galleryViewer.create({ data: { galleryId: gallery.id, key: "a:guest-two", firstSeenAt: YESTERDAY(12), lastSeenAt: NOW } });
  const old = await db.galleryViewer.create({ data: { galleryId: gallery.id, key: "a:guest-old", firstSeenAt: new Date("2030-01-01T00:00:00Z"), lastSeenAt: new Date("2030-01-01T00:00:00Z") } });
  const row = (viewerId: string, videoId: string, watchedSeconds: number, downloads: number, updatedAt: Date) =>
    db.viewerFilm.create({ data: { viewerId, videoId, galleryId: gallery.id, ranges: [], watchedSeconds, playSeconds: watchedSeconds, downloads, updatedAt } });
  await row(anna.id, ceremony.id, 92, 1, YESTERDAY(15));
  await row(guest.id, speeches.id, 60, 0, YESTERDAY(11));
  // After midnight: tomorrow's digest, not this one. Days before the window: never (the insights have it).
  await row(late.id, ceremony.id, 50, 0, new Date(MIDNIGHT.getTime() + 5 * 60_000));
  await row(old.id, speeches.id, 200, 2, new Date("2030-01-01T00:00:00Z"));
  return { studio, gallery, ceremony, speeches };
}

const digestsTo = (email: string) => db.mailMessage.findMany({ where: { to: email, subject: TEXTS.digest.subject } });

describe("the daily digest", () => {
  let A: Awaited<ReturnType<typeof studioWithActivity>>;
  let off: Awaited<ReturnType<typeof studioWithActivity>>;
  let inactive: Awaited<ReturnType<typeof studioWithActivity>>;
  let quiet: Studio;

  beforeAll(async () => {
    A = await studioWithActivity();
    off = await studioWithActivity({ digestEnabled: false });
    inactive = await studioWithActivity({ status: "NOT_ACTIVE" });
    quiet = await createStudio();
    await db.admin.update({ where: { id: quiet.id }, data: { digestEnabled: true } });
    await createFolderWithGallery(quiet.id, { videos: 1 });
  });

  it("tells the day's activity by gallery, and goes out once even when two runs race", async () => {
    const [r1, r2] = await Promise.all([sendDigests(NOW), sendDigests(NOW)]);
    expect(r1.failed + r2.failed).toBe(0);
    const mails = await digestsTo(A.studio.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.status).toBe("SENT");
    // Guests are numbered by first sight in the gallery: the one seen on 1 January is Guest 1.
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Anna watched 92 % of Ceremony, downloaded it");
      expect(body).toContain("Guest 2 watched 30 % of Speeches");
      expect(body).not.toContain("Guest 1");
      expect(body).not.toContain("Guest 3");
    }
    expect(mail.text).toContain("Emma & James");
    expect(mail.html).toContain("Emma &amp; James");
    expect(mail.html).toContain(`/studio/galleries/${A.gallery.id}/insights`);
    expect(mail.text).toContain("who watched or downloaded on Wednesday, 9 January 2030, with what each has watched and downloaded so far.");
    expect(await db.mailOnce.findUnique({ where: { key: digestKey(A.studio.id, NOW) } })).not.toBeNull();
    expect((await db.admin.findUniqueOrThrow({ where: { id: A.studio.id } })).digestCoveredTo).toEqual(MIDNIGHT);
  });

  it("sends nothing again the same day, nor when the studio turned it off, is not Active, or nobody watched", async () => {
    await sendDigests(new Date(NOW.getTime() + 3 * 3600_000));
    expect(await digestsTo(A.studio.email)).toHaveLength(1);
    expect(await digestsTo(off.studio.email)).toHaveLength(0);
    expect(await digestsTo(inactive.studio.email)).toHaveLength(0);
    expect(await digestsTo(quiet.email)).toHaveLength(0);
    // A quiet day moves the studio's period on all the same.
    expect((await db.admin.findUniqueOrThrow({ where: { id: quiet.id } })).digestCoveredTo).toEqual(MIDNIGHT);
    expect((await db.admin.findUniqueOrThrow({ where: { id: off.studio.id } })).digestCoveredTo).toBeNull();
  });

  it("the next day tells only what happened since the last digest", async () => {
    const next = new Date(NOW.getTime() + 24 * 3600_000);
    await sendDigests(next);
    const mails = await digestsTo(A.studio.email);
    expect(mails).toHaveLength(2);
    const second = mails.find((m) => m.text.includes("Guest 3"))!;
    expect(second.text).toContain("Guest 3 watched 50 % of Ceremony");
    expect(second.text).not.toContain("Anna");
    expect((await db.admin.findUniqueOrThrow({ where: { id: A.studio.id } })).digestCoveredTo).toEqual(new Date(MIDNIGHT.getTime() + 24 * 3600_000));
    // A third day without activity: no mail, the period moves on.
    await sendDigests(new Date(next.getTime() + 24 * 3600_000));
    expect(await digestsTo(A.studio.email)).toHaveLength(2);
    expect((await db.admin.findUniqueOrThrow({ where: { id: A.studio.id } })).digestCoveredTo).toEqual(new Date(MIDNIGHT.getTime() + 48 * 3600_000));
  });

  it("words each kind of activity", () => {
    const base = { title: "Ceremony", durationSec: 100, watchedSeconds: 0, downloads: 0, shares: 0, casts: 0, inviteName: null, guest: 3 };
    expect(digestLine({ ...base, inviteName: "Anna", watchedSeconds: 92, downloads: 1 })).toBe("Anna watched 92 % of Ceremony, downloaded it");
    expect(digestLine({ ...base, watchedSeconds: 100, downloads: 2, casts: 1 })).toBe("Guest 3 watched 100 % of Ceremony, downloaded it 2 times, cast it to a TV");
    expect(digestLine({ ...base, downloads: 1, shares: 1 })).toBe("Guest 3 downloaded Ceremony, shared it");
    expect(digestLine({ ...base, title: "The $& film", shares: 1 })).toBe("Guest 3 shared The $& film");
    expect(digestLine({ ...base, watchedSeconds: 0.2 })).toBe("Guest 3 watched <1 % of Ceremony");
    expect(digestLine(base)).toBeNull();
  });
});

describe("the digest setting's door", () => {
  it("reads and changes the acting studio's own setting; turning it on starts the period now", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const put = (body: unknown) => call(putSettings, request("PUT", "/api/users/notifications", { token, body }));
    expect(await (await call(getSettings, request("GET", "/api/users/notifications", { token }))).json()).toEqual({ notifications: { digestEnabled: false, kinds: DEFAULT_ACTIVITY_MAIL } });
    const before = Date.now();
    const res = await put({ digestEnabled: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ notifications: { digestEnabled: true, kinds: DEFAULT_ACTIVITY_MAIL } });
    const row = await db.admin.findUniqueOrThrow({ where: { id: studio.id } });
    expect(row.digestEnabled).toBe(true);
    expect(row.digestCoveredTo!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    for (const bad of [{}, { digestEnabled: "yes" }, { digestEnabled: 1 }, { digestEnabled: null }, { digestEnabled: false, email: "x@example.test" }, [], "true"]) {
      const r = await put(bad);
      expect([JSON.stringify(bad), r.status]).toEqual([JSON.stringify(bad), 400]);
      expect((await r.json()).code).toBe("validation");
    }
    expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).digestEnabled).toBe(true);
    expect((await (await put({ digestEnabled: false })).json()).notifications.digestEnabled).toBe(false);
    expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).digestEnabled).toBe(false);
  });
});
