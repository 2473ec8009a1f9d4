// A film's captions: one WebVTT file per language, uploaded by its studio as SRT or
// WebVTT, checked and converted on the server (lib/services/films/rules/captions.ts), stored as private media under the
// gallery's prefix and shown to viewers as sidecar tracks through the gallery gate's door.
// A track is `uploaded` (the studio's file) or `automatic` (written by the transcript job,
// ./transcripts.ts, only in a language the studio has no uploaded track in); an automatic track is
// marked so (confirmedAt null) until the studio edits its cues (saveCues) or confirms it (updateCaption);
// an uploaded file replaces it.
//
// Every function here is owner-scoped (the studio's own video, else "not found"), except the
// viewer's (viewerCaptionText, viewerChaptersText), which open the film through the gallery gate
// like its playlists (lib/services/access/open-gallery.ts openFilm).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { AppError, isUniqueViolation, notFound } from "@/lib/errors";
import { captionLabelFor, cleanStoredVtt, cuesToVtt, parseCaptions, type Cue } from "@/lib/services/films/rules/captions";
import { chaptersVtt } from "@/lib/services/films/rules/chapters-vtt";
import { galleryPrefix, uniqueName } from "@/lib/storage/keys";
import { deleteObject, uploadText } from "@/lib/storage/objects";
import { storedText } from "@/lib/storage/playlists";
import { invalidatePublicGallery } from "@/lib/services/public";
import { openFilm } from "@/lib/services/access";
import { captionView } from "@/lib/services/galleries";
import type { CaptionDto } from "@/lib/contract/films";
import type { ViewerCredentials } from "@/lib/services/access";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Caption } from "@/generated/prisma/client";
import { VTT_CONTENT_TYPE } from "@/lib/services/films/rules/vtt";
import type { CaptionCuesInput, CaptionUpdateInput, CaptionUploadInput } from "@/lib/validation/captions";

/** Players list tracks in this order: the default first, then by label. */
const order = [{ isDefault: "desc" as const }, { label: "asc" as const }, { language: "asc" as const }];

const changedMeanwhile = () => new AppError("CONFLICT", TEXTS.captions.changedMeanwhile);

/** A checked WebVTT file stored under the film's gallery prefix (a new key each time): what its row then points at. */
async function storeTrackFile(adminId: string, video: { galleryId: string; gallery: { folderId: string } }, language: string, vtt: string, cueCount: number) {
  const key = `${galleryPrefix(adminId, video.gallery.folderId, video.galleryId)}${uniqueName(`captions_${language}.vtt`)}`;
  await uploadText(key, vtt, VTT_CONTENT_TYPE);
  return { storageKey: key, cueCount, sizeBytes: Buffer.byteLength(vtt, "utf8") };
}

/** What an uploaded file makes of a row: the studio's own track (an automatic one it replaces is no longer marked). */
const UPLOADED = { source: "uploaded", confirmedAt: null, fromVersion: null } as const;

async function ownVideo(actor: Actor, videoId: string) {
  const video = await db.video.findFirst({ where: { id: videoId, adminId: actor.id }, select: { id: true, galleryId: true, gallery: { select: { folderId: true } } } });
  if (!video) throw notFound();
  return video;
}

async function ownCaption(actor: Actor, videoId: string, captionId: string) {
  const caption = await db.caption.findFirst({ where: { id: captionId, videoId, adminId: actor.id }, include: { video: { select: { galleryId: true } } } });
  if (!caption) throw notFound();
  return caption;
}

/** GET /api/videos/captions/:videoId */
export async function listCaptions(actor: Actor, videoId: string): Promise<CaptionDto[]> {
  const video = await ownVideo(actor, videoId);
  const rows = await db.caption.findMany({ where: { videoId: video.id, adminId: actor.id }, orderBy: order });
  return rows.map(captionView);
}

/**
 * POST /api/videos/captions/:videoId: a caption file for one language. The file is checked and
 * converted first (a refusal names what is wrong and changes nothing); a language the film already
 * has gets the new file (its label and default kept unless given). The new file is stored under a
 * new key before the row points at it, and the old one deleted after: a viewer never reads half a
 * change, and a failed store leaves the film as it was.
 */
