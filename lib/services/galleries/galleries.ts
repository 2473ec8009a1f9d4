// Galleries: create, read, rename, texts and fonts, custom url, settings, delete. Every query is
// scoped to the acting studio; someone else's gallery is "not found".
import "@/lib/server-only";
import { db } from "@/lib/db";
import { AppError, notFound, isUniqueViolation } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { DEFAULT_FONT_CLASS } from "@/lib/services/galleries/rules/fonts";
import { deliveryLink } from "@/lib/services/galleries/rules/gallery-paths";
import { baseLinkFor, freeCustomUrl } from "@/lib/services/galleries/gallery-links";
import { galleryView, settingOf, videoView } from "@/lib/services/galleries/gallery-views";
import { deletePrefix } from "@/lib/storage/objects";
import { endOpenUploads } from "@/lib/services/films";
import { galleryNames, invalidateGalleryPaths, invalidatePublicGallery } from "@/lib/services/public";
import { galleryPrefix } from "@/lib/storage/keys";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { GalleryDetailsDto } from "@/lib/contract/folders";
import type { CreateGalleryInput, GallerySetting, UpdateGalleryTextInput } from "@/lib/validation/galleries";
import { lookColumns, lookOf } from "@/lib/services/galleries/rules/gallery-look";

/** Creates a gallery with the default settings and a free custom url (spec §4 New gallery flow). */
export async function createGallery(actor: Actor, input: CreateGalleryInput) {
  const folder = await db.folder.findFirst({ where: { id: input.folderId, adminId: actor.id }, select: { id: true } });
  if (!folder) throw notFound();
  for (let attempt = 0; ; attempt++) {
    try {
      const g = await db.gallery.create({
        data: {
          name: input.name,
          title: input.title || input.name,
          folderId: folder.id,
          adminId: actor.id,
          templateId: input.templateId,
          fheading: input.fheading ?? DEFAULT_FONT_CLASS,
          fbody: input.fbody ?? DEFAULT_FONT_CLASS,
          customUrl: await freeCustomUrl(input.name, attempt),
        },
      });
      return { _id: g.id, name: g.name, customurl: g.customUrl };
    } catch (e) {
      // Someone took the same custom url between the check and the insert: try another.
      if (!isUniqueViolation(e) || attempt >= 3) throw e;
    }
  }
}

/** GET /api/galleries/gallery/:id → { folder, gallery, videos, url }. */
export async function getGalleryDetails(actor: Actor, galleryId: string): Promise<GalleryDetailsDto> {
  const g = await db.gallery.findFirst({
    where: { id: galleryId, adminId: actor.id },
    include: {
      folder: { select: { id: true, name: true, adminId: true } },
      showcase: { orderBy: { position: "asc" }, select: { videoId: true } },
      videos: { orderBy: [{ createdAt: "desc" }, { id: "desc" }] },
    },
  });
  if (!g) throw notFound();
  return {
    folder: { _id: g.folder.id, name: g.folder.name, adminId: g.folder.adminId },
    gallery: galleryView(g),
    videos: g.videos.map(videoView),
    url: deliveryLink(baseLinkFor(actor), g.customUrl),
  };
}

export async function renameGallery(actor: Actor, galleryId: string, name: string) {
  const g = await db.gallery.update({ where: { id: galleryId, adminId: actor.id }, data: { name }, select: { id: true, name: true } });
  return { _id: g.id, name: g.name };
}

/** Title, subtitle, fonts and custom url; a custom url another gallery holds is a 409. */
export async function updateGalleryText(actor: Actor, input: UpdateGalleryTextInput) {
  const { galleryId, customurl, look, ...texts } = input;
  try {
    const before = await db.gallery.findFirst({ where: { id: galleryId, adminId: actor.id }, select: { customUrl: true } });
    const g = await db.gallery.update({
      where: { id: galleryId, adminId: actor.id },
      data: { ...texts, ...(customurl === undefined ? {} : { customUrl: customurl }), ...lookColumns(look ?? {}) },
    });
    // A changed custom url: the old address must stop answering, the new one must not serve a cached 404.
    await invalidatePublicGallery(g.id, before && before.customUrl !== g.customUrl ? [before.customUrl] : []);
    return {
      gallery: { _id: g.id, name: g.name, title: g.title, subtitle: g.subtitle, fheading: g.fheading, fbody: g.fbody, customurl: g.customUrl, look: lookOf(g) },
      url: deliveryLink(baseLinkFor(actor), g.customUrl),
    };
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("custom_url_taken", TEXTS.customUrlTaken);
    throw e;
  }
}

const SETTING_COLUMNS = { download: "settingDownload", share: "settingShare", tv: "settingTv", playall: "settingPlayAll", listed: "settingListed", language: "settingLanguage" } as const;

/** Saves the settings that were sent and answers them all. */
export async function updateSettings(actor: Actor, galleryId: string, setting: Partial<GallerySetting>): Promise<GallerySetting> {
  const data = Object.fromEntries(Object.entries(setting).map(([key, value]) => [SETTING_COLUMNS[key as keyof GallerySetting], value]));
  const g = await db.gallery.update({ where: { id: galleryId, adminId: actor.id }, data });
  await invalidatePublicGallery(g.id);
  return settingOf(g);
}

/** Deletes a gallery with its videos, showcase and chapters, and its stored objects (first). */
export async function deleteGallery(actor: Actor, galleryId: string): Promise<void> {
  const g = await db.gallery.findFirst({ where: { id: galleryId, adminId: actor.id }, select: { id: true, folderId: true, customUrl: true } });
  if (!g) throw notFound();
  // Its open uploads end before the objects go and again with the rows (lib/services/films/upload-state.ts).
  await endOpenUploads(actor.id, { galleryId: g.id });
  await deletePrefix(galleryPrefix(actor.id, g.folderId, g.id));
  await db.$transaction(async (tx) => {
    await endOpenUploads(actor.id, { galleryId: g.id }, tx);
    await tx.gallery.delete({ where: { id: g.id, adminId: actor.id } });
  });
  await invalidateGalleryPaths(galleryNames(g), [actor.domainUrl]);
}
