// The curated faces and pairs (lib/services/galleries/rules/font-pairs.ts, issue 57 item 3): at least
// twelve pairs of a display face and a text face, every face an installed @fontsource package whose
// Latin and Latin Extended woff2 files exist (and only those are served); a gallery declares, and
// preloads, only the curated faces it uses, and one on an office font none of them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_FONT_CLASS, fontFamily, GALLERY_FONTS } from "@/lib/services/galleries/rules/fonts";
import { CURATED_FACES, CURATED_FONTS, curatedPackage, FONT_PAIRS, FONT_VALUES, isCuratedFont, PAIR_USES, pairOf } from "@/lib/services/galleries/rules/font-pairs";
import { BUNDLED_FONT_FILES, fontFaceCss, fontPreloads, FONTSOURCE_VERSION } from "@/lib/services/galleries/rules/font-faces";

const filesOf = (pkg: string) => readdirSync(path.join(process.cwd(), "node_modules", "@fontsource", pkg, "files"));
const urlsIn = (css: string) => [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]);
const dependencies = (JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies;

describe("the curated pairs", () => {
  it("are at least twelve, each for weddings, corporate or documentary films, with a distinct id and two distinct curated faces", () => {
    expect(FONT_PAIRS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(FONT_PAIRS.map((p) => p.id)).size).toBe(FONT_PAIRS.length);
    for (const use of PAIR_USES) expect(FONT_PAIRS.filter((p) => p.use === use).length).toBeGreaterThanOrEqual(3);
    for (const pair of FONT_PAIRS) {
      expect(isCuratedFont(pair.heading) && isCuratedFont(pair.body)).toBe(true);
      expect(pair.heading).not.toBe(pair.body);
      expect(pairOf(pair.heading, pair.body)).toBe(pair);
    }
    // Every curated face is used by a pair.
    expect(new Set(FONT_PAIRS.flatMap((p) => [p.heading, p.body]))).toEqual(new Set(CURATED_FONTS));
  });

  it("extend the font values after the specification's fourteen, which stay", () => {
    expect(FONT_VALUES).toEqual([DEFAULT_FONT_CLASS, ...GALLERY_FONTS, ...CURATED_FONTS]);
    expect(new Set(FONT_VALUES).size).toBe(FONT_VALUES.length);
    expect(isCuratedFont("Georgia") || isCuratedFont("constructor") || isCuratedFont(DEFAULT_FONT_CLASS)).toBe(false);
  });
});

describe("the curated faces' files", () => {
  it("are in an installed @fontsource package of the bundled version, a dependency of the app, for every weight and subset named", () => {
    for (const font of CURATED_FONTS) {
      const pkg = curatedPackage(font);
      expect(dependencies[`@fontsource/${pkg}`]).toBeDefined();
      const { version } = JSON.parse(readFileSync(path.join(process.cwd(), "node_modules", "@fontsource", pkg, "package.json"), "utf8")) as { version: string };
      expect(`${pkg}@${version}`).toBe(`${pkg}@${FONTSOURCE_VERSION}`);
      const files = filesOf(pkg);
      for (const w of CURATED_FACES[font].weights) {
        expect(files).toContain(`${pkg}-latin-${w}-normal.woff2`);
        // Latin Extended is bundled exactly where the package has it.
        expect(files.includes(`${pkg}-latin-ext-${w}-normal.woff2`)).toBe(CURATED_FACES[font].latinExt);
      }
    }
  });

  it("are served in Latin and Latin Extended woff2 only, each Latin file under 50 KB", () => {
    const css = fontFaceCss(CURATED_FONTS);
    const served = urlsIn(css).map((u) => path.basename(u));
    expect(served.length).toBeGreaterThanOrEqual(CURATED_FONTS.length * 2);
    for (const file of served) {
      expect(file).toMatch(/^[a-z0-9-]+-latin(-ext)?-(400|700)-normal\.woff2$/);
      expect(BUNDLED_FONT_FILES.get(file)).toMatch(/^@fontsource\//);
      const full = path.join(process.cwd(), "node_modules", BUNDLED_FONT_FILES.get(file)!, "files", file);
      expect(existsSync(full)).toBe(true);
      if (!file.includes("-latin-ext-")) expect(readFileSync(full).length).toBeLessThan(50_000);
    }
    for (const file of BUNDLED_FONT_FILES.keys()) expect(file).toMatch(/-latin(-ext)?-(400|700)-normal\.woff2$/);
  });
});

describe("a gallery in a pair", () => {
  it("draws each face by the custom property its page defines: the bundled family, then the fallback", () => {
    expect(fontFamily("Playfair Display")).toBe("var(--vf-font-Playfair-Display, var(--font-sans))");
    const css = fontFaceCss(["Playfair Display", "Lato"]);
    expect(css).toContain(":root{--vf-font-Playfair-Display:'vf-playfair-display', Georgia, 'Times New Roman', serif;--vf-font-Lato:'vf-lato', ");
    for (const font of CURATED_FONTS) {
      expect(fontFamily(font)).toBe(`var(--vf-font-${font.replace(/ /g, "-")}, var(--font-sans))`);
      expect(fontFaceCss([font])).toContain(`--vf-font-${font.replace(/ /g, "-")}:'vf-${curatedPackage(font)}', `);
    }
  });

  it("declares only its two faces, swapped in, and preloads only the heading's Latin file", () => {
    const css = fontFaceCss(["Playfair Display", "Lato"]);
    expect(new Set(css.match(/font-family:'[^']+'/g))).toEqual(new Set(["font-family:'vf-playfair-display'", "font-family:'vf-lato'"]));
    expect((css.match(/@font-face\{[^}]*\}/g) ?? []).every((r) => r.includes("font-display:swap"))).toBe(true);
    expect(fontPreloads("Playfair Display", "Lato")).toEqual([`/fonts/${FONTSOURCE_VERSION}/playfair-display-latin-700-normal.woff2`]);
    // A display face of one weight serves the semibold headings itself (no synthesised bold) and preloads that weight.
    expect(fontFaceCss(["Great Vibes"])).toContain("font-family:'vf-great-vibes';font-style:normal;font-weight:400 700;");
    expect(fontPreloads("Great Vibes", "Cormorant Garamond")).toEqual([`/fonts/${FONTSOURCE_VERSION}/great-vibes-latin-400-normal.woff2`]);
  });

  it("leaves a gallery on an office font or the default without any curated face", () => {
    for (const font of GALLERY_FONTS) {
      for (const curated of CURATED_FONTS) expect(fontFaceCss([font, DEFAULT_FONT_CLASS])).not.toContain(`--vf-font-${curated.replace(/ /g, "-")}:`);
      const curatedFiles = CURATED_FONTS.map(curatedPackage).filter((p) => !fontFaceCss([font]).includes(`'vf-${p}'`));
      expect(urlsIn(fontFaceCss([font])).some((u) => curatedFiles.some((p) => path.basename(u).startsWith(`${p}-`)))).toBe(false);
    }
    expect(fontFaceCss([DEFAULT_FONT_CLASS])).toBe("");
  });
});