export async function uploadCaption(actor: Actor, videoId: string, input: CaptionUploadInput, bytes: Uint8Array): Promise<{ caption: CaptionDto; created: boolean }> {
  const video = await ownVideo(actor, videoId);
  const parsed = parseCaptions(bytes);
  if (!parsed.ok) throw new AppError("VALIDATION", parsed.message);
  const file = { ...(await storeTrackFile(actor.id, video, input.language, parsed.vtt, parsed.cues.length)), ...UPLOADED };
  const key = file.storageKey;
  let outcome: { row: Caption; replacedKey: string | null };
  try {
    outcome = await db.$transaction(async (tx) => {
      const existing = await tx.caption.findUnique({ where: { videoId_language: { videoId: video.id, language: input.language } } });
      const isDefault = input.isDefault ?? existing?.isDefault ?? false;
      if (isDefault) await tx.caption.updateMany({ where: { videoId: video.id, isDefault: true, NOT: { language: input.language } }, data: { isDefault: false } });
      const row = existing
        ? await tx.caption.update({ where: { id: existing.id }, data: { ...file, isDefault, ...(input.label !== undefined && { label: input.label }) } })
        : await tx.caption.create({ data: { ...file, isDefault, videoId: video.id, adminId: actor.id, language: input.language, label: input.label ?? captionLabelFor(input.language) } });
      return { row, replacedKey: existing?.storageKey ?? null };
    });
  } catch (e) {
    await deleteObject(key).catch(() => {});
    // Two changes at once (a language added twice, two defaults): the other one won.
    if (isUniqueViolation(e)) throw changedMeanwhile();
    throw e;
  }
  if (outcome.replacedKey) await deleteObject(outcome.replacedKey).catch(() => {});
  await invalidatePublicGallery(video.galleryId);
  return { caption: captionView(outcome.row), created: outcome.replacedKey === null };
}

/** PATCH /api/videos/captions/:videoId/:captionId: a new label, and/or shown by default (or not), and/or an automatic track confirmed. */
export async function updateCaption(actor: Actor, videoId: string, captionId: string, input: CaptionUpdateInput): Promise<CaptionDto> {
  const caption = await ownCaption(actor, videoId, captionId);
  const row = await db
    .$transaction(async (tx) => {
      if (input.isDefault) await tx.caption.updateMany({ where: { videoId: caption.videoId, isDefault: true, NOT: { id: caption.id } }, data: { isDefault: false } });
      return tx.caption.update({
        where: { id: caption.id },
        data: {
          ...(input.label !== undefined && { label: input.label }),
          ...(input.isDefault !== undefined && { isDefault: input.isDefault }),
          ...(input.confirmed && caption.source === "automatic" && caption.confirmedAt === null && { confirmedAt: new Date() }),
        },
      });
    })
    .catch((e: unknown) => {
      throw isUniqueViolation(e) ? changedMeanwhile() : e;
    });
  await invalidatePublicGallery(caption.video.galleryId);
  return captionView(row);
}

/**
 * PUT /api/videos/captions/:videoId/:captionId/cues: the track's cues as the studio edited them,
 * checked as an uploaded file is (written as WebVTT, then read back by parseCaptions: times, limits,
 * the cue text rule) and stored under a new key; an automatic track is confirmed by it.
 */
export async function saveCues(actor: Actor, videoId: string, captionId: string, input: CaptionCuesInput): Promise<CaptionDto> {
  const caption = await ownCaption(actor, videoId, captionId);
  const parsed = parseCaptions(Buffer.from(cuesToVtt(input.cues), "utf8"));
  if (!parsed.ok) throw new AppError("VALIDATION", parsed.message);
  const video = await ownVideo(actor, videoId);
  const file = await storeTrackFile(actor.id, video, caption.language, parsed.vtt, parsed.cues.length);
  const saved = await db.caption.updateMany({
    where: { id: caption.id, adminId: actor.id, storageKey: caption.storageKey },
    data: { ...file, ...(caption.source === "automatic" && { confirmedAt: new Date() }) },
  });
  if (saved.count === 0) {
    await deleteObject(file.storageKey).catch(() => {});
    throw changedMeanwhile();
  }
  await deleteObject(caption.storageKey).catch(() => {});
  await invalidatePublicGallery(caption.video.galleryId);
  const row = await db.caption.findFirst({ where: { id: caption.id, adminId: actor.id } });
  if (!row) throw notFound();
  return captionView(row);
}

/** The film a transcript is written for: its id, studio, gallery and the version transcribed. */
export type TranscribedFilm = { id: string; adminId: string; galleryId: string; gallery: { folderId: string }; version: number };

/**
 * The transcript job's track (./transcripts.ts): written in `language` unless the studio has an
 * uploaded track in it (then kept, and nothing stored). It replaces the automatic track of that
 * language; unconfirmed automatic tracks of earlier versions go (their times were another cut's).
 * Written only while the film is still at the version transcribed ("gone" otherwise). The cues are
 * checked as an uploaded file's are: a refusal is returned, nothing stored.
 */
