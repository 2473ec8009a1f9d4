// A video's chapters (spec §4, §5): always scoped to the acting studio through the video.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { AppError, isUniqueViolation, notFound } from "@/lib/errors";
import { formatCuePoint } from "@/lib/services/films/rules/cue";
import { chapterView } from "@/lib/services/galleries";
import { invalidatePublicGallery } from "@/lib/services/public";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { ChapterDto } from "@/lib/contract/films";
import type { CreateChapterInput, UpdateChapterInput } from "@/lib/validation/chapters";

const order = [{ cueSeconds: "asc" as const }, { createdAt: "asc" as const }];

async function ownVideo(actor: Actor, id: string) {
  const video = await db.video.findFirst({ where: { id, adminId: actor.id }, select: { id: true, durationSec: true, galleryId: true } });
  if (!video) throw notFound();
  return video;
}

async function ownChapter(actor: Actor, id: string) {
  const chapter = await db.chapter.findFirst({ where: { id, video: { adminId: actor.id } }, include: { video: { select: { durationSec: true, galleryId: true } } } });
  if (!chapter) throw notFound();
  return chapter;
}

/** A start beyond the end of the video is refused (once the video's length is known). */
function checkWithin(seconds: number, durationSec: number | null) {
  if (durationSec !== null && seconds > Math.floor(durationSec)) {
    throw new AppError("VALIDATION", `The chapter starts after the end of the video (${formatCuePoint(durationSec)}).`);
  }
}

const taken = (seconds: number) => new AppError("CONFLICT", `Another chapter already starts at ${formatCuePoint(seconds)}.`);

/** GET chapters/getChaptersByVideo/{videoId}: sorted by time. */
export async function listChapters(actor: Actor, videoId: string): Promise<ChapterDto[]> {
  const video = await ownVideo(actor, videoId);
  const rows = await db.chapter.findMany({ where: { videoId: video.id }, orderBy: order });
  return rows.map(chapterView);
}

/**
 * POST chapters/createChapter. One chapter per second of a video (a unique index): a second
 * request for the same second — a double click, a retried request — gets the chapter already there
 * instead of a copy, whatever the timing.
 */
export async function createChapter(actor: Actor, input: CreateChapterInput): Promise<{ chapter: ChapterDto; created: boolean }> {
  const video = await ownVideo(actor, input.videoId);
  checkWithin(input.cuePoint, video.durationSec);
  try {
    const row = await db.chapter.create({ data: { title: input.title, cueSeconds: input.cuePoint, videoId: video.id } });
    await invalidatePublicGallery(video.galleryId);
    return { chapter: chapterView(row), created: true };
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const existing = await db.chapter.findUnique({ where: { videoId_cueSeconds: { videoId: video.id, cueSeconds: input.cuePoint } } });
    if (!existing) throw e;
    return { chapter: chapterView(existing), created: false };
  }
}

/** PUT chapters/updatechapters/{id}: a new title and/or start. */
export async function updateChapter(actor: Actor, id: string, input: UpdateChapterInput): Promise<ChapterDto> {
  const chapter = await ownChapter(actor, id);
  if (input.videoId !== undefined && input.videoId !== chapter.videoId) throw new AppError("VALIDATION", "A chapter cannot move to another video.");
  if (input.cuePoint !== undefined) checkWithin(input.cuePoint, chapter.video.durationSec);
  try {
    const row = await db.chapter.update({
      where: { id: chapter.id },
      data: { ...(input.title !== undefined && { title: input.title }), ...(input.cuePoint !== undefined && { cueSeconds: input.cuePoint }) },
    });
    await invalidatePublicGallery(chapter.video.galleryId);
    return chapterView(row);
  } catch (e) {
    if (isUniqueViolation(e) && input.cuePoint !== undefined) throw taken(input.cuePoint);
    throw e;
  }
}

/** DELETE chapters/deleteChapter/{id} */
export async function deleteChapter(actor: Actor, id: string): Promise<{ message: string }> {
  const chapter = await ownChapter(actor, id);
  await db.chapter.delete({ where: { id: chapter.id } });
  await invalidatePublicGallery(chapter.video.galleryId);
  return { message: "Chapter deleted" };
}
