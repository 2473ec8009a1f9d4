// The gallery as its viewers see it: the row a viewer's door reads (publicGalleryInclude; the
// lookup by custom url or id, and the gate, are lib/services/access/open-gallery.ts's) and what the gate
// lets through, shaped with signed media addresses.
import { studioShownName } from "@/lib/texts/labels";
import "@/lib/server-only";
import { isWhiteLabel } from "@/lib/services/money/rules/plans";
import type { GalleryStudio } from "@/lib/contract/public";
import type { Prisma } from "@/lib/db";
import { safeHttpUrl } from "@/lib/services/studio/rules/safe-url";
import { backgroundOf, settingOf, studioCaptionTrack, studioPlayback, viewerCaptionTrack, viewerChaptersSrc, viewerPlayback } from "@/lib/services/galleries";
import { gateSubject, type GateSubject } from "@/lib/services/access";
import { mediaUrl } from "@/lib/storage/urls";
import type { GalleryViewState, VideoCard } from "@/lib/services/galleries/rules/gallery-preview";
import { lookOf } from "@/lib/services/galleries/rules/gallery-look";
import { amountDue, isPayLocked } from "@/lib/services/money/rules/paid-delivery";
import { DECISION_ROW_SELECT } from "@/lib/services/review/rules/approval";
import { closedByReview, reviewStateOf, type DecisionRow, type ReviewSettings } from "@/lib/services/review/rules/approval";

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

// The newest decisions: a film's state in review is the newest on its current version.
const approvals = { select: DECISION_ROW_SELECT, orderBy: [{ decidedAt: "desc" as const }, { id: "desc" as const }], take: 50 };

const captions = { orderBy: [{ isDefault: "desc" as const }, { label: "asc" as const }, { language: "asc" as const }] };

/** What a viewer's door reads of a gallery (lib/services/access/open-gallery.ts findGallery). */
export const publicGalleryInclude = {
  admin: { select: studioSelect },
  showcase: { orderBy: { position: "asc" }, select: { videoId: true } },
  videos: { where: { status: "READY" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], include: { chapters, captions, approvals } },
} as const satisfies Prisma.GalleryInclude;

/** A gallery with its studio, showcase and ready videos, as read for its viewers (never sent as it is). */
export type PublicGallery = Prisma.GalleryGetPayload<{ include: typeof publicGalleryInclude }>;

type StudioRow = Prisma.AdminGetPayload<{ select: typeof studioSelect }>;

/** Who sees the gallery: a viewer of its public page (links name the gallery), or its own studio (the editor's preview). */
export type Audience = "viewer" | "studio";

type When = { now?: number };

export function studioOf(a: StudioRow, when: When = {}): GalleryStudio {
  return {
    name: studioShownName(a),
    logoUrl: mediaUrl(a.companyLogoUrl, when),
    faviconUrl: mediaUrl(a.companyFaviconUrl, when),
    // A plan that ended keeps its white-labeling through its grace (lib/services/money/rules/plans.ts PLAN_LAPSE_GRACE_DAYS).
    whiteLabel: isWhiteLabel(a, when.now),
    websiteUrl: safeHttpUrl(a.websiteUrl) ?? "",
    socials: { youtube: safeHttpUrl(a.youtubeUrl) ?? "", instagram: safeHttpUrl(a.instagramUrl) ?? "", facebook: safeHttpUrl(a.facebookUrl) ?? "" },
  };
}

/** The gate's inputs of a loaded gallery (null: no such gallery). */
export const gallerySubject = (g: PublicGallery | null): GateSubject | null => (g ? gateSubject(g) : null);

/** A film's review on the page (a gallery in review): its state on its current version, and whether its download is closed. */
function cardReview(settings: ReviewSettings, version: number, decisions: DecisionRow[]): NonNullable<VideoCard["review"]> {
  const state = reviewStateOf(version, decisions);
  return { state: state.state, version, closed: closedByReview(settings, state) };
}

/**
 * In delivery: what the guests approved stays said (an approved current version keeps its badge);
 * nothing else, since nothing is in review and nothing is closed by it.
 */
