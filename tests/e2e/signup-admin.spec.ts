import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { createAccount, db, expectPath, PASSWORD, signIn, SUPERADMIN } from "./support";

async function superadminPanel(page: Page) {
  await signIn(page, SUPERADMIN.email, SUPERADMIN.password, "/vidfolio-superadmin/login");
  await expectPath(page, "/vidfolio-superadmin/clientdata");
}

function row(page: Page, email: string) {
  return page.getByTestId(`client-row-${email}`);
}

/** "Login as" from the client panel: the studio opens in a new tab, on its galleries. */
async function loginAs(page: Page, context: BrowserContext, studio: { email: string; name: string }): Promise<Page> {
  await page.getByLabel("Search clients").fill(studio.email);
  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    row(page, studio.email)
      .getByRole("button", { name: `Login as ${studio.name}` })
      .click(),
  ]);
  await expectPath(tab, "/studio/galleries");
  return tab;
}

test("a studio signs up, waits for review, is approved by the super admin and signs in", async ({ browser }) => {
  const email = `signup-${Date.now()}@example.test`;
  const studioPage = await (await browser.newContext()).newPage();
  await studioPage.goto("/signup");
  await studioPage.getByRole("button", { name: "Create my account" }).click();
  await expect(studioPage.getByText("Name is required.", { exact: true })).toBeVisible();
  // Only name, email, password, company and website are enforced (spec §5); the rest may wait.
  await expect(studioPage.getByText("Choose at least one media type.")).toHaveCount(0);
  await expect(studioPage.getByTestId("answer-later")).toHaveText(TEXTS.signupAnswerLater);

  await studioPage.getByRole("textbox", { name: "Name", exact: true }).fill("Lumen Weddings");
  await studioPage.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await studioPage.locator("#password").fill("lumen-password-1");
  await studioPage.getByLabel("Company name").fill("Lumen Weddings Ltd");
  await studioPage.getByLabel("Website").fill("lumen.example");
  await studioPage.getByLabel("Company size").selectOption("Solo");
  await studioPage.getByLabel("Job type").selectOption("Video only");
  await studioPage.getByLabel("Number of clients per year").selectOption("1-10");
  await studioPage.getByLabel("Average project size").selectOption("10-25GB");
  await studioPage.getByLabel("Weddings & Life-Events").check();
  await studioPage.getByLabel("USB").check();
  await studioPage.getByLabel("Vimeo").check();
  await studioPage.getByRole("button", { name: "Create my account" }).click();
  const dialog = studioPage.getByRole("dialog", { name: "Submission received" });
  await expect(dialog).toContainText(TEXTS.registrationSuccess);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expectPath(studioPage, "/login");

  await signIn(studioPage, email, "lumen-password-1");
  await expect(studioPage.getByTestId("form-error")).toHaveText(TEXTS.accountUnderReview);

  const adminPage = await (await browser.newContext()).newPage();
  await superadminPanel(adminPage);
  await adminPage.getByLabel("Search clients").fill("Lumen");
  await expect(row(adminPage, email)).toContainText("Not Active");
  await row(adminPage, email).getByRole("button", { name: "Edit Lumen Weddings" }).click();
  await row(adminPage, email).getByLabel("Status").selectOption("Active");
  await row(adminPage, email).getByRole("button", { name: "Save" }).click();
  await expect(row(adminPage, email)).toContainText("Active");
  await expect(row(adminPage, email)).not.toContainText("Not Active");
  expect(await db().mailMessage.count({ where: { to: email, subject: "Your Vidfolio studio is approved" } })).toBe(1);

  // Approved, it has its starter allowance (issue 39 item 4): the studio, not a checkout.
  await signIn(studioPage, email, "lumen-password-1");
  await expectPath(studioPage, "/studio/galleries");
  // The home says what the allowance is and leads the first delivery, step by step.
  const first = studioPage.getByTestId("first-delivery");
  await expect(first.getByTestId("starter-allowance")).toContainText(TEXTS.firstDelivery.allowanceBody("2.00 GB", "2.00 GB"));
  for (const step of ["upload", "style", "guest", "send"]) await expect(first.getByTestId(`first-step-${step}`)).toHaveAttribute("data-done", "false");
  for (const width of [390, 1440]) {
    await studioPage.setViewportSize({ width, height: 900 });
    await studioPage.screenshot({ path: test.info().outputPath(`first-delivery-${width}.png`), fullPage: true });
  }
  // The questions left at sign-up are answered later, in Company Setting.
  await studioPage.goto("/studio/account/companysetting");
  const profile = studioPage.getByTestId("studio-profile");
  await expect(profile.getByLabel(TEXTS.studioProfile.companySize)).toHaveValue("Solo");
  await profile.getByLabel(TEXTS.studioProfile.heardOption).selectOption("Google");
  await profile.getByRole("button", { name: TEXTS.studioProfile.save }).click();
  await expect(studioPage.getByText(TEXTS.studioProfile.saved)).toBeVisible();
  expect((await db().admin.findUniqueOrThrow({ where: { email } })).heardOption).toBe("Google");
});

