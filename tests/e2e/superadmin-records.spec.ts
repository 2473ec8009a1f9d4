// The super admin reads the mail outbox and the audit log (issue 19, item 10): searchable,
// paginated, one-time links hidden; a studio cannot open them.
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { createAccount, db, expectPath, signIn, signInByApi, SUPERADMIN } from "./support";

test("the super admin finds a studio's mail and what was done to its account", async ({ page, context }) => {
  const studio = await createAccount();
  expect((await page.request.post("/api/password-reset", { data: { email: studio.email } })).status()).toBe(200);
  await signIn(page, SUPERADMIN.email, SUPERADMIN.password, "/vidfolio-superadmin/login");
  await expectPath(page, "/vidfolio-superadmin/clientdata");
  // Something to audit: a sign-in link for the studio.
  await page.getByLabel("Search clients").fill(studio.email);
  await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: `Login as ${studio.name}` }).click()]);

  await page.getByRole("navigation", { name: "Super admin" }).getByRole("link", { name: "Mail outbox" }).click();
  await expectPath(page, "/vidfolio-superadmin/mail");
  await page.getByRole("searchbox").fill(studio.email);
  await page.getByRole("button", { name: "Search" }).click();
  const mail = page.getByTestId("mail-row");
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(TEXTS.passwordResetMailSubject);
  await mail.locator("summary").click();
  await mail.getByRole("tab", { name: TEXTS.outbox.text }).click();
  await expect(mail.locator("pre")).toContainText("reset-password?token=…");
  await expect(page.getByTestId("records-pager")).toContainText("1 entry · page 1 of 1");
  await page.screenshot({ path: "test-results/superadmin-mail.png", fullPage: true });

  await page.getByRole("navigation", { name: "Super admin" }).getByRole("link", { name: "Audit log" }).click();
  await expectPath(page, "/vidfolio-superadmin/audit");
  await page.getByRole("searchbox").fill(studio.email);
  await page.keyboard.press("Enter");
  const rows = page.getByTestId("audit-row");
  await expect(rows.filter({ hasText: "impersonation.issue" })).toHaveCount(1);
  await expect(rows.first()).toContainText(SUPERADMIN.email);
  await expect(rows.first()).toContainText(studio.email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/superadmin-audit-phone.png", fullPage: true });
});

test("a studio cannot open the super admin's records", async ({ page }) => {
  const studio = await createAccount();
  await signInByApi(page, studio.email);
  for (const path of ["/vidfolio-superadmin/mail", "/vidfolio-superadmin/audit"]) {
    await page.goto(path);
    await expectPath(page, "/vidfolio-superadmin/login");
  }
});

test("at 1366 and 1440 px the client table keeps Status, Plan, Role and Credits in view beside Actions; the shown credits typed back change nothing", async ({ page }) => {
  // 12,839 MB: 2.5076… credits, shown as 2.51.
  const studio = await createAccount({ creditBytes: BigInt(12839) * BigInt(1024 * 1024) });
  // A long name and company (the newest row, on the first page) never widen the table past the screen.
  const named = await db().admin.update({ where: { id: studio.id }, data: { name: "Golden Hour Wedding Films ".repeat(10).trim(), companyName: "Golden-Hour-Wedding-and-Event-Films-".repeat(6) } });
  await signIn(page, SUPERADMIN.email, SUPERADMIN.password, "/vidfolio-superadmin/login");
  await expectPath(page, "/vidfolio-superadmin/clientdata");
  for (const width of [1366, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const actions = (await page.getByRole("columnheader", { name: "Actions" }).boundingBox())!;
    for (const name of ["Status", "Plan", "Role", "Credits"]) {
      const box = (await page.getByRole("columnheader", { name, exact: true }).boundingBox())!;
      expect(box.x + box.width, `${name} at ${width} px`).toBeLessThanOrEqual(actions.x + 1);
    }
  }
  await page.screenshot({ path: "test-results/client-table-1440.png" });
  await page.getByLabel("Search clients").fill(studio.email);
  const row = page.getByTestId(`client-row-${studio.email}`);
  await expect(row.getByTestId("credits")).toHaveText("2.51");
  await row.getByRole("button", { name: `Edit ${named.name}` }).click();
  await row.getByLabel("Credits").fill("2.510");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByTestId("credits")).toHaveText("2.51");
  expect((await db().admin.findUniqueOrThrow({ where: { id: studio.id } })).creditBytes).toBe(BigInt(12839) * BigInt(1024 * 1024));
});
