// bench/processing: from a completed upload to a playable film and to its whole HLS ladder ("playable first, optimised later", "scale with workers").
// Clips made once with the packaged ffmpeg (testsrc2 + a sine tone, cached under
// .data/bench-processing-clips/): 60 s 1080p30 H.264/AAC MP4 (index at the end), 30 s 2160p30
// H.264/AAC, 60 s 1080p30 HEVC/AAC, 60 s 1080p30 H.264 MOV with PCM audio (and a 5 min 1080p
// H.264/AAC film with BENCH_PROCESSING_LONG=1). Three rounds, each on a fresh stack with real worker
// processes (`npm run worker`, WORKER_CONCURRENCY=1 each):
//   1 worker, FFMPEG_THREADS=0 (ffmpeg decides)   every clip, one after another
//   1 worker, FFMPEG_THREADS=1                    the long film, then two films queued at once
//   2 workers, FFMPEG_THREADS=1 each              every clip, two films at once, the long film
// For each film: the object is put in the store, its Video row inserted PROCESSING, and its job
// queued as the app queues it (that instant is "upload completed"); the row is read every 100 ms.
// Playable = first READY; full ladder = READY, optimizing false, hlsKey set.
// Targets: H.264/AAC sources playable ≤ 10 s; the 1080p ladder ≥ 1.5× real time with one worker;
// two workers ≥ 1.6× one on the long film (FFMPEG_THREADS=1 each, so each has its own core here).
// Only a film ≥ 4 × VIDEO_CHUNK_SECONDS (120 s by default) is chunked: without the long film the
// scaling is measured on the 60 s clip and not judged.
// Paid delivery (round `preview`): the watermarked preview ladder (≤ 720p, the studio's text burned
// in) of the 60 s 1080p film, READY in an unpaid gallery, its preview job queued alone on one worker;
// target: time (queued → Video.previewKey set) / film length ≤ 0.5.
// BENCH_PROCESSING_QUICK=1: 8 s clips at 720p (a check that the bench works, not a measure; with
// BENCH_PROCESSING_LONG=1 a 120 s 720p film, just long enough to be chunked).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { spawn, execFileSync } from "node:child_process";
import pg from "pg";
import PgBoss from "pg-boss";
import { PutObjectCommand, GetObjectCommand } from "@aws-sdk/client-s3";
import { insertStudio, root, startStack, storeClient, writeResults } from "../lib.mjs";
import { figure } from "../summary.mjs";

const QUICK = process.env.BENCH_PROCESSING_QUICK === "1";
const LONG = process.env.BENCH_PROCESSING_LONG === "1";
const QUEUE = "video-process"; // lib/env.ts VIDEO_QUEUE_NAME's default, set explicitly for the workers
const LADDER = (process.env.HLS_LADDER || "360,720,1080,1440,2160")
  .split(",")
  .map((h) => Number(h.trim()))
  .sort((a, b) => a - b);
const POLL_MS = 100;
const TARGET = { playableSec: 10, speed: 1.5, scaling: 1.6, batchPlayableSec: 30, fairPlayableSec: 10, previewRatio: 0.5 };
/** A batch playable together: films of 60 s 1080p queued at once on one worker; a batch of one studio before another studio's single film. */
const BATCH = Number(process.env.BENCH_PROCESSING_BATCH || 10);
const FAIR_BATCH = Number(process.env.BENCH_PROCESSING_FAIR_BATCH || 50);
const clipsDir = path.join(root, ".data", "bench-processing-clips");
const logsDir = path.join(root, ".data", "bench-processing-logs");
const ffmpegBin = JSON.parse(execFileSync(process.execPath, ["-e", "console.log(JSON.stringify(require('@ffmpeg-installer/ffmpeg').path))"], { cwd: root, encoding: "utf8" }));

// ---- Clips ----------------------------------------------------------------------------------------

const q = (full, quick) => (QUICK ? quick : full);
/** `h264`: browsers play it as it is (H.264 + AAC in MP4), so it has the ≤ 10 s playable target. */
const CLIPS = [
  { id: "h264", kind: "H.264/AAC MP4", width: q(1920, 1280), height: q(1080, 720), seconds: q(60, 8), video: "h264", audio: "aac", ext: "mp4", h264aac: true },
  { id: "uhd", kind: "H.264/AAC MP4", width: q(3840, 1280), height: q(2160, 720), seconds: q(30, 8), video: "h264", audio: "aac", ext: "mp4", h264aac: true },
  { id: "hevc", kind: "HEVC/AAC MP4", width: q(1920, 1280), height: q(1080, 720), seconds: q(60, 8), video: "hevc", audio: "aac", ext: "mp4", h264aac: false },
  { id: "pcm", kind: "H.264/PCM MOV", width: q(1920, 1280), height: q(1080, 720), seconds: q(60, 8), video: "h264", audio: "pcm", ext: "mov", h264aac: false },
  ...(LONG ? [{ id: "long", kind: "H.264/AAC MP4", width: q(1920, 1280), height: q(1080, 720), seconds: q(300, 120), video: "h264", audio: "aac", ext: "mp4", h264aac: true }] : []),
].map((c) => ({ ...c, label: `${c.kind} ${c.height}p ${c.seconds} s${QUICK ? ` [${c.id}]` : ""}`, file: path.join(clipsDir, `${c.id}-${c.width}x${c.height}-${c.seconds}s.${c.ext}`) }));
const byId = Object.fromEntries(CLIPS.map((c) => [c.id, c]));
/** The film of the scaling target: the 5 min film when made, else the 60 s 1080p clip. */
const scalingClip = byId.long ?? byId.h264;
/** lib/services/films/video-chunks.ts shouldChunk: only a film ≥ 4 × VIDEO_CHUNK_SECONDS is encoded in chunks by any worker. */
const CHUNK_SECONDS = Number(process.env.VIDEO_CHUNK_SECONDS || 30);
const chunked = (c) => CHUNK_SECONDS > 0 && c.seconds >= 4 * CHUNK_SECONDS;

