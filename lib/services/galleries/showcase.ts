// A gallery's videos and its ordered showcase (spec: selectedVideos), scoped to the acting studio.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { invalidatePublicGallery } from "@/lib/services/public";
import { AppError, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { videoView } from "@/lib/services/galleries/gallery-views";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { VideoDto } from "@/lib/contract/films";

async function ownedGallery(actor: Actor, galleryId: string) {
  const g = await db.gallery.findFirst({ where: { id: galleryId, adminId: actor.id }, select: { id: true, templateId: true } });
  if (!g) throw notFound();
  return g;
}

/** GET /api/galleries/get-gallery-videos/:id → { videos, templateId }, newest first. */
export async function listGalleryVideos(actor: Actor, galleryId: string) {
  const g = await ownedGallery(actor, galleryId);
  const videos = await db.video.findMany({ where: { galleryId: g.id, adminId: actor.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { videos: videos.map(videoView), templateId: g.templateId };
}

/** The showcased videos in their order. */
export async function getSelectedVideos(actor: Actor, galleryId: string): Promise<VideoDto[]> {
  const g = await ownedGallery(actor, galleryId);
  const items = await db.showcaseItem.findMany({
    where: { galleryId: g.id, video: { adminId: actor.id } },
    orderBy: { position: "asc" },
    include: { video: true },
  });
  return items.map((i) => videoView(i.video));
}

/** Replaces the showcase with the given videos, in that order; each must belong to the gallery. */
export async function setSelectedVideos(actor: Actor, galleryId: string, videoIds: string[]): Promise<VideoDto[]> {
  const g = await ownedGallery(actor, galleryId);
  await db.$transaction(async (tx) => {
    const found = await tx.video.count({ where: { id: { in: videoIds }, galleryId: g.id, adminId: actor.id } });
    if (found !== videoIds.length) throw new AppError("VALIDATION", TEXTS.showcaseForeignVideo);
    await tx.showcaseItem.deleteMany({ where: { galleryId: g.id } });
    await tx.showcaseItem.createMany({ data: videoIds.map((videoId, position) => ({ galleryId: g.id, videoId, position })) });
  });
  await invalidatePublicGallery(g.id);
  return getSelectedVideos(actor, g.id);
}
