// Security in the browser, against the production build: the headers on every page, no
// Content-Security-Policy violation on the main pages (media from the storage origin included),
// studio pages opened by another studio show none of the owner's names or ids, stored markup
// stays inert on the public gallery page and in the editor's preview, and no page runs an inline
// script it did not write (issue 36): each of its own carries the answer's nonce or is hashed in
// its policy, and markup injected into any page runs nothing.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type Frame, type Page } from "@playwright/test";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { createHash } from "node:crypto";
import { createAccount, db, PASSWORD, SUPERADMIN, seedGallery, settle, signIn, expectPath, trackRequests } from "./support";
import { MARKETING_PATHS } from "../../components/marketing/nav-links";
import { makePng } from "../helpers/png";
import { ACCOUNT_SECTIONS, GALLERY_SECTIONS, SIGN_IN_PATHS, WIDE_SECTIONS } from "../../lib/routes";

const XSS = `<img src=x onerror="window.__pwned=1;alert(1)">`;

async function putObject(key: string, body: Buffer, contentType: string) {
  const env = JSON.parse(fs.readFileSync(path.resolve(".data/e2e/env.json"), "utf8"));
  const s3 = new S3Client({
    region: env.S3_REGION ?? "us-east-1",
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? "S3RVER", secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "S3RVER" },
  });
  await s3.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: key, Body: body, ContentType: contentType }));
}

/** A studio with a gallery whose background image is really in the store. */
async function studioWithGallery(opts: { title?: string; companyName?: string; videoTitle?: string } = {}) {
  const studio = await createAccount();
  if (opts.companyName) await db().admin.update({ where: { id: studio.id }, data: { companyName: opts.companyName } });
  const { folder, gallery } = await seedGallery(studio.id, { folderName: `Secret folder ${randomUUID().slice(0, 6)}` });
  const bg = `${studio.id}/${folder.id}/${gallery.id}/bg.png`;
  await putObject(bg, makePng(64, 36), "image/png");
  const updated = await db().gallery.update({ where: { id: gallery.id }, data: { bgImageUrl: bg, ...(opts.title ? { title: opts.title, subtitle: opts.title } : {}) } });
  const video = await db().video.create({
    data: { title: opts.videoTitle ?? `Film ${randomUUID().slice(0, 6)}`, storageKey: `${studio.id}/${folder.id}/${gallery.id}/film.mp4`, galleryId: gallery.id, adminId: studio.id, status: "READY" },
  });
  return { studio, folder, gallery: updated, video };
}

/** Records CSP violations and alerts in every frame of the page. */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on("dialog", async (d) => {
    problems.push(`${page.url()}: a dialog opened: ${d.message()}`);
    await d.dismiss();
  });
  return problems;
}

test("the development mail preview is not served by the production build", async ({ request }) => {
  for (const p of ["/dev/mails", "/dev/mails?mail=reminder-7"]) expect((await request.get(p, { maxRedirects: 0 })).status(), p).toBe(404);
});

test("every kind of page answers with the security headers", async ({ request }) => {
  const { gallery } = await studioWithGallery();
  for (const p of ["/", "/contact", "/pricing", "/login", "/signup", `/g/${gallery.customUrl}`, "/no-such-page", "/api/folder/folders"]) {
    const res = await request.get(p, { maxRedirects: 0 });
    const h = res.headers();
    expect(h["content-security-policy"], p).toContain("default-src 'self'");
    expect(h["content-security-policy"], p).toContain("frame-ancestors 'self'");
    expect(h["content-security-policy"], p).toContain("object-src 'none'");
    expect(h["x-content-type-options"], p).toBe("nosniff");
    expect(h["referrer-policy"], p).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"], p).toContain("camera=()");
    expect(h["strict-transport-security"], p).toBeUndefined(); // http:// here
  }
  const css = await request.get("/favicon.ico");
  expect(css.headers()["x-content-type-options"]).toBe("nosniff");
});

/** The script-src of a policy, as a list. */
const scriptSources = (csp: string) =>
  csp
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === "script-src")
    ?.slice(1) ?? [];

