// Trying before paying (issue 39 item 4): a studio the super admin approves gets its starter
// allowance, signs in to its studio (not a checkout), uploads a clip on it, and Plan & Billing and
// the credit history show the plan, the use and the grant. The e2e server sells with the test
// provider, so the panel shows no payments warning here (tests/unit/payments-warning.test.tsx and
// tests/integration/starter-allowance.test.ts prove the warning and its decision).
import { expect, test, type Page } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { createAccount, db, expectPath, PASSWORD, seedGallery, signIn, SUPERADMIN } from "./support";

const MB = 1024 * 1024;
const ALLOWANCE = BigInt(2048 * MB);

async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
  }
}

test("an approved studio lands on its studio, uploads on its allowance, and sees its plan, use and grant", async ({ browser }) => {
  const studio = await createAccount({ status: "NOT_ACTIVE", plan: "NO_PLAN" });

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, SUPERADMIN.email, SUPERADMIN.password, "/vidfolio-superadmin/login");
  await expectPath(admin, "/vidfolio-superadmin/clientdata");
  await expect(admin.getByTestId("payments-warning")).toHaveCount(0);
  await admin.getByLabel("Search clients").fill(studio.email);
  const row = admin.getByTestId(`client-row-${studio.email}`);
  await row.getByRole("button", { name: `Edit ${studio.name}` }).click();
  await row.getByLabel("Status").selectOption("Active");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row).not.toContainText("Not Active");
  await expect.poll(async () => (await db().admin.findUniqueOrThrow({ where: { id: studio.id } })).creditBytes).toBe(ALLOWANCE);

  const page = await (await browser.newContext()).newPage();
  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/studio/galleries");
  await page.getByRole("button", { name: "Open profile" }).click();
  await expect(page.getByTestId("profile-credits")).toHaveText("2.00 GB");
  await page.keyboard.press("Escape");

  const { gallery } = await seedGallery(studio.id, { folderName: "First", galleryName: "First film" });
  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await (await chooser).setFiles([{ name: "first-clip.mp4", mimeType: "video/mp4", buffer: Buffer.alloc(MB, 7) }]);
  await expect(page.getByTestId("upload-bar").filter({ hasText: "first-clip.mp4" })).toHaveAttribute("data-state", "processing");
  await expect.poll(async () => (await db().admin.findUniqueOrThrow({ where: { id: studio.id } })).creditBytes).toBe(ALLOWANCE - BigInt(MB));

  await page.goto("/studio/account/planbill");
  await expect(page.getByTestId("current-plan")).toHaveText("No Plan");
  await expect(page.getByTestId("credits-used")).toHaveText(`${TEXTS.creditFigures.creditsUsed}: ${TEXTS.creditFigures.usedOf("1.00 MB", "2.00 GB")}`);
  await expect(page.getByTestId("stored-now")).toHaveText(`${TEXTS.creditFigures.storedNow}: 1.00 MB`);
  await expect(page.getByRole("heading", { name: TEXTS.billing.invoices })).toBeVisible();
  await expect(page.getByText(TEXTS.billing.noInvoices)).toBeVisible();
  await shoot(page, "starter-plan-billing");

  await page.goto("/studio/account/creditusage");
  await expect(page.getByTestId("credit-granted")).toHaveText("2.00 GB");
  await expect(page.getByTestId("credit-balance")).toHaveText("2.00 GB");
  await expect(page.getByTestId("credit-used")).toHaveText("1.00 MB");
  await expect(page.getByTestId("credit-stored")).toHaveText("1.00 MB");
  const grant = page.getByTestId("credit-rows").getByRole("row").filter({ hasText: TEXTS.starterAllowancePurpose });
  await expect(grant).toContainText(TEXTS.creditKinds.granted);
  await expect(grant).toContainText("2.00 GB");
  await expect(page.getByTestId("credit-rows").getByRole("row").filter({ hasText: "first-clip.mp4" })).toContainText(TEXTS.creditKinds.used);
  await shoot(page, "starter-credit-usage");

  await admin.setViewportSize({ width: 1440, height: 900 });
  await shoot(admin, "starter-superadmin-panel");
});
