// The site says what the product does (issue 58 item 5): home and pricing name review and
// approval, pay to unlock, watermarks, versions and every viewer language; every picture they show
// is a real file under public/ whose size is the one its tag declares (width/height, and each srcset
// width), with alt text and async decoding, lazy below the fold; and they stay script-free.
import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import HomePage, { config as homeConfig } from "@/pages/index";
import PricingPage, { config as pricingConfig } from "@/pages/pricing";
import { VIEWER_LANGUAGES } from "@/lib/viewer-i18n/language.cjs";

const ROOT = path.resolve(__dirname, "../..");

const PAGES = [
  { name: "home", html: renderToStaticMarkup(<HomePage />), config: homeConfig },
  { name: "pricing", html: renderToStaticMarkup(<PricingPage />), config: pricingConfig },
];

/** The page's words, without its tags. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** What each of the five features must be called on both pages. */
const FEATURES: Record<string, RegExp[]> = {
  "review and approval": [/\breview\b/i, /\bapprov(e|al)\b/i, /time-coded comments/i, /drawings?\b/i, /request(s)? changes/i],
  "pay to unlock": [/pay to unlock/i, /your own Stripe account/i],
  watermarks: [/watermark/i],
  versions: [/\bversions?\b/i, /side by side/i, /wipe/i],
  languages: [/languages?\b/i],
};

/** The width and height a JPEG's frame header declares (SOF0–SOF15, except DHT/JPG/DAC). */
function jpegSize(file: string): { width: number; height: number } {
  const b = fs.readFileSync(file);
  if (b[0] !== 0xff || b[1] !== 0xd8) throw new Error(`${file} is not a JPEG`);
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) throw new Error(`${file}: a broken marker at ${i}`);
    const marker = b[i + 1];
    const length = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  throw new Error(`${file}: no frame header`);
}

type Img = Record<string, string>;
const imagesOf = (html: string): Img[] =>
  Array.from(html.matchAll(/<img\b([^>]*)>/g), (m) => Object.fromEntries(Array.from(m[1].matchAll(/([a-zA-Z-]+)="([^"]*)"/g), (a) => [a[1].toLowerCase(), a[2].replace(/&amp;/g, "&")])));

const publicFile = (src: string) => {
  expect(src).toMatch(/^\/[\w/.-]+$/);
  return path.join(ROOT, "public", src);
};

describe.each(PAGES)("the $name page", ({ html, config }) => {
  test.each(Object.entries(FEATURES))("names %s", (_, patterns) => {
    const text = textOf(html);
    for (const p of patterns) expect(text).toMatch(p);
  });

  test("names every language of the viewer and the mails", () => {
    const text = textOf(html);
    for (const code of VIEWER_LANGUAGES as readonly string[]) expect(text).toContain(new Intl.DisplayNames(["en"], { type: "language" }).of(code));
  });

  test("every picture is a real file of the size its tag declares, described, decoded off the main path", () => {
    for (const img of imagesOf(html)) {
      expect(img.alt?.trim()).toBeTruthy();
      expect(img.decoding).toBe("async");
      expect(["lazy", "eager"]).toContain(img.loading);
      const width = Number(img.width);
      const height = Number(img.height);
      expect(width).toBeGreaterThan(0);
      expect(jpegSize(publicFile(img.src))).toEqual({ width, height });
      // Each srcset candidate: a real file, as wide as its descriptor says, of the same aspect.
      for (const candidate of (img.srcset ?? "").split(",").filter(Boolean)) {
        const [src, descriptor] = candidate.trim().split(/\s+/);
        const real = jpegSize(publicFile(src));
        expect(`${real.width}w`).toBe(descriptor);
        expect(Math.abs(real.height - (real.width * height) / width)).toBeLessThanOrEqual(1);
      }
    }
  });

  test("is sent without any script", () => {
    expect(config).toEqual({ unstable_runtimeJS: false });
  });
});

test("the home page shows a real screenshot of each feature, each loaded only when scrolled to", () => {
  const imgs = imagesOf(PAGES[0].html).filter((i) => i.src.startsWith("/site/"));
  expect(imgs.map((i) => i.src)).toEqual(["review", "approval", "pay", "watermark", "versions", "languages"].map((id) => `/site/${id}-1200.jpg`));
  for (const img of imgs) expect(img.loading).toBe("lazy");
});

test("the pictures of the site stay light: under 600 KB together", () => {
  const dir = path.join(ROOT, "public", "site");
  const total = fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
  expect(total).toBeLessThan(600 * 1024);
});

test("the marketing components stay server-only (no client component on a script-free page)", () => {
  for (const f of fs.readdirSync(path.join(ROOT, "components", "marketing"))) {
    expect([f, /^\s*["']use client["']/m.test(fs.readFileSync(path.join(ROOT, "components", "marketing", f), "utf8"))]).toEqual([f, false]);
  }
});
