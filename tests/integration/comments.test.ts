// Review comments (issue 40 item 2), against real Postgres: the studio's doors (owner-scoped: another
// studio's film or comment is a 404), a guest's (through the gallery gate: a personal link that may
// comment writes, one that may comment or approve reads, anyone else a 403 after the gate's own
// refusals), replies, resolve/reopen, the authors' 10-minute window, plain text, and the invite
// doors' review rights.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { GET as listStudio, POST as postStudio } from "@/app/api/videos/comments/[videoId]/route";
import { DELETE as deleteStudio, PATCH as patchStudio } from "@/app/api/videos/comments/[videoId]/[commentId]/route";
import { GET as markers } from "@/app/api/videos/comments/[videoId]/markers/route";
import { DELETE as deleteVersion } from "@/app/api/videos/versions/[videoId]/[version]/route";
import { doors } from "@/lib/contract";
import { openApiDocument } from "@/lib/contract/openapi";
import { GET as listGuest, POST as postGuest } from "@/app/api/public/comments/[videoId]/route";
import { DELETE as deleteGuest, PATCH as patchGuest } from "@/app/api/public/comments/[videoId]/[commentId]/route";
import { POST as addInvites } from "@/app/api/galleries/gallery/[id]/invites/route";
import { hashPassword } from "@/lib/auth/password";
import { guestCookieName } from "@/lib/auth/guest-link";
import { COMMENT_EDIT_WINDOW_MS } from "@/lib/validation/comments";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createGuest, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { parseCsv, parseEdl, parseXml, childrenNamed, at } from "../helpers/marker-parsers";

jest.setTimeout(60_000);

async function setup() {
  const studio = await db.admin.update({ where: { id: (await createStudio()).id }, data: { companyName: "Northlight Films" } });
  const token = await bearerFor(studio);
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
  await db.video.updateMany({ where: { galleryId: gallery.id }, data: { durationSec: 120 } });
  // In review: guests who may comment write (a delivered gallery's guests read: tests/integration/approvals.test.ts).
  await db.gallery.update({ where: { id: gallery.id }, data: { reviewMode: true } });
  return { studio, token, gallery, film: videos[0], other: videos[1] };
}

const guest = createGuest;

const studioList = (token: string, videoId: string) => call(listStudio, request("GET", `/api/videos/comments/${videoId}`, { token }), { videoId });
const studioPost = (token: string, videoId: string, body: unknown) => call(postStudio, request("POST", `/api/videos/comments/${videoId}`, { token, body }), { videoId });
const studioPatch = (token: string, videoId: string, commentId: string, body: unknown) =>
  call(patchStudio, request("PATCH", `/api/videos/comments/${videoId}/${commentId}`, { token, body }), { videoId, commentId });
const studioDelete = (token: string, videoId: string, commentId: string) => call(deleteStudio, request("DELETE", `/api/videos/comments/${videoId}/${commentId}`, { token }), { videoId, commentId });
const q = (g: string) => `?g=${encodeURIComponent(g)}`;
const guestList = (g: string, videoId: string, cookie?: string) => call(listGuest, request("GET", `/api/public/comments/${videoId}${q(g)}`, { cookie }), { videoId });
const guestPost = (g: string, videoId: string, body: unknown, cookie?: string, headers?: Record<string, string>) =>
  call(postGuest, request("POST", `/api/public/comments/${videoId}${q(g)}`, { cookie, body, headers }), { videoId });
const guestPatch = (g: string, videoId: string, commentId: string, body: unknown, cookie?: string) =>
  call(patchGuest, request("PATCH", `/api/public/comments/${videoId}/${commentId}${q(g)}`, { cookie, body }), { videoId, commentId });
const guestDelete = (g: string, videoId: string, commentId: string, cookie?: string) =>
  call(deleteGuest, request("DELETE", `/api/public/comments/${videoId}/${commentId}${q(g)}`, { cookie }), { videoId, commentId });

