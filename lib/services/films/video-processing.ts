// What the worker does with a filed video (lib/worker/jobs.ts calls processVideo and failVideo): the
// second half of a video's lifecycle, whose first half (filed, replaced, imported, retried: back to
// PROCESSING) is the studio's, in lib/services/films/videos.ts:
//
//   PROCESSING ─▶ READY, optimizing ─▶ READY
//        │        (playable: a stream    (the whole
//        │         copy or a first rung)  HLS ladder)
//        └─▶ FAILED (a rejected file: never retried; a processing error or a failed check: retryable)
//
// Every transition out of PROCESSING is written here (video-publish.ts writes what a run publishes,
// video-chunks.ts a long film's ladder). lib/media does the ffmpeg work and returns facts and keys.
import "@/lib/server-only";
import { db, type Tx } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { isRejection, RETRYABLE_FAILURES as RETRYABLE } from "@/lib/services/galleries";
import { deleteObject } from "@/lib/storage/objects";
import * as credits from "@/lib/services/money";
import {
  browserPlayable,
  EncodeStopped,
  localSource,
  MediaError,
  renditionSettings,
  storeMaster,
  storeRungs,
  storeStreamCopy,
  storeThumbnail,
  thumbnailTime,
  withSourceFile,
  type SourceFile,
} from "@/lib/media/process-video";
import { ladderFor, RenditionCheckError } from "@/lib/media/ladder";
import { shownSize } from "@/lib/media/ffmpeg";
import { discardRun, FILM_FIELDS, filmObject, Gone, publish, type Published } from "@/lib/services/films/video-publish";
import { dispatchDeliveries, publishEvent, recordActivity } from "@/lib/services/platform";
import { shouldChunk, startChunkedLadder } from "@/lib/services/films/video-chunks";
import { keepAsPublished, queueLadder } from "@/lib/services/films/video-ladder";
import { queuePreviewOf } from "@/lib/services/films/video-preview";
import { queueTranscript } from "@/lib/services/films/transcripts";
import { pendingNow } from "@/lib/jobs/queue";
import { videoJob } from "@/lib/jobs/kinds";
import { log, stopwatch, type Stopwatch } from "@/lib/log";
import type { Video } from "@/generated/prisma/client";

/** Why a file is refused as a video: each has its text in TEXTS.videoFailure. */
type Rejection = "empty" | "unreadable" | "image" | "audio-only" | "no-video" | "no-duration" | "damaged" | "unsupported";
/** Video.failureCode: a rejection, or "processing" (the queue's last try failed) or "check" (its
 *  renditions failed the pre-flight check), both retryable. */
type FailureCode = Rejection | "processing" | "check";

const FAILURE_TEXT: Record<FailureCode, string> = {
  empty: TEXTS.videoFailure.empty,
  unreadable: TEXTS.videoFailure.unreadable,
  image: TEXTS.videoFailure.image,
  "audio-only": TEXTS.videoFailure.audioOnly,
  "no-video": TEXTS.videoFailure.noVideo,
  "no-duration": TEXTS.videoFailure.noDuration,
  damaged: TEXTS.videoFailure.damaged,
  unsupported: TEXTS.videoFailure.unsupported,
  processing: TEXTS.videoFailure.processing,
  check: TEXTS.videoFailure.check,
};

/** What makes a stored file unacceptable as a video, from the facts lib/media read; null when it is one. */
function rejectionOf(src: Pick<SourceFile, "sizeBytes" | "facts" | "truncated" | "imageFormat">): Rejection | null {
  if (src.sizeBytes === 0) return "empty";
  const facts = src.facts;
  if (!facts) return src.truncated ? "damaged" : "unreadable";
  if (src.imageFormat || (facts.video?.frames !== null && facts.video?.frames !== undefined && facts.video.frames <= 1)) return "image";
  if (!facts.video) return facts.audioCodec ? "audio-only" : "no-video";
  if (src.truncated) return "damaged";
  if (!(facts.durationSec !== null && facts.durationSec > 0)) return "no-duration";
  return null;
}

