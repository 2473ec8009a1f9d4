import path from "node:path";
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { en } from "../../lib/viewer-i18n/en";
import { createAccount, db, seedGallery, signInNewStudio } from "./support";

const port = Number(process.env.E2E_PORT || 3100);
const SHOTS = path.resolve(".data/screens");
const PHONE = { width: 390, height: 844 };

async function readyVideo(adminId: string, folderId: string, galleryId: string, title: string) {
  return db().video.create({ data: { title, storageKey: `${adminId}/${folderId}/${galleryId}/film.mp4`, galleryId, adminId, status: "READY" } });
}

test("a studio sets its domain studio-a.localhost: pending until proved, then its gallery answers there, scoped to that studio", async ({ page, browser }) => {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  await readyVideo(studio.id, folder.id, gallery.id, "The first dance");
  const theirs = await seedGallery((await createAccount()).id);

  await page.goto("/studio/account/domainsetting");
  await expect(page.getByText(TEXTS.domain.none)).toBeVisible();
  await expect(page.getByTestId("cname-target")).toHaveText("localhost");
  await expect(page.getByText(/Keep your MX records/)).toBeVisible();
  await expect(page.getByText(/up to 48 hours/)).toBeVisible();

  const input = page.getByLabel("Custom domain");
  await input.fill("   ");
  await page.getByRole("button", { name: TEXTS.domain.addDomain }).click();
  await expect(page.locator("#domain-error")).toHaveCount(0);
  await input.fill("not a domain/path");
  await page.getByRole("button", { name: TEXTS.domain.addDomain }).click();
  await expect(page.locator("#domain-error")).toHaveText(TEXTS.domain.invalid);

  await input.fill("Studio-A.localhost");
  await page.getByRole("button", { name: TEXTS.domain.addDomain }).click();
  // Pending: one state, the two records to create, and never 'Your domain is active.'.
  await expect(page.getByTestId("domain-current")).toHaveAttribute("data-status", "pending");
  await expect(page.getByTestId("domain-state")).toHaveText(TEXTS.domain.pending("studio-a.localhost"));
  await expect(page.getByText(TEXTS.domainActive, { exact: true })).toHaveCount(0);
  const { domainToken } = await db().admin.findUniqueOrThrow({ where: { id: studio.id } });
  await expect(page.getByTestId("record-cname")).toContainText("studio-a.localhost");
  await expect(page.getByTestId("record-txt")).toContainText("_vidfolio.studio-a.localhost");
  await expect(page.getByTestId("record-txt")).toContainText(`vidfolio-verification=${domainToken}`);
  await expect(page.getByRole("button", { name: TEXTS.domain.removeDomain })).toBeVisible();
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SHOTS, "domain-setting-pending-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  // Another studio's pending claim of a domain never routes either.
  const squatter = await createAccount();
  await db().admin.update({ where: { id: squatter.id }, data: { domainClaim: "studio-b.localhost", domainClaimedAt: new Date() } });
  const probe = await browser.newPage();
  expect((await probe.goto(`http://studio-b.localhost:${port}/${theirs.gallery.customUrl}`))?.status()).toBe(404);
  await probe.close();

  // The TXT record is seen (what the worker's re-check or Check DNS records): the domain is the studio's.
  await db().admin.update({
    where: { id: studio.id },
    data: { domainUrl: "studio-a.localhost", domainClaim: null, domainCheck: { at: new Date().toISOString(), txt: "found", cname: "ok", found: ["localhost"] } },
  });
  await page.reload();
  await expect(page.getByTestId("domain-current")).toHaveAttribute("data-status", "verified");
  await expect(page.getByText(TEXTS.domainActive, { exact: true })).toBeVisible();
  await expect(page.getByText(/No CNAME record/)).toHaveCount(0);
  await expect.poll(async () => (await db().admin.findUniqueOrThrow({ where: { id: studio.id } })).domainUrl).toBe("studio-a.localhost");

  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SHOTS, "domain-setting-phone.png"), fullPage: true });

  // The Link section now shows the domain.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/studio/galleries/${gallery.id}/deliver`);
  await expect(page.getByTestId("delivery-link")).toHaveText(`https://studio-a.localhost/${gallery.customUrl}`);
  await expect(page.getByRole("link", { name: TEXTS.newTab })).toHaveAttribute("href", `https://studio-a.localhost/${gallery.customUrl}`);

  // A viewer (no session) on the custom domain.
  const viewer = await browser.newPage();
  const onDomain = `http://studio-a.localhost:${port}`;
  await viewer.goto(`${onDomain}/${gallery.customUrl}`);
  await expect(viewer.getByTestId("gallery-title")).toHaveText(gallery.title);
  await expect(viewer.getByText("The first dance")).toBeVisible();
  await expect(viewer.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // Another studio's gallery, an unknown url and the studio pages are not reachable there: each is
  // the studio's own 404 (tests/e2e/branded-errors.spec.ts), never the app's.
  for (const p of [`/${theirs.gallery.customUrl}`, "/no-such-gallery", "/studio/galleries", `/g/${gallery.customUrl}`]) {
    const res = await viewer.goto(`${onDomain}${p}`);
    expect(res?.status(), p).toBe(404);
    await expect(viewer.getByTestId("gallery-not-found").getByRole("heading", { level: 1 })).toHaveText(en.galleryNotFound);
    await expect(viewer.getByText(TEXTS.notFound)).toHaveCount(0);
    await expect(viewer).toHaveTitle(new RegExp(`^${en.galleryNotFound} · `));
    if (p === "/no-such-gallery") await viewer.screenshot({ path: path.join(SHOTS, "gallery-not-found.png") });
  }
  // An unknown host is a 404 as well.
  expect((await viewer.goto(`http://nobody.localhost:${port}/${gallery.customUrl}`))?.status()).toBe(404);

  // Removing the domain takes the galleries off it at once (the cached page is invalidated).
  await page.goto("/studio/account/domainsetting");
  await page.getByRole("button", { name: TEXTS.domain.removeDomain }).click();
  await expect(page.getByText(TEXTS.domain.none)).toBeVisible();
  expect((await viewer.goto(`${onDomain}/${gallery.customUrl}`))?.status()).toBe(404);
  await viewer.close();
});

