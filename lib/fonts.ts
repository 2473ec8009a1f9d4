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