/** A file rejected as not a video: its upload's charge returned (once), said in its reason. Whether it was. */
async function refundRejected(tx: Tx, video: Video, code: FailureCode): Promise<boolean> {
  if (RETRYABLE.has(code)) return false;
  const upload = await tx.upload.findFirst({ where: { key: video.storageKey, adminId: video.adminId, kind: "video", status: "COMPLETED" }, select: { id: true, fileName: true } });
  if (!upload || !(await credits.refund(tx, upload.id, TEXTS.videoFailure.refundPurpose(upload.fileName)))) return false;
  await tx.video.update({ where: { id: video.id }, data: { failureReason: `${FAILURE_TEXT[code]} ${TEXTS.videoFailure.refunded}` } });
  return true;
}

/** film.failed, in the transaction that made the film FAILED (a film failing again says nothing new). */
async function publishFailure(tx: Tx, videoId: string): Promise<string[]> {
  const film = await tx.video.findUniqueOrThrow({ where: { id: videoId }, select: FILM_FIELDS });
  if (film.galleryId)
    await recordActivity(tx, { adminId: film.adminId, galleryId: film.galleryId, kind: "failed", filmId: film.id, data: { film: film.title, reason: film.failureReason ?? undefined } });
  return publishEvent(tx, { adminId: film.adminId, type: "film.failed", object: filmObject(film) });
}

/**
 * FAILED with the reason, if the video still has the file that failed. A file rejected as not a video
 * is deleted and the charge of its upload returned (once: credits.refund), in the transaction that
 * records the failure: the studio keeps nothing, and pays nothing, for a file that can never play.
 */
async function recordFailure(video: Video, code: FailureCode): Promise<"failed" | "gone"> {
  const deliveries: string[] = [];
  const outcome = await db.$transaction(async (tx) => {
    deliveries.length = 0;
    const wasFailed = (await tx.video.count({ where: { id: video.id, status: "FAILED" } })) > 0;
    const saved = await tx.video.updateMany({ where: { id: video.id, storageKey: video.storageKey }, data: { status: "FAILED", failureCode: code, failureReason: FAILURE_TEXT[code] } });
    if (saved.count !== 1) return "gone" as const;
    const refunded = await refundRejected(tx, video, code);
    if (!wasFailed) deliveries.push(...(await publishFailure(tx, video.id)));
    return refunded ? ("refunded" as const) : ("failed" as const);
  });
  await dispatchDeliveries(deliveries);
  if (outcome === "refunded") {
    await deleteObject(video.storageKey).catch((err) => log().warn({ err, key: video.storageKey }, "could not delete a rejected file; its credits were returned"));
  }
  return outcome === "gone" ? "gone" : "failed";
}

/** FAILED with the reason, but the file kept and Retry offered: its renditions failed the pre-flight check. */
async function recordCheckFailure(video: Video, err: Error): Promise<"failed" | "gone"> {
  log().warn({ err, videoId: video.id }, "renditions failed the pre-flight check");
  return recordFailure(video, "check");
}

/** Watches the video queue while a ladder is encoded inside a film's own run: a film queued (and due) stops that encode. */
function watchForWaitingFilms(stop: AbortController, everyMs = 500): { stop(): void } {
  let live = true;
  void (async () => {
    while (live && !stop.signal.aborted) {
      await new Promise((r) => setTimeout(r, everyMs));
      if (!live) return;
      try {
        if ((await pendingNow(videoJob, { runningForSeconds: 0 })) > 0) stop.abort();
      } catch (err) {
        log().warn({ err }, "could not look at the video queue; the ladder goes on here");
        return;
      }
    }
  })();
  return {
    stop: () => {
      live = false;
    },
  };
}

/**
 * Playable first, optimised later, and a batch playable together. A source
 * browsers play as it is is published with its stream copy at once (READY, optimizing), its ladder
 * encoded meanwhile unless another film is waiting; any other gets its first rung first, published
 * as soon as it passed the check. The rest of the ladder is queued (lib/services/films/video-ladder.ts; a
 * long film's in chunks, video-chunks.ts), so the next film waiting becomes playable before any
 * ladder is encoded. Once playable, a failure of the ladder leaves the video playable as it is.
 */
