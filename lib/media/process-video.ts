// ffmpeg work on one uploaded video: read its facts, make its thumbnail and its streaming renditions
// (a fast-start MP4 when needed, an HLS ladder never above the source), store them under the video's
// derived prefix and return their keys. No database and no cache here: lib/services/videos.ts
// decides what the facts mean and records the outcome.
import "server-only";
import { mkdir, mkdtemp, open, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ffmpeg, probe, type MediaFacts } from "@/lib/media/ffmpeg";
import { parseCuePoint } from "@/lib/cue";
import { THUMBNAIL } from "@/lib/limits";
import { derivedPrefix } from "@/lib/storage/keys";
import { downloadToFile, uploadFile } from "@/lib/storage/objects";
import { env } from "@/lib/env";

/** A problem with the file itself, found while working on it: retrying cannot help. */
export class MediaError extends Error {}

export function renditionSettings() {
  const { VIDEO_RENDITIONS, HLS_LADDER } = env();
  return { enabled: VIDEO_RENDITIONS, ladder: HLS_LADDER };
}

/** The thumbnail time: the cue point, else 10 s, else the middle of a shorter clip. */
export function thumbnailTime(cuePoint: string | null, durationSec: number): number {
  const cue = cuePoint ? parseCuePoint(cuePoint) : null;
  const t = cue ?? (durationSec > THUMBNAIL.defaultSeconds ? THUMBNAIL.defaultSeconds : durationSec / 2);
  return Math.max(0, Math.min(t, Math.max(0, durationSec - 0.1)));
}

/** The ladder's heights for a source: those not above it (or the source's own, when smaller than all). */
export function ladderFor(sourceHeight: number, ladder: number[]): number[] {
  const fit = ladder.filter((h) => h <= sourceHeight);
  return fit.length ? fit : [sourceHeight - (sourceHeight % 2)];
}

/** The top-level boxes of an MP4/MOV file, in order (at most 64), and whether one runs past the end. */
async function topLevelBoxes(file: string, fileSize: number): Promise<{ types: string[]; pastEnd: boolean }> {
  const fh = await open(file, "r");
  const types: string[] = [];
  try {
    let offset = 0;
    const header = Buffer.alloc(16);
    while (offset < fileSize && types.length < 64) {
      const { bytesRead } = await fh.read(header, 0, 16, offset);
      if (bytesRead < 8) return { types, pastEnd: true };
      let size = header.readUInt32BE(0);
      types.push(header.toString("latin1", 4, 8));
      if (size === 0) return { types, pastEnd: false }; // "to the end of the file"
      if (size === 1) size = bytesRead >= 16 ? Number(header.readBigUInt64BE(8)) : 0;
      if (size < 8) return { types, pastEnd: true };
      if (offset + size > fileSize) return { types, pastEnd: true };
      offset += size;
    }
    return { types, pastEnd: false };
  } finally {
    await fh.close();
  }
}

/** Container formats of still images (and GIF), which ffprobe reports as a "video" stream. */
const IMAGE_FORMAT = /(^|,)(image2|[a-z0-9]+_pipe|gif|apng|webp|ico|bmp|tiff)(,|$)/;

/** What is known of a downloaded source file before any work is done on it. */
export type SourceFile = {
  path: string;
  sizeBytes: number;
  /** ffprobe's reading, or null when it cannot read the file at all. */
  facts: MediaFacts | null;
  /** An MP4/MOV whose boxes run past the end of the file: cut short (an interrupted copy). */
  truncated: boolean;
  /** A still-image (or GIF) container, whatever the file's name says. */
  imageFormat: boolean;
  /** An MP4/MOV with its index before its media data: it streams as it is. */
  fastStart: boolean;
};

