// The studio's activity feed (GET /api/activity, POST /api/activity/read, GET /api/activity/live):
// each kind is written where it happens, in that change's transaction — a guest's comment and
// decisions (the review doors), a checkout paid and refunded, a gallery marked paid by hand, a
// download and a first view (the engagement and guest doors), a film that failed, a gallery about to
// expire — once where it must be once; newest first, paged, filtered, read up to a mark; live
// across the listener; and mailed as the studio chose per kind (at once, in the digest, none).
import path from "node:path";
import { db } from "@/lib/db";
import { GET as feedGet } from "@/app/api/activity/route";
import { POST as readPost } from "@/app/api/activity/read/route";
import { GET as liveGet } from "@/app/api/activity/live/route";
import { GET as settingsGet, PUT as settingsPut } from "@/app/api/users/notifications/route";
import { PUT as decideDoor } from "@/app/api/public/approval/[videoId]/route";
import { POST as commentDoor } from "@/app/api/public/comments/[videoId]/route";
import { POST as studioCommentDoor } from "@/app/api/videos/comments/[videoId]/route";
import { POST as markPaidPost } from "@/app/api/galleries/gallery/[id]/mark-paid/route";
import { GET as download } from "@/app/api/public/download/[videoId]/route";
import { POST as guestDoor } from "@/app/api/public/galleries/[slug]/guest/route";
import { flushEngagement } from "@/lib/services/guests/engagement";
import { forgetGateCache } from "@/lib/services/access/open-gallery";
import { failVideo } from "@/lib/services/films/video-processing";
import { completeGalleryPayment, refundGalleryPayment } from "@/lib/services/money/gallery-payments";
import { sendReviewDigests } from "@/lib/services/review/review-mail";
import { noteExpiringGalleries, sendActivityMails } from "@/lib/services/platform/activity/mail";
import { recordActivity } from "@/lib/services/platform/activity/record";
import { sendDigests } from "@/lib/services/guests/digest";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createGuest, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { readSse } from "../helpers/sse";

jest.setTimeout(60_000);
beforeEach(async () => {
  forgetGateCache();
  await flushEngagement();
});

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const MIN = 60_000;

type Feed = {
  events: { id: string; kind: string; galleryId: string; galleryName: string; filmId: string | null; who: string | null; summary: string; read: boolean }[];
  next: string | null;
  unread: number;
};

