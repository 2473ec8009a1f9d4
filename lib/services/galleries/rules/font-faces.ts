// The bundled open faces of the gallery fonts (lib/services/galleries/rules/fonts.ts) and of the curated faces
// (lib/services/galleries/rules/font-pairs.ts): their family lists, files, @font-face rules and preloads. The public
// gallery's components import only fontFamily() (lib/services/galleries/rules/fonts.ts), which names a custom property;
// these tables reach only the server (the page's head, the font route) and the editor.
import { GALLERY_FONTS, bundledFamily, fontVar, isChosenFont, type GalleryFont } from "@/lib/services/galleries/rules/fonts";
import { CURATED_FACES, CURATED_FONTS, curatedPackage, isCuratedFont, type CuratedFont } from "@/lib/services/galleries/rules/font-pairs";

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

/** The bundled open face of each font (its package, weights and files: OFFICE_FACES below). */
const FACE_OF = {
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
type FaceName = (typeof FACE_OF)[GalleryFont];

/**
 * The open face bundled for each font (a @fontsource package of FONTSOURCE_VERSION), drawn where the
 * device lacks the font itself (Garamond was a generic serif in Chromium on Linux and on phones):
 * metric-compatible where one exists (Arimo, Tinos, Cousine, Gelasio), else the closest-looking.
 * Only the weights the gallery draws: 400 (body) and 700 (headings are semibold; 600 resolves to 700).
 */
type BundledFace = { weights: readonly (400 | 700)[]; latinExt: boolean };
const OFFICE_FACES = {
  arimo: { weights: [400, 700], latinExt: true },
  "open-sans": { weights: [400, 700], latinExt: true },
  "pt-sans": { weights: [400, 700], latinExt: true },
  ubuntu: { weights: [400, 700], latinExt: true },
  tinos: { weights: [400, 700], latinExt: true },
  gelasio: { weights: [400, 700], latinExt: true },
  "eb-garamond": { weights: [400, 700], latinExt: true },
  cousine: { weights: [400, 700], latinExt: true },
  yellowtail: { weights: [400], latinExt: false },
  "pt-mono": { weights: [400], latinExt: true },
  "fira-sans": { weights: [400, 700], latinExt: true },
  anton: { weights: [400], latinExt: true },
  domine: { weights: [400, 700], latinExt: true },
} as const satisfies Record<FaceName, BundledFace>;

/** Every bundled face by its @fontsource package: the office fonts' open faces and the curated faces (lib/services/galleries/rules/font-pairs.ts; EB Garamond and Open Sans are both). */
const FACES: Readonly<Record<string, BundledFace>> = {
  ...OFFICE_FACES,
  ...Object.fromEntries(CURATED_FONTS.map((f) => [curatedPackage(f), CURATED_FACES[f]])),
};

/** The version of every bundled @fontsource package: part of the files' addresses, so a new version is a new address. */
export const FONTSOURCE_VERSION = "5.3.0";
/** Where the bundled faces are served (app/fonts/[version]/[file]/route.ts), on every host (lib/services/studio/rules/hosts.ts). */
const FONT_FILES_PATH = "/fonts";

// Fontsource's subsets: Latin (English, French, German…) and Latin Extended (Polish, Czech, Vietnamese…).
const SUBSETS = {
  latin: "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  "latin-ext": "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
} as const;
type Subset = keyof typeof SUBSETS;

function fileName(face: string, subset: Subset, weight: 400 | 700): string {
  return `${face}-${subset}-${weight}-normal.woff2`;
}

function fileUrl(file: string): string {
  return `${FONT_FILES_PATH}/${FONTSOURCE_VERSION}/${file}`;
}

function subsetsOf(face: string): Subset[] {
  return FACES[face].latinExt ? ["latin", "latin-ext"] : ["latin"];
}

/** Every bundled file, by its name, with the package that holds it: what the font route may serve. */
export const BUNDLED_FONT_FILES: ReadonlyMap<string, string> = new Map(
  Object.keys(FACES).flatMap((face) => subsetsOf(face).flatMap((subset) => FACES[face].weights.map((w) => [fileName(face, subset, w), `@fontsource/${face}`] as const))),
);

/** The family list of a font: one of the fourteen is the device's own font, then its bundled face, then its fallbacks; a curated face its bundled face, then its fallback. */
function familyList(font: GalleryFont | CuratedFont): string {
  if (isChosenFont(font)) return `'${font}', '${bundledFamily(FACE_OF[font])}', ${FALLBACKS[font]}`;
  return `'${bundledFamily(curatedPackage(font))}', ${CURATED_FACES[font].fallback}`;
}

/** The bundled face (its package) of a stored font value, if it has one (the default class has none). */
function faceOf(value: string): string | undefined {
  if (isChosenFont(value)) return FACE_OF[value];
  if (isCuratedFont(value)) return curatedPackage(value);
}

/** The distinct bundled faces of the given stored font values, in the order of GALLERY_FONTS, then of the curated faces. */
function facesOf(values: readonly string[]): string[] {
  const faces = new Set(values.map(faceOf));
  return [...new Set([...GALLERY_FONTS, ...CURATED_FONTS].map(faceOf))].filter((f): f is string => f !== undefined && faces.has(f));
}

/**
 * The @font-face rules of the bundled faces that the given font values need: none for the default,
 * one per face, weight and subset otherwise (a browser fetches a file only when text in its range
 * is drawn in it). `font-display: swap`: the text is drawn at once in the device's fallback. And, on
 * :root, the custom property fontFamily() names for each font (its family list). A
 * face of one weight serves every weight (the semibold headings draw it as designed, not thickened
 * by the browser: a script face such as Great Vibes blurred).
 */
export function fontFaceCss(values: readonly string[]): string {
  const chosen = [...GALLERY_FONTS, ...CURATED_FONTS].filter((f) => values.includes(f));
  const families = chosen.length ? `:root{${chosen.map((f) => `${fontVar(f)}:${familyList(f)}`).join(";")}}` : "";
  return facesOf(values)
    .flatMap((face) =>
      subsetsOf(face).flatMap((subset) =>
        FACES[face].weights.map(
          (w) =>
            `@font-face{font-family:'${bundledFamily(face)}';font-style:normal;font-weight:${FACES[face].weights.length === 1 ? "400 700" : w};font-display:swap;src:url(${fileUrl(fileName(face, subset, w))}) format('woff2');unicode-range:${SUBSETS[subset]}}`,
        ),
      ),
    )
    .join("")
    .concat(families);
}

/**
 * The files worth preloading for a gallery drawn with `heading` and `body`: the Latin file of the
 * weight each is drawn in (headings 700, text 400). None for the default; of the curated faces, the
 * heading's only (a body in a curated face is found by the stylesheet, without competing with the cover).
 */
export function fontPreloads(heading: string, body: string): string[] {
  const headingFace = faceOf(heading);
  const files = [...(headingFace ? [fileName(headingFace, "latin", FACES[headingFace].weights.at(-1)!)] : []), ...(isChosenFont(body) ? [fileName(FACE_OF[body], "latin", 400)] : [])];
  return [...new Set(files)].map(fileUrl);
}
