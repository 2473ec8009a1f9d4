// Issue 20: films playable seconds after upload (a stream copy, or the first rung, published before
// the rest of the ladder), the ladder in one run with a shared AAC rendition and rungs up to 2160p,
// and the pre-flight check before anything is published. Real ffmpeg, real store, real database.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { ffmpeg, inspect } from "@/lib/media/ffmpeg";
import { checkLadder, encodeLadder, ladderFor, masterPlaylist, RenditionCheckError, rungSize } from "@/lib/media/ladder";
import * as objects from "@/lib/storage/objects";
import { downloadToFile, readHead } from "@/lib/storage/objects";
import { variantsOf } from "@/lib/storage/playlists";
import { GET as hls } from "@/app/api/public/hls/[videoId]/[playlist]/route";
import { call, request } from "../helpers/requests";
import { clipArgs } from "../helpers/test-clip";
import { videoWithFile, processVideoWhole } from "../helpers/videos";
import type { Video } from "@/generated/prisma/client";

// Whether the worker downloads an original can be watched without changing what it does.
jest.mock("@/lib/storage/objects", () => {
  const actual = jest.requireActual("@/lib/storage/objects");
  return { ...actual, downloadToFile: jest.fn(actual.downloadToFile) };
});
const downloads = objects.downloadToFile as jest.MockedFunction<typeof objects.downloadToFile>;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vidfolio-playable-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

type Seen = Pick<Video, "status" | "streamKey" | "hlsKey" | "optimizing">;

