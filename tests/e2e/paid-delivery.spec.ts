// Paid delivery (issue 41) in Chromium against the production build: a guest of an unpaid gallery
// with Pay to unlock watches the watermarked preview (a pixel check of a captured frame: the
// watermark's corner differs from the clean film's, the opposite corner does not), downloads
// nothing, pays on the test provider, and is back on the gallery with the clean film and Download
// all open, without a reload beyond the page's own return. No clean frame before payment (issue 55
// item 6): the card's picture and the share image are the preview's frame until then, the film's own
// thumbnail after.
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { addLadder, createAccount, db, seedGallery, seedReadyVideo, signInByApi } from "./support";
import { en } from "../../lib/viewer-i18n/en";
import { TEXTS } from "../../lib/texts";

const root = path.resolve(__dirname, "../..");

/** The real preview service run once for the film (tests/e2e/make-preview.ts). */
function makePreview(videoId: string) {
  const env = JSON.parse(fs.readFileSync(path.join(root, ".data", "e2e", "env.json"), "utf8"));
  const out = execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["--tsconfig", "tsconfig.worker.json", "tests/e2e/make-preview.ts", videoId], {
    cwd: root,
    env: { ...process.env, ...env, AUTH_SECRET: "e2e-secret-0123456789abcdefghij", NODE_ENV: "production" },
    encoding: "utf8",
  });
  // Its last line is the outcome (the service may log before it).
  expect(out.trim().split("\n").at(-1)).toBe("ready");
}

/**
 * The mean brightness of two corners of the theater's picture at 4 s (paused there): the top-left
 * (where the watermark is) and the bottom-right. Read from a canvas: hls.js feeds the video by
 * Media Source, so the picture is the page's own.
 */
async function corners(page: Page): Promise<{ topLeft: number; bottomRight: number }> {
  const video = page.locator("[data-testid=theater] video");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  return video.evaluate(async (v: HTMLVideoElement) => {
    v.pause();
    v.muted = true;
    await new Promise<void>((resolve) => {
      v.addEventListener("seeked", () => resolve(), { once: true });
      v.currentTime = 4;
    });
    await new Promise((r) => setTimeout(r, 300));
    const w = v.videoWidth;
    const h = v.videoHeight;
    const canvas = document.createElement("canvas");
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(v, 0, 0, w, h);
    const mean = (x: number, y: number, cw: number, ch: number) => {
      const d = ctx.getImageData(x, y, cw, ch).data;
      let sum = 0;
      for (let i = 0; i < d.length; i += 4) sum += (d[i] + d[i + 1] + d[i + 2]) / 3;
      return sum / (d.length / 4);
    };
    // The mark's box at top-left (its margin and size: lib/media/watermark-filter.ts), and the same box at bottom-right.
    const box = { w: Math.round(w * 0.1), h: Math.round(h * 0.06) };
    return { topLeft: mean(Math.round(w * 0.02), Math.round(h * 0.03), box.w, box.h), bottomRight: mean(Math.round(w * 0.88), Math.round(h * 0.91), box.w, box.h) };
  });
}

