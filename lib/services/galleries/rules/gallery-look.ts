// A gallery's look beyond its fonts: an accent colour (the page's main button), a
// text colour (its heading and text), and the focal point of its cover image (kept in view however
// the screen crops it: the image's object-position). Pure and without imports: the public gallery's
// components use it, so it must add nothing to the viewer's first-load JavaScript (no zod, no
// TEXTS); the door's schemas are in lib/validation/gallery-look.ts.

export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** The look as stored and shown: colours as `#rrggbb` (null: the page's own), the focal point in whole percent. */
export type GalleryLook = { accent: string | null; text: string | null; focus: { x: number; y: number } };

const DEFAULT_FOCUS = { x: 50, y: 50 } as const;
export const DEFAULT_LOOK: GalleryLook = { accent: null, text: null, focus: DEFAULT_FOCUS };

/** The page's own colours where the look sets none: its dark background (zinc-950), white text. */
const PAGE_BACKGROUND = "#09090b";
export const PAGE_TEXT = "#ffffff";

/** The look of a gallery row. */
export function lookOf(g: { accentColor: string | null; textColor: string | null; focusX: number; focusY: number }): GalleryLook {
  return { accent: g.accentColor, text: g.textColor, focus: { x: g.focusX, y: g.focusY } };
}

/** A look's change as the row's columns. */
export function lookColumns(l: Partial<GalleryLook>) {
  return {
    ...(l.accent === undefined ? {} : { accentColor: l.accent }),
    ...(l.text === undefined ? {} : { textColor: l.text }),
    ...(l.focus === undefined ? {} : { focusX: l.focus.x, focusY: l.focus.y }),
  };
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for body text. */
const AA_CONTRAST = 4.5;

/** Whether text in `text` on the page's background passes WCAG AA. */
export function textPassesAA(text: string, background = PAGE_BACKGROUND): boolean {
  return contrastRatio(text, background) >= AA_CONTRAST;
}

/** The ink drawn on the accent (the button's label): black or white, whichever contrasts more. */
export function inkOn(accent: string): string {
  return contrastRatio(accent, "#000000") >= contrastRatio(accent, "#ffffff") ? "#09090b" : "#ffffff";
}

/** The CSS `object-position` of the cover for a focal point. */
export function objectPosition(focus: { x: number; y: number }): string {
  return `${focus.x}% ${focus.y}%`;
}

/** The look as the page's CSS variables (components/gallery: the title and text, the main button); none for the page's own colours. */
export function lookVariables(look: GalleryLook): Record<string, string> {
  return {
    ...(look.accent ? { "--look-accent": look.accent, "--look-accent-ink": inkOn(look.accent) } : {}),
    ...(look.text ? { "--look-text": look.text } : {}),
  };
}
