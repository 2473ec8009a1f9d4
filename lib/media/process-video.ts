// Processing of an uploaded video: its facts (ffprobe), its thumbnail, and its streaming
// renditions (a fast-start MP4 when needed, an HLS ladder never above the source).
import "server-only";
import { mkdir, mkdtemp, open, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { ffmpeg, probe, type MediaFacts } from "@/lib/media/ffmpeg";
import { parseCuePoint } from "@/lib/cue";
import { THUMBNAIL } from "@/lib/limits";
import { derivedPrefix } from "@/lib/storage/keys";
import { deleteObject, downloadToFile, uploadFile } from "@/lib/storage/objects";
import { invalidatePublicGallery } from "@/lib/services/public-cache";

/** A problem with the file itself: retrying cannot help, the studio must see it. */
export class MediaError extends Error {}

export function renditionSettings() {
  const off = ["off", "false", "0"].includes((process.env.VIDEO_RENDITIONS ?? "on").toLowerCase());
  const ladder = (process.env.HLS_LADDER ?? "360,720,1080")
    .split(",")
    .map((h) => Number(h.trim()))
    .filter((h) => Number.isInteger(h) && h >= 144 && h <= 4320)
    .sort((a, b) => a - b);
  return { enabled: !off, ladder: ladder.length ? ladder : [360, 720, 1080] };
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

/** True when an MP4/MOV file has its index (moov) before its media data (mdat): it streams as it is. */
async function isFastStart(file: string): Promise<boolean> {
  const fh = await open(file, "r");
  try {
    let offset = 0;
    const header = Buffer.alloc(16);
    for (let i = 0; i < 64; i++) {
      const { bytesRead } = await fh.read(header, 0, 16, offset);
      if (bytesRead < 8) return false;
      let size = header.readUInt32BE(0);
      const type = header.toString("latin1", 4, 8);
      if (type === "moov") return true;
      if (type === "mdat") return false;
      if (size === 1) size = Number(header.readBigUInt64BE(8));
      if (size < 8) return false;
      offset += size;
    }
    return false;
  } finally {
    await fh.close();
  }
}

async function makeThumbnail(src: string, dir: string, at: number): Promise<string> {
  const out = path.join(dir, "thumb.jpg");
  // -q:v 4 is mjpeg's equivalent of JPEG quality ≈ 70 (spec §9: quality 0.7).
  await ffmpeg(["-ss", at.toFixed(2), "-i", src, "-frames:v", "1", "-vf", `scale=${THUMBNAIL.width}:-2`, "-q:v", "4", out]);
  return out;
}

async function makeHls(src: string, dir: string, facts: MediaFacts, ladder: number[]): Promise<string[]> {
  const hlsDir = path.join(dir, "hls");
  await mkdir(hlsDir, { recursive: true });
  const heights = ladderFor(facts.height, ladder);
  const master = ["#EXTM3U", "#EXT-X-VERSION:3"];
  for (const h of heights) {
    const w = Math.round((facts.width * h) / facts.height / 2) * 2;
    const videoKbps = Math.round(h * h * 0.0045 + 200);
    await ffmpeg([
      "-i", src,
      "-map", "0:v:0", ...(facts.audioCodec ? ["-map", "0:a:0"] : []),
      "-vf", `scale=${w}:${h}`,
      "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-crf", "23",
      "-maxrate", `${videoKbps}k`, "-bufsize", `${videoKbps * 2}k`,
      "-g", "48", "-keyint_min", "48", "-sc_threshold", "0",
      ...(facts.audioCodec ? ["-c:a", "aac", "-b:a", "128k", "-ac", "2"] : []),
      "-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod",
      "-hls_segment_filename", path.join(hlsDir, `${h}p_%03d.ts`),
      path.join(hlsDir, `${h}p.m3u8`),
    ]);
    master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${(videoKbps + 128) * 1000},RESOLUTION=${w}x${h}`, `${h}p.m3u8`);
  }
  await writeFile(path.join(hlsDir, "master.m3u8"), `${master.join("\n")}\n`);
  return readdir(hlsDir);
}

const CONTENT_TYPES: Record<string, string> = { ".m3u8": "application/vnd.apple.mpegurl", ".ts": "video/mp2t", ".mp4": "video/mp4", ".jpg": "image/jpeg" };

/**
 * Processes one video. A file that cannot be read ends `FAILED` with its reason; anything else
 * (the store or the database unreachable) is thrown for the queue to retry.
 */
export async function processVideo(videoId: string, { thumbnailOnly = false } = {}): Promise<"ready" | "failed" | "gone"> {
  const video = await db.video.findUnique({ where: { id: videoId } });
  if (!video) return "gone";
  // A replaced or never-finished video always gets the full treatment.
  const onlyThumb = thumbnailOnly && video.status === "READY" && (video.hlsKey !== null || !renditionSettings().enabled);
  const dir = await mkdtemp(path.join(tmpdir(), "vidfolio-"));
  const derived = derivedPrefix(video.storageKey);
  try {
    const src = path.join(dir, "source");
    await downloadToFile(video.storageKey, src);
    let facts: MediaFacts;
    try {
      facts = await probe(src);
    } catch (e) {
      throw new MediaError((e as Error).message);
    }
    const at = thumbnailTime(video.cuePoint, facts.durationSec);
    const thumb = await makeThumbnail(src, dir, at).catch((e) => {
      throw new MediaError(`No thumbnail could be made: ${(e as Error).message}`);
    });
    // Named by its time: a re-run (after a crash) overwrites instead of leaving an orphan, and a new
    // cue point gets a new name, so browsers do not show a cached old picture.
    const thumbnailKey = `${derived}thumb-${Math.round(at * 100)}.jpg`;
    await uploadFile(thumbnailKey, thumb, "image/jpeg");

    let streamKey = video.streamKey;
    let hlsKey = video.hlsKey;
    const settings = renditionSettings();
    if (!onlyThumb && settings.enabled) {
      streamKey = null;
      if (/mp4|mov/.test(facts.formatName) && !(await isFastStart(src))) {
        const fast = path.join(dir, "stream.mp4");
        await ffmpeg(["-i", src, "-c", "copy", "-movflags", "+faststart", fast]);
        streamKey = `${derived}stream.mp4`;
        await uploadFile(streamKey, fast, "video/mp4");
      }
      const files = await makeHls(src, dir, facts, settings.ladder);
      for (const f of files) await uploadFile(`${derived}hls/${f}`, path.join(dir, "hls", f), CONTENT_TYPES[path.extname(f)] ?? "application/octet-stream");
      hlsKey = `${derived}hls/master.m3u8`;
    }

    // Only if the video still points at the file we processed (a replace may have happened).
    const saved = await db.video.updateMany({
      where: { id: video.id, storageKey: video.storageKey },
      data: {
        status: "READY",
        failureReason: null,
        durationSec: facts.durationSec,
        width: facts.width,
        height: facts.height,
        videoCodec: facts.videoCodec,
        audioCodec: facts.audioCodec,
        bitrate: facts.bitrate,
        thumbnailKey,
        streamKey,
        hlsKey,
        processedAt: new Date(),
      },
    });
    if (saved.count === 1 && video.thumbnailKey && video.thumbnailKey !== thumbnailKey) await deleteObject(video.thumbnailKey).catch(() => {});
    // The gallery's public page shows ready videos: every app instance renders it afresh.
    if (saved.count === 1 && video.galleryId) await invalidatePublicGallery(video.galleryId);
    return "ready";
  } catch (e) {
    if (e instanceof MediaError) {
      await db.video.updateMany({ where: { id: video.id, storageKey: video.storageKey }, data: { status: "FAILED", failureReason: e.message.slice(0, 500) } });
      return "failed";
    }
    throw e;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** After the queue's last retry: the studio sees why, and can retry. */
export async function markProcessingFailed(videoId: string, reason: string) {
  await db.video.updateMany({ where: { id: videoId, status: { not: "READY" } }, data: { status: "FAILED", failureReason: `Processing failed: ${reason}`.slice(0, 500) } });
}