async function makePlayable(
  video: Video,
  src: SourceFile,
  dir: string,
  base: Published,
  ladder: number[],
  sw: Stopwatch,
  watchEveryMs?: number,
): Promise<"ready" | "failed" | "gone" | { rejection: Rejection }> {
  const facts = src.facts!;
  const heights = ladderFor(facts.video!, ladder);
  const audio = facts.audioCodec !== null;
  let playable = false;
  let copyTried = false;
  const chunked = shouldChunk(facts);
  try {
    if (browserPlayable(src) && !chunked && (await pendingNow(videoJob, { runningForSeconds: 0 })) === 0) {
      // A film browsers play as it is, short enough for one run: while no other film waits to
      // become playable, its ladder is encoded here at once, from the original read by ranges, while
      // its stream copy is made and published (the whole ladder is ready sooner by the copy's
      // time). A film queued meanwhile stops that encode: the ladder becomes a ladder job, and the
      // film waiting comes first.
      const stop = new AbortController();
      const watching = watchForWaitingFilms(stop, watchEveryMs);
      const encoding = storeRungs(src, dir, heights, { audio, sw, signal: stop.signal });
      copyTried = true;
      const copying = storeStreamCopy(src, dir).then(async (copy) => {
        if (!copy) return;
        await publish(video, { ...base, streamKey: copy.key, hlsKey: null, optimizing: true });
        playable = true;
        sw.lap("streamCopy");
      });
      // Both are awaited before anything is decided: nothing runs on once the job has an outcome.
      const [rungs, copied] = await Promise.allSettled([encoding, copying]);
      watching.stop();
      if (copied.status === "rejected") throw copied.reason;
      if (rungs.status === "fulfilled") {
        const hlsKey = await storeMaster(src, dir, rungs.value, { audio });
        await publish(video, playable ? { hlsKey, optimizing: false } : { ...base, streamKey: null, hlsKey, optimizing: false });
        sw.lap("master");
        return "ready";
      }
      if (!(rungs.reason instanceof EncodeStopped)) throw rungs.reason;
      if (playable) {
        await queueLadder(video, { heights, encodeAudio: audio, published: [] });
        log().info({ videoId: video.id }, "another film is waiting: the ladder goes to the ladder queue");
        return "ready";
      }
      // Stopped, and no stream copy: its first rung, below.
    }
    const copy = browserPlayable(src) && !copyTried ? await storeStreamCopy(src, dir) : null;
    if (copy) {
      await publish(video, { ...base, streamKey: copy.key, hlsKey: null, optimizing: true });
      playable = true;
      sw.lap("streamCopy");
      if (!chunked) {
        // Other films wait to become playable: this one's ladder waits its turn in the ladder queue.
        await queueLadder(video, { heights, encodeAudio: audio, published: [] });
        return "ready";
      }
    }
    // The pieces of a long film are cut from the local stream copy (the same picture and sound),
    // else from the original, downloaded once; so is its first rung.
    src = copy?.file ? { ...src, path: copy.file } : await localSource(src, dir);
    sw.lap("download");
    // A long film's (remaining) rungs are encoded in chunks by any worker, joined when all are done.
    if (playable) {
      await startChunkedLadder(video, src, dir, heights, { encodeAudio: audio, published: [] });
      return "ready";
    }
    // Without a stream copy the first rung comes first, alone (with the sound), and is published.
    const first = await storeRungs(src, dir, heights.slice(0, 1), { audio, sw });
    const rest = heights.slice(1);
    await publish(video, { ...base, streamKey: null, hlsKey: await storeMaster(src, dir, first, { audio }), optimizing: rest.length > 0 });
    playable = true;
    sw.lap("firstRungPublished");
    if (rest.length === 0) return "ready";
    if (chunked) await startChunkedLadder(video, src, dir, rest, { encodeAudio: false, published: first });
    else await queueLadder(video, { heights: rest, encodeAudio: false, published: first });
    return "ready";
  } catch (e) {
    if (e instanceof Gone) {
      await discardRun(video.storageKey);
      return "gone";
    }
    if (!(e instanceof MediaError || e instanceof RenditionCheckError)) throw e;
    if (!playable) return e instanceof MediaError ? { rejection: "unsupported" } : recordCheckFailure(video, e);
    await keepAsPublished({ videoId: video.id, storageKey: video.storageKey }, e);
    return "ready";
  }
}

/**
 * Processes one video: READY with its facts, thumbnail and renditions (playable as early as it can
 * be: makePlayable), or FAILED with a reason the studio can act on (a file that is not a playable
 * video is rejected, never retried). Anything else (the store or the database unreachable) is thrown
 * for the queue to retry. Every outcome is written only while the video still has the file
 * processed (conditional updates); when it was deleted or replaced meanwhile, whatever this run
 * stored is removed ("gone"). A delete landing after an update finds the renditions recorded and
 * removes them itself.
 */
