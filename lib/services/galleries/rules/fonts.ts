// Gallery fonts (spec §9): the Heading and Body dropdowns offer these, and the curated faces of
// lib/services/galleries/rules/font-pairs.ts (which also holds FONT_VALUES, every value a font field takes).
export const DEFAULT_FONT_CLASS = "font-sans";
export const FONT_PLACEHOLDER = "Choose Your Font";

export const GALLERY_FONTS = [
  "Arial",
  "Helvetica",
  "Verdana",
  "Tahoma",
  "Trebuchet MS",
  "Times New Roman",
  "Georgia",
  "Garamond",
  "Courier New",
  "Brush Script MT",
  "Lucida Console",
  "Lucida Sans Unicode",
  "Impact",
  "Palatino Linotype",
] as const;

export type GalleryFont = (typeof GALLERY_FONTS)[number];

// Fallbacks keep each face recognisable on machines that lack both the font and its bundled face.
const FALLBACKS: Record<GalleryFont, string> = {
  Arial: "Helvetica, sans-serif",
  Helvetica: "Arial, sans-serif",
  Verdana: "Geneva, sans-serif",
  Tahoma: "Verdana, Segoe, sans-serif",
  "Trebuchet MS": "Helvetica, sans-serif",
  "Times New Roman": "Times, serif",
  Georgia: "serif",
  Garamond: "Baskerville, serif",
  "Courier New": "Courier, monospace",
  "Brush Script MT": "cursive",
  "Lucida Console": "Monaco, monospace",
  "Lucida Sans Unicode": "Lucida Grande, sans-serif",
  Impact: "Haettenschweiler, 'Arial Narrow Bold', sans-serif",
  "Palatino Linotype": "'Book Antiqua', Palatino, serif",
};

/** The bundled open face of each font (lib/services/galleries/rules/font-faces.ts: its package, weights and files). */
export const FACE_OF = {
  Arial: "arimo",
  Helvetica: "arimo",
  Verdana: "open-sans",
  Tahoma: "pt-sans",
  "Trebuchet MS": "ubuntu",
  "Times New Roman": "tinos",
  Georgia: "gelasio",
  Garamond: "eb-garamond",
  "Courier New": "cousine",
  "Brush Script MT": "yellowtail",
  "Lucida Console": "pt-mono",
  "Lucida Sans Unicode": "fira-sans",
  Impact: "anton",
  "Palatino Linotype": "domine",
} as const satisfies Record<GalleryFont, string>;
export type FaceName = (typeof FACE_OF)[GalleryFont];

/** The CSS family name of a bundled face (its own name, so a device's own copy of the open face never stands in for it). */
export function bundledFamily(face: string): string {
  return `vf-${face}`;
}

/** The CSS font-family for a stored font value: the device's own font, then its bundled face, then the fallbacks (the default class uses the app's sans face). */
export function fontFamily(value: string): string {
  if (isChosenFont(value)) return `'${value}', '${bundledFamily(FACE_OF[value])}', ${FALLBACKS[value]}`;
  // A curated face (lib/services/galleries/rules/font-pairs.ts) is named by a custom property that the page's
  // @font-face rules define (only for the faces it uses), so its table never reaches the gallery's JavaScript;
  // anything else, or a face whose rules are missing, is drawn in the app's sans face.
  return value === DEFAULT_FONT_CLASS ? "var(--font-sans)" : `var(${curatedFamilyVar(value)}, var(--font-sans))`;
}

/** The custom property holding a curated face's family list: letters and digits of its name only, so a stored value never writes CSS. */
export function curatedFamilyVar(value: string): string {
  return `--vf-font-${value.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

/** True when a font was chosen (the default class shows the placeholder instead). */
export function isChosenFont(value: string): value is GalleryFont {
  return (GALLERY_FONTS as readonly string[]).includes(value);
}
