// Issue 57 item 6: say why something is closed. An expired gallery's page shows the studio's contact
// and "Ask for access", which mails the studio (the outbox); a gallery in review's Download menu
// says how many more films open when approved. Screenshots at 390 and 1440 px go to test-results/.
import { expect, test } from "@playwright/test";
import { createAccount, db, hydrated, seedGallery, seedReadyVideo } from "./support";
import { en } from "../../lib/viewer-i18n/en";

const SCREENS = [
  { name: "390", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: "1440", viewport: { width: 1440, height: 900 } },
];

let expiredUrl = "";
let reviewUrl = "";
let studioEmail = "";
test.beforeAll(async () => {
  const studio = await createAccount();
  studioEmail = studio.email;
  await db().admin.update({ where: { id: studio.id }, data: { companyName: "Northlight Films", websiteUrl: "https://northlight.example", instagramUrl: "https://instagram.com/northlight" } });
  const expired = await seedGallery(studio.id);
  await db().gallery.update({ where: { id: expired.gallery.id }, data: { title: "Anna & James", expiresAt: new Date(Date.now() - 3600_000) } });
  expiredUrl = `/g/${expired.gallery.customUrl}`;

  const { folder, gallery } = await seedGallery(studio.id);
  await db().gallery.update({ where: { id: gallery.id }, data: { title: "Anna & James in review", reviewMode: true, unlockOnApproval: true } });
  const films = [];
  for (const title of ["Ceremony", "Vows", "First dance", "Send-off"]) films.push(await seedReadyVideo(studio.id, folder.id, gallery.id, title));
  await db().videoApproval.create({ data: { videoId: films[0].id, galleryId: gallery.id, adminId: studio.id, guestName: "Anna", version: films[0].version, decision: "APPROVED" } });
  reviewUrl = `/g/${gallery.customUrl}`;
});

for (const screen of SCREENS) {
  test(`at ${screen.name} px: the expired page asks for access, the review gallery's menu says what opens on approval`, async ({ browser }) => {
    const context = await browser.newContext(screen);
    const page = await context.newPage();
    await page.goto(expiredUrl);
    await hydrated(page);
    const notice = page.getByTestId("gallery-expired");
    await expect(notice.getByTestId("studio-website")).toHaveAttribute("href", "https://northlight.example/");
    await page.screenshot({ path: `test-results/expired-${screen.name}.png`, fullPage: true });
    await notice.getByTestId("ask-access").click();
    await page.getByLabel(en.viewer.accessName).fill(`Anna ${screen.name}`);
    await page.getByLabel(en.viewer.accessEmail).fill("anna@example.com");
    await page.getByLabel(en.viewer.accessMessage).fill("Could we have the films for another month?");
    await page.screenshot({ path: `test-results/expired-form-${screen.name}.png`, fullPage: true });
    await page.getByRole("button", { name: en.viewer.accessSend }).click();
    await expect(page.getByTestId("access-sent")).toHaveText(en.viewer.accessSent);
    expect(await db().mailMessage.count({ where: { to: studioEmail, text: { contains: `Anna ${screen.name}` } } })).toBe(1);

    await page.goto(reviewUrl);
    await hydrated(page);
    const download = page.getByRole("button", { name: en.gallery.download });
    await download.scrollIntoViewIfNeeded();
    await download.click();
    await expect(page.getByTestId("download-all-item")).toContainText("1 film");
    await expect(page.getByTestId("more-on-approval")).toHaveText("3 more open when approved");
    await page.screenshot({ path: `test-results/review-menu-${screen.name}.png` });
    await context.close();
  });
}
