// The backfill of films' shapes (lib/services/films/film-shapes.ts, `npm run backfill:shapes`): READY
// films and kept versions processed before width and height were recorded get the size of their
// stored file as shown (a phone's film stored landscape and turned is portrait), read where it is
// stored; a film already sized, one still processing, and one whose file is gone are left alone. A run
// stopped half-way is finished by the next; a run with nothing left to do changes nothing.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { uploadFile } from "@/lib/storage/objects";
import { fillFilmShapes } from "@/lib/services/films";
import { clipArgs } from "../helpers/test-clip";
import { videoWithFile } from "../helpers/videos";

const ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
const dir = mkdtempSync(path.join(tmpdir(), "vidfolio-shapes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const make = (name: string, size: string) => {
  const out = path.join(dir, name);
  execFileSync(ffmpeg, ["-y", "-loglevel", "error", ...clipArgs(out, { seconds: 1, size })]);
  return out;
};

/** A film as one processed before sizes were recorded: READY, its file stored, no width or height. */
async function oldFilm(file: string, name: string, data: { width?: number; height?: number; status?: "READY" | "PROCESSING" } = {}) {
  const film = await videoWithFile(file, name);
  return db.video.update({ where: { id: film.id }, data: { status: "READY", processedAt: new Date(), ...data } });
}

const sizeOf = async (id: string) => db.video.findUniqueOrThrow({ where: { id }, select: { width: true, height: true } });

it("measures old films from their stored files, as shown; resumes after a stop; a second run does nothing", async () => {
  const portraitFile = make("portrait.mp4", "108x192");
  const landscapeFile = make("landscape.mp4", "192x108");
  // As a phone writes it: stored 192×108, turned 90° on display.
  const turnedFile = path.join(dir, "turned.mp4");
  execFileSync(ffmpeg, ["-y", "-loglevel", "error", "-i", landscapeFile, "-c", "copy", "-metadata:s:v:0", "rotate=90", turnedFile]);

  const portrait = await oldFilm(portraitFile, "portrait.mp4");
  const turned = await oldFilm(turnedFile, "turned.mp4");
  const landscape = await oldFilm(landscapeFile, "landscape.mp4");
  const sized = await oldFilm(landscapeFile, "sized.mp4", { width: 1920, height: 1080 });
  const processing = await oldFilm(portraitFile, "processing.mp4", { status: "PROCESSING" });
  const gone = await oldFilm(portraitFile, "gone.mp4");
  await db.video.update({ where: { id: gone.id }, data: { storageKey: `${gone.storageKey}.missing` } });
  // A kept earlier cut of the landscape film, filed before sizes were recorded.
  const keptKey = `${landscape.storageKey}.v1`;
  await uploadFile(keptKey, portraitFile, "video/mp4");
  const kept = await db.videoVersion.create({
    data: { videoId: landscape.id, adminId: landscape.adminId, version: 1, storageKey: keptKey, sizeBytes: 1000, filedAt: new Date() },
  });

  // A run stopped after its first film (the process killed): that film is saved, the rest not yet.
  const stop = new Error("stopped");
  await expect(
    fillFilmShapes({
      onFilm: () => {
        throw stop;
      },
    }),
  ).rejects.toBe(stop);
  const first = [portrait.id, turned.id, landscape.id].sort()[0];
  expect(await sizeOf(first)).not.toEqual({ width: null, height: null });
  expect((await db.video.count({ where: { id: { in: [portrait.id, turned.id, landscape.id] }, width: null } })) > 0).toBe(true);

  // The next run finishes the others.
  const result = await fillFilmShapes();
  expect(result).toEqual({ films: 2, versions: 1, unreadable: [gone.id] });
  expect(await sizeOf(portrait.id)).toEqual({ width: 108, height: 192 });
  expect(await sizeOf(turned.id)).toEqual({ width: 108, height: 192 });
  expect(await sizeOf(landscape.id)).toEqual({ width: 192, height: 108 });
  expect(await db.videoVersion.findUniqueOrThrow({ where: { id: kept.id }, select: { width: true, height: true } })).toEqual({ width: 108, height: 192 });
  // Left alone: a film sized already, one not READY, one whose file is gone.
  expect(await sizeOf(sized.id)).toEqual({ width: 1920, height: 1080 });
  expect(await sizeOf(processing.id)).toEqual({ width: null, height: null });
  expect(await sizeOf(gone.id)).toEqual({ width: null, height: null });

  // Nothing left to do: nothing changes.
  const before = await db.video.findMany({ orderBy: { id: "asc" }, select: { id: true, width: true, height: true, updatedAt: true } });
  expect(await fillFilmShapes()).toEqual({ films: 0, versions: 0, unreadable: [gone.id] });
  expect(await db.video.findMany({ orderBy: { id: "asc" }, select: { id: true, width: true, height: true, updatedAt: true } })).toEqual(before);
}, 60_000);
