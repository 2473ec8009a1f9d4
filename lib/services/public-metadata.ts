// What a shared gallery link shows in chats and social apps (Open Graph / Twitter cards), and the
// page's favicon; never indexed by search engines. A protected or expired gallery shares only its
// title and the studio's logo.
import "@/lib/server-only";
import type { Metadata } from "next";
import { isExpired } from "@/lib/services/gallery-expiry";
import type { PublicGallery } from "@/lib/services/public-gallery";
import { TEXTS } from "@/lib/texts";

const NO_INDEX = { index: false, follow: false, googleBot: { index: false, follow: false } };

/** The first showcased (else newest ready) video's thumbnail, else the background image: absolute URLs. */
export function previewImageOf(g: PublicGallery): string | null {
  const thumb = [...g.state.showcase, ...g.state.videos].find((v) => v.thumbnail)?.thumbnail ?? null;
  return thumb ?? g.state.background.imgUrl;
}

export function publicGalleryMetadata(g: PublicGallery | null): Metadata {
  if (!g) return { title: { absolute: TEXTS.notFound }, robots: NO_INDEX };
  const { state, studio, access } = g;
  const title = state.title || studio.name;
  const closed = access.hasPassword || isExpired(access.expiresAt);
  const description = closed ? (isExpired(access.expiresAt) ? TEXTS.viewer.expiredHeading : TEXTS.viewer.locked) : state.subtitle || `Films by ${studio.name}`;
  const image = closed ? studio.logoUrl : previewImageOf(g);
  return {
    title: { absolute: title },
    description,
    robots: NO_INDEX,
    icons: studio.faviconUrl ? { icon: studio.faviconUrl } : undefined,
    openGraph: { type: "website", title, description, siteName: studio.name, images: image ? [{ url: image }] : undefined },
    twitter: { card: image && !closed ? "summary_large_image" : "summary", title, description, images: image ? [image] : undefined },
  };
}
