// Issue 39 item 5: the pages a guest meets instead of a gallery wear the studio's branding. A
// mistyped link on a studio's domain is a 404 with the studio's name and the galleries it lists
// (never Vidfolio's home or links, never an unlisted, expired or other studio's gallery), in the
// guest's language; on Vidfolio's gallery host a neutral 404 naming no one; a gallery renamed to the
// mistyped address answers there at once (the cache is expired as for any save); and the expired
// page keeps its status and wears the gallery's colours, fonts and background.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { expect, test, type Page } from "@playwright/test";
import { en } from "../../lib/viewer-i18n/en";
import { fr } from "../../lib/viewer-i18n/fr";
import { TEXTS } from "../../lib/texts";
import { clipFiles, createAccount, db, seedGallery, seedReadyVideo, signInNewStudio, store } from "./support";

const port = Number(process.env.E2E_PORT || 3100);
const SHOTS = path.resolve("test-results/branded-errors");
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };

async function shoot(page: Page, name: string) {
  for (const [label, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
}

/** A background image in the e2e store, under the studio's key space. */
async function storedImage(adminId: string): Promise<string> {
  const { s3, env } = store();
  const key = `${adminId}/bg-${randomUUID().slice(0, 6)}.jpg`;
  await s3.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: key, Body: fs.readFileSync(clipFiles().thumb), ContentType: "image/jpeg" }));
  return key;
}

test("a mistyped link on a studio's domain: its branded 404 offering its listed galleries, in the guest's language; a gallery renamed to it answers at once", async ({ page, browser }) => {
  const studio = await signInNewStudio(page);
  const domain = `err-${studio.id.slice(0, 8)}.localhost`;
  await db().admin.update({ where: { id: studio.id }, data: { companyName: "Golden Hour Films", domainUrl: domain } });
  const listed = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, listed.folder.id, listed.gallery.id, "First dance");
  await db().gallery.update({ where: { id: listed.gallery.id }, data: { title: "Emma & James", settingListed: true } });
  const locked = await seedGallery(studio.id);
  await db().gallery.update({ where: { id: locked.gallery.id }, data: { title: "Private ceremony", settingListed: true, passwordHash: "$argon2id$not-checked-here" } });
  const unlisted = await seedGallery(studio.id);
  await db().gallery.update({ where: { id: unlisted.gallery.id }, data: { title: "Unlisted secret" } });
  const expired = await seedGallery(studio.id);
  await db().gallery.update({ where: { id: expired.gallery.id }, data: { title: "Expired secret", settingListed: true, expiresAt: new Date(Date.now() - 60_000) } });
  const other = await createAccount();
  const theirs = await seedGallery(other.id);
  await db().gallery.update({ where: { id: theirs.gallery.id }, data: { title: "Their gallery", settingListed: true } });

  const context = await browser.newContext({ viewport: SIZES.phone, locale: "en-US" });
  const guest = await context.newPage();
  const onDomain = `http://${domain}:${port}`;
  const mistyped = `later-${studio.id.slice(0, 6)}`;
  // The other studio's gallery is no gallery here either: the same branded 404.
  for (const p of [`/${mistyped}`, `/${theirs.gallery.customUrl}`]) {
    const res = await guest.goto(`${onDomain}${p}`);
    expect(res?.status(), p).toBe(404);
    const notFound = guest.getByTestId("gallery-not-found");
    await expect(notFound.getByRole("heading", { level: 1 })).toHaveText(en.galleryNotFound);
    await expect(notFound).toContainText("Golden Hour Films");
    await expect(guest).toHaveTitle(`${en.galleryNotFound} · Golden Hour Films`);
    const offered = guest.getByTestId("studio-home-galleries").getByRole("link");
    await expect(offered).toHaveCount(2);
    await expect(offered.nth(0)).toContainText("Private ceremony");
    await expect(offered.nth(0)).toContainText(en.studioHomeLocked);
    await expect(offered.nth(1)).toContainText("Emma & James");
    for (const hidden of ["Unlisted secret", "Expired secret", "Their gallery", TEXTS.notFound]) await expect(guest.getByText(hidden)).toHaveCount(0);
    // Nothing of Vidfolio's: every link is a gallery of the studio's or this page in another language.
    const hrefs = await guest.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.filter((h) => !h.startsWith("?lang=")).sort()).toEqual([`/${listed.gallery.customUrl}`, `/${locked.gallery.customUrl}`].sort());
  }
  await shoot(guest, "domain-404");

  // In the guest's language: the switcher's French, and a French browser.
  expect((await guest.goto(`${onDomain}/${mistyped}?lang=fr`))?.status()).toBe(404);
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(fr.galleryNotFound);
  const french = await browser.newContext({ locale: "fr-FR" });
  const frGuest = await french.newPage();
  expect((await frGuest.goto(`${onDomain}/${mistyped}`))?.status()).toBe(404);
  await expect(frGuest.getByRole("heading", { level: 1 })).toHaveText(fr.galleryNotFound);
  await expect(frGuest.getByText(fr.galleryNotFoundHint)).toBeVisible();
  await french.close();

  // A listed gallery offered there opens.
  await guest.goto(`${onDomain}/${mistyped}`);
  await guest.getByRole("link", { name: /Emma & James/ }).click();
  await expect(guest.getByTestId("gallery-title")).toHaveText("Emma & James");

  // The studio renames a gallery to the mistyped address: it answers there at once (the cached 404 is expired with the save).
  const saved = await page.request.put("/api/galleries/update-gallery-title", { data: { galleryId: unlisted.gallery.id, customurl: mistyped } });
  expect(saved.status()).toBe(200);
  const res = await guest.goto(`${onDomain}/${mistyped}`);
  expect(res?.status()).toBe(200);
  await expect(guest.getByTestId("gallery-title")).toHaveText("Unlisted secret");

  // A studio that is not active: its name, and no gallery offered.
  await db().admin.update({ where: { id: studio.id }, data: { status: "NOT_ACTIVE" } });
  expect((await guest.goto(`${onDomain}/no-such-${studio.id.slice(0, 4)}`))?.status()).toBe(404);
  await expect(guest.getByTestId("gallery-not-found")).toContainText("Golden Hour Films");
  await expect(guest.getByTestId("studio-home-empty")).toBeVisible();
  await expect(guest.getByText("Emma & James")).toHaveCount(0);
  await context.close();
});

