// The gallery fonts' bundled faces (lib/services/galleries/rules/fonts.ts, issue 39 item 5): each of the spec's 14 fonts is
// drawn in the device's own copy, else its bundled open face, else the fallback; a page declares
// only the faces its fonts need; every file it names exists and is what the font route serves.
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { DEFAULT_FONT_CLASS, fontFamily, GALLERY_FONTS } from "@/lib/services/galleries/rules/fonts";
import { BUNDLED_FONT_FILES, fontFaceCss, fontPreloads, FONTSOURCE_VERSION } from "@/lib/services/galleries/rules/font-faces";
import { FONT_VALUES } from "@/lib/services/galleries/rules/font-pairs";
import { GET } from "@/app/fonts/[version]/[file]/route";

const urlsIn = (css: string) => [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]);
const get = (version: string, file: string) => GET(new Request(`http://localhost/fonts/${version}/${file}`), { params: Promise.resolve({ version, file }) });

describe("the family list", () => {
  it("puts the device's font first, then its bundled face, then the fallback, in the custom property the page's rules define", () => {
    expect(fontFamily("Garamond")).toBe("var(--vf-font-Garamond, var(--font-sans))");
    expect(fontFaceCss(["Garamond"])).toContain(":root{--vf-font-Garamond:'Garamond', 'vf-eb-garamond', Baskerville, serif}");
    expect(fontFaceCss(["Impact"])).toMatch(/--vf-font-Impact:'Impact', 'vf-anton', .*sans-serif\}$/);
    for (const font of GALLERY_FONTS) {
      expect(fontFamily(font)).toBe(`var(--vf-font-${font.replace(/ /g, "-")}, var(--font-sans))`);
      expect(fontFaceCss([font])).toMatch(new RegExp(`:root\\{--vf-font-${font.replace(/ /g, "-")}:'${font}', 'vf-[a-z-]+', [^;}]+\\}$`));
    }
  });

  it("keeps the app's sans face for the default and for anything that is not one of the fonts (no face declares its property)", () => {
    expect(fontFamily(DEFAULT_FONT_CLASS)).toBe("var(--font-sans)");
    expect(fontFamily("Comic Sans MS")).toBe("var(--vf-font-Comic-Sans-MS, var(--font-sans))");
    expect(fontFaceCss(["Comic Sans MS"])).toBe("");
  });
});

describe("the @font-face rules", () => {
  it("are empty for the default: a default gallery loads no font file", () => {
    expect(fontFaceCss([DEFAULT_FONT_CLASS, DEFAULT_FONT_CLASS])).toBe("");
    expect(fontPreloads(DEFAULT_FONT_CLASS, DEFAULT_FONT_CLASS)).toEqual([]);
  });

  it("declare only the faces the chosen fonts need, once each, swapped in, by subset", () => {
    const css = fontFaceCss(["Garamond", DEFAULT_FONT_CLASS, "Garamond"]);
    const rules = css.match(/@font-face\{[^}]*\}/g) ?? [];
    expect(rules).toHaveLength(4); // Latin and Latin Extended, 400 and 700
    for (const rule of rules) {
      expect(rule).toContain("font-family:'vf-eb-garamond'");
      expect(rule).toContain("font-display:swap");
      expect(rule).toMatch(/unicode-range:U\+/);
    }
    expect(urlsIn(css).every((u) => u.startsWith(`/fonts/${FONTSOURCE_VERSION}/eb-garamond-`))).toBe(true);
    // Arial and Helvetica share one face.
    expect(new Set(fontFaceCss(["Arial", "Helvetica"]).match(/font-family:'[^']+'/g))).toEqual(new Set(["font-family:'vf-arimo'"]));
  });

  it("write nothing of a value that is not one of the fonts (a stored value never reaches the CSS)", () => {
    expect(fontFaceCss(["x'}body{display:none}", "</style><script>"])).toBe("");
  });

  it("preload the Latin file each font is first drawn in: the heading's bold, the text's regular", () => {
    expect(fontPreloads("Garamond", DEFAULT_FONT_CLASS)).toEqual([`/fonts/${FONTSOURCE_VERSION}/eb-garamond-latin-700-normal.woff2`]);
    expect(fontPreloads("Impact", "Georgia")).toEqual([`/fonts/${FONTSOURCE_VERSION}/anton-latin-400-normal.woff2`, `/fonts/${FONTSOURCE_VERSION}/gelasio-latin-400-normal.woff2`]);
    expect(fontPreloads("Arial", "Helvetica")).toEqual([`/fonts/${FONTSOURCE_VERSION}/arimo-latin-700-normal.woff2`, `/fonts/${FONTSOURCE_VERSION}/arimo-latin-400-normal.woff2`]);
  });
});

describe("the bundled files", () => {
  const all = fontFaceCss(FONT_VALUES);

  it("name only files the route serves, each of an installed package of the version in the address", () => {
    const files = urlsIn(all).map((u) => path.basename(u));
    expect(files.length).toBeGreaterThan(0);
    expect(new Set(files)).toEqual(new Set(BUNDLED_FONT_FILES.keys()));
    for (const [file, pkg] of BUNDLED_FONT_FILES) {
      expect(existsSync(path.join(process.cwd(), "node_modules", pkg, "files", file))).toBe(true);
      const { version } = JSON.parse(readFileSync(path.join(process.cwd(), "node_modules", pkg, "package.json"), "utf8")) as { version: string };
      expect(`${pkg}@${version}`).toBe(`${pkg}@${FONTSOURCE_VERSION}`);
    }
    for (const file of [...BUNDLED_FONT_FILES.keys(), ...fontPreloads("Arial", "Lucida Console")].map((f) => path.basename(f))) expect(BUNDLED_FONT_FILES.has(file)).toBe(true);
  });

  it("are each under 50 KB in Latin (the file a page loads; Latin Extended only where such letters are drawn)", () => {
    for (const [file, pkg] of BUNDLED_FONT_FILES)
      if (file.includes("-latin-4") || file.includes("-latin-7")) expect(readFileSync(path.join(process.cwd(), "node_modules", pkg, "files", file)).length).toBeLessThan(50_000);
  });
});

describe("GET /fonts/<version>/<file>", () => {
  it("serves a listed face as woff2, cached for a year", async () => {
    const res = await get(FONTSOURCE_VERSION, "eb-garamond-latin-400-normal.woff2");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("font/woff2");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 4).toString("latin1")).toBe("wOF2");
  });

  it("answers 404 for another version, an unlisted file or a path out of the fonts", async () => {
    for (const [version, file] of [
      ["5.2.0", "eb-garamond-latin-400-normal.woff2"],
      [FONTSOURCE_VERSION, "eb-garamond-latin-400-italic.woff2"],
      [FONTSOURCE_VERSION, "../package.json"],
      [FONTSOURCE_VERSION, "..%2F..%2Fpackage.json"],
      [FONTSOURCE_VERSION, "constructor"],
    ]) {
      const res = await get(version, file);
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});
