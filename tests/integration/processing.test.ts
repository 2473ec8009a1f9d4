import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { imageSize } from "image-size";
import { db } from "@/lib/db";
import { ffmpeg } from "@/lib/media/ffmpeg";
import { thumbnailTime, ladderFor } from "@/lib/media/process-video";
import { failVideo } from "@/lib/services/films/video-processing";
import { TEXTS } from "@/lib/texts";
import { enqueue, queue } from "@/lib/jobs/queue";
import { videoJob } from "@/lib/jobs/kinds";
import { listKeys, readHead, workerReadUrl } from "@/lib/storage/objects";
import { createStudio } from "../helpers/factories";
import { videoWithFile, processVideoWhole } from "../helpers/videos";
import { readFile } from "node:fs/promises";
import { POST as startRoute } from "@/app/api/products/start-multipart-upload/route";
import { GET as partUrlRoute } from "@/app/api/products/get-part-url/route";
import { videoView } from "@/lib/services/galleries/gallery-views";
import { mbToBytes } from "@/lib/format";
import { balance, complete, q, studioWithGallery } from "../helpers/uploads";
import { call, request } from "../helpers/requests";
import { clipArgs } from "../helpers/test-clip";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vidfolio-test-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("video processing", () => {
  it("takes a generated clip to ready with its facts, a 440 px thumbnail and an HLS ladder in storage", async () => {
    const clip = path.join(dir, "clip.mp4");
    await ffmpeg(clipArgs(clip, { seconds: 12, size: "640x360", toneHz: 440 }));
    const video = await videoWithFile(clip, "clip.mp4");
    expect(await processVideoWhole(video.id)).toBe("ready");
    const after = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    expect(after).toMatchObject({ status: "READY", width: 640, height: 360, videoCodec: "h264", audioCodec: "aac", failureReason: null });
    expect(after.durationSec).toBeCloseTo(12, 0);

    const thumb = imageSize(await readHead(after.thumbnailKey!, 256 * 1024));
    expect(thumb).toMatchObject({ type: "jpg", width: 440, height: 248 });

    expect(after.hlsKey).toBe(`${video.storageKey}.derived/hls/master.m3u8`);
    const master = (await readHead(after.hlsKey!, 64 * 1024)).toString();
    expect(master).toContain("360p.m3u8");
    expect(master).not.toContain("720p.m3u8"); // never above the source
    const playlist = (await readHead(`${video.storageKey}.derived/hls/360p.m3u8`, 64 * 1024)).toString();
    const segments = playlist.split("\n").filter((l) => l.endsWith(".ts"));
    expect(segments.length).toBeGreaterThanOrEqual(3);
    const stored = await listKeys(`${video.storageKey}.derived/hls/`);
    for (const s of segments) expect(stored).toContain(`${video.storageKey}.derived/hls/${s}`);
    // A source browsers play as it is gets a fast-start stream copy (playable before the ladder).
    expect(after.streamKey).toBe(`${video.storageKey}.derived/stream.mp4`);
    expect(after.optimizing).toBe(false);
  }, 120_000);

  it("a new cue point re-makes only the thumbnail", async () => {
    const clip = path.join(dir, "short.mp4");
    await ffmpeg(clipArgs(clip, { seconds: 4, size: "320x240", faststart: true }));
    const video = await videoWithFile(clip, "short.mp4");
    await processVideoWhole(video.id);
    const first = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    // Fast-start already, still copied: the original itself is never what viewers stream.
    expect(first.streamKey).toBe(`${video.storageKey}.derived/stream.mp4`);
    await db.video.update({ where: { id: video.id }, data: { cuePoint: "0:03" } });
    await processVideoWhole(video.id, { thumbnailOnly: true });
    const second = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    expect(second.thumbnailKey).not.toBe(first.thumbnailKey);
    expect(second.hlsKey).toBe(first.hlsKey);
    expect(second.streamKey).toBe(first.streamKey);
    expect(await listKeys(first.thumbnailKey!)).toEqual([]);
  }, 60_000);

  it("a corrupt file ends failed with a reason the studio can read", async () => {
    const bad = path.join(dir, "bad.mp4");
    await import("node:fs/promises").then((fs) => fs.writeFile(bad, Buffer.from("this is not a video at all".repeat(100))));
    const video = await videoWithFile(bad, "bad.mp4");
    expect(await processVideoWhole(video.id)).toBe("failed");
    const after = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    expect(after.status).toBe("FAILED");
    expect(after).toMatchObject({ failureCode: "unreadable", failureReason: TEXTS.videoFailure.unreadable });
  });

  it("queues one job per video however often it is asked", async () => {
    const clip = path.join(dir, "q.mp4");
    await import("node:fs/promises").then((fs) => fs.writeFile(clip, "x"));
    const video = await videoWithFile(clip, "q.mp4");
    await Promise.all([enqueue(videoJob, { videoId: video.id }), enqueue(videoJob, { videoId: video.id }), enqueue(videoJob, { videoId: video.id, thumbnailOnly: true })]);
    const boss = await queue();
    // Other test files queue videos too (every completed upload does): read the whole queue.
    const jobs = [];
    for (let batch; (batch = (await boss.fetch(videoJob.name(), { batchSize: 100 })) ?? []).length;) jobs.push(...batch);
    expect(jobs.filter((j) => (j.data as { videoId: string }).videoId === video.id)).toHaveLength(1);
  });
});

