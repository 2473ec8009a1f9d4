// Guests play an earlier version the studio kept (issue 57 item 4): the public versions door lists
// a film's versions, and the playlist and stream doors take `v`, behind the same gate, audience and
// pay lock as the current version. An unpaid gallery offers none (the list holds the current one
// only, the doors answer 402); a version the film does not keep, or a film of another gallery, is a
// 404; a malformed `v` a 400.
import { GET as versionsDoor } from "@/app/api/public/versions/[videoId]/route";
import { GET as publicHls } from "@/app/api/public/hls/[videoId]/[playlist]/route";
import { GET as publicStream } from "@/app/api/public/stream/[videoId]/route";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { call, request } from "../helpers/requests";
import { putLadder } from "../helpers/hls";
import { putObjects } from "../helpers/storage";
import { createFolderWithGallery, createGuest, createStudio } from "../helpers/factories";
import type { Video } from "@/generated/prisma/client";

jest.setTimeout(60_000);

/** A film on its version 2 (its ladder and stream copy), with version 1 kept as the worker left it. */
async function filmWithV1(film: Video): Promise<{ v1Key: string; v2: Video }> {
  const v1Key = film.storageKey.replace(/[^/]+$/, "first-cut.mp4");
  await putObjects([v1Key]);
  const v1 = await putLadder(await db.video.update({ where: { id: film.id }, data: { storageKey: v1Key } }), { streamCopy: true });
  await db.videoVersion.create({
    data: {
      videoId: film.id,
      adminId: film.adminId,
      version: 1,
      storageKey: v1Key,
      sizeBytes: 10n,
      hlsKey: v1.hlsKey,
      streamKey: v1.streamKey,
      durationSec: 10,
      processedAt: new Date(),
      filedAt: new Date(),
    },
  });
  await putObjects([film.storageKey]);
  const v2 = await putLadder(await db.video.update({ where: { id: film.id }, data: { storageKey: film.storageKey, version: 2, durationSec: 12 } }), { streamCopy: true });
  return { v1Key, v2 };
}

async function setup() {
  const studio = await createStudio();
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
  const { v1Key, v2 } = await filmWithV1(videos[0]);
  const g = gallery.customUrl!;
  const ask = (cookie?: string, videoId = v2.id) => ({
    list: () => call(versionsDoor, request("GET", `/api/public/versions/${videoId}?g=${g}`, { cookie }), { videoId }),
    hls: (name: string, v?: string) => call(publicHls, request("GET", `/api/public/hls/${videoId}/${name}?g=${g}${v === undefined ? "" : `&v=${v}`}`, { cookie }), { videoId, playlist: name }),
    stream: (v?: string) => call(publicStream, request("GET", `/api/public/stream/${videoId}?g=${g}${v === undefined ? "" : `&v=${v}`}`, { cookie }), { videoId }),
  });
  return { studio, gallery, film: v2, other: videos[1], v1Key, g, ask };
}

/** The unique part of a stored file's name, as it shows in any address of it. */
const nameOf = (key: string) =>
  key
    .split("/")
    .pop()!
    .replace(/\.mp4$/, "");
const codeOf = async (res: Response) => [res.status, ((await res.json()) as { code: string }).code];