/** Downloads a stored file to a temporary folder, reads its facts, runs `work` on it, and cleans up. */
export async function withSourceFile<T>(storageKey: string, work: (src: SourceFile, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "vidfolio-"));
  try {
    const file = path.join(dir, "source");
    await downloadToFile(storageKey, file);
    const sizeBytes = (await stat(file)).size;
    const facts = sizeBytes > 0 ? await probe(file) : null;
    // An MP4/MOV by its content (an ftyp box first) even when ffprobe cannot read it (no index).
    const boxes = sizeBytes >= 8 ? await topLevelBoxes(file, sizeBytes) : { types: [], pastEnd: false };
    const mp4 = boxes.types[0] === "ftyp" || (!!facts && /mp4|mov/.test(facts.formatName));
    if (!mp4) boxes.pastEnd = false;
    const moov = boxes.types.indexOf("moov");
    const mdat = boxes.types.indexOf("mdat");
    return await work(
      {
        path: file,
        sizeBytes,
        facts,
        truncated: boxes.pastEnd,
        imageFormat: !!facts && IMAGE_FORMAT.test(facts.formatName),
        fastStart: moov >= 0 && (mdat < 0 || moov < mdat),
      },
      dir,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Makes the 440 px thumbnail at `at` seconds and stores it, named by its time (a re-run after a crash
 * overwrites it instead of leaving an orphan; a new cue point gets a new name, so browsers do not show
 * a cached old picture). No frame decodes there: MediaError.
 */
export async function storeThumbnail(src: SourceFile, dir: string, storageKey: string, at: number): Promise<string> {
  const out = path.join(dir, "thumb.jpg");
  try {
    // -q:v 4 is mjpeg's equivalent of JPEG quality ≈ 70 (spec §9: quality 0.7).
    await ffmpeg(["-ss", at.toFixed(2), "-i", src.path, "-frames:v", "1", "-vf", `scale=${THUMBNAIL.width}:-2`, "-q:v", "4", out]);
    if ((await stat(out)).size === 0) throw new Error("no frame was decoded");
  } catch (e) {
    throw new MediaError(`No picture could be decoded: ${(e as Error).message}`);
  }
  const key = `${derivedPrefix(storageKey)}thumb-${Math.round(at * 100)}.jpg`;
  await uploadFile(key, out, "image/jpeg");
  return key;
}

async function makeHls(src: string, dir: string, video: NonNullable<MediaFacts["video"]>, withAudio: boolean, ladder: number[]): Promise<string[]> {
  const hlsDir = path.join(dir, "hls");
  await mkdir(hlsDir, { recursive: true });
  const heights = ladderFor(video.height, ladder);
  const master = ["#EXTM3U", "#EXT-X-VERSION:3"];
  for (const h of heights) {
    const w = Math.round((video.width * h) / video.height / 2) * 2;
    const videoKbps = Math.round(h * h * 0.0045 + 200);
    await ffmpeg([
      "-i",
      src,
      "-map",
      "0:v:0",
      ...(withAudio ? ["-map", "0:a:0"] : []),
      "-vf",
      `scale=${w}:${h}`,
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-profile:v",
      "main",
      "-crf",
      "23",
      "-maxrate",
      `${videoKbps}k`,
      "-bufsize",
      `${videoKbps * 2}k`,
      "-g",
      "48",
      "-keyint_min",
      "48",
      "-sc_threshold",
      "0",
      ...(withAudio ? ["-c:a", "aac", "-b:a", "128k", "-ac", "2"] : []),
      "-f",
      "hls",
      "-hls_time",
      "4",
      "-hls_playlist_type",
      "vod",
      "-hls_segment_filename",
      path.join(hlsDir, `${h}p_%03d.ts`),
      path.join(hlsDir, `${h}p.m3u8`),
    ]);
    master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${(videoKbps + 128) * 1000},RESOLUTION=${w}x${h}`, `${h}p.m3u8`);
  }
  await writeFile(path.join(hlsDir, "master.m3u8"), `${master.join("\n")}\n`);
  return readdir(hlsDir);
}

const CONTENT_TYPES: Record<string, string> = { ".m3u8": "application/vnd.apple.mpegurl", ".ts": "video/mp2t", ".mp4": "video/mp4", ".jpg": "image/jpeg" };

/**
 * Makes and stores the streaming renditions of an accepted video under its derived prefix: a
 * fast-start MP4 copy when the source is an MP4/MOV that does not stream as it is, and the HLS ladder.
 * Returns their keys (streamKey null when the source streams as it is).
 */
export async function storeRenditions(src: SourceFile, dir: string, storageKey: string, ladder: number[]): Promise<{ streamKey: string | null; hlsKey: string }> {
  const facts = src.facts!;
  const derived = derivedPrefix(storageKey);
  let streamKey: string | null = null;
  if (/mp4|mov/.test(facts.formatName) && !src.fastStart) {
    const fast = path.join(dir, "stream.mp4");
    await ffmpeg(["-i", src.path, "-c", "copy", "-movflags", "+faststart", fast]);
    streamKey = `${derived}stream.mp4`;
    await uploadFile(streamKey, fast, "video/mp4");
  }
  const files = await makeHls(src.path, dir, facts.video!, facts.audioCodec !== null, ladder);
  for (const f of files) await uploadFile(`${derived}hls/${f}`, path.join(dir, "hls", f), CONTENT_TYPES[path.extname(f)] ?? "application/octet-stream");
  return { streamKey, hlsKey: `${derived}hls/master.m3u8` };
}