test("the super admin edits a row (credits shown ÷1024÷5) and cancels an edit", async ({ page }) => {
  const studio = await createAccount();
  await superadminPanel(page);
  await page.getByLabel("Search clients").fill(studio.email);
  const r = row(page, studio.email);
  await expect(r.getByTestId("credits")).toHaveText("0.00");

  await r.getByRole("button", { name: `Edit ${studio.name}` }).click();
  await r.getByLabel("Name", { exact: true }).fill("Changed then cancelled");
  await r.getByRole("button", { name: "Cancel" }).click();
  await expect(r).toContainText(studio.name);

  await r.getByRole("button", { name: `Edit ${studio.name}` }).click();
  await r.getByLabel("Company name").fill("Northern Light Films");
  await r.getByLabel("Plan").selectOption("Pro");
  await r.getByLabel("Credits").fill("2.5");
  await r.getByRole("button", { name: "Save" }).click();
  await expect(r.getByTestId("credits")).toHaveText("2.50");
  await expect(r).toContainText("Northern Light Films");
  await expect(r).toContainText("Pro");
  const saved = await db().admin.findUniqueOrThrow({ where: { id: studio.id } });
  expect(Number(saved.creditBytes) / 1048576).toBe(2.5 * 5 * 1024);
  expect(saved.plan).toBe("PRO");
});

test("the super admin deletes a row after confirming", async ({ page }) => {
  const studio = await createAccount();
  await superadminPanel(page);
  await page.getByLabel("Search clients").fill(studio.email);
  await row(page, studio.email)
    .getByRole("button", { name: `Delete ${studio.name}` })
    .click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText(TEXTS.confirmDelete.row);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row(page, studio.email)).toBeVisible();

  await row(page, studio.email)
    .getByRole("button", { name: `Delete ${studio.name}` })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(row(page, studio.email)).toHaveCount(0);
  expect(await db().admin.count({ where: { id: studio.id } })).toBe(0);
});

test("the super admin logs in as a client in a new tab, sees the banner and comes back", async ({ page, context }) => {
  const studio = await createAccount();
  await superadminPanel(page);
  const tab = await loginAs(page, context, studio);
  const banner = tab.getByRole("region", { name: "Impersonation" });
  await expect(banner).toContainText(studio.name);
  await expect(banner).toContainText(SUPERADMIN.email);
  await tab.getByRole("button", { name: "Open profile" }).click();
  await expect(tab.getByTestId("profile-email")).toHaveText(studio.email);
  await tab.keyboard.press("Escape");

  await banner.getByRole("button", { name: "Back to super admin" }).click();
  await expectPath(tab, "/vidfolio-superadmin/clientdata");
});

test("after Login as, the super admin's tab and the studio's tab both keep working, each signs out alone (issue 19, item 5)", async ({ page, context }) => {
  const studio = await createAccount();
  const other = await createAccount();
  await superadminPanel(page);
  const tab = await loginAs(page, context, studio);
  // Two sessions side by side, each in its own cookie.
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(["next-auth.session-token", "vidfolio-admin.session-token"]));

  // The super admin's tab: searching, editing another client (a door both faces use) and a reload all work.
  await page.getByLabel("Search clients").fill(other.email);
  await row(page, other.email)
    .getByRole("button", { name: `Edit ${other.name}` })
    .click();
  await row(page, other.email).getByLabel("Company name").fill("Edited beside a studio tab");
  await row(page, other.email).getByRole("button", { name: "Save" }).click();
  await expect(row(page, other.email)).toContainText("Edited beside a studio tab");
  await expect(page.getByText(TEXTS.forbidden)).toHaveCount(0);
  expect((await db().admin.findUniqueOrThrow({ where: { id: other.id } })).companyName).toBe("Edited beside a studio tab");
  await page.reload();
  await expectPath(page, "/vidfolio-superadmin/clientdata");

  // The studio's tab: still the studio, still impersonated, after a reload.
  await tab.reload();
  await expectPath(tab, "/studio/galleries");
  await expect(tab.getByRole("region", { name: "Impersonation" })).toContainText(studio.name);

  // The super admin signs out: the studio tab stays signed in.
  await page.getByRole("button", { name: "Log Out" }).click();
  await expectPath(page, "/vidfolio-superadmin/login");
  await page.goto("/vidfolio-superadmin/clientdata");
  await expectPath(page, "/vidfolio-superadmin/login");
  await tab.reload();
  await expectPath(tab, "/studio/galleries");
  await expect(tab.getByRole("button", { name: "Open profile" })).toBeVisible();

  // The studio's sign-in page signs the studio out, never the super admin (signed in again here).
  await superadminPanel(page);
  await tab.goto("/login");
  await page.reload();
  await expectPath(page, "/vidfolio-superadmin/clientdata");
  // The studio session is gone: this browser's super admin is sent to its own panel.
  await tab.goto("/studio/galleries");
  await expectPath(tab, "/vidfolio-superadmin/clientdata");
});

test("an impersonation link works once only; a bad or missing token goes to /login", async ({ page, browser }) => {
  const studio = await createAccount();
  await superadminPanel(page);
  const res = await page.request.get(`/api/admin/impersonate/${studio.id}`);
  const { url } = await res.json();
  const other = await (await browser.newContext()).newPage();
  await other.goto(url);
  await expectPath(other, "/studio/galleries");
  const third = await (await browser.newContext()).newPage();
  await third.goto(url);
  await expectPath(third, "/login");
  await third.goto("/impersonate-login?token=forged");
  await expectPath(third, "/login");
  await third.goto("/impersonate-login");
  await expectPath(third, "/login");
});

test("a studio cannot reach the super-admin API", async ({ page }) => {
  const studio = await createAccount();
  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/studio/galleries");
  const res = await page.request.get("/api/admin/all-admin");
  expect(res.status()).toBe(403);
});
