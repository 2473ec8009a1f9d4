// A missing gallery's 404 (issue 39 item 5: lib/services/public/studio-home.ts galleryNotFound, shown by
// components/gallery/gallery-not-found.tsx from app/not-found.tsx). On a studio's verified domain it
// is that studio's branded page offering the galleries its domain home lists — its own, listed and
// unexpired, a locked one with its lock — never another studio's, an unlisted or an expired one,
// and none while the studio is not active. On Vidfolio's gallery host, on a host that is no
// studio's, or for a pending claim, it names no studio. It is read afresh for every request: a
// gallery listed since appears at once. The screen's words are the viewer's language's.
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { galleryNotFound } from "@/lib/services/public/studio-home";
import { GalleryNotFoundScreen } from "@/components/gallery/gallery-not-found";
import type { GalleryNotFoundProps } from "@/lib/page-props/studio-home";
import { VIEWER_CATALOGUES, VIEWER_LANGUAGE_CODES } from "@/lib/viewer-i18n";
import { createFolderWithGallery, createStudio } from "../helpers/factories";

async function studioWithDomain(name = "Northern Light Films") {
  const studio = await createStudio();
  const domain = `nf-${studio.id.slice(0, 8)}.example.test`;
  await db.admin.update({ where: { id: studio.id }, data: { domainUrl: domain, companyName: name } });
  return { studio, domain };
}

async function listedGallery(adminId: string, data: Record<string, unknown> = {}) {
  const { gallery } = await createFolderWithGallery(adminId, { videos: 1 });
  return db.gallery.update({ where: { id: gallery.id }, data: { settingListed: true, ...data } });
}

const html = (page: GalleryNotFoundProps) => renderToStaticMarkup(createElement(GalleryNotFoundScreen, page));
const slugs = (page: GalleryNotFoundProps | null) => page?.galleries.map((g) => g.slug);

it("on a studio's domain: its branding and only its own listed, unexpired galleries (a locked one with its lock), in the viewer's language", async () => {
  const { studio, domain } = await studioWithDomain();
  const listed = await listedGallery(studio.id, { title: "Emma & James" });
  const locked = await listedGallery(studio.id, { title: "Private ceremony", passwordHash: await hashPassword("a-gallery-pass"), createdAt: new Date(Date.now() + 1000) });
  const unlisted = await listedGallery(studio.id, { title: "Unlisted secret", settingListed: false });
  const expired = await listedGallery(studio.id, { title: "Expired secret", expiresAt: new Date(Date.now() - 1000) });
  const other = await studioWithDomain("Another Studio");
  const theirs = await listedGallery(other.studio.id, { title: "Their gallery" });

  const page = await galleryNotFound(`/v/a-fr/d/${domain}/no-such-gallery`);
  expect(page?.studio?.name).toBe("Northern Light Films");
  expect(page?.locale.lang).toBe("fr");
  expect(slugs(page)).toEqual([locked.customUrl, listed.customUrl]);
  expect(page?.galleries[0]).toMatchObject({ locked: true, films: 0 });

  const out = html(page!);
  expect(out).toContain(VIEWER_CATALOGUES.fr.galleryNotFound);
  expect(out).toContain("Northern Light Films");
  expect(out).toContain(`href="/${listed.customUrl}"`);
  expect(out).toContain(VIEWER_CATALOGUES.fr.studioHomeLocked);
  for (const hidden of [unlisted.title, expired.title, theirs.title, "Another Studio"]) expect(out).not.toContain(hidden);
  // Nothing of Vidfolio's: every link is to one of the studio's galleries or to this page in another language.
  const hrefs = [...out.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
  expect(hrefs.filter((h) => !h.startsWith("?lang=")).sort()).toEqual([`/${listed.customUrl}`, `/${locked.customUrl}`].sort());
  expect(out.toLowerCase()).not.toContain("vidfolio");

  // The other studio's domain lists the other studio's gallery only; any other path of the domain is the same 404.
  expect(slugs(await galleryNotFound(`/v/en/d/${other.domain}/${listed.customUrl}`))).toEqual([theirs.customUrl]);
  expect(slugs(await galleryNotFound(`/v/en/d/${encodeURIComponent(domain.toUpperCase())}/studio/galleries`))).toEqual([locked.customUrl, listed.customUrl]);
});

it("a studio that is not active keeps its name on its domain's 404 and offers no gallery", async () => {
  const { studio, domain } = await studioWithDomain();
  const g = await listedGallery(studio.id, { title: "Listed while active" });
  await db.admin.update({ where: { id: studio.id }, data: { status: "NOT_ACTIVE" } });
  const page = (await galleryNotFound(`/v/a-en/d/${domain}/${g.customUrl}`))!;
  expect(page.studio?.name).toBe("Northern Light Films");
  expect(page.galleries).toEqual([]);
  const out = html(page);
  expect(out).not.toContain("Listed while active");
  expect(out).toContain(VIEWER_CATALOGUES.en.studioHomeEmpty);
});

it("on Vidfolio's gallery host, an unknown host or a pending claim: a neutral page naming no studio, in the viewer's language", async () => {
  const { studio, domain } = await studioWithDomain();
  await listedGallery(studio.id, { title: "Listed gallery" });
  const claimed = await studioWithDomain("Claiming Studio");
  await db.admin.update({ where: { id: claimed.studio.id }, data: { domainUrl: null, domainClaim: claimed.domain, domainClaimedAt: new Date() } });
  await listedGallery(claimed.studio.id, { title: "Claimed gallery" });

  for (const lang of VIEWER_LANGUAGE_CODES) {
    const page = (await galleryNotFound(`/v/${lang}/g/no-such-gallery`))!;
    expect(page).toMatchObject({ studio: null, galleries: [] });
    expect(page.locale.lang).toBe(lang);
    const out = html(page);
    expect(out).toContain(VIEWER_CATALOGUES[lang].galleryNotFound);
    expect(out).toContain(VIEWER_CATALOGUES[lang].galleryNotFoundHint);
    expect([...out.matchAll(/href="([^"]*)"/g)].every((m) => m[1].startsWith("?lang="))).toBe(true);
  }
  for (const route of ["/v/a-en/d/nobody.example.test/x", `/v/a-en/d/${claimed.domain}/x`]) expect(await galleryNotFound(route)).toMatchObject({ studio: null, galleries: [] });
  const neutral = html((await galleryNotFound(`/v/a-en/d/${claimed.domain}/x`))!);
  for (const hidden of ["Northern Light Films", "Claiming Studio", "Listed gallery", "Claimed gallery", domain]) expect(neutral).not.toContain(hidden);
});

it("is read for every request: a gallery listed after a miss is offered on the next one", async () => {
  const { studio, domain } = await studioWithDomain();
  const route = `/v/a-en/d/${domain}/later-gallery`;
  expect(slugs(await galleryNotFound(route))).toEqual([]);
  const g = await listedGallery(studio.id);
  expect(slugs(await galleryNotFound(route))).toEqual([g.customUrl]);
});

it("names nothing for a route that is not a viewer's (the app's own 404)", async () => {
  for (const route of [null, undefined, "", "/studio/galleries", "/v/en", "/g/emma"]) expect(await galleryNotFound(route)).toBeNull();
});
