// The viewer in the guest's language (issue 22 item 3), in Chromium against the production build:
// a French browser gets the whole gallery, its theater and Vidstack's controls in French with no
// English text left (every text node and label of the page compared with the English catalogue);
// the studio's fixed language wins over the browser, the switcher (?lang=) over both; the locked
// and expired pages follow; the page cache keeps each language's page apart and a save expires them
// all; `lang`, hreflang and `Vary: Accept-Language` are right. Screenshots of French and German pages.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { en } from "../../lib/viewer-i18n/en";
import { fr } from "../../lib/viewer-i18n/fr";
import { de } from "../../lib/viewer-i18n/de";
import { es } from "../../lib/viewer-i18n/es";
import { VIEWER_CATALOGUES } from "../../lib/viewer-i18n";
import { TEXTS } from "../../lib/texts";
import { hashPassword } from "../../lib/auth/password";
import { db, seedGallery, seedReadyVideo, signInNewStudio } from "./support";

/** Every text of a catalogue (plural forms and templates included), flattened. */
function textsOf(catalogue: object): string[] {
  return Object.values(catalogue).flatMap((v) => (typeof v === "string" ? [v] : textsOf(v as object)));
}

/**
 * The English a page must not show when it is in another language: every English text that the
 * other catalogue does not share (words such as "Volume" or "Auto" are the same in both), as the
 * fixed parts of its template (`Play {title}` → "Play").
 */
function englishOnly(other: object): string[] {
  const theirs = new Set(textsOf(other));
  return [
    ...new Set(
      textsOf(en)
        .filter((s) => !theirs.has(s))
        .flatMap((s) => s.split(/\{\w+\}/).map((p) => p.trim())),
    ),
  ].filter((p) => p.length >= 2 && !theirs.has(p));
}

/** Every text the page (or a part of it) shows or says: text nodes, and labels, titles, alternatives. */
const shown = (page: Page, scope = "body") =>
  page
    .locator(scope)
    .first()
    .evaluate((root) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
        acceptNode: (n) => (n.parentElement?.closest("script, style, template") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
      });
      while (walker.nextNode()) {
        const t = walker.currentNode.textContent?.trim();
        if (t) out.push(t);
      }
      for (const el of root.querySelectorAll("[aria-label], [title], [placeholder], [alt], [aria-valuetext]")) {
        for (const a of ["aria-label", "title", "placeholder", "alt", "aria-valuetext"]) {
          const v = el.getAttribute(a)?.trim();
          if (v) out.push(v);
        }
      }
      return out;
    });

/** The English texts found among what the page shows: a short one as a whole text, a sentence anywhere. */
function englishIn(texts: string[], other: object): string[] {
  const found = new Set<string>();
  for (const e of englishOnly(other)) {
    for (const t of texts) if (t === e || (e.length >= 12 && t.includes(e))) found.add(e);
  }
  return [...found];
}

async function viewerIn(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  return { context, page: await context.newPage() };
}

