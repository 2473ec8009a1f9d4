// The viewer text catalogues, for the server: the page picks its language's
// catalogue and hands it to the browser in its props (components/gallery/viewer-locale.tsx).
import { de } from "@/lib/viewer-i18n/de";
import { en } from "@/lib/viewer-i18n/en";
import { es } from "@/lib/viewer-i18n/es";
import { fr } from "@/lib/viewer-i18n/fr";
import { it } from "@/lib/viewer-i18n/it";
import { pt } from "@/lib/viewer-i18n/pt";
import type { ViewerCatalogue, ViewerLanguage, ViewerLocale } from "@/lib/viewer-i18n/types";
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, VIEWER_LANGUAGES, isViewerLanguage } from "@/lib/viewer-i18n/language.cjs";

export type { ViewerCatalogue, ViewerLanguage, ViewerLocale };

export const VIEWER_CATALOGUES: Record<ViewerLanguage, ViewerCatalogue> = { en, es, fr, de, it, pt };

/** The viewer languages (English first), and a gallery's setting that follows the guest's browser. */
export const VIEWER_LANGUAGE_CODES = VIEWER_LANGUAGES as readonly ViewerLanguage[];
const VIEWER_LANGUAGE_NAMES = LANGUAGE_NAMES as Record<ViewerLanguage, string>;

const asViewerLanguage = (v: unknown): ViewerLanguage => (isViewerLanguage(v) ? (v as ViewerLanguage) : (DEFAULT_LANGUAGE as ViewerLanguage));

export function viewerLocale(lang: unknown): ViewerLocale {
  const code = asViewerLanguage(lang);
  return { lang: code, texts: VIEWER_CATALOGUES[code], languages: VIEWER_LANGUAGE_CODES.map((c) => ({ code: c, name: VIEWER_LANGUAGE_NAMES[c] })) };
}