export async function writeAutomaticTrack(
  film: TranscribedFilm,
  language: string,
  cues: readonly Cue[],
): Promise<{ outcome: "written"; caption: Caption } | { outcome: "kept"; caption: Caption } | { outcome: "gone" } | { outcome: "refused"; message: string }> {
  const parsed = parseCaptions(Buffer.from(cuesToVtt(cues), "utf8"));
  if (!parsed.ok) return { outcome: "refused", message: parsed.message };
  const file = await storeTrackFile(film.adminId, film, language, parsed.vtt, parsed.cues.length);
  const result = await db
    .$transaction(async (tx) => {
      const current = await tx.video.count({ where: { id: film.id, adminId: film.adminId, version: film.version } });
      if (current === 0) return { outcome: "gone" as const, dropped: [] as string[] };
      const existing = await tx.caption.findUnique({ where: { videoId_language: { videoId: film.id, language } } });
      if (existing?.source === "uploaded") return { outcome: "kept" as const, caption: existing, dropped: [] as string[] };
      const stale = await tx.caption.findMany({
        where: { videoId: film.id, adminId: film.adminId, source: "automatic", confirmedAt: null, fromVersion: { lt: film.version }, NOT: { language } },
        select: { id: true, storageKey: true },
      });
      await tx.caption.deleteMany({ where: { id: { in: stale.map((c) => c.id) } } });
      const data = { ...file, source: "automatic" as const, confirmedAt: null, fromVersion: film.version };
      const caption = existing
        ? await tx.caption.update({ where: { id: existing.id }, data })
        : await tx.caption.create({ data: { ...data, videoId: film.id, adminId: film.adminId, language, label: captionLabelFor(language), isDefault: false } });
      return { outcome: "written" as const, caption, dropped: [...stale.map((c) => c.storageKey), ...(existing ? [existing.storageKey] : [])] };
    })
    .catch(async (e: unknown) => {
      await deleteObject(file.storageKey).catch(() => {});
      throw e;
    });
  if (result.outcome !== "written") {
    await deleteObject(file.storageKey).catch(() => {});
    return result.outcome === "kept" ? { outcome: "kept", caption: result.caption } : { outcome: "gone" };
  }
  for (const key of result.dropped) await deleteObject(key).catch(() => {});
  await invalidatePublicGallery(film.galleryId);
  return { outcome: "written", caption: result.caption };
}

/** DELETE /api/videos/captions/:videoId/:captionId: the row, then its file. */
export async function deleteCaption(actor: Actor, videoId: string, captionId: string): Promise<{ message: string }> {
  const caption = await ownCaption(actor, videoId, captionId);
  await db.caption.deleteMany({ where: { id: caption.id, adminId: actor.id } });
  await deleteObject(caption.storageKey).catch(() => {});
  await invalidatePublicGallery(caption.video.galleryId);
  return { message: "Captions deleted" };
}

/** GET /api/videos/captions/:videoId/:captionId: the studio's own file (its player and preview). */
export async function studioCaptionText(actor: Actor, videoId: string, captionId: string): Promise<string> {
  const caption = await ownCaption(actor, videoId, captionId);
  return captionText(caption);
}

/**
 * GET /api/public/captions/:videoId/:captionId?g=: a viewer's track, once the gallery gate lets
 * this viewer see the film (locked, expired, revoked link: refused like its playlists).
 */
export async function viewerCaptionText(input: { gallery: string; videoId: string; captionId: string; credentials: ViewerCredentials }): Promise<string> {
  const video = await openFilm(input.gallery, input.videoId, input.credentials);
  const caption = await db.caption.findFirst({ where: { id: input.captionId, videoId: video.id } });
  if (!caption) throw notFound();
  return captionText(caption);
}

/** GET /api/public/chapters/:videoId?g=: the film's chapters as a WebVTT chapters track, once the gate lets this viewer see it. */
export async function viewerChaptersText(input: { gallery: string; videoId: string; credentials: ViewerCredentials }): Promise<string> {
  const video = await openFilm(input.gallery, input.videoId, input.credentials);
  const chapters = await db.chapter.findMany({ where: { videoId: video.id }, select: { title: true, cueSeconds: true }, orderBy: { cueSeconds: "asc" } });
  return chaptersVtt(
    chapters.map((c) => ({ title: c.title, seconds: c.cueSeconds })),
    video.durationSec,
  );
}

/** A caption file as served to any player: cleaned again (cleanStoredVtt), so files stored before today's cue text rule are safe too. */
async function captionText(caption: Pick<Caption, "storageKey">): Promise<string> {
  // Keys are never reused (a new file is a new key), so the text may be kept by its key alone.
  const text = await storedText(caption.storageKey, "caption");
  if (text === null) throw notFound();
  return cleanStoredVtt(text);
}
