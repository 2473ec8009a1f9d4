// The gallery as its viewers see it, found by its custom url (public: no studio session).
import "server-only";
import { WHITE_LABEL_PLANS } from "@/lib/plans";
import type { GalleryStudio } from "@/lib/gallery-types";
import { db } from "@/lib/db";
import { SLUG_PATTERN, SLUG_LENGTH } from "@/lib/slug";
import { backgroundOf, settingOf } from "@/lib/services/gallery-views";
import { mediaUrl } from "@/lib/storage/urls";
import type { GalleryViewState, VideoCard } from "@/lib/gallery-preview";

export type PublicGallery = { state: GalleryViewState; studio: GalleryStudio };

const card = (v: { id: string; title: string; thumbnailKey: string | null }): VideoCard => ({
  _id: v.id,
  title: v.title,
  thumbnail: mediaUrl(v.thumbnailKey),
});

export async function getPublicGallery(slug: string): Promise<PublicGallery | null> {
  if (slug.length < SLUG_LENGTH.min || slug.length > SLUG_LENGTH.max || !SLUG_PATTERN.test(slug)) return null;
  const g = await db.gallery.findUnique({
    where: { customUrl: slug },
    include: {
      admin: { select: { name: true, companyName: true, companyLogoUrl: true, status: true, plan: true } },
      showcase: { orderBy: { position: "asc" }, include: { video: true } },
      videos: { where: { status: "READY" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] },
    },
  });
  if (!g || g.admin.status !== "ACTIVE") return null;
  return {
    state: {
      title: g.title,
      subtitle: g.subtitle,
      fheading: g.fheading,
      fbody: g.fbody,
      setting: settingOf(g),
      background: backgroundOf(g),
      showcase: g.showcase.filter((s) => s.video.status === "READY").map((s) => card(s.video)),
      videos: g.videos.map(card),
    },
    studio: { name: g.admin.companyName || g.admin.name, logoUrl: mediaUrl(g.admin.companyLogoUrl), whiteLabel: WHITE_LABEL_PLANS.includes(g.admin.plan) },
  };
}
