// A studio's video whose file is a real one in the test store, waiting for the worker (PROCESSING);
// and the worker's whole work on it, in this process.
import { db } from "@/lib/db";
import { uploadFile } from "@/lib/storage/objects";
import { createStudio } from "./factories";
import { parsePayload, queue } from "@/lib/jobs/queue";
import { ladderJob } from "@/lib/jobs/kinds";
import { processVideo } from "@/lib/services/films/video-processing";
import { processLadder } from "@/lib/services/films/video-ladder";

export async function videoWithFile(file: string, name: string) {
  const studio = await createStudio({ creditsMb: 100 });
  const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
  const gallery = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: studio.id, customUrl: `p-${studio.id}` } });
  const key = `${studio.id}/${folder.id}/${gallery.id}/abc_${name}`;
  await uploadFile(key, file, "video/mp4");
  return db.video.create({ data: { title: name, storageKey: key, galleryId: gallery.id, adminId: studio.id, status: "PROCESSING" } });
}

/**
 * What a worker does with a filed video, in this process: its playable step (processVideo), then
 * the rest of its ladder (the ladder job that step queued, taken off the queue and run as the worker
 * would run it, not waiting for other films of the suite's queue to become playable). "gone" when
 * either found the film deleted or replaced.
 */
export async function processVideoWhole(videoId: string, options?: { thumbnailOnly?: boolean }): Promise<"ready" | "failed" | "gone"> {
  const outcome = await processVideo(videoId, options);
  // A film deleted or replaced while its ladder was made: gone, as the ladder found it.
  return (await runQueuedLadder(videoId)) === "gone" ? "gone" : outcome;
}

/** The ladder job queued for the video, if any: taken off the queue and run (its outcome), else null. */
export async function runQueuedLadder(videoId: string): Promise<string | null> {
  const boss = await queue();
  const { rows } = await boss.getDb().executeSql(`DELETE FROM pgboss.job WHERE name = $1 AND data->>'videoId' = $2 AND state < 'active' RETURNING data`, [ladderJob.name(), videoId]);
  if (rows.length === 0) return null;
  return processLadder(parsePayload(ladderJob, rows[0].data), { playableFirstMaxMs: 0 });
}
