// Issue 39 item 8, the smaller faults, in the browser: the uploads panel and the editor's live
// preview, the DNS records' copy buttons, the public gallery's grids (faults 1–8); the editor's
// names, the outbox's HTML, the gallery's music button, grid width and Share (faults 9–11).
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { en } from "../../lib/viewer-i18n/en";
import { randomBytes } from "node:crypto";
import { tokenHash } from "../../lib/auth/guest-link";
import { hashPassword } from "../../lib/auth/password";
import { createAccount, db, expectPath, seedGallery, seedReadyVideo, signIn, signInByApi, SUPERADMIN } from "./support";

const SHOTS = path.resolve("test-results");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const MB = 1024 * 1024;

async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error("not on screen");
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

async function pickClip(page: Page, name: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await (await chooser).setFiles([{ name, mimeType: "video/mp4", buffer: Buffer.alloc(MB, 7) }]);
}

/** A studio on its gallery's videos page at `viewport`, one upload running (its part held in the store's doorway). */
async function uploading(page: Page, viewport: { width: number; height: number }) {
  const studio = await createAccount({ creditBytes: BigInt(500 * MB) });
  await signInByApi(page, studio.email);
  const { gallery } = await seedGallery(studio.id);
  await page.route(/[?&]partNumber=\d+/, () => new Promise(() => {}));
  await page.setViewportSize(viewport);
  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await pickClip(page, "held.mp4");
  const tray = page.getByTestId("upload-tray");
  await expect(tray.getByTestId("upload-bar")).toHaveAttribute("data-state", "uploading");
  return { tray, preview: page.getByTestId("preview-box") };
}

test("the uploads panel never covers the editor's live preview at 1440 px: docked at the bottom left", async ({ page }) => {
  const { tray, preview } = await uploading(page, DESKTOP);
  await expect(preview).toBeVisible();
  expect(await overlap(tray, preview)).toBe(false);
  await page.screenshot({ path: path.join(SHOTS, "uploads-panel-editor-desktop.png") });
});

test("the uploads panel never covers the editor's live preview at 390 px: it folds when the preview comes into view", async ({ page }) => {
  const { tray, preview } = await uploading(page, PHONE);
  await page.getByRole("link", { name: new RegExp(TEXTS.showPreview) }).click();
  await expect(tray.getByRole("button", { name: "Show uploads" })).toHaveAttribute("aria-expanded", "false");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await overlap(tray, preview)).toBe(false);
  await page.screenshot({ path: path.join(SHOTS, "uploads-panel-editor-phone.png") });
  // It opens again on demand.
  await tray.getByRole("button", { name: "Show uploads" }).click();
  await expect(tray.getByTestId("upload-bar")).toBeVisible();
});

test("the DNS records have copy buttons that copy the record and say so", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const studio = await createAccount();
  await db().admin.update({ where: { id: studio.id }, data: { domainClaim: "copy-test.localhost", domainClaimedAt: new Date(), domainToken: `tok${Date.now()}` } });
  await signInByApi(page, studio.email);
  await page.setViewportSize(DESKTOP);
  await page.goto("/studio/account/domainsetting");
  const { domainToken } = await db().admin.findUniqueOrThrow({ where: { id: studio.id } });
  await page.getByRole("button", { name: TEXTS.domain.copyRecord("TXT", "value") }).click();
  await expect(page.getByText(TEXTS.domain.recordCopied("TXT", "value"))).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`vidfolio-verification=${domainToken}`);
  // Keyboard: Tab to a button and Enter copies too.
  await page.getByRole("button", { name: TEXTS.domain.copyRecord("CNAME", "name") }).focus();
  await page.keyboard.press("Enter");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("copy-test.localhost");
  for (const type of ["CNAME", "TXT"]) for (const part of ["name", "value"] as const) await expect(page.getByRole("button", { name: TEXTS.domain.copyRecord(type, part) })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "domain-records-copy-desktop.png"), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SHOTS, "domain-records-copy-phone.png"), fullPage: true });
});

test("each film appears once: the Show Case under Featured films, the others under All films; without one, a single list", async ({ page }) => {
  const studio = await createAccount();
  const titles = ["Ceremony", "First Dance", "Speeches", "Party"];
  /** A gallery of the four films, `showcased` (by title) in its Show Case. */
  async function gallery(...showcased: string[]) {
    const { folder, gallery } = await seedGallery(studio.id);
    for (const title of titles) {
      const film = await db().video.create({ data: { title, storageKey: `${studio.id}/${folder.id}/${gallery.id}/${title}.mp4`, galleryId: gallery.id, adminId: studio.id, status: "READY" } });
      if (showcased.includes(title)) await db().showcaseItem.create({ data: { galleryId: gallery.id, videoId: film.id, position: showcased.indexOf(title) } });
    }
    return gallery.customUrl;
  }
  const featured = page.getByRole("region", { name: en.gallery.featuredFilms });
  const all = page.getByRole("region", { name: en.gallery.allFilms });
  const cards = page.getByTestId("gallery-video");
  const eachOnce = async () => {
    await expect(cards).toHaveCount(4);
    for (const title of titles) await expect(cards.filter({ hasText: title })).toHaveCount(1);
  };
  // An empty Show Case: one list, each film once, no Featured films.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/g/${await gallery()}`);
  await expect(all.getByTestId("gallery-video")).toHaveCount(4);
  await expect(featured).toHaveCount(0);
  await eachOnce();
  await page.screenshot({ path: path.join(SHOTS, "gallery-one-list-desktop.png"), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SHOTS, "gallery-one-list-phone.png"), fullPage: true });
  // One showcased film: it alone featured, the three others under All films.
  await page.goto(`/g/${await gallery("Party")}`);
  await expect(featured.getByTestId("gallery-video")).toHaveText([/Party/]);
  await expect(all.getByTestId("gallery-video")).toHaveCount(3);
  await expect(all.getByTestId("gallery-video").filter({ hasText: "Party" })).toHaveCount(0);
  await eachOnce();
  await page.screenshot({ path: path.join(SHOTS, "gallery-showcase-phone.png"), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(SHOTS, "gallery-showcase-desktop.png"), fullPage: true });
});

