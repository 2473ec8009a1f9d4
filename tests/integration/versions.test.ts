// A film's versions (issue 40 item 4): a new cut uploaded as the next version keeps the one before
// (its file, thumbnail and renditions, charged once at its upload); the studio lists and plays every
// version and deletes earlier ones; nothing of a kept version is swept, nothing of a deleted one
// stays; another studio sees none of it.
import { GET as versionsRoute } from "@/app/api/videos/versions/[videoId]/route";
import { DELETE as deleteVersionRoute } from "@/app/api/videos/versions/[videoId]/[version]/route";
import { DELETE as deleteVideoRoute } from "@/app/api/videos/deleteVideo/[videoId]/route";
import { GET as studioHls } from "@/app/api/videos/hls/[id]/[playlist]/route";
import { GET as reviewRoute } from "@/app/api/galleries/gallery/[id]/review/route";
import { GET as publicHls } from "@/app/api/public/hls/[videoId]/[playlist]/route";
import { GET as publicStream } from "@/app/api/public/stream/[videoId]/route";
import { GET as guestComments } from "@/app/api/public/comments/[videoId]/route";
import { GET as guestApproval } from "@/app/api/public/approval/[videoId]/route";
import { db } from "@/lib/db";
import { mbToBytes } from "@/lib/format";
import { sweepOrphanedObjects } from "@/lib/services/films/storage-sweep";
import { discardRun } from "@/lib/services/films/video-publish";
import { bearerFor, call, request } from "../helpers/requests";
import { balance, MB, studioWithGallery, uploadVideo } from "../helpers/uploads";
import { putLadder } from "../helpers/hls";
import { listKeys, objectExists, putObjects } from "../helpers/storage";
import { createGuest, createStudio } from "../helpers/factories";
import type { Video } from "@/generated/prisma/client";

type Studio = Awaited<ReturnType<typeof studioWithGallery>>;

/** A film uploaded and made READY with its ladder (as the worker leaves it). */
async function readyFilm(s: Studio, size = MB): Promise<Video> {
  const up = await uploadVideo(s.token, s.gallery.id, size);
  expect(up.res.status).toBe(200);
  const { video } = await up.res.json();
  await db.video.update({ where: { id: video._id }, data: { status: "READY", durationSec: 12, width: 1280, height: 720, frameRate: 25 } });
  return putLadder(await db.video.findUniqueOrThrow({ where: { id: video._id } }), { streamCopy: true });
}

const newVersion = (s: Studio, film: Pick<Video, "id">, size = MB) => uploadVideo(s.token, s.gallery.id, size, { replaceVideoId: film.id, keepPrevious: "true" });
const versions = (token: string, videoId: string) => call(versionsRoute, request("GET", `/api/videos/versions/${videoId}`, { token }), { videoId });
const removeVersion = (token: string, videoId: string, version: string) => call(deleteVersionRoute, request("DELETE", "/x", { token }), { videoId, version });
const hls = (token: string, videoId: string, name: string, v?: number) =>
  call(studioHls, request("GET", `/api/videos/hls/${videoId}/${name}${v === undefined ? "" : `?v=${v}`}`, { token }), { id: videoId, playlist: name });
const derivedOf = (key: string) => listKeys(`${key}.derived/`);
/** The unique part of an uploaded file's name (lib/storage/keys.ts uniqueName), as it shows in any address of it. */
const uniquePart = (key: string) => key.split("/").pop()!.split("_")[0];

