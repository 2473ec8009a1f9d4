// The curated typefaces and the pairs built from them: a display face for the headings and
// a text face for the body, for weddings, corporate and documentary films. The one home of both lists:
// the editor's picker, the style doors' validation (FONT_VALUES), the page's @font-face rules
// (lib/services/galleries/rules/font-faces.ts) and the font route read them from here. A curated face is
// stored by its name and drawn from its own @fontsource package (its name in lower case, words joined
// by "-"), self-hosted, Latin and Latin Extended only. The 14 fonts of the specification
// (lib/services/galleries/rules/fonts.ts) stay as they are.
import { DEFAULT_FONT_CLASS, GALLERY_FONTS } from "@/lib/services/galleries/rules/fonts";

/** A curated face: the generic fallback drawn until its file arrives, the weights bundled, and whether it has Latin Extended letters. */
type CuratedFace = { fallback: string; weights: readonly (400 | 700)[]; latinExt: boolean };

const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Arial, sans-serif";

export const CURATED_FACES = {
  "Playfair Display": { fallback: SERIF, weights: [400, 700], latinExt: true },
  "Great Vibes": { fallback: "'Brush Script MT', cursive", weights: [400], latinExt: true },
  "Cormorant Garamond": { fallback: SERIF, weights: [400, 700], latinExt: true },
  Italiana: { fallback: SERIF, weights: [400], latinExt: false },
  Cinzel: { fallback: SERIF, weights: [400, 700], latinExt: true },
  Montserrat: { fallback: SANS, weights: [400, 700], latinExt: true },
  Poppins: { fallback: SANS, weights: [400, 700], latinExt: true },
  "DM Serif Display": { fallback: SERIF, weights: [400], latinExt: true },
  "IBM Plex Sans": { fallback: SANS, weights: [400, 700], latinExt: true },
  Oswald: { fallback: "Impact, 'Arial Narrow', sans-serif", weights: [400, 700], latinExt: true },
  "Bebas Neue": { fallback: "Impact, 'Arial Narrow', sans-serif", weights: [400], latinExt: true },
  "Libre Baskerville": { fallback: SERIF, weights: [400, 700], latinExt: true },
  Lato: { fallback: SANS, weights: [400, 700], latinExt: true },
  Raleway: { fallback: SANS, weights: [400, 700], latinExt: true },
  "EB Garamond": { fallback: SERIF, weights: [400, 700], latinExt: true },
  "Open Sans": { fallback: SANS, weights: [400, 700], latinExt: true },
  Lora: { fallback: SERIF, weights: [400, 700], latinExt: true },
  "DM Sans": { fallback: SANS, weights: [400, 700], latinExt: true },
  "IBM Plex Serif": { fallback: SERIF, weights: [400, 700], latinExt: true },
  Merriweather: { fallback: SERIF, weights: [400, 700], latinExt: true },
  "Libre Franklin": { fallback: SANS, weights: [400, 700], latinExt: true },
} as const satisfies Record<string, CuratedFace>;

export type CuratedFont = keyof typeof CURATED_FACES;
export const CURATED_FONTS = Object.keys(CURATED_FACES) as CuratedFont[];

/** What a pair suits, in the order the picker groups them. */
export const PAIR_USES = ["Weddings", "Corporate", "Documentary"] as const;
type FontPair = { id: string; name: string; use: (typeof PAIR_USES)[number]; heading: CuratedFont; body: CuratedFont };

/** The curated pairs: choosing one sets the heading font and the body font together. */
export const FONT_PAIRS = [
  { id: "romance", name: "Romance", use: "Weddings", heading: "Playfair Display", body: "Lato" },
  { id: "vows", name: "Vows", use: "Weddings", heading: "Great Vibes", body: "Cormorant Garamond" },
  { id: "garden", name: "Garden", use: "Weddings", heading: "Cormorant Garamond", body: "Montserrat" },
  { id: "riviera", name: "Riviera", use: "Weddings", heading: "Italiana", body: "Raleway" },
  { id: "heirloom", name: "Heirloom", use: "Weddings", heading: "Cinzel", body: "EB Garamond" },
  { id: "boardroom", name: "Boardroom", use: "Corporate", heading: "Montserrat", body: "Open Sans" },
  { id: "keynote", name: "Keynote", use: "Corporate", heading: "Poppins", body: "Lora" },
  { id: "studio", name: "Studio", use: "Corporate", heading: "DM Serif Display", body: "DM Sans" },
  { id: "ledger", name: "Ledger", use: "Corporate", heading: "IBM Plex Sans", body: "IBM Plex Serif" },
  { id: "headline", name: "Headline", use: "Documentary", heading: "Oswald", body: "Merriweather" },
  { id: "field-notes", name: "Field Notes", use: "Documentary", heading: "Bebas Neue", body: "Lora" },
  { id: "archive", name: "Archive", use: "Documentary", heading: "Libre Baskerville", body: "Libre Franklin" },
] as const satisfies readonly FontPair[];

/** Every value a gallery's heading or body font may hold: the default class, the specification's fonts or a curated face. */
export const FONT_VALUES = [DEFAULT_FONT_CLASS, ...GALLERY_FONTS, ...CURATED_FONTS] as const;

export function isCuratedFont(value: string): value is CuratedFont {
  return Object.hasOwn(CURATED_FACES, value);
}

/** The @fontsource package of a curated face (`@fontsource/<this>`), also its bundled CSS family's suffix. */
export function curatedPackage(font: CuratedFont): string {
  return font.toLowerCase().replace(/ /g, "-");
}

/** The pair a gallery's fonts make, if they make one (the picker marks it). */
export function pairOf(heading: string, body: string): (typeof FONT_PAIRS)[number] | undefined {
  return FONT_PAIRS.find((p) => p.heading === heading && p.body === body);
}
