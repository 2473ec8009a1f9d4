// The public gallery page's props (pages/v/[lang]/g/[slug], pages/v/[lang]/d/[host]/[slug]): what a viewer gets,
// decided by the gallery gate's cached-page form (lib/services/gallery-gate.ts `pageGate`) when the
// page is rendered without reading the request (so the page stays cacheable): the expired note,
// the password form (nothing else of the gallery), or the gallery; and its head.
//
// The page is never served past `validUntil`: the instant its content stops being right (the
// gallery expires) or its signed media addresses would have less than their minimum life left.
// Its cache lifetime (`revalidate`, the page cache handler, the front cache, a CDN's s-maxage) is
// bounded by it (server/shared-cache-handler.cjs, server/front-cache.cjs).
import "@/lib/server-only";
import type { GetStaticPropsResult, Metadata } from "next";
import { pageGate, type GateDecision } from "@/lib/services/gallery-gate";
import { galleryContent, gallerySubject, noticeBrandOf, type PublicGallery } from "@/lib/services/public-gallery";
import { publicGalleryMetadata } from "@/lib/services/public-metadata";
import { signingWindow } from "@/lib/storage/urls";
import { env } from "@/lib/env";
import { deliveryLink, galleryBaseUrl } from "@/lib/gallery-paths";
import { viewerLocale, VIEWER_LANGUAGE_CODES, type ViewerLocale } from "@/lib/viewer-i18n";
import { LANGUAGE_PARAM, pageLanguage } from "@/server/viewer-language.cjs";
import { pageSecondsLeft } from "@/server/constants.cjs";
import type { PublicGalleryHead, PublicGalleryPageProps, PublicGalleryView } from "@/lib/public-view";

/** Seconds a rendered page is served at most before it is rendered again, when no save expires it first. */
export const PUBLIC_PAGE_REVALIDATE = 60;

export function publicGalleryView(g: PublicGallery, decision: GateDecision, now = Date.now()): PublicGalleryView {
  const brand = noticeBrandOf(g, { now });
  if (decision.outcome === "expired") return { screen: "expired", title: g.title, studio: brand };
  if (decision.outcome === "locked") return { screen: "locked", slug: g.customUrl, title: g.title, studio: brand };
  return { screen: "gallery", ...galleryContent(g, "viewer", { now }), expiresAt: g.expiresAt?.toISOString() ?? null };
}

const text = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const firstImage = (images: unknown): string | null => {
  const first = Array.isArray(images) ? images[0] : images;
  return first && typeof first === "object" && "url" in first ? text(String(first.url)) : text(first);
};

/**
 * The gallery's page in each viewer language, for its hreflang links: its delivery link (the
 * studio's domain, else the gallery host, else the app's /g) with `?lang=`; `x-default` is the
 * link itself (the guest's browser's language, or the gallery's fixed one).
 */
export function languageAlternates(g: PublicGallery): PublicGalleryHead["alternates"] {
  const e = env();
  const link = deliveryLink(galleryBaseUrl({ domainUrl: g.admin.domainUrl, galleryBaseUrl: e.GALLERY_BASE_URL, appUrl: e.APP_URL }), g.customUrl);
  return [...VIEWER_LANGUAGE_CODES.map((code) => ({ hrefLang: code, href: `${link}?${LANGUAGE_PARAM}=${code}` })), { hrefLang: "x-default", href: link }];
}

/** The head tags of publicGalleryMetadata (the same link preview the studio's tests describe), in the page's language. */
export function publicGalleryHead(meta: Metadata, lang = "en", alternates: PublicGalleryHead["alternates"] = []): PublicGalleryHead {
  const title = meta.title && typeof meta.title === "object" && "absolute" in meta.title ? meta.title.absolute : String(meta.title ?? "");
  const og = meta.openGraph as { type?: string; title?: string; description?: string; siteName?: string; images?: unknown } | undefined;
  const tw = meta.twitter as { card?: string; title?: string; description?: string; images?: unknown } | undefined;
  const icons = meta.icons as { icon?: string } | undefined;
  return {
    title,
    description: text(meta.description),
    icon: text(icons?.icon),
    og: og ? { type: og.type ?? "website", title: og.title ?? title, description: text(og.description), siteName: text(og.siteName), image: firstImage(og.images) } : null,
    twitter: tw ? { card: tw.card ?? "summary", title: tw.title ?? title, description: text(tw.description), image: firstImage(tw.images) } : null,
    lang,
    alternates,
  };
}

/**
 * getStaticProps' answer for a gallery (missing, or its studio not active: a 404 that is cached
 * too), in the language of the route's segment (server/viewer-language.cjs) and the gallery's setting.
 */
export function publicGalleryPageProps(g: PublicGallery | null, segment: unknown = null, now = Date.now()): GetStaticPropsResult<PublicGalleryPageProps> {
  const decision = pageGate(gallerySubject(g), now);
  if (!g || decision.outcome === "missing" || decision.outcome === "inactive") return { notFound: true, revalidate: PUBLIC_PAGE_REVALIDATE };
  const locale: ViewerLocale = viewerLocale(pageLanguage(segment, g.settingLanguage));
  const validUntil = Math.min(signingWindow(now).servableUntil, decision.until ?? Infinity);
  // Plain JSON (the props are sent to the browser): no undefined, no Date.
  const props: PublicGalleryPageProps = JSON.parse(
    JSON.stringify({
      view: publicGalleryView(g, decision, now),
      head: publicGalleryHead(publicGalleryMetadata(g, { now, texts: locale.texts }, decision), locale.lang, languageAlternates(g)),
      validUntil,
      locale,
    }),
  );
  return { props, revalidate: Math.max(1, Math.min(PUBLIC_PAGE_REVALIDATE, pageSecondsLeft(validUntil, now))) };
}
