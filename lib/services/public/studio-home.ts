// A studio's domain home page: `https://<studio domain>/` shows the studio's own
// branded page — its name and logo, and the galleries it lists (Settings → "List on my domain's
// home page"), or a branded "nothing here" — never Vidfolio's 404. Only a verified domain of an
// active studio has one; galleries that expired are left out, locked ones are shown with a lock
// (their page asks for the password). Rendered like the gallery pages (cached, signed media, the
// page never kept past its signatures' life) and expired with the studio's galleries.
import "@/lib/server-only";
import type { GetStaticPropsResult } from "next";
import { db } from "@/lib/db";
import { guestFrameKey, studioOf, studioSelect } from "@/lib/services/public/public-gallery";
import { mediaUrl, signingWindow } from "@/lib/storage/urls";
import { PUBLIC_PAGE_REVALIDATE } from "@/lib/services/public/public-page";
import { pageSecondsLeft } from "@/server/constants.cjs";
import type { PublicGalleryHead } from "@/lib/services/public/rules/public-view";
import { viewerLocale } from "@/lib/viewer-i18n";
import type { GalleryNotFoundProps, StudioHomeProps } from "@/lib/page-props/studio-home";
import { normalizeHost } from "@/lib/services/studio/rules/hosts";
import { viewerRouteOf } from "@/lib/services/galleries/rules/gallery-paths";
import { pageLanguage } from "@/lib/viewer-i18n/language.cjs";
import { isPayLocked, PRICE_ROW_SELECT } from "@/lib/services/money/rules/paid-delivery";

const FRAME_SELECT = { thumbnailKey: true, previewThumbKey: true } as const;

/** How many listed galleries the page shows (the newest first). */
const STUDIO_HOME_MAX = 60;

/** The page in the language of the route's segment (the guest's browser, or its choice: lib/viewer-i18n/language.cjs). */
export async function studioHome(domain: string | null, segment: unknown = null, now = Date.now()): Promise<StudioHomeProps | null> {
  if (!domain) return null;
  const admin = await db.admin.findFirst({ where: { domainUrl: domain, role: "admin" }, select: { ...studioSelect, id: true } });
  if (!admin) return null;
  // A studio that is not active keeps its branded page, with nothing on it. A gallery for invited
  // guests is never listed: its page shows nothing of it to anyone else.
  const rows = await db.gallery.findMany({
    where: { adminId: admin.id, settingListed: true, audience: "LINK", admin: { status: "ACTIVE" }, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date(now) } }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: STUDIO_HOME_MAX,
    select: {
      customUrl: true,
      title: true,
      subtitle: true,
      passwordHash: true,
      bgImageUrl: true,
      ...PRICE_ROW_SELECT,
      showcase: { orderBy: { position: "asc" }, take: 1, select: { video: { select: { ...FRAME_SELECT, status: true } } } },
      videos: { where: { status: "READY" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: FRAME_SELECT },
    },
  });
  const when = { now };
  const galleries = rows.map((g) => {
    // Unpaid with Pay to unlock (Paid delivery, no clean frame): a film's picture is its watermarked preview's, never its own.
    const frame = (v: { thumbnailKey: string | null; previewThumbKey: string | null }) => guestFrameKey(isPayLocked(g), v);
    const showcased = g.showcase[0]?.video.status === "READY" ? frame(g.showcase[0].video) : null;
    // A locked gallery shows nothing of its films before the password: its own background only.
    const cover = g.passwordHash ? g.bgImageUrl : (showcased ?? (g.videos[0] ? frame(g.videos[0]) : null) ?? g.bgImageUrl);
    return { slug: g.customUrl, title: g.title, subtitle: g.subtitle, cover: mediaUrl(cover, when), locked: g.passwordHash !== null, films: g.passwordHash ? 0 : g.videos.length };
  });
  const studio = studioOf(admin, when);
  // Written by pages/_document.tsx, as for a gallery: the studio's name and icon, never indexed.
  const locale = viewerLocale(pageLanguage(segment));
  const head: PublicGalleryHead = { title: studio.name, description: null, icon: studio.faviconUrl ?? null, og: null, twitter: null, lang: locale.lang, alternates: [], fonts: null };
  return { studio, galleries, validUntil: signingWindow(now).servableUntil, head, locale };
}

/** getStaticProps' answer: the page (cached no longer than its signed addresses live), or a cached 404. */
export async function studioHomeProps(domain: string | null, segment: unknown = null, now = Date.now()): Promise<GetStaticPropsResult<StudioHomeProps>> {
  const home = await studioHome(domain, segment, now);
  if (!home) return { notFound: true, revalidate: PUBLIC_PAGE_REVALIDATE };
  const props: StudioHomeProps = JSON.parse(JSON.stringify(home));
  return { props, revalidate: Math.max(1, Math.min(PUBLIC_PAGE_REVALIDATE, pageSecondsLeft(home.validUntil, now))) };
}

/**
 * The 404 of a viewer route (app/not-found.tsx, given the route proxy.ts rewrote
 * to: lib/services/galleries/rules/gallery-paths.ts VIEWER_ROUTE_HEADER), in the viewer's language. On a studio's verified
 * domain: that studio's branded page with the galleries its home lists (its own, listed, unexpired;
 * none while it is not active), never Vidfolio's. On Vidfolio's gallery host, or a host that is no
 * studio's: a neutral page naming no studio. Null for any other route (the app's own 404).
 * Rendered per request (the root layout is): a gallery created since, or another studio's
 * branding, is never served from a copy.
 */
export async function galleryNotFound(route: string | null | undefined, now = Date.now()): Promise<GalleryNotFoundProps | null> {
  const viewer = viewerRouteOf(route);
  if (!viewer) return null;
  const home = viewer.domain === null ? null : await studioHome(normalizeHost(viewer.domain), viewer.segment, now);
  if (!home) return { studio: null, galleries: [], locale: viewerLocale(pageLanguage(viewer.segment)) };
  return { studio: home.studio, galleries: home.galleries, locale: home.locale };
}