/** Makes a clip once (written aside, then renamed: an interrupted run leaves nothing to reuse). */
function makeClip(c) {
  if (fs.existsSync(c.file)) return;
  fs.mkdirSync(clipsDir, { recursive: true });
  const tmp = `${c.file}.part.${c.ext}`;
  const video =
    c.video === "hevc" ? ["-c:v", "libx265", "-preset", "ultrafast", "-crf", "28", "-tag:v", "hvc1", "-x265-params", "log-level=error"] : ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "23"];
  const audio = c.audio === "pcm" ? ["-c:a", "pcm_s16le"] : ["-c:a", "aac", "-b:a", "128k"];
  const t = performance.now();
  execFileSync(ffmpegBin, [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `testsrc2=size=${c.width}x${c.height}:rate=30:duration=${c.seconds}`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=440:beep_factor=4:sample_rate=48000:duration=${c.seconds}`,
    "-map",
    "0:v",
    "-map",
    "1:a",
    ...video,
    "-pix_fmt",
    "yuv420p",
    ...audio,
    "-ac",
    "2",
    // No +faststart: the index at the end, as cameras and most editors write it.
    "-f",
    c.ext === "mov" ? "mov" : "mp4",
    tmp,
  ]);
  fs.renameSync(tmp, c.file);
  console.log(`[processing] made ${path.relative(root, c.file)} (${mb(fs.statSync(c.file).size)} MB) in ${secs(performance.now() - t)} s`);
}

// ---- Workers --------------------------------------------------------------------------------------

/** A process and all its descendants (ids), from ps. */
function processTree(pid) {
  try {
    const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((l) => l.trim().split(/\s+/).map(Number));
    const tree = [pid];
    for (let i = 0; i < tree.length; i++) for (const [p, pp] of rows) if (pp === tree[i] && !tree.includes(p)) tree.push(p);
    return tree;
  } catch {
    return [pid];
  }
}

/** One `npm run worker` (tsx --tsconfig tsconfig.worker.json scripts/worker.ts); its lines go to a log file, the last ones are kept. */
function startWorker(env, name) {
  fs.mkdirSync(logsDir, { recursive: true });
  const logFile = path.join(logsDir, `${name}.log`);
  const out = fs.createWriteStream(logFile);
  const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["--tsconfig", "tsconfig.worker.json", "scripts/worker.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const w = { name, child, logFile, tail: [], errors: [], exit: null, stopping: false };
  let onReady;
  const ready = new Promise((resolve, reject) => {
    onReady = resolve;
    child.once("exit", (code, signal) => reject(new Error(`worker ${name} exited before it ran (${signal ?? code}):\n${w.tail.join("\n")}`)));
  });
  ready.catch(() => {});
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => {
      out.write(`${line}\n`);
      w.tail.push(line);
      if (w.tail.length > 40) w.tail.shift();
      let entry = null;
      try {
        entry = JSON.parse(line);
      } catch {}
      if (entry?.msg === "worker running") onReady();
      if (entry?.level >= 40) w.errors.push(line);
    });
  }
  w.exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      w.exit = { code, signal, expected: w.stopping };
      out.end();
      resolve();
    }),
  );
  w.ready = ready;
  return w;
}

/** SIGTERM (the worker stops after its running job); after 45 s, SIGKILL to it and what it started. */
async function stopWorker(w) {
  if (w.exit) return;
  w.stopping = true;
  const tree = processTree(w.child.pid);
  w.child.kill("SIGTERM");
  const killed = await Promise.race([w.exited.then(() => false), after(45_000, true)]);
  if (killed) {
    for (const pid of tree.reverse()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
    await w.exited;
    w.exit.killed = true;
  }
}

// ---- A round --------------------------------------------------------------------------------------

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** A promise settled after `ms` whose timer does not keep the process alive (for races). */
const after = (ms, value) => new Promise((r) => setTimeout(() => r(value), ms).unref());
const secs = (ms) => (ms / 1000).toFixed(1);
const fmt = (v, d = 1) => (v == null ? "—" : v.toFixed(d));
const mb = (bytes) => (bytes / 1048576).toFixed(0);
let interrupted = null;
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    interrupted = signal;
  });

/** Heights of the rungs a master playlist names. */
const masterHeights = (text) => [...text.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
/** lib/media/ladder.ts ladderFor: the rungs not above the source. */
const expectedRungs = (height) => {
  const fit = LADDER.filter((h) => h <= height);
  return fit.length ? fit : [height - (height % 2)];
};

/** Puts each clip in the store as a new video of `studio` (PROCESSING unless said), not yet queued. */
async function fileFilms(ctx, clips, studio = ctx.studio, status = "PROCESSING") {
  const films = [];
  for (const [i, clip] of clips.entries()) {
    const key = `${studio.adminId}/${studio.folderId}/${studio.galleryId}/${clip.id}_${++ctx.seq}.${clip.ext}`;
    const size = fs.statSync(clip.file).size;
    await ctx.s3.send(
      new PutObjectCommand({ Bucket: ctx.bucket, Key: key, Body: fs.createReadStream(clip.file), ContentLength: size, ContentType: clip.ext === "mov" ? "video/quicktime" : "video/mp4" }),
    );
    const {
      rows: [row],
    } = await ctx.db.query(
      `INSERT INTO "Video"(id, title, "storageKey", "sizeBytes", status, "galleryId", "adminId", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, $6, $4, $5, now()) RETURNING id`,
      [`${clip.label} #${i + 1}`, key, String(size), studio.galleryId, studio.adminId, status],
    );
    films.push({ clip, videoId: row.id, key, adminId: studio.adminId });
  }
  return films;
}

