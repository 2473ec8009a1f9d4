// Approval and the gallery's stage (issue 40 items 1 and 5), against real Postgres and the route
// handlers: rights × the approval doors (after the gallery gate), a delivered gallery's guests read
// but never write, one decision per guest and version (the same one again changes nothing; two at
// once make one), a decision on a version the guest did not watch refused, the download rule of a
// film in review on every door that hands out an original (download, stream, Download all) and on
// the page's cards, the studio's review door, and the film.approved / comment.created events.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { GET as guestGet, PUT as guestPut } from "@/app/api/public/approval/[videoId]/route";
import { GET as commentsGet, POST as commentsPost } from "@/app/api/public/comments/[videoId]/route";
import { GET as reviewGet, PUT as reviewPut } from "@/app/api/galleries/gallery/[id]/review/route";
import { GET as download } from "@/app/api/public/download/[videoId]/route";
import { GET as stream } from "@/app/api/public/stream/[videoId]/route";
import { GET as archive } from "@/app/api/public/galleries/[slug]/archive/route";
import { GET as content } from "@/app/api/public/galleries/[slug]/route";
import { POST as studioPost } from "@/app/api/videos/comments/[videoId]/route";
import { forgetGateCache } from "@/lib/services/access/open-gallery";
import { createEndpoint } from "@/lib/services/platform/webhooks/endpoints";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createGuest, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

jest.setTimeout(60_000);
beforeEach(() => forgetGateCache());

/** A studio listening for the review events, a gallery in review with two 2-minute films, Anna (may approve and comment) and Ben (may comment). */
async function setup(opts: { mode?: "review" | "delivery" } = {}) {
  const studio = await createStudio();
  const token = await bearerFor(studio);
  await createEndpoint(studio, { url: "https://hooks.example.test/in", events: ["film.approved", "comment.created"] });
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
  await db.video.updateMany({ where: { galleryId: gallery.id }, data: { durationSec: 120, hlsKey: "hls/master.m3u8" } });
  await db.gallery.update({ where: { id: gallery.id }, data: { reviewMode: (opts.mode ?? "review") === "review" } });
  const anna = await createGuest(gallery.id, studio.id, { mayApprove: true, mayComment: true }, "Anna");
  const ben = await createGuest(gallery.id, studio.id, { mayComment: true }, "Ben");
  return { studio, token, gallery, slug: gallery.customUrl, film: videos[0], other: videos[1], anna, ben };
}

const q = (g: string) => `?g=${encodeURIComponent(g)}`;
const approvalOf = (g: string, videoId: string, cookie?: string) => call(guestGet, request("GET", `/api/public/approval/${videoId}${q(g)}`, { cookie }), { videoId });
const decideOn = (g: string, videoId: string, body: unknown, cookie?: string, headers?: Record<string, string>) =>
  call(guestPut, request("PUT", `/api/public/approval/${videoId}${q(g)}`, { cookie, body, headers }), { videoId });
const reviewOf = (token: string, id: string) => call(reviewGet, request("GET", `/api/galleries/gallery/${id}/review`, { token }), { id });
const setReview = (token: string, id: string, body: unknown) => call(reviewPut, request("PUT", `/api/galleries/gallery/${id}/review`, { token, body }), { id });
const downloadOf = (g: string, videoId: string, cookie?: string) => call(download, request("GET", `/api/public/download/${videoId}${q(g)}`, { cookie }), { videoId });
const streamOf = (g: string, videoId: string, cookie?: string) => call(stream, request("GET", `/api/public/stream/${videoId}${q(g)}`, { cookie }), { videoId });
const archiveOf = (slug: string, cookie?: string) => call(archive, request("GET", `/api/public/galleries/${slug}/archive`, { cookie }), { slug });
const contentOf = (slug: string) => call(content, request("GET", `/api/public/galleries/${slug}`), { slug });
const codeOf = async (res: Response) => [res.status, ((await res.json()) as { code?: string }).code];
const eventsOf = (adminId: string, type: string) => db.studioEvent.findMany({ where: { adminId, type }, orderBy: { createdAt: "asc" } });

