// The gallery as its viewers see it, found by its custom url (public: no studio session).
import "server-only";
import { WHITE_LABEL_PLANS } from "@/lib/plans";
import type { GalleryStudio } from "@/lib/gallery-types";
import { db } from "@/lib/db";
import { SLUG_PATTERN, SLUG_LENGTH } from "@/lib/slug";
import { backgroundOf, playbackOf, settingOf } from "@/lib/services/gallery-views";
import { mediaUrl } from "@/lib/storage/urls";
import type { GalleryViewState, VideoCard } from "@/lib/gallery-preview";

export type PublicGallery = { state: GalleryViewState; studio: GalleryStudio };

type CardRow = Parameters<typeof playbackOf>[0] & {
  id: string;
  title: string;
  thumbnailKey: string | null;
  durationSec: number | null;
  chapters: { title: string; cueSeconds: number }[];
};

const card = (v: CardRow): VideoCard => ({
  _id: v.id,
  title: v.title,
  thumbnail: mediaUrl(v.thumbnailKey),
  playback: playbackOf(v),
  durationSec: v.durationSec,
  chapters: v.chapters.map((c) => ({ title: c.title, seconds: c.cueSeconds })),
});

const chapters = { select: { title: true, cueSeconds: true }, orderBy: { cueSeconds: "asc" } } as const;

export async function getPublicGallery(slug: string): Promise<PublicGallery | null> {
  if (slug.length < SLUG_LENGTH.min || slug.length > SLUG_LENGTH.max || !SLUG_PATTERN.test(slug)) return null;
  const g = await db.gallery.findUnique({
    where: { customUrl: slug },
    include: {
      admin: { select: { name: true, companyName: true, companyLogoUrl: true, status: true, plan: true } },
      showcase: { orderBy: { position: "asc" }, select: { videoId: true } },
      videos: { where: { status: "READY" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], include: { chapters } },
    },
  });
  if (!g || g.admin.status !== "ACTIVE") return null;
  // Showcased videos are among the ready ones already read: no second read of the same rows.
  const cards = new Map(g.videos.map((v) => [v.id, card(v)]));
  return {
    state: {
      title: g.title,
      subtitle: g.subtitle,
      fheading: g.fheading,
      fbody: g.fbody,
      setting: settingOf(g),
      background: backgroundOf(g),
      showcase: g.showcase.flatMap((s) => cards.get(s.videoId) ?? []),
      videos: [...cards.values()],
    },
    studio: { name: g.admin.companyName || g.admin.name, logoUrl: mediaUrl(g.admin.companyLogoUrl), whiteLabel: WHITE_LABEL_PLANS.includes(g.admin.plan) },
  };
}