/**
 * Queued the way the app queues a completed upload (lib/services/films/videos.ts queueProcessing, lib/jobs/kinds.ts
 * videoJob): in its studio's turn (priority minus the studio's other films waiting to become playable).
 * That instant is "upload completed".
 */
async function queueFilms(ctx, films) {
  for (const f of films) {
    f.t0 = performance.now();
    const {
      rows: [{ n: turn }],
    } = await ctx.db.query(`SELECT count(*)::int AS n FROM "Video" WHERE "adminId" = $1 AND status = 'PROCESSING' AND id <> $2`, [f.adminId, f.videoId]);
    f.turn = turn;
    f.jobId = await ctx.boss.send(QUEUE, { videoId: f.videoId, turn }, { singletonKey: f.videoId, expireInSeconds: 7200, retryDelay: 10, priority: -turn });
    if (!f.jobId) throw new Error(`pg-boss refused the job of ${f.videoId} (singleton already queued?)`);
  }
}

/**
 * Puts each clip in the store as a new video, queues them all at once, and follows their rows
 * until each is done (full ladder, FAILED, or playable with the ladder given up), or times out.
 */
async function runFilms(ctx, clips) {
  const films = await fileFilms(ctx, clips);
  await queueFilms(ctx, films);
  return follow(ctx, films);
}

