// Secrets and sessions against the production server (issue 17 #1, #2, #11, #12, #15): the client
// address the rate limits see is the socket's (server/server.mjs stamps it; forged headers do not
// pick the bucket), every path passes the proxy's body cap and headers, LOG OUT ends a copied
// cookie, the test billing page's ?return= cannot lead off-site, and the gallery's password form
// shows the viewer's too-many-tries text.
import http from "node:http";
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { createAccount, db, expectPath, PASSWORD, seedGallery, signIn } from "./support";

const port = Number(process.env.E2E_PORT || 3100);

/** A raw request (Playwright's client would set its own length and encoding). */
function raw(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer; chunked?: boolean } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "localhost", port, path, method: opts.method ?? "POST", headers: opts.headers }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    if (opts.body && opts.chunked) {
      // Sent in pieces without a Content-Length: Next buffers at most the cap of it for the proxy.
      for (let i = 0; i < opts.body.length; i += 1024 * 1024) req.write(opts.body.subarray(i, i + 1024 * 1024));
      req.end();
    } else req.end(opts.body);
  });
}

test("the rate limits see the socket's address: forged X-Forwarded-For, X-Real-IP and Forwarded choose no bucket", async () => {
  const forged = (i: number) => ({
    "content-type": "application/json",
    "x-forwarded-for": `203.0.113.${i}`,
    "x-real-ip": `198.51.100.${i}`,
    forwarded: `for=192.0.2.${i}`,
    "x-vidfolio-socket": `203.0.113.${i} ${"A".repeat(43)}`,
  });
  const statuses: number[] = [];
  for (let i = 1; i <= 8; i++) {
    const res = await raw("/api/auth/callback/impersonate", { headers: forged(i), body: Buffer.from(JSON.stringify({ token: `guess-${i}-${Date.now()}`, json: "true" })) });
    statuses.push(res.status);
  }
  // A one-time token's guesses back off per address after five: the forged headers changed every
  // time, the socket did not.
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses).toContain(429);
  const keys = (await db().secretBackoff.findMany({ where: { key: { startsWith: "token:pair:*|" } } })).map((k) => k.key);
  expect(keys.some((k) => /\|(127\.0\.0\.1|0:0:0:0::\/64)$/.test(k))).toBe(true);
  expect(keys.some((k) => /203\.0\.113|198\.51\.100|192\.0\.2|unknown/.test(k))).toBe(false);
});

test("every path passes the proxy: an oversized body is refused with 413 and the security headers, whatever the extension", async () => {
  const body = Buffer.alloc(11 * 1024 * 1024, 0x61);
  for (const path of ["/api/auth/x.png", "/api/auth/callback/credentials.js", "/api/admin/login", "/api/public/galleries/x/unlock.css", "/favicon.ico", "/x.woff2"]) {
    const res = await raw(path, { headers: { "content-type": "application/json", "content-length": String(body.length) }, body });
    expect(res.status, path).toBe(413);
    expect(res.headers["content-security-policy"], path).toContain("default-src 'self'");
  }
  // Without a Content-Length the body is cut at the cap: a clean 400, never a 500.
  const chunked = await raw("/api/auth/callback/credentials.png", {
    headers: { "content-type": "application/json" },
    body: Buffer.from(`{"email":"a@b.cd","password":"${"x".repeat(11 * 1024 * 1024)}"}`),
    chunked: true,
  });
  expect(chunked.status).toBeGreaterThanOrEqual(400);
  expect(chunked.status).toBeLessThan(500);
  const signIn = await raw("/api/auth/callback/credentials", {
    headers: { "content-type": "application/json" },
    body: Buffer.from(`{"email":"a@b.cd","password":"${"x".repeat(11 * 1024 * 1024)}"}`),
    chunked: true,
  });
  expect(signIn.status).toBe(400);
});

test("LOG OUT ends the session on the server: a copy of the cookie taken before is refused after", async ({ page, context, playwright }) => {
  const studio = await createAccount();
  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/studio/galleries");
  const cookie = (await context.cookies()).find((c) => c.name === "next-auth.session-token")!;
  const copy = await playwright.request.newContext({ baseURL: `http://localhost:${port}`, extraHTTPHeaders: { cookie: `${cookie.name}=${cookie.value}` } });
  expect((await copy.get("/api/admin/admin-details")).status()).toBe(200);

  await page.getByRole("button", { name: "Open profile" }).click();
  await page.getByRole("button", { name: "LOG OUT" }).click();
  await expectPath(page, "/login");
  await expect.poll(async () => (await copy.get("/api/admin/admin-details")).status()).toBe(401);
  await copy.dispose();
});

test("the test billing page's ?return= cannot lead off-site", async ({ page }) => {
  const studio = await createAccount();
  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/studio/galleries");
  for (const target of ["/%09/evil.example", "/%0a/evil.example", "//evil.example", "/%5Cevil.example", "https:evil.example"]) {
    await page.goto(`/checkout/test/billing?return=${target}`);
    const link = page.getByRole("link", { name: "Return to Vidfolio" });
    await expect(link).toHaveAttribute("href", "/studio/account/planbill");
  }
  await page.goto("/checkout/test/billing?return=/studio/account/creditusage");
  await expect(page.getByRole("link", { name: "Return to Vidfolio" })).toHaveAttribute("href", "/studio/account/creditusage");
});

test("gallery passwords: the studio is told the minimum and can generate a passphrase; a viewer who guesses too often is told to wait", async ({ page, browser }) => {
  const studio = await createAccount();
  const { gallery } = await seedGallery(studio.id);
  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/studio/galleries");
  await page.goto(`/studio/galleries/${gallery.id}/settings`);
  await expect(page.getByTestId("access-password-hint")).toHaveText(TEXTS.access.passwordHint);
  await page.getByLabel("Viewer password").fill("short");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText(TEXTS.access.passwordTooShort)).toBeVisible();
  await page.getByRole("button", { name: TEXTS.access.generatePassphrase }).click();
  const passphrase = await page.getByLabel("Viewer password").inputValue();
  expect(passphrase).toMatch(/^[a-z]+(-[a-z]+){3}$/);
  await expect(page.getByLabel("Viewer password")).toHaveAttribute("type", "text");
  await expect(page.getByTestId("access-password-hint")).toHaveText(TEXTS.access.generatedPassphrase);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByTestId("access-password-state")).toHaveText(TEXTS.access.passwordSet);

  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto(`/g/${gallery.customUrl}`);
  const error = viewer.locator("#gallery-password-error");
  for (let i = 0; i < 10; i++) {
    await viewer.getByLabel(TEXTS.viewer.passwordLabel).fill(`not-the-passphrase-${i}`);
    await viewer.getByRole("button", { name: TEXTS.viewer.unlock }).click();
    await expect(error).toBeVisible();
    if ((await error.textContent()) === TEXTS.viewer.tooManyAttempts) break;
  }
  await expect(error).toHaveText(TEXTS.viewer.tooManyAttempts);
  await viewer.context().close();
});
