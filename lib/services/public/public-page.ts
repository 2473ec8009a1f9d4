// The public gallery page's props (pages/v/[lang]/g/[slug], pages/v/[lang]/d/[host]/[slug]): what a viewer gets,
// decided by the gallery gate's cached-page form (lib/services/access/gate.ts `pageGate`) when the
// page is rendered without reading the request (so the page stays cacheable): the expired note,
// the password form (nothing else of the gallery), the invited guests' notice (nothing of the
// gallery at all), or the gallery; and its head.
//
// The page is never served past `validUntil`: the instant its content stops being right (the
// gallery expires) or its signed media addresses would have less than their minimum life left.
// Its cache lifetime (`revalidate`, the page cache handler, the front cache, a CDN's s-maxage) is
// bounded by it (server/shared-cache-handler.cjs, server/front-cache.cjs).
import "@/lib/server-only";
import type { GetStaticPropsResult } from "next";
import { pageGate, type GateDecision } from "@/lib/services/access";
import { galleryContent, gallerySubject, studioOf, type PublicGallery } from "@/lib/services/public/public-gallery";
import { publicGalleryHead } from "@/lib/services/public/public-head";
import type { GalleryStudio } from "@/lib/contract/public";
import { mediaUrl, signingWindow } from "@/lib/storage/urls";
import { lookOf } from "@/lib/services/galleries/rules/gallery-look";
import { env } from "@/lib/env";
import { deliveryLink, galleryBaseUrl } from "@/lib/services/galleries/rules/gallery-paths";
import { viewerLocale, VIEWER_LANGUAGE_CODES, type ViewerLocale } from "@/lib/viewer-i18n";
import { LANGUAGE_PARAM, pageLanguage } from "@/lib/viewer-i18n/language.cjs";
import { pageSecondsLeft } from "@/server/constants.cjs";
import type { NoticeBrand, PublicGalleryHead, PublicGalleryPageProps, PublicGalleryView } from "@/lib/services/public/rules/public-view";

/** Seconds a rendered page is served at most before it is rendered again, when no save expires it first. */
export const PUBLIC_PAGE_REVALIDATE = 60;

/**
 * What the page shows, computed once per render (the head is derived from it): the gallery's
 * content when the gate lets it through, else its notice; and the studio's branding, which both use.
 */
function publicGalleryView(g: PublicGallery, decision: GateDecision, now: number): { view: PublicGalleryView; studio: GalleryStudio } {
  if (decision.outcome === "expired" || decision.outcome === "locked" || decision.outcome === "uninvited" || decision.outcome === "badLink") {
    const studio = studioOf(g.admin, { now });
    // A gallery for invited guests shows nothing of itself, not even its cover.
    const invited = decision.outcome === "uninvited" || decision.outcome === "badLink";
    // A closed gallery's notice: the studio's name and logo, the gallery's look (what its cover shows too, lib/services/public/studio-home.ts).
    const brand: NoticeBrand = {
      name: studio.name,
      logoUrl: studio.logoUrl,
      look: lookOf(g),
      fonts: { heading: g.fheading, body: g.fbody },
      background: invited ? null : mediaUrl(g.bgImageUrl, { now }),
      contact: { websiteUrl: studio.websiteUrl, socials: studio.socials },
    };
    const view: PublicGalleryView = invited
      ? { screen: "invited", slug: g.customUrl, studio: brand, websiteUrl: studio.websiteUrl || null }
      : decision.outcome === "expired"
        ? { screen: "expired", slug: g.customUrl, title: g.title, studio: brand }
        : { screen: "locked", slug: g.customUrl, title: g.title, studio: brand };
    return { view, studio };
  }
  const content = galleryContent(g, "viewer", { now });
  return { view: { screen: "gallery", ...content, expiresAt: g.expiresAt?.toISOString() ?? null }, studio: content.studio };
}

/**
 * The gallery's page in each viewer language, for its hreflang links: its delivery link (the
 * studio's domain, else the gallery host, else the app's /g) with `?lang=`; `x-default` is the
 * link itself (the guest's browser's language, or the gallery's fixed one).
 */
function languageAlternates(g: PublicGallery): PublicGalleryHead["alternates"] {
  const e = env();
  const link = deliveryLink(galleryBaseUrl({ domainUrl: g.admin.domainUrl, galleryBaseUrl: e.GALLERY_BASE_URL, appUrl: e.APP_URL }), g.customUrl);
  return [...VIEWER_LANGUAGE_CODES.map((code) => ({ hrefLang: code, href: `${link}?${LANGUAGE_PARAM}=${code}` })), { hrefLang: "x-default", href: link }];
}

/**
 * getStaticProps' answer for a gallery (missing, or its studio not active: a 404 that is cached
 * too), in the language of the route's segment (lib/viewer-i18n/language.cjs) and the gallery's setting.
 */
export function publicGalleryPageProps(g: PublicGallery | null, segment: unknown = null, now = Date.now()): GetStaticPropsResult<PublicGalleryPageProps> {
  const decision = pageGate(gallerySubject(g), now);
  if (!g || decision.outcome === "missing" || decision.outcome === "inactive") return { notFound: true, revalidate: PUBLIC_PAGE_REVALIDATE };
  const locale: ViewerLocale = viewerLocale(pageLanguage(segment, g.settingLanguage));
  const validUntil = Math.min(signingWindow(now).servableUntil, decision.until ?? Infinity);
  const { view, studio } = publicGalleryView(g, decision, now);
  // Plain JSON as built (the props are sent to the browser): no undefined, no Date.
  const props: PublicGalleryPageProps = { view, head: publicGalleryHead(view, studio, locale, languageAlternates(g)), validUntil, locale };
  return { props, revalidate: Math.max(1, Math.min(PUBLIC_PAGE_REVALIDATE, pageSecondsLeft(validUntil, now))) };
}
