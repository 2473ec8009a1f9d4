// Issue 39, a batch becomes playable together: a film's playable step (its stream copy or first
// rung) and the rest of its ladder are two jobs; no ladder is encoded while any film waits to become
// playable; each studio's films are taken in turn with other studios' (one studio's batch never holds
// back another's single film); the card's progress figure. Real worker, ffmpeg, store and database.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { ffmpeg } from "@/lib/media/ffmpeg";
import { queue, stopQueue } from "@/lib/jobs/queue";
import { ladderJob, videoJob } from "@/lib/jobs/kinds";
import { afterFiling } from "@/lib/services/films/videos";
import { playableFirst, processLadder, progressWriter, queueLadder } from "@/lib/services/films/video-ladder";
import { startWorker } from "@/lib/worker/worker";
import { uploadFile } from "@/lib/storage/objects";
import { videoView } from "@/lib/services/galleries/gallery-views";
import { TEXTS } from "@/lib/texts";
import { createStudio } from "../helpers/factories";
import { clipArgs } from "../helpers/test-clip";
import { until } from "../helpers/until";
import { processVideoWhole } from "../helpers/videos";
import { processVideo } from "@/lib/services/films/video-processing";

let dir: string;
let clip: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vidfolio-batch-"));
  clip = path.join(dir, "clip.mp4");
  await ffmpeg(clipArgs(clip, { seconds: 3, size: "320x240", toneHz: 440 }));
});
afterAll(async () => {
  await stopQueue();
  await rm(dir, { recursive: true, force: true });
});

/** A studio with a gallery, and `n` films of it filed (PROCESSING) one after another, each queued as a completed upload queues it. */
async function fileFilms(n: number, studio?: { id: string; galleryId: string; folderId: string }) {
  const s =
    studio ??
    (await (async () => {
      const admin = await createStudio({ creditsMb: 100 });
      const folder = await db.folder.create({ data: { name: "F", adminId: admin.id } });
      const gallery = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: admin.id, customUrl: `b-${admin.id}` } });
      return { id: admin.id, galleryId: gallery.id, folderId: folder.id };
    })());
  const films = [];
  for (let i = 0; i < n; i++) {
    const key = `${s.id}/${s.folderId}/${s.galleryId}/abc_film${i}_${Math.random().toString(36).slice(2, 8)}.mp4`;
    await uploadFile(key, clip, "video/mp4");
    const video = await db.video.create({ data: { title: `Film ${i + 1}`, storageKey: key, galleryId: s.galleryId, adminId: s.id, status: "PROCESSING" } });
    await afterFiling({ video, replaced: null });
    films.push(video);
  }
  return { studio: s, films };
}

/** Jobs of a queue in the order a worker takes them (pg-boss: highest priority, then oldest), one fetch each, taken off the queue. */
async function takeAll(name: string): Promise<{ videoId: string; turn?: number }[]> {
  const boss = await queue();
  const taken = [];
  for (;;) {
    const [job] = (await boss.fetch<{ videoId: string; turn?: number }>(name)) ?? [];
    if (!job) return taken;
    await boss.complete(name, job.id);
    taken.push(job.data);
  }
}

it("one studio's batch never holds back another studio's film: each studio's films are taken in turn", async () => {
  const a = await fileFilms(4);
  const b = await fileFilms(1);
  const order = await takeAll(videoJob.name());
  const name = (id: string) => (b.films.some((f) => f.id === id) ? "B1" : `A${a.films.findIndex((f) => f.id === id) + 1}`);
  // A's first film was queued first with nobody else's waiting; B's single film comes right after it,
  // ahead of A's three others, which keep their own order.
  expect(order.map((j) => name(j.videoId))).toEqual(["A1", "B1", "A2", "A3", "A4"]);
  expect(order.map((j) => j.turn)).toEqual([0, 0, 1, 2, 3]);

  // The ladders likewise: A's three films optimising, then B's: B's is taken first.
  await db.video.updateMany({ where: { id: { in: [...a.films, ...b.films].map((f) => f.id) } }, data: { status: "READY", optimizing: true } });
  for (const f of [...a.films.slice(0, 3), ...b.films]) await queueLadder(f, { heights: [240], encodeAudio: true, published: [] });
  const ladders = await takeAll(ladderJob.name());
  expect(ladders.map((j) => name(j.videoId))).toEqual(["B1", "A1", "A2", "A3"]);
}, 60_000);

