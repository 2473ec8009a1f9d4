import { expect, test, type Page } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { makePng } from "../helpers/png";
import { createAccount, db, expectPath, PASSWORD, signIn, signInByApi } from "./support";

async function newStudio(page: Page, plan: "NO_PLAN" | "ON_DEMAND" = "NO_PLAN") {
  const studio = await createAccount({ plan });
  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, plan === "NO_PLAN" ? "/checkout" : "/studio/galleries");
  return studio;
}

test("a studio without a plan buys a pack with the test provider and sees it everywhere", async ({ page }) => {
  const studio = await newStudio(page);
  await page.getByRole("button", { name: "Buy 5 credits" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/local_cs_/);
  await expect(page.getByRole("note")).toContainText("Test mode");
  await expect(page.getByTestId("checkout-amount")).toHaveText("$35");
  await page.getByRole("button", { name: "Pay" }).click();
  await expectPath(page, "/success");
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByTestId("success-plan")).toHaveText("On Demand");
  await expect(page.getByTestId("success-credits")).toHaveText("25.00 GB");
  await expect(page.getByTestId("success-balance")).toHaveText("25.00 GB");

  // A reload verifies again and changes nothing.
  await page.reload();
  await expect(page.getByTestId("success-balance")).toHaveText("25.00 GB");

  await page.getByRole("link", { name: "Go to your galleries" }).click();
  await expectPath(page, "/studio/galleries");
  await page.getByRole("button", { name: "Open profile" }).click();
  await expect(page.getByTestId("profile-credits")).toHaveText("25.00 GB");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Credit Usage" }).click();
  await expect(page.getByTestId("credit-balance")).toHaveText("25.00 GB");
  const rows = page.getByTestId("credit-rows").getByRole("row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(TEXTS.creditKinds.purchased);
  await expect(rows.first()).toContainText("On Demand — 5 credits");
  await expect(rows.first()).toContainText("$35");
  expect(await db().creditEntry.count({ where: { adminId: studio.id } })).toBe(1);
});

test("cancelling the checkout shows the cancellation page with a link home", async ({ page }) => {
  const studio = await newStudio(page);
  await page.getByRole("button", { name: "Buy 10 credits" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expectPath(page, "/cancel");
  await expect(page.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
  await page.getByRole("link", { name: "Go home" }).click();
  await expectPath(page, "/");
  expect((await db().admin.findUniqueOrThrow({ where: { id: studio.id } })).creditBytes).toBe(BigInt(0));
});

test("/success without a session id goes home", async ({ page }) => {
  await newStudio(page, "ON_DEMAND");
  await page.goto("/success");
  await expectPath(page, "/");
});

test("a Pro subscription sets the plan, shows Manage billing, and cancelling it falls back to On Demand with its grace and the export open", async ({ page }) => {
  const studio = await newStudio(page);
  await page.getByRole("button", { name: "Subscribe to Pro" }).click();
  await expect(page.getByTestId("checkout-amount")).toHaveText("$79 per month");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByTestId("success-plan")).toHaveText("Pro");
  await expect(page.getByTestId("success-credits")).toHaveText("1024.00 GB");
  await page.goto("/studio/account/planbill");
  await expect(page.getByText(/^Hi .*, Choose Your Plan Here to Continue\.\.\.$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our Pricing Plans" })).toBeVisible();
  await expect(page.getByTestId("current-plan")).toHaveText("Pro");
  await expect(page.getByTestId("plan-card-PRO")).toContainText("Current plan");
  await page.getByRole("button", { name: "Manage billing" }).click();
  await expectPath(page, "/checkout/test/billing");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByText("You have no active subscription.")).toBeVisible();
  await page.getByRole("link", { name: "Return to Vidfolio" }).click();
  await expect(page.getByTestId("current-plan")).toHaveText("On Demand");
  // The plan lapsed (issue 23.4): its grace is told on the plan page, and the export is one click away.
  const lapsed = await db().admin.findUniqueOrThrow({ where: { id: studio.id } });
  const day = (d: Date) => d.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
  const notice = page.getByTestId("plan-lapse-notice");
  await expect(notice).toContainText(TEXTS.planLapse.notice("Pro", day(lapsed.planLapsedAt!), day(lapsed.graceUntil!)));
  await expect(page.getByTestId("plan-grace-note")).toHaveText(TEXTS.planLapse.graceNote);
  await page.screenshot({ path: "test-results/plan-lapse-notice.png", fullPage: true });
  expect((await db().mailMessage.findMany({ where: { to: studio.email }, select: { subject: true } })).map((m) => m.subject)).toContain("Your Pro plan has ended");
  await notice.getByRole("link", { name: TEXTS.planLapse.exportLink }).click();
  await expectPath(page, "/studio/account/export");
  await expect(page.getByRole("button", { name: TEXTS.export.start })).toBeEnabled();
});

test("Pro → Unlimited switches the one subscription: the plan changes at once, billing shows one subscription, and cancelling it ends the plan", async ({ page }) => {
  const studio = await newStudio(page);
  await page.getByRole("button", { name: "Subscribe to Pro" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByTestId("success-plan")).toHaveText("Pro");

  await page.goto("/checkout");
  await expect(page.getByTestId("plan-PRO").getByRole("button")).toBeDisabled();
  await page.getByRole("button", { name: "Switch to Unlimited" }).click();
  const dialog = page.getByRole("dialog", { name: "Switch to Unlimited?" });
  await expect(dialog).toContainText("prorated");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/switch-plan-confirm-phone.png" });
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole("button", { name: "Switch to Unlimited" }).click();
  await expectPath(page, "/studio/account/planbill");
  await expect(page.getByTestId("plan-changed")).toHaveText(TEXTS.planChanged("Unlimited Plan"));
  await expect(page.getByTestId("current-plan")).toHaveText("Unlimited Plan");
  await page.screenshot({ path: "test-results/switch-plan-done.png" });
  expect(await db().subscription.count({ where: { adminId: studio.id, status: "ACTIVE" } })).toBe(1);

  await page.getByRole("button", { name: "Manage billing" }).click();
  await expectPath(page, "/checkout/test/billing");
  await expect(page.getByText(/^Unlimited Plan · active since/)).toBeVisible();
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByText("You have no active subscription.")).toBeVisible();
  await page.getByRole("link", { name: "Return to Vidfolio" }).click();
  await expect(page.getByTestId("current-plan")).toHaveText("On Demand");
});

test("the profile form checks the current password and the confirmation, then changes the password", async ({ page, browser }) => {
  const studio = await newStudio(page, "ON_DEMAND");
  await page.goto("/studio/account/accountsetting");
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByTestId("profile-message")).toHaveText(TEXTS.currentPasswordIncorrect);

  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill("another-pass-1");
  await page.getByLabel("Confirm password").fill("another-pass-2");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByTestId("profile-message")).toHaveText(TEXTS.passwordsDoNotMatch);

  // A second browser signed in before the change loses its session.
  const other = await (await browser.newContext()).newPage();
  await signIn(other, studio.email, PASSWORD);
  await expectPath(other, "/studio/galleries");

  await page.getByLabel("Name", { exact: true }).fill("Renamed Studio");
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill("another-pass-1");
  await page.getByLabel("Confirm password").fill("another-pass-1");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByTestId("profile-message")).toHaveText(TEXTS.profileUpdated);
  // This browser stays signed in.
  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Renamed Studio");

  await other.reload();
  await expectPath(other, "/login");
  await signIn(other, studio.email, "another-pass-1");
  await expectPath(other, "/studio/galleries");
});

test("company setting: logo and favicon uploads with their size rules, links and the live preview", async ({ page }) => {
  const studio = await newStudio(page, "ON_DEMAND");
  await page.goto("/studio/account/companysetting");
  const preview = page.getByRole("complementary", { name: "Branding preview" });
  await expect(preview.getByTestId("preview-made-with")).toHaveText("made with Vidfolio");

  await page.getByRole("textbox", { name: "Company name" }).fill("Aurora Films");
  await page.getByRole("button", { name: "Update Company name" }).click();
  await expect(preview.getByTestId("preview-company")).toHaveText("Aurora Films");

  await page.getByRole("textbox", { name: "Instagram" }).fill("instagram.com/aurora");
  await page.getByRole("button", { name: "Update Instagram" }).click();
  await expect(preview.getByRole("link", { name: "instagram" })).toHaveAttribute("href", "https://instagram.com/aurora");
  await expect(preview).toContainText("FOLLOW US");
  await page.getByRole("textbox", { name: "YouTube" }).fill("https://evil.example/x");
  await page.getByRole("button", { name: "Update YouTube" }).click();
  await expect(page.getByText("Enter a YouTube link (youtube.com/…).")).toBeVisible();

  await page.locator("#companyLogoUrl-file").setInputFiles({ name: "small.png", mimeType: "image/png", buffer: makePng(200, 200) });
  await expect(page.getByText(/The logo must be at least 500×500 pixels/)).toBeVisible();
  await page.locator("#companyLogoUrl-file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(600, 600) });
  await expect(page.getByTestId("companyLogoUrl-preview").getByRole("img")).toBeVisible();
  await expect(page.getByTestId("companyLogoUrl-preview").getByRole("img")).toHaveJSProperty("naturalWidth", 600);

  await page.locator("#companyFaviconUrl-file").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.concat([makePng(64, 64), Buffer.alloc(1024 * 1024)]) });
  await expect(page.getByText(/^File too large \(1\.00 MB\)\. Maximum allowed size is 1 MB\.$/)).toBeVisible();
  await page.locator("#companyFaviconUrl-file").setInputFiles({ name: "fav.png", mimeType: "image/png", buffer: makePng(48, 48) });
  await expect(page.getByTestId("companyFaviconUrl-preview").getByRole("img")).toBeVisible();

  const saved = await db().admin.findUniqueOrThrow({ where: { id: studio.id } });
  expect(saved.companyLogoUrl).toMatch(new RegExp(`^${studio.id}/assets/.+_logo\\.png$`));
  expect(saved.companyFaviconUrl).toMatch(/_fav\.png$/);
  expect(saved.companyName).toBe("Aurora Films");
});