type Review = {
  mode: string;
  unlockOnApproval: boolean;
  revisionRounds: number | null;
  films: {
    id: string;
    version: number;
    state: { state: string; by?: string; version?: number };
    comments: { open: number; total: number };
    rounds: { used: number; usedUp: boolean };
    decisions: { guest: { name: string }; version: number; decision: string; note: string | null }[];
  }[];
};
const reviewBody = async (res: Response): Promise<Review> => ((await res.json()) as { review: Review }).review;

describe("the approval doors", () => {
  it("rights × doors: who reads, who decides, who is refused (403 after the gate)", async () => {
    const s = await setup();
    const downloader = await createGuest(s.gallery.id, s.studio.id, { mayDownload: true }, "Downloader");
    const approver = await createGuest(s.gallery.id, s.studio.id, { mayApprove: true }, "Approver");
    const revoked = await createGuest(s.gallery.id, s.studio.id, { mayApprove: true }, "Gone", { revokedAt: new Date() });
    const elsewhere = await createFolderWithGallery(s.studio.id, { videos: 0 });
    const stranger = await createGuest(elsewhere.gallery.id, s.studio.id, { mayApprove: true }, "Elsewhere");
    for (const [who, cookie, read, write] of [
      ["anonymous", undefined, 403, 403],
      ["may download only", downloader.cookie, 403, 403],
      ["may comment only", s.ben.cookie, 200, 403],
      ["may approve only", approver.cookie, 200, 200],
      ["revoked", revoked.cookie, 403, 403],
      ["a guest of another gallery", stranger.cookie, 403, 403],
    ] as const) {
      expect([who, (await approvalOf(s.slug, s.film.id, cookie)).status]).toEqual([who, read]);
      expect([who, (await decideOn(s.slug, s.other.id, { decision: "approved" }, cookie)).status]).toEqual([who, write]);
    }
    const refused = await decideOn(s.slug, s.film.id, { decision: "approved" }, s.ben.cookie);
    expect(((await refused.json()) as { message: string }).message).toBe(TEXTS.approval.mayNotApprove);
    expect(await db.videoApproval.count({ where: { videoId: s.film.id } })).toBe(0);
    // Another gallery's film, or none, is a 404; another site's request a 403 (the guest is named by a cookie).
    expect((await decideOn(elsewhere.gallery.customUrl, s.film.id, { decision: "approved" }, s.anna.cookie)).status).toBe(404);
    expect((await decideOn(s.slug, randomUUID(), { decision: "approved" }, s.anna.cookie)).status).toBe(404);
    expect((await decideOn(s.slug, s.film.id, { decision: "approved" }, s.anna.cookie, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(await db.videoApproval.count({ where: { videoId: s.film.id } })).toBe(0);
  });

  it("refuses bad input with a 400 that names it, and writes nothing", async () => {
    const s = await setup();
    const cases: [unknown, string][] = [
      [{}, TEXTS.approval.decisionInvalid],
      [{ decision: "maybe" }, TEXTS.approval.decisionInvalid],
      [{ decision: "changes_requested" }, TEXTS.approval.noteRequired],
      [{ decision: "changes_requested", note: "   " }, TEXTS.review.commentRequired],
      [{ decision: "changes_requested", note: "x".repeat(2001) }, TEXTS.review.commentTooLong],
      [{ decision: "approved", version: 1.5 }, TEXTS.approval.versionInvalid],
      [{ decision: "approved", version: "1" }, TEXTS.approval.versionInvalid],
      [{ decision: "approved", by: "someone else" }, ""],
    ];
    for (const [body, message] of cases) {
      const res = await decideOn(s.slug, s.film.id, body, s.anna.cookie);
      const got = (await res.json()) as { code: string; message: string };
      expect([JSON.stringify(body), res.status, got.code]).toEqual([JSON.stringify(body), 400, "validation"]);
      if (message) expect(got.message).toContain(message);
    }
    expect(await db.videoApproval.count({ where: { videoId: s.film.id } })).toBe(0);
  });

  it("one decision per guest and version: a later one replaces it, the same one again changes nothing, two at once make one", async () => {
    const s = await setup();
    const first = await decideOn(s.slug, s.film.id, { decision: "changes_requested", note: "Shorter intro, please.", version: 1 }, s.anna.cookie);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      decision: { guest: { name: "Anna", self: true }, version: 1, decision: "changes_requested", note: "Shorter intro, please." },
      state: { state: "changes_requested", by: "Anna" },
    });
    await decideOn(s.slug, s.film.id, { decision: "approved" }, s.anna.cookie);
    const row = await db.videoApproval.findFirstOrThrow({ where: { videoId: s.film.id } });
    expect([await db.videoApproval.count({ where: { videoId: s.film.id } }), row.decision, row.note]).toEqual([1, "APPROVED", null]);
    // The same decision again (a retry): nothing moves, no second event.
    await decideOn(s.slug, s.film.id, { decision: "approved" }, s.anna.cookie);
    expect((await db.videoApproval.findFirstOrThrow({ where: { videoId: s.film.id } })).decidedAt).toEqual(row.decidedAt);
    expect(await eventsOf(s.studio.id, "film.approved")).toHaveLength(1);
    // Raced: the other film approved twice at once, then approve and request changes at once.
    const raced = await Promise.all([1, 2, 3].map(() => decideOn(s.slug, s.other.id, { decision: "approved" }, s.anna.cookie)));
    expect(raced.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await db.videoApproval.count({ where: { videoId: s.other.id } })).toBe(1);
    const events = await eventsOf(s.studio.id, "film.approved");
    expect(events).toHaveLength(2);
    expect(events[1].payload).toMatchObject({ id: s.other.id, version: 1, guest: { id: s.anna.id, name: "Anna" }, gallery: { id: s.gallery.id } });
    const mixed = await Promise.all([
      decideOn(s.slug, s.other.id, { decision: "changes_requested", note: "Warmer" }, s.anna.cookie),
      decideOn(s.slug, s.other.id, { decision: "approved" }, s.anna.cookie),
    ]);
    expect(mixed.map((r) => r.status)).toEqual([200, 200]);
    expect(await db.videoApproval.count({ where: { videoId: s.other.id } })).toBe(1);
  });

  it("a decision lands on the current version; one on a version the guest did not watch is refused", async () => {
    const s = await setup();
    await decideOn(s.slug, s.film.id, { decision: "changes_requested", note: "Shorter intro" }, s.anna.cookie);
    await db.video.update({ where: { id: s.film.id }, data: { version: 2 } });
    expect(await codeOf(await decideOn(s.slug, s.film.id, { decision: "approved", version: 1 }, s.anna.cookie))).toEqual([409, "version_changed"]);
    expect(await approvalOf(s.slug, s.film.id, s.anna.cookie).then((r) => r.json())).toMatchObject({
      version: 2,
      open: true,
      mayApprove: true,
      mine: null,
      state: { state: "open" },
      rounds: { included: null, used: 1 },
    });
    await decideOn(s.slug, s.film.id, { decision: "approved", version: 2 }, s.anna.cookie);
    const rows = await db.videoApproval.findMany({ where: { videoId: s.film.id }, orderBy: { version: "asc" } });
    expect(rows.map((r) => [r.version, r.decision])).toEqual([
      [1, "CHANGES_REQUESTED"],
      [2, "APPROVED"],
    ]);
    // A reviewer who may only comment reads the same state.
    expect(await approvalOf(s.slug, s.film.id, s.ben.cookie).then((r) => r.json())).toMatchObject({ mayApprove: false, mine: null, state: { state: "approved", version: 2, by: "Anna" } });
  });

  it("a delivered gallery: guests read comments and decisions, but write neither (409), and nothing is written", async () => {
    const s = await setup({ mode: "delivery" });
    expect(await codeOf(await decideOn(s.slug, s.film.id, { decision: "approved" }, s.anna.cookie))).toEqual([409, "review_closed"]);
    const post = await call(commentsPost, request("POST", `/api/public/comments/${s.film.id}${q(s.slug)}`, { cookie: s.ben.cookie, body: { text: "Late", time: 1 } }), { videoId: s.film.id });
    expect(await codeOf(post)).toEqual([409, "review_closed"]);
    const list = await call(commentsGet, request("GET", `/api/public/comments/${s.film.id}${q(s.slug)}`, { cookie: s.ben.cookie }), { videoId: s.film.id });
    expect(await list.json()).toMatchObject({ open: false, comments: [] });
    expect(await approvalOf(s.slug, s.film.id, s.anna.cookie).then((r) => r.json())).toMatchObject({ open: false });
    expect(await db.videoApproval.count({ where: { galleryId: s.gallery.id } })).toBe(0);
    expect(await db.videoComment.count({ where: { galleryId: s.gallery.id } })).toBe(0);
  });
});

describe("downloads in review", () => {
  it("a film's original opens once its current version is approved, on every door that hands it out; a new version closes it again", async () => {
    const s = await setup();
    const downloader = await createGuest(s.gallery.id, s.studio.id, { mayDownload: true }, "Downloader");
    // Closed for everyone while in review: the download, the stream's original, Download all.
    for (const cookie of [undefined, downloader.cookie, s.anna.cookie]) {
      expect(await codeOf(await downloadOf(s.slug, s.film.id, cookie))).toEqual([403, "under_review"]);
      expect(await codeOf(await streamOf(s.slug, s.film.id, cookie))).toEqual([403, "under_review"]);
    }
    expect(await codeOf(await archiveOf(s.slug))).toEqual([403, "under_review"]);
    let cards = ((await (await contentOf(s.slug)).json()) as { state: { videos: { _id: string; review: unknown; playback: { sources: { type: string }[] } }[] } }).state.videos;
    expect(cards.find((c) => c._id === s.film.id)).toMatchObject({ review: { state: "open", version: 1, closed: true } });
    expect(cards.flatMap((c) => c.playback.sources.map((x) => x.type))).not.toContain("video/mp4");

    // Changes requested: still closed. Approved: open (the page's card says so at once).
    await decideOn(s.slug, s.film.id, { decision: "changes_requested", note: "Warmer" }, s.anna.cookie);
    expect((await downloadOf(s.slug, s.film.id)).status).toBe(403);
    await decideOn(s.slug, s.film.id, { decision: "approved" }, s.anna.cookie);
    expect((await downloadOf(s.slug, s.film.id)).status).toBe(302);
    expect((await streamOf(s.slug, s.film.id)).status).toBe(302);
    const files = ((await (await archiveOf(s.slug)).json()) as { files: { film?: string }[] }).files;
    expect(files.flatMap((f) => f.film ?? [])).toEqual([s.film.id]);
    expect((await downloadOf(s.slug, s.other.id)).status).toBe(403);
    cards = ((await (await contentOf(s.slug)).json()) as { state: { videos: { _id: string; review: unknown; playback: { sources: { type: string }[] } }[] } }).state.videos;
    expect(cards.find((c) => c._id === s.film.id)).toMatchObject({ review: { state: "approved", version: 1, closed: false } });

    // Approving does not unlock when the studio says so; a new version is in review again.
    await setReview(s.token, s.gallery.id, { unlockOnApproval: false });
    expect(await codeOf(await downloadOf(s.slug, s.film.id))).toEqual([403, "under_review"]);
    await setReview(s.token, s.gallery.id, { unlockOnApproval: true });
    forgetGateCache();
    expect((await downloadOf(s.slug, s.film.id)).status).toBe(302);
    await db.video.update({ where: { id: s.film.id }, data: { version: 2 } });
    expect(await codeOf(await downloadOf(s.slug, s.film.id))).toEqual([403, "under_review"]);

    // Delivered: downloads follow the gallery's settings alone; nothing is in review any more, and
    // what the guests approved stays said (the other film, never decided, carries nothing).
    await setReview(s.token, s.gallery.id, { mode: "delivery" });
    expect((await downloadOf(s.slug, s.other.id)).status).toBe(302);
    cards = ((await (await contentOf(s.slug)).json()) as { state: { videos: { _id: string; review: unknown; playback: { sources: { type: string }[] } }[] } }).state.videos;
    expect(cards.every((c) => c.review === null)).toBe(true);
    await setReview(s.token, s.gallery.id, { mode: "review" });
    await decideOn(s.slug, s.film.id, { decision: "approved" }, s.anna.cookie);
    await setReview(s.token, s.gallery.id, { mode: "delivery" });
    cards = ((await (await contentOf(s.slug)).json()) as { state: { videos: { _id: string; review: unknown; playback: { sources: { type: string }[] } }[] } }).state.videos;
    expect(cards.find((c) => c._id === s.film.id)?.review).toEqual({ state: "approved", version: 2, closed: false });
    expect(cards.find((c) => c._id === s.other.id)?.review).toBeNull();
  });

  it("review never opens what the gallery's own rules close: Downloads off stays off after an approval", async () => {
    const s = await setup();
    await db.gallery.update({ where: { id: s.gallery.id }, data: { settingDownload: false } });
    await decideOn(s.slug, s.film.id, { decision: "approved" }, s.anna.cookie);
    expect(await codeOf(await downloadOf(s.slug, s.film.id))).toEqual([403, "downloads_off"]);
  });
});

describe("the studio's review door", () => {
  it("answers every film's version, state, decisions, open comments and rounds; sets the stage; owner-scoped", async () => {
    const s = await setup();
    const put = await setReview(s.token, s.gallery.id, { revisionRounds: 1 });
    expect(put.status).toBe(200);
    await decideOn(s.slug, s.film.id, { decision: "changes_requested", note: "Shorter intro" }, s.anna.cookie);
    await call(commentsPost, request("POST", `/api/public/comments/${s.film.id}${q(s.slug)}`, { cookie: s.ben.cookie, body: { text: "Too loud", time: 3 } }), { videoId: s.film.id });
    await call(studioPost, request("POST", `/api/videos/comments/${s.film.id}`, { token: s.token, body: { text: "Noted", time: 4 } }), { videoId: s.film.id });
    const review = await reviewBody(await reviewOf(s.token, s.gallery.id));
    expect(review).toMatchObject({ mode: "review", unlockOnApproval: true, revisionRounds: 1 });
    const film = review.films.find((f) => f.id === s.film.id)!;
    expect(film).toMatchObject({
      version: 1,
      state: { state: "changes_requested", by: "Anna", version: 1 },
      comments: { open: 2, total: 2 },
      rounds: { used: 1, usedUp: true },
      decisions: [{ guest: { name: "Anna" }, version: 1, decision: "changes_requested", note: "Shorter intro" }],
    });
    expect(review.films.find((f) => f.id === s.other.id)).toMatchObject({ state: { state: "open" }, comments: { open: 0, total: 0 }, rounds: { used: 0, usedUp: false }, decisions: [] });
    expect(JSON.stringify(review)).not.toMatch(/example\.test/);
    // The guest's comment is the studio's comment.created event; the studio's own is not.
    const created = await eventsOf(s.studio.id, "comment.created");
    expect(created.map((e) => (e.payload as { text: string; guest: { name: string } }).guest.name)).toEqual(["Ben"]);
    // Another studio sees nothing and changes nothing.
    const other = await createStudio();
    const otherToken = await bearerFor(other);
    expect((await reviewOf(otherToken, s.gallery.id)).status).toBe(404);
    expect((await setReview(otherToken, s.gallery.id, { mode: "delivery" })).status).toBe(404);
    expect((await db.gallery.findUniqueOrThrow({ where: { id: s.gallery.id } })).reviewMode).toBe(true);
  });

  it("refuses bad settings with a 400 that names them, and changes nothing", async () => {
    const s = await setup();
    for (const [body, message] of [
      [{}, TEXTS.approval.nothingToChange],
      [{ mode: "draft" }, TEXTS.approval.modeInvalid],
      [{ revisionRounds: 0 }, TEXTS.approval.roundsInvalid],
      [{ revisionRounds: 100 }, TEXTS.approval.roundsInvalid],
      [{ revisionRounds: 1.5 }, TEXTS.approval.roundsInvalid],
      [{ unlockOnApproval: "yes" }, "unlockOnApproval"],
      [{ mode: "review", extra: 1 }, ""],
    ] as [unknown, string][]) {
      const res = await setReview(s.token, s.gallery.id, body);
      const got = (await res.json()) as { message: string };
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      if (message) expect(got.message).toContain(message);
    }
    const g = await db.gallery.findUniqueOrThrow({ where: { id: s.gallery.id } });
    expect([g.reviewMode, g.unlockOnApproval, g.revisionRounds]).toEqual([true, true, null]);
    const cleared = await reviewBody(await setReview(s.token, s.gallery.id, { revisionRounds: 3, mode: "delivery" }));
    expect([cleared.mode, cleared.revisionRounds]).toEqual(["delivery", 3]);
    expect((await reviewBody(await setReview(s.token, s.gallery.id, { revisionRounds: null }))).revisionRounds).toBeNull();
  });
});
