// Personal guest links (issue 21), against the production server and its front cache: the studio adds
// a guest in the editor and copies the link; a fresh browser opens the password-protected gallery by
// that link without the password, and the address bar loses `k`; once the studio revokes, the
// guest's reload shows the locked page and the link says it no longer works.
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { guestMailTexts } from "../../lib/mail/guest-texts";
import { hashPassword } from "../../lib/auth/password";
import { db, seedGallery, signInNewStudio } from "./support";

const PHONE = { width: 390, height: 844 };

test("a guest's personal link opens a locked gallery without the password until the studio revokes it", async ({ page, browser }) => {
  const studio = await signInNewStudio(page);
  await db().admin.update({ where: { id: studio.id }, data: { companyName: "Golden Hour Films" } });
  const { folder, gallery } = await seedGallery(studio.id);
  await db().video.create({ data: { title: "Secret ceremony film", storageKey: `${studio.id}/${folder.id}/${gallery.id}/film.mp4`, galleryId: gallery.id, adminId: studio.id, status: "READY" } });
  await db().gallery.update({ where: { id: gallery.id }, data: { passwordHash: await hashPassword("lake como please") } });

  // The studio adds a guest and copies the link.
  await page.goto(`/studio/galleries/${gallery.id}/guests`);
  const panel = page.getByTestId("guests-panel");
  await expect(panel.getByText(TEXTS.guests.empty)).toBeVisible();
  await panel.getByLabel(TEXTS.guests.nameLabel).fill("Anna Berg");
  await panel.getByLabel(TEXTS.guests.emailLabel).fill("Anna@Example.com");
  await panel.getByLabel(TEXTS.guests.mayDownloadLabel).check();
  await panel.getByRole("button", { name: TEXTS.guests.add }).last().click();
  const row = panel.getByTestId("guest-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("anna@example.com");
  await expect(row).toContainText(TEXTS.guests.statusNotSent);
  await expect(row).toContainText(TEXTS.guests.badgeMayDownload);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await row.getByRole("button", { name: TEXTS.guests.copyLink }).click();
  await expect(page.getByText(TEXTS.linkCopied)).toBeVisible();
  const link = await row.getByTestId("guest-link").inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(link).toMatch(new RegExp(`/g/${gallery.customUrl}\\?k=[A-Za-z0-9_-]{43}$`));

  // A pasted list, with a line refused and its reason.
  await panel.getByRole("button", { name: TEXTS.guests.pasteToggle }).click();
  await panel.getByLabel(TEXTS.guests.pasteLabel).fill("Tom Hill <tom@example.com>\nno address here\nlea@example.com, Lea Stone");
  await panel.getByRole("button", { name: TEXTS.guests.pasteSubmit }).click();
  await expect(panel.getByTestId("paste-report")).toContainText(TEXTS.guests.pasteSummary(2, 0, 1));
  await expect(panel.getByTestId("paste-report")).toContainText(TEXTS.guests.lineNoEmail);
  await expect(row).toHaveCount(3);
  await page.screenshot({ path: "/tmp/guests-panel-desktop.png", fullPage: true });
  await page.setViewportSize(PHONE);
  // The insights' charts follow their box through a ResizeObserver, a frame after the resize: poll.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: "/tmp/guests-panel-phone.png", fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });

  // Send to guests: a count, the send dialog (its defaults), then Sent on each row.
  await panel.getByRole("button", { name: TEXTS.guests.sendAllCount(3) }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: TEXTS.guests.sendAllCount(3) })
    .click();
  await expect(page.getByText(TEXTS.guests.sendAllDone(3, 0))).toBeVisible();
  await expect(panel.getByTestId("guest-status")).toHaveCount(3);
  // The subject is fixed: a studio's words (the gallery's title) stay out of it (issue 36 item 9).
  expect(await db().mailMessage.count({ where: { to: "anna@example.com", subject: guestMailTexts("en").delivery.subject } })).toBeGreaterThanOrEqual(1);

  // A fresh browser opens the locked gallery by the link, without the password; `k` leaves the address bar.
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const guest = await context.newPage();
  const url = new URL(link);
  await guest.goto(url.pathname + url.search);
  await expect(guest.getByText("Secret ceremony film")).toBeVisible();
  await expect(guest.getByTestId("gallery-title")).toHaveText(gallery.title);
  await expect.poll(() => new URL(guest.url()).search).toBe("");
  expect(new URL(guest.url()).pathname).toBe(`/g/${gallery.customUrl}`);
  await guest.screenshot({ path: "/tmp/guests-guest-view.png", fullPage: true });
  await expect.poll(async () => (await db().galleryInvite.findFirstOrThrow({ where: { galleryId: gallery.id, email: "anna@example.com" } })).visitedAt).not.toBeNull();

  // A returning guest (the cookie, no link) gets in without the password.
  await guest.reload();
  await expect(guest.getByText("Secret ceremony film")).toBeVisible();
  await page.reload();
  await expect(panel.getByTestId("guest-row").first()).toContainText(TEXTS.guests.statusVisited);

  // The studio revokes; the guest's reload (the page from the front cache) shows the locked page.
  await panel.getByRole("button", { name: `${TEXTS.guests.revoke} Anna Berg` }).click();
  // Anyone with the link may open this gallery: the dialog says the link still opens it (issue 55 item 2); the password still guards it here.
  await expect(page.getByRole("dialog")).toContainText(TEXTS.guests.revokeConfirmOpen("Anna Berg"));
  await page.getByRole("dialog").getByRole("button", { name: TEXTS.guests.revokeOnly, exact: true }).click();
  await expect(panel.getByTestId("guest-row").first()).toContainText(TEXTS.guests.badgeRevoked);
  // The page itself comes from the front cache (it holds only the form; the films come from the
  // content API, which reads the invite at every request): the guest's own reload is a cache hit.
  // The guest's own reloads until one is answered from the front cache (a kept page older than the
  // cache's time to live is asked of Next again first: "miss"; a slow machine gets there).
  await expect.poll(async () => (await guest.reload())?.headers()["x-front-cache"], { timeout: 30_000 }).toBe("hit");
  await expect(guest.getByTestId("gallery-locked")).toBeVisible();
  await expect(guest.getByText(TEXTS.viewer.passwordHeading)).toBeVisible();
  await expect(guest.getByText("Secret ceremony film")).toHaveCount(0);

  // The link itself now says it no longer works, on the password form.
  await guest.goto(url.pathname + url.search);
  await expect(guest.locator("#gallery-password-error")).toHaveText(TEXTS.viewer.inviteInvalid);
  await expect.poll(() => new URL(guest.url()).search).toBe("");
  await guest.screenshot({ path: "/tmp/guests-guest-revoked.png", fullPage: true });
  await context.close();
});