/** Follows the films' rows until each is done (`until` "full": its whole ladder; "playable": READY), or FAILED, or the time is up. */
async function follow(ctx, films, { until = "full" } = {}) {
  const clips = films.map((f) => f.clip);
  const limitMs = Math.max(300, 40 * Math.max(...clips.map((c) => c.seconds))) * 1000;
  const start = performance.now();
  const open = new Set(films);
  while (open.size && !interrupted) {
    const { rows } = await ctx.db.query(`SELECT id, status, optimizing, "hlsKey", "streamKey", "failureCode", "failureReason" FROM "Video" WHERE id = ANY($1::uuid[])`, [
      [...open].map((f) => f.videoId),
    ]);
    const now = performance.now();
    for (const r of rows) {
      const f = films.find((x) => x.videoId === r.id);
      if (r.status === "READY" && f.playableMs == null) {
        f.playableMs = now - f.t0;
        f.playableVia = r.streamKey ? "stream copy" : r.hlsKey ? "first rung" : "original";
      }
      if (r.status === "READY" && until === "playable") {
        f.outcome = "playable";
        open.delete(f);
      } else if (r.status === "READY" && !r.optimizing) {
        if (r.hlsKey) f.fullMs = now - f.t0;
        else f.outcome = "playable, no ladder";
        f.hlsKey = r.hlsKey;
        f.outcome ??= "ready";
        open.delete(f);
      } else if (r.status === "FAILED") {
        f.outcome = "FAILED";
        f.failure = { code: r.failureCode, reason: r.failureReason };
        open.delete(f);
      }
    }
    if (!ctx.workers.some((w) => !w.exit)) {
      for (const f of open) f.outcome = "no worker left";
      break;
    }
    if (now - start > limitMs) {
      for (const f of open) f.outcome = `timed out after ${secs(limitMs)} s`;
      break;
    }
    if (open.size) await sleep(POLL_MS);
  }
  for (const f of open) f.outcome ??= `interrupted (${interrupted})`;
  // What was published, and how the queue ran each job.
  for (const f of films) {
    if (f.hlsKey) {
      try {
        const res = await ctx.s3.send(new GetObjectCommand({ Bucket: ctx.bucket, Key: f.hlsKey }));
        f.rungs = masterHeights(await res.Body.transformToString());
      } catch (e) {
        f.rungs = [];
        f.note = `master unreadable: ${e.message}`;
      }
      f.expectedRungs = expectedRungs(f.clip.height);
      if (f.rungs.join() !== f.expectedRungs.join()) f.note = `ladder ${f.rungs.join(",")}p, expected ${f.expectedRungs.join(",")}p`;
    }
  }
  // Each job completed before the next films are queued (its worker is free again), 60 s at most;
  // not after a time-out (the job runs on).
  const settled = until === "full" && films.every((f) => f.outcome === "ready" || f.outcome === "FAILED" || f.outcome === "playable, no ladder");
  for (let i = 0; i < 600 && !interrupted; i++) {
    for (const f of films) f.job = await ctx.boss.getJobById(QUEUE, f.jobId);
    if (!settled || films.every((f) => !f.job || ["completed", "failed", "cancelled"].includes(f.job.state))) break;
    await sleep(100);
  }
  return films.map((f) => ({
    clip: f.clip.id,
    label: f.clip.label,
    seconds: f.clip.seconds,
    videoId: f.videoId,
    playableSec: f.playableMs == null ? null : f.playableMs / 1000,
    playableVia: f.playableVia ?? null,
    fullSec: f.fullMs == null ? null : f.fullMs / 1000,
    speed: f.fullMs == null ? null : f.clip.seconds / (f.fullMs / 1000),
    outcome: f.outcome,
    failure: f.failure ?? null,
    rungs: f.rungs ?? null,
    note: f.note ?? null,
    turn: f.turn,
    job: f.job ? { state: f.job.state, attempts: f.job.retryCount + 1, pickedUpSec: f.job.startedOn ? (new Date(f.job.startedOn) - new Date(f.job.createdOn)) / 1000 : null } : null,
    t0: f.t0,
  }));
}

/**
 * Paid delivery: a READY film of an unpaid gallery gets its preview job (as lib/services/films/video-preview.ts
 * queuePreviews sends it) and its row is read until it names its preview (previewKey), or the job
 * ends without one, or the time is up. The preview's rungs are read from its master playlist.
 */
async function followPreview(ctx, film) {
  const name = `${QUEUE}-preview`;
  const limitMs = Math.max(300, 40 * film.clip.seconds) * 1000;
  const t0 = performance.now();
  const jobId = await ctx.boss.send(name, { videoId: film.videoId }, { singletonKey: film.videoId, expireInSeconds: 7200, retryDelay: 10 });
  if (!jobId) throw new Error(`pg-boss refused the preview job of ${film.videoId}`);
  let previewKey = null;
  let previewMs = null;
  let outcome = null;
  while (!interrupted) {
    const { rows } = await ctx.db.query(`SELECT "previewKey" FROM "Video" WHERE id = $1`, [film.videoId]);
    if (rows[0]?.previewKey) {
      previewMs = performance.now() - t0;
      previewKey = rows[0].previewKey;
      outcome = "ready";
      break;
    }
    const job = await ctx.boss.getJobById(name, jobId);
    if (job && ["completed", "failed", "cancelled"].includes(job.state)) {
      outcome = `job ${job.state} without a preview`;
      break;
    }
    if (!ctx.workers.some((w) => !w.exit)) {
      outcome = "no worker left";
      break;
    }
    if (performance.now() - t0 > limitMs) {
      outcome = `timed out after ${secs(limitMs)} s`;
      break;
    }
    await sleep(POLL_MS);
  }
  let rungs = null;
  if (previewKey) {
    const res = await ctx.s3.send(new GetObjectCommand({ Bucket: ctx.bucket, Key: previewKey }));
    rungs = masterHeights(await res.Body.transformToString());
  }
  const job = await ctx.boss.getJobById(name, jobId);
  return {
    clip: film.clip.id,
    label: film.clip.label,
    seconds: film.clip.seconds,
    videoId: film.videoId,
    previewSec: previewMs == null ? null : previewMs / 1000,
    ratio: previewMs == null ? null : previewMs / 1000 / film.clip.seconds,
    rungs,
    outcome: outcome ?? `interrupted (${interrupted})`,
    job: job ? { state: job.state, attempts: job.retryCount + 1, pickedUpSec: job.startedOn ? (new Date(job.startedOn) - new Date(job.createdOn)) / 1000 : null } : null,
  };
}

const describe = (r) => {
  const parts = [
    `playable ${r.playableSec == null ? "—" : `${r.playableSec.toFixed(1)} s (${r.playableVia})`}`,
    `full ladder ${r.fullSec == null ? "—" : `${r.fullSec.toFixed(1)} s (${r.speed.toFixed(2)}×)`}`,
  ];
  if (r.outcome !== "ready") parts.push(r.outcome + (r.failure ? `: ${r.failure.code} — ${r.failure.reason}` : ""));
  if (r.note) parts.push(r.note);
  if (r.job && r.job.attempts > 1) parts.push(`${r.job.attempts} attempts`);
  return parts.join(", ");
};