test("a guest watches the watermarked preview, cannot download, pays on the test provider, and the clean film and Download all open", async ({ page }) => {
  test.setTimeout(120_000);
  const studio = await createAccount();
  await db().admin.update({ where: { id: studio.id }, data: { watermarkText: "PROOF", watermarkPosition: "top-left", watermarkOpacity: 90 } });
  await db().payoutAccount.create({
    data: { adminId: studio.id, provider: "local", accountId: `local_acct_${studio.id.replace(/-/g, "").slice(0, 24)}`, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true },
  });
  const { folder, gallery } = await seedGallery(studio.id);
  const film = await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  await addLadder(film);
  await db().gallery.update({ where: { id: gallery.id }, data: { priceAmount: 125000, priceCurrency: "eur", priceDeposit: 25000, payToUnlock: true, priceVersion: 1 } });
  makePreview(film.id);

  await page.goto(`/g/${gallery.customUrl}`);
  const panel = page.getByTestId("pay-panel");
  await expect(panel.getByTestId("pay-due")).toHaveText("Amount due: €1,000.00");
  await expect(panel).toContainText("€250.00 already received");
  const violations = (await new AxeBuilder({ page }).include("[data-testid=pay-panel]").analyze()).violations;
  expect(violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: "test-results/paid-delivery-unpaid.png" });
  // The card's picture and the share image: the preview's frame, never the film's own thumbnail.
  const card = page.getByTestId("gallery-video").locator("img");
  const pathOf = async (url: string | null) => decodeURIComponent(new URL(url!, page.url()).pathname);
  expect(await pathOf(await card.getAttribute("src"))).toMatch(/\.derived\/preview-[0-9a-f]{12}\/thumb-\d+\.jpg$/);
  expect(await pathOf(await page.locator('meta[property="og:image"]').getAttribute("content"))).toMatch(/\/preview-[0-9a-f]{12}\/thumb-\d+\.jpg$/);
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // No download offered, and the doors refuse one.
  await expect(page.getByRole("button", { name: en.gallery.download })).toHaveCount(0);
  const refused = await page.request.get(`/api/public/download/${film.id}?g=${gallery.customUrl}`, { maxRedirects: 0 });
  expect(refused.status()).toBe(402);
  expect((await refused.json()).code).toBe("payment_required");

  // The preview plays, with the watermark in its top-left corner.
  await page.getByRole("button", { name: "Play Ceremony" }).click();
  const preview = await corners(page);
  await page.locator("[data-testid=theater] video").screenshot({ path: "test-results/paid-delivery-preview-frame.png" });
  await page.keyboard.press("Escape");

  // Pay: the test provider's page, then back to the gallery, which opens by itself.
  await panel.getByRole("button", { name: "Pay €1,000.00" }).click();
  await expect(page).toHaveURL(/\/pay\/test\/local_gcs_[0-9a-f]{32}$/);
  await expect(page.getByTestId("test-pay-amount")).toHaveText("€1,000.00");
  // The payer's own address (a repeated run must not count an earlier run's receipt).
  const payer = `payer-${Date.now().toString(36)}@example.test`;
  await page.getByLabel("E-mail for the receipt").fill(payer);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/g/${gallery.customUrl}(#pay=done)?$`));
  await expect(page.getByTestId("pay-thanks")).toHaveText(en.pay.paid, { timeout: 10_000 });
  await expect(page.getByTestId("pay-panel")).toHaveCount(0);
  // The address has lost its #pay=done: a reload or a shared link says nothing of the payment.
  await expect(page).toHaveURL(new RegExp(`/g/${gallery.customUrl}$`));
  // Download all is offered again.
  await page.getByRole("button", { name: en.gallery.download }).first().click();
  await expect(page.getByTestId("download-all-item")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.screenshot({ path: "test-results/paid-delivery-paid.png" });
  // The film's own thumbnail is back, without a reload.
  expect(await pathOf(await card.getAttribute("src"))).toMatch(new RegExp(`${film.storageKey}\\.derived/thumb-500\\.jpg$`));

  // The clean film: the same moment without the watermark (the opposite corner the same).
  await page.getByRole("button", { name: "Play Ceremony" }).click();
  const clean = await corners(page);
  expect(preview.topLeft - clean.topLeft).toBeGreaterThan(20);
  expect(Math.abs(preview.bottomRight - clean.bottomRight)).toBeLessThan(6);
  const allowed = await page.request.get(`/api/public/download/${film.id}?g=${gallery.customUrl}`, { maxRedirects: 0 });
  expect(allowed.status()).toBe(302);
  expect(await db().mailMessage.count({ where: { to: payer } })).toBe(1);
});

test("a studio prices a gallery in Deliver, sees it awaiting payment, marks it paid, and sets its preview watermark", async ({ page }) => {
  const studio = await createAccount({ plan: "ON_DEMAND" });
  const { gallery } = await seedGallery(studio.id);
  await signInByApi(page, studio.email);

  await page.goto(`/studio/galleries/${gallery.id}/deliver`);
  await page.getByLabel("Currency").selectOption("eur");
  await page.getByLabel("Deposit already received").fill("250");
  await page.getByLabel("Due date").fill("2026-12-31");
  await expect(page.getByRole("switch", { name: "Pay to unlock" })).toHaveAttribute("aria-checked", "true");
  // Amounts as people type them: no amount gets an example in the studio's locale (en-US here).
  await page.getByLabel("Price").fill("12,50,0");
  await page.getByRole("button", { name: "Save price" }).click();
  await expect(page.getByText(TEXTS.galleryPrice.amountTyped("1,200.50"))).toBeVisible();
  expect((await db().gallery.findUniqueOrThrow({ where: { id: gallery.id } })).priceAmount).toBeNull();
  await page.getByLabel("Price").fill("1 250,50");
  await page.getByRole("button", { name: "Save price" }).click();
  await expect(page.getByTestId("price-due")).toHaveText("Due: €1,000.50");
  expect(await db().gallery.findUniqueOrThrow({ where: { id: gallery.id } })).toMatchObject({ priceAmount: 125050, priceDeposit: 25000, payToUnlock: true });
  await expect(page.getByText("Connect your payment account in Account → Payments")).toBeVisible();
  await page.screenshot({ path: "test-results/paid-delivery-deliver.png", fullPage: true });

  await page.goto("/studio/galleries");
  await expect(page.getByTestId("awaiting-payment")).toContainText("€1,000.50 · 2026-12-31");
  // The card says it too, and the list filters by it.
  const card = page.getByTestId("gallery-card").filter({ hasText: gallery.name });
  await expect(card.getByTestId("gallery-status")).toHaveText(TEXTS.galleryStatus.awaiting("€1,000.50"));
  const filter = page.getByTestId("status-filter");
  await filter.selectOption("paid");
  await expect(page.getByText(TEXTS.galleryStatus.noMatch)).toBeVisible();
  await filter.selectOption("awaiting");
  await expect(card).toBeVisible();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/gallery-status-${width}.png` });
  }

  await page.goto(`/studio/galleries/${gallery.id}/deliver`);
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Mark as paid" }).click();
  await expect(page.getByTestId("price-paid")).toContainText("Marked as paid (€1,000.50)");
  await page.goto("/studio/galleries");
  await expect(page.getByTestId("gallery-card").filter({ hasText: gallery.name }).getByTestId("gallery-status")).toHaveText(TEXTS.galleryStatus.paid);
  await page.goto(`/studio/galleries/${gallery.id}/deliver`);
  await expect(page.getByRole("button", { name: "Reopen payment" })).toBeVisible();

  await page.goto("/studio/account/payments");
  // The payment marked by hand is in the list of payments received, and in its month's total.
  const received = page.getByTestId("payments-received");
  await expect(received.getByTestId("received-row")).toHaveCount(1);
  await expect(received.getByTestId("received-row")).toContainText(gallery.name);
  await expect(received.getByTestId("received-row")).toContainText(TEXTS.received.markedPaid);
  await expect(received.getByTestId("received-row")).toContainText("€1,000.50");
  await expect(received.getByTestId("received-month")).toContainText("€1,000.50");
  await received.getByLabel(TEXTS.received.status).selectOption("refunded");
  await expect(received.getByText(TEXTS.received.empty)).toBeVisible();
  await received.getByLabel(TEXTS.received.status).selectOption("all");
  const csv = page.waitForEvent("download");
  await received.getByRole("link", { name: TEXTS.received.csv }).click();
  expect(fs.readFileSync((await (await csv).path())!, "utf8")).toContain("marked paid");
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await received.screenshot({ path: `test-results/payments-received-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  const form = page.getByTestId("watermark-form");
  await form.getByLabel("Watermark text").fill("Northlight · Proof");
  await form.getByLabel("Position").selectOption("bottom-right");
  await form.getByRole("button", { name: "Save watermark" }).click();
  await expect(page.getByText("Watermark saved.")).toBeVisible();
  expect(await db().admin.findUniqueOrThrow({ where: { id: studio.id } })).toMatchObject({ watermarkText: "Northlight · Proof", watermarkPosition: "bottom-right" });
  await page.screenshot({ path: "test-results/paid-delivery-watermark.png", fullPage: true });
});