test("a password-protected gallery: branded password page, wrong and right password, relocked by a new password", async ({ page, browser }) => {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  await readyVideo(studio.id, folder.id, gallery.id, "Secret ceremony film");

  await page.goto(`/studio/galleries/${gallery.id}/settings`);
  await expect(page.getByTestId("access-password-state")).toHaveText(TEXTS.access.passwordNone);
  await page.getByLabel("Viewer password").fill("lake como");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByTestId("access-password-state")).toHaveText(TEXTS.access.passwordSet);
  // The studio's own preview still shows everything.
  await expect(page.frameLocator('iframe[title="Gallery preview"]').getByText("Secret ceremony film")).toBeVisible();

  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const viewer = await context.newPage();
  const res = await viewer.goto(`/g/${gallery.customUrl}`);
  const html = await res!.text();
  expect(html).not.toContain("Secret ceremony film");
  // The form is in the server's HTML (its script is a chunk of its own, fetched only on a locked
  // page), its button disabled until that script runs: an early Enter never submits natively.
  expect(html).toContain('id="gallery-password"');
  expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Open gallery<\/button>/);
  await expect(viewer.getByTestId("gallery-locked")).toContainText(gallery.title);
  await expect(viewer.getByText(TEXTS.viewer.passwordHeading)).toBeVisible();
  await viewer.screenshot({ path: path.join(SHOTS, "gallery-locked-phone.png"), fullPage: true });

  await viewer.getByLabel(TEXTS.viewer.passwordLabel).fill("wrong one");
  await viewer.getByRole("button", { name: TEXTS.viewer.unlock }).click();
  await expect(viewer.locator("#gallery-password-error")).toHaveText(TEXTS.viewer.wrongPassword);
  await viewer.getByLabel(TEXTS.viewer.passwordLabel).fill("lake como");
  await viewer.getByRole("button", { name: TEXTS.viewer.unlock }).click();
  await expect(viewer.getByText("Secret ceremony film")).toBeVisible();
  await expect(viewer.getByTestId("gallery-title")).toHaveText(gallery.title);

  // The unlock cookie keeps it open on reload...
  await viewer.reload();
  await expect(viewer.getByText("Secret ceremony film")).toBeVisible();

  // ...until the studio changes the password.
  await page.getByLabel("Viewer password").fill("new secret");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect.poll(async () => (await db().gallery.findUniqueOrThrow({ where: { id: gallery.id } })).passwordVersion).toBe(2);
  await viewer.reload();
  await expect(viewer.getByText(TEXTS.viewer.passwordHeading)).toBeVisible();
  await expect(viewer.getByText("Secret ceremony film")).toHaveCount(0);
  await context.close();
});

