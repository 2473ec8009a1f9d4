// A worker killed in the middle of a job: after it, another worker completes the job, once.
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { ffmpeg } from "@/lib/media/ffmpeg";
import { listKeys, uploadFile } from "@/lib/storage/objects";
import { until } from "../helpers/until";
import { startWorkerProcess } from "../helpers/worker-process";
import { createStudio } from "../helpers/factories";
import { clipArgs } from "../helpers/test-clip";

// A queue of its own, so the workers here never touch other tests' jobs.
const QUEUE = `video-restart-${Date.now()}`;
const jobEnv = { VIDEO_QUEUE_NAME: QUEUE, VIDEO_JOB_EXPIRE_SECONDS: "25", VIDEO_JOB_RETRY_DELAY: "1", QUEUE_MAINTENANCE_SECONDS: "1", WORKER_SWEEP: "false", HLS_LADDER: "360,720" };

const startWorker = () => startWorkerProcess(jobEnv);

async function jobsOf(videoId: string) {
  return db.$queryRaw<{ state: string; retry_count: number }[]>`SELECT state::text, retry_count FROM pgboss.job WHERE name = ${QUEUE} AND singleton_key = ${videoId}`;
}

it("completes a job exactly once after its worker is killed mid-way", async () => {
  Object.assign(process.env, jobEnv);
  jest.resetModules();
  const { enqueue, stopQueue } = await import("@/lib/jobs/queue");
  const { videoJob } = await import("@/lib/jobs/kinds");
  const dir = await mkdtemp(path.join(tmpdir(), "vidfolio-restart-"));
  const workers: ChildProcess[] = [];
  try {
    const clip = path.join(dir, "long.mp4");
    await ffmpeg(clipArgs(clip, { seconds: 40, size: "1280x720" }));
    const studio = await createStudio({ creditsMb: 100 });
    const key = `${studio.id}/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000002/abc_long.mp4`;
    await uploadFile(key, clip, "video/mp4");
    const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
    const gallery = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: studio.id, customUrl: `rs-${studio.id}` } });
    const video = await db.video.create({ data: { title: "long", storageKey: key, galleryId: gallery.id, adminId: studio.id, status: "PROCESSING" } });

    await enqueue(videoJob, { videoId: video.id });
    const first = startWorker();
    workers.push(first);
    await until(async () => (await jobsOf(video.id)).some((j) => j.state === "active"), 30_000);
    await new Promise((r) => setTimeout(r, 300)); // mid-way through the job
    first.kill("SIGKILL");
    // Killed before its ladder was published (it may already play from its stream copy).
    const killed = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    expect(killed.hlsKey).toBeNull();

    workers.push(startWorker());
    const done = await until(async () => {
      const v = await db.video.findUniqueOrThrow({ where: { id: video.id } });
      return v.status === "READY" && !v.optimizing && v;
    }, 90_000);
    expect(done.hlsKey).toMatch(/master\.m3u8$/);
    const jobs = await until(async () => {
      const j = await jobsOf(video.id);
      return j.some((x) => x.state === "completed") && j;
    }, 10_000);
    expect(jobs.filter((j) => j.state === "completed")).toHaveLength(1);
    expect(jobs[0].retry_count).toBeGreaterThanOrEqual(1);
    // The killed run left nothing behind: one thumbnail, named by its time.
    expect((await listKeys(`${key}.derived/`)).filter((k) => k.includes("/thumb-"))).toHaveLength(1);
  } finally {
    for (const w of workers) w.kill("SIGKILL");
    await stopQueue();
    await rm(dir, { recursive: true, force: true });
  }
}, 150_000);
