// The public gallery page in one pass (issue 37 item 2), through the pages' own getStaticProps
// (pages/v/[lang]/g/[slug], pages/v/[lang]/d/[host]/[slug]): one render computes the gallery's
// content (and the studio's branding) once, and the head is derived from it; the head's tags, as
// pages/_document.tsx writes them (components/gallery/gallery-head.tsx), are the ones the page had
// before, for an open gallery, a locked one, an expired one and a page on a studio's own domain.
//
// The counts come from pass-through wrappers around the real functions (the database, the store's
// signing and the page code are all real).
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { galleryContent } from "@/lib/services/public/public-gallery";
import { mediaUrl } from "@/lib/storage/urls";
import { GalleryHeadTags } from "@/components/gallery/gallery-head";
import { fontFaceCss, fontPreloads } from "@/lib/services/galleries/rules/font-faces";
import { VIEWER_CATALOGUES, VIEWER_LANGUAGE_CODES } from "@/lib/viewer-i18n";
import type { PublicGalleryPageProps } from "@/lib/services/public/rules/public-view";
import { getStaticProps as galleryPage } from "@/pages/v/[lang]/g/[slug]";
import { getStaticProps as domainPage } from "@/pages/v/[lang]/d/[host]/[slug]";
import { createFolderWithGallery, createStudio } from "../helpers/factories";

// The wrapper reads the real module lazily (a Proxy, not a copy), and is one function however often
// the factory runs: domain entries load in cycles, so the real module may still be loading when its
// own imports ask for the mock again.
jest.mock("@/lib/services/public/public-gallery", () => {
  const real = jest.requireActual("@/lib/services/public/public-gallery");
  const shared = globalThis as { mockGalleryContent?: jest.Mock };
  const wrapped = (shared.mockGalleryContent ??= jest.fn((...args: unknown[]) => real.galleryContent(...args)));
  return new Proxy(real, { get: (target, key) => (key === "galleryContent" ? wrapped : target[key]) });
});
jest.mock("@/lib/storage/urls", () => {
  const real = jest.requireActual("@/lib/storage/urls");
  return { ...real, mediaUrl: jest.fn(real.mediaUrl) };
});

const contentCalls = galleryContent as jest.MockedFunction<typeof galleryContent>;
const signings = mediaUrl as jest.MockedFunction<typeof mediaUrl>;

// One moment for the renders and the expected signed addresses (they are signed per window).
const NOW = Date.now();
beforeAll(() => jest.spyOn(Date, "now").mockReturnValue(NOW));
afterAll(() => jest.restoreAllMocks());

type Made = Awaited<ReturnType<typeof branded>>;

/** A studio with a name, logo and favicon, and one gallery with two films (the second showcased). */
async function branded(opts: { domain?: boolean } = {}) {
  const studio = await createStudio();
  const domain = opts.domain ? `films-${studio.id.slice(0, 8)}.example.com` : null;
  const logo = `${studio.id}/assets/logo.png`;
  const favicon = `${studio.id}/assets/fav.png`;
  await db.admin.update({ where: { id: studio.id }, data: { companyName: "Lumen & Co Films", companyLogoUrl: logo, companyFaviconUrl: favicon, domainUrl: domain } });
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
  const bg = `${studio.id}/bg.jpg`;
  await db.gallery.update({ where: { id: gallery.id }, data: { subtitle: `Our "wedding" films`, bgImageUrl: bg } });
  await db.video.update({ where: { id: videos[0].id }, data: { thumbnailKey: `${studio.id}/t0.jpg` } });
  await db.video.update({ where: { id: videos[1].id }, data: { thumbnailKey: `${studio.id}/t1.jpg` } });
  await db.showcaseItem.create({ data: { galleryId: gallery.id, videoId: videos[1].id, position: 0 } });
  const base = domain ? `https://${domain}` : env().GALLERY_BASE_URL || `${env().APP_URL}/g`;
  return { studio, gallery, videos, domain, logo, favicon, bg, link: `${base}/${gallery.customUrl}` };
}