it("a batch of three becomes playable before any ladder is encoded, then each gets its whole ladder", async () => {
  const { films } = await fileFilms(3);
  const ids = films.map((f) => f.id);
  const playableAt = new Map<string, number>();
  let ladderBeganAt: number | null = null;
  const worker = await startWorker({ concurrency: 1 });
  try {
    // Each film's row, every 20 ms: when it became READY (playable), and when any ladder began
    // (its progress set when the encode starts, or a film's whole ladder published).
    await until(
      async () => {
        const rows = await db.video.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, optimizing: true, optimizeProgress: true, hlsKey: true } });
        const now = performance.now();
        for (const r of rows) {
          if (r.status === "READY" && !playableAt.has(r.id)) playableAt.set(r.id, now);
          if (ladderBeganAt === null && r.status === "READY" && (r.optimizeProgress !== null || (!r.optimizing && r.hlsKey))) ladderBeganAt = now;
        }
        return rows.every((r) => r.status === "READY" && !r.optimizing && r.hlsKey);
      },
      120_000,
      20,
    );
  } finally {
    await worker.stop();
  }
  expect(playableAt.size).toBe(3);
  expect(ladderBeganAt).not.toBeNull();
  expect(ladderBeganAt!).toBeGreaterThanOrEqual(Math.max(...playableAt.values()));
  for (const v of await db.video.findMany({ where: { id: { in: ids } } })) {
    expect(v).toMatchObject({ status: "READY", optimizing: false, optimizeProgress: null, hlsKey: `${v.storageKey}.derived/hls/master.m3u8`, streamKey: `${v.storageKey}.derived/stream.mp4` });
  }
}, 180_000);

it("ladder work waits while a film waits to become playable, at most its bound", async () => {
  const boss = await queue();
  // Another film's playable step, queued and not taken: the ladder waits (here, its bound of 1.5 s).
  const waiting = await boss.send(videoJob.name(), { videoId: crypto.randomUUID() });
  const t0 = performance.now();
  expect(await playableFirst({ maxMs: 1500, pollMs: 100 })).toBeGreaterThanOrEqual(1400);
  expect(performance.now() - t0).toBeLessThan(5000);
  // Taken and done: the ladder goes at once.
  await boss.fetch(videoJob.name());
  await boss.complete(videoJob.name(), waiting!);
  expect(await playableFirst({ maxMs: 1500, pollMs: 100 })).toBeLessThan(500);
  // Running counts as not done yet.
  const running = await boss.send(videoJob.name(), { videoId: crypto.randomUUID() });
  await boss.fetch(videoJob.name());
  expect(await playableFirst({ maxMs: 600, pollMs: 100 })).toBeGreaterThanOrEqual(500);
  // Running for over 10 minutes: its worker may have died (the job stays active until it expires,
  // hours later); it holds no ladder back.
  await db.$executeRaw`UPDATE pgboss.job SET started_on = now() - interval '11 minutes' WHERE id = ${running}::uuid`;
  expect(await playableFirst({ maxMs: 1500, pollMs: 100 })).toBeLessThan(500);
  await boss.complete(videoJob.name(), running!);
}, 30_000);