async function setup() {
  const studio = await createStudio();
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  await db.video.update({ where: { id: videos[0].id }, data: { durationSec: 120, title: "Ceremony" } });
  await db.gallery.update({ where: { id: gallery.id }, data: { reviewMode: true, name: "Anna & Ben" } });
  const anna = await createGuest(gallery.id, studio.id, { mayApprove: true, mayComment: true }, "Anna");
  return { studio, gallery, film: videos[0], anna, token: await bearerFor(studio) };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const q = (g: string) => `?g=${encodeURIComponent(g)}`;
const feed = async (token: string, query = ""): Promise<Feed> => {
  const res = await call(feedGet, request("GET", `/api/activity${query}`, { token }));
  expect(res.status).toBe(200);
  return (await res.json()) as Feed;
};
const comment = (s: Setup, text: string) =>
  call(commentDoor, request("POST", `/api/public/comments/${s.film.id}${q(s.gallery.customUrl)}`, { cookie: s.anna.cookie, body: { text, time: 12 } }), { videoId: s.film.id });
const decide = (s: Setup, body: unknown) => call(decideDoor, request("PUT", `/api/public/approval/${s.film.id}${q(s.gallery.customUrl)}`, { cookie: s.anna.cookie, body }), { videoId: s.film.id });

async function checkout(s: Setup, amount: number) {
  const id = crypto.randomUUID().replace(/-/g, "");
  await db.galleryPayment.create({
    data: {
      galleryId: s.gallery.id,
      adminId: s.studio.id,
      provider: "local",
      accountId: "local_acct_x",
      sessionId: `local_gcs_${id}`,
      url: "http://x",
      amount,
      currency: "eur",
      feeAmount: 0,
      priceVersion: 1,
      state: "open",
    },
  });
  return { sessionId: `local_gcs_${id}`, paymentIntent: `pi_${id}` };
}

describe("what the feed tells", () => {
  it("every kind, where it happens, once where it must be; the studio's own words are not news", async () => {
    const s = await setup();
    expect((await comment(s, "The music is too loud here")).status).toBe(201);
    await call(studioCommentDoor, request("POST", `/api/videos/comments/${s.film.id}`, { token: s.token, body: { text: "Noted", time: 1 } }), { videoId: s.film.id });
    expect((await decide(s, { decision: "changes_requested", note: "Shorter intro, please." })).status).toBe(200);
    expect((await decide(s, { decision: "changes_requested", note: "Shorter intro, please." })).status).toBe(200);
    expect((await decide(s, { decision: "approved" })).status).toBe(200);

    // Paid online (the webhook seen twice), refunded (twice), marked paid by hand.
    const paid = await checkout(s, 125000);
    const done = { provider: "local", sessionId: paid.sessionId, paid: true, paymentIntent: paid.paymentIntent, payerEmail: "ben@example.com" };
    await completeGalleryPayment(done);
    await completeGalleryPayment(done);
    await refundGalleryPayment(paid.paymentIntent, true);
    await refundGalleryPayment(paid.paymentIntent, true);
    await db.gallery.update({ where: { id: s.gallery.id }, data: { priceAmount: 70000, priceCurrency: "eur" } });
    expect((await call(markPaidPost, request("POST", "/x", { token: s.token }), { id: s.gallery.id })).status).toBe(200);

    // A guest's first visit by their link (twice), an anonymous download (twice the same day).
    const guest = await createGuest(s.gallery.id, s.studio.id, {}, "Clara");
    const token = guest.cookie.split("=")[1];
    const enter = () => call(guestDoor, request("POST", `/api/public/galleries/${s.gallery.customUrl}/guest`, { body: { token } }), { slug: s.gallery.customUrl });
    expect((await enter()).status).toBe(200);
    expect((await enter()).status).toBe(200);
    await db.gallery.update({ where: { id: s.gallery.id }, data: { settingDownload: true } });
    const get = (cookie?: string) =>
      call(download, request("GET", `/api/public/download/${s.film.id}${q(s.gallery.customUrl)}`, { cookie, headers: { "user-agent": BROWSER } }), { videoId: s.film.id });
    const first = await get();
    expect(first.status).toBe(302);
    await flushEngagement();
    expect((await get(first.headers.get("set-cookie")!.split(";")[0])).status).toBe(302);
    await flushEngagement();

    // The film fails (twice); the gallery is about to expire (the sweep run twice).
    await db.video.update({ where: { id: s.film.id }, data: { status: "PROCESSING" } });
    await failVideo(s.film.id);
    await failVideo(s.film.id);
    await db.gallery.update({ where: { id: s.gallery.id }, data: { expiresAt: new Date(Date.now() + 3 * 24 * 3600_000 + MIN) } });
    await noteExpiringGalleries();
    await noteExpiringGalleries();

    const { events, unread, next } = await feed(s.token);
    expect(next).toBeNull();
    expect(events.map((e) => e.kind)).toEqual(["expiring", "failed", "download", "first_view", "first_view", "payment", "refund", "payment", "approval", "changes_requested", "comment"]);
    expect(unread).toBe(11);
    expect(events.every((e) => e.galleryId === s.gallery.id && e.galleryName === "Anna & Ben" && !e.read)).toBe(true);
    const by = (kind: string) => events.filter((e) => e.kind === kind).map((e) => e.summary);
    expect(by("comment")).toEqual(["Anna commented on Ceremony: “The music is too loud here”"]);
    expect(by("changes_requested")).toEqual(["Anna asked for changes to Ceremony (v1): “Shorter intro, please.”"]);
    expect(by("approval")).toEqual(["Anna approved Ceremony (v1)"]);
    expect(by("payment")).toEqual(["Marked paid by hand: €700.00", "ben@example.com paid €1,250.00"]);
    expect(by("refund")).toEqual(["The payment of €1,250.00 was refunded"]);
    expect(by("first_view")).toEqual(["A guest opened the gallery for the first time", "Clara opened the gallery for the first time"]);
    expect(by("download")).toEqual(["A guest downloaded Ceremony"]);
    expect(by("failed")[0]).toMatch(/^Ceremony could not be processed/);
    expect(by("expiring")[0]).toMatch(/^The gallery expires in 4 days \(/);
    expect(events.find((e) => e.kind === "comment")!.filmId).toBe(s.film.id);
  });
});

describe("reading the feed", () => {
  it("pages newest first, filters by kind and gallery, reads up to a mark (never back, never past the newest), and is the studio's own", async () => {
    const s = await setup();
    const other = await createFolderWithGallery(s.studio.id);
    for (let i = 0; i < 35; i++) await recordActivity(db, { adminId: s.studio.id, galleryId: s.gallery.id, kind: "comment", who: `Guest ${i}`, data: { film: "Ceremony", text: `n${i}` } });
    await recordActivity(db, { adminId: s.studio.id, galleryId: other.gallery.id, kind: "download", who: "Ben", data: { film: "Toast" } });
    const page1 = await feed(s.token);
    expect(page1.events).toHaveLength(30);
    expect(page1.events[0].kind).toBe("download");
    expect(page1.unread).toBe(36);
    const page2 = await feed(s.token, `?cursor=${page1.next}`);
    expect(page2.events).toHaveLength(6);
    expect(page2.next).toBeNull();
    expect(new Set([...page1.events, ...page2.events].map((e) => e.id)).size).toBe(36);
    expect((await feed(s.token, "?kinds=download,approval")).events.map((e) => e.who)).toEqual(["Ben"]);
    expect((await feed(s.token, `?galleryId=${other.gallery.id}`)).events).toHaveLength(1);

    // Read up to the 10th newest: 9 stay unread; an older mark never unreads; a mark past the newest reads to the newest.
    const mark = page1.events[9].id;
    const read = async (upTo: string) => call(readPost, request("POST", "/api/activity/read", { token: s.token, body: { upTo } }));
    expect(await (await read(mark)).json()).toEqual({ unread: 9 });
    expect(await (await read("1")).json()).toEqual({ unread: 9 });
    const now = await feed(s.token);
    expect(now.events.slice(0, 9).every((e) => !e.read)).toBe(true);
    expect(now.events.slice(9).every((e) => e.read)).toBe(true);
    expect((await feed(s.token, "?unread=true")).events).toHaveLength(9);
    expect(await (await read("999999999999")).json()).toEqual({ unread: 0 });
    await recordActivity(db, { adminId: s.studio.id, galleryId: s.gallery.id, kind: "approval", who: "Anna", data: { film: "Ceremony", version: 2 } });
    expect((await feed(s.token)).unread).toBe(1);

    // Another studio sees none of it, and its read mark is its own.
    const stranger = await createStudio();
    const theirs = await feed(await bearerFor(stranger));
    expect(theirs.events).toEqual([]);
    expect((await feed(await bearerFor(stranger), `?galleryId=${s.gallery.id}`)).events).toEqual([]);
  });

  it("filtered by several kinds, pages hold each kind's events merged newest first, with the other filters, none twice or missed", async () => {
    const s = await setup();
    const other = await createFolderWithGallery(s.studio.id);
    const kinds = ["comment", "download", "approval", "payment"] as const;
    for (let i = 0; i < 80; i++)
      await recordActivity(db, { adminId: s.studio.id, galleryId: i % 5 === 0 ? other.gallery.id : s.gallery.id, kind: kinds[i % 4], who: `Guest ${i}`, data: { film: "Ceremony" } });
    const all = (await db.activityEvent.findMany({ where: { adminId: s.studio.id }, orderBy: { seq: "desc" } })).map((e) => ({ id: e.seq.toString(), kind: e.kind, galleryId: e.galleryId }));
    const pages = async (query: string) => {
      const ids: string[] = [];
      let next: string | null = null;
      do {
        const page = await feed(s.token, `?${query}${next ? `&cursor=${next}` : ""}`);
        expect(page.events.length).toBeLessThanOrEqual(30);
        ids.push(...page.events.map((e) => e.id));
        next = page.next;
      } while (next);
      return ids;
    };
    // 60 comments, approvals and payments: two full pages and a part, in the feed's order.
    const wanted = all.filter((e) => e.kind !== "download");
    expect(await pages("kinds=comment,approval,payment")).toEqual(wanted.map((e) => e.id));
    expect(await pages(`kinds=download,payment&galleryId=${other.gallery.id}`)).toEqual(
      all.filter((e) => (e.kind === "download" || e.kind === "payment") && e.galleryId === other.gallery.id).map((e) => e.id),
    );
    // Read up to the 40th newest: the unread of two kinds are those above it.
    await call(readPost, request("POST", "/api/activity/read", { token: s.token, body: { upTo: all[39].id } }));
    expect(await pages("kinds=approval,comment&unread=true")).toEqual(
      all
        .slice(0, 39)
        .filter((e) => e.kind === "approval" || e.kind === "comment")
        .map((e) => e.id),
    );
  });

  it("refuses bad input with a 400 that changes nothing", async () => {
    const s = await setup();
    for (const query of ["?kinds=comment,nope", "?cursor=abc", "?cursor=-1", "?galleryId=x", "?unread=yes", "?extra=1"]) {
      const res = await call(feedGet, request("GET", `/api/activity${query}`, { token: s.token }));
      expect([query, res.status]).toEqual([query, 400]);
    }
    for (const body of [{}, { upTo: 5 }, { upTo: "x" }, { upTo: "1", more: 1 }]) {
      const res = await call(readPost, request("POST", "/api/activity/read", { token: s.token, body }));
      expect([body, res.status]).toEqual([body, 400]);
    }
    expect((await db.admin.findUniqueOrThrow({ where: { id: s.studio.id } })).activityReadSeq).toBe(BigInt(0));
  });
});

describe("live", () => {
  it("an open feed gets each new event within a second, as the feed shows it, and resumes after its last one", async () => {
    const s = await setup();
    await recordActivity(db, { adminId: s.studio.id, galleryId: s.gallery.id, kind: "download", who: "Old", data: { film: "Ceremony" } });
    const res = await call(liveGet, request("GET", "/api/activity/live", { token: s.token }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const sse = readSse(res);
    expect((await comment(s, "Live words")).status).toBe(201);
    const [e] = await sse.until(1, 5000);
    expect(e.event).toBe("activity");
    expect(e.json()).toMatchObject({ kind: "comment", who: "Anna", summary: "Anna commented on Ceremony: “Live words”", read: false });
    // The event written before the stream opened is not sent again (the page had it).
    expect(sse.events.map((x) => (x.json() as { who: string }).who)).toEqual(["Anna"]);
    await sse.close();

    // Reconnecting with Last-Event-ID sends what came since.
    await recordActivity(db, { adminId: s.studio.id, galleryId: s.gallery.id, kind: "approval", who: "Anna", data: { film: "Ceremony", version: 1 } });
    const again = readSse(await call(liveGet, request("GET", "/api/activity/live", { token: s.token, headers: { "last-event-id": e.id! } })));
    const [next] = await again.until(1, 5000);
    expect(next.json()).toMatchObject({ kind: "approval" });
    await again.close();
    // Another studio's stream hears nothing of it; a bad cursor is a 400.
    const stranger = readSse(await call(liveGet, request("GET", "/api/activity/live", { token: await bearerFor(await createStudio()) })));
    await recordActivity(db, { adminId: s.studio.id, galleryId: s.gallery.id, kind: "download", who: "Anna", data: { film: "Ceremony" } });
    await new Promise((r) => setTimeout(r, 500));
    expect(stranger.events).toEqual([]);
    await stranger.close();
    expect((await call(liveGet, request("GET", "/api/activity/live?after=x", { token: s.token }))).status).toBe(400);
  });
});

describe("mail per kind", () => {
  it("keeps digestEnabled, saves each kind's choice, and refuses what is not a kind or a choice", async () => {
    const s = await setup();
    const get = async () =>
      ((await (await call(settingsGet, request("GET", "/api/users/notifications", { token: s.token }))).json()) as { notifications: { digestEnabled: boolean; kinds: Record<string, string> } })
        .notifications;
    expect(await get()).toEqual({
      digestEnabled: false,
      kinds: { comment: "now", changes_requested: "now", approval: "now", payment: "now", refund: "now", download: "digest", first_view: "digest", expiring: "now", failed: "now" },
    });
    const put = (body: unknown) => call(settingsPut, request("PUT", "/api/users/notifications", { token: s.token, body }));
    expect((await put({ digestEnabled: true })).status).toBe(200);
    expect((await put({ kinds: { download: "now", comment: "off" } })).status).toBe(200);
    expect(await get()).toMatchObject({ digestEnabled: true, kinds: { download: "now", comment: "off", approval: "now" } });
    for (const body of [{}, { kinds: { nope: "now" } }, { kinds: { comment: "sometimes" } }, { digestEnabled: "yes" }, { kinds: [] }]) expect([body, (await put(body)).status]).toEqual([body, 400]);
    expect(await get()).toMatchObject({ digestEnabled: true, kinds: { download: "now", comment: "off" } });
  });

  it("at once: one activity mail per studio a minute after a burst; the review mail and the paid notice follow their kinds' choices; the digest carries its kinds", async () => {
    const s = await setup();
    const put = (body: unknown) => call(settingsPut, request("PUT", "/api/users/notifications", { token: s.token, body }));
    expect((await put({ digestEnabled: true, kinds: { comment: "off", approval: "now", first_view: "now", download: "digest", refund: "off" } })).status).toBe(200);
    const t0 = Date.now();
    expect((await comment(s, "Not mailed")).status).toBe(201);
    expect((await decide(s, { decision: "approved" })).status).toBe(200);
    await recordActivity(db, { adminId: s.studio.id, galleryId: s.gallery.id, kind: "first_view", who: "Clara", key: "fv-clara" });
    await recordActivity(db, { adminId: s.studio.id, galleryId: s.gallery.id, kind: "download", who: "Clara", data: { film: "Ceremony" } });
    await recordActivity(db, { adminId: s.studio.id, galleryId: s.gallery.id, kind: "refund", data: { amount: 100, currency: "eur" } });
    const mailsTo = () => db.mailMessage.findMany({ where: { to: s.studio.email }, orderBy: { createdAt: "asc" } });

    // Not yet a minute: nothing. Then one mail, with the first view only; two runs at once send it once.
    await sendActivityMails(new Date(t0 + 10_000));
    expect(await mailsTo()).toHaveLength(0);
    await Promise.all([sendActivityMails(new Date(t0 + 2 * MIN)), sendActivityMails(new Date(t0 + 2 * MIN))]);
    let mails = await mailsTo();
    expect(mails.map((m) => m.subject)).toEqual([TEXTS.activity.mail.subject(1)]);
    expect(mails[0].text).toContain("Clara opened the gallery for the first time");
    expect(mails[0].text).not.toContain("refunded");

    // The review mail: the approval, not the comment (set to no mail).
    await sendReviewDigests(new Date(t0 + 6 * MIN));
    mails = await mailsTo();
    expect(mails.map((m) => m.subject)).toEqual([TEXTS.activity.mail.subject(1), TEXTS.reviewDigest.subject]);
    expect(mails[1].text).toContain(TEXTS.reviewDigest.approved("Anna", "Ceremony", 1));
    expect(mails[1].text).not.toContain("Not mailed");

    // The daily digest: the download (set to the digest), not the refund (no mail).
    await db.admin.update({ where: { id: s.studio.id }, data: { digestCoveredTo: new Date(t0 - MIN) } });
    const tomorrow = new Date(t0 + 24 * 3600_000);
    await sendDigests(tomorrow);
    mails = await mailsTo();
    expect(mails).toHaveLength(3);
    expect(mails[2].text).toContain(TEXTS.activity.mail.digestTitle);
    expect(mails[2].text).toContain("Clara downloaded Ceremony");
    expect(mails[2].text).not.toContain("refunded");
  });

  it("a payment's notice to the studio is sent only when payments are mailed at once", async () => {
    const s = await setup();
    await call(settingsPut, request("PUT", "/api/users/notifications", { token: s.token, body: { kinds: { payment: "digest" } } }));
    const paid = await checkout(s, 5000);
    await completeGalleryPayment({ provider: "local", sessionId: paid.sessionId, paid: true, paymentIntent: paid.paymentIntent, payerEmail: "payer@example.com" });
    expect(await db.mailMessage.count({ where: { to: s.studio.email } })).toBe(0);
    expect(await db.mailMessage.count({ where: { to: "payer@example.com" } })).toBeGreaterThanOrEqual(1);
    expect((await feed(s.token)).events.map((e) => e.kind)).toEqual(["payment"]);
  });
});

describe("the migration's history", () => {
  it("tells what already happened (a guest's comment and decision, a payment and its refund, a first visit, a failed film), in time order, all read", async () => {
    const s = await setup();
    const t = (min: number) => new Date(Date.UTC(2026, 10, 1, 10, min));
    await db.videoComment.create({ data: { videoId: s.film.id, galleryId: s.gallery.id, adminId: s.studio.id, version: 1, authorName: "Anna", text: "Too   loud", time: 3, createdAt: t(1) } });
    await db.videoComment.create({
      data: { videoId: s.film.id, galleryId: s.gallery.id, adminId: s.studio.id, version: 1, byStudio: true, authorName: "Studio", text: "Noted", time: 3, createdAt: t(2) },
    });
    await db.videoApproval.create({
      data: { videoId: s.film.id, galleryId: s.gallery.id, adminId: s.studio.id, inviteId: s.anna.id, guestName: "Anna", version: 1, decision: "APPROVED", decidedAt: t(3) },
    });
    await db.galleryPayment.create({
      data: {
        galleryId: s.gallery.id,
        adminId: s.studio.id,
        provider: "local",
        accountId: "a",
        sessionId: `local_gcs_${s.gallery.id}`,
        url: "http://x",
        amount: 5000,
        currency: "usd",
        feeAmount: 0,
        priceVersion: 1,
        state: "refunded",
        paidAt: t(4),
        refundedAt: t(6),
        payerEmail: "ben@example.com",
      },
    });
    await db.galleryInvite.update({ where: { id: s.anna.id }, data: { visitedAt: t(0) } });
    await db.video.update({ where: { id: s.film.id }, data: { status: "FAILED", failureReason: "The file is damaged." } });
    const sql = (await import("node:fs")).readFileSync(path.join(process.cwd(), "prisma/migrations/20261207180000_activity_feed/migration.sql"), "utf8");
    const history = sql
      .slice(sql.indexOf('INSERT INTO "ActivityEvent"'))
      .split(/;\s*\n/)
      .filter((x) => x.trim());
    expect(history).toHaveLength(2);
    // Run against the shared database in a transaction rolled back: the other suites' rows stay as they are.
    const told = await db
      .$transaction(async (tx) => {
        for (const statement of history) await tx.$executeRawUnsafe(statement);
        const rows = await tx.activityEvent.findMany({ where: { adminId: s.studio.id }, orderBy: { seq: "asc" } });
        const mark = (await tx.admin.findUniqueOrThrow({ where: { id: s.studio.id } })).activityReadSeq;
        throw Object.assign(new Error("rollback"), { rows, mark });
      })
      .catch((e: { rows?: { kind: string; who: string | null; seq: bigint; data: unknown }[]; mark?: bigint; message?: string }) => e);
    if (!told.rows) throw new Error(told.message);
    const rows = told.rows!;
    expect(rows.map((r) => [r.kind, r.who])).toEqual([
      ["first_view", "Anna"],
      ["comment", "Anna"],
      ["approval", "Anna"],
      ["payment", "ben@example.com"],
      ["refund", "ben@example.com"],
      ["failed", null],
    ]);
    expect(rows[1].data).toEqual({ film: "Ceremony", text: "Too loud", reply: false });
    expect(told.mark).toBe(rows[rows.length - 1].seq);
  });
});