test("the public gallery on a phone: branding, films and footer", async ({ browser }) => {
  const studio = await createAccount();
  await db().admin.update({
    where: { id: studio.id },
    data: { companyName: "Golden Hour Films", websiteUrl: "https://goldenhour.example", instagramUrl: "https://instagram.com/goldenhour", facebookUrl: "javascript:alert(1)" },
  });
  const { folder, gallery } = await seedGallery(studio.id);
  for (const t of ["Highlights", "Ceremony", "Speeches"]) await readyVideo(studio.id, folder.id, gallery.id, t);

  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const viewer = await context.newPage();
  const res = await viewer.goto(`/g/${gallery.customUrl}`);
  expect(res?.status()).toBe(200);
  await expect(viewer.getByTestId("gallery-brand")).toContainText("Golden Hour Films");
  const footer = viewer.getByTestId("gallery-footer");
  await expect(footer.getByRole("link", { name: TEXTS.viewer.visitWebsite })).toHaveAttribute("href", "https://goldenhour.example/");
  await expect(footer.getByRole("link", { name: "Instagram" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Facebook" })).toHaveCount(0);
  await expect(footer.getByTestId("made-with")).toHaveText(TEXTS.viewer.madeWith);
  await expect(viewer.locator('meta[property="og:title"]')).toHaveAttribute("content", gallery.title);
  await expect(viewer.locator('meta[name="viewport"]')).toHaveAttribute("content", /width=device-width/);
  await expect(viewer).toHaveTitle(gallery.title);
  // Cached: a second request is served from the page cache.
  const again = await viewer.request.get(`/g/${gallery.customUrl}`);
  expect(again.headers()["x-nextjs-cache"]).toMatch(/HIT|STALE/);
  await viewer.screenshot({ path: path.join(SHOTS, "gallery-public-phone.png"), fullPage: true });
  await context.close();
});

test("the production server answers a repeat gallery request from memory, and a save shows at once", async ({ page, playwright }) => {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  await readyVideo(studio.id, folder.id, gallery.id, "Highlights");
  const viewer = await playwright.request.newContext({ baseURL: `http://localhost:${port}` });
  const url = `/g/${gallery.customUrl}`;

  await viewer.get(url);
  await expect.poll(async () => (await viewer.get(url)).headers()["x-front-cache"]).toBe("hit");
  const [a, b] = [await viewer.get(url), await viewer.get(url)];
  for (const res of [a, b]) {
    expect(res.status()).toBe(200);
    expect(res.headers()["x-front-cache"]).toBe("hit");
    // The proxy's mark stays inside; the answer keeps the security headers and gets its own id.
    expect(res.headers()["x-vidfolio-cacheable"]).toBeUndefined();
    expect(res.headers()["content-security-policy"]).toContain("default-src");
    expect(res.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.text()).toContain(gallery.title);
  }
  expect(a.headers()["x-request-id"]).not.toBe(b.headers()["x-request-id"]);
  // Router requests and the studio's preview are never answered from it.
  for (let i = 0; i < 2; i++) {
    expect((await viewer.get(url, { headers: { rsc: "1" } })).headers()["x-front-cache"]).not.toBe("hit");
    expect((await page.request.get(`${url}/preview`)).headers()["x-front-cache"]).not.toBe("hit");
  }

  // The gallery answers to its id too (the editor's New Tab link in the spec: the host plus galleryId).
  const byId = `/g/${gallery.id}`;
  await expect.poll(async () => (await viewer.get(byId)).headers()["x-front-cache"]).toBe("hit");
  expect(await (await viewer.get(byId)).text()).toContain(gallery.title);

  // The studio saves a new title: the very next request has it, under either name.
  const saved = await page.request.put("/api/galleries/update-gallery-title", { data: { galleryId: gallery.id, title: "Saved just now" } });
  expect(saved.status()).toBe(200);
  const fresh = await viewer.get(url);
  expect(await fresh.text()).toContain("Saved just now");
  expect(fresh.headers()["x-front-cache"]).toBe("miss");
  expect(await (await viewer.get(byId)).text()).toContain("Saved just now");
  await viewer.dispose();
});
