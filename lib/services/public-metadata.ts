// What a shared gallery link shows in chats and social apps (Open Graph / Twitter cards), and the
// page's favicon; never indexed by search engines. A gallery the gate keeps closed to the cached
// page (protected or expired) shares only its title and the studio's logo. Images are signed
// addresses of the same signing window as the page (lib/storage/urls.ts).
import "@/lib/server-only";
import type { Metadata } from "next";
import { pageGate, type GateDecision } from "@/lib/services/gallery-gate";
import { galleryContent, gallerySubject, studioOf, type PublicGallery } from "@/lib/services/public-gallery";
import { mediaUrl } from "@/lib/storage/urls";
import { TEXTS } from "@/lib/texts";
import { fill } from "@/lib/viewer-i18n/format";
import type { ViewerCatalogue } from "@/lib/viewer-i18n/types";

const NO_INDEX = { index: false, follow: false, googleBot: { index: false, follow: false } };

/** `texts`: the viewer catalogue of the page's language (English by default). */
type When = { now?: number; texts?: ViewerCatalogue };

/** The first showcased (else newest ready) video's thumbnail, else the background image: absolute, signed URLs. */
export function previewImageOf(g: PublicGallery, when: When = {}): string | null {
  const { state } = galleryContent(g, "viewer", when);
  const thumb = [...state.showcase, ...state.videos].find((v) => v.thumbnail)?.thumbnail ?? null;
  return thumb ?? mediaUrl(g.bgImageUrl, when);
}

/** The head of the gallery's page, as the gate decides for the cached page (by default, now). */
export function publicGalleryMetadata(g: PublicGallery | null, when: When = {}, decision: GateDecision = pageGate(gallerySubject(g), when.now)): Metadata {
  if (!g || decision.outcome === "missing" || decision.outcome === "inactive") return { title: { absolute: TEXTS.notFound }, robots: NO_INDEX };
  const studio = studioOf(g.admin, when);
  const title = g.title || studio.name;
  const closed = decision.outcome !== "open";
  const t = when.texts ?? TEXTS;
  const description = closed ? (decision.outcome === "expired" ? t.viewer.expiredHeading : t.viewer.locked) : g.subtitle || fill(t.viewer.filmsBy, { studio: studio.name });
  const image = closed ? studio.logoUrl : previewImageOf(g, when);
  return {
    title: { absolute: title },
    description,
    robots: NO_INDEX,
    icons: studio.faviconUrl ? { icon: studio.faviconUrl } : undefined,
    openGraph: { type: "website", title, description, siteName: studio.name, images: image ? [{ url: image }] : undefined },
    twitter: { card: image && !closed ? "summary_large_image" : "summary", title, description, images: image ? [image] : undefined },
  };
}