/**
 * Every inline script of a page that a browser would run (no src, a JavaScript type) is trusted
 * by its answer's policy: it carries the policy's nonce, or its text's hash is listed.
 */
function untrustedInlineScripts(html: string, csp: string): string[] {
  const sources = scriptSources(csp);
  const nonces = sources.filter((s) => s.startsWith("'nonce-")).map((s) => s.slice(7, -1));
  const untrusted: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, text] = m;
    if (/\ssrc=/i.test(attrs)) continue;
    const type = /\stype="([^"]*)"/i.exec(attrs)?.[1];
    if (type && !/^(text\/javascript|module|application\/javascript)$/i.test(type)) continue; // data blocks (JSON) never run
    const nonce = /\snonce="([^"]*)"/i.exec(attrs)?.[1];
    const hash = `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    if (!(nonce && nonces.includes(nonce)) && !sources.includes(hash)) untrusted.push(`${attrs.trim()} ${text.slice(0, 60)}`);
  }
  return untrusted;
}

test("no page allows inline script it did not write: each of its own carries the nonce or its hash is listed", async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  const { studio, gallery } = await studioWithGallery();
  const domain = `csp-${randomUUID().slice(0, 6)}.localhost`;
  await db().admin.update({ where: { id: studio.id }, data: { domainUrl: domain } });
  const port = new URL(baseURL!).port;
  // The studio's domain: its gallery and its home page (the Host names it; the server resolves nothing).
  const onDomain = (p: string) => `${p}@${domain}`;
  const pages = ["/", "/pricing", "/login", "/signup", "/vidfolio-superadmin/login", "/no-such-page", `/g/${gallery.customUrl}`, `/g/${gallery.id}`, onDomain(`/${gallery.customUrl}`), onDomain("/")];
  const nonces = new Set<string>();
  for (const p of pages) {
    const [pathname, host] = p.split("@");
    const res = await request.get(pathname, { maxRedirects: 0, headers: { "content-security-policy": "script-src 'nonce-chosen-by-client'", ...(host ? { host: `${host}:${port}` } : {}) } });
    expect(res.status(), p).toBe(p === "/no-such-page" ? 404 : 200);
    const csp = res.headers()["content-security-policy"];
    const sources = scriptSources(csp);
    expect(sources, p).not.toContain("'unsafe-inline'");
    expect(sources, p).toContain("'strict-dynamic'");
    expect(sources, p).not.toContain("'nonce-chosen-by-client'");
    const html = await res.text();
    expect(html, p).not.toContain("nonce-chosen-by-client");
    // The marketing and sign-in pages are sent with no script at all (pages/_document.tsx); every other page has some.
    const scripts = html.match(/<script\b/gi)?.length ?? 0;
    if (!host && [...MARKETING_PATHS, ...SIGN_IN_PATHS].includes(pathname)) expect(scripts, `${p} has no script`).toBe(0);
    else expect(scripts, `${p} has scripts`).toBeGreaterThan(0);
    expect(untrustedInlineScripts(html, csp), p).toEqual([]);
    for (const s of sources) if (s.startsWith("'nonce-")) nonces.add(s);
  }
  // A page rendered per request has a nonce of its own each time; a gallery page (cached for everyone) has none.
  const again = scriptSources((await request.get("/login")).headers()["content-security-policy"]).find((s) => s.startsWith("'nonce-"));
  expect(again).toBeDefined();
  expect(nonces.has(again!)).toBe(false);
  expect(scriptSources((await request.get(`/g/${gallery.customUrl}`)).headers()["content-security-policy"]).some((s) => s.startsWith("'nonce-"))).toBe(false);
  // An API answer runs no script at all.
  expect(scriptSources((await request.get("/api/health")).headers()["content-security-policy"])).toEqual(["'none'"]);
});

test("markup injected into any page runs no script: handlers, javascript: links, inline and same-origin scripts", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { studio, gallery } = await studioWithGallery();
  const inject = async (where: Page | Frame, label: string) => {
    const outcome = await where.evaluate(async () => {
      const w = window as unknown as { __ran?: string[]; __violations?: string[] };
      w.__ran = [];
      w.__violations = [];
      document.addEventListener("securitypolicyviolation", (e) => w.__violations!.push(e.violatedDirective));
      const box = document.createElement("div");
      // What a renderer writing text as HTML would make of hostile text.
      box.innerHTML = [
        `<img src="data:," onerror="window.__ran.push('img onerror')">`,
        `<svg onload="window.__ran.push('svg onload')"></svg>`,
        `<a id="__js" href="javascript:window.__ran.push('javascript link')">link</a>`,
        `<iframe srcdoc="<script>parent.__ran.push('srcdoc script')</script>"></iframe>`,
      ].join("");
      document.body.appendChild(box);
      (document.getElementById("__js") as HTMLAnchorElement).click();
      await new Promise((r) => setTimeout(r, 500));
      return { ran: w.__ran, violations: w.__violations.length };
    });
    expect(outcome.ran, `${label}: injected markup ran`).toEqual([]);
    expect(outcome.violations, `${label}: the policy refused it (a CSP violation was reported)`).toBeGreaterThan(0);
  };

  await page.goto("/");
  await inject(page, "marketing");
  await page.goto(`/g/${gallery.customUrl}`);
  await expect(page.getByTestId("gallery-title")).toHaveText(gallery.title);
  await inject(page, "public gallery");
  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/studio/galleries");
  await inject(page, "studio");
  await page.goto(`/studio/galleries/${gallery.id}/heading`);
  await expect(page.frameLocator('iframe[title="Gallery preview"]').getByTestId("gallery-title")).toBeVisible();
  const preview = page.frames().find((f) => f.url().includes("/preview"));
  expect(preview, "the editor's preview frame").toBeDefined();
  await inject(preview!, "editor preview");

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, SUPERADMIN.email, SUPERADMIN.password, "/vidfolio-superadmin/login");
  await expectPath(adminPage, "/vidfolio-superadmin/clientdata");
  await inject(adminPage, "super admin");
  await admin.close();
});

test("the main pages load without a single CSP violation", async ({ page }) => {
  test.setTimeout(180_000);
  trackRequests(page);
  const problems = await watch(page);
  const { studio, gallery } = await studioWithGallery();
  for (const p of ["/", "/contact", "/pricing", "/about", "/company", "/signup", `/g/${gallery.customUrl}`]) {
    await page.goto(p);
    await settle(page);
  }
  // The public page shows its background image from the storage origin.
  await page.goto(`/g/${gallery.customUrl}`);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          Array.from(document.images).some((i) => i.complete && i.naturalWidth > 0 && /bg\.png/.test(i.src)) ||
          getComputedStyle(document.body).backgroundImage.includes("bg.png") ||
          document.documentElement.innerHTML.includes("bg.png"),
      ),
    )
    .toBe(true);

  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/studio/galleries");
  await settle(page);
  for (const s of GALLERY_SECTIONS) {
    await page.goto(`/studio/galleries/${gallery.id}/${s.slug}`);
    if (WIDE_SECTIONS.includes(s.slug)) await expect(page.locator("#section-heading")).toBeVisible();
    else await expect(page.frameLocator('iframe[title="Gallery preview"]').getByTestId("gallery-title")).toBeVisible();
    await settle(page);
  }
  for (const s of ACCOUNT_SECTIONS) {
    await page.goto(`/studio/account/${s.slug}`);
    await settle(page);
  }
  for (const frame of page.frames()) {
    const recorded = await frame.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => []);
    problems.push(...recorded);
  }
  expect(problems).toEqual([]);
});

test("studio pages opened by another studio show none of the owner's names or ids", async ({ page }) => {
  test.setTimeout(90_000);
  const a = await studioWithGallery({ companyName: `Owner Co ${randomUUID().slice(0, 6)}` });
  const customer = await db().customer.create({ data: { adminId: a.studio.id, name: `Client ${randomUUID().slice(0, 6)}`, email: `client-${randomUUID().slice(0, 6)}@example.com` } });
  await db().gallery.update({ where: { id: a.gallery.id }, data: { customerId: customer.id } });
  const markers = [
    customer.id,
    customer.name,
    customer.email,
    a.studio.id,
    a.studio.email,
    a.studio.name,
    a.studio.companyName!,
    a.folder.id,
    a.folder.name,
    a.gallery.id,
    a.gallery.name,
    a.gallery.title,
    a.gallery.customUrl,
    a.video.id,
    a.video.title,
  ].filter(Boolean);
  const b = await createAccount();
  await signIn(page, b.email, PASSWORD);
  await expectPath(page, "/studio/galleries");

  // Every studio page file, its dynamic segments filled with studio A's ids (discovered, so a new
  // page is covered; a new segment name must be added here).
  const segments: Record<string, string[]> = { galleryId: [a.gallery.id], customerId: [customer.id], section: [...GALLERY_SECTIONS.map((s) => s.slug), ...ACCOUNT_SECTIONS.map((s) => s.slug)] };
  const pages: string[] = [];
  const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name === "page.tsx" ? [dir] : []));
  for (const dir of walk(path.resolve("app/(app)/studio"))) {
    // Route groups such as (app) are not part of the URL.
    let urls = [
      "/" +
        path
          .relative(path.resolve("app"), dir)
          .split(path.sep)
          .filter((s) => !/^\(.+\)$/.test(s))
          .join("/"),
    ];
    for (const m of urls[0].matchAll(/\[([^\]]+)\]/g)) {
      const values = segments[m[1]];
      expect(values, `app/studio page segment [${m[1]}] is unknown to this test: add it to segments with studio A's ids`).toBeDefined();
      urls = urls.flatMap((u) => values.map((v) => u.replace(`[${m[1]}]`, v)));
    }
    pages.push(...urls);
  }
  pages.push(`/studio/galleries?folder=${a.folder.id}`);
  expect(pages.length).toBeGreaterThan(10);
  for (const p of pages) {
    const res = await page.goto(p);
    const html = await page.content();
    // Ids that B itself put in the address come back in Next's router payload; anything else of A's must not.
    const leaks = markers.filter((m) => !p.includes(m) && html.includes(m));
    expect([p, res?.status(), leaks]).toEqual([p, res?.status(), []]);
  }
});

