// The shape of a viewer text catalogue (lib/viewer-i18n/en.ts): the same keys in every language,
// each text a string, each count's text its plural forms.
import type { DefaultLayoutTranslations } from "@vidstack/react/player/layouts/default";
import type { en } from "@/lib/viewer-i18n/en";

/** A count's texts by Intl.PluralRules category; `other` is used for a category a language leaves out. */
export type Plural = { one: string; other: string; zero?: string; two?: string; few?: string; many?: string };

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends { one: string; other: string } ? Plural : Shape<T[K]> };

export type ViewerCatalogue = Shape<Omit<typeof en, "player">> & { player: DefaultLayoutTranslations };

/** A viewer language's code (lib/viewer-i18n/language.cjs VIEWER_LANGUAGES). */
export type ViewerLanguage = "en" | "es" | "fr" | "de" | "it" | "pt";

/**
 * What a viewer page is given of its language (in its props: plain JSON): the code, that language's
 * catalogue only, and for the switcher each language's own name.
 */
export type ViewerLocale = { lang: ViewerLanguage; texts: ViewerCatalogue; languages: { code: ViewerLanguage; name: string }[] };
