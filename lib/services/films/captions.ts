// A film's captions: one WebVTT file per language, uploaded by its studio as SRT or
// WebVTT, checked and converted on the server (lib/services/films/rules/captions.ts), stored as private media under the
// gallery's prefix and shown to viewers as sidecar tracks through the gallery gate's door.
//
// Every function here is owner-scoped (the studio's own video, else "not found"), except the
// viewer's (viewerCaptionText, viewerChaptersText), which open the film through the gallery gate
// like its playlists (lib/services/access/open-gallery.ts openFilm).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { AppError, isUniqueViolation, notFound } from "@/lib/errors";
import { captionLabelFor, cleanStoredVtt, parseCaptions } from "@/lib/services/films/rules/captions";
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
import type { CaptionUpdateInput, CaptionUploadInput } from "@/lib/validation/captions";

/** Players list tracks in this order: the default first, then by label. */
const order = [{ isDefault: "desc" as const }, { label: "asc" as const }, { language: "asc" as const }];

const changedMeanwhile = () => new AppError("CONFLICT", TEXTS.captions.changedMeanwhile);

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
  const key = `${galleryPrefix(actor.id, video.gallery.folderId, video.galleryId)}${uniqueName(`captions_${input.language}.vtt`)}`;
  await uploadText(key, parsed.vtt, VTT_CONTENT_TYPE);
  const file = { storageKey: key, cueCount: parsed.cues.length, sizeBytes: Buffer.byteLength(parsed.vtt, "utf8") };
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

/** PATCH /api/videos/captions/:videoId/:captionId: a new label, and/or shown by default (or not). */
export async function updateCaption(actor: Actor, videoId: string, captionId: string, input: CaptionUpdateInput): Promise<CaptionDto> {
  const caption = await ownCaption(actor, videoId, captionId);
  const row = await db
    .$transaction(async (tx) => {
      if (input.isDefault) await tx.caption.updateMany({ where: { videoId: caption.videoId, isDefault: true, NOT: { id: caption.id } }, data: { isDefault: false } });
      return tx.caption.update({
        where: { id: caption.id },
        data: { ...(input.label !== undefined && { label: input.label }), ...(input.isDefault !== undefined && { isDefault: input.isDefault }) },
      });
    })
    .catch((e: unknown) => {
      throw isUniqueViolation(e) ? changedMeanwhile() : e;
    });
  await invalidatePublicGallery(caption.video.galleryId);
  return captionView(row);
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
