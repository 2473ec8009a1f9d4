// Issue 17.7: a video deleted (or replaced) while the worker processes it left its renditions public
// (23 objects under a deleted video's key). The worker removes what it stored when the video is gone
// or has another file by the time it records the outcome, and the hourly sweep deletes objects no row
// owns, never one still in use.
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { ffmpeg } from "@/lib/media/ffmpeg";
import * as objects from "@/lib/storage/objects";
import { listKeys } from "@/lib/storage/objects";
import { removeVideoObjects } from "@/lib/services/films/videos";
import { sweepOrphanedObjects } from "@/lib/services/films/storage-sweep";
import { DELETE as deleteVideoRoute } from "@/app/api/videos/deleteVideo/[videoId]/route";
import { until } from "../helpers/until";
import { startWorkerProcess } from "../helpers/worker-process";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { putObjects } from "../helpers/storage";
import { bearerFor, call, request } from "../helpers/requests";
import { clipArgs } from "../helpers/test-clip";
import { processVideoWhole } from "../helpers/videos";
import { stopQueue as stopSharedQueue } from "@/lib/jobs/queue";

// The worker's uploads can be watched (and a delete slipped in) without changing what they do.
jest.mock("@/lib/storage/objects", () => {
  const actual = jest.requireActual("@/lib/storage/objects");
  return { ...actual, uploadFile: jest.fn(actual.uploadFile) };
});
const realUpload = jest.requireActual("@/lib/storage/objects").uploadFile as typeof objects.uploadFile;
const uploadSpy = objects.uploadFile as jest.MockedFunction<typeof objects.uploadFile>;

let dir: string;
let clip: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vidfolio-orphans-"));
  clip = path.join(dir, "clip.mp4");
  await ffmpeg(clipArgs(clip, { seconds: 6, size: "640x360" }));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => uploadSpy.mockImplementation(realUpload));

async function storedVideo() {
  const studio = await createStudio({ creditsMb: 100 });
  const { folder, gallery } = await createFolderWithGallery(studio.id);
  const key = `${studio.id}/${folder.id}/${gallery.id}/abc_clip.mp4`;
  await realUpload(key, clip, "video/mp4");
  const video = await db.video.create({ data: { title: "clip", storageKey: key, galleryId: gallery.id, adminId: studio.id, status: "PROCESSING" } });
  return { studio, folder, gallery, video, key };
}