test("a French browser gets the gallery, the theater and the player in French, with no English left", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  const expiresAt = new Date(Date.UTC(2031, 2, 12, 12));
  await db().gallery.update({ where: { id: gallery.id }, data: { expiresAt } });
  const first = await seedReadyVideo(studio.id, folder.id, gallery.id, "Cérémonie");
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Soirée");
  await db().chapter.create({ data: { videoId: first.id, title: "Les vœux", cueSeconds: 5 } });

  const { context, page: viewer } = await viewerIn(browser, "fr-FR");
  const res = await viewer.goto(`/g/${gallery.customUrl}`);
  expect(res?.headers()["vary"] ?? "").toMatch(/accept-language/i);
  await expect(viewer.locator("html")).toHaveAttribute("lang", "fr");
  await expect(viewer.getByRole("heading", { name: fr.gallery.allFilms })).toBeVisible();
  await expect(viewer.getByRole("button", { name: fr.gallery.playAll })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Lire Cérémonie" })).toBeVisible();
  await expect(viewer.getByText("1 chapitre", { exact: true })).toBeVisible();
  await expect(viewer.getByTestId("available-until")).toHaveText("Disponible jusqu'au 12 mars 2031");
  // hreflang: the gallery's link in each language, and the link itself for the browser's choice.
  const alternates = await viewer.locator("link[rel=alternate]").evaluateAll((links) => links.map((l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`));
  expect(alternates).toHaveLength(7);
  expect(alternates).toContainEqual(expect.stringMatching(new RegExp(`^fr https?://.+/${gallery.customUrl}\\?lang=fr$`)));
  expect(alternates).toContainEqual(expect.stringMatching(new RegExp(`^x-default https?://.+/${gallery.customUrl}$`)));
  await expect(viewer.getByTestId("language-switcher").getByRole("link", { name: "Français" })).toHaveAttribute("aria-current", "true");
  expect(englishIn(await shown(viewer), fr)).toEqual([]);
  await viewer.screenshot({ path: test.info().outputPath("gallery-fr.png"), fullPage: true });

  // The theater: its buttons, the chapters, and Vidstack's own controls and menus.
  await viewer.getByRole("button", { name: "Lire Cérémonie" }).click();
  const theater = viewer.getByTestId("theater");
  await expect(theater.getByRole("button", { name: fr.theater.next })).toBeVisible();
  await expect(theater.getByTestId("theater-position")).toHaveText(/^[12] sur 2$/);
  await expect(theater.getByRole("navigation", { name: fr.theater.chapters })).toBeVisible();
  await expect(theater.getByRole("button", { name: fr.theater.connectTv })).toBeVisible();
  // Paused, with the controls shown: Vidstack's buttons and menus speak French.
  await expect(theater.locator("video")).toHaveJSProperty("readyState", 4, { timeout: 15_000 });
  await theater.locator("video").evaluate((v: HTMLVideoElement) => v.pause());
  await theater.getByTestId("video-player").hover();
  await expect(theater.getByRole("button", { name: fr.player.Play, exact: true })).toBeVisible();
  await expect(theater.getByRole("button", { name: fr.player.Settings, exact: true })).toBeVisible();
  await expect(theater.getByRole("button", { name: fr.player["Enter Fullscreen"], exact: true })).toBeVisible();
  const inTheater = await shown(viewer, "[data-testid=theater]");
  expect(englishIn(inTheater, fr)).toEqual([]);
  await viewer.screenshot({ path: test.info().outputPath("theater-fr.png") });

  // Every other language by the switcher's address: its own texts, and no English left.
  for (const lang of ["es", "de", "it", "pt"] as const) {
    const t = VIEWER_CATALOGUES[lang];
    await viewer.goto(`/g/${gallery.customUrl}?lang=${lang}`);
    await expect(viewer.locator("html")).toHaveAttribute("lang", lang);
    await expect(viewer.getByRole("heading", { name: t.gallery.allFilms })).toBeVisible();
    await expect(viewer.getByRole("button", { name: t.gallery.playAll })).toBeVisible();
    expect([lang, englishIn(await shown(viewer), t)]).toEqual([lang, []]);
  }
  await viewer.goto(`/g/${gallery.customUrl}?lang=en`);
  await expect(viewer.getByRole("heading", { name: en.gallery.allFilms })).toBeVisible();
  await expect(viewer.getByTestId("available-until")).toHaveText("Available until March 12, 2031");
  await context.close();
});

test("the studio's fixed language wins over the browser, the guest's switcher over both; locked and expired pages follow", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Zeremonie");

  // The editor's setting (Settings section), saved at once.
  await page.goto(`/studio/galleries/${gallery.id}/settings`);
  const select = page.getByLabel(TEXTS.viewerLanguage.label);
  await expect(select).toHaveValue("auto");
  await select.selectOption("de");
  await expect.poll(async () => (await db().gallery.findUniqueOrThrow({ where: { id: gallery.id } })).settingLanguage).toBe("de");
  // The editor's preview shows the fixed language at once.
  await expect(page.frameLocator("iframe[title='Gallery preview']").getByRole("button", { name: de.gallery.playAll })).toBeVisible();

  const { context, page: viewer } = await viewerIn(browser, "fr-FR");
  await viewer.goto(`/g/${gallery.customUrl}`);
  await expect(viewer.locator("html")).toHaveAttribute("lang", "de");
  await expect(viewer.getByRole("button", { name: de.gallery.playAll })).toBeVisible();
  expect(englishIn(await shown(viewer), de)).toEqual([]);
  await viewer.screenshot({ path: test.info().outputPath("gallery-de.png"), fullPage: true });

  // The switcher: Spanish, by a plain link (and it stays on that language's page).
  await viewer.getByTestId("language-switcher").getByRole("link", { name: "Español" }).click();
  await expect(viewer).toHaveURL(new RegExp(`/g/${gallery.customUrl}\\?lang=es$`));
  await expect(viewer.locator("html")).toHaveAttribute("lang", "es");
  await expect(viewer.getByRole("heading", { name: es.gallery.allFilms })).toBeVisible();
  await expect(viewer.getByTestId("language-switcher").getByRole("link", { name: "Español" })).toHaveAttribute("aria-current", "true");

  // Locked (the gallery back on the guest's browser): the password form and its refusal in the
  // page's language (the API's own message is English). The settings save expires the page.
  await db().gallery.update({ where: { id: gallery.id }, data: { passwordHash: await hashPassword("secret-123") } });
  expect((await page.request.put(`/api/galleries/gallery/settings/${gallery.id}`, { data: { setting: { language: "auto" } } })).status()).toBe(200);
  await viewer.goto(`/g/${gallery.customUrl}`);
  await expect(viewer.locator("html")).toHaveAttribute("lang", "fr");
  await expect(viewer.getByText(fr.viewer.passwordHeading)).toBeVisible();
  await viewer.getByLabel(fr.viewer.passwordLabel).fill("not-it");
  await viewer.getByRole("button", { name: fr.viewer.unlock }).click();
  await expect(viewer.locator("#gallery-password-error")).toHaveText(fr.viewer.wrongPassword);
  // The locked page has the switcher too.
  await expect(viewer.getByTestId("language-switcher").getByRole("link", { name: "Français" })).toHaveAttribute("aria-current", "true");
  expect(englishIn(await shown(viewer), fr)).toEqual([]);
  await viewer.screenshot({ path: test.info().outputPath("locked-fr.png"), fullPage: true });

  // Expired.
  await db().gallery.update({ where: { id: gallery.id }, data: { passwordHash: null, expiresAt: new Date(Date.now() - 60_000) } });
  await page.request.put(`/api/galleries/gallery/settings/${gallery.id}`, { data: { setting: { language: "auto" } } });
  await viewer.goto(`/g/${gallery.customUrl}`);
  await expect(viewer.getByText(fr.viewer.expiredHeading)).toBeVisible();
  expect(englishIn(await shown(viewer), fr)).toEqual([]);
  await context.close();
});

test("the page cache keeps languages apart, and a save expires every language's page", async ({ page, request }) => {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  const url = `/g/${gallery.customUrl}`;
  const get = async (headers: Record<string, string>, path = url) => {
    const res = await request.get(path, { headers });
    expect(res.status()).toBe(200);
    const html = await res.text();
    return { lang: /<html lang="([^"]+)"/.exec(html)?.[1], front: res.headers()["x-front-cache"], html };
  };
  // Each language twice: the second answer comes from the cache, still in its own language.
  for (let round = 0; round < 2; round++) {
    expect((await get({ "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" })).lang).toBe("fr");
    expect((await get({ "accept-language": "de-DE" })).lang).toBe("de");
    expect((await get({ "accept-language": "ja-JP, en;q=0.3" })).lang).toBe("en");
    expect((await get({ "accept-language": "pt-BR" }, `${url}?lang=it`)).lang).toBe("it");
  }
  const cached = await get({ "accept-language": "fr" });
  expect(cached.lang).toBe("fr");
  expect(cached.html).toContain(fr.gallery.allFilms);
  expect(cached.html).not.toContain(`>${en.gallery.allFilms}<`);

  // The studio fixes the gallery to German: the kept French and English pages are gone at once.
  const saved = await page.request.put(`/api/galleries/gallery/settings/${gallery.id}`, { data: { setting: { language: "de" } } });
  expect(saved.status()).toBe(200);
  expect((await get({ "accept-language": "fr" })).lang).toBe("de");
  expect((await get({ "accept-language": "en" })).lang).toBe("de");
  expect((await get({ "accept-language": "fr" }, `${url}?lang=fr`)).lang).toBe("fr");
  // A language route is never a door of its own.
  expect((await request.get(`/v/a-fr${url}`)).status()).toBe(404);
});
