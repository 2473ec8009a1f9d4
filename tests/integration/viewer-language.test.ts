/**
 * The public gallery page in the viewer's language (issue 22 item 3), as its getStaticProps answers
 * it for each language route (`/v/<segment>/…`, lib/viewer-i18n/language.cjs): the browser's language
 * unless the studio fixed one, the guest's ?lang= choice over both; only that language's catalogue
 * in the props; the head (lang, hreflang, the link preview's description) in it too; the studio's
 * domain home page likewise.
 */
import { db } from "@/lib/db";
import { findGallery } from "@/lib/services/access/open-gallery";
import { publicGalleryPageProps } from "@/lib/services/public/public-page";
import { studioHome } from "@/lib/services/public/studio-home";
import { VIEWER_CATALOGUES } from "@/lib/viewer-i18n";
import type { PublicGalleryPageProps } from "@/lib/services/public/rules/public-view";
import { createFolderWithGallery, createStudio } from "../helpers/factories";

async function pageIn(customUrl: string, segment: string): Promise<PublicGalleryPageProps> {
  const result = publicGalleryPageProps(await findGallery(customUrl), segment);
  if (!("props" in result)) throw new Error("no page");
  return result.props as PublicGalleryPageProps;
}

describe("the public gallery page's language", () => {
  it("follows the browser by default, the studio's fixed language over it, the guest's choice over both", async () => {
    const studio = await createStudio();
    const { gallery } = await createFolderWithGallery(studio.id, { videos: 1 });
    expect(gallery.settingLanguage).toBe("auto");

    const fr = await pageIn(gallery.customUrl, "a-fr");
    expect(fr.locale.lang).toBe("fr");
    expect(fr.locale.texts).toEqual(VIEWER_CATALOGUES.fr);
    expect(fr.head.lang).toBe("fr");
    expect(fr.head.description).toBe(VIEWER_CATALOGUES.fr.viewer.filmsBy.replace("{studio}", studio.companyName || studio.name));
    // Only its own language travels with the page.
    expect(JSON.stringify(fr)).not.toContain(VIEWER_CATALOGUES.en.viewer.privacyNote);
    expect(JSON.stringify(fr)).not.toContain(VIEWER_CATALOGUES.de.viewer.privacyNote);
    expect((await pageIn(gallery.customUrl, "a-en")).locale.lang).toBe("en");
    expect((await pageIn(gallery.customUrl, "es")).locale.lang).toBe("es");

    await db.gallery.update({ where: { id: gallery.id }, data: { settingLanguage: "de" } });
    expect((await pageIn(gallery.customUrl, "a-fr")).locale.lang).toBe("de");
    expect((await pageIn(gallery.customUrl, "a-en")).head.lang).toBe("de");
    expect((await pageIn(gallery.customUrl, "it")).locale.lang).toBe("it");
  });

  it("links the gallery's page in every language (hreflang) from its delivery link, absolute", async () => {
    const studio = await createStudio();
    const { gallery } = await createFolderWithGallery(studio.id);
    const { alternates } = (await pageIn(gallery.customUrl, "a-en")).head;
    const link = `http://localhost:3000/g/${gallery.customUrl}`;
    expect(alternates).toEqual([...["en", "es", "fr", "de", "it", "pt"].map((l) => ({ hrefLang: l, href: `${link}?lang=${l}` })), { hrefLang: "x-default", href: link }]);
    await db.admin.update({ where: { id: studio.id }, data: { domainUrl: `films-${gallery.id.slice(0, 8)}.example.com` } });
    expect((await pageIn(gallery.customUrl, "a-en")).head.alternates.at(-1)).toEqual({ hrefLang: "x-default", href: `https://films-${gallery.id.slice(0, 8)}.example.com/${gallery.customUrl}` });
  });

  it("says the locked and expired pages in the page's language too (their link preview included)", async () => {
    const studio = await createStudio();
    const { gallery } = await createFolderWithGallery(studio.id);
    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: "x" } });
    const locked = await pageIn(gallery.customUrl, "a-pt");
    expect(locked.view.screen).toBe("locked");
    expect(locked.head.description).toBe(VIEWER_CATALOGUES.pt.viewer.locked);
    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: null, expiresAt: new Date(Date.now() - 1000) } });
    const expired = await pageIn(gallery.customUrl, "a-it");
    expect(expired.view.screen).toBe("expired");
    expect(expired.head.description).toBe(VIEWER_CATALOGUES.it.viewer.expiredHeading);
  });

  it("renders the studio's domain home page in the browser's language or the guest's choice", async () => {
    const studio = await createStudio();
    const domain = `home-${studio.id.slice(0, 8)}.example.com`;
    await db.admin.update({ where: { id: studio.id }, data: { domainUrl: domain } });
    expect((await studioHome(domain, "a-es"))!.locale.lang).toBe("es");
    expect((await studioHome(domain, "de"))!.head.lang).toBe("de");
    expect((await studioHome(domain))!.locale.lang).toBe("en");
  });
});