/** One round on a fresh stack: `workers` worker processes, each FFMPEG_THREADS=threads. */
async function round({ key, label, workers: count, threads, films: clipIds, pair, batch, fair, preview }) {
  console.log(`\n[processing] round: ${label}`);
  const tStack = performance.now();
  const stack = await startStack("processing");
  console.log(`[processing] fresh stack (Postgres + store, migrated) in ${secs(performance.now() - tStack)} s`);
  const db = new pg.Client({ connectionString: stack.dbUrl });
  const workers = [];
  let boss;
  const result = { key, label, workers: count, threads, films: [], pair: null, batch: null, fair: null, preview: null, crashes: [], workerErrors: [] };
  try {
    await db.connect();
    const studio = await insertStudio(db, { creditsMb: 1024 * 1024 }); // 1 TB: never short of credits
    const env = { ...stack.env, VIDEO_QUEUE_NAME: QUEUE, WORKER_CONCURRENCY: "1", WORKER_SWEEP: "false", FFMPEG_THREADS: String(threads), VIDFOLIO_SERVICE: "worker" };
    // One after another: each creates the queues (pg-boss) and compiles the worker (tsx).
    for (let i = 0; i < count; i++) {
      const w = startWorker(env, `${key}-w${i + 1}`);
      workers.push(w);
      const t = performance.now();
      await Promise.race([w.ready, after(180_000).then(() => Promise.reject(new Error(`worker ${w.name} did not log "worker running" within 180 s:\n${w.tail.join("\n")}`)))]);
      console.log(`[processing] worker ${w.name} running (${secs(performance.now() - t)} s to start)`);
    }
    boss = new PgBoss({ connectionString: stack.dbUrl, schema: "pgboss", supervise: false, schedule: false, max: 2 });
    boss.on("error", (e) => console.error(`[processing] queue error: ${e.message}`));
    await boss.start();
    const s3 = storeClient(stack.s3env);
    const ctx = { db, boss, s3, bucket: stack.s3env.S3_BUCKET, studio, workers, seq: 0 };
    const stopped = (r) => r.outcome.startsWith("timed out") || r.outcome === "no worker left" || r.outcome.startsWith("interrupted");
    for (const id of clipIds) {
      const [r] = await runFilms(ctx, [byId[id]]);
      result.films.push(r);
      console.log(`[processing] ${label} · ${r.label}: ${describe(r)}`);
      if (stopped(r)) break;
    }
    if (pair && !interrupted && workers.some((w) => !w.exit) && !result.films.some(stopped)) {
      const clip = byId.h264;
      const rs = await runFilms(ctx, [clip, clip]);
      const done = rs.every((r) => r.fullSec != null);
      const totalSec = done ? (Math.max(...rs.map((r) => r.t0 + r.fullSec * 1000)) - Math.min(...rs.map((r) => r.t0))) / 1000 : null;
      result.pair = { clip: clip.id, label: clip.label, films: rs, totalSec, throughput: done ? (2 * clip.seconds) / totalSec : null };
      console.log(
        `[processing] ${label} · two films at once (${clip.label} ×2): ${done ? `both full in ${totalSec.toFixed(1)} s (${result.pair.throughput.toFixed(2)}× real time)` : rs.map(describe).join("; ")}`,
      );
    }
    if (batch && !interrupted) {
      // A batch queued at once becomes playable together (no film waits for another's ladder).
      const films = await fileFilms(ctx, Array(batch).fill(byId.h264));
      await queueFilms(ctx, films);
      const rs = await follow(ctx, films, { until: "playable" });
      const worst = rs.every((r) => r.playableSec != null) ? Math.max(...rs.map((r) => r.playableSec)) : null;
      result.batch = { size: batch, clip: byId.h264.label, films: rs, worstPlayableSec: worst };
      console.log(`[processing] ${label}: ${batch} × ${byId.h264.label} queued at once, every one playable within ${fmt(worst)} s (${rs.map((r) => fmt(r.playableSec)).join(", ")})`);
    }
    if (fair && !interrupted) {
      // One studio's big batch never delays another studio's film.
      const other = await insertStudio(db, { creditsMb: 1024 * 1024 });
      const films = await fileFilms(ctx, Array(fair).fill(byId.h264));
      const single = await fileFilms(ctx, [byId.h264], other);
      await queueFilms(ctx, films);
      await queueFilms(ctx, single);
      const rs = await follow(ctx, [...films, ...single], { until: "playable" });
      const mine = rs.at(-1);
      const batchRs = rs.slice(0, -1);
      result.fair = { size: fair, clip: byId.h264.label, single: mine, batchLastPlayableSec: batchRs.every((r) => r.playableSec != null) ? Math.max(...batchRs.map((r) => r.playableSec)) : null };
      console.log(`[processing] ${label}: the other studio's film playable after ${fmt(mine.playableSec)} s; the batch's last after ${fmt(result.fair.batchLastPlayableSec)} s`);
    }
    if (preview && !interrupted) {
      // Paid delivery: an unpaid gallery (Pay to unlock, nothing paid) of a studio with its watermark; its film READY.
      const unpaid = await insertStudio(db, { creditsMb: 1024 * 1024 });
      await db.query(`UPDATE "Gallery" SET "priceAmount" = 50000, "priceCurrency" = 'eur', "payToUnlock" = true WHERE id = $1`, [unpaid.galleryId]);
      await db.query(`UPDATE "Admin" SET "watermarkText" = 'Bench Studio · proof', "watermarkPosition" = 'bottom-right', "watermarkOpacity" = 40 WHERE id = $1`, [unpaid.adminId]);
      const [film] = await fileFilms(ctx, [byId.h264], unpaid, "READY");
      result.preview = await followPreview(ctx, film);
      const p = result.preview;
      console.log(`[processing] ${label} · ${p.label}: preview ladder ${p.rungs ? p.rungs.join(",") : "—"}p in ${fmt(p.previewSec)} s (${fmt(p.ratio, 2)} × the film's length), ${p.outcome}`);
    }
    for (const r of [...result.films, ...(result.pair?.films ?? []), ...(result.batch?.films ?? []), ...(result.fair ? [result.fair.single] : [])]) delete r.t0;
  } finally {
    await boss?.stop({ graceful: false, wait: true, timeout: 5000 }).catch(() => {});
    await db.end().catch(() => {});
    for (const w of workers) {
      if (w.exit && !w.exit.expected) result.crashes.push({ worker: w.name, ...w.exit, log: path.relative(root, w.logFile), lastLines: w.tail.slice(-15) });
      await stopWorker(w);
      if (w.exit.expected && (w.exit.code !== 0 || w.exit.killed)) result.crashes.push({ worker: w.name, ...w.exit, onStop: true, log: path.relative(root, w.logFile), lastLines: w.tail.slice(-15) });
      result.workerErrors.push(...w.errors.map((line) => ({ worker: w.name, line })));
    }
    await stack.stop();
  }
  for (const c of result.crashes)
    console.log(`[processing] ✗ worker ${c.worker} ${c.onStop ? "did not stop cleanly" : "crashed"} (${c.signal ?? `exit ${c.code}`}${c.killed ? ", killed" : ""}); log ${c.log}`);
  return result;
}

