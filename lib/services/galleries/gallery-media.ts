// A gallery's background image, background video and ambient music (spec §2, §5).
import "@/lib/server-only";
import { trackName, TRACK_HEAD_BYTES } from "@/lib/media/track-name";
import { imageSize } from "image-size";
import { db } from "@/lib/db";
import { invalidatePublicGallery } from "@/lib/services/public";
import { AppError, notFound } from "@/lib/errors";
import { isId } from "@/lib/ids";
import { TEXTS } from "@/lib/texts";
import { backgroundVideoUnfit } from "@/lib/limits";
import { sniffAudio } from "@/lib/media/sniff";
import { deleteObject, readHead } from "@/lib/storage/objects";
import { settleSingleUpload } from "@/lib/services/films";
import { backgroundOf } from "@/lib/services/galleries/gallery-views";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { BackgroundInput } from "@/lib/validation/gallery-media";
import type { Gallery } from "@/generated/prisma/client";

// The content is checked before the upload is charged: a refused file is removed, charging nothing.
async function checkedImage(actor: Actor, gallery: Gallery, key: string) {
  await settleSingleUpload(actor, key, gallery.id, async () => {
    let type: string | undefined;
    try {
      type = imageSize(await readHead(key, 1024 * 1024)).type;
    } catch {
      type = undefined;
    }
    if (type !== "png" && type !== "jpg") throw new AppError("VALIDATION", TEXTS.backgroundImageType);
  });
  return key;
}

async function checkedAudio(actor: Actor, gallery: Gallery, key: string) {
  let head: Buffer = Buffer.alloc(0);
  const upload = await settleSingleUpload(actor, key, gallery.id, async () => {
    head = await readHead(key, TRACK_HEAD_BYTES);
    if (!sniffAudio(head.subarray(0, 64))) throw new AppError("VALIDATION", TEXTS.audioType);
  });
  // Its tag's title (and artist) when it has one, else the file's name without the extension.
  return { key, name: trackName(upload.fileName, head) };
}

/** One of the gallery's ready videos, 16:9 and at most 30 s (spec §5: Video background). */
async function checkedBackgroundVideo(gallery: Gallery, ref: string) {
  const video = await db.video.findFirst({
    where: { galleryId: gallery.id, adminId: gallery.adminId, OR: [{ storageKey: ref }, ...(isId(ref) ? [{ id: ref }] : [])] },
  });
  if (!video) throw notFound();
  const unfit = backgroundVideoUnfit(video);
  if (unfit === "processing") throw new AppError("VALIDATION", "The video is still processing.");
  if (unfit) throw new AppError("VALIDATION", TEXTS.backgroundVideoRule);
  return video.streamKey ?? video.storageKey;
}

/** PUT galleries/gallery/{id}/background → backgroundMedia. */
export async function setBackground(actor: Actor, galleryId: string, input: BackgroundInput) {
  const gallery = await db.gallery.findFirst({ where: { id: galleryId, adminId: actor.id } });
  if (!gallery) throw notFound();
  const data: Partial<Pick<Gallery, "bgImageUrl" | "bgVideoUrl" | "musicUrl" | "musicName">> = {};
  let replaced: string | null = null;
  if (input.imgUrl !== undefined) {
    data.bgImageUrl = input.imgUrl === null ? null : await checkedImage(actor, gallery, input.imgUrl);
    replaced = gallery.bgImageUrl;
  } else if (input.musicUrl !== undefined) {
    const track = input.musicUrl === null ? null : await checkedAudio(actor, gallery, input.musicUrl);
    data.musicUrl = track?.key ?? null;
    data.musicName = track?.name ?? null;
    replaced = gallery.musicUrl;
  } else if (input.videoUrl !== undefined) {
    // The background video is one of the gallery's own videos: choosing another deletes nothing.
    data.bgVideoUrl = input.videoUrl === null ? null : await checkedBackgroundVideo(gallery, input.videoUrl);
  }
  const updated = await db.gallery.update({ where: { id: gallery.id }, data });
  const kept = new Set([updated.bgImageUrl, updated.musicUrl]);
  if (replaced && !kept.has(replaced)) await deleteObject(replaced).catch(() => {});
  await invalidatePublicGallery(gallery.id);
  return { backgroundMedia: backgroundOf(updated) };
}
