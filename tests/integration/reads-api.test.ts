// The missing reads (issue 59 item 4): GET /api/galleries — the studio's galleries as their cards
// show them, paged newest first by (createdAt, id) as the folder view orders them, filtered by
// folder and by the cards' status chips — and GET /api/videos/:videoId — one film's status, what of
// it plays (the ladder's rungs, the fast-start copy), its versions. Another studio's rows never show:
// its folder in the filter lists nothing, its film is a 404. Bad input is a 400 that names it.
import { GET as listGalleriesRoute } from "@/app/api/galleries/route";
import { GET as readVideoRoute } from "@/app/api/videos/[videoId]/route";
import { db } from "@/lib/db";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { putLadder } from "../helpers/hls";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { bucket, s3 } from "@/lib/storage/client";
import { masterPlaylist, rungPlaylist } from "@/lib/media/ladder";
import type { GalleryListDto } from "@/lib/contract/folders";
import type { FilmReadDto } from "@/lib/contract/films";

const list = async (token: string, query: Record<string, string> = {}) => {
  const res = await call(listGalleriesRoute, request("GET", `/api/galleries?${new URLSearchParams(query)}`, { token }));
  return { status: res.status, body: await res.json() };
};
const page = async (token: string, query: Record<string, string> = {}) => {
  const r = await list(token, query);
  expect(r.status).toBe(200);
  return r.body as GalleryListDto;
};
/** Every page's gallery ids, following `next`. */
async function allPages(token: string, query: Record<string, string>): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const p: GalleryListDto = await page(token, { ...query, ...(cursor ? { cursor } : {}) });
    pages.push(p.galleries.map((g) => g._id));
    cursor = p.next;
  } while (cursor && pages.length < 20);
  return pages;
}
const read = async (token: string, videoId: string) => {
  const res = await call(readVideoRoute, request("GET", `/api/videos/${videoId}`, { token }), { videoId });
  return { status: res.status, body: await res.json() };
};