test("Account → Payments: a studio connects its own payment account on the test provider and is ready to take payments", async ({ page }) => {
  const studio = await createAccount();
  await signInByApi(page, studio.email);
  await page.goto("/studio/account/payments");
  const panel = page.getByTestId("payouts");
  await expect(panel.getByTestId("payout-state")).toHaveText(TEXTS.payouts.states.not_connected);
  await expect(panel.getByTestId("payout-fee")).toHaveText(TEXTS.payouts.fee(0));
  await panel.getByRole("button", { name: TEXTS.payouts.connectTest }).click();
  // The test provider's stand-in for Stripe's onboarding: no details asked, Finish.
  await expect(page).toHaveURL(/\/checkout\/test\/connect\/local_acct_[0-9a-f]{24}\?return=/);
  await expect(page.getByRole("heading", { name: TEXTS.payouts.testTitle })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("connect-test-setup.png") });
  await page.getByRole("button", { name: TEXTS.payouts.finish }).click();
  await expect(page).toHaveURL(/\/studio\/account\/payments\?connect=done$/);
  await expect(panel.getByRole("status")).toHaveText(TEXTS.payouts.returned);
  await expect(panel.getByTestId("payout-state")).toHaveText(TEXTS.payouts.states.enabled);
  await expect(panel.getByRole("button", { name: TEXTS.payouts.update })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("payments-enabled.png"), fullPage: true });
  expect(await db().payoutAccount.findUniqueOrThrow({ where: { adminId: studio.id } })).toMatchObject({ provider: "local", chargesEnabled: true, payoutsEnabled: true });
});