test("the editor names each section once: the side bar's link is the section's heading; the Show Case is named alike everywhere", async ({ page }) => {
  const studio = await createAccount();
  await signInByApi(page, studio.email);
  const { folder, gallery } = await seedGallery(studio.id);
  await db().video.create({ data: { title: "Ceremony", storageKey: `${studio.id}/${folder.id}/${gallery.id}/c.mp4`, galleryId: gallery.id, adminId: studio.id, status: "READY" } });
  await page.setViewportSize(DESKTOP);
  await page.goto(`/studio/galleries/${gallery.id}/heading`);
  const nav = page.getByRole("navigation", { name: "Gallery sections" });
  // Videos is headed 'folder name | gallery name' (spec §2); every other link names its heading.
  for (const name of (await nav.getByRole("link").allInnerTexts()).slice(1)) {
    await nav.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  }
  const showcase = TEXTS.gallerySections.linkmediamain;
  await nav.getByRole("link", { name: showcase }).click();
  await expect(page.getByRole("heading", { level: 1, name: showcase })).toBeVisible();
  await expect(page.getByText(TEXTS.showcase.empty)).toBeVisible();
  await page.getByRole("button", { name: TEXTS.addMedia }).click();
  const dialog = page.getByRole("dialog", { name: TEXTS.selectMedia });
  await dialog.getByRole("checkbox", { name: /Ceremony/ }).click();
  await dialog.getByRole("button", { name: `Add to ${showcase}` }).click();
  await expect(page.getByRole("list", { name: `${showcase} order` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Remove Ceremony from the ${showcase}` })).toBeVisible();
  await expect(page.getByText(/Linked Media/i)).toHaveCount(0);
  await page.screenshot({ path: path.join(SHOTS, "editor-show-case-desktop.png"), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SHOTS, "editor-show-case-phone.png"), fullPage: true });
});

test("the outbox shows a mail's HTML as sent in a frame that runs nothing, and its plain text on demand", async ({ page }) => {
  const tag = `outbox-${Date.now()}`;
  const hostile =
    '<h1 id="m" style="color:#b45309">Your films are ready</h1><p><a href="https://app.example/g/x?k=SECRET1">Open</a></p>' +
    '<script>document.getElementById("m").textContent = "SCRIPT RAN"</script>' +
    "<img src=\"nope\" onerror=\"document.getElementById('m').textContent = 'ONERROR RAN'\">";
  await db().mailMessage.create({
    data: { to: `${tag}@example.test`, subject: `Ready ${tag}`, html: hostile, text: "Your films are ready: https://app.example/g/x?k=SECRET1", provider: "outbox", status: "SENT" },
  });
  await signIn(page, SUPERADMIN.email, SUPERADMIN.password, "/vidfolio-superadmin/login");
  await expectPath(page, "/vidfolio-superadmin/clientdata");
  await page.setViewportSize(DESKTOP);
  await page.goto(`/vidfolio-superadmin/mail?q=${tag}`);
  const mail = page.getByTestId("mail-row");
  await mail.locator("summary").click();
  await expect(mail.getByRole("tab", { name: TEXTS.outbox.html })).toHaveAttribute("aria-selected", "true");
  const frame = mail.getByTestId("mail-html");
  await expect(frame).toHaveAttribute("sandbox", "");
  const body = page.frameLocator('[data-testid="mail-html"]');
  await expect(body.locator("#m")).toHaveText("Your films are ready");
  await expect(body.getByRole("link", { name: "Open" })).toHaveAttribute("href", "https://app.example/g/x?k=…");
  // The script and the broken image's handler had their chance: nothing ran.
  await page.waitForTimeout(300);
  await expect(body.locator("#m")).toHaveText("Your films are ready");
  await page.screenshot({ path: path.join(SHOTS, "outbox-html-desktop.png"), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SHOTS, "outbox-html-phone.png"), fullPage: true });
  // The plain text, by keyboard.
  await mail.getByRole("tab", { name: TEXTS.outbox.html }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(mail.getByRole("tab", { name: TEXTS.outbox.text })).toHaveAttribute("aria-selected", "true");
  await expect(mail.locator("pre")).toHaveText("Your films are ready: https://app.example/g/x?k=…");
});

/** A public gallery of five films with thumbnails and a track whose stored name is a raw file name. */
async function musicGallery() {
  const studio = await createAccount();
  await db().admin.update({ where: { id: studio.id }, data: { companyName: "Golden Hour Films" } });
  const { folder, gallery } = await seedGallery(studio.id);
  const films = [];
  for (const title of ["Ceremony", "First Dance", "Speeches", "Party", "Highlights"]) films.push(await seedReadyVideo(studio.id, folder.id, gallery.id, title));
  await db().gallery.update({ where: { id: gallery.id }, data: { musicUrl: films[0].storageKey, musicName: "FINAL_mix_v3_2026-06-14_master.mp3" } });
  return { gallery };
}

test("the music button says what it does, never the file's name, and covers no film at 390 px wherever the page is scrolled", async ({ page }) => {
  const { gallery } = await musicGallery();
  await page.setViewportSize(PHONE);
  await page.goto(`/g/${gallery.customUrl}`);
  const button = page.getByRole("button", { name: en.gallery.playMusic });
  await expect(button).toBeVisible();
  await expect(button).not.toContainText("FINAL_mix");
  await expect(page.getByText("FINAL_mix_v3_2026-06-14_master.mp3")).toHaveCount(0);
  const box = (await button.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: path.join(SHOTS, "gallery-music-phone.png") });
  const cards = page.getByTestId("gallery-video");
  // No Show Case: one list, each film once.
  await expect(cards).toHaveCount(5);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 250) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    for (const covered of [page.getByTestId("gallery-title"), page.getByTestId("gallery-actions"), ...(await cards.all())]) {
      if (await button.isVisible()) expect(await overlap(button, covered), `scrolled to ${y}`).toBe(false);
    }
  }
  // It plays and pauses, by keyboard too.
  await page.evaluate(() => window.scrollTo(0, 0));
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: en.gallery.pauseMusic })).toBeVisible();
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole("button", { name: en.gallery.pauseMusic })).toHaveText(en.gallery.pauseMusic);
  await page.screenshot({ path: path.join(SHOTS, "gallery-music-desktop.png") });
});

test("the films use a wide screen: All films four to a row, the grids at least 90 % of 1440 px and 75 % of 1920 px", async ({ page }) => {
  const { gallery } = await musicGallery();
  for (const width of [1440, 1920]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto(`/g/${gallery.customUrl}`);
    const grid = page.getByRole("region", { name: en.gallery.allFilms }).getByTestId("gallery-videos");
    const cards = grid.getByTestId("gallery-video");
    await expect(cards).toHaveCount(5);
    const box = (await grid.boundingBox())!;
    expect(box.width / width, `at ${width} px`).toBeGreaterThanOrEqual(width === 1440 ? 0.9 : 0.75);
    const tops = await Promise.all((await cards.all()).map(async (c) => Math.round((await c.boundingBox())!.y)));
    expect(tops.filter((t) => t === tops[0])).toHaveLength(4);
    await grid.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `gallery-grid-${width}.png`) });
  }
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SHOTS, "gallery-grid-phone.png"), fullPage: true });
});

test("Share on a password gallery says the link needs the password, and a guest who came by a personal link shares the gallery's link, not theirs", async ({ browser }) => {
  const studio = await createAccount();
  const open = (await seedGallery(studio.id)).gallery;
  const { folder, gallery } = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  await db().gallery.update({ where: { id: gallery.id }, data: { passwordHash: await hashPassword("lake como please") } });
  const token = randomBytes(32).toString("base64url");
  await db().galleryInvite.create({ data: { galleryId: gallery.id, adminId: studio.id, name: "Anna", email: "anna@example.com", salt: "x", tokenHash: tokenHash(token) } });
  const context = await browser.newContext({ viewport: PHONE });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  // An open gallery's Share says only that the link was copied.
  await page.goto(`/g/${open.customUrl}`);
  await page.getByRole("button", { name: en.gallery.share }).click();
  await expect(page.getByTestId("share-status")).toHaveText(en.linkCopied);

  // A guest in by a personal link: the gallery's own link is shared, with the note.
  await page.goto(`/g/${gallery.customUrl}?k=${token}`);
  await expect(page.getByText("Ceremony").first()).toBeVisible();
  await page.getByRole("button", { name: en.gallery.share }).click();
  await expect(page.getByTestId("share-status")).toHaveText(`${en.linkCopied} ${en.gallery.sharePasswordNote}`);
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toBe(new URL(`/g/${gallery.customUrl}`, page.url()).href);
  expect(shared).not.toContain(token);
  await page.screenshot({ path: path.join(SHOTS, "gallery-share-password-phone.png") });
  await page.setViewportSize(DESKTOP);
  await page.getByRole("button", { name: en.gallery.share }).click();
  await expect(page.getByTestId("share-status")).toContainText(en.gallery.sharePasswordNote);
  await page.screenshot({ path: path.join(SHOTS, "gallery-share-password-desktop.png") });
  await context.close();
});