function deliveredReview(version: number, decisions: DecisionRow[]): VideoCard["review"] {
  return reviewStateOf(version, decisions).state === "approved" ? { state: "approved", version, closed: false } : null;
}

/**
 * What the page shows of a gallery the gate let through: titles, fonts, toggles, background,
 * showcase and films (thumbnails signed; playback through the app's playlist and stream doors: the
 * viewer's, gate-checked, or the studio's own for the preview), and the studio's branding.
 */
/** What the page says of a gallery's price (Paid delivery), or nothing when it has none. */
function paymentOf(g: PublicGallery): GalleryViewState["payment"] {
  if (g.priceAmount === null || g.priceCurrency === null) return undefined;
  return {
    amount: g.priceAmount,
    deposit: g.priceDeposit,
    due: amountDue(g),
    currency: g.priceCurrency,
    dueAt: g.priceDueAt?.toISOString() ?? null,
    locked: isPayLocked(g),
    paid: g.paidAt !== null,
  };
}

/**
 * The picture a guest sees of a film: while its gallery is unpaid with Pay to unlock, a frame of the
 * watermarked preview, never the clean thumbnail (nor a custom one); null until that frame is made.
 * The gallery page and a studio's domain home (studio-home.ts) both take it from here.
 */
export function guestFrameKey(previewOnly: boolean, v: { thumbnailKey: string | null; previewThumbKey: string | null }): string | null {
  return previewOnly ? v.previewThumbKey : v.thumbnailKey;
}

export function galleryContent(g: PublicGallery, audience: Audience, when: When = {}): { state: GalleryViewState; studio: GalleryStudio } {
  // Unpaid with Pay to unlock (Paid delivery): viewers get the watermarked previews only, and a film
  // without its preview yet is not shown; the studio's own preview shows its films as they are.
  const previewOnly = audience === "viewer" && isPayLocked(g);
  const card = (v: PublicGallery["videos"][number], review = g.reviewMode ? cardReview(g, v.version, v.approvals) : deliveredReview(v.version, v.approvals)): VideoCard => ({
    _id: v.id,
    title: v.title,
    thumbnail: mediaUrl(guestFrameKey(previewOnly, v), when),
    playback: audience === "viewer" ? viewerPlayback({ ...v, previewOnly }, g.customUrl, !previewOnly && g.settingDownload && g.downloadPinHash === null && !review?.closed) : studioPlayback(v),
    durationSec: v.durationSec,
    width: v.width,
    height: v.height,
    chapters: v.chapters.map((c) => ({ title: c.title, seconds: c.cueSeconds })),
    chaptersSrc: audience === "viewer" && v.chapters.length > 0 ? viewerChaptersSrc(v.id, g.customUrl, v.chapters) : null,
    captions: v.captions.map((c) => (audience === "viewer" ? viewerCaptionTrack(c, g.customUrl) : studioCaptionTrack(c))),
    review,
  });
  // Showcased videos are among the ready ones already read: no second read of the same rows.
  const cards = new Map(g.videos.filter((v) => !previewOnly || v.previewKey !== null).map((v) => [v.id, card(v)]));
  return {
    state: {
      galleryId: g.id,
      slug: g.customUrl,
      title: g.title,
      subtitle: g.subtitle,
      fheading: g.fheading,
      fbody: g.fbody,
      look: lookOf(g),
      setting: settingOf(g),
      // The gallery's, never the viewer's: the cached page stays the same for everyone.
      ...(audience === "viewer" && g.settingDownload && g.downloadPinHash !== null ? { downloadPin: true } : {}),
      ...(g.passwordHash !== null ? { passwordProtected: true } : {}),
      ...(audience === "viewer" && paymentOf(g) ? { payment: paymentOf(g) } : {}),
      // Unpaid: the background video (one of its films, clean) is not played; its image stays.
      background: previewOnly ? { ...backgroundOf(g, when), videoUrl: null } : backgroundOf(g, when),
      showcase: g.showcase.flatMap((s) => cards.get(s.videoId) ?? []),
      videos: [...cards.values()],
    },
    studio: studioOf(g.admin, when),
  };
}
