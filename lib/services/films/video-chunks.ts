// A long film's ladder in chunks, by any worker ("scale with workers"):
//
//   the video's run ─▶ cuts the picture on keyframes (a stream copy), stores the pieces, records
//                      them (VideoChunk) and queues one job per piece; the sound is encoded once
//   any worker ──────▶ encodes one piece to every rung (its segments keep the film's own times),
//                      checks it, stores it, marks it done
//   the last one ────▶ joins each rung's pieces into one playlist, writes the master, publishes
//
// A worker killed mid-piece leaves nothing marked done: the queue gives the piece to another
// worker, which writes the same names again. Only a finished, checked piece is marked done, and the
// join reads only marked pieces of the file the video still has.
import "@/lib/server-only";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pLimit from "p-limit";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { enqueue } from "@/lib/jobs/queue";
import { chunkJob, type ChunkJob } from "@/lib/jobs/kinds";
import type { MediaFacts } from "@/lib/media/ffmpeg";
import {
  checkLadder,
  DURATION_TOLERANCE_SEC,
  encodeLadder,
  joinPlaylists,
  masterPlaylist,
  playlistFacts,
  RenditionCheckError,
  rungKbps,
  rungPlaylist,
  splitIntoChunks,
  type Rung,
} from "@/lib/media/ladder";
import { CONTENT_TYPES, sourceSeconds, storeRun, storeRungs, type SourceFile } from "@/lib/media/process-video";
import { derivedPrefix } from "@/lib/storage/keys";
import { deleteVideoChunks, downloadToFile, readText, uploadFile, uploadText } from "@/lib/storage/objects";
import { discardRun, Gone, publish } from "@/lib/services/films/video-publish";
import { playableFirst, stopOptimising, turnOf } from "@/lib/services/films/video-ladder";
import type { Video } from "@/generated/prisma/client";

const chunkKey = (storageKey: string, index: number) => `${derivedPrefix(storageKey)}chunks/${String(index).padStart(3, "0")}.mkv`;

/** Whether a film is long enough for its ladder to be encoded in chunks (VIDEO_CHUNK_SECONDS). */
export function shouldChunk(facts: MediaFacts): boolean {
  const chunk = env().VIDEO_CHUNK_SECONDS;
  return chunk > 0 && sourceSeconds(facts) >= 4 * chunk;
}

/**
 * The video's run hands its ladder (`heights`) to the chunk queue: the sound encoded here once
 * (`encodeAudio`), the picture cut on keyframes and stored, the pieces recorded and queued.
 * `published`: the rungs the film plays already (a first rung), named in the final master too.
 */
export async function startChunkedLadder(video: Video, src: SourceFile, dir: string, heights: number[], { encodeAudio, published }: { encodeAudio: boolean; published: Rung[] }): Promise<void> {
  if (encodeAudio) await storeRungs(src, dir, [], { audio: true });
  const pieces = await splitIntoChunks(src.path, await mkdtemp(path.join(dir, "chunks-")), env().VIDEO_CHUNK_SECONDS);
  const limit = pLimit(2);
  await Promise.all(pieces.map((p) => limit(() => uploadFile(chunkKey(video.storageKey, p.index), p.file, "video/x-matroska"))));
  await db.$transaction([
    db.videoChunk.deleteMany({ where: { videoId: video.id } }),
    db.videoChunk.createMany({ data: pieces.map((p) => ({ videoId: video.id, index: p.index, storageKey: video.storageKey, startSec: p.startSec, durationSec: p.durationSec })) }),
  ]);
  // One job per piece (a piece queued already is not queued twice).
  await db.video.updateMany({ where: { id: video.id, storageKey: video.storageKey }, data: { optimizeProgress: 0 } });
  const turn = await turnOf(video, "ladder");
  for (const p of pieces) await enqueue(chunkJob, { videoId: video.id, storageKey: video.storageKey, index: p.index, heights, published, turn });
  log().info({ videoId: video.id, chunks: pieces.length, heights }, "ladder queued in chunks");
}

