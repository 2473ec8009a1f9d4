// Issue 41 item 3: the watermarked preview ladder of a film in an unpaid gallery. Made by the
// worker's job (makePreview) with real ffmpeg, store and database: at most 720p, the studio's text or
// logo burned into the picture where it chose (read back as pixels), published in one conditional
// update, never for a file replaced meanwhile, dropped with its objects once the gallery is paid,
// queued only for the films that need one, cleared with a new file and swept when no film names it.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { ffmpeg } from "@/lib/media/ffmpeg";
import * as objects from "@/lib/storage/objects";
import { downloadToFile, listKeys, readText } from "@/lib/storage/objects";
import { queue } from "@/lib/jobs/queue";
import { previewJob } from "@/lib/jobs/kinds";
import { dropPreviews, makePreview, previewPrefix, previewStamp, previewThumbKeyOf, queuePreviews, queueStudioPreviews, watermarkOf } from "@/lib/services/films/video-preview";
import { afterFiling, replaceVideoFile } from "@/lib/services/films/videos";
import { processVideo } from "@/lib/services/films/video-processing";
import { sweepOrphanedObjects } from "@/lib/services/films/storage-sweep";
import { createStudio } from "../helpers/factories";
import { putObjects } from "../helpers/storage";
import { clipArgs } from "../helpers/test-clip";
import type { Prisma } from "@/generated/prisma/client";

// The worker's uploads can be watched (and a new file slipped in) without changing what they do.
jest.mock("@/lib/storage/objects", () => {
  const actual = jest.requireActual("@/lib/storage/objects");
  return { ...actual, uploadFile: jest.fn(actual.uploadFile) };
});
const realUpload = jest.requireActual("@/lib/storage/objects").uploadFile as typeof objects.uploadFile;
const uploadSpy = objects.uploadFile as jest.MockedFunction<typeof objects.uploadFile>;
afterEach(() => uploadSpy.mockImplementation(realUpload));

jest.setTimeout(120_000);

/** A flat dark picture: a white mark raises its brightness where it is drawn, and nowhere else. */
const DARK = "color=c=0x202020";
let dir: string;
let dark1080: string;
let dark360: string;
let logo: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vidfolio-preview-"));
  dark1080 = path.join(dir, "dark1080.mp4");
  dark360 = path.join(dir, "dark360.mp4");
  logo = path.join(dir, "logo.png");
  await ffmpeg(clipArgs(dark1080, { seconds: 2, size: "1920x1080", toneHz: 440, picture: DARK }));
  await ffmpeg(clipArgs(dark360, { seconds: 2, size: "640x360", picture: DARK }));
  await ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=200x100", "-frames:v", "1", logo]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const LOCKED = { priceAmount: 50_000, priceCurrency: "eur", payToUnlock: true } as const;

/** A studio (its watermark as given), a gallery priced as given (held back by default) and a READY film of `file` in it. */
async function filmIn(file: string, { gallery = LOCKED as Partial<Prisma.GalleryCreateInput>, studio = {} as Prisma.AdminUpdateInput } = {}) {
  const admin = await createStudio({ creditsMb: 100 });
  if (Object.keys(studio).length) await db.admin.update({ where: { id: admin.id }, data: studio });
  const folder = await db.folder.create({ data: { name: "F", adminId: admin.id } });
  const g = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: admin.id, customUrl: `pv-${randomUUID()}`, ...gallery } as Prisma.GalleryUncheckedCreateInput });
  const key = `${admin.id}/${folder.id}/${g.id}/abc_${path.basename(file)}`;
  await realUpload(key, file, "video/mp4");
  const video = await db.video.create({ data: { title: "Film", storageKey: key, galleryId: g.id, adminId: admin.id, status: "READY" } });
  return { admin: await db.admin.findUniqueOrThrow({ where: { id: admin.id } }), gallery: g, video, key };
}

/** The luma (0–255) of the frame at `at` seconds of `input`, scaled to 640×360. */
async function luma(input: string, at = 1): Promise<Buffer> {
  const out = path.join(dir, `${randomUUID()}.gray`);
  await ffmpeg(["-i", input, "-ss", String(at), "-frames:v", "1", "-vf", "scale=640:360", "-f", "rawvideo", "-pix_fmt", "gray", out]);
  return readFile(out);
}

