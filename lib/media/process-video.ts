// ffmpeg work on one uploaded video: read its facts, make its thumbnail and its streaming renditions
// (a fast-start stream copy when the source plays in browsers as it is, the HLS ladder never above
// the source, lib/media/ladder.ts), check them, store them under the video's derived prefix and
// return their keys. No database and no cache here: lib/services/films/video-processing.ts
// decides what the facts mean and records the outcome.
import "@/lib/server-only";
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pLimit from "p-limit";
import { ffmpeg, probe, shownSize, type MediaFacts } from "@/lib/media/ffmpeg";
import { checkLadder, checkMaster, encodeLadder, masterPlaylist, rungPlaylist, type Rung } from "@/lib/media/ladder";
import type { BurnIn } from "@/lib/media/watermark-filter";
import { parseCuePoint } from "@/lib/services/films/rules/cue";
import { THUMBNAIL } from "@/lib/limits";
import { derivedPrefix } from "@/lib/storage/keys";
import { copyObject, downloadToFile, objectHead, readRange, SINGLE_PUT_BYTES, uploadFile, uploadText, workerReadUrl } from "@/lib/storage/objects";
import { env } from "@/lib/env";
import type { Stopwatch } from "@/lib/log";

/** A problem with the file itself, found while working on it: retrying cannot help. */
export class MediaError extends Error {}
/** An encode its caller stopped (storeRungs' `signal`): nothing about the file. */
export class EncodeStopped extends Error {}

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

export { ladderFor } from "@/lib/media/ladder";

type Boxes = { types: string[]; pastEnd: boolean; brand?: string };

/** The top-level boxes of a stored MP4/MOV file, in order (at most 64), whether one runs past the end, and its ftyp brand: a few ranged reads. */
async function topLevelBoxes(storageKey: string, fileSize: number): Promise<Boxes> {
  const types: string[] = [];
  let brand: string | undefined;
  let offset = 0;
  while (offset < fileSize && types.length < 64) {
    const header = await readRange(storageKey, offset, 16);
    if (header.length < 8) return { types, pastEnd: true };
    let size = header.readUInt32BE(0);
    types.push(header.toString("latin1", 4, 8));
    if (offset === 0 && types[0] === "ftyp" && header.length >= 12) brand = header.toString("latin1", 8, 12);
    if (size === 0) return { types, pastEnd: false, brand }; // "to the end of the file"
    if (size === 1) size = header.length >= 16 ? Number(header.readBigUInt64BE(8)) : 0;
    if (size < 8) return { types, pastEnd: true, brand };
    if (offset + size > fileSize) return { types, pastEnd: true, brand };
    offset += size;
  }
  return { types, pastEnd: false, brand };
}

/** Container formats of still images (and GIF), which ffprobe reports as a "video" stream. */
const IMAGE_FORMAT = /(^|,)(image2|[a-z0-9]+_pipe|gif|apng|webp|ico|bmp|tiff)(,|$)/;

/** What is known of a stored source file before any work is done on it. */
export type SourceFile = {
  /** What ffmpeg reads: a signed address of the stored original (read by ranges), or a local copy (localSource). */
  path: string;
  storageKey: string;
  sizeBytes: number;
  /** ffprobe's reading, or null when it cannot read the file at all. */
  facts: MediaFacts | null;
  /** An MP4/MOV whose boxes run past the end of the file: cut short (an interrupted copy). */
  truncated: boolean;
  /** A still-image (or GIF) container, whatever the file's name says. */
  imageFormat: boolean;
  /** An MP4 (not a QuickTime MOV) with its index before its media data: it streams as it is. */
  fastStart: boolean;
};

/**
 * Reads a stored file's facts where it is stored (ffprobe and the box walk read only what they
 * need, by ranges: no download of a long film before it can be made playable), runs `work` with a
 * temporary folder, and cleans up. Work that decodes the whole file asks for a local copy: localSource.
 */
