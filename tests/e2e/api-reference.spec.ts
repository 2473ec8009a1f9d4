// /docs/api (issue 38 item 2): the API reference, rendered by Redoc from /api/openapi.json with the
// bundle the app serves itself, under the app's own Content-Security-Policy (nothing refused),
// and reachable from the studio's account.
import { expect, test } from "@playwright/test";
import { doors } from "../../lib/contract";
import { ROUTES } from "../../lib/routes";
import { WEBHOOK_EVENTS } from "../../lib/services/platform/rules/webhooks/events";
import { signInNewStudio } from "./support";

test("the API reference shows the declared doors, from the app alone, without a CSP refusal", async ({ page }) => {
  const refused: string[] = [];
  const requested: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  page.on("request", (r) => requested.push(r.url()));
  await signInNewStudio(page);
  const origin = new URL(page.url()).origin;
  await page.goto(`/studio/account/accountsetting`);
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.apiReference}$`));
  // Each operation is a heading of the reference (the sidebar's entries sit in collapsed groups).
  await expect(page.getByRole("heading", { name: doors.folders.rename.summary })).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: doors.uploads.start.summary })).toBeAttached();
  await expect(page.getByRole("heading", { name: doors.webhooks.create.summary })).toBeAttached();
  // The document's webhooks (issue 59): each emitted event is an operation of the reference, under its tag.
  await expect(page.getByRole("heading", { name: WEBHOOK_EVENTS["guest.watched"].about })).toBeAttached();
  await expect(page.getByRole("heading", { name: /Webhook events$/ })).toBeAttached();
  await page.getByRole("heading", { name: doors.folders.rename.summary }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("heading", { name: doors.folders.rename.summary })).toBeVisible();
  await page.screenshot({ path: "test-results/api-reference.png" });
  expect(refused).toEqual([]);
  expect(requested.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin)).toEqual([]);
});
