import { expect, test, type Page } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { createAccount, DEMO, expectPath, PASSWORD, signIn, SUPERADMIN } from "./support";

test("the demo studio signs in, sees its profile panel, and logs out", async ({ page, context }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expectPath(page, "/studio/galleries");
  await expect(page.getByRole("heading", { name: "Weddings 2026" })).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === "next-auth.session-token");
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");

  await page.getByRole("button", { name: "Open profile" }).click();
  await expect(page.getByTestId("profile-name")).toHaveText(DEMO.name);
  await expect(page.getByTestId("profile-email")).toHaveText(DEMO.email);
  await expect(page.getByTestId("profile-credits")).toHaveText("25.00 GB");
  const accountNav = page.getByRole("navigation", { name: "Account" });
  for (const [name, href] of [
    ["Account Setting", "/studio/account/accountsetting"],
    ["Company Setting", "/studio/account/companysetting"],
    ["Domain Setting", "/studio/account/domainsetting"],
    ["Plan & Billing", "/studio/account/planbill"],
    ["Credit Usage", "/studio/account/creditusage"],
  ]) {
    await expect(accountNav.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await accountNav.getByRole("link", { name: "Credit Usage" }).click();
  await expectPath(page, "/studio/account/creditusage");

  await page.getByRole("button", { name: "Open profile" }).click();
  await page.getByRole("button", { name: "LOG OUT" }).click();
  await expectPath(page, "/login");
  await page.goto("/studio/galleries");
  await expectPath(page, "/login");
});

test("the profile panel works from the keyboard and closes with Escape", async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expectPath(page, "/studio/galleries");
  await page.getByRole("button", { name: "Open profile" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "LOG OUT" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "LOG OUT" })).toBeHidden();
});

test("a studio without a plan lands on checkout", async ({ page }) => {
  const studio = await createAccount({ plan: "NO_PLAN" });
  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/checkout");
  await expect(page.getByText(`Hi ${studio.name}, Choose Your Plan Here to Continue...`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our Pricing Plans" })).toBeVisible();
});

test("the super admin signs in on its own page, lands on the client panel and logs out", async ({ page }) => {
  await signIn(page, SUPERADMIN.email, SUPERADMIN.password, "/vidfolio-superadmin/login");
  await expectPath(page, "/vidfolio-superadmin/clientdata");
  await expect(page.getByRole("cell", { name: DEMO.email })).toBeVisible();
  await page.getByRole("button", { name: "Log Out" }).click();
  await expectPath(page, "/vidfolio-superadmin/login");
  await page.goto("/vidfolio-superadmin/clientdata");
  await expectPath(page, "/vidfolio-superadmin/login");
});

test("a super admin signing in at /login also lands on the client panel", async ({ page }) => {
  await signIn(page, SUPERADMIN.email, SUPERADMIN.password);
  await expectPath(page, "/vidfolio-superadmin/clientdata");
});

test("a studio cannot sign in on the super-admin page", async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password, "/vidfolio-superadmin/login");
  await expect(page.getByTestId("form-error")).toHaveText(TEXTS.notSuperadmin);
  await expectPath(page, "/vidfolio-superadmin/login");
});

test("a Not Active studio is refused and told its account is under review", async ({ page }) => {
  const studio = await createAccount({ status: "NOT_ACTIVE", plan: "NO_PLAN" });
  await signIn(page, studio.email, PASSWORD);
  await expect(page.getByTestId("form-error")).toHaveText(TEXTS.accountUnderReview);
  await expectPath(page, "/login");
});

test("a wrong password shows the server's message", async ({ page }) => {
  await signIn(page, DEMO.email, "not-the-password");
  await expect(page.getByTestId("form-error")).toHaveText(TEXTS.invalidCredentials);
});

// Issue 39 item 7: the sign-in pages are HTML forms with no script; the browser posts them, the
// door answers with redirects (tests/integration/sign-in-form.test.ts has every answer).
test.describe("with scripts off", () => {
  test.use({ javaScriptEnabled: false });

  // Not signIn(): it waits for React, which never runs here.
  async function submit(page: Page, email: string, password: string, at = "/login") {
    await page.goto(at);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }

  test("a wrong password keeps the email and focuses the password; the right one signs in", async ({ page }) => {
    await submit(page, DEMO.email, "not-the-password");
    await expect(page.getByTestId("form-error")).toHaveText(TEXTS.invalidCredentials);
    await expectPath(page, "/login");
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.email);
    await expect(page.getByLabel("Password")).toBeFocused();
    await page.screenshot({ path: test.info().outputPath("login-refused-desktop.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("login-refused-390.png") });
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectPath(page, "/studio/galleries");
  });

  test("the super admin signs in on its own page", async ({ page }) => {
    await page.goto("/vidfolio-superadmin/login");
    await page.screenshot({ path: test.info().outputPath("superadmin-login-desktop.png") });
    await submit(page, SUPERADMIN.email, SUPERADMIN.password, "/vidfolio-superadmin/login");
    await expectPath(page, "/vidfolio-superadmin/clientdata");
  });
});

test("a studio page asked for before signing in is where the sign-in lands, even after a wrong password", async ({ page }) => {
  await page.goto("/studio/account/creditusage");
  await expectPath(page, "/login");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("form-error")).toHaveText(TEXTS.invalidCredentials);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectPath(page, "/studio/account/creditusage");
});

test("the sign-in page says only its own messages, whatever the address asks", async ({ page }) => {
  await page.goto(`/login?error=${encodeURIComponent("Your account is locked. Call +1 555 0100.")}`);
  await expect(page.getByTestId("form-error")).toHaveText(TEXTS.signInFailed);
  await page.goto("/login");
  await expect(page.getByTestId("form-error")).toHaveCount(0);
});

test("the login form requires an email of type email and a password", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Email")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Password")).toHaveAttribute("required", "");
  await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
});