// Issue 55 item 2: a gallery anyone with its link may open stays open to a revoked guest through that
// link; the studio switches it to invited guests (the revoke dialog offers it), and then the revoked
// guest's reload shows the studio's "this link no longer works" notice with nothing of the gallery,
// and a browser without a link "this gallery is for invited guests".
test("a revoked guest of a gallery for invited guests sees the studio's notice and nothing playable", async ({ page, browser }) => {
  const studio = await signInNewStudio(page);
  await db().admin.update({ where: { id: studio.id }, data: { companyName: "Golden Hour Films", websiteUrl: "https://golden-hour.example" } });
  const { folder, gallery } = await seedGallery(studio.id);
  await db().video.create({ data: { title: "Open ceremony film", storageKey: `${studio.id}/${folder.id}/${gallery.id}/film.mp4`, galleryId: gallery.id, adminId: studio.id, status: "READY" } });

  // The first guest: the studio is asked who may open the gallery, and keeps the link for now.
  await page.goto(`/studio/galleries/${gallery.id}/guests`);
  const panel = page.getByTestId("guests-panel");
  await panel.getByLabel(TEXTS.guests.nameLabel).fill("Anna Berg");
  await panel.getByLabel(TEXTS.guests.emailLabel).fill("anna@example.com");
  await panel.getByRole("button", { name: TEXTS.guests.add }).last().click();
  const offer = panel.getByTestId("first-guest-audience");
  await expect(offer).toContainText(TEXTS.guests.firstGuestAudience);
  await offer.screenshot({ path: "/tmp/audience-first-guest-offer.png" });
  await offer.getByRole("button", { name: TEXTS.guests.firstGuestKeep }).click();
  await expect(offer).toHaveCount(0);
  const link = await panel.getByTestId("guest-link").inputValue();

  // The guest opens the gallery by the link.
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const guest = await context.newPage();
  const url = new URL(link);
  await guest.goto(url.pathname + url.search);
  await expect(guest.getByText("Open ceremony film")).toBeVisible();

  // Revoking says plainly that the shared link still opens the gallery, and offers invited guests only.
  await panel.getByRole("button", { name: `${TEXTS.guests.revoke} Anna Berg` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(TEXTS.guests.revokeConfirmOpen("Anna Berg"));
  await page.screenshot({ path: "/tmp/audience-revoke-dialog-desktop.png" });
  await dialog.getByRole("button", { name: TEXTS.guests.revokeAndInvite }).click();
  await expect(panel.getByTestId("guest-row")).toContainText(TEXTS.guests.badgeRevoked);
  await expect(page.getByText(TEXTS.access.audienceSaved(true))).toBeVisible();
  expect((await db().gallery.findUniqueOrThrow({ where: { id: gallery.id } })).audience).toBe("INVITED");

  // Deliver shows the audience, and switches it by keyboard.
  await page.goto(`/studio/galleries/${gallery.id}/deliver`);
  const choice = page.getByTestId("audience-choice");
  await expect(choice.getByRole("radio", { name: TEXTS.access.audienceInvited })).toBeChecked();
  await page.screenshot({ path: "/tmp/audience-deliver-desktop.png", fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: "/tmp/audience-deliver-phone.png", fullPage: true });

  // The revoked guest's reload: the studio's notice with its contact, nothing of the gallery.
  await guest.reload();
  const notice = guest.getByTestId("gallery-invited");
  await expect(notice.getByTestId("invite-link-invalid")).toBeVisible();
  await expect(notice).toContainText(TEXTS.viewer.linkInvalidHeading);
  await expect(notice).toContainText("Golden Hour Films");
  await expect(notice.getByTestId("studio-website")).toHaveAttribute("href", "https://golden-hour.example/");
  await expect(guest.getByText("Open ceremony film")).toHaveCount(0);
  await expect(guest.getByText(gallery.title)).toHaveCount(0);
  await expect(guest.locator("video, [data-testid=video-card], a[download]")).toHaveCount(0);
  expect(await guest.content()).not.toContain("Open ceremony film");
  await guest.screenshot({ path: "/tmp/audience-revoked-phone.png", fullPage: true });

  // A browser without a link: "for invited guests".
  const stranger = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await stranger.goto(`/g/${gallery.customUrl}`);
  await expect(stranger.getByTestId("invite-required")).toContainText(TEXTS.viewer.invitedHint);
  await expect(stranger.getByRole("heading", { name: TEXTS.viewer.invitedHeading })).toBeVisible();
  await stranger.screenshot({ path: "/tmp/audience-uninvited-desktop.png", fullPage: true });
  await stranger.close();

  // Back to anyone with the link (arrow keys move the choice): the gallery opens again.
  await page.setViewportSize({ width: 1440, height: 900 });
  await choice.getByRole("radio", { name: TEXTS.access.audienceInvited }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(choice.getByRole("radio", { name: TEXTS.access.audienceLink })).toBeChecked();
  await expect.poll(async () => (await db().gallery.findUniqueOrThrow({ where: { id: gallery.id } })).audience).toBe("LINK");
  await guest.reload();
  await expect(guest.getByText("Open ceremony film")).toBeVisible();
  await context.close();
});