test("a mistyped link on Vidfolio's gallery host: a neutral 404 naming no studio and selling nothing", async ({ browser }) => {
  const studio = await createAccount();
  await db().admin.update({ where: { id: studio.id }, data: { companyName: "Somebody's Films" } });
  const { gallery } = await seedGallery(studio.id);
  await db().gallery.update({ where: { id: gallery.id }, data: { settingListed: true, title: "Listed somewhere" } });
  const context = await browser.newContext({ locale: "en-US" });
  const guest = await context.newPage();
  const res = await guest.goto(`/g/no-such-${randomUUID().slice(0, 6)}`);
  expect(res?.status()).toBe(404);
  await expect(guest.getByTestId("gallery-not-found").getByRole("heading", { level: 1 })).toHaveText(en.galleryNotFound);
  await expect(guest.getByText(en.galleryNotFoundHint)).toBeVisible();
  await expect(guest).toHaveTitle(en.galleryNotFound);
  for (const hidden of ["Listed somewhere", "Somebody's Films", TEXTS.notFound]) await expect(guest.getByText(hidden)).toHaveCount(0);
  const hrefs = await guest.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.every((h) => h.startsWith("?lang="))).toBe(true);
  await shoot(guest, "gallery-host-404");
  // The app's own pages keep the app's 404.
  expect((await guest.goto("/no-such-page"))?.status()).toBe(404);
  await expect(guest.getByText(TEXTS.notFound)).toBeVisible();
  await context.close();
});

/** A closed gallery of a named studio, in its own look: colours, a heading font, a stored background at a focal point. */
async function closedGallery(closed: { expiresAt: Date } | { passwordHash: string }) {
  const studio = await createAccount();
  await db().admin.update({ where: { id: studio.id }, data: { companyName: "Golden Hour Films" } });
  const { gallery } = await seedGallery(studio.id);
  const bg = await storedImage(studio.id);
  const look = { bgImageUrl: bg, textColor: "#fde68a", accentColor: "#c2410c", fheading: "Garamond", focusX: 30, focusY: 70 };
  return db().gallery.update({ where: { id: gallery.id }, data: { title: "Emma & James", ...look, ...closed } });
}

test("the password page wears the gallery's look: its title's colour and font, the accent on its button, its background", async ({ browser }) => {
  const gallery = await closedGallery({ passwordHash: "$argon2id$not-checked-here" });
  const context = await browser.newContext({ locale: "en-US" });
  const guest = await context.newPage();
  expect((await guest.goto(`/g/${gallery.customUrl}`))?.status()).toBe(200);
  const notice = guest.getByTestId("gallery-locked");
  await expect(notice).toContainText("Golden Hour Films");
  const title = notice.getByRole("heading", { level: 1 });
  await expect(title).toHaveText("Emma & James");
  await expect(title).toHaveCSS("color", "rgb(253, 230, 138)");
  expect(await title.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/garamond/i);
  const unlock = notice.getByRole("button", { name: en.viewer.unlock });
  await expect(unlock).toHaveCSS("background-color", "rgb(194, 65, 12)");
  await expect(unlock).toHaveCSS("color", "rgb(255, 255, 255)");
  await expect(guest.getByTestId("notice-background")).toHaveCSS("object-position", "30% 70%");
  await shoot(guest, "password");
  await context.close();
});

test("the expired page keeps its status and wears the gallery's look: colours, fonts, background", async ({ browser }) => {
  const gallery = await closedGallery({ expiresAt: new Date(Date.now() - 60_000) });
  const context = await browser.newContext({ locale: "en-US" });
  const guest = await context.newPage();
  const res = await guest.goto(`/g/${gallery.customUrl}`);
  expect(res?.status()).toBe(200);
  const notice = guest.getByTestId("gallery-expired");
  await expect(notice).toContainText("Golden Hour Films");
  await expect(notice.getByText(en.viewer.expiredHeading)).toBeVisible();
  const title = notice.getByRole("heading", { level: 1 });
  await expect(title).toHaveText("Emma & James");
  await expect(title).toHaveCSS("color", "rgb(253, 230, 138)");
  expect(await title.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/garamond/i);
  const background = guest.getByTestId("notice-background");
  await expect(background).toHaveCSS("object-position", "30% 70%");
  await expect.poll(() => background.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shoot(guest, "expired");
  await context.close();
});