export async function withSourceFile<T>(storageKey: string, work: (src: SourceFile, dir: string) => Promise<T>): Promise<T> {
  const head = await objectHead(storageKey);
  // Gone from the store (or not yet visible there): thrown, for the queue to try again.
  if (!head) throw new Error(`The original ${storageKey} is not in the store`);
  const dir = await mkdtemp(path.join(tmpdir(), "vidfolio-"));
  try {
    const sizeBytes = head.size;
    const url = await workerReadUrl(storageKey);
    const [facts, boxes] = await Promise.all([
      sizeBytes > 0 ? probe(url) : null,
      // An MP4/MOV by its content (an ftyp box first) even when ffprobe cannot read it (no index).
      sizeBytes >= 8 ? topLevelBoxes(storageKey, sizeBytes) : ({ types: [], pastEnd: false } as Boxes),
    ]);
    const mp4 = boxes.types[0] === "ftyp" || (!!facts && /mp4|mov/.test(facts.formatName));
    if (!mp4) boxes.pastEnd = false;
    const moov = boxes.types.indexOf("moov");
    const mdat = boxes.types.indexOf("mdat");
    return await work(
      {
        path: url,
        storageKey,
        sizeBytes,
        facts,
        truncated: boxes.pastEnd,
        imageFormat: !!facts && IMAGE_FORMAT.test(facts.formatName),
        fastStart: mp4 && boxes.brand !== undefined && boxes.brand !== "qt  " && moov >= 0 && (mdat < 0 || moov < mdat),
      },
      dir,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The source as a local file in `dir` (downloaded once), for work that reads all of it: the ladder, the chunks. */
export async function localSource(src: SourceFile, dir: string): Promise<SourceFile> {
  if (!/^https?:/.test(src.path)) return src;
  const file = path.join(dir, "source");
  await downloadToFile(src.storageKey, file);
  return { ...src, path: file };
}

/**
 * Makes the 440 px thumbnail at `at` seconds and stores it, named by its time (a re-run after a crash
 * overwrites it instead of leaving an orphan; a new cue point gets a new name, so browsers do not show
 * a cached old picture). No frame decodes there: MediaError.
 */
export async function storeThumbnail(src: SourceFile, dir: string, at: number): Promise<string> {
  return storeFrame(src.path, dir, at, thumbnailKeyAt(derivedPrefix(src.storageKey), at));
}

/** A thumbnail's key under `prefix`, named by its time. */
export const thumbnailKeyAt = (prefix: string, at: number) => `${prefix}thumb-${Math.round(at * 100)}.jpg`;

/**
 * One frame of `input` at `at` seconds as a 440 px JPEG, stored at `key`. A file is read from the key
 * frame before `at`; `decode`: from its start (an HLS segment of a few seconds: seeking into an MPEG-TS
 * file by its timestamps finds no frame). No frame decodes: MediaError.
 */
export async function storeFrame(input: string, dir: string, at: number, key: string, { decode = false } = {}): Promise<string> {
  const out = path.join(dir, "thumb.jpg");
  const seek = ["-ss", at.toFixed(2)];
  try {
    // -q:v 4 is mjpeg's equivalent of JPEG quality ≈ 70 (spec §9: quality 0.7).
    await ffmpeg([...(decode ? [] : seek), "-i", input, ...(decode ? seek : []), "-frames:v", "1", "-vf", `scale=${THUMBNAIL.width}:-2`, "-q:v", "4", out]);
    if ((await stat(out)).size === 0) throw new Error("no frame was decoded");
  } catch (e) {
    throw new MediaError(`No picture could be decoded: ${(e as Error).message}`);
  }
  await uploadFile(key, out, "image/jpeg");
  return key;
}

export const CONTENT_TYPES: Record<string, string> = { ".m3u8": "application/vnd.apple.mpegurl", ".ts": "video/mp2t", ".mp4": "video/mp4", ".jpg": "image/jpeg" };

/** Video codecs, pixel formats and audio codecs every browser plays from an MP4 as they are. */
const PLAYABLE_PIXELS = new Set(["yuv420p", "yuvj420p"]);
const PLAYABLE_AUDIO = new Set(["aac", "mp3"]);

/**
 * Whether the source plays in browsers as it is (H.264 4:2:0 8-bit with AAC, MP3 or no sound, in
 * MP4/MOV): then a stream copy makes it playable in seconds, before any rung is encoded.
 */
export function browserPlayable(src: Pick<SourceFile, "facts" | "truncated">): boolean {
  const f = src.facts;
  return (
    !!f?.video && !src.truncated && /mp4|mov/.test(f.formatName) && f.video.codec === "h264" && PLAYABLE_PIXELS.has(f.video.pixFmt ?? "") && (f.audioCodec === null || PLAYABLE_AUDIO.has(f.audioCodec))
  );
}

/**
 * The fast-start MP4 a player streams before the ladder exists (and where hls.js is not at hand),
 * under the video's derived prefix (a viewer never gets the original's address unless Downloads are
 * on). An original that is a fast-start MP4 already is copied inside the store: no byte passes
 * through the worker, whatever its length. Any other has its picture and first sound track copied,
 * not encoded, with the index put in front, by ffmpeg reading the original by ranges; that copy is
 * kept in `dir` (`file`: a long film's chunks are cut from it, so the original is never downloaded).
 * Null when the copy fails (the ladder then comes first).
 */
export async function storeStreamCopy(src: SourceFile, dir: string): Promise<{ key: string; file: string | null } | null> {
  const { storageKey } = src;
  const key = `${derivedPrefix(storageKey)}stream.mp4`;
  if (src.fastStart && src.sizeBytes <= SINGLE_PUT_BYTES) {
    await copyObject(storageKey, key, "video/mp4");
    return { key, file: null };
  }
  const fast = path.join(dir, "stream.mp4");
  try {
    await ffmpeg(["-i", src.path, "-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", "-movflags", "+faststart", fast], 60 * 60 * 1000);
  } catch {
    return null;
  }
  await uploadFile(key, fast, "video/mp4");
  return { key, file: fast };
}

/** The length a rendition must match: the picture's own, else the container's. */
export const sourceSeconds = (facts: MediaFacts) => facts.video?.durationSec ?? facts.durationSec ?? 0;

/** Where a film's own HLS ladder is stored (a preview ladder has a prefix of its own: lib/services/films/video-preview.ts). */
const hlsPrefix = (storageKey: string) => `${derivedPrefix(storageKey)}hls/`;

/** Where a run's checked files are kept locally beside what is stored, so the master can be checked as a player reads it. */
const publishedDir = (dir: string) => path.join(dir, "hls");
/** The local copy of a stored rung's playlist (storeRungs keeps what it stored in `dir` until the work is done). */
export const storedRungFile = (dir: string, height: number) => path.join(publishedDir(dir), rungPlaylist(height));

/**
 * Encodes the rungs `heights` in one run (with the audio rendition when `audio`), checks them and
 * stores their files under `prefix` (the video's HLS prefix unless said; the master is not touched:
 * storeMaster). With `watermark`, the mark is burned into every rung (a preview ladder).
 * An encode that fails on this file: MediaError; an output that fails the check: RenditionCheckError.
 */
export async function storeRungs(
  src: SourceFile,
  dir: string,
  heights: number[],
  {
    audio,
    sw,
    onProgress,
    signal,
    watermark,
    prefix = hlsPrefix(src.storageKey),
  }: { audio: boolean; sw?: Stopwatch; onProgress?: (seconds: number) => void; signal?: AbortSignal; watermark?: BurnIn; prefix?: string },
): Promise<Rung[]> {
  const video = src.facts?.video;
  // Never a preview without its mark.
  if (watermark && !video) throw new MediaError("No picture to burn the watermark into");
  const out = await mkdtemp(path.join(dir, "run-"));
  try {
    await encodeLadder(src.path, out, heights, { audio, onProgress, signal, watermark: watermark && video ? { ...watermark, source: shownSize(video) } : undefined });
  } catch (e) {
    if (signal?.aborted) throw new EncodeStopped();
    throw new MediaError(`The video could not be converted for streaming: ${(e as Error).message}`);
  }
  sw?.lap("encode");
  const rungs = await checkLadder(out, heights, { audio, sourceSec: sourceSeconds(src.facts!) });
  sw?.lap("check");
  await mkdir(publishedDir(dir), { recursive: true });
  const files = await storeRun(out, src.storageKey, prefix);
  sw?.lap("store");
  for (const f of files) await rename(path.join(out, f), path.join(publishedDir(dir), f));
  await rm(out, { recursive: true, force: true });
  return rungs;
}

/** How many of a run's files are stored at once (its segments are small: the round trips dominate). */
const STORE_AT_ONCE = 6;

/**
 * Stores every file of a run's folder under `prefix` (the video's `hls/` prefix unless said): the
 * segments several at once, then the playlists, so a playlist is never stored before what it names.
 * Returns the files' names.
 */
export async function storeRun(out: string, storageKey: string, prefix = hlsPrefix(storageKey)): Promise<string[]> {
  const files = await readdir(out);
  const store = (f: string) => uploadFile(`${prefix}${f}`, path.join(out, f), CONTENT_TYPES[path.extname(f)] ?? "application/octet-stream");
  const limit = pLimit(STORE_AT_ONCE);
  await Promise.all(files.filter((f) => !f.endsWith(".m3u8")).map((f) => limit(() => store(f))));
  await Promise.all(files.filter((f) => f.endsWith(".m3u8")).map((f) => limit(() => store(f))));
  return files;
}

/**
 * Writes the master playlist naming `rungs` (and the audio rendition), checks it as a player reads
 * it (ffprobe, over the rungs' local copies) and stores it under `prefix` (as storeRungs), last.
 * Returns its key.
 */
export async function storeMaster(
  src: SourceFile,
  dir: string,
  rungs: Rung[],
  { audio, published, prefix = hlsPrefix(src.storageKey) }: { audio: boolean; published?: { rungs: Rung[]; audio: boolean }; prefix?: string },
): Promise<string> {
  const master = path.join(publishedDir(dir), "master.m3u8");
  await writeFile(master, masterPlaylist(rungs, audio));
  await checkMaster(master, sourceSeconds(src.facts!));
  const key = `${prefix}master.m3u8`;
  // A run that adds to what an earlier one published (the rest of a ladder) checks its own rungs as
  // a player reads them, and stores the master naming both (the earlier ones were checked by theirs).
  if (published) await uploadText(key, masterPlaylist([...published.rungs, ...rungs], published.audio), CONTENT_TYPES[".m3u8"]);
  else await uploadFile(key, master, CONTENT_TYPES[".m3u8"]);
  return key;
}