// ---- Main -----------------------------------------------------------------------------------------

const loadAvg = os.loadavg()[0];
console.log(`[processing] ${QUICK ? "QUICK mode (8 s 720p clips: checks the bench, measures nothing)" : "full size"}; load average ${loadAvg.toFixed(2)}; ffmpeg ${path.relative(root, ffmpegBin)}`);
const allClips = CLIPS.map((c) => c.id);
const ROUNDS = [
  { key: "w1", label: "1 worker, ffmpeg threads default", workers: 1, threads: 0, films: allClips, pair: false },
  { key: "w1t1", label: "1 worker, FFMPEG_THREADS=1", workers: 1, threads: 1, films: [scalingClip.id], pair: true },
  { key: "w2t1", label: "2 workers, FFMPEG_THREADS=1 each", workers: 2, threads: 1, films: allClips, pair: true },
  { key: "batch", label: "1 worker, a batch", workers: 1, threads: 0, films: [], batch: BATCH },
  { key: "fair", label: "1 worker, two studios", workers: 1, threads: 0, films: [], fair: FAIR_BATCH },
  { key: "preview", label: "1 worker, a preview ladder", workers: 1, threads: 0, films: [], preview: true },
];
// BENCH_PROCESSING_ONLY=batch,fair: those rounds only (the others' targets are then not judged).
const only = process.env.BENCH_PROCESSING_ONLY ? process.env.BENCH_PROCESSING_ONLY.split(",") : null;
const selected = ROUNDS.filter((r) => !only || only.includes(r.key));
// Only the clips the rounds run are made (the pair, batch, fair and preview rounds use the 60 s 1080p H.264 clip).
const needed = new Set(selected.flatMap((r) => [...r.films, ...(r.pair || r.batch || r.fair || r.preview ? ["h264"] : [])]));
for (const c of CLIPS) if (needed.has(c.id)) makeClip(c);
const sizeOf = (c) => (fs.existsSync(c.file) ? fs.statSync(c.file).size : null);
const rounds = [];
for (const r of selected) {
  if (interrupted) break;
  rounds.push(await round(r));
}
if (interrupted) {
  console.error(`[processing] interrupted (${interrupted}); nothing recorded`);
  process.exit(130);
}

// ---- Figures --------------------------------------------------------------------------------------

const byKey = (k) => rounds.find((rd) => rd.key === k);
const [w1, w1t1, w2t1] = ["w1", "w1t1", "w2t1"].map(byKey);
const batchRound = byKey("batch")?.batch ?? null;
const fairRound = byKey("fair")?.fair ?? null;
const previewRound = byKey("preview")?.preview ?? null;
const find = (rd, id) => rd?.films.find((f) => f.clip === id) ?? null;
const met = (ok) => (ok ? "met" : "**NOT met**");

