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

/** The CSS family name of a bundled face (its own name, so a device's own copy of the open face never stands in for it). */
export function bundledFamily(face: string): string {
  return `vf-${face}`;
}

/**
 * The CSS font-family for a stored font value: the custom property that the page's font rules
 * (lib/services/galleries/rules/font-faces.ts fontFaceCss: written only for the fonts the page uses)
 * define for it — for one of the fourteen fonts the device's own font, then its bundled face, then
 * the fallbacks; for a curated face its bundled face, then a fallback —, else the app's sans face
 * (the default class, or a page without the rules). The tables stay on the server: the gallery's
 * JavaScript carries this line only.
 */
export function fontFamily(value: string): string {
  return value === DEFAULT_FONT_CLASS ? "var(--font-sans)" : `var(${fontVar(value)}, var(--font-sans))`;
}

/** The custom property holding a font's family list: letters, digits and "_" of its name, the rest as "-", so a stored value never writes CSS. */
export function fontVar(value: string): string {
  return `--vf-font-${value.replace(/\W+/g, "-")}`;
}

/** True when a font was chosen (the default class shows the placeholder instead). */
export function isChosenFont(value: string): value is GalleryFont {
  return (GALLERY_FONTS as readonly string[]).includes(value);
}
