// Account → Webhooks (issue 38.4) in the browser, by keyboard where it matters: add an endpoint
// (URL and events), copy its secret from the dialog shown once, see it listed as enabled, open its
// delivery log and replay a delivery, send a test event and read its attempt, disable it, and delete
// it after confirming.
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { db, signInNewStudio } from "./support";

const t = TEXTS.webhooks;

test("a studio adds a webhook endpoint, copies its secret once, reads and replays its deliveries, disables and deletes it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const studio = await signInNewStudio(page);
  await page.goto("/studio/account/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByText(t.none)).toBeVisible();

  // No event chosen: said, nothing added.
  await page.getByLabel(t.url).fill("https://crm.example.test/hooks/vidfolio");
  await page.getByRole("button", { name: t.create }).click();
  await expect(page.getByRole("alert").filter({ hasText: t.pickEvent })).toBeVisible();

  await page.getByRole("checkbox", { name: /guest\.watched/ }).check();
  await page.getByRole("checkbox", { name: /film\.ready/ }).press("Space");
  await page.getByRole("button", { name: t.create }).click();
  const dialog = page.getByRole("dialog", { name: t.secretTitle });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: "test-results/account-webhooks-secret.png" });
  const secret = (await dialog.getByTestId("webhook-secret").textContent())!;
  expect(secret).toMatch(/^whsec_/);
  await dialog.getByRole("button", { name: t.copy }).click();
  await expect(dialog.getByRole("button", { name: t.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const row = page.getByTestId("webhook-endpoint");
  await expect(row).toContainText("https://crm.example.test/hooks/vidfolio");
  await expect(row).toContainText("film.ready, guest.watched");
  await expect(row.getByTestId("webhook-status")).toHaveText(t.enabled);
  // The secret is shown once: not on the page after a reload.
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);

  // A delivery in its log (as the worker leaves a failed one), replayed.
  const endpoint = await db().webhookEndpoint.findFirstOrThrow({ where: { adminId: studio.id } });
  const event = await db().studioEvent.create({ data: { adminId: studio.id, type: "film.ready", objectId: "film-1", payload: { id: "film-1" } } });
  await db().webhookDelivery.create({
    data: {
      endpointId: endpoint.id,
      eventId: event.id,
      objectId: "film-1",
      status: "failed",
      attempts: 3,
      lastStatus: 500,
      lastError: "HTTP 500",
      latencyMs: 87,
      responseExcerpt: "upstream down",
      lastAttemptAt: new Date(),
    },
  });
  await row.getByRole("button", { name: t.deliveries }).click();
  const log = row.getByTestId("webhook-deliveries");
  await expect(log).toContainText("film.ready");
  await expect(log).toContainText(t.status.failed);
  await expect(log).toContainText("87 ms");
  await expect(log).toContainText("upstream down");
  await log.getByRole("button", { name: t.replay }).click();
  await expect(page.getByText(t.replayed)).toBeVisible();
  await expect(log).toContainText(t.status.pending);

  // Send test event: the address does not resolve here, so it is not delivered, and says why; its
  // one attempt shows the request as sent (address, signed headers) and that no answer came.
  await row.getByRole("button", { name: t.sendTest }).click();
  await expect(page.getByText(/^The test event was not delivered: /)).toBeVisible({ timeout: 15_000 });
  const testRow = log.getByRole("row").filter({ hasText: "webhook.test" });
  await expect(testRow).toContainText(t.status.failed);
  await testRow.getByRole("button", { name: t.showAttempts }).click();
  const attempt = log.getByTestId("webhook-attempt");
  await expect(attempt).toHaveCount(1);
  await expect(attempt).toContainText(t.attempt(1));
  await expect(attempt).toContainText("POST https://crm.example.test/hooks/vidfolio");
  await expect(attempt).toContainText(/Vidfolio-Signature: t=\d+,v1=[0-9a-f]{64}/);
  await expect(attempt).toContainText(t.noAnswer);
  await page.screenshot({ path: "test-results/account-webhooks.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: "test-results/account-webhooks-phone.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await row.getByRole("button", { name: t.disable }).click();
  await expect(row.getByTestId("webhook-status")).toHaveText(t.disabled);
  await expect(row.getByRole("button", { name: t.enable })).toBeVisible();

  await row.getByRole("button", { name: t.delete }).click();
  const confirm = page.getByRole("dialog", { name: t.deleteTitle });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: t.delete }).click();
  await expect(page.getByTestId("webhook-endpoint")).toHaveCount(0);
  expect(await db().webhookEndpoint.count({ where: { adminId: studio.id } })).toBe(0);
});