type Comment = {
  id: string;
  version: number;
  author: { name: string; kind: string; self: boolean };
  text: string;
  time: number;
  endTime: number | null;
  parentId: string | null;
  resolved: boolean;
  editableUntil: string | null;
};
const commentOf = async (res: Response): Promise<Comment> => {
  const body = (await res.json()) as { comment: Comment };
  if (!body.comment) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body.comment;
};
const commentsOf = async (res: Response): Promise<{ version: number; comments: Comment[] }> => res.json();
/** Moves a comment's writing time back past the authors' window. */
const age = (id: string) => db.videoComment.update({ where: { id }, data: { createdAt: new Date(Date.now() - COMMENT_EDIT_WINDOW_MS - 1000) } });

describe("the studio's doors", () => {
  it("comments at a time or over a range with a drawing, replies on the thread's time and version, lists oldest first", async () => {
    const s = await setup();
    const first = await studioPost(s.token, s.film.id, {
      text: "Colour is warm here",
      time: 12.4,
      endTime: 15,
      drawing: { shapes: [{ kind: "rect", from: [0.1, 0.1], to: [0.5, 0.6], color: "#FF0000" }] },
    });
    expect(first.status).toBe(201);
    const c = await commentOf(first);
    expect(c).toMatchObject({ version: 1, author: { name: "Northlight Films", kind: "studio", self: true }, text: "Colour is warm here", time: 12.4, endTime: 15, parentId: null, resolved: false });
    expect(c.editableUntil).not.toBeNull();
    await db.video.update({ where: { id: s.film.id }, data: { version: 2 } });
    const reply = await commentOf(await studioPost(s.token, s.film.id, { text: "Fixed in the grade", parentId: c.id }));
    expect(reply).toMatchObject({ parentId: c.id, time: 12.4, version: 1, endTime: null });
    const later = await commentOf(await studioPost(s.token, s.film.id, { text: "New cut", time: 3 }));
    expect(later.version).toBe(2);
    const list = await commentsOf(await studioList(s.token, s.film.id));
    expect(list.version).toBe(2);
    expect(list.comments.map((x) => x.id)).toEqual([c.id, reply.id, later.id]);
    expect((list.comments[0] as unknown as { drawing: unknown }).drawing).toEqual({ shapes: [{ kind: "rect", from: [0.1, 0.1], to: [0.5, 0.6], color: "#ff0000" }] });
  });

  it("refuses bad input with a 400 that names it, and writes nothing", async () => {
    const s = await setup();
    const parent = await commentOf(await studioPost(s.token, s.film.id, { text: "Thread", time: 1 }));
    const reply = await commentOf(await studioPost(s.token, s.film.id, { text: "Reply", parentId: parent.id }));
    const elsewhere = await commentOf(await studioPost(s.token, s.other.id, { text: "Other film", time: 1 }));
    const cases: [unknown, string][] = [
      [{ text: "   ", time: 1 }, TEXTS.review.commentRequired],
      [{ text: "x".repeat(2001), time: 1 }, TEXTS.review.commentTooLong],
      [{ text: "no time" }, TEXTS.review.timeInvalid],
      [{ text: "negative", time: -1 }, TEXTS.review.timeInvalid],
      [{ text: "nan", time: "12" }, TEXTS.review.timeInvalid],
      [{ text: "past the end", time: 121 }, TEXTS.review.pastTheEnd],
      [{ text: "backwards", time: 10, endTime: 10 }, TEXTS.review.endTimeInvalid],
      [{ text: "drawing", time: 1, drawing: { shapes: [{ kind: "arrow", from: [0, 0], to: [1.5, 0] }] } }, TEXTS.review.drawingInvalid],
      [{ text: "drawing", time: 1, drawing: { shapes: [{ kind: "circle", from: [0, 0], to: [1, 1] }] } }, TEXTS.review.drawingInvalid],
      [{ text: "drawing", time: 1, drawing: { shapes: Array.from({ length: 51 }, () => ({ kind: "arrow", from: [0, 0], to: [1, 1] })) } }, TEXTS.review.drawingTooBig],
      [{ text: "reply to a reply", parentId: reply.id }, TEXTS.review.replyToReply],
      [{ text: "another film's thread", parentId: elsewhere.id }, TEXTS.review.parentMissing],
      [{ text: "extra", time: 1, author: "someone else" }, ""],
    ];
    const before = await db.videoComment.count({ where: { videoId: s.film.id } });
    for (const [body, message] of cases) {
      const res = await studioPost(s.token, s.film.id, body);
      expect([res.status, JSON.stringify(body).slice(0, 60)]).toEqual([400, JSON.stringify(body).slice(0, 60)]);
      if (message) expect(((await res.json()) as { message: string }).message).toContain(message);
    }
    expect(await db.videoComment.count({ where: { videoId: s.film.id } })).toBe(before);
  });

  it("a post sent again with its clientKey (in turn or at once) writes one comment; the key with other words or another author is a 409", async () => {
    const s = await setup();
    const clientKey = randomUUID();
    const body = { text: "Once only", time: 3, clientKey };
    const first = await studioPost(s.token, s.film.id, body);
    const again = await studioPost(s.token, s.film.id, body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect((await commentOf(again)).id).toBe((await commentOf(first)).id);
    const sameKey = randomUUID();
    const together = await Promise.all(Array.from({ length: 5 }, () => studioPost(s.token, s.film.id, { text: "Raced", time: 5, clientKey: sameKey })));
    expect(together.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await db.videoComment.count({ where: { videoId: s.film.id, text: "Raced" } })).toBe(1);
    const other = await studioPost(s.token, s.film.id, { ...body, text: "Other words" });
    expect([other.status, ((await other.json()) as { code: string }).code]).toEqual([409, "idempotency_key_reused"]);
    const g = await guest(s.gallery.id, s.studio.id, { mayComment: true });
    const theirs = await guestPost(s.gallery.customUrl, s.film.id, body, g.cookie);
    expect(theirs.status).toBe(409);
    expect(await db.videoComment.count({ where: { videoId: s.film.id, text: "Once only" } })).toBe(1);
    expect((await studioPost(s.token, s.film.id, { ...body, clientKey: "not-a-uuid" })).status).toBe(400);
  });

  it("an author writes at most 1,000 comments on a film (409 after), others still write", async () => {
    const s = await setup();
    const g = await guest(s.gallery.id, s.studio.id, { mayComment: true });
    await db.videoComment.createMany({
      data: Array.from({ length: 1000 }, (_, i) => ({ videoId: s.film.id, galleryId: s.gallery.id, adminId: s.studio.id, version: 1, inviteId: g.id, authorName: "Anna", text: `#${i}`, time: 1 })),
    });
    const refused = await guestPost(s.gallery.customUrl, s.film.id, { text: "One more", time: 2 }, g.cookie);
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([409, TEXTS.review.tooMany]);
    expect((await studioPost(s.token, s.film.id, { text: "The studio still answers", time: 2 })).status).toBe(201);
    expect((await guestPost(s.gallery.customUrl, s.other.id, { text: "Another film", time: 2 }, g.cookie)).status).toBe(201);
  });

  it("keeps text as plain text: markup stays as typed, control characters go, line breaks stay", async () => {
    const s = await setup();
    const hostile = `<img src=x onerror=alert(1)><script>alert("x")</script> &amp; \u0007bell\r\nnext line`;
    const c = await commentOf(await studioPost(s.token, s.film.id, { text: hostile, time: 2 }));
    expect(c.text).toBe(`<img src=x onerror=alert(1)><script>alert("x")</script> &amp; bell\nnext line`);
    expect((await studioPost(s.token, s.film.id, { text: "broken \ud800 surrogate", time: 2 })).status).toBe(400);
  });

  it("another studio's film or comment is a 404 at every door, and nothing changes", async () => {
    const a = await setup();
    const b = await setup();
    const c = await commentOf(await studioPost(a.token, a.film.id, { text: "Mine", time: 1 }));
    expect((await studioList(b.token, a.film.id)).status).toBe(404);
    expect((await studioPost(b.token, a.film.id, { text: "Theirs", time: 1 })).status).toBe(404);
    expect((await studioPatch(b.token, a.film.id, c.id, { resolved: true })).status).toBe(404);
    expect((await studioDelete(b.token, a.film.id, c.id)).status).toBe(404);
    // Their own film's path with my comment's id: still nothing.
    expect((await studioPatch(b.token, b.film.id, c.id, { resolved: true })).status).toBe(404);
    expect((await studioList(a.token, randomUUID())).status).toBe(404);
    expect(await db.videoComment.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ text: "Mine", resolvedAt: null });
    expect(await db.videoComment.count({ where: { videoId: a.film.id } })).toBe(1);
  });

  it("resolves and reopens a thread (twice is once), never a reply; edits and deletes its own within 10 minutes, never a guest's", async () => {
    const s = await setup();
    const g = await guest(s.gallery.id, s.studio.id, { mayComment: true });
    const theirs = await commentOf(await guestPost(s.gallery.customUrl, s.film.id, { text: "Too loud", time: 5 }, g.cookie));
    const resolved = await commentOf(await studioPatch(s.token, s.film.id, theirs.id, { resolved: true }));
    expect(resolved.resolved).toBe(true);
    const firstAt = (await db.videoComment.findUniqueOrThrow({ where: { id: theirs.id } })).resolvedAt;
    await studioPatch(s.token, s.film.id, theirs.id, { resolved: true });
    expect((await db.videoComment.findUniqueOrThrow({ where: { id: theirs.id } })).resolvedAt).toEqual(firstAt);
    expect((await commentOf(await studioPatch(s.token, s.film.id, theirs.id, { resolved: false }))).resolved).toBe(false);
    const reply = await commentOf(await studioPost(s.token, s.film.id, { text: "On it", parentId: theirs.id }));
    expect((await studioPatch(s.token, s.film.id, reply.id, { resolved: true })).status).toBe(400);
    // The guest's words are theirs.
    expect((await studioPatch(s.token, s.film.id, theirs.id, { text: "Rewritten" })).status).toBe(403);
    expect((await studioDelete(s.token, s.film.id, theirs.id)).status).toBe(403);
    expect((await studioPatch(s.token, s.film.id, reply.id, {})).status).toBe(400);
    const edited = await commentOf(await studioPatch(s.token, s.film.id, reply.id, { text: "On it, new grade tonight" }));
    expect(edited.text).toBe("On it, new grade tonight");
    await age(reply.id);
    const late = await studioPatch(s.token, s.film.id, reply.id, { text: "Too late" });
    expect([late.status, ((await late.json()) as { message: string }).message]).toEqual([409, TEXTS.review.editWindowOver]);
    expect((await studioDelete(s.token, s.film.id, reply.id)).status).toBe(409);
    const own = await commentOf(await studioPost(s.token, s.film.id, { text: "Thread of mine", time: 8 }));
    await guestPost(s.gallery.customUrl, s.film.id, { text: "A reply", parentId: own.id }, g.cookie);
    expect(await (await studioDelete(s.token, s.film.id, own.id)).json()).toEqual({ deleted: true });
    expect(await db.videoComment.count({ where: { OR: [{ id: own.id }, { parentId: own.id }] } })).toBe(0);
    expect((await studioDelete(s.token, s.film.id, own.id)).status).toBe(404);
  });
});