export async function processVideo(videoId: string, { thumbnailOnly = false, watchEveryMs }: { thumbnailOnly?: boolean; watchEveryMs?: number } = {}): Promise<"ready" | "failed" | "gone"> {
  const video = await db.video.findUnique({ where: { id: videoId } });
  if (!video) return "gone";
  // A file rejected as not a video stays rejected (it was deleted and refunded): only Replace helps.
  if (video.status === "FAILED" && isRejection(video.failureCode)) return "failed";
  const settings = renditionSettings();
  // A replaced or never-finished video always gets the full treatment.
  const onlyThumb = thumbnailOnly && video.status === "READY" && !video.optimizing && (video.hlsKey !== null || !settings.enabled);
  const sw = stopwatch();
  const outcome = await withSourceFile(video.storageKey, async (src, dir) => {
    sw.lap("facts");
    const rejection = rejectionOf(src);
    if (rejection) return { rejection };
    const facts = src.facts!;
    let thumbnailKey: string;
    try {
      thumbnailKey = await storeThumbnail(src, dir, thumbnailTime(video.cuePoint, facts.durationSec!));
    } catch (e) {
      if (e instanceof MediaError) return { rejection: "damaged" as const };
      throw e;
    }
    sw.lap("thumbnail");
    const base: Published = {
      durationSec: facts.durationSec,
      // As shown (a portrait phone film stored landscape is portrait here): the shape of its player and card.
      ...shownSize(facts.video!),
      videoCodec: facts.video!.codec || null,
      audioCodec: facts.audioCodec,
      bitrate: facts.bitrate,
      frameRate: facts.video!.fps,
      thumbnailKey,
    };
    try {
      if (onlyThumb) return await publish(video, base).then(() => "ready" as const);
      if (!settings.enabled) return await publish(video, { ...base, streamKey: null, hlsKey: null, optimizing: false }).then(() => "ready" as const);
    } catch (e) {
      if (!(e instanceof Gone)) throw e;
      await discardRun(video.storageKey);
      return "gone" as const;
    }
    return makePlayable(video, src, dir, base, settings.ladder, sw, watchEveryMs);
  });
  // Where the time went (facts, thumbnail, streamCopy, download, encode, check, store, master …).
  log().info({ videoId, ms: sw.ms }, "video processing steps");
  if (typeof outcome === "object") return recordFailure(video, outcome.rejection);
  // READY (its first file or a new one) in an unpaid gallery: its guests see it once its preview is made.
  if (outcome === "ready") await queuePreviewOf(video.id);
  // Playable: its automatic transcript, if its studio turned them on (a version transcribed already is left as it is).
  if (outcome === "ready") await queueTranscript(video.id);
  return outcome;
}

/** After the queue's last retry: the studio sees that it failed and may retry. A ready video stays ready. */
export async function failVideo(videoId: string) {
  // A rejected file keeps its own reason: the queue giving up on it says nothing new.
  const failing = { status: "FAILED" as const, failureCode: "processing", failureReason: FAILURE_TEXT.processing };
  const retryable = { OR: [{ failureCode: null }, { failureCode: { in: [...RETRYABLE] } }] };
  const deliveries = await db.$transaction(async (tx) => {
    // Not failed before: now it is (film.failed with it); failed before: its reason refreshed only.
    const fresh = await tx.video.updateMany({ where: { id: videoId, status: { notIn: ["READY", "FAILED"] }, ...retryable }, data: failing });
    if (fresh.count === 1) return publishFailure(tx, videoId);
    await tx.video.updateMany({ where: { id: videoId, status: "FAILED", ...retryable }, data: failing });
    return [];
  });
  await dispatchDeliveries(deliveries);
  // A video that plays already stays as it was published; it is just no longer being optimised.
  await db.video.updateMany({ where: { id: videoId, status: "READY", optimizing: true }, data: { optimizing: false } });
}

/** Videos waiting for the worker (filed while the queue was down): a starting worker queues them. */
export async function videosAwaitingProcessing(limit = 1000): Promise<string[]> {
  const rows = await db.video.findMany({ where: { status: "PROCESSING" }, select: { id: true }, take: limit });
  return rows.map((r) => r.id);
}