describe("a video that goes away while it is processed", () => {
  it("deleted just before the outcome is recorded: the record is refused (one conditional update) and nothing is left", async () => {
    const { video, key } = await storedVideo();
    uploadSpy.mockImplementation(async (k, file, type) => {
      await realUpload(k, file, type);
      if (k.endsWith("master.m3u8")) {
        // The studio's delete, exactly as deleteVideo does it: the row, then its objects.
        await db.video.delete({ where: { id: video.id } });
        await removeVideoObjects(key, null);
      }
    });
    expect(await processVideoWhole(video.id)).toBe("gone");
    expect(await listKeys(key)).toEqual([]);
  }, 60_000);

  it("deleted while its renditions are being stored: the ones stored after the delete are removed too", async () => {
    const { video, key } = await storedVideo();
    let stored = 0;
    uploadSpy.mockImplementation(async (k, file, type) => {
      await realUpload(k, file, type);
      // The 4th object is a segment of the ladder: the stream copy was published already.
      if (++stored === 4) {
        await db.video.delete({ where: { id: video.id } });
        await removeVideoObjects(key, null);
      }
    });
    expect(await processVideoWhole(video.id)).toBe("gone");
    expect(stored).toBeGreaterThan(5);
    expect(await listKeys(key)).toEqual([]);
  }, 60_000);

  it("replaced while processed: the old file's renditions are removed, the new file is processed on its own", async () => {
    const { video, key, studio, folder, gallery } = await storedVideo();
    const newKey = `${studio.id}/${folder.id}/${gallery.id}/def_new.mp4`;
    await realUpload(newKey, clip, "video/mp4");
    let stored = 0;
    uploadSpy.mockImplementation(async (k, file, type) => {
      await realUpload(k, file, type);
      if (k.startsWith(key) && ++stored === 2) {
        await db.video.update({ where: { id: video.id }, data: { storageKey: newKey, status: "PROCESSING" } });
        await removeVideoObjects(key, null);
      }
    });
    expect(await processVideoWhole(video.id)).toBe("gone");
    expect(await listKeys(key)).toEqual([]);
    expect(await db.video.findUniqueOrThrow({ where: { id: video.id } })).toMatchObject({ storageKey: newKey, status: "PROCESSING", hlsKey: null });
    uploadSpy.mockImplementation(realUpload);
    expect(await processVideoWhole(video.id)).toBe("ready");
    expect((await db.video.findUniqueOrThrow({ where: { id: video.id } })).hlsKey).toBe(`${newKey}.derived/hls/master.m3u8`);
  }, 60_000);

  it("deleted through the API while a real worker runs its job: no object is left under its key", async () => {
    const queueName = `video-orphans-${Date.now()}`;
    const jobEnv = { VIDEO_QUEUE_NAME: queueName, QUEUE_MAINTENANCE_SECONDS: "1", WORKER_SWEEP: "false", HLS_LADDER: "360,720,1080" };
    // The queue the tests above started (their ladders) goes first: the modules loaded afresh start
    // their own, with this test's queue names (it is kept on globalThis, across module registries).
    await stopSharedQueue();
    Object.assign(process.env, jobEnv);
    jest.resetModules();
    const { enqueue, stopQueue } = await import("@/lib/jobs/queue");
    const { videoJob } = await import("@/lib/jobs/kinds");
    const long = path.join(dir, "long.mp4");
    await ffmpeg(clipArgs(long, { seconds: 30, size: "1280x720" }));
    const { video, key, studio } = await storedVideo();
    await realUpload(key, long, "video/mp4");
    let worker: ChildProcess | undefined;
    try {
      await enqueue(videoJob, { videoId: video.id });
      worker = startWorkerProcess(jobEnv);
      // The run has begun storing (its thumbnail is there; the renditions take seconds more).
      await until(async () => (await listKeys(`${key}.derived/`)).length > 0, 60_000);
      const res = await call(deleteVideoRoute, request("DELETE", "/x", { token: await bearerFor(studio) }), { videoId: video.id });
      expect(res.status).toBe(200);
      const state = await until(async () => {
        const [job] = await db.$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE name = ${queueName} AND singleton_key = ${video.id}`;
        return job && ["completed", "failed"].includes(job.state) && job.state;
      }, 120_000);
      expect(state).toBe("completed");
      expect(await listKeys(key)).toEqual([]);
    } finally {
      worker?.kill("SIGKILL");
      await stopQueue();
    }
  }, 180_000);
});

describe("the sweep of objects no row owns", () => {
  const HOURS = 60 * 60 * 1000;

  it("deletes planted orphans once they are older than the grace period, and leaves every referenced object", async () => {
    const studio = await createStudio();
    const { folder, gallery } = await createFolderWithGallery(studio.id);
    const g = `${studio.id}/${folder.id}/${gallery.id}/`;
    const live = await db.video.create({
      data: {
        title: "live",
        storageKey: `${g}live.mp4`,
        thumbnailKey: `${g}custom_thumb.jpg`,
        hlsKey: `${g}live.mp4.derived/hls/master.m3u8`,
        streamKey: `${g}live.mp4.derived/stream.mp4`,
        galleryId: gallery.id,
        adminId: studio.id,
        status: "READY",
      },
    });
    const replaced = await db.video.create({ data: { title: "replaced", storageKey: `${g}new_file.mp4`, galleryId: gallery.id, adminId: studio.id, status: "PROCESSING" } });
    const bgSource = await db.video.create({ data: { title: "bg", storageKey: `${g}bg_src.mov`, galleryId: gallery.id, adminId: studio.id, status: "READY" } });
    await db.gallery.update({ where: { id: gallery.id }, data: { bgImageUrl: `${g}bg.jpg`, musicUrl: `${g}music.mp3`, bgVideoUrl: `${g}bg_src.mov.derived/stream.mp4` } });
    await db.admin.update({ where: { id: studio.id }, data: { companyLogoUrl: `${studio.id}/assets/logo.png`, companyFaviconUrl: `${studio.id}/assets/favicon.png` } });
    // An image still uploading (its reservation held: kept) and one cancelled (its object a stray).
    for (const [name, reserved, status] of [
      ["uploading.jpg", 10, "RESERVED"],
      ["cancelled.jpg", 0, "CANCELLED"],
    ] as const) {
      await db.upload.create({
        data: {
          adminId: studio.id,
          galleryId: gallery.id,
          kind: "image",
          key: `${g}${name}`,
          fileName: name,
          contentType: "image/jpeg",
          declaredBytes: BigInt(10),
          reservedBytes: BigInt(reserved),
          status,
        },
      });
    }

    const referenced = [
      live.storageKey,
      live.thumbnailKey!,
      live.hlsKey!,
      `${g}live.mp4.derived/hls/360p_000.ts`,
      live.streamKey!,
      `${g}live.mp4.derived/thumb-1000.jpg`,
      replaced.storageKey,
      `${g}new_file.mp4.derived/thumb-500.jpg`,
      bgSource.storageKey,
      `${g}bg_src.mov.derived/stream.mp4`,
      `${g}bg.jpg`,
      `${g}music.mp3`,
      `${studio.id}/assets/logo.png`,
      `${studio.id}/assets/favicon.png`,
      `${g}uploading.jpg`,
      // Not the server's layout: never swept, whatever it is.
      `${studio.id}/notes.txt`,
      `${studio.id}/${folder.id}/stray`,
    ];
    const orphans = [
      `${g}old_file.mp4.derived/hls/master.m3u8`,
      `${g}old_file.mp4.derived/hls/360p_000.ts`,
      `${g}old_file.mp4.derived/thumb-1000.jpg`, // the replaced file's renditions
      `${g}deleted.mp4.derived/hls/master.m3u8`,
      `${g}deleted.mp4`, // a deleted video's
      `${g}unused.jpg`,
      `${g}cancelled.jpg`,
      `${studio.id}/assets/old_logo.png`,
    ];
    await putObjects([...referenced, ...orphans]);

    // Young orphans are left: they may be a run or an upload in progress.
    expect(await sweepOrphanedObjects({ prefix: `${studio.id}/` })).toMatchObject({ deleted: 0 });
    expect((await listKeys(`${studio.id}/`)).sort()).toEqual([...referenced, ...orphans].sort());

    const result = await sweepOrphanedObjects({ prefix: `${studio.id}/`, now: Date.now() + 7 * HOURS });
    expect(result).toMatchObject({ deleted: orphans.length, scanned: referenced.length + orphans.length });
    expect((await listKeys(`${studio.id}/`)).sort()).toEqual(referenced.sort());
    // A grace period of an hour (the caller's choice) changes nothing for objects just stored.
    expect(await sweepOrphanedObjects({ prefix: `${studio.id}/`, graceMs: HOURS })).toMatchObject({ deleted: 0 });
  });

  it("deletes everything under the prefix of a studio that no longer exists", async () => {
    const gone = randomUUID();
    const keys = [`${gone}/assets/logo.png`, `${gone}/${randomUUID()}/${randomUUID()}/film.mp4`, `${gone}/${randomUUID()}/${randomUUID()}/film.mp4.derived/hls/master.m3u8`];
    await putObjects(keys);
    expect(await sweepOrphanedObjects({ prefix: `${gone}/`, now: Date.now() + 7 * HOURS })).toMatchObject({ deleted: 3 });
    expect(await listKeys(`${gone}/`)).toEqual([]);
  });

  it("pages through more than 1000 objects", async () => {
    const studio = await createStudio();
    const { folder, gallery } = await createFolderWithGallery(studio.id);
    const g = `${studio.id}/${folder.id}/${gallery.id}/`;
    await db.video.create({ data: { title: "kept", storageKey: `${g}kept.mp4`, galleryId: gallery.id, adminId: studio.id, status: "READY" } });
    const segments = Array.from({ length: 1100 }, (_, i) => `${g}gone.mp4.derived/hls/720p_${String(i).padStart(4, "0")}.ts`);
    await Promise.all(Array.from({ length: 10 }, (_, w) => putObjects(segments.filter((_, i) => i % 10 === w))));
    await putObjects([`${g}kept.mp4`, `${g}kept.mp4.derived/hls/master.m3u8`]);
    expect(await sweepOrphanedObjects({ prefix: `${studio.id}/`, now: Date.now() + 7 * HOURS })).toMatchObject({ deleted: 1100 });
    expect(await listKeys(`${studio.id}/`)).toEqual([`${g}kept.mp4`, `${g}kept.mp4.derived/hls/master.m3u8`]);
  }, 60_000);
});
