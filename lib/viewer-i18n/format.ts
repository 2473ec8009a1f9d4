// Filling the viewer catalogue's texts (lib/viewer-i18n/en.ts) in the viewer's language: its
// placeholders, its plural forms, its numbers and dates (Intl, per locale). Small on purpose: it is
// part of the public page's first load.
import type { Plural, ViewerCatalogue, ViewerLocale } from "@/lib/viewer-i18n/types";
import { bytesToMb, sizeUnit } from "@/lib/format";

/** The text with each `{name}` replaced by its value (a name not given stays as it is). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** The parts of a text around one placeholder: `Play {title}` → ["Play ", ""]. */
export function around(text: string, name: string): [string, string] {
  const at = text.indexOf(`{${name}}`);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + name.length + 2)];
}

/** A language's formatting of counts, numbers and dates. */
export type ViewerFormat = {
  number: (n: number) => string;
  /** The count's text in its plural form, `{n}` written as a number of this language. */
  count: (forms: Plural, n: number) => string;
  /** A day (`2027-03-12T…`), as this language writes a date in full (12 mars 2027). */
  date: (iso: string) => string;
  /** A size in bytes by the product's one unit rule (lib/format.ts sizeUnit), in this language's units (1.20 GB, 1,20 Go). */
  bytes: (n: number) => string;
  /** A time still to wait, in this language's units (45 s, 3 min, 2.5 h). */
  duration: (seconds: number) => string;
};

const unit = (lang: string, u: string, digits = 0, min = 0) => new Intl.NumberFormat(lang, { style: "unit", unit: u, unitDisplay: "short", minimumFractionDigits: min, maximumFractionDigits: digits });
const SIZE_UNITS = { GB: "gigabyte", MB: "megabyte", KB: "kilobyte" } as const;

export function viewerFormat(lang: string): ViewerFormat {
  const numbers = new Intl.NumberFormat(lang);
  const plurals = new Intl.PluralRules(lang);
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" });
  return {
    number: (n) => numbers.format(n),
    count: (forms, n) => fill(forms[plurals.select(n)] ?? forms.other, { n: numbers.format(n) }),
    date: (iso) => dates.format(new Date(iso)),
    bytes: (n) => {
      const size = sizeUnit(bytesToMb(n));
      return unit(lang, SIZE_UNITS[size.unit], 2, 2).format(size.value);
    },
    duration: (seconds) =>
      seconds < 60
        ? unit(lang, "second").format(Math.max(1, Math.ceil(seconds)))
        : seconds < 5400
          ? unit(lang, "minute").format(Math.ceil(seconds / 60))
          : unit(lang, "hour", 1).format(seconds / 3600),
  };
}

/** What a part of the viewer is given of its language: the texts and formats of the page's locale. */
export type Viewer = ViewerFormat & { t: ViewerCatalogue; lang: ViewerLocale["lang"]; languages: ViewerLocale["languages"] };

/** A page's locale as its parts use it (components/gallery/viewer-locale.tsx; a server component's own). */
export function viewerOf(locale: ViewerLocale): Viewer {
  return { ...viewerFormat(locale.lang), t: locale.texts, lang: locale.lang, languages: locale.languages };
}
