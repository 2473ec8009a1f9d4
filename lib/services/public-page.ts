// The public gallery page's props (pages/g/[slug], pages/d/[host]/[slug]): what a viewer gets,
// decided when the page is rendered without reading the request (so the page stays cacheable):
// the expired note, the password form (nothing else of the gallery), or the gallery; and its head.
import "@/lib/server-only";
import type { GetStaticPropsResult, Metadata } from "next";
import { isExpired } from "@/lib/services/gallery-expiry";
import type { PublicGallery } from "@/lib/services/public-gallery";
import { publicGalleryMetadata } from "@/lib/services/public-metadata";
import type { PublicGalleryHead, PublicGalleryPageProps, PublicGalleryView } from "@/lib/public-view";

/** Seconds a rendered page is served before it is rendered again, when no save expires it first. */
export const PUBLIC_PAGE_REVALIDATE = 60;

export function publicGalleryView({ state, studio, access }: PublicGallery): PublicGalleryView {
  const brand = { name: studio.name, logoUrl: studio.logoUrl };
  if (isExpired(access.expiresAt)) return { screen: "expired", title: state.title, studio: brand };
  if (access.hasPassword) return { screen: "locked", slug: access.slug, title: state.title, studio: brand };
  return { screen: "gallery", state, studio, expiresAt: access.expiresAt?.toISOString() ?? null };
}

const text = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const firstImage = (images: unknown): string | null => {
  const first = Array.isArray(images) ? images[0] : images;
  return first && typeof first === "object" && "url" in first ? text(String(first.url)) : text(first);
};

/** The head tags of publicGalleryMetadata (the same link preview the studio's tests describe). */
export function publicGalleryHead(meta: Metadata): PublicGalleryHead {
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
  };
}

/** getStaticProps' answer for a gallery (null: no such gallery here, a 404 that is cached too). */
export function publicGalleryPageProps(gallery: PublicGallery | null): GetStaticPropsResult<PublicGalleryPageProps> {
  if (!gallery) return { notFound: true, revalidate: PUBLIC_PAGE_REVALIDATE };
  // Plain JSON (the props are sent to the browser): no undefined, no Date.
  const props: PublicGalleryPageProps = JSON.parse(JSON.stringify({ view: publicGalleryView(gallery), head: publicGalleryHead(publicGalleryMetadata(gallery)) }));
  return { props, revalidate: PUBLIC_PAGE_REVALIDATE };
}