describe("a guest's doors", () => {
  it("rights × doors: who reads, who writes, who is refused (403 after the gate)", async () => {
    const s = await setup();
    const g = s.gallery.customUrl;
    const none = await guest(s.gallery.id, s.studio.id, { mayDownload: true }, "Downloader");
    const approver = await guest(s.gallery.id, s.studio.id, { mayApprove: true }, "Approver");
    const commenter = await guest(s.gallery.id, s.studio.id, { mayComment: true }, "Commenter");
    const revoked = await guest(s.gallery.id, s.studio.id, { mayComment: true }, "Gone", { revokedAt: new Date() });
    const otherGallery = await createFolderWithGallery(s.studio.id, { videos: 0 });
    const elsewhere = await guest(otherGallery.gallery.id, s.studio.id, { mayComment: true }, "Elsewhere");
    const body = { text: "At the kiss", time: 12 };
    for (const [who, cookie, read, write] of [
      ["anonymous", undefined, 403, 403],
      ["may download only", none.cookie, 403, 403],
      ["may approve only", approver.cookie, 200, 403],
      ["may comment", commenter.cookie, 200, 201],
      ["revoked", revoked.cookie, 403, 403],
      ["a guest of another gallery", elsewhere.cookie.replace(guestCookieName(otherGallery.gallery.id), guestCookieName(s.gallery.id)), 403, 403],
    ] as const) {
      expect([who, (await guestList(g, s.film.id, cookie)).status]).toEqual([who, read]);
      expect([who, (await guestPost(g, s.film.id, body, cookie)).status]).toEqual([who, write]);
    }
    const refused = await guestPost(g, s.film.id, body, approver.cookie);
    expect(((await refused.json()) as { message: string }).message).toBe(TEXTS.review.mayNotComment);
    expect(await db.videoComment.count({ where: { videoId: s.film.id } })).toBe(1);
    const list = await commentsOf(await guestList(g, s.film.id, approver.cookie));
    expect(list.comments).toHaveLength(1);
    expect(list.comments[0].author).toEqual({ name: "Commenter", kind: "guest", self: false });
    expect(JSON.stringify(list)).not.toMatch(/example\.test|inviteId/);
    // By the gallery's id too; a film of another gallery, or a film that does not exist, is a 404.
    expect((await guestList(s.gallery.id, s.film.id, commenter.cookie)).status).toBe(200);
    expect((await guestList(otherGallery.gallery.customUrl, s.film.id, commenter.cookie)).status).toBe(404);
    expect((await guestPost(g, randomUUID(), body, commenter.cookie)).status).toBe(404);
  });

  it("the gate first: a personal link opens a password gallery; an expired gallery or an inactive studio refuses everyone", async () => {
    const s = await setup();
    const g = s.gallery.customUrl;
    const commenter = await guest(s.gallery.id, s.studio.id, { mayComment: true });
    await db.gallery.update({ where: { id: s.gallery.id }, data: { passwordHash: await hashPassword("the password"), passwordVersion: 1 } });
    expect((await guestPost(g, s.film.id, { text: "Through the password", time: 1 }, commenter.cookie)).status).toBe(201);
    const locked = await guestList(g, s.film.id);
    expect([locked.status, ((await locked.json()) as { code: string }).code]).toEqual([401, "gallery_locked"]);
    await db.gallery.update({ where: { id: s.gallery.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await guestPost(g, s.film.id, { text: "Too late", time: 1 }, commenter.cookie);
    expect([expired.status, ((await expired.json()) as { code: string }).code]).toEqual([403, "gallery_expired"]);
    await db.gallery.update({ where: { id: s.gallery.id }, data: { expiresAt: null } });
    await db.admin.update({ where: { id: s.studio.id }, data: { status: "NOT_ACTIVE" } });
    expect((await guestList(g, s.film.id, commenter.cookie)).status).toBe(404);
    expect(await db.videoComment.count({ where: { videoId: s.film.id } })).toBe(1);
  });

  it("a guest edits and deletes only their own, within 10 minutes; another site's request is refused", async () => {
    const s = await setup();
    const g = s.gallery.customUrl;
    const anna = await guest(s.gallery.id, s.studio.id, { mayComment: true }, "Anna");
    const ben = await guest(s.gallery.id, s.studio.id, { mayComment: true }, "Ben");
    const mine = await commentOf(await guestPost(g, s.film.id, { text: "Typo hre", time: 4 }, anna.cookie));
    expect(mine.author).toEqual({ name: "Anna", kind: "guest", self: true });
    expect((await guestPatch(g, s.film.id, mine.id, { text: "Stolen" }, ben.cookie)).status).toBe(403);
    expect((await guestDelete(g, s.film.id, mine.id, ben.cookie)).status).toBe(403);
    expect((await commentOf(await guestPatch(g, s.film.id, mine.id, { text: "Typo here" }, anna.cookie))).text).toBe("Typo here");
    expect((await guestPatch(g, s.film.id, mine.id, { text: "x", resolved: true }, anna.cookie)).status).toBe(400);
    const cross = await guestPost(g, s.film.id, { text: "From another site", time: 1 }, anna.cookie, { "sec-fetch-site": "cross-site", origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    await age(mine.id);
    expect((await guestDelete(g, s.film.id, mine.id, anna.cookie)).status).toBe(409);
    const fresh = await commentOf(await guestPost(g, s.film.id, { text: "Delete me", time: 4 }, anna.cookie));
    expect(await (await guestDelete(g, s.film.id, fresh.id, anna.cookie)).json()).toEqual({ deleted: true });
    const texts = (await db.videoComment.findMany({ where: { videoId: s.film.id }, select: { text: true } })).map((c) => c.text);
    expect(texts).toEqual(["Typo here"]);
  });
});

describe("the invite doors' review rights", () => {
  it("take mayComment and mayApprove like mayDownload: set when added, kept when left out, changed when given", async () => {
    const s = await setup();
    const add = (body: unknown) => call(addInvites, request("POST", `/api/galleries/gallery/${s.gallery.id}/invites`, { token: s.token, body }), { id: s.gallery.id });
    const first = await add({ guests: [{ name: "Anna", email: "anna@example.test" }], mayComment: true });
    expect(first.status).toBe(200);
    const invite = ((await first.json()) as { invites: { email: string; mayComment: boolean; mayApprove: boolean; mayDownload: boolean }[] }).invites.find((i) => i.email === "anna@example.test");
    expect(invite).toMatchObject({ mayComment: true, mayApprove: false, mayDownload: false });
    await add({ guests: [{ name: "Anna", email: "anna@example.test" }], mayApprove: true });
    expect(await db.galleryInvite.findFirstOrThrow({ where: { galleryId: s.gallery.id, email: "anna@example.test" } })).toMatchObject({ mayComment: true, mayApprove: true });
    await add({ list: "Anna <anna@example.test>", mayComment: false });
    expect(await db.galleryInvite.findFirstOrThrow({ where: { galleryId: s.gallery.id, email: "anna@example.test" } })).toMatchObject({ mayComment: false, mayApprove: true });
    expect((await add({ guests: [{ name: "Ben", email: "ben@example.test" }], mayComment: "yes" })).status).toBe(400);
  });
});

describe("markers for the editor", () => {
  const get = (token: string, videoId: string, query: string) => call(markers, request("GET", `/api/videos/comments/${videoId}/markers?${query}`, { token }), { videoId });
  /** "Upload new version" as lib/services/films/video-versions.ts keepVersion files it: the current cut kept as an earlier version, the film one version on. */
  async function keepAsEarlier(videoId: string, next: { width?: number; height?: number; frameRate?: number } = {}) {
    const film = await db.video.findUniqueOrThrow({ where: { id: videoId } });
    const { version, adminId, storageKey, sizeBytes, durationSec, width, height, frameRate } = film;
    await db.videoVersion.create({ data: { videoId, adminId, version, storageKey, sizeBytes, durationSec, width, height, frameRate, filedAt: film.versionAt } });
    await db.video.update({ where: { id: videoId }, data: { version: version + 1, storageKey: `${storageKey}.v${version + 1}`, ...next } });
  }

  it("exports a version's threads at the film's frame rate, replies after their text, as an attachment each editor reads", async () => {
    const s = await setup();
    await db.video.update({ where: { id: s.film.id }, data: { title: 'Ana & Ben "Highlights"', frameRate: 29.97002997 } });
    const g = await guest(s.gallery.id, s.studio.id, { mayComment: true }, "Anna");
    const thread = await commentOf(await guestPost(s.gallery.customUrl, s.film.id, { text: "=1+1 too loud, the music", time: 12, endTime: 14 }, g.cookie));
    await studioPost(s.token, s.film.id, { text: "Lowered it", parentId: thread.id });
    await studioPatch(s.token, s.film.id, thread.id, { resolved: true });
    await keepAsEarlier(s.film.id);
    await studioPost(s.token, s.film.id, { text: "On the new cut", time: 60 });

    const csv = await get(s.token, s.film.id, "format=csv&version=1");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const disposition = csv.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="[^"]*v1 markers\.csv"; filename\*=UTF-8''/);
    // Response.text() would drop the BOM (UTF-8 decode): read the bytes as they were sent.
    const { bom, rows } = parseCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer()));
    expect(bom).toBe(true);
    expect(rows).toHaveLength(2);
    const [header, row] = rows;
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell("Timecode In")).toBe("00:00:11;29"); // 12 s at 29.97 is frame 359
    expect(cell("Author")).toBe("Anna");
    expect(cell("Comment")).toBe("'=1+1 too loud, the music\n↳ Northlight Films: Lowered it");
    expect(cell("Status")).toBe("Resolved");

    const edl = parseEdl(await (await get(s.token, s.film.id, "format=edl")).text());
    expect(edl.fcm).toBe("DROP FRAME");
    expect(edl.events.map((e) => e.name)).toEqual(["On the new cut"]);
    for (const format of ["fcpxml", "xml"]) {
      const res = await get(s.token, s.film.id, `format=${format}&version=1`);
      expect(res.headers.get("content-type")).toMatch(/xml/);
      const { root } = parseXml(await res.text());
      const found: string[] = [];
      const walk = (n: typeof root) => (n.name === "marker" ? found.push(n.attributes.value ?? at(n, "comment").text) : n.children.forEach(walk));
      walk(root);
      expect(found).toEqual(["=1+1 too loud, the music\n↳ Northlight Films: Lowered it"]);
      expect(childrenNamed(root, "marker")).toHaveLength(0);
    }
  });

  it("a range: in before out and within the film (a guest's too, 400, nothing written); exported with its length in every format, a point with none", async () => {
    const s = await setup();
    await db.video.update({ where: { id: s.film.id }, data: { frameRate: 25 } });
    const g = await guest(s.gallery.id, s.studio.id, { mayComment: true }, "Anna");
    const before = await db.videoComment.count({ where: { videoId: s.film.id } });
    for (const [body, message] of [
      [{ text: "out before in", time: 10, endTime: 9.5 }, TEXTS.review.endTimeInvalid],
      [{ text: "out past the end", time: 100, endTime: 121 }, TEXTS.review.pastTheEnd],
      [{ text: "out without in", endTime: 5 }, TEXTS.review.timeInvalid],
    ] as const) {
      for (const res of [await studioPost(s.token, s.film.id, body), await guestPost(s.gallery.customUrl, s.film.id, body, g.cookie)]) {
        expect([res.status, body.text]).toEqual([400, body.text]);
        expect(((await res.json()) as { message: string }).message).toContain(message);
      }
    }
    expect(await db.videoComment.count({ where: { videoId: s.film.id } })).toBe(before);

    const ranged = await commentOf(await guestPost(s.gallery.customUrl, s.film.id, { text: "Too long here", time: 10, endTime: 12.5 }, g.cookie));
    expect(ranged).toMatchObject({ time: 10, endTime: 12.5 });
    // Up to the film's end (its probed length, give or take a frame's rounding).
    expect((await studioPost(s.token, s.film.id, { text: "To the end", time: 110, endTime: 120 })).status).toBe(201);
    expect((await studioPost(s.token, s.film.id, { text: "A point", time: 30 })).status).toBe(201);

    // 25 fps: 10 s is frame 250, 12.5 s frame 312 (62 frames long); 110–120 s is 250 frames; a point has no length (a frame in an EDL and FCPXML).
    const csv = parseCsv(await (await get(s.token, s.film.id, "format=csv")).text()).rows;
    const col = (name: string) => csv.slice(1).map((r) => r[csv[0].indexOf(name)]);
    expect(col("Timecode In")).toEqual(["00:00:10:00", "00:00:30:00", "00:01:50:00"]);
    expect(col("Timecode Out")).toEqual(["00:00:12:12", "", "00:02:00:00"]);
    expect(col("Seconds Out")).toEqual(["12.500", "", "120.000"]);
    const edl = parseEdl(await (await get(s.token, s.film.id, "format=edl")).text());
    expect(edl.events.map((e) => [e.name, e.duration])).toEqual([
      ["Too long here", 62],
      ["A point", 1],
      ["To the end", 250],
    ]);
    const fcp = parseXml(await (await get(s.token, s.film.id, "format=fcpxml")).text()).root;
    const fcpMarkers: { value: string; duration: string }[] = [];
    const walk = (n: typeof fcp) => (n.name === "marker" ? fcpMarkers.push({ value: n.attributes.value, duration: n.attributes.duration }) : n.children.forEach(walk));
    walk(fcp);
    expect(fcpMarkers).toEqual([
      { value: "Too long here", duration: "6200/2500s" },
      { value: "A point", duration: "100/2500s" },
      { value: "To the end", duration: "25000/2500s" },
    ]);
    const xmeml = childrenNamed(at(parseXml(await (await get(s.token, s.film.id, "format=xml")).text()).root, "sequence"), "marker");
    expect(xmeml.map((m) => [at(m, "comment").text, at(m, "in").text, at(m, "out").text])).toEqual([
      ["Too long here", "250", "312"],
      ["A point", "750", "-1"],
      ["To the end", "2750", "3000"],
    ]);
  });

  it("puts FCPXML's markers on a clip of the asked version at its own size and rate; a version never had or no longer kept is a 404", async () => {
    const s = await setup();
    // v1 1280×720 at 29.97 (kept, then deleted), v2 1280×720 at 29.97 (kept), v3 the current cut at 1920×1080, 25 fps.
    await db.video.update({ where: { id: s.film.id }, data: { width: 1280, height: 720, frameRate: 29.97002997 } });
    expect((await studioPost(s.token, s.film.id, { text: "On the first cut", time: 5 })).status).toBe(201);
    await keepAsEarlier(s.film.id);
    await keepAsEarlier(s.film.id, { width: 1920, height: 1080, frameRate: 25 });
    expect((await call(deleteVersion, request("DELETE", `/api/videos/versions/${s.film.id}/1`, { token: s.token }), { videoId: s.film.id, version: "1" })).status).toBe(200);

    const fcp = async (query: string) => {
      const res = await get(s.token, s.film.id, `format=fcpxml${query}`);
      expect(res.status).toBe(200);
      const { root } = parseXml(await res.text());
      return { format: at(root, "resources/format").attributes, clip: at(root, "library/event/project/sequence/spine/asset-clip") };
    };
    for (const query of ["", "&version=3"]) {
      const { format, clip } = await fcp(query);
      expect(format).toMatchObject({ name: "FFVideoFormat1080p25", width: "1920", height: "1080", frameDuration: "100/2500s" });
      expect(clip.attributes.ref).toBe("r2");
    }
    expect((await fcp("&version=2")).format).toMatchObject({ name: "FFVideoFormat720p2997", width: "1280", height: "720", frameDuration: "1001/30000s" });
    const xmeml = at(parseXml(await (await get(s.token, s.film.id, "format=xml&version=2")).text()).root, "sequence");
    expect(["width", "height", "rate/timebase", "rate/ntsc"].map((p) => at(xmeml, `media/video/format/samplecharacteristics/${p}`).text)).toEqual(["1280", "720", "30", "TRUE"]);

    // v1's files were deleted (its comment stays), v9 never was: nothing to put markers on, in any format.
    for (const version of [1, 9]) {
      for (const format of ["csv", "fcpxml"]) {
        const res = await get(s.token, s.film.id, `format=${format}&version=${version}`);
        expect([res.status, await res.json()]).toEqual([404, { code: "not_found", message: TEXTS.review.markersVersionMissing(version) }]);
      }
    }
    expect(await db.videoComment.count({ where: { videoId: s.film.id, version: 1 } })).toBe(1);
  });

  it("sends each format as a content type its door declares, and the OpenAPI document lists them all", async () => {
    const s = await setup();
    const answer = doors.comments.markers.answer;
    const declared = [answer.contentType].flat();
    const sent = new Set<string>();
    for (const format of ["csv", "edl", "fcpxml", "xml"]) {
      const res = await get(s.token, s.film.id, `format=${format}`);
      expect(res.status).toBe(200);
      sent.add(res.headers.get("content-type")!);
    }
    expect([...sent].sort()).toEqual([...declared].sort());
    expect([...sent].sort()).toEqual(["application/xml; charset=utf-8", "text/csv; charset=utf-8", "text/plain; charset=utf-8"]);
    const paths = openApiDocument("http://localhost").paths as Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }>;
    expect(Object.keys(paths["/api/videos/comments/{videoId}/markers"].get.responses["200"].content).sort()).toEqual([...sent].sort());
  });

  it("refuses another studio's film (404) and an unknown format (400)", async () => {
    const a = await setup();
    const b = await setup();
    expect((await get(b.token, a.film.id, "format=csv")).status).toBe(404);
    expect((await get(a.token, a.film.id, "format=docx")).status).toBe(400);
    expect((await get(a.token, a.film.id, "")).status).toBe(400);
    expect((await get(a.token, a.film.id, "format=csv&version=0")).status).toBe(400);
  });
});