type Box = { x: number; y: number; w: number; h: number };
/** The brightest pixel of a box of a 640×360 luma frame. */
function brightest(frame: Buffer, b: Box): number {
  let max = 0;
  for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) max = Math.max(max, frame[y * 640 + x]);
  return max;
}
const TOP_LEFT: Box = { x: 0, y: 0, w: 200, h: 90 };
const BOTTOM_RIGHT: Box = { x: 400, y: 270, w: 240, h: 90 };

/** A preview's objects downloaded, and the path of its 360p rung's playlist. */
async function downloadPreview(previewKey: string): Promise<{ rung360: string; names: string[] }> {
  const prefix = previewKey.slice(0, previewKey.lastIndexOf("/") + 1);
  const local = await mkdtemp(path.join(dir, "preview-"));
  const keys = await listKeys(prefix);
  for (const k of keys) await downloadToFile(k, path.join(local, k.slice(prefix.length)));
  return { rung360: path.join(local, "360p.m3u8"), names: keys.map((k) => k.slice(prefix.length)) };
}

const previewKeys = async (storageKey: string) => (await listKeys(`${storageKey}.derived/`)).filter((k) => k.includes("/preview-"));

describe("makePreview", () => {
  it("publishes a ladder of at most 720p with the studio's text burned in where it chose, with the sound", async () => {
    const hostile = `Studio's "50%" a:b\\c, d; [e] %{pts}`;
    const { video, key, admin } = await filmIn(dark1080, { studio: { watermarkText: hostile, watermarkPosition: "bottom-right", watermarkOpacity: 90 } });
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("ready");

    const film = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    const stamp = previewStamp(key, watermarkOf(admin));
    expect(film).toMatchObject({ previewStamp: stamp, previewKey: `${previewPrefix(key, stamp)}master.m3u8` });
    expect(film.previewAt).toBeInstanceOf(Date);
    // The film's own renditions are untouched: the preview is a ladder of its own.
    expect(film.hlsKey).toBeNull();

    const master = await readText(film.previewKey!);
    expect([...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]))).toEqual([360, 720]);
    expect(master).toContain('TYPE=AUDIO,GROUP-ID="audio"');
    const { rung360, names } = await downloadPreview(film.previewKey!);
    expect(names).toEqual(expect.arrayContaining(["master.m3u8", "360p.m3u8", "720p.m3u8", "audio.m3u8"]));
    expect(names.some((n) => /^1080p/.test(n))).toBe(false);

    // The pixels: the preview's frame is brighter than the source's in the chosen corner, and only there.
    const [preview, source] = await Promise.all([luma(rung360), luma(dark1080)]);
    expect(brightest(preview, BOTTOM_RIGHT)).toBeGreaterThan(brightest(source, BOTTOM_RIGHT) + 80);
    expect(brightest(preview, TOP_LEFT)).toBeLessThan(brightest(source, TOP_LEFT) + 8);
  });

  it("burns in the studio's logo (a PNG) instead, when it chose it", async () => {
    const { video } = await filmIn(dark360);
    const logoKey = `${video.adminId}/assets/abc_logo.png`;
    await realUpload(logoKey, logo, "image/png");
    await db.admin.update({ where: { id: video.adminId }, data: { companyLogoUrl: logoKey, watermarkLogo: true, watermarkPosition: "top-left", watermarkOpacity: 80 } });
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("ready");

    const film = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    const { rung360, names } = await downloadPreview(film.previewKey!);
    expect(names.some((n) => n.startsWith("720p"))).toBe(false);
    const [preview, source] = await Promise.all([luma(rung360), luma(dark360)]);
    // 1/5 of the frame's width, 4 % from the top-left corner; nothing at the opposite corner.
    expect(brightest(preview, { x: 30, y: 20, w: 80, h: 40 })).toBeGreaterThan(brightest(source, TOP_LEFT) + 100);
    expect(brightest(preview, BOTTOM_RIGHT)).toBeLessThan(brightest(source, BOTTOM_RIGHT) + 8);
  });

  it("skips a film whose gallery is not held back (no Pay to unlock, paid, or the deposit covers it), and one whose preview is current", async () => {
    for (const gallery of [
      { priceAmount: 50_000, priceCurrency: "eur", payToUnlock: false },
      { ...LOCKED, paidAt: new Date() },
      { ...LOCKED, priceDeposit: 50_000 },
    ]) {
      const { video, key } = await filmIn(dark360, { gallery });
      expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("skip");
      expect(await previewKeys(key)).toEqual([]);
    }
    const { video, key } = await filmIn(dark360);
    await db.video.update({ where: { id: video.id }, data: { status: "PROCESSING" } });
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("skip");
    await db.video.update({ where: { id: video.id }, data: { status: "READY" } });
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("ready");
    const made = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    const objectsMade = await previewKeys(key);

    // Current: nothing encoded, nothing stored, nothing written.
    uploadSpy.mockClear();
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("skip");
    expect(uploadSpy).not.toHaveBeenCalled();
    expect((await db.video.findUniqueOrThrow({ where: { id: video.id } })).previewAt).toEqual(made.previewAt);
    expect(await previewKeys(key)).toEqual(objectsMade);
  });

  it("a new watermark makes a new preview, which replaces the old one (its objects go)", async () => {
    const { video, key } = await filmIn(dark360);
    await makePreview(video.id, { playableFirstMaxMs: 0 });
    const first = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    await db.admin.update({ where: { id: video.adminId }, data: { watermarkOpacity: 70 } });
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("ready");
    const second = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    expect(second.previewStamp).not.toBe(first.previewStamp);
    const keys = await previewKeys(key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.startsWith(previewPrefix(key, second.previewStamp!)))).toBe(true);
  });

  it("publishes nothing, and leaves nothing in the store, when the film's file is replaced during the encode", async () => {
    const { video, key } = await filmIn(dark360);
    let replaced = false;
    uploadSpy.mockImplementation(async (k, file, type) => {
      await realUpload(k, file, type);
      if (k.includes("/preview-") && !replaced) {
        replaced = true;
        // A new file filed, as replaceVideoFile files it: another key, processing again, no preview.
        await db.video.update({ where: { id: video.id }, data: { storageKey: `${key}_v2`, status: "PROCESSING", previewKey: null, previewStamp: null, previewAt: null } });
      }
    });
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("gone");
    expect(replaced).toBe(true);
    expect(await db.video.findUniqueOrThrow({ where: { id: video.id } })).toMatchObject({ previewKey: null, previewStamp: null, previewAt: null });
    expect(await previewKeys(key)).toEqual([]);
  });
});

