// What the public gallery page is given (the props of pages/v/[lang]/g/[slug] and pages/v/[lang]/d/[host]/[slug],
// built on the server by lib/services/public/public-page.ts): plain JSON, since it is also sent to the
// browser in the page. A closed gallery's view holds nothing of its films.
import type { GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";
import type { GalleryStudio } from "@/lib/contract/public";
import type { GalleryLook } from "@/lib/services/galleries/rules/gallery-look";
import type { ViewerLocale } from "@/lib/viewer-i18n/types";

/**
 * A closed gallery's notice (its password form, its expired note): the studio's name and logo, and
 * the gallery's look as its page draws it (colours, fonts, its background image: signed), nothing of its films.
 */
/** `contact`: the studio's website and social links (the expired note shows them beside "Ask for access"). */
export type NoticeBrand = {
  name: string;
  logoUrl: string | null;
  look: GalleryLook;
  fonts: { heading: string; body: string };
  background: string | null;
  contact: Pick<GalleryStudio, "websiteUrl" | "socials">;
};

export type PublicGalleryView =
  | { screen: "expired"; slug: string; title: string; studio: NoticeBrand }
  | { screen: "locked"; slug: string; title: string; studio: NoticeBrand }
  /**
   * A gallery for invited guests, as the cached page holds it: the studio's notice
   * and contact (its website) only, not even the gallery's title or background; the browser then asks
   * the content API, which lets a valid personal link in.
   */
  | { screen: "invited"; slug: string; studio: NoticeBrand; websiteUrl: string | null }
  | { screen: "gallery"; state: GalleryViewState; studio: GalleryStudio; expiresAt: string | null };

/** The page's head: title, description, never indexed, favicon, link previews (Open Graph, Twitter). */
export type PublicGalleryHead = {
  title: string;
  description: string | null;
  icon: string | null;
  og: { type: string; title: string; description: string | null; siteName: string | null; image: string | null } | null;
  twitter: { card: string; title: string; description: string | null; image: string | null } | null;
  /** The page's language (`<html lang>`), and the page in each viewer language (hreflang; `x-default`: the browser's). */
  lang: string;
  alternates: { hrefLang: string; href: string }[];
  /** The fonts (stored values, lib/services/galleries/rules/fonts.ts) the page draws its heading and text in: their bundled faces' rules and preloads. */
  fonts: { heading: string; body: string } | null;
};

/**
 * `validUntil` (ms since the epoch): the page is never served after it (the gallery expires, or its
 * signed media addresses would have too little life left); the page cache handler reads it.
 */
export type PublicGalleryPageProps = { view: PublicGalleryView; head: PublicGalleryHead; validUntil: number; locale: ViewerLocale };