describe("GET /api/galleries", () => {
  let token: string;
  let otherToken: string;
  let folderA: string;
  let folderB: string;
  let otherFolder: string;
  /** The studio's galleries, newest first then by id (as the folder view orders them). */
  let order: string[];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const admin = await createStudio();
    token = await bearerFor(admin);
    const a = await createFolderWithGallery(admin.id);
    const b = await createFolderWithGallery(admin.id);
    folderA = a.folder.id;
    folderB = b.folder.id;
    const more = async (folderId: string, name: string, createdAt: string, data: object = {}) =>
      (await db.gallery.create({ data: { name, title: name, folderId, adminId: admin.id, customUrl: `reads-${name}-${folderId.slice(0, 8)}`, createdAt: new Date(createdAt), ...data } })).id;
    await db.gallery.update({ where: { id: a.gallery.id }, data: { createdAt: new Date("2026-01-01T00:00:00Z") } });
    await db.gallery.update({ where: { id: b.gallery.id }, data: { createdAt: new Date("2026-01-02T00:00:00Z") } });
    ids.plainA = a.gallery.id;
    ids.plainB = b.gallery.id;
    // Two created at the same millisecond: the id breaks the tie.
    ids.awaiting1 = await more(folderA, "awaiting1", "2026-02-01T00:00:00Z", { priceAmount: 50000, priceCurrency: "eur" });
    ids.awaiting2 = await more(folderB, "awaiting2", "2026-02-01T00:00:00Z", { priceAmount: 20000, priceCurrency: "eur" });
    ids.paid = await more(folderA, "paid", "2026-03-01T00:00:00Z", { priceAmount: 50000, priceCurrency: "eur", paidAt: new Date(), paidAmount: 50000, paidVia: "hand" });
    ids.review = await more(folderB, "review", "2026-04-01T00:00:00Z", { reviewMode: true });
    ids.expiring = await more(folderA, "expiring", "2026-05-01T00:00:00Z", { expiresAt: new Date(Date.now() + 3 * 24 * 3600 * 1000) });
    const rows = await db.gallery.findMany({ where: { adminId: admin.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    order = rows.map((r) => r.id);
    const other = await createStudio();
    otherToken = await bearerFor(other);
    otherFolder = (await createFolderWithGallery(other.id)).folder.id;
  });

  it("lists every gallery of the studio as its card shows it, with its folder, newest first then by id", async () => {
    const p = await page(token);
    expect(p.galleries.map((g) => g._id)).toEqual(order);
    expect(p.next).toBeNull();
    const card = p.galleries.find((g) => g._id === ids.awaiting1)!;
    expect(card).toMatchObject({ folderId: folderA, name: "awaiting1", status: { payment: { state: "awaiting", due: 50000, currency: "eur" }, review: null } });
    expect(p.galleries.find((g) => g._id === ids.review)!.status.review).toEqual({ films: 0, approved: 0, changes: 0, openComments: 0 });
  });

  it("pages by the cursor: every gallery once, in order, the last page's next null", async () => {
    const pages = await allPages(token, { limit: "3" });
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(order);
    expect((await allPages(token, { limit: "7" })).flat()).toEqual(order);
  });

  it("filters by folder; another studio's folder lists nothing", async () => {
    expect((await page(token, { folderId: folderA })).galleries.map((g) => g._id)).toEqual(order.filter((id) => [ids.plainA, ids.awaiting1, ids.paid, ids.expiring].includes(id)));
    expect(await page(token, { folderId: otherFolder })).toEqual({ galleries: [], next: null });
    expect(await page(otherToken, { folderId: folderA })).toEqual({ galleries: [], next: null });
  });

  it("filters by the cards' status chips, paged, and combined with the folder", async () => {
    const of = async (status: string, extra: Record<string, string> = {}) => (await allPages(token, { status, ...extra })).flat();
    expect(await of("all")).toEqual(order);
    expect(await of("paid")).toEqual([ids.paid]);
    expect(await of("review")).toEqual([ids.review]);
    expect(await of("expiring")).toEqual([ids.expiring]);
    expect(await of("changes")).toEqual([]);
    const awaiting = order.filter((id) => id === ids.awaiting1 || id === ids.awaiting2);
    const pages = await allPages(token, { status: "awaiting", limit: "1" });
    expect(pages).toEqual(awaiting.map((id) => [id]));
    expect(await of("awaiting", { folderId: folderB })).toEqual([ids.awaiting2]);
  });

  it("answers a 400 naming the fault for bad input", async () => {
    const bad: Record<string, string>[] = [
      { status: "overdue" },
      { folderId: "not-an-id" },
      { limit: "0" },
      { limit: "101" },
      { limit: "ten" },
      { cursor: "yesterday" },
      { cursor: `123_${"0".repeat(36)}` },
      { galleryId: ids.paid },
    ];
    for (const query of bad) {
      const r = await list(token, query);
      expect([query, r.status, r.body.code, typeof r.body.message]).toEqual([query, 400, "validation", "string"]);
    }
  });
});

describe("GET /api/videos/:videoId", () => {
  it("reads a ready film with its ladder, its stream copy and its kept versions", async () => {
    const admin = await createStudio();
    const token = await bearerFor(admin);
    const { gallery, videos } = await createFolderWithGallery(admin.id, { videos: 1 });
    await db.video.update({ where: { id: videos[0].id }, data: { durationSec: 12, width: 1280, height: 720, version: 2, versionAt: new Date("2026-06-02T00:00:00Z") } });
    const film = await putLadder(await db.video.findUniqueOrThrow({ where: { id: videos[0].id } }), { streamCopy: true });
    // The master as the worker writes it: two rungs and the shared audio.
    const rungs = [
      { rung: 360, width: 640, height: 360, kbps: 800 },
      { rung: 720, width: 1280, height: 720, kbps: 2800 },
    ];
    await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: film.hlsKey!, Body: masterPlaylist(rungs, true), ContentType: "application/vnd.apple.mpegurl" }));
    await db.videoVersion.create({
      data: { videoId: film.id, adminId: admin.id, version: 1, storageKey: `${film.storageKey}-v1`, sizeBytes: BigInt(1024), filedAt: new Date("2026-06-01T00:00:00Z") },
    });
    const r = await read(token, film.id);
    expect(r.status).toBe(200);
    const video = r.body.video as FilmReadDto;
    expect(video).toMatchObject({ id: film.id, title: "Video 1", galleryId: gallery.id, status: "READY", failureReason: null, durationSec: 12, width: 1280, height: 720, playable: true });
    expect(video.renditions.hls).toEqual({
      src: `/api/videos/hls/${film.id}/master.m3u8`,
      rungs: [
        { playlist: rungPlaylist(360), width: 640, height: 360, bandwidth: 928000 },
        { playlist: rungPlaylist(720), width: 1280, height: 720, bandwidth: 2928000 },
      ],
    });
    expect(video.renditions.stream?.src).toContain("stream.mp4");
    expect(video.versions).toEqual([
      { version: 2, current: true, filedAt: "2026-06-02T00:00:00.000Z" },
      { version: 1, current: false, filedAt: "2026-06-01T00:00:00.000Z" },
    ]);
  });

  it("reads a processing film as not playable, and a failed one with its reason", async () => {
    const admin = await createStudio();
    const token = await bearerFor(admin);
    const { videos } = await createFolderWithGallery(admin.id, { videos: 2 });
    await db.video.update({ where: { id: videos[0].id }, data: { status: "PROCESSING" } });
    const processing = (await read(token, videos[0].id)).body.video as FilmReadDto;
    expect(processing).toMatchObject({ status: "PROCESSING", playable: false, renditions: { hls: null, stream: null }, versions: [{ version: 1, current: true }] });
    await db.video.update({ where: { id: videos[1].id }, data: { status: "FAILED", failureReason: "The file is not a video.", failureCode: "image" } });
    expect((await read(token, videos[1].id)).body.video).toMatchObject({ status: "FAILED", failureReason: "The file is not a video.", playable: false });
  });

  it("plays a ready film without a ladder by its stream copy only, and not at all without either", async () => {
    const admin = await createStudio();
    const token = await bearerFor(admin);
    const { videos } = await createFolderWithGallery(admin.id, { videos: 2 });
    await db.video.update({ where: { id: videos[0].id }, data: { streamKey: `${videos[0].storageKey}.derived/stream.mp4`, optimizing: true } });
    expect((await read(token, videos[0].id)).body.video).toMatchObject({ playable: true, optimizing: true, renditions: { hls: null, stream: { src: expect.stringContaining("stream.mp4") } } });
    expect((await read(token, videos[1].id)).body.video).toMatchObject({ playable: false, renditions: { hls: null, stream: null } });
  });

  it("is a 404 for another studio's film, an unknown one and a malformed id", async () => {
    const owner = await createStudio();
    const { videos } = await createFolderWithGallery(owner.id, { videos: 1 });
    const other = await bearerFor(await createStudio());
    for (const id of [videos[0].id, "0190f6d2-8f4e-7c3a-9b1d-2e5f6a7b8c9d", "nope"]) {
      const r = await read(other, id);
      expect([id, r.status, r.body.code]).toEqual([id, 404, "not_found"]);
    }
  });
});