it("the card shows the ladder's progress: queued, then a percentage written at most every 2 s, gone once published", async () => {
  const { films } = await fileFilms(1);
  await takeAll(videoJob.name());
  const [film] = films;
  await db.video.update({ where: { id: film.id }, data: { status: "READY", optimizing: true, optimizeProgress: null } });
  expect(TEXTS.optimizing(videoView(await db.video.findUniqueOrThrow({ where: { id: film.id } })).optimizeProgress)).toBe("Ready · queued for optimising");

  // The encode reports its seconds (of 60 here): 30 s in is 50 %, written; 31 s a moment later is not (2 s apart at most).
  const write = progressWriter(film, 60);
  write(30);
  await until(async () => (await db.video.findUniqueOrThrow({ where: { id: film.id } })).optimizeProgress === 50, 5000);
  write(31);
  await new Promise((r) => setTimeout(r, 300));
  expect((await db.video.findUniqueOrThrow({ where: { id: film.id } })).optimizeProgress).toBe(50);
  // Never 100 before the publication, which clears it.
  const view = videoView(await db.video.findUniqueOrThrow({ where: { id: film.id } }));
  expect(view.optimizeProgress).toBe(50);
  expect(TEXTS.optimizing(view.optimizeProgress)).toBe("Ready · optimising for streaming · 50 %");

  // The real run: the whole ladder published, its progress gone.
  await db.video.update({ where: { id: film.id }, data: { status: "PROCESSING", optimizing: false } });
  expect(await processVideoWhole(film.id)).toBe("ready");
  const done = await db.video.findUniqueOrThrow({ where: { id: film.id } });
  expect(done).toMatchObject({ optimizing: false, optimizeProgress: null });
  expect(videoView(done).optimizeProgress).toBeNull();
}, 120_000);

it("a ladder job for a film deleted or replaced meanwhile does nothing", async () => {
  const { films } = await fileFilms(1);
  await takeAll(videoJob.name());
  const [film] = films;
  await db.video.update({ where: { id: film.id }, data: { status: "READY", optimizing: true } });
  const job = { videoId: film.id, storageKey: `${film.storageKey}.old`, heights: [240], encodeAudio: true, published: [] };
  expect(await processLadder(job, { playableFirstMaxMs: 0 })).toBe("gone");
  expect(await db.video.findUniqueOrThrow({ where: { id: film.id } })).toMatchObject({ optimizing: true, hlsKey: null });
}, 60_000);

it("a film's own run encodes its ladder while nobody waits, and hands it to the ladder queue as soon as another film is queued", async () => {
  const long = path.join(dir, "long.mp4");
  await ffmpeg(clipArgs(long, { seconds: 12, size: "640x360", toneHz: 330 }));
  const { films } = await fileFilms(2);
  await takeAll(videoJob.name());
  const [alone, preempted] = films;
  for (const f of films) await uploadFile(f.storageKey, long, "video/mp4");

  // Nobody waiting: the whole ladder in the film's own run, no ladder job.
  expect(await processVideo(alone.id)).toBe("ready");
  expect(await db.video.findUniqueOrThrow({ where: { id: alone.id } })).toMatchObject({ optimizing: false, hlsKey: `${alone.storageKey}.derived/hls/master.m3u8` });
  expect(await takeAll(ladderJob.name())).toEqual([]);

  // Another film queued while the run encodes: the encode stops, the film is published playable and its ladder queued.
  const boss = await queue();
  // Sent once the stream copy is out (the encode is under way then: a 12 s ladder takes far longer
  // than the copy), and watched every 20 ms: the encode cannot end unseen, however fast the machine.
  const running = processVideo(preempted.id, { watchEveryMs: 20 });
  await until(async () => (await db.video.findUniqueOrThrow({ where: { id: preempted.id } })).status === "READY", 60_000, 10);
  await boss.send(videoJob.name(), { videoId: crypto.randomUUID() });
  expect(await running).toBe("ready");
  expect(await db.video.findUniqueOrThrow({ where: { id: preempted.id } })).toMatchObject({ status: "READY", optimizing: true, hlsKey: null, streamKey: `${preempted.storageKey}.derived/stream.mp4` });
  const [ladder] = await takeAll(ladderJob.name());
  expect(ladder).toMatchObject({ videoId: preempted.id, heights: [360], encodeAudio: true, published: [] });
  await takeAll(videoJob.name());
}, 120_000);