describe("a film's versions", () => {
  it("keeps the cut a new version takes the place of, lists and plays both, and deletes the earlier one alone", async () => {
    const s = await studioWithGallery(100);
    const v1 = await readyFilm(s, 2 * MB);
    const v1Derived = await derivedOf(v1.storageKey);
    expect(v1Derived.length).toBeGreaterThan(3);
    await db.videoComment.create({ data: { videoId: v1.id, galleryId: s.gallery.id, adminId: s.studio.id, version: 1, time: 3, text: "Louder music", authorName: "Anna" } });

    const up = await newVersion(s, v1, 3 * MB);
    expect(up.res.status).toBe(200);
    const film = await db.video.findUniqueOrThrow({ where: { id: v1.id } });
    expect(film).toMatchObject({ version: 2, storageKey: up.fileName, status: "PROCESSING", title: v1.title, galleryId: v1.galleryId });
    // Nothing of v1 went: its file, its thumbnail, its ladder.
    expect(await objectExists(v1.storageKey)).toBe(true);
    expect(await derivedOf(v1.storageKey)).toEqual(v1Derived);
    // Charged once each, at upload; keeping v1 is not charged again and not returned.
    expect(await balance(s.studio.id)).toBe(mbToBytes(100) - BigInt(5 * MB));
    expect(await db.videoVersion.findMany({ where: { videoId: v1.id } })).toEqual([
      expect.objectContaining({ version: 1, storageKey: v1.storageKey, hlsKey: v1.hlsKey, thumbnailKey: v1.thumbnailKey, sizeBytes: BigInt(2 * MB), durationSec: 12 }),
    ]);

    // The list: v2 current (not playable while processing), v1 kept and playable, with its comment.
    const list = await (await versions(s.token, v1.id)).json();
    expect(list.current).toBe(2);
    expect(list.versions.map((v: { version: number; current: boolean; comments: number }) => [v.version, v.current, v.comments])).toEqual([
      [2, true, 0],
      [1, false, 1],
    ]);
    expect(list.versions[0].playback).toBeNull();
    const sources = list.versions[1].playback.sources;
    expect(sources[0]).toEqual({ src: `/api/videos/hls/${v1.id}/master.m3u8?v=1`, type: "application/x-mpegurl" });
    expect(sources[1].type).toBe("video/mp4");
    expect(sources[1].src).toContain(encodeURI(v1.streamKey!).split("/").pop());

    // v1's ladder through the studio's door: the master names variants with ?v=1, a variant signs its segments.
    const master = await hls(s.token, v1.id, "master.m3u8", 1);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain("720p.m3u8?v=1");
    const variant = await (await hls(s.token, v1.id, "720p.m3u8", 1)).text();
    expect(variant).toMatch(/720p_000\.ts\?X-Amz-/);
    expect((await hls(s.token, v1.id, "master.m3u8", 7)).status).toBe(404);
    // The current version (still processing) has no playlist yet.
    expect((await hls(s.token, v1.id, "master.m3u8")).status).toBe(404);

    // The gallery's review names the kept version.
    const review = await (await call(reviewRoute, request("GET", "/x", { token: s.token }), { id: s.gallery.id })).json();
    expect(review.review.films[0]).toMatchObject({ version: 2, kept: [1] });

    // The current version is not deleted here; an earlier one is, once; its comments stay.
    const refused = await removeVersion(s.token, v1.id, "2");
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("current_version");
    // A path naming no version names nothing that can exist (the house rule for path parameters).
    expect((await removeVersion(s.token, v1.id, "x")).status).toBe(404);
    expect((await removeVersion(s.token, v1.id, "0")).status).toBe(404);
    expect((await removeVersion(s.token, v1.id, "1")).status).toBe(200);
    expect((await removeVersion(s.token, v1.id, "1")).status).toBe(404);
    expect(await objectExists(v1.storageKey)).toBe(false);
    expect(await derivedOf(v1.storageKey)).toEqual([]);
    expect(await objectExists(up.fileName)).toBe(true);
    expect(await db.videoComment.count({ where: { videoId: v1.id, version: 1 } })).toBe(1);
    expect((await (await versions(s.token, v1.id)).json()).versions.map((v: { version: number }) => v.version)).toEqual([2]);
  });

  it("numbers versions filed at once one after the other, each keeping the one before", async () => {
    const s = await studioWithGallery(100);
    const v1 = await readyFilm(s);
    const first = await newVersion(s, v1);
    expect(first.res.status).toBe(200);
    await db.video.update({ where: { id: v1.id }, data: { status: "READY" } });
    const [a, b] = await Promise.all([newVersion(s, v1), newVersion(s, v1)]);
    expect([a.res.status, b.res.status]).toEqual([200, 200]);
    const film = await db.video.findUniqueOrThrow({ where: { id: v1.id } });
    // v2 was READY when the first of the two was filed; the second found v3 still processing and
    // took its place in the same version (a file that never played is replaced, not kept).
    expect(film.version).toBe(3);
    const kept = await db.videoVersion.findMany({ where: { videoId: v1.id }, orderBy: { version: "asc" } });
    expect(kept.map((k) => [k.version, k.storageKey])).toEqual([
      [1, v1.storageKey],
      [2, first.fileName],
    ]);
    const loser = [a, b].find((u) => u.fileName !== film.storageKey)!;
    expect(await objectExists(loser.fileName)).toBe(false);
  });

  it("replaces a file that never played in its version, and refuses keepPrevious without a film", async () => {
    const s = await studioWithGallery(100);
    const up = await uploadVideo(s.token, s.gallery.id, MB);
    const { video } = await up.res.json();
    const again = await newVersion(s, { id: video._id });
    expect(again.res.status).toBe(200);
    expect(await db.video.findUniqueOrThrow({ where: { id: video._id } })).toMatchObject({ version: 1, storageKey: again.fileName });
    expect(await db.videoVersion.count({ where: { videoId: video._id } })).toBe(0);
    expect(await objectExists(up.fileName)).toBe(false);
    await expect(uploadVideo(s.token, s.gallery.id, MB, { keepPrevious: "true" })).rejects.toThrow(/400.*keepPrevious needs replaceVideoId/);
    await expect(uploadVideo(s.token, s.gallery.id, MB, { replaceVideoId: video._id, keepPrevious: "yes" })).rejects.toThrow(/400.*keepPrevious is true or false/);
  });

  it("is the owner's alone: another studio's list, playlist and delete are 404s", async () => {
    const s = await studioWithGallery(100);
    const v1 = await readyFilm(s);
    expect((await newVersion(s, v1)).res.status).toBe(200);
    const other = await bearerFor(await createStudio({ creditsMb: 10 }));
    expect((await versions(other, v1.id)).status).toBe(404);
    expect((await hls(other, v1.id, "master.m3u8", 1)).status).toBe(404);
    expect((await removeVersion(other, v1.id, "1")).status).toBe(404);
    expect(await db.videoVersion.count({ where: { videoId: v1.id } })).toBe(1);
    // Another studio cannot upload a version of it either.
    const intruder = await studioWithGallery(100);
    await expect(uploadVideo(intruder.token, intruder.gallery.id, MB, { replaceVideoId: v1.id, keepPrevious: "true" })).rejects.toThrow(/404/);
  });

  it("keeps a kept version's objects from the sweep and a stale run, and deletes every version with the film", async () => {
    const s = await studioWithGallery(100);
    const v1 = await readyFilm(s);
    // A rung a ladder run stored for v1 after the new version took its place.
    await putObjects([`${v1.storageKey}.derived/hls/1080p_000.ts`]);
    expect((await newVersion(s, v1)).res.status).toBe(200);
    const before = await derivedOf(v1.storageKey);
    await discardRun(v1.storageKey);
    await sweepOrphanedObjects({ prefix: `${s.studio.id}/`, graceMs: 0, now: Date.now() + 1000 });
    expect(await derivedOf(v1.storageKey)).toEqual(before);
    expect(await objectExists(v1.storageKey)).toBe(true);

    const current = (await db.video.findUniqueOrThrow({ where: { id: v1.id } })).storageKey;
    expect((await call(deleteVideoRoute, request("DELETE", "/x", { token: s.token }), { videoId: v1.id })).status).toBe(200);
    expect(await listKeys(`${s.studio.id}/`)).toEqual([]);
    expect(await objectExists(current)).toBe(false);
    expect(await db.videoVersion.count({ where: { videoId: v1.id } })).toBe(0);
  });

  it("shows every guest the current version: its ladder and stream, its number on comments and decisions (an earlier one only when asked by `v`: tests/integration/public-versions.test.ts)", async () => {
    const s = await studioWithGallery(100);
    await db.gallery.update({ where: { id: s.gallery.id }, data: { reviewMode: true, settingDownload: true } });
    const v1 = await readyFilm(s);
    const anna = await createGuest(s.gallery.id, s.studio.id, { mayComment: true, mayApprove: true, mayDownload: true });
    const ben = await createGuest(s.gallery.id, s.studio.id, {}, "Ben");
    await db.videoComment.create({ data: { videoId: v1.id, galleryId: s.gallery.id, adminId: s.studio.id, version: 1, inviteId: anna.id, time: 2, text: "Shorter intro", authorName: "Anna" } });
    const up = await newVersion(s, v1);
    expect(up.res.status).toBe(200);
    const v2 = await putLadder(await db.video.update({ where: { id: v1.id }, data: { status: "READY" } }), { streamCopy: true });
    const g = s.gallery.customUrl!;
    const master = (cookie: string, extra = "") => call(publicHls, request("GET", `/api/public/hls/${v1.id}/master.m3u8?g=${g}${extra}`, { cookie }), { videoId: v1.id, playlist: "master.m3u8" });
    const variant = (cookie: string, extra = "") => call(publicHls, request("GET", `/api/public/hls/${v1.id}/720p.m3u8?g=${g}${extra}`, { cookie }), { videoId: v1.id, playlist: "720p.m3u8" });

    for (const guest of [anna, ben]) {
      expect((await master(guest.cookie)).status).toBe(200);
      // The segments are v2's unless v1 is asked for.
      for (const [extra, shown, hidden] of [
        ["", v2, v1],
        ["&v=1", v1, v2],
      ] as const) {
        const text = await (await variant(guest.cookie, extra)).text();
        expect(text).toContain(uniquePart(shown.storageKey));
        expect(text).not.toContain(uniquePart(hidden.storageKey));
      }
    }
    // Anna may download (approved or not, the stream door answers her v2's copy, never v1's file).
    await db.videoApproval.create({ data: { videoId: v1.id, galleryId: s.gallery.id, adminId: s.studio.id, inviteId: anna.id, guestName: "Anna", version: 2, decision: "APPROVED" } });
    const mp4 = await call(publicStream, request("GET", `/api/public/stream/${v1.id}?g=${g}`, { cookie: anna.cookie }), { videoId: v1.id });
    expect(mp4.status).toBe(302);
    expect(mp4.headers.get("location")).toContain(uniquePart(v2.storageKey));
    expect(mp4.headers.get("location")).not.toContain(uniquePart(v1.storageKey));
    // The review: the film is on v2, Anna's earlier comment says v1.
    const list = await (await call(guestComments, request("GET", `/api/public/comments/${v1.id}?g=${g}`, { cookie: anna.cookie }), { videoId: v1.id })).json();
    expect(list.version).toBe(2);
    expect(list.comments.map((c: { text: string; version: number }) => [c.text, c.version])).toEqual([["Shorter intro", 1]]);
    const approval = await (await call(guestApproval, request("GET", `/api/public/approval/${v1.id}?g=${g}`, { cookie: anna.cookie }), { videoId: v1.id })).json();
    expect(approval).toMatchObject({ version: 2, mayComment: true, mayApprove: true, state: { state: "approved", version: 2 } });
    // Ben has no review right: the review doors refuse him, as before.
    expect((await call(guestApproval, request("GET", `/api/public/approval/${v1.id}?g=${g}`, { cookie: ben.cookie }), { videoId: v1.id })).status).toBe(403);
  });
});