// H.264/AAC sources alone on their worker (a film queued behind another waits for it: not counted).
const playables = rounds.flatMap((rd) => rd.films.filter((f) => byId[f.clip].h264aac).map((f) => ({ round: rd.label, ...f })));
const worstPlayable = playables.length && playables.every((f) => f.playableSec != null) ? Math.max(...playables.map((f) => f.playableSec)) : null;
const ladder1080 = find(w1, "h264");
const scaling1 = find(w1t1, scalingClip.id);
const scaling2 = find(w2t1, scalingClip.id);
const scaling = scaling1?.fullSec != null && scaling2?.fullSec != null ? scaling1.fullSec / scaling2.fullSec : null;
const pairRatio = w1t1?.pair?.throughput != null && w2t1?.pair?.throughput != null ? w2t1.pair.throughput / w1t1.pair.throughput : null;
const pass = {
  playable: worstPlayable != null && worstPlayable <= TARGET.playableSec,
  speed: ladder1080?.speed != null && ladder1080.speed >= TARGET.speed,
  // The target is for a long film: one too short to be chunked is measured, not judged.
  scaling: chunked(scalingClip) ? scaling != null && scaling >= TARGET.scaling : null,
  batch: batchRound ? batchRound.worstPlayableSec != null && batchRound.worstPlayableSec <= TARGET.batchPlayableSec : null,
  fair: fairRound ? fairRound.single.playableSec != null && fairRound.single.playableSec <= TARGET.fairPlayableSec : null,
  preview: previewRound ? previewRound.ratio != null && previewRound.ratio <= TARGET.previewRatio : null,
};

const summary = [
  figure("H.264/AAC playable (worst)", worstPlayable, "s", { better: "lower", target: `≤ ${TARGET.playableSec} s`, met: pass.playable }),
  figure(`${byId.h264.label} full ladder speed, 1 worker`, ladder1080?.speed ?? null, "×", { better: "higher", target: `≥ ${TARGET.speed}×`, met: pass.speed }),
  figure(`2 workers / 1 worker, ${scalingClip.label}`, scaling, "×", chunked(scalingClip) ? { better: "higher", target: `≥ ${TARGET.scaling}×`, met: pass.scaling } : { better: "higher" }),
  figure("two films at once, 2 workers / 1 worker throughput", pairRatio, "×", { better: "higher" }),
  figure(`${BATCH} films queued at once, 1 worker: the last playable`, batchRound?.worstPlayableSec ?? null, "s", { better: "lower", target: `≤ ${TARGET.batchPlayableSec} s`, met: pass.batch }),
  figure(`another studio's film behind a batch of ${FAIR_BATCH}: playable`, fairRound?.single.playableSec ?? null, "s", { better: "lower", target: `≤ ${TARGET.fairPlayableSec} s`, met: pass.fair }),
  figure(`preview ladder (watermarked, ≤ 720p) of ${byId.h264.label}, 1 worker: time / film length`, previewRound?.ratio ?? null, "×", {
    better: "lower",
    target: `≤ ${TARGET.previewRatio}`,
    met: pass.preview,
  }),
  ...rounds.flatMap((rd) => [
    ...rd.films.flatMap((f) => [figure(`${rd.key} ${f.label} playable`, f.playableSec, "s", { better: "lower" }), figure(`${rd.key} ${f.label} full ladder`, f.fullSec, "s", { better: "lower" })]),
    ...(rd.pair ? [figure(`${rd.key} two films at once, throughput`, rd.pair.throughput, "×", { better: "higher" })] : []),
  ]),
];

const filmRow = (rd, f, film = f.label) =>
  `| ${rd.label} | ${film} | ${f.playableSec == null ? "—" : `${fmt(f.playableSec)} (${f.playableVia})`} | ${fmt(f.fullSec)} | ${fmt(f.speed, 2)} | ${f.rungs ? f.rungs.join(", ") : "—"} | ${fmt(f.job?.pickedUpSec)} | ${f.job?.attempts ?? "—"} | ${f.outcome}${f.failure ? `: ${f.failure.code} — ${f.failure.reason}` : ""}${f.note ? ` (${f.note})` : ""} |`;
