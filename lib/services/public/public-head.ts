// The head of a gallery's public page (pages/_document.tsx writes its tags): what a shared gallery
// link shows in chats and social apps (Open Graph / Twitter cards), and the page's favicon; never
// indexed by search engines. Derived from the page's content as the page computed it (one pass,
// lib/services/public/public-page.ts), so its images are the page's own signed addresses. A gallery the
// gate keeps closed to the cached page (protected or expired) shares only its title and the
// studio's logo; one for invited guests only the studio's name and logo.
import "@/lib/server-only";
import type { GalleryStudio } from "@/lib/contract/public";
import type { PublicGalleryHead, PublicGalleryView } from "@/lib/services/public/rules/public-view";
import { fill } from "@/lib/viewer-i18n/format";
import type { ViewerLocale } from "@/lib/viewer-i18n/types";

/** The first showcased (else newest ready) film's thumbnail, else the background image, of an open gallery's view. */
function previewImageOf(view: Extract<PublicGalleryView, { screen: "gallery" }>): string | null {
  const { showcase, videos, background } = view.state;
  return [...showcase, ...videos].find((v) => v.thumbnail)?.thumbnail ?? background.imgUrl;
}

/**
 * The page's head: `view` is what the page shows, `studio` its studio's branding (a closed
 * gallery's view carries only its name and logo), in the page's language, with its hreflang links.
 */
export function publicGalleryHead(view: PublicGalleryView, studio: GalleryStudio, locale: Pick<ViewerLocale, "lang" | "texts">, alternates: PublicGalleryHead["alternates"]): PublicGalleryHead {
  const open = view.screen === "gallery";
  // A gallery for invited guests shares nothing of itself, not even its title.
  const title = (open ? view.state.title : view.screen === "invited" ? "" : view.title) || studio.name;
  const t = locale.texts.viewer;
  const description = open ? view.state.subtitle || fill(t.filmsBy, { studio: studio.name }) : view.screen === "expired" ? t.expiredHeading : view.screen === "invited" ? t.invitedHeading : t.locked;
  const image = (open ? previewImageOf(view) : studio.logoUrl) || null;
  return {
    title,
    description,
    icon: studio.faviconUrl || null,
    og: { type: "website", title, description, siteName: studio.name || null, image },
    twitter: { card: image && open ? "summary_large_image" : "summary", title, description, image },
    lang: locale.lang,
    alternates,
    fonts: open ? { heading: view.state.fheading, body: view.state.fbody } : view.studio.fonts,
  };
}