test("stored markup is inert on the public gallery page and in the editor's preview", async ({ page }) => {
  test.setTimeout(90_000);
  const problems = await watch(page);
  const { studio, gallery } = await studioWithGallery({ title: XSS, companyName: XSS, videoTitle: XSS });
  await db().admin.update({ where: { id: studio.id }, data: { websiteUrl: "javascript:alert(1)", youtubeUrl: "javascript:alert(1)" } });

  await page.goto(`/g/${gallery.customUrl}`);
  await expect(page.getByTestId("gallery-title")).toHaveText(XSS);
  await expectInert(page);

  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/studio/galleries");
  await page.goto(`/studio/galleries/${gallery.id}/heading`);
  const frame = page.frameLocator('iframe[title="Gallery preview"]');
  await expect(frame.getByTestId("gallery-title")).toHaveText(XSS);
  await page.goto("/studio/account/companysetting");
  await page.waitForLoadState("networkidle");
  await expectInert(page);
  for (const f of page.frames()) expect(await f.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null)).toBeNull();
  expect(problems).toEqual([]);
});

async function expectInert(page: Page) {
  for (const f of page.frames()) {
    const found = await f.evaluate(() => ({
      imgX: document.querySelectorAll('img[src="x"]').length,
      handlers: document.querySelectorAll("[onerror],[onload]").length,
      jsLinks: Array.from(document.querySelectorAll("a[href]")).filter((a) => /^\s*(javascript|data|vbscript):/i.test(a.getAttribute("href")!)).length,
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
    }));
    expect(found).toEqual({ imgX: 0, handlers: 0, jsLinks: 0, pwned: null });
  }
}
