// The gallery as its viewers see it, found by its custom url (public: no studio session), on the
// default gallery host or, scoped to the studio owning it, on a custom domain. What a viewer may
// see of it is the gallery gate's decision (lib/services/gallery-gate.ts); this module reads the
// row and shapes what the gate lets through, with signed media addresses.
import "@/lib/server-only";
import { isWhiteLabel } from "@/lib/plans";
import type { GalleryStudio } from "@/lib/gallery-types";
import { db, type Prisma } from "@/lib/db";
import { safeHttpUrl } from "@/lib/safe-url";
import { isCustomUrl } from "@/lib/slug";
import { isId } from "@/lib/ids";
import { backgroundOf, settingOf, studioCaptionTrack, studioPlayback, viewerCaptionTrack, viewerChaptersSrc, viewerPlayback } from "@/lib/services/gallery-views";
import { gateSubject, type GateSubject } from "@/lib/services/gallery-gate";
import { mediaUrl } from "@/lib/storage/urls";
import type { GalleryViewState, VideoCard } from "@/lib/gallery-preview";
import type { NoticeBrand } from "@/lib/public-view";

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
  lapsedPlan: true,
  graceUntil: true,
  domainUrl: true,
} as const;

const chapters = { select: { title: true, cueSeconds: true }, orderBy: { cueSeconds: "asc" } } as const;

const captions = { orderBy: [{ isDefault: "desc" as const }, { label: "asc" as const }, { language: "asc" as const }] };

const include = {
  admin: { select: studioSelect },
  showcase: { orderBy: { position: "asc" }, select: { videoId: true } },
  videos: { where: { status: "READY" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], include: { chapters, captions } },
} as const satisfies Prisma.GalleryInclude;

/** A gallery with its studio, showcase and ready videos, as read for its viewers (never sent as it is). */
export type PublicGallery = Prisma.GalleryGetPayload<{ include: typeof include }>;

type StudioRow = Prisma.AdminGetPayload<{ select: typeof studioSelect }>;

/** Who sees the gallery: a viewer of its public page (links name the gallery), or its own studio (the editor's preview). */
export type Audience = "viewer" | "studio";

type When = { now?: number };

export function studioOf(a: StudioRow, when: When = {}): GalleryStudio {
  return {
    name: a.companyName || a.name,
    logoUrl: mediaUrl(a.companyLogoUrl, when),
    faviconUrl: mediaUrl(a.companyFaviconUrl, when),
    // A plan that ended keeps its white-labeling through its grace (lib/plans.ts PLAN_LAPSE_GRACE_DAYS).
    whiteLabel: isWhiteLabel(a, when.now),
    websiteUrl: safeHttpUrl(a.websiteUrl) ?? "",
    socials: { youtube: safeHttpUrl(a.youtubeUrl) ?? "", instagram: safeHttpUrl(a.instagramUrl) ?? "", facebook: safeHttpUrl(a.facebookUrl) ?? "" },
  };
}

/** What a closed gallery's notice shows: the studio's name and logo. */
export const noticeBrandOf = (g: PublicGallery, when: When = {}): NoticeBrand => ({ name: g.admin.companyName || g.admin.name, logoUrl: mediaUrl(g.admin.companyLogoUrl, when) });

/**
 * The gallery behind a custom url, or null. On the default gallery host a gallery's id names it too
 * (the spec's New Tab link: the host plus galleryId), in its one spelling (lower case: another
 * spelling would be a page of its own that no save expires, issue 36 item 7). A name with an id's
 * shape is that gallery's id first: a custom url never has that shape (lib/slug.ts), and one stored
 * before that rule must not take another gallery's address (issue 36 item 6). With `domain`, only a
 * custom url of the studio owning that domain: another studio's gallery is not found there.
 * Whether its studio is active is the gate's question (gallerySubject).
 */
export async function loadPublicGallery(slug: string, opts: { domain?: string } = {}): Promise<PublicGallery | null> {
  const byId = opts.domain === undefined && isId(slug) && slug === slug.toLowerCase();
  if (!byId && !isCustomUrl(slug)) return null;
  const found = await db.gallery.findMany({
    where: byId ? { OR: [{ id: slug }, { customUrl: slug }] } : { customUrl: slug, ...(opts.domain !== undefined ? { admin: { domainUrl: opts.domain } } : {}) },
    take: 2,
    include,
  });
  return found.find((row) => row.id === slug) ?? found[0] ?? null;
}

/** The gallery on the default gallery host. */
export function getPublicGallery(slug: string): Promise<PublicGallery | null> {
  return loadPublicGallery(slug);
}

/** The gate's inputs of a loaded gallery (null: no such gallery). */
export const gallerySubject = (g: PublicGallery | null): GateSubject | null => (g ? gateSubject(g) : null);

/**
 * What the page shows of a gallery the gate let through: titles, fonts, toggles, background,
 * showcase and films (thumbnails signed; playback through the app's playlist and stream doors: the
 * viewer's, gate-checked, or the studio's own for the preview), and the studio's branding.
 */
export function galleryContent(g: PublicGallery, audience: Audience, when: When = {}): { state: GalleryViewState; studio: GalleryStudio } {
  const card = (v: PublicGallery["videos"][number]): VideoCard => ({
    _id: v.id,
    title: v.title,
    thumbnail: mediaUrl(v.thumbnailKey, when),
    playback: audience === "viewer" ? viewerPlayback(v, g.customUrl, g.settingDownload && g.downloadPinHash === null) : studioPlayback(v),
    durationSec: v.durationSec,
    chapters: v.chapters.map((c) => ({ title: c.title, seconds: c.cueSeconds })),
    chaptersSrc: audience === "viewer" && v.chapters.length > 0 ? viewerChaptersSrc(v.id, g.customUrl, v.chapters) : null,
    captions: v.captions.map((c) => (audience === "viewer" ? viewerCaptionTrack(c, g.customUrl) : studioCaptionTrack(c))),
  });
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
      // The gallery's, never the viewer's: the cached page stays the same for everyone.
      ...(audience === "viewer" && g.settingDownload && g.downloadPinHash !== null ? { downloadPin: true } : {}),
      background: backgroundOf(g, when),
      showcase: g.showcase.flatMap((s) => cards.get(s.videoId) ?? []),
      videos: [...cards.values()],
    },
    studio: studioOf(g.admin, when),
  };
}