/** Processes the video while watching its row: every distinct state it was seen in, in order. */
async function processWatching(videoId: string): Promise<{ seen: Seen[]; masters: string[]; result: string }> {
  const seen: Seen[] = [];
  const masters: string[] = [];
  let done = false;
  const watch = (async () => {
    while (!done) {
      const v = await db.video.findUniqueOrThrow({ where: { id: videoId }, select: { status: true, streamKey: true, hlsKey: true, optimizing: true, processedAt: true } });
      const last = seen[seen.length - 1];
      if (!last || last.status !== v.status || last.streamKey !== v.streamKey || last.hlsKey !== v.hlsKey || last.optimizing !== v.optimizing) {
        seen.push(v);
        // What a player would read at that moment.
        masters.push(v.hlsKey ? (await readHead(v.hlsKey, 64 * 1024)).toString() : "");
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const result = await processVideoWhole(videoId);
  done = true;
  await watch;
  const last = await db.video.findUniqueOrThrow({ where: { id: videoId } });
  if (seen[seen.length - 1]?.hlsKey !== last.hlsKey || seen[seen.length - 1]?.optimizing !== last.optimizing) {
    seen.push(last);
    masters.push(last.hlsKey ? (await readHead(last.hlsKey, 64 * 1024)).toString() : "");
  }
  return { seen, masters, result };
}

const firstReady = (seen: Seen[]) => seen.find((s) => s.status === "READY")!;

async function clip(name: string, args: string[]) {
  const file = path.join(dir, name);
  await ffmpeg([...args, file]);
  return file;
}

describe("playable first, optimised later", () => {
  it("an H.264/AAC source plays from its stream copy before any rung exists, then the whole ladder is published", async () => {
    const file = path.join(dir, "h264.mp4");
    await ffmpeg(clipArgs(file, { seconds: 16, size: "1280x720", toneHz: 440 }));
    const video = await videoWithFile(file, "h264.mp4");
    const { seen, masters, result } = await processWatching(video.id);
    expect(result).toBe("ready");

    const first = firstReady(seen);
    expect(first).toMatchObject({ streamKey: `${video.storageKey}.derived/stream.mp4`, hlsKey: null, optimizing: true });
    const final = seen[seen.length - 1];
    expect(final).toMatchObject({ status: "READY", optimizing: false, hlsKey: `${video.storageKey}.derived/hls/master.m3u8` });
    expect(variantsOf(masters[masters.length - 1]).sort()).toEqual(["360p.m3u8", "720p.m3u8", "audio.m3u8"]);

    // The stream copy is fast-start: its index (moov) comes before its media (mdat).
    const head = (await readHead(first.streamKey!, 64 * 1024)).toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(0);
    expect(head.indexOf("moov")).toBeLessThan(head.indexOf("mdat") < 0 ? Infinity : head.indexOf("mdat"));
  }, 120_000);

  it("an H.264/AAC original is never downloaded: its facts, thumbnail, stream copy and ladder are read from the store by ranges", async () => {
    const file = path.join(dir, "ranges.mp4");
    await ffmpeg(clipArgs(file, { seconds: 10, size: "640x360", toneHz: 330 }));
    const video = await videoWithFile(file, "ranges.mp4");
    downloads.mockClear();
    expect(await processVideoWhole(video.id)).toBe("ready");
    expect(downloads.mock.calls.map(([key]) => key)).toEqual([]);
    const done = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    expect(done).toMatchObject({ status: "READY", optimizing: false, streamKey: `${video.storageKey}.derived/stream.mp4`, hlsKey: `${video.storageKey}.derived/hls/master.m3u8` });
    expect(done.durationSec).toBeCloseTo(10, 0);
  }, 120_000);

  it("a fast-start MP4 original is copied inside the store (the same bytes, no encode); its ladder is read from the original by ranges too", async () => {
    const file = path.join(dir, "front.mp4");
    await ffmpeg(clipArgs(file, { seconds: 8, size: "640x360", toneHz: 550, faststart: true }));
    const video = await videoWithFile(file, "front.mp4");
    downloads.mockClear();
    const { seen, result } = await processWatching(video.id);
    expect(result).toBe("ready");
    const first = firstReady(seen);
    expect(first).toMatchObject({ streamKey: `${video.storageKey}.derived/stream.mp4`, hlsKey: null, optimizing: true });
    expect(downloads.mock.calls.map(([key]) => key)).toEqual([]);
    const copy = path.join(dir, "front-copy.mp4");
    await downloadToFile(first.streamKey!, copy);
    expect((await readFile(copy)).equals(await readFile(file))).toBe(true);
    expect(seen[seen.length - 1]).toMatchObject({ status: "READY", optimizing: false, hlsKey: `${video.storageKey}.derived/hls/master.m3u8` });
  }, 120_000);

  it("a fast-start QuickTime MOV still gets an MP4 stream copy (not its own bytes under an MP4 name)", async () => {
    const file = path.join(dir, "front.mov");
    await ffmpeg([...clipArgs(file, { seconds: 6, size: "640x360", toneHz: 660, faststart: true }).slice(0, -1), "-f", "mov", file]);
    expect((await readFile(file)).toString("latin1", 8, 12)).toBe("qt  ");
    const video = await videoWithFile(file, "front.mov");
    expect(await processVideoWhole(video.id)).toBe("ready");
    const done = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    const head = await readHead(done.streamKey!, 64 * 1024);
    expect(head.toString("latin1", 4, 8)).toBe("ftyp");
    expect(head.toString("latin1", 8, 12)).not.toBe("qt  ");
  }, 120_000);

  it("a MOV with PCM sound (what many cameras record) gets its first rung published first, and its sound plays as AAC", async () => {
    const file = await clip("pcm.mov", [
      "-f",
      "lavfi",
      "-i",
      "testsrc=duration=10:size=1280x720:rate=30",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=300:duration=10",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "pcm_s16le",
      "-shortest",
    ]);
    const video = await videoWithFile(file, "pcm.mov");
    const { seen, masters, result } = await processWatching(video.id);
    expect(result).toBe("ready");

    const i = seen.findIndex((s) => s.status === "READY");
    expect(seen[i]).toMatchObject({ streamKey: null, optimizing: true });
    expect(variantsOf(masters[i]).sort()).toEqual(["360p.m3u8", "audio.m3u8"]);
    expect(seen[seen.length - 1]).toMatchObject({ optimizing: false });
    expect(variantsOf(masters[masters.length - 1]).sort()).toEqual(["360p.m3u8", "720p.m3u8", "audio.m3u8"]);

    const after = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    expect(after.audioCodec).toBe("pcm_s16le");
    const audioPlaylist = (await readHead(`${video.storageKey}.derived/hls/audio.m3u8`, 64 * 1024)).toString();
    const segment = audioPlaylist.split("\n").find((l) => l.endsWith(".ts"))!;
    const local = path.join(dir, "pcm-audio.ts");
    await downloadToFile(`${video.storageKey}.derived/hls/${segment}`, local);
    expect((await inspect(local)).audioCodec).toBe("aac");

    // A viewer's door serves the shared audio rendition, its segments signed.
    const g = `p-${video.adminId}`;
    const res = await call(hls, request("GET", `/api/public/hls/${video.id}/audio.m3u8?g=${g}`), { videoId: video.id, playlist: "audio.m3u8" });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
    expect(text).not.toMatch(/^audio_\d+\.ts$/m);
  }, 120_000);

  it("a source without sound plays: its ladder has no audio rendition", async () => {
    const file = path.join(dir, "silent.mp4");
    await ffmpeg(clipArgs(file, { seconds: 6, size: "640x360" }));
    const video = await videoWithFile(file, "silent.mp4");
    expect(await processVideoWhole(video.id)).toBe("ready");
    const after = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    const master = (await readHead(after.hlsKey!, 64 * 1024)).toString();
    expect(master).not.toContain("EXT-X-MEDIA");
    expect(master).not.toContain("AUDIO=");
    expect(variantsOf(master)).toEqual(["360p.m3u8"]);
    expect(after.streamKey).not.toBeNull();
  }, 60_000);

  it("a 2160p source gets 1440p and 2160p rungs, each segment really that tall", async () => {
    const file = path.join(dir, "uhd.mp4");
    await ffmpeg(clipArgs(file, { seconds: 2, size: "3840x2160", toneHz: 500 }));
    const video = await videoWithFile(file, "uhd.mp4");
    expect(await processVideoWhole(video.id)).toBe("ready");
    const after = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    const master = (await readHead(after.hlsKey!, 64 * 1024)).toString();
    expect(variantsOf(master).sort()).toEqual(["1080p.m3u8", "1440p.m3u8", "2160p.m3u8", "360p.m3u8", "720p.m3u8", "audio.m3u8"]);
    expect(master).toContain("RESOLUTION=3840x2160");
    const top = (await readHead(`${video.storageKey}.derived/hls/2160p.m3u8`, 64 * 1024)).toString();
    const local = path.join(dir, "uhd-seg.ts");
    await downloadToFile(`${video.storageKey}.derived/hls/${top.split("\n").find((l) => l.endsWith(".ts"))}`, local);
    expect((await inspect(local)).video).toMatchObject({ codec: "h264", width: 3840, height: 2160 });
  }, 180_000);
});

describe("the ladder run and its pre-flight check", () => {
  let out: string;
  const sourceSec = 9;
  beforeAll(async () => {
    const file = path.join(dir, "ladder-src.mp4");
    // 25 fps source: keyframes must still fall every 2 s, so segments are whole seconds.
    await ffmpeg(clipArgs(file, { seconds: sourceSec, size: "1280x720", toneHz: 440 }));
    out = await mkdtemp(path.join(dir, "ladder-"));
    await encodeLadder(file, out, [360, 720], { audio: true });
  }, 120_000);

  it("one run writes every rung and one audio rendition, with whole-second segments", async () => {
    const rungs = await checkLadder(out, [360, 720], { audio: true, sourceSec });
    expect(rungs.map((r) => [r.width, r.height])).toEqual([
      [640, 360],
      [1280, 720],
    ]);
    for (const name of ["360p.m3u8", "720p.m3u8"]) {
      const durations = (await readFile(path.join(out, name), "utf8"))
        .split("\n")
        .filter((l) => l.startsWith("#EXTINF:"))
        .map((l) => Number(l.slice(8).split(",")[0]));
      // Every segment but the last is exactly 4 s: keyframes on whole seconds whatever the frame rate.
      for (const d of durations.slice(0, -1)) expect(d).toBeCloseTo(4, 3);
    }
    const master = masterPlaylist(rungs, true);
    expect(master).toContain('URI="audio.m3u8"');
    expect(master.match(/AUDIO="audio"/g)).toHaveLength(2);
  });

  it("refuses a rung that is shorter than the source, a missing segment's rung, and a missing rung", async () => {
    await expect(checkLadder(out, [360, 720], { audio: true, sourceSec: sourceSec + 1 })).rejects.toThrow(RenditionCheckError);
    await expect(checkLadder(out, [360, 720, 1080], { audio: true, sourceSec })).rejects.toThrow(/1080p.m3u8 was not written/);
    const name = path.join(out, "720p.m3u8");
    const original = await readFile(name, "utf8");
    try {
      // A playlist that names a segment nobody wrote (the middle one is the one checked).
      const lines = original.split("\n");
      const segs = lines.filter((l) => l.endsWith(".ts"));
      await writeFile(name, original.replace(segs[Math.floor(segs.length / 2)], "720p_999.ts"));
      await expect(checkLadder(out, [360, 720], { audio: true, sourceSec })).rejects.toThrow(/not H.264 at 720p/);
    } finally {
      await writeFile(name, original);
    }
  });
});

describe("a portrait film's ladder", () => {
  it("makes each rung upright at the film's shape, by its short side, with and without a watermark", async () => {
    const file = path.join(dir, "portrait-src.mp4");
    await ffmpeg(clipArgs(file, { seconds: 2, size: "720x1280" }));
    const frame = { width: 720, height: 1280 };
    const heights = ladderFor(frame, [360, 720, 1080]);
    expect(heights).toEqual([360, 720]);
    const plain = await mkdtemp(path.join(dir, "portrait-"));
    await encodeLadder(file, plain, heights, { audio: false });
    const rungs = await checkLadder(plain, heights, { audio: false, sourceSec: 2 });
    expect(rungs.map((r) => [r.rung, r.width, r.height])).toEqual([
      [360, 360, 640],
      [720, 720, 1280],
    ]);
    expect(rungs.map((r) => ({ width: r.width, height: r.height }))).toEqual(heights.map((h) => rungSize(frame, h)));
    expect(masterPlaylist(rungs, false)).toContain("RESOLUTION=720x1280");
    // A preview's ladder: the mark is burned into the picture scaled to the top rung, upright.
    const marked = await mkdtemp(path.join(dir, "portrait-marked-"));
    await encodeLadder(file, marked, [360], { audio: false, watermark: { text: "Studio", logoFile: null, position: "bottom-right", opacity: 40, source: frame } });
    expect((await checkLadder(marked, [360], { audio: false, sourceSec: 2 })).map((r) => [r.width, r.height])).toEqual([[360, 640]]);
  }, 120_000);
});