/** The page's props, as its getStaticProps answers them (the custom-domain page when the studio has a domain). */
async function render(m: Made, lang = "a-en"): Promise<PublicGalleryPageProps> {
  const result = m.domain ? await domainPage({ params: { lang, host: m.domain, slug: m.gallery.customUrl } }) : await galleryPage({ params: { lang, slug: m.gallery.customUrl } });
  if (!("props" in result)) throw new Error("no page");
  return result.props;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const meta = (attr: "name" | "property", key: string, content: string) => `<meta ${attr}="${key}" content="${esc(content)}"/>`;

/** The head's tags, written out by hand: what the page had before it was computed in one pass. */
function expectedHead(m: Made, h: { description: string; image: string | null; large: boolean }): string {
  const title = m.gallery.title;
  const site = "Lumen & Co Films";
  const image = h.image ? mediaUrl(h.image, { now: NOW })! : null;
  return [
    `<title>${esc(title)}</title>`,
    meta("name", "description", h.description),
    `<meta name="robots" content="noindex, nofollow"/>`,
    `<meta name="googlebot" content="noindex, nofollow"/>`,
    `<link rel="icon" href="${esc(mediaUrl(m.favicon, { now: NOW })!)}"/>`,
    ...VIEWER_LANGUAGE_CODES.map((code) => `<link rel="alternate" hrefLang="${code}" href="${esc(`${m.link}?lang=${code}`)}"/>`),
    `<link rel="alternate" hrefLang="x-default" href="${esc(m.link)}"/>`,
    meta("property", "og:type", "website"),
    meta("property", "og:title", title),
    meta("property", "og:description", h.description),
    meta("property", "og:site_name", site),
    ...(image ? [meta("property", "og:image", image)] : []),
    meta("name", "twitter:card", h.large ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", h.description),
    ...(image ? [meta("name", "twitter:image", image)] : []),
  ].join("");
}

const headHtml = (props: PublicGalleryPageProps) => renderToStaticMarkup(createElement(GalleryHeadTags, { head: props.head }));

beforeEach(() => {
  contentCalls.mockClear();
  signings.mockClear();
});

/** How many times the studio's logo was signed: once per computation of the studio's branding. */
const logoSignings = (m: Made) => signings.mock.calls.filter(([key]) => key === m.logo).length;

describe("one render of the public page", () => {
  it.each([
    ["the gallery host", false],
    ["a studio's own domain", true],
  ])("computes an open gallery's content and its studio's branding once (%s)", async (_, domain) => {
    const m = await branded({ domain });
    const props = await render(m);
    expect(props.view.screen).toBe("gallery");
    expect(contentCalls).toHaveBeenCalledTimes(1);
    expect(logoSignings(m)).toBe(1);
  });

  it.each(["locked", "expired"])("computes the branding of a gallery %s to the page once, and none of its films", async (state) => {
    const m = await branded();
    await db.gallery.update({ where: { id: m.gallery.id }, data: state === "locked" ? { passwordHash: "$argon2id$not-checked-here" } : { expiresAt: new Date(NOW - 1000) } });
    const props = await render(m);
    expect(props.view.screen).toBe(state);
    expect(contentCalls).not.toHaveBeenCalled();
    expect(logoSignings(m)).toBe(1);
  });
});

describe("a closed gallery's page wears its look (issue 39 item 5)", () => {
  it.each(["locked", "expired"])("a gallery %s: the studio's name and logo, the gallery's colours, fonts and signed background at its focal point; nothing of its films", async (state) => {
    const m = await branded();
    const closed = state === "locked" ? { passwordHash: "$argon2id$not-checked-here" } : { expiresAt: new Date(NOW - 1000) };
    await db.gallery.update({ where: { id: m.gallery.id }, data: { ...closed, accentColor: "#c2410c", textColor: "#fde68a", focusX: 20, focusY: 80, fheading: "Garamond", fbody: "Impact" } });
    const props = await render(m);
    if (props.view.screen !== state || props.view.screen === "gallery") throw new Error(`not ${state}`);
    expect(props.view.studio).toEqual({
      name: "Lumen & Co Films",
      logoUrl: mediaUrl(m.logo, { now: NOW }),
      look: { accent: "#c2410c", text: "#fde68a", focus: { x: 20, y: 80 } },
      fonts: { heading: "Garamond", body: "Impact" },
      background: mediaUrl(m.bg, { now: NOW }),
      // The studio's contact (its website and socials: none here), which the expired page shows.
      contact: { websiteUrl: "", socials: { youtube: "", instagram: "", facebook: "" } },
    });
    expect(JSON.stringify(props)).not.toContain("t1.jpg");
  });
});

describe("the public page's head", () => {
  it("an open gallery: its title, subtitle, the first showcased thumbnail, the studio's name and favicon; never indexed", async () => {
    const m = await branded();
    const props = await render(m);
    expect(props.head.lang).toBe("en");
    expect(headHtml(props)).toBe(expectedHead(m, { description: `Our "wedding" films`, image: `${m.studio.id}/t1.jpg`, large: true }));
    // The preview image is the one the page shows.
    expect(props.head.og?.image).toBe(props.view.screen === "gallery" && props.view.state.showcase[0].thumbnail);
  });

  it("an open gallery without a subtitle or thumbnails: 'Films by' the studio and the background, in the page's language", async () => {
    const m = await branded();
    await db.gallery.update({ where: { id: m.gallery.id }, data: { subtitle: "" } });
    await db.video.updateMany({ where: { galleryId: m.gallery.id }, data: { thumbnailKey: null } });
    const fr = await render(m, "a-fr");
    expect(fr.head.lang).toBe("fr");
    const description = VIEWER_CATALOGUES.fr.viewer.filmsBy.replace("{studio}", "Lumen & Co Films");
    expect(headHtml(fr)).toBe(expectedHead(m, { description, image: m.bg, large: true }));

    // No picture at all: a small card without an image.
    await db.gallery.update({ where: { id: m.gallery.id }, data: { bgImageUrl: null } });
    const en = await render(m);
    expect(headHtml(en)).toBe(expectedHead(m, { description: VIEWER_CATALOGUES.en.viewer.filmsBy.replace("{studio}", "Lumen & Co Films"), image: null, large: false }));
  });

  it("a locked gallery: its title and the studio's logo only, nothing of its films", async () => {
    const m = await branded();
    await db.gallery.update({ where: { id: m.gallery.id }, data: { passwordHash: "$argon2id$not-checked-here" } });
    const props = await render(m);
    expect(headHtml(props)).toBe(expectedHead(m, { description: VIEWER_CATALOGUES.en.viewer.locked, image: m.logo, large: false }));
    expect(headHtml(props)).not.toContain("t1.jpg");
  });

  it("an expired gallery: its title, the expired note and the studio's logo, in the page's language", async () => {
    const m = await branded();
    await db.gallery.update({ where: { id: m.gallery.id }, data: { expiresAt: new Date(NOW - 1000) } });
    const props = await render(m, "a-de");
    expect(props.head.lang).toBe("de");
    expect(headHtml(props)).toBe(expectedHead(m, { description: VIEWER_CATALOGUES.de.viewer.expiredHeading, image: m.logo, large: false }));
  });

  it("a gallery on its studio's own domain: the same tags, its links on that domain", async () => {
    const m = await branded({ domain: true });
    const props = await render(m);
    expect(headHtml(props)).toBe(expectedHead(m, { description: `Our "wedding" films`, image: `${m.studio.id}/t1.jpg`, large: true }));
    expect(m.link).toBe(`https://${m.domain}/${m.gallery.customUrl}`);
  });

  it("a gallery in Garamond and Impact: the bundled faces of those two only, their first files preloaded; its password page the same (it wears the gallery's look)", async () => {
    const m = await branded();
    await db.gallery.update({ where: { id: m.gallery.id }, data: { fheading: "Impact", fbody: "Garamond" } });
    const html = headHtml(await render(m));
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin="anonymous"\/>/g)].map((x) => x[1]);
    expect(preloads).toEqual(fontPreloads("Impact", "Garamond"));
    expect(html).toContain(`<style data-gallery-fonts="">${fontFaceCss(["Impact", "Garamond"])}</style>`);
    expect(new Set(html.match(/font-family:'[^']+'/g))).toEqual(new Set(["font-family:'vf-anton'", "font-family:'vf-eb-garamond'"]));

    await db.gallery.update({ where: { id: m.gallery.id }, data: { passwordHash: "$argon2id$not-checked-here" } });
    const locked = await render(m);
    const lockedPreloads = [...headHtml(locked).matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((x) => x[1]);
    expect(lockedPreloads).toEqual(fontPreloads("Impact", "Garamond"));
    expect(headHtml(locked)).toContain(`<style data-gallery-fonts="">${fontFaceCss(["Impact", "Garamond"])}</style>`);
    expect(locked.view.screen === "locked" && locked.view.studio.fonts).toEqual({ heading: "Impact", body: "Garamond" });
  });

  it("a gallery in a curated pair: the rules of its two faces and their families only, the heading's Latin file alone preloaded", async () => {
    const m = await branded();
    await db.gallery.update({ where: { id: m.gallery.id }, data: { fheading: "Playfair Display", fbody: "Lato" } });
    const html = headHtml(await render(m));
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((x) => x[1]);
    expect(preloads).toEqual([expect.stringMatching(/^\/fonts\/[\d.]+\/playfair-display-latin-700-normal\.woff2$/)]);
    expect(html).toContain(`<style data-gallery-fonts="">${fontFaceCss(["Playfair Display", "Lato"])}</style>`);
    expect(new Set(html.match(/font-family:'[^']+'/g))).toEqual(new Set(["font-family:'vf-playfair-display'", "font-family:'vf-lato'"]));
    expect(html).toContain("--vf-font-Playfair-Display:'vf-playfair-display'");
  });

  it("the props are plain JSON as they are (no undefined, no Date), in every form of the page", async () => {
    const m = await branded();
    const open = await render(m);
    await db.gallery.update({ where: { id: m.gallery.id }, data: { passwordHash: "$argon2id$not-checked-here" } });
    const locked = await render(m);
    await db.gallery.update({ where: { id: m.gallery.id }, data: { passwordHash: null, expiresAt: new Date(NOW - 1000) } });
    const expired = await render(m);
    for (const props of [open, locked, expired]) expect(props).toStrictEqual(JSON.parse(JSON.stringify(props)));
  });
});