describe("processing rules", () => {
  it("takes the thumbnail at the cue point, else at 10 s, else in the middle", () => {
    expect(thumbnailTime(null, 60)).toBe(10);
    expect(thumbnailTime(null, 8)).toBe(4);
    expect(thumbnailTime("0:30", 60)).toBe(30);
    expect(thumbnailTime("5:00", 60)).toBeCloseTo(59.9);
  });
  it("never makes a rendition above the source", () => {
    expect(ladderFor({ width: 1920, height: 1080 }, [360, 720, 1080])).toEqual([360, 720, 1080]);
    expect(ladderFor({ width: 1280, height: 720 }, [360, 720, 1080])).toEqual([360, 720]);
    expect(ladderFor({ width: 426, height: 240 }, [360, 720, 1080])).toEqual([240]);
  });
});

describe("POST /api/videos/retryVideo/:id", () => {
  it("queues a video whose processing failed again, only for its owner and only when it failed", async () => {
    const { POST: retry } = await import("@/app/api/videos/retryVideo/[videoId]/route");
    const { bearerFor, call, request } = await import("../helpers/requests");
    const clip = path.join(dir, "r.mp4");
    await import("node:fs/promises").then((fs) => fs.writeFile(clip, "broken"));
    const video = await videoWithFile(clip, "r.mp4");
    const owner = await db.admin.findUniqueOrThrow({ where: { id: video.adminId } });
    const token = await bearerFor(owner);
    expect((await call(retry, request("POST", "/x", { token }), { videoId: video.id })).status).toBe(409);
    await failVideo(video.id); // the queue's last try failed (the store was down, say)
    expect(await db.video.findUniqueOrThrow({ where: { id: video.id } })).toMatchObject({ status: "FAILED", failureCode: "processing", failureReason: TEXTS.videoFailure.processing });
    const other = await createStudio();
    expect((await call(retry, request("POST", "/x", { token: await bearerFor(other) }), { videoId: video.id })).status).toBe(404);
    const res = await call(retry, request("POST", "/x", { token }), { videoId: video.id });
    expect(res.status).toBe(200);
    expect((await res.json()).video).toMatchObject({ status: "PROCESSING", failureReason: null });
  });

  it("refuses to retry a file that is not a video: only a new file (Replace) can help", async () => {
    const { POST: retry } = await import("@/app/api/videos/retryVideo/[videoId]/route");
    const { bearerFor, call, request } = await import("../helpers/requests");
    const clip = path.join(dir, "notvideo.mp4");
    await import("node:fs/promises").then((fs) => fs.writeFile(clip, "broken"));
    const video = await videoWithFile(clip, "notvideo.mp4");
    expect(await processVideoWhole(video.id)).toBe("failed");
    const owner = await db.admin.findUniqueOrThrow({ where: { id: video.adminId } });
    const res = await call(retry, request("POST", "/x", { token: await bearerFor(owner) }), { videoId: video.id });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "conflict", message: TEXTS.videoFailure.notRetryable });
    expect((await db.video.findUniqueOrThrow({ where: { id: video.id } })).status).toBe("FAILED");
  });
});

