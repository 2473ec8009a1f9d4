// Account → API (issue 38 item 3) in a real browser against the production build: a studio creates a
// key (name, scopes), sees it once in a dialog (keyboard: Escape closes it, focus comes back), the
// key works against the API with its scope and not beyond, the list shows it without its secret
// ("Never used" until used), and revoking it after the confirm stops it at once.
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { db, signInNewStudio } from "./support";

const T = TEXTS.apiKeys;

test("a studio creates an API key, sees it once, uses it and revokes it", async ({ page, playwright, baseURL }) => {
  const studio = await signInNewStudio(page);
  await page.goto("/studio/account/api");
  await expect(page.getByRole("heading", { name: "API", exact: true })).toBeVisible();
  await expect(page.getByText(T.none)).toBeVisible();

  await page.getByLabel(T.name).fill("Render queue");
  // read is checked by default; add uploads, by keyboard.
  await expect(page.getByRole("checkbox", { name: "read" })).toBeChecked();
  await page.getByRole("checkbox", { name: "uploads" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "uploads" })).toBeChecked();
  await page.getByRole("button", { name: T.create }).click();

  const dialog = page.getByRole("dialog", { name: T.createdTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(T.createdOnce);
  await page.screenshot({ path: "test-results/account-api-key-created.png" });
  const key = await dialog.getByTestId("api-key-secret").inputValue();
  expect(key).toMatch(/^vf_key_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole("button", { name: T.copy })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Listed without its secret, never used yet.
  const row = page.getByTestId("api-key-row").filter({ hasText: "Render queue" });
  await expect(row).toContainText(key.slice(0, "vf_key_".length + 8));
  await expect(row).toContainText("read, uploads");
  await expect(row).toContainText(T.neverUsed);
  expect(await page.content()).not.toContain(key);

  // The key works as the studio with its scopes (a client of its own: no cookie).
  const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  expect((await client.get("/api/folder/folders")).status()).toBe(200);
  const refused = await client.post("/api/folder/folders", { data: { name: "From a key" } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe("scope");
  // A page is never opened by a key.
  const pageByKey = await client.get("/studio/galleries", { maxRedirects: 0 });
  expect(pageByKey.status()).toBe(307);

  // After a use the list shows when and from where.
  await page.reload();
  await expect(page.getByTestId("api-key-row").filter({ hasText: "Render queue" })).not.toContainText(T.neverUsed);
  await page.screenshot({ path: "test-results/account-api.png", fullPage: true });

  // Revoke: confirm first, then the very next request is refused.
  await page.getByRole("button", { name: `${T.revoke} Render queue` }).click();
  const confirm = page.getByRole("dialog", { name: T.revoke });
  await expect(confirm).toContainText(T.revokeConfirm("Render queue"));
  await confirm.getByRole("button", { name: T.revoke }).click();
  await expect(page.getByText(T.revoked)).toBeVisible();
  await expect(page.getByTestId("api-key-row").filter({ hasText: "Render queue" })).toContainText(T.revokedOn);
  expect((await client.get("/api/folder/folders")).status()).toBe(401);
  await client.dispose();

  const stored = await db().apiKey.findFirstOrThrow({ where: { adminId: studio.id } });
  expect(stored.revokedAt).not.toBeNull();
  expect(stored.secretHash).not.toContain(key.slice(-43));
});
