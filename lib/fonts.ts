// Gallery fonts (spec §9): the Heading and Body dropdowns offer exactly these.
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

/** Every value a gallery's heading or body font may hold: the default class or one of the fonts. */
export const FONT_VALUES = [DEFAULT_FONT_CLASS, ...GALLERY_FONTS] as const;

// Fallbacks keep each face recognisable on machines that lack the font itself.
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

/** The CSS font-family for a stored font value (the default class uses the app's sans face). */
export function fontFamily(value: string): string {
  const font = GALLERY_FONTS.find((f) => f === value);
  return font ? `'${font}', ${FALLBACKS[font]}` : "var(--font-sans)";
}

/** True when a font was chosen (the default class shows the placeholder instead). */
export function isChosenFont(value: string): value is GalleryFont {
  return (GALLERY_FONTS as readonly string[]).includes(value);
}
