// The gallery as its viewers see it, found by its custom url (public: no studio session), on the
// default gallery host or, scoped to the studio owning it, on a custom domain.
import "@/lib/server-only";
import { WHITE_LABEL_PLANS } from "@/lib/plans";
import type { GalleryStudio } from "@/lib/gallery-types";
import { db, type Prisma } from "@/lib/db";
import { safeHttpUrl } from "@/lib/safe-url";
import { SLUG_PATTERN, SLUG_LENGTH } from "@/lib/slug";
import { isId } from "@/lib/validation/common";
import { backgroundOf, playbackOf, settingOf } from "@/lib/services/gallery-views";
import { mediaUrl } from "@/lib/storage/urls";
import type { GalleryViewState, VideoCard } from "@/lib/gallery-preview";

/** Who may see the gallery: the gate's inputs (never sent to the browser as they are). */
export type PublicAccess = { galleryId: string; adminId: string; slug: string; hasPassword: boolean; passwordVersion: number; expiresAt: Date | null };

export type PublicGallery = { state: GalleryViewState; studio: GalleryStudio; access: PublicAccess };

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

export const studioSelect = {
  name: true,
  companyName: true,
  companyLogoUrl: true,
  companyFaviconUrl: true,
  websiteUrl: true,
  youtubeUrl: true,
  instagramUrl: true,
  facebookUrl: true,
  status: true,
  plan: true,
  domainUrl: true,
} as const;

type StudioRow = Prisma.AdminGetPayload<{ select: typeof studioSelect }>;

export function studioOf(a: StudioRow): GalleryStudio {
  return {
    name: a.companyName || a.name,
    logoUrl: mediaUrl(a.companyLogoUrl),
    faviconUrl: mediaUrl(a.companyFaviconUrl),
    whiteLabel: WHITE_LABEL_PLANS.includes(a.plan),
    websiteUrl: safeHttpUrl(a.websiteUrl) ?? "",
    socials: { youtube: safeHttpUrl(a.youtubeUrl) ?? "", instagram: safeHttpUrl(a.instagramUrl) ?? "", facebook: safeHttpUrl(a.facebookUrl) ?? "" },
  };
}

export function isValidSlug(slug: string): boolean {
  return slug.length >= SLUG_LENGTH.min && slug.length <= SLUG_LENGTH.max && SLUG_PATTERN.test(slug);
}

/**
 * The gallery behind a custom url, or null (unknown, or its studio is not Active). On the default
 * gallery host a gallery's id names it too (the spec's New Tab link: the host plus galleryId); a
 * custom url wins over another gallery's id. With `domain`, only a custom url of the studio owning
 * that domain: another studio's gallery is not found there.
 */
export async function loadPublicGallery(slug: string, opts: { domain?: string } = {}): Promise<PublicGallery | null> {
  const byId = opts.domain === undefined && isId(slug);
  if (!byId && !isValidSlug(slug)) return null;
  const found = await db.gallery.findMany({
    where: byId ? { OR: [{ customUrl: slug }, { id: slug }] } : { customUrl: slug, ...(opts.domain !== undefined ? { admin: { domainUrl: opts.domain } } : {}) },
    take: 2,
    include: {
      admin: { select: studioSelect },
      showcase: { orderBy: { position: "asc" }, select: { videoId: true } },
      videos: { where: { status: "READY" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], include: { chapters } },
    },
  });
  const g = found.find((row) => row.customUrl === slug) ?? found[0];
  if (!g || g.admin.status !== "ACTIVE") return null;
  // Showcased videos are among the ready ones already read: no second read of the same rows.
  const cards = new Map(g.videos.map((v) => [v.id, card(v)]));
  return {
    state: {
      galleryId: g.id,
      slug: g.customUrl,
      title: g.title,
      subtitle: g.subtitle,
      fheading: g.fheading,
      fbody: g.fbody,
      setting: settingOf(g),
      background: backgroundOf(g),
      showcase: g.showcase.flatMap((s) => cards.get(s.videoId) ?? []),
      videos: [...cards.values()],
    },
    studio: studioOf(g.admin),
    access: {
      galleryId: g.id,
      adminId: g.adminId,
      slug: g.customUrl,
      hasPassword: g.passwordHash !== null,
      passwordVersion: g.passwordVersion,
      expiresAt: g.expiresAt,
    },
  };
}

/** The gallery on the default gallery host. */
export function getPublicGallery(slug: string): Promise<PublicGallery | null> {
  return loadPublicGallery(slug);
}