for (const path of ["/studio/galleries", "/studio/account/accountsetting", "/checkout", "/success?session_id=abc"]) {
  test(`${path} needs a studio session`, async ({ page }) => {
    await page.goto(path);
    await expectPath(page, "/login");
  });
}

test("super-admin pages need the superadmin role", async ({ page }) => {
  await page.goto("/vidfolio-superadmin/clientdata");
  await expectPath(page, "/vidfolio-superadmin/login");
  await signIn(page, DEMO.email, DEMO.password);
  await expectPath(page, "/studio/galleries");
  await page.goto("/vidfolio-superadmin/clientdata");
  await expectPath(page, "/vidfolio-superadmin/login");
});

test("opening the login page ends the previous session", async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expectPath(page, "/studio/galleries");
  await page.goto("/login");
  await page.goto("/studio/galleries");
  await expectPath(page, "/login");
});

test("an unknown account section is a 404", async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expectPath(page, "/studio/galleries");
  await page.goto("/studio/account/nope");
  await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
});

test("the API answers 401 JSON without credentials and the admin with a bearer token", async ({ request }) => {
  const anon = await request.get("/api/admin/admin-details");
  expect(anon.status()).toBe(401);
  expect(await anon.json()).toEqual({ code: "unauthorized", message: TEXTS.unauthorized });
  const login = await request.post("/api/admin/login", { data: { email: DEMO.email, password: DEMO.password, role: "admin" } });
  expect(login.status()).toBe(200);
  const { token, data } = await login.json();
  expect(data.role).toBe("admin");
  const me = await request.get("/api/admin/admin-details", { headers: { authorization: `Bearer ${token}` } });
  expect((await me.json()).admin.email).toBe(DEMO.email);
});

// Issue 19 item 2: pages that link to the sign-in page (and the browser prefetching it) must not
// sign anyone out; arriving on the sign-in page does.
test("visiting every page that links to sign-in keeps the studio signed in; following the Login link signs it out", async ({ page }) => {
  const studio = await createAccount();
  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/studio/galleries");
  const clearing: string[] = [];
  // A response still arriving as the test ends (its page closed) has no headers left to read.
  page.on("response", (res) =>
    res.headersArray().then(
      (headers) => headers.some((h) => h.name.toLowerCase() === "set-cookie" && /session-token=;/.test(h.value)) && clearing.push(res.url()),
      () => {},
    ),
  );
  for (const path of ["/", "/pricing", "/company", "/about", "/contact", "/signup"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // Hovering and scrolling make Next's router prefetch the sign-in link too.
    const login = page.getByRole("link", { name: "Login" }).first();
    if (await login.isVisible()) await login.hover();
    // And the router's own requests for it, as any page's Link prefetch or router.push makes them.
    await page.evaluate(async () => {
      await fetch("/login", { headers: { rsc: "1", "next-router-prefetch": "1" } });
      await fetch("/login?_rsc=x1", { headers: { rsc: "1" } });
    });
    await page.waitForTimeout(300);
  }
  expect(clearing).toEqual([]);
  await page.goto("/studio/galleries");
  await expectPath(page, "/studio/galleries");

  await page.goto("/");
  await page.getByRole("link", { name: "Login" }).first().click();
  await expectPath(page, "/login");
  await page.goto("/studio/galleries");
  await expectPath(page, "/login");
});

// Issue 36 ("also noticed"): the proxy's rule proven with requests as the production server hands
// them over (it strips Next's rsc and next-router-prefetch headers before the proxy runs), from
// clients with and without fetch metadata. Only a page load signs the face out.
test("the sign-in page signs out only a page load, as the production server delivers each request", async ({ playwright, baseURL }) => {
  const cases: [string, Record<string, string>, string, boolean][] = [
    ["a browser's navigation", { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", accept: "text/html" }, "", true],
    ["a navigation without fetch metadata", { accept: "text/html,application/xhtml+xml,*/*;q=0.8" }, "", true],
    ["Next's router prefetch from a browser", { rsc: "1", "next-router-prefetch": "1", "sec-fetch-mode": "cors", accept: "*/*" }, "", false],
    ["Next's router prefetch without fetch metadata", { rsc: "1", "next-router-prefetch": "1", accept: "*/*" }, "", false],
    ["an RSC request named by its query, without fetch metadata", { rsc: "1" }, "?_rsc=ab12", false],
    ["a script's fetch", { "sec-fetch-mode": "cors", accept: "*/*" }, "", false],
    ["the browser's speculative prefetch", { "sec-purpose": "prefetch", "sec-fetch-mode": "navigate", accept: "text/html" }, "", false],
  ];
  const results: string[] = [];
  for (const [what, headers, query, signsOut] of cases) {
    // A fresh client each time, holding a studio session cookie (the proxy clears the name it sees).
    const client = await playwright.request.newContext({ baseURL });
    const res = await client.get(`/login${query}`, { maxRedirects: 0, headers: { ...headers, cookie: "next-auth.session-token=e2e-session" } });
    const cleared = res.headersArray().some((h) => h.name.toLowerCase() === "set-cookie" && /^next-auth\.session-token=;/.test(h.value));
    results.push(`${what}: ${cleared ? "signed out" : "kept"}`);
    expect(res.status(), what).toBeLessThan(400);
    await client.dispose();
    expect(cleared, what).toBe(signsOut);
  }
  expect(results.length).toBe(cases.length);
});