// Issue 17.18: a JPEG renamed .mp4 became a READY 0-second "video". Every kind of file that is not
// a decodable video of positive length ends FAILED with its own reason, is never READY, stores no
// rendition, and is not thrown (so the queue does not retry it as if the failure were transient).
describe("files that are not videos", () => {
  const run = (args: string[]) => ffmpeg(args);
  const make: Record<string, (out: string) => Promise<void>> = {
    "a JPEG renamed .mp4": (out) => run(["-f", "lavfi", "-i", "testsrc=size=320x240", "-frames:v", "1", "-f", "mjpeg", out]),
    "a PNG renamed .mov": (out) => run(["-f", "lavfi", "-i", "testsrc=size=320x240", "-frames:v", "1", "-f", "image2", "-c:v", "png", out]),
    "an animated GIF renamed .mov": (out) => run(["-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10", "-f", "gif", out]),
    "an audio-only MP4 (AAC)": (out) => run(["-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-c:a", "aac", "-f", "mp4", out]),
    "an MP3 renamed .mp4": (out) => run(["-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-f", "mp3", out]),
    "an empty file": async (out) => (await import("node:fs/promises")).writeFile(out, ""),
    "text renamed .mp4": async (out) => (await import("node:fs/promises")).writeFile(out, "not a video ".repeat(500)),
    "an MP4 cut in half (its index at the end)": async (out) => {
      await run(clipArgs(`${out}.full.mp4`, { seconds: 4, size: "320x240" }));
      const fs = await import("node:fs/promises");
      const full = await fs.readFile(`${out}.full.mp4`);
      await fs.writeFile(out, full.subarray(0, Math.floor(full.length / 2)));
    },
    "a fast-start MP4 cut in half (its index intact)": async (out) => {
      await run(clipArgs(`${out}.full.mp4`, { seconds: 4, size: "320x240", faststart: true }));
      const fs = await import("node:fs/promises");
      const full = await fs.readFile(`${out}.full.mp4`);
      await fs.writeFile(out, full.subarray(0, Math.floor(full.length / 2)));
    },
  };
  const expected: Record<string, { code: string; text: string }> = {
    "a JPEG renamed .mp4": { code: "image", text: TEXTS.videoFailure.image },
    "a PNG renamed .mov": { code: "image", text: TEXTS.videoFailure.image },
    "an animated GIF renamed .mov": { code: "image", text: TEXTS.videoFailure.image },
    "an audio-only MP4 (AAC)": { code: "audio-only", text: TEXTS.videoFailure.audioOnly },
    "an MP3 renamed .mp4": { code: "audio-only", text: TEXTS.videoFailure.audioOnly },
    "an empty file": { code: "empty", text: TEXTS.videoFailure.empty },
    "text renamed .mp4": { code: "unreadable", text: TEXTS.videoFailure.unreadable },
    "an MP4 cut in half (its index at the end)": { code: "damaged", text: TEXTS.videoFailure.damaged },
    "a fast-start MP4 cut in half (its index intact)": { code: "damaged", text: TEXTS.videoFailure.damaged },
  };

  it.each(Object.keys(make))(
    "%s ends FAILED with a reason the studio can act on, never READY",
    async (kind) => {
      const file = path.join(dir, `${kind.replace(/\W+/g, "-")}.bin`);
      await make[kind](file);
      const video = await videoWithFile(file, kind.endsWith(".mov") ? "file.mov" : "file.mp4");
      await expect(processVideoWhole(video.id)).resolves.toBe("failed");
      const after = await db.video.findUniqueOrThrow({ where: { id: video.id } });
      expect(after).toMatchObject({ status: "FAILED", failureCode: expected[kind].code, failureReason: expected[kind].text, durationSec: null, hlsKey: null, thumbnailKey: null });
      expect(await listKeys(`${video.storageKey}.derived/`)).toEqual([]);
    },
    60_000,
  );

  it("a rejected upload is deleted and its charge returned once, with the reason saying so; Retry is not offered", async () => {
    const { studio, gallery, token } = await studioWithGallery(100);
    const jpeg = path.join(dir, "photo.bin");
    await make["a JPEG renamed .mp4"](jpeg);
    const bytes = await readFile(jpeg);
    const started = await (await call(startRoute, request("POST", `/x?${q({ fileName: "photo.mp4", fileType: "video/mp4", fileSize: bytes.length, galleryId: gallery.id })}`, { token }))).json();
    const { url } = await (await call(partUrlRoute, request("GET", `/x?${q({ fileName: started.fileName, uploadId: started.uploadId, partNumber: 1 })}`, { token }))).json();
    const put = await fetch(url, { method: "PUT", body: new Uint8Array(bytes) });
    const done = await complete(token, { fileName: started.fileName, uploadId: started.uploadId, parts: [{ ETag: put.headers.get("etag")!, PartNumber: 1 }] });
    expect(done.status).toBe(200);
    const { video } = await done.json();
    expect(await balance(studio.id)).toBe(mbToBytes(100) - BigInt(bytes.length));

    await expect(processVideoWhole(video._id)).resolves.toBe("failed");
    await expect(processVideoWhole(video._id)).resolves.toBe("failed"); // a second run (a queue retry) returns nothing more
    const after = await db.video.findUniqueOrThrow({ where: { id: video._id } });
    expect(after).toMatchObject({ status: "FAILED", failureCode: "image", failureReason: `${TEXTS.videoFailure.image} ${TEXTS.videoFailure.refunded}` });
    expect(await balance(studio.id)).toBe(mbToBytes(100));
    const entries = await db.creditEntry.findMany({ where: { adminId: studio.id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => [e.type, e.creditBytes, e.purpose])).toEqual([
      ["used", BigInt(bytes.length), expect.stringMatching(/^Video upload: photo\.mp4 \(.+\)$/)],
      ["refund", BigInt(bytes.length), TEXTS.videoFailure.refundPurpose("photo.mp4")],
    ]);
    expect(await listKeys(after.storageKey)).toEqual([]);
    expect(videoView(after).retryable).toBe(false);
    // A failure the queue gave up on is retryable; a file rejected as not a video is not.
    expect(videoView({ ...after, failureCode: "processing" }).retryable).toBe(true);
  }, 60_000);

  it("a real one-second clip is still a video", async () => {
    const clip = path.join(dir, "one.mp4");
    await ffmpeg(clipArgs(clip, { seconds: 1, size: "320x240" }));
    const video = await videoWithFile(clip, "one.mp4");
    expect(await processVideoWhole(video.id)).toBe("ready");
  }, 60_000);
});

describe("the worker reads originals by signed addresses", () => {
  it("an ffmpeg failure names the address it could not read, never its signature (a credential in the logs)", async () => {
    const key = `${randomUUID()}/${randomUUID()}/${randomUUID()}/abc_gone.mp4`;
    const url = await workerReadUrl(key);
    expect(url).toContain("X-Amz-Signature=");
    const failure = await ffmpeg(["-i", url, "-c", "copy", path.join(tmpdir(), `${randomUUID()}.mp4`)]).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(failure).toContain(`${url.split("?")[0]}?…`);
    expect(failure).not.toMatch(/X-Amz-(Signature|Credential)/);
  });

  it("a video whose original is missing from the store is retried by the queue (thrown), not failed", async () => {
    const studio = await createStudio({ creditsMb: 100 });
    const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
    const gallery = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: studio.id, customUrl: `m-${studio.id}` } });
    const video = await db.video.create({ data: { title: "x", storageKey: `${studio.id}/${folder.id}/${gallery.id}/abc_x.mp4`, galleryId: gallery.id, adminId: studio.id, status: "PROCESSING" } });
    await expect(processVideoWhole(video.id)).rejects.toThrow(/not in the store/);
    expect(await db.video.findUniqueOrThrow({ where: { id: video.id } })).toMatchObject({ status: "PROCESSING", failureCode: null });
  });
});
