// Live review (issue 40 item 3), against real Postgres: every change to a film's review reaches the
// open streams (the studio's and its guests') within a second, through LISTEN/NOTIFY on a listening
// connection of its own (a second instance's listener hears a commit made elsewhere); a dropped
// listener or a dropped stream loses nothing (Last-Event-ID resumes exactly after the last event);
// each reader sees comments as its list would show them; the doors keep their gates (another
// studio's film a 404, a guest without review rights a 403, a bad cursor a 400, too many streams a 429).
import { db } from "@/lib/db";
import { GET as listStudio, POST as postStudio } from "@/app/api/videos/comments/[videoId]/route";
import { DELETE as deleteStudio, PATCH as patchStudio } from "@/app/api/videos/comments/[videoId]/[commentId]/route";
import { GET as liveStudio } from "@/app/api/videos/comments/[videoId]/live/route";
import { POST as postGuest } from "@/app/api/public/comments/[videoId]/route";
import { GET as liveGuest } from "@/app/api/public/comments/[videoId]/live/route";
import { PUT as decidePut } from "@/app/api/public/approval/[videoId]/route";
import { forgetGateCache } from "@/lib/services/access/open-gallery";
import { newReviewBus, pruneReviewEvents, reviewBus, reviewStream, REVIEW_EVENT_DAYS } from "@/lib/services/review/review-events";
import { STREAMS_PER_READER } from "@/lib/services/platform/live";
import { applyReviewEvent } from "@/lib/services/review/rules/live";
import { env } from "@/lib/env";
import type { CommentDto, ReviewLiveEvent } from "@/lib/contract/review";
import { createFolderWithGallery, createGuest, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { readSse, type SseReader } from "../helpers/sse";
import { until } from "../helpers/until";

jest.setTimeout(60_000);
beforeEach(() => forgetGateCache());

const open: SseReader[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function setup() {
  const studio = await createStudio();
  const token = await bearerFor(studio);
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  await db.video.updateMany({ where: { galleryId: gallery.id }, data: { durationSec: 120 } });
  await db.gallery.update({ where: { id: gallery.id }, data: { reviewMode: true } });
  const anna = await createGuest(gallery.id, studio.id, { mayApprove: true, mayComment: true }, "Anna");
  const viewer = await createGuest(gallery.id, studio.id, { mayDownload: true }, "Viewer");
  return { studio, token, gallery, slug: gallery.customUrl, film: videos[0], anna, viewer };
}

const q = (g: string) => `?g=${encodeURIComponent(g)}`;
const studioPost = (token: string, videoId: string, body: unknown) => call(postStudio, request("POST", `/api/videos/comments/${videoId}`, { token, body }), { videoId });
const studioPatch = (token: string, videoId: string, commentId: string, body: unknown) =>
  call(patchStudio, request("PATCH", `/api/videos/comments/${videoId}/${commentId}`, { token, body }), { videoId, commentId });
const studioDelete = (token: string, videoId: string, commentId: string) => call(deleteStudio, request("DELETE", `/api/videos/comments/${videoId}/${commentId}`, { token }), { videoId, commentId });
const guestPost = (g: string, videoId: string, body: unknown, cookie: string) => call(postGuest, request("POST", `/api/public/comments/${videoId}${q(g)}`, { cookie, body }), { videoId });
const studioList = async (token: string, videoId: string) =>
  (await call(listStudio, request("GET", `/api/videos/comments/${videoId}`, { token }), { videoId }).then((r) => r.json())) as { cursor: number; comments: CommentDto[] };

/** Opens a stream door; a 200 is read as events (closed after the test). */
async function studioLive(token: string, videoId: string, opts: { after?: number | string; lastEventId?: string } = {}) {
  const query = opts.after !== undefined ? `?after=${opts.after}` : "";
  const res = await call(liveStudio, request("GET", `/api/videos/comments/${videoId}/live${query}`, { token, headers: opts.lastEventId ? { "last-event-id": opts.lastEventId } : {} }), { videoId });
  return res;
}
async function guestLive(g: string, videoId: string, cookie: string, after?: number) {
  const query = `${q(g)}${after !== undefined ? `&after=${after}` : ""}`;
  return call(liveGuest, request("GET", `/api/public/comments/${videoId}/live${query}`, { cookie }), { videoId });
}
function follow(res: Response): SseReader {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  expect(res.headers.get("cache-control")).toContain("no-transform");
  const s = readSse(res);
  open.push(s);
  return s;
}
const reviewEvents = (s: SseReader) => s.events.filter((e) => e.event === "review").map((e) => e.json() as ReviewLiveEvent);
const commentId = async (res: Response) => ((await res.json()) as { comment: CommentDto }).comment.id;

describe("live review streams", () => {
  it("brings a comment, a reply, a resolve, an edit and a delete to the studio and a guest within a second, each as its reader sees it", async () => {
    const s = await setup();
    const { cursor } = await studioList(s.token, s.film.id);
    const studio = follow(await studioLive(s.token, s.film.id, { after: cursor }));
    const guest = follow(await guestLive(s.slug, s.film.id, s.anna.cookie, cursor));
    await until(async () => reviewBus().listening, 5000, 20);

    const started = Date.now();
    const first = await commentId(await guestPost(s.slug, s.film.id, { text: "Too loud at the kiss", time: 12 }, s.anna.cookie));
    const [created] = await studio.until(1, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(created.event).toBe("review");
    expect(created.json()).toMatchObject({ kind: "created", commentId: first, comment: { text: "Too loud at the kiss", time: 12, author: { name: "Anna", kind: "guest", self: false } } });
    const [mine] = await guest.until(1, 1000);
    expect(mine.json()).toMatchObject({ kind: "created", comment: { id: first, author: { self: true } } });
    expect((mine.json() as { comment: CommentDto }).comment.editableUntil).not.toBeNull();
    expect(mine.id).toBe(created.id);

    const reply = await commentId(await studioPost(s.token, s.film.id, { text: "Lowering it", parentId: first }));
    await studioPatch(s.token, s.film.id, first, { resolved: true });
    await studioPatch(s.token, s.film.id, reply, { text: "Lowering it by 3 dB" });
    await studioDelete(s.token, s.film.id, reply);
    await studio.until(5, 2000);
    await guest.until(5, 2000);
    expect(reviewEvents(guest).map((e) => e.kind)).toEqual(["created", "created", "updated", "updated", "deleted"]);
    // Rendered when sent: the reply's later events carry it as it is then; the guest sees the studio's reply as not theirs.
    const events = reviewEvents(guest);
    expect(events[1]).toMatchObject({ kind: "created", comment: { parentId: first, author: { kind: "studio", self: false } } });
    expect(events[2]).toMatchObject({ kind: "updated", commentId: first, comment: { resolved: true } });
    expect(events[4]).toEqual({ kind: "deleted", commentId: reply });
    // Ids rise: what Last-Event-ID resumes from.
    const ids = guest.events.map((e) => BigInt(e.id!));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // The list kept from the events is the list the door answers.
    let kept: CommentDto[] = [];
    for (const e of reviewEvents(studio)) kept = applyReviewEvent(kept, e);
    const now = await studioList(s.token, s.film.id);
    expect(kept.map((c) => [c.id, c.resolved, c.text])).toEqual(now.comments.map((c) => [c.id, c.resolved, c.text]));
    expect(now.cursor).toBe(Number(studio.events.at(-1)!.id));
  });

  it("tells the stream of a decision", async () => {
    const s = await setup();
    const guest = follow(await guestLive(s.slug, s.film.id, s.anna.cookie, (await studioList(s.token, s.film.id)).cursor));
    const res = await call(decidePut, request("PUT", `/api/public/approval/${s.film.id}${q(s.slug)}`, { cookie: s.anna.cookie, body: { decision: "approved" } }), { videoId: s.film.id });
    expect(res.status).toBe(200);
    const [e] = await guest.until(1, 1000);
    expect(e.json()).toEqual({ kind: "approval" });
    // The same decision again changes nothing and tells nobody.
    await call(decidePut, request("PUT", `/api/public/approval/${s.film.id}${q(s.slug)}`, { cookie: s.anna.cookie, body: { decision: "approved" } }), { videoId: s.film.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(guest.events).toHaveLength(1);
  });

  it("resumes after a dropped stream from Last-Event-ID with exactly what was missed, and from the list's cursor without a gap", async () => {
    const s = await setup();
    const a = await commentId(await studioPost(s.token, s.film.id, { text: "one", time: 1 }));
    const first = follow(await studioLive(s.token, s.film.id, { after: 0 }));
    await first.until(1, 1000);
    await first.close();
    await first.ended;
    // While nobody listens: two comments and a resolve.
    const b = await commentId(await studioPost(s.token, s.film.id, { text: "two", time: 2 }));
    const c = await commentId(await studioPost(s.token, s.film.id, { text: "three", time: 3 }));
    await studioPatch(s.token, s.film.id, a, { resolved: true });
    // The browser's reconnect: Last-Event-ID wins over the page's `after`.
    const again = follow(await studioLive(s.token, s.film.id, { after: 0, lastEventId: first.events[0].id! }));
    const missed = await again.until(3, 1000);
    expect(missed.map((e) => (e.json() as { commentId: string }).commentId)).toEqual([b, c, a]);
    await new Promise((r) => setTimeout(r, 200));
    expect(again.events).toHaveLength(3);
  });

  it("loses nothing while its listener reconnects, and hears a commit made on another connection (another instance's)", async () => {
    const s = await setup();
    const stream = follow(await studioLive(s.token, s.film.id, { after: (await studioList(s.token, s.film.id)).cursor }));
    await until(async () => reviewBus().listening, 5000, 20);
    // A second instance: its own listener hears the same commits.
    const second = newReviewBus(env().DATABASE_URL);
    let heard = 0;
    const off = second.subscribe(s.film.id, () => (heard += 1));
    await until(async () => second.listening, 5000, 20);
    heard = 0;
    reviewBus().drop();
    const id = await commentId(await studioPost(s.token, s.film.id, { text: "while down", time: 4 }));
    const [e] = await stream.until(1, 3000);
    expect((e.json() as { commentId: string }).commentId).toBe(id);
    await until(async () => heard > 0, 2000, 20);
    off();
    await second.close();
  });

  it("keeps a film's events in commit order under concurrent writers, and sends each once", async () => {
    const s = await setup();
    const stream = follow(await studioLive(s.token, s.film.id, { after: 0 }));
    const guests = await Promise.all(Array.from({ length: 4 }, (_, i) => createGuest(s.gallery.id, s.studio.id, { mayComment: true }, `G${i}`)));
    const posts = await Promise.all(Array.from({ length: 20 }, (_, i) => guestPost(s.slug, s.film.id, { text: `note ${i}`, time: i }, guests[i % 4].cookie)));
    expect(posts.every((r) => r.status === 201)).toBe(true);
    await stream.until(20, 3000);
    await new Promise((r) => setTimeout(r, 300));
    const got = reviewEvents(stream).map((e) => (e as { commentId: string }).commentId);
    expect(new Set(got).size).toBe(20);
    expect(got).toHaveLength(20);
    // Ids rise in the order the comments were written (each event written under the film's lock, to its commit).
    const rows = await db.reviewEvent.findMany({ where: { videoId: s.film.id }, orderBy: { id: "asc" }, select: { commentId: true } });
    expect(rows.map((r) => r.commentId)).toEqual(got);
  });

  it("answers reset when the cursor is older than what is kept, and prunes events after their week", async () => {
    const s = await setup();
    await studioPost(s.token, s.film.id, { text: "old", time: 1 });
    const old = await db.reviewEvent.findFirstOrThrow({ where: { videoId: s.film.id } });
    await db.reviewEvent.update({ where: { id: old.id }, data: { at: new Date(Date.now() - (REVIEW_EVENT_DAYS + 1) * 86_400_000) } });
    expect((await pruneReviewEvents()).pruned).toBeGreaterThanOrEqual(1);
    expect(await db.reviewEvent.count({ where: { videoId: s.film.id } })).toBe(0);
    const stream = follow(await studioLive(s.token, s.film.id, { after: Number(old.id) }));
    const [reset] = await stream.until(1, 1000);
    expect(reset.event).toBe("reset");
    const id = await commentId(await studioPost(s.token, s.film.id, { text: "new", time: 2 }));
    const [, next] = await stream.until(2, 1000);
    expect((next.json() as { commentId: string }).commentId).toBe(id);
  });

  it("ends a stream at its life, when the client leaves, and frees the reader's slot", async () => {
    const s = await setup();
    const body = await reviewStream({ videoId: s.film.id, reader: "life-test", after: BigInt(0), render: async () => [], lifeMs: 100 });
    const sse = readSse(new Response(body));
    await sse.ended;
    expect(sse.retry).toBe(1000);
    // A reader's streams are capped; one closed frees its place.
    const streams = await Promise.all(Array.from({ length: STREAMS_PER_READER }, () => studioLive(s.token, s.film.id)));
    streams.forEach((r) => follow(r));
    const refused = await studioLive(s.token, s.film.id);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
    await open.pop()!.close();
    await until(async () => (await studioLive(s.token, s.film.id).then((r) => (r.status === 200 ? (follow(r), true) : false))) === true, 2000);
  });
});

describe("the stream doors' gates", () => {
  it("ends a guest's open stream within 5 s of the revoke of their link, in a gallery anyone with its link may open and in one for invited guests (issue 55 item 2)", async () => {
    for (const audience of ["LINK", "INVITED"] as const) {
      const s = await setup();
      await db.gallery.update({ where: { id: s.gallery.id }, data: { audience } });
      const guest = follow(await guestLive(s.slug, s.film.id, s.anna.cookie));
      const studio = follow(await studioLive(s.token, s.film.id));
      await new Promise((r) => setTimeout(r, 200));
      const revokedAt = Date.now();
      await db.galleryInvite.update({ where: { id: s.anna.id }, data: { revokedAt: new Date() } });
      await Promise.race([guest.ended, new Promise((_, reject) => setTimeout(() => reject(new Error(`the ${audience} guest's stream was still open 5 s after the revoke`)), 5000))]);
      expect(Date.now() - revokedAt).toBeLessThan(5000);
      // The studio's stream of the same film goes on; the guest's reconnect is refused.
      await studioPost(s.token, s.film.id, { text: "Still here", time: 1 });
      await studio.until(1, 2000);
      const again = await guestLive(s.slug, s.film.id, s.anna.cookie);
      expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([403, audience === "INVITED" ? "invite_invalid" : "forbidden"]);
    }
  });

  it("refuses another studio's film, a guest without review rights, a viewer without a link, and a malformed cursor, with nothing opened", async () => {
    const s = await setup();
    const other = await createStudio();
    const otherToken = await bearerFor(other);
    expect((await studioLive(otherToken, s.film.id)).status).toBe(404);
    expect((await call(liveStudio, request("GET", `/api/videos/comments/${s.film.id}/live`), { videoId: s.film.id })).status).toBe(401);
    expect((await guestLive(s.slug, s.film.id, s.viewer.cookie)).status).toBe(403);
    expect((await call(liveGuest, request("GET", `/api/public/comments/${s.film.id}/live${q(s.slug)}`), { videoId: s.film.id })).status).toBe(403);
    for (const bad of ["-1", "1e3", "abc", "99999999999999999999"]) expect((await studioLive(s.token, s.film.id, { after: bad })).status).toBe(400);
    expect((await studioLive(s.token, s.film.id, { lastEventId: "x" })).status).toBe(400);
    follow(await guestLive(s.slug, s.film.id, s.anna.cookie));
  });
});