describe("dropPreviews", () => {
  it("removes a paid gallery's previews, objects and fields; again, nothing; a gallery still held back keeps them", async () => {
    const { video, key, gallery } = await filmIn(dark360);
    await makePreview(video.id, { playableFirstMaxMs: 0 });
    expect((await previewKeys(key)).length).toBeGreaterThan(0);

    expect(await dropPreviews(gallery.id)).toBe(0);
    expect((await db.video.findUniqueOrThrow({ where: { id: video.id } })).previewKey).not.toBeNull();

    await db.gallery.update({ where: { id: gallery.id }, data: { paidAt: new Date() } });
    expect(await dropPreviews(gallery.id)).toBe(1);
    expect(await db.video.findUniqueOrThrow({ where: { id: video.id } })).toMatchObject({ previewKey: null, previewStamp: null, previewAt: null });
    expect(await previewKeys(key)).toEqual([]);
    expect(await dropPreviews(gallery.id)).toBe(0);
  });
});

describe("queuePreviews", () => {
  const queued = async (videoIds: string[]) => {
    const boss = await queue();
    const { rows } = await boss
      .getDb()
      .executeSql(`SELECT data->>'videoId' AS id FROM pgboss.job WHERE name = $1 AND data->>'videoId' = ANY($2::text[]) AND state < 'active'`, [previewJob.name(), videoIds]);
    return (rows as { id: string }[]).map((r) => r.id).sort();
  };

  it("queues a job for each READY film without a preview of the current stamp, and only while the gallery is held back", async () => {
    const { video: needs, gallery, admin } = await filmIn(dark360);
    const base = { galleryId: gallery.id, adminId: admin.id, title: "F" };
    const current = await db.video.create({ data: { ...base, storageKey: `${needs.storageKey}_2`, status: "READY" } });
    const stamp = previewStamp(current.storageKey, watermarkOf(admin));
    // Current: of this stamp, with its thumbnail at the film's thumbnail time (issue 55 item 6).
    await db.video.update({
      where: { id: current.id },
      data: { previewStamp: stamp, previewKey: `${previewPrefix(current.storageKey, stamp)}master.m3u8`, previewThumbKey: previewThumbKeyOf(current, stamp) },
    });
    const stale = await db.video.create({ data: { ...base, storageKey: `${needs.storageKey}_3`, status: "READY", previewStamp: "0123456789ab", previewKey: "x/master.m3u8" } });
    const processing = await db.video.create({ data: { ...base, storageKey: `${needs.storageKey}_4`, status: "PROCESSING" } });
    const all = [needs.id, current.id, stale.id, processing.id];

    expect(await queuePreviews(gallery.id)).toBe(2);
    expect(await queued(all)).toEqual([needs.id, stale.id].sort());
    // Queued twice: one job per film.
    expect(await queuePreviews(gallery.id)).toBe(2);
    expect(await queued(all)).toEqual([needs.id, stale.id].sort());

    // A gallery not held back: none; the studio's held-back galleries: theirs.
    const other = await filmIn(dark360, { gallery: { priceAmount: 50_000, priceCurrency: "eur", payToUnlock: false } });
    expect(await queuePreviews(other.gallery.id)).toBe(0);
    expect(await queued([other.video.id])).toEqual([]);
    expect(await queueStudioPreviews(admin.id)).toBe(2);
    expect(await queueStudioPreviews(other.admin.id)).toBe(0);
  });
});