describe("earlier versions for guests", () => {
  it("lists the versions with playback through the viewer's doors, and plays v1: its playlists and, for a viewer who may download, its MP4", async () => {
    const s = await setup();
    const doors = s.ask();
    const list = await doors.list();
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const body = (await list.json()) as { current: number; versions: { version: number; current: boolean; playback: { sources: { src: string; type: string }[] } | null }[] };
    expect(body.current).toBe(2);
    expect(body.versions.map((v) => [v.version, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(body.versions[1].playback!.sources).toEqual([
      { src: `/api/public/hls/${s.film.id}/master.m3u8?g=${s.g}&v=1`, type: "application/x-mpegurl" },
      { src: `/api/public/stream/${s.film.id}?g=${s.g}&v=1`, type: "video/mp4" },
    ]);

    const master = await doors.hls("master.m3u8", "1");
    expect(master.status).toBe(200);
    expect(await master.text()).toContain(`720p.m3u8?g=${s.g}&v=1`);
    const v1Variant = await (await doors.hls("720p.m3u8", "1")).text();
    expect(v1Variant).toContain(nameOf(s.v1Key));
    expect(v1Variant).not.toContain(nameOf(s.film.storageKey));
    // Without `v`, the current version, as before.
    const v2Variant = await (await doors.hls("720p.m3u8")).text();
    expect(v2Variant).toContain(nameOf(s.film.storageKey));
    expect(v2Variant).not.toContain(nameOf(s.v1Key));
    // The current version's number is the current version.
    expect(await (await doors.hls("720p.m3u8", "2")).text()).toContain(nameOf(s.film.storageKey));

    const mp4 = await doors.stream("1");
    expect(mp4.status).toBe(302);
    expect(mp4.headers.get("location")).toContain(nameOf(s.v1Key));
    // Downloads off: v1's MP4 is a download like v2's (it plays by its ladder).
    await db.gallery.update({ where: { id: s.gallery.id }, data: { settingDownload: false } });
    expect(await codeOf(await doors.stream("1"))).toEqual([403, "downloads_off"]);
    expect((await doors.hls("master.m3u8", "1")).status).toBe(200);
    const noMp4 = (await (await doors.list()).json()) as typeof body;
    expect(noMp4.versions[1].playback!.sources.map((x) => x.type)).toEqual(["application/x-mpegurl"]);
  });

  it("the same gate and audience as the current version: a locked gallery, a gallery for invited guests without a link, an expired one refuse v1 as they refuse v2", async () => {
    const s = await setup();
    await db.gallery.update({ where: { id: s.gallery.id }, data: { passwordHash: await hashPassword("secret-pass"), passwordVersion: 1 } });
    for (const res of [await s.ask().list(), await s.ask().hls("master.m3u8", "1"), await s.ask().stream("1")]) expect(await codeOf(res)).toEqual([401, "gallery_locked"]);

    await db.gallery.update({ where: { id: s.gallery.id }, data: { passwordHash: null, audience: "INVITED" } });
    for (const res of [await s.ask().list(), await s.ask().hls("master.m3u8", "1")]) expect(await codeOf(res)).toEqual([403, "invite_required"]);
    const anna = await createGuest(s.gallery.id, s.studio.id, { mayComment: true });
    expect((await s.ask(anna.cookie).list()).status).toBe(200);
    expect((await s.ask(anna.cookie).hls("master.m3u8", "1")).status).toBe(200);
    const revoked = await createGuest(s.gallery.id, s.studio.id, {}, "Ben", { revokedAt: new Date() });
    expect(await codeOf(await s.ask(revoked.cookie).hls("720p.m3u8", "1"))).toEqual([403, "invite_invalid"]);

    await db.gallery.update({ where: { id: s.gallery.id }, data: { audience: "LINK", expiresAt: new Date(Date.now() - 1000) } });
    for (const res of [await s.ask().list(), await s.ask().hls("720p.m3u8", "1")]) expect(await codeOf(res)).toEqual([403, "gallery_expired"]);
  });

  it("an unpaid gallery (Pay to unlock) offers no earlier version: the list holds the current one, the doors answer 402; once paid, v1 plays", async () => {
    const s = await setup();
    await db.gallery.update({ where: { id: s.gallery.id }, data: { priceAmount: 50_000, priceCurrency: "eur", payToUnlock: true } });
    const unpaid = (await (await s.ask().list()).json()) as { versions: { version: number }[] };
    expect(unpaid.versions.map((v) => v.version)).toEqual([2]);
    for (const res of [await s.ask().hls("master.m3u8", "1"), await s.ask().hls("720p.m3u8", "1"), await s.ask().stream("1")]) expect(await codeOf(res)).toEqual([402, "payment_required"]);

    await db.gallery.update({ where: { id: s.gallery.id }, data: { paidAt: new Date(), paidVia: "hand", paidAmount: 50_000 } });
    expect(((await (await s.ask().list()).json()) as { versions: unknown[] }).versions).toHaveLength(2);
    expect((await s.ask().hls("720p.m3u8", "1")).status).toBe(200);
  });

  it("a version the film does not keep, another film's version, a film of another gallery: 404; a malformed v: 400; nothing is served", async () => {
    const s = await setup();
    expect(await codeOf(await s.ask().hls("master.m3u8", "7"))).toEqual([404, "not_found"]);
    expect(await codeOf(await s.ask().stream("7"))).toEqual([404, "not_found"]);
    // The other film of the gallery is on its version 3 and keeps none: film 1's v1 is not its.
    await putLadder(await db.video.update({ where: { id: s.other.id }, data: { version: 3 } }));
    expect(await codeOf(await s.ask(undefined, s.other.id).hls("master.m3u8", "1"))).toEqual([404, "not_found"]);
    expect((await s.ask(undefined, s.other.id).hls("master.m3u8")).status).toBe(200);
    // A film of another gallery of the same studio, asked through this gallery.
    const elsewhere = await createFolderWithGallery(s.studio.id, { videos: 1 });
    const foreign = await filmWithV1(elsewhere.videos[0]);
    for (const res of [await s.ask(undefined, foreign.v2.id).list(), await s.ask(undefined, foreign.v2.id).hls("master.m3u8", "1")]) expect(await codeOf(res)).toEqual([404, "not_found"]);
    for (const v of ["0", "x", "1.5", "-1"]) expect((await s.ask().hls("master.m3u8", v)).status).toBe(400);
  });
});
