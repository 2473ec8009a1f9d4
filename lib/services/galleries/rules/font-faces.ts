// The bundled open faces of the gallery fonts (lib/services/galleries/rules/fonts.ts): their files, @font-face rules and
// preloads. Apart from lib/services/galleries/rules/fonts.ts, which the public gallery's components import for the family
// lists: this table reaches only the server (the page's head, the font route) and the editor.
import { FACE_OF, GALLERY_FONTS, bundledFamily, isChosenFont, type FaceName } from "@/lib/services/galleries/rules/fonts";

/**
 * The open face bundled for each font (a @fontsource package of FONTSOURCE_VERSION), drawn where the
 * device lacks the font itself (Garamond was a generic serif in Chromium on Linux and on phones):
 * metric-compatible where one exists (Arimo, Tinos, Cousine, Gelasio), else the closest-looking.
 * Only the weights the gallery draws: 400 (body) and 700 (headings are semibold; 600 resolves to 700).
 */
type BundledFace = { pkg: string; weights: readonly (400 | 700)[]; latinExt: boolean };
const FACES = {
  arimo: { pkg: "arimo", weights: [400, 700], latinExt: true },
  "open-sans": { pkg: "open-sans", weights: [400, 700], latinExt: true },
  "pt-sans": { pkg: "pt-sans", weights: [400, 700], latinExt: true },
  ubuntu: { pkg: "ubuntu", weights: [400, 700], latinExt: true },
  tinos: { pkg: "tinos", weights: [400, 700], latinExt: true },
  gelasio: { pkg: "gelasio", weights: [400, 700], latinExt: true },
  "eb-garamond": { pkg: "eb-garamond", weights: [400, 700], latinExt: true },
  cousine: { pkg: "cousine", weights: [400, 700], latinExt: true },
  yellowtail: { pkg: "yellowtail", weights: [400], latinExt: false },
  "pt-mono": { pkg: "pt-mono", weights: [400], latinExt: true },
  "fira-sans": { pkg: "fira-sans", weights: [400, 700], latinExt: true },
  anton: { pkg: "anton", weights: [400], latinExt: true },
  domine: { pkg: "domine", weights: [400, 700], latinExt: true },
} as const satisfies Record<FaceName, BundledFace>;

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

function fileName(face: FaceName, subset: Subset, weight: 400 | 700): string {
  return `${FACES[face].pkg}-${subset}-${weight}-normal.woff2`;
}

function fileUrl(file: string): string {
  return `${FONT_FILES_PATH}/${FONTSOURCE_VERSION}/${file}`;
}

function subsetsOf(face: FaceName): Subset[] {
  return FACES[face].latinExt ? ["latin", "latin-ext"] : ["latin"];
}

/** Every bundled file, by its name, with the package that holds it: what the font route may serve. */
export const BUNDLED_FONT_FILES: ReadonlyMap<string, string> = new Map(
  (Object.keys(FACES) as FaceName[]).flatMap((face) => subsetsOf(face).flatMap((subset) => FACES[face].weights.map((w) => [fileName(face, subset, w), `@fontsource/${FACES[face].pkg}`] as const))),
);

/** The distinct bundled faces of the given stored font values, in the order of GALLERY_FONTS (the default class has none). */
function facesOf(values: readonly string[]): FaceName[] {
  const faces = new Set(values.filter(isChosenFont).map((v) => FACE_OF[v]));
  return [...new Set(GALLERY_FONTS.map((f) => FACE_OF[f]))].filter((f) => faces.has(f));
}

/**
 * The @font-face rules of the bundled faces that the given font values need: none for the default,
 * one per face, weight and subset otherwise (a browser fetches a file only when text in its range
 * is drawn in it). `font-display: swap`: the text is drawn at once in the device's fallback.
 */
export function fontFaceCss(values: readonly string[]): string {
  return facesOf(values)
    .flatMap((face) =>
      subsetsOf(face).flatMap((subset) =>
        FACES[face].weights.map(
          (w) =>
            `@font-face{font-family:'${bundledFamily(face)}';font-style:normal;font-weight:${w};font-display:swap;src:url(${fileUrl(fileName(face, subset, w))}) format('woff2');unicode-range:${SUBSETS[subset]}}`,
        ),
      ),
    )
    .join("");
}

/**
 * The files worth preloading for a gallery drawn with `heading` and `body`: the Latin file of the
 * weight each is drawn in (headings 700, text 400). None for the default.
 */
export function fontPreloads(heading: string, body: string): string[] {
  const files = [
    ...(isChosenFont(heading) ? [fileName(FACE_OF[heading], "latin", FACES[FACE_OF[heading]].weights.at(-1)!)] : []),
    ...(isChosenFont(body) ? [fileName(FACE_OF[body], "latin", 400)] : []),
  ];
  return [...new Set(files)].map(fileUrl);
}