const lines = [
  `${QUICK ? "**QUICK mode**: 8 s 720p clips, a check that the bench runs, not a measure. " : ""}${os.cpus().length} CPUs, load average ${loadAvg.toFixed(2)} at start; ffmpeg: the packaged one (${path.relative(root, ffmpegBin)}); ladder ${LADDER.join(",")}p.`,
  `Clips (testsrc2 + sine, made once in .data/bench-processing-clips/): ${CLIPS.filter(sizeOf)
    .map((c) => `${c.label} (${mb(sizeOf(c))} MB)`)
    .join("; ")}.`,
  "Times from the job being queued (the upload completed) to the Video row READY (playable) and READY with the whole ladder (optimizing false, hlsKey set), read every 100 ms. Workers poll the queue every 0.5 s: up to 0.5 s of each time is the wait to be picked up (its own column).",
  "",
  "| round | film | playable s (via) | full ladder s | × real time | rungs (p) | picked up after s | attempts | outcome |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ...rounds.flatMap((rd) => [...rd.films.map((f) => filmRow(rd, f)), ...(rd.pair ? rd.pair.films.map((f, i) => filmRow(rd, f, `two at once: ${f.label} #${i + 1}`)) : [])]),
  "",
  "| round | two films at once | both full after s | throughput × real time |",
  "| --- | --- | --- | --- |",
  ...rounds.filter((rd) => rd.pair).map((rd) => `| ${rd.label} | ${rd.pair.label} ×2 | ${fmt(rd.pair.totalSec)} | ${fmt(rd.pair.throughput, 2)} |`),
  "",
  "Targets:",
  `- H.264/AAC sources playable ≤ ${TARGET.playableSec} s after the upload completes (worst of ${playables.length} films alone on a worker): **${fmt(worstPlayable)} s** — ${w1 ? met(pass.playable) : "not run"}`,
  `- ${byId.h264.label}: full ladder ≥ ${TARGET.speed}× real time with one worker (ffmpeg threads default): **${fmt(ladder1080?.speed, 2)}×** (${fmt(ladder1080?.fullSec)} s) — ${w1 ? met(pass.speed) : "not run"}`,
  `- ${scalingClip.label}: two workers ≥ ${TARGET.scaling}× one (FFMPEG_THREADS=1 each): **${fmt(scaling, 2)}×** (${fmt(scaling1?.fullSec)} s with 1, ${fmt(scaling2?.fullSec)} s with 2) — ${pass.scaling == null ? `not judged: a ${scalingClip.seconds} s film is not chunked (below 4 × VIDEO_CHUNK_SECONDS = ${4 * CHUNK_SECONDS} s), one worker encodes it; BENCH_PROCESSING_LONG=1 measures a long film` : met(pass.scaling)}`,
  `- (no target) two films queued at once: 2 workers ${fmt(pairRatio, 2)}× the throughput of 1.`,
  `- ${BATCH} × ${byId.h264.label} queued at once on one worker (ffmpeg threads default): every film playable ≤ ${TARGET.batchPlayableSec} s after its upload completed: **${fmt(batchRound?.worstPlayableSec)} s** — ${batchRound ? met(pass.batch) : "not run"}${batchRound ? ` (each: ${batchRound.films.map((f) => fmt(f.playableSec)).join(", ")} s)` : ""}`,
  `- another studio's single film queued behind a batch of ${FAIR_BATCH} (one worker): playable ≤ ${TARGET.fairPlayableSec} s: **${fmt(fairRound?.single.playableSec)} s** — ${fairRound ? met(pass.fair) : "not run"}${fairRound ? ` (the batch's last film playable after ${fmt(fairRound.batchLastPlayableSec)} s)` : ""}`,
  `- ${byId.h264.label}, READY in an unpaid gallery: its watermarked preview ladder (≤ 720p) on one worker in ≤ ${TARGET.previewRatio} × the film's length (queued → published): **${fmt(previewRound?.ratio, 2)}×** (${fmt(previewRound?.previewSec)} s, rungs ${previewRound?.rungs?.join(", ") ?? "—"}p, ${previewRound?.outcome ?? "not run"}) — ${previewRound ? met(pass.preview) : "not run"}`,
  "",
  ...(rounds.some((rd) => rd.crashes.length)
    ? [
        "Workers that crashed or did not stop cleanly:",
        ...rounds.flatMap((rd) =>
          rd.crashes.map(
            (c) => `- ${rd.label}: ${c.worker}, ${c.signal ?? `exit ${c.code}`}${c.onStop ? " on stop" : ""}${c.killed ? " (killed)" : ""}; log \`${c.log}\`; last: \`${c.lastLines.at(-1) ?? ""}\``,
          ),
        ),
      ]
    : ["No worker crashed."]),
  ...(rounds.some((rd) => rd.workerErrors.length) ? ["", "Worker warnings and errors:", ...rounds.flatMap((rd) => rd.workerErrors.map((e) => `- ${e.worker}: \`${e.line.slice(0, 400)}\``))] : []),
  "",
  `Worker logs: .data/bench-processing-logs/. ${LONG ? "" : "BENCH_PROCESSING_LONG=1 adds a 5 min 1080p film (chunked; the scaling target's film then)."}`,
];

writeResults(
  "processing",
  {
    quick: QUICK,
    long: LONG,
    ladder: LADDER,
    loadAvg,
    clips: CLIPS.map((c) => ({ ...c, file: path.relative(root, c.file), sizeBytes: sizeOf(c) })),
    rounds,
    targets: { ...TARGET, worstPlayable, scaling, preview: previewRound?.ratio ?? null, pass },
    summary,
  },
  lines,
);