describe("a film becoming READY", () => {
  it("has its preview queued when its gallery is held back, and not otherwise", async () => {
    const locked = await filmIn(dark360);
    const open = await filmIn(dark360, { gallery: { priceAmount: 50_000, priceCurrency: "eur", payToUnlock: false } });
    for (const f of [locked, open]) await db.video.update({ where: { id: f.video.id }, data: { status: "PROCESSING" } });
    expect(await processVideo(locked.video.id)).toBe("ready");
    expect(await processVideo(open.video.id)).toBe("ready");
    const boss = await queue();
    const { rows } = await boss
      .getDb()
      .executeSql(`SELECT data->>'videoId' AS id FROM pgboss.job WHERE name = $1 AND data->>'videoId' = ANY($2::text[])`, [previewJob.name(), [locked.video.id, open.video.id]]);
    expect((rows as { id: string }[]).map((r) => r.id)).toEqual([locked.video.id]);
  });
});

describe("a film's new file", () => {
  async function newFile(videoId: string, adminId: string, galleryId: string, keep: boolean) {
    const key = `${(await db.video.findUniqueOrThrow({ where: { id: videoId } })).storageKey}_new_${randomUUID().slice(0, 8)}`;
    const upload = await db.upload.create({
      data: {
        adminId,
        galleryId,
        kind: "video",
        key,
        fileName: "new.mp4",
        contentType: "video/mp4",
        declaredBytes: 10,
        reservedBytes: 0,
        status: "COMPLETED",
        replaceVideoId: videoId,
        keepPrevious: keep,
      },
    });
    const filed = await db.$transaction((tx) => replaceVideoFile(tx, videoId, upload, BigInt(10), keep));
    await afterFiling(filed!);
    return filed!.video;
  }

  it("clears the preview (Replace: its objects go with the old file's)", async () => {
    const { video, key, gallery } = await filmIn(dark360);
    await makePreview(video.id, { playableFirstMaxMs: 0 });
    const after = await newFile(video.id, video.adminId, gallery.id, false);
    expect(after).toMatchObject({ previewKey: null, previewStamp: null, previewAt: null });
    expect(await previewKeys(key)).toEqual([]);
  });

  it("clears the preview (a new version: the kept version's preview is swept, its own renditions stay)", async () => {
    const { video, key, gallery } = await filmIn(dark360);
    await makePreview(video.id, { playableFirstMaxMs: 0 });
    const kept = `${key}.derived/hls/master.m3u8`;
    await putObjects([kept]);
    const after = await newFile(video.id, video.adminId, gallery.id, true);
    expect(after).toMatchObject({ previewKey: null, previewStamp: null });
    expect((await previewKeys(key)).length).toBeGreaterThan(0);
    await sweepOrphanedObjects({ prefix: `${video.adminId}/`, graceMs: 0 });
    expect(await previewKeys(key)).toEqual([]);
    expect(await listKeys(kept)).toEqual([kept]);
  });

  it("the sweep keeps the preview a film names and removes any other of its stamps", async () => {
    const { video, key } = await filmIn(dark360);
    await makePreview(video.id, { playableFirstMaxMs: 0 });
    const named = await previewKeys(key);
    const stray = [`${previewPrefix(key, "0123456789ab")}master.m3u8`, `${previewPrefix(key, "0123456789ab")}360p_000.ts`];
    await putObjects(stray);
    await sweepOrphanedObjects({ prefix: `${video.adminId}/`, graceMs: 0 });
    expect(await previewKeys(key)).toEqual(named);
  });
});