/** One piece, on any worker: encoded to every rung, checked, stored, marked done; the last one joins. */
export async function processChunk(job: ChunkJob): Promise<"done" | "joined" | "gone"> {
  const piece = await db.videoChunk.findUnique({ where: { videoId_index: { videoId: job.videoId, index: job.index } } });
  if (!piece || piece.storageKey !== job.storageKey) return "gone";
  if (!piece.doneAt) {
    await playableFirst();
    const dir = await mkdtemp(path.join(tmpdir(), "vidfolio-chunk-"));
    try {
      const file = path.join(dir, "piece.mkv");
      await downloadToFile(chunkKey(job.storageKey, job.index), file);
      const out = path.join(dir, "out");
      await mkdir(out);
      await encodeLadder(file, out, job.heights, { audio: false, chunk: { index: job.index, startSec: piece.startSec } });
      const rungs = await checkLadder(out, job.heights, { audio: false, sourceSec: piece.durationSec, chunk: job.index });
      await storeRun(out, job.storageKey);
      // Each rung's size as it came out, by its name: { "720": [1280, 720] } (a portrait film's is [720, 1280]).
      const widths = Object.fromEntries(rungs.map((r) => [String(r.rung), [r.width, r.height]]));
      await db.videoChunk.updateMany({ where: { videoId: job.videoId, index: job.index, storageKey: job.storageKey }, data: { doneAt: new Date(), widths } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  // Whoever finds every piece done joins them (the join is the same whoever does it, and twice is harmless).
  const [left, all] = await Promise.all([
    db.videoChunk.count({ where: { videoId: job.videoId, storageKey: job.storageKey, doneAt: null } }),
    db.videoChunk.count({ where: { videoId: job.videoId, storageKey: job.storageKey } }),
  ]);
  if (left > 0) {
    // How far the film's ladder is: its pieces done (99 at most until the join publishes it).
    const percent = Math.min(99, Math.floor(((all - left) / all) * 100));
    await db.video.updateMany({ where: { id: job.videoId, storageKey: job.storageKey, status: "READY", optimizing: true }, data: { optimizeProgress: percent } });
    return "done";
  }
  return (await joinChunks(job)) ? "joined" : "gone";
}

/** A rung's size as a piece stored it: [width, height], or a width alone (stored before portrait rungs: a landscape rung, `rung` high). */
type PieceSize = [number, number] | number;
const pieceSize = (size: PieceSize, rung: number) => (typeof size === "number" ? { width: size, height: rung } : { width: size[0], height: size[1] });

/** Each rung's pieces joined into its playlist, checked against the film's length, the master written, published. */
async function joinChunks(job: ChunkJob): Promise<boolean> {
  const video = await db.video.findFirst({ where: { id: job.videoId, storageKey: job.storageKey } });
  if (!video) return false;
  const pieces = await db.videoChunk.findMany({ where: { videoId: video.id, storageKey: video.storageKey }, orderBy: { index: "asc" } });
  const hls = `${derivedPrefix(video.storageKey)}hls/`;
  const length = pieces.reduce((sum, p) => sum + p.durationSec, 0);
  const rungs: Rung[] = [...job.published];
  for (const h of job.heights) {
    const joined = joinPlaylists(await Promise.all(pieces.map((p) => readText(`${hls}${rungPlaylist(h, p.index)}`))));
    const { durationSec } = playlistFacts(joined);
    if (Math.abs(durationSec - length) > DURATION_TOLERANCE_SEC) throw new RenditionCheckError(`${rungPlaylist(h)} joined lasts ${durationSec.toFixed(2)} s, its pieces ${length.toFixed(2)} s`);
    await uploadText(`${hls}${rungPlaylist(h)}`, joined, CONTENT_TYPES[".m3u8"]);
    rungs.push({ rung: h, ...pieceSize((pieces[0].widths as Record<string, PieceSize>)[String(h)], h), kbps: rungKbps(h) });
  }
  const hlsKey = `${hls}master.m3u8`;
  await uploadText(hlsKey, masterPlaylist(rungs, video.audioCodec !== null), CONTENT_TYPES[".m3u8"]);
  try {
    await publish(video, { hlsKey, optimizing: false });
  } catch (e) {
    if (!(e instanceof Gone)) throw e;
    await discardRun(video.storageKey);
    return false;
  }
  await deleteVideoChunks(video.storageKey).catch((err) => log().warn({ err, videoId: video.id }, "could not delete a film's chunks; the sweep will"));
  await db.videoChunk.deleteMany({ where: { videoId: video.id, storageKey: video.storageKey } });
  return true;
}

/** After a piece's last retry: the film plays as published; it is just no longer being optimised. */
export async function failChunkedLadder(job: ChunkJob): Promise<void> {
  await stopOptimising(job);
}
