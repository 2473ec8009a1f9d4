// The rest of a playable film's HLS ladder, as its own job (a batch becomes playable
// together). A film's own run (lib/services/films/video-processing.ts) makes it playable — its stream copy,
// or its first rung — and queues the rest here; so a batch of ten is playable in the time of ten
// playable steps, not of ten ladders:
//
//   the video queue ──▶ playable (READY, optimizing) ──▶ the ladder queue ──▶ READY (the whole ladder)
//
// The ladder waits while any film waits to become playable, or is being made playable (playableFirst), and both queues take a
// studio's films in turn with other studios' (kinds.ts `turn`: one studio's batch of 50 never holds
// back another studio's single film). While it encodes, the film's card shows how far it is
// (Video.optimizeProgress, a percentage).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { enqueue, pendingNow } from "@/lib/jobs/queue";
import { ladderJob, videoJob, type LadderJob } from "@/lib/jobs/kinds";
import { browserPlayable, localSource, MediaError, sourceSeconds, storeMaster, storeRungs, withSourceFile } from "@/lib/media/process-video";
import { RenditionCheckError, type Rung } from "@/lib/media/ladder";
import { discardRun, Gone, publish } from "@/lib/services/films/video-publish";
import type { Video } from "@/generated/prisma/client";

/** How a film's processing is split: the step that makes it playable, and the rest of its ladder. */
export type Stage = "playable" | "ladder";

/**
 * A film's turn among its studio's films at `stage` (kinds.ts `turn`): how many of the studio's
 * other films wait for the same step (PROCESSING: to become playable; optimizing: for their ladder).
 */
export async function turnOf(video: Pick<Video, "id" | "adminId">, stage: Stage): Promise<number> {
  const waiting = stage === "playable" ? { status: "PROCESSING" as const } : { status: "READY" as const, optimizing: true };
  return db.video.count({ where: { adminId: video.adminId, id: { not: video.id }, ...waiting } });
}

/** After a film became playable: the rest of its ladder queued, in its studio's turn. */
export async function queueLadder(video: Pick<Video, "id" | "adminId" | "storageKey">, ladder: { heights: number[]; encodeAudio: boolean; published: Rung[] }): Promise<void> {
  await db.video.updateMany({ where: { id: video.id, storageKey: video.storageKey }, data: { optimizeProgress: null } });
  await enqueue(ladderJob, { videoId: video.id, storageKey: video.storageKey, ...ladder, turn: await turnOf(video, "ladder") });
  log().info({ videoId: video.id, heights: ladder.heights }, "ladder queued");
}

/** How long ladder work waits for the films waiting to become playable (then it runs anyway: a stream of uploads never starves the ladders). */
export const PLAYABLE_FIRST_MAX_MS = 5 * 60 * 1000;
const PLAYABLE_FIRST_POLL_MS = 500;

/**
 * Ladder work (a ladder, a long film's piece) starts once no film waits to become playable or is
 * being made playable, on any worker: every queued film's playable step runs before it, with the
 * machine to itself. A playable step running for over 10 minutes does not count (its worker may
 * have died: the job stays active until it expires). Waits at most PLAYABLE_FIRST_MAX_MS. Returns
 * how long it waited.
 */
export async function playableFirst({ maxMs = PLAYABLE_FIRST_MAX_MS, pollMs = PLAYABLE_FIRST_POLL_MS } = {}): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < maxMs && (await pendingNow(videoJob)) > 0) await new Promise((r) => setTimeout(r, pollMs));
  return Date.now() - started;
}

/** Writes how far a film's ladder is, at most every 2 s and only when the percentage moved: a long encode reports twice a second. */
export function progressWriter(video: Pick<Video, "id" | "storageKey">, totalSeconds: number): (seconds: number) => void {
  let last = -1;
  let lastAt = 0;
  let writing: Promise<unknown> = Promise.resolve();
  return (seconds) => {
    if (!(totalSeconds > 0)) return;
    // 99 at most: 100 is the film READY, which the publication says.
    const percent = Math.min(99, Math.max(0, Math.floor((seconds / totalSeconds) * 100)));
    const now = Date.now();
    if (percent <= last || now - lastAt < 2000) return;
    last = percent;
    lastAt = now;
    writing = writing
      .then(() => db.video.updateMany({ where: { id: video.id, storageKey: video.storageKey, status: "READY", optimizing: true }, data: { optimizeProgress: percent } }))
      .catch((err) => log().warn({ err, videoId: video.id }, "could not record the ladder's progress"));
  };
}

/**
 * Encodes the rest of a playable film's ladder (the job's rungs), checks it, and publishes the
 * master naming every rung (READY, optimizing false). The film must still have the file (else
 * "gone", and what this run stored is removed). A ladder the file cannot make, or that fails its
 * check, leaves the film playable as published (no longer optimising).
 */
export async function processLadder(job: LadderJob, { playableFirstMaxMs = PLAYABLE_FIRST_MAX_MS } = {}): Promise<"ready" | "gone" | "kept as published"> {
  const current = () => db.video.findFirst({ where: { id: job.videoId, storageKey: job.storageKey, status: "READY" } });
  if (!(await current())) return "gone";
  const waitedMs = await playableFirst({ maxMs: playableFirstMaxMs });
  if (waitedMs > 0) log().info({ videoId: job.videoId, waitedMs }, "the ladder waited for films to become playable");
  // Deleted or replaced while it waited.
  const video = await current();
  if (!video) return "gone";
  try {
    return await withSourceFile(video.storageKey, async (remote, dir) => {
      if (!remote.facts?.video) throw new MediaError("The file no longer reads as a video");
      // An MP4 browsers play is read where it is stored, by ranges (never downloaded, however long);
      // any other container is downloaded once, as its first rung's run did.
      const src = browserPlayable(remote) ? remote : await localSource(remote, dir);
      await db.video.updateMany({ where: { id: video.id, storageKey: video.storageKey }, data: { optimizeProgress: 0 } });
      const rungs = await storeRungs(src, dir, job.heights, { audio: job.encodeAudio, onProgress: progressWriter(video, sourceSeconds(src.facts!)) });
      const earlier = job.published.length > 0 ? { rungs: job.published, audio: video.audioCodec !== null } : undefined;
      const hlsKey = await storeMaster(src, dir, rungs, { audio: job.encodeAudio, published: earlier });
      await publish(video, { hlsKey, optimizing: false });
      return "ready" as const;
    });
  } catch (e) {
    if (e instanceof Gone) {
      await discardRun(job.storageKey);
      return "gone";
    }
    if (!(e instanceof MediaError || e instanceof RenditionCheckError)) throw e;
    await keepAsPublished(job, e);
    return "kept as published";
  }
}

/** A ladder this file cannot make, or that failed its check: it plays (its stream copy or first rung), so the failure costs quality, not playback. */
export async function keepAsPublished(film: Pick<LadderJob, "videoId" | "storageKey">, err: Error): Promise<void> {
  log().warn({ err, videoId: film.videoId }, "the HLS ladder could not be finished; the video plays as published");
  await stopOptimising(film);
}

/** After the ladder's last try, or a ladder the file cannot make: the film plays as published; it is just no longer being optimised. */
export async function stopOptimising(job: Pick<LadderJob, "videoId" | "storageKey">): Promise<void> {
  await db.video.updateMany({ where: { id: job.videoId, storageKey: job.storageKey, status: "READY", optimizing: true }, data: { optimizing: false, optimizeProgress: null } });
}
