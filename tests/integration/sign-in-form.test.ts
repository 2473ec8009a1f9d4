// The sign-in pages' form without a script (issue 39 item 7): the page's props (next-auth's CSRF
// double-submit cookie, the message of a refusal by its code only, the email kept, a safe return
// path), and the door's answers to a browser's own form post, through the real next-auth and the
// database: a redirect to where the account lands, or back to the page with the refusal's code.
import { POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { csrfCookieName, SIGN_IN_EMAIL_COOKIE, signInPageProps } from "@/lib/auth/sign-in-page";
import { ROUTES } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import { createStudio, createSuperadmin, TEST_PASSWORD } from "../helpers/factories";
import { request, someAddress } from "../helpers/requests";
import { runInScope } from "../helpers/request-scope";

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);

const CSRF = csrfCookieName(false);

/** The page's props for a request with these cookies and query, and the cookies it set. */
function page(cookies: Record<string, string> = {}, query: Record<string, string> = {}, role: "admin" | "superadmin" = "admin") {
  const set: string[] = [];
  const props = signInPageProps({ cookies }, { setHeader: (_name, values) => set.push(...values) }, query, role);
  return { props, set };
}

/** A fresh page's CSRF token and the cookie header a browser then sends back. */
function freshForm() {
  const { props, set } = page();
  const cookie = set[0].split(";")[0];
  return { token: props.csrfToken, cookie, value: decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)) };
}

/** What a browser says about a form posted from the sign-in page itself. */
const SAME_ORIGIN = { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" };

/** Posts the form as a browser does (no `json`: a redirect is the answer), from our page unless `from` says otherwise. */
function post(fields: Record<string, string>, cookie: string, from: Record<string, string> = SAME_ORIGIN) {
  const req = request("POST", "/api/auth/callback/credentials", {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...from },
    from: someAddress(),
  });
  return runInScope(req, () => nextAuthPost(req, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) }));
}

const where = (res: Response) => {
  const url = new URL(res.headers.get("location") ?? "", "http://localhost:3000");
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
};
const session = (res: Response) => res.headers.getSetCookie().find((c) => /^(next-auth|vidfolio-admin)\.session-token=[^;]/.test(c));

describe("the sign-in page's props", () => {
  it("gives a new CSRF token with its cookie, and keeps one whose cookie is next-auth's", () => {
    const first = freshForm();
    expect(first.token).toMatch(/^[0-9a-f]{64}$/);
    expect(first.cookie.startsWith(`${CSRF}=`)).toBe(true);
    const again = page({ [CSRF]: first.value });
    expect(again.props.csrfToken).toBe(first.token);
    expect(again.set).toEqual([]);
    // A cookie the browser made up (its hash does not match) is replaced.
    const forged = page({ [CSRF]: `${"a".repeat(64)}|${"b".repeat(64)}` });
    expect(forged.props.csrfToken).not.toBe("a".repeat(64));
    expect(forged.set).toHaveLength(1);
  });

  it("shows only its own messages: a refusal's code, else the generic one, never text from the address", () => {
    expect(page({}, { error: "invalid_credentials" }).props.error).toBe(TEXTS.invalidCredentials);
    expect(page({}, { error: "account_under_review" }).props.error).toBe(TEXTS.accountUnderReview);
    expect(page({}, { error: "forbidden" }).props.error).toBe(TEXTS.notSuperadmin);
    expect(page({}, { error: "rate_limited" }).props.error).toBe(TEXTS.tooManyAttempts);
    expect(page({}, { error: "CredentialsSignin" }).props.error).toBe(TEXTS.signInFailed);
    expect(page({}, { error: "Your account is locked. Call +1 555 0100." }).props.error).toBe(TEXTS.signInFailed);
    expect(page({}, { error: "toString" }).props.error).toBe(TEXTS.signInFailed);
    expect(page({}, { error: "csrf" }).props.error).toBe(TEXTS.signInFailed);
    expect(page().props.error).toBeNull();
  });

  it("keeps the email of a refused attempt only beside its message, and a return path only inside the app", () => {
    const cookies = { [SIGN_IN_EMAIL_COOKIE]: encodeURIComponent("ana@example.test") };
    expect(page(cookies, { error: "invalid_credentials" }).props.email).toBe("ana@example.test");
    expect(page(cookies).props.email).toBe("");
    expect(page({ [SIGN_IN_EMAIL_COOKIE]: "%E0%A4%A" }, { error: "invalid_credentials" }).props.email).toBe("");
    expect(page({}, { callbackUrl: "/studio/account/accountsetting" }).props.callbackUrl).toBe("/studio/account/accountsetting");
    for (const evil of ["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"]) expect(page({}, { callbackUrl: evil }).props.callbackUrl).toBeNull();
  });
});

describe("the form's post (no script: the answers are redirects)", () => {
  it("signs a studio in and sends it to its galleries, or back to the studio page it came from", async () => {
    const studio = await createStudio();
    const form = freshForm();
    const res = await post({ csrfToken: form.token, email: studio.email, password: TEST_PASSWORD }, form.cookie);
    expect(res.status).toBe(302);
    expect(where(res).path).toBe(ROUTES.galleries);
    expect(session(res)).toMatch(/^next-auth\.session-token=/);

    const back = await post({ csrfToken: form.token, email: studio.email, password: TEST_PASSWORD, callbackUrl: "/studio/account/accountsetting" }, form.cookie);
    expect(where(back).path).toBe("/studio/account/accountsetting");
    const away = await post({ csrfToken: form.token, email: studio.email, password: TEST_PASSWORD, callbackUrl: "//evil.example/studio/x" }, form.cookie);
    expect(where(away).path).toBe(ROUTES.galleries);
  });

  it("sends a super admin to the client panel, its session in its own cookie, from either page", async () => {
    const admin = await createSuperadmin();
    const form = freshForm();
    for (const role of [{}, { role: "superadmin" }] as Record<string, string>[]) {
      const res = await post({ csrfToken: form.token, email: admin.email, password: TEST_PASSWORD, ...role }, form.cookie);
      expect(where(res).path).toBe(ROUTES.superadminHome);
      expect(session(res)).toMatch(/^vidfolio-admin\.session-token=/);
    }
  });

  it("sends a refusal back to its page with its code and the email kept, and opens no session", async () => {
    const studio = await createStudio();
    const form = freshForm();
    const wrong = await post({ csrfToken: form.token, email: studio.email, password: "not-the-password", callbackUrl: "/studio/galleries/x" }, form.cookie);
    expect(wrong.status).toBe(303);
    expect(where(wrong)).toEqual({ path: ROUTES.login, query: { error: "invalid_credentials", callbackUrl: "/studio/galleries/x" } });
    expect(session(wrong)).toBeUndefined();
    const kept = wrong.headers.getSetCookie().find((c) => c.startsWith(`${SIGN_IN_EMAIL_COOKIE}=`));
    expect(kept).toContain(`${SIGN_IN_EMAIL_COOKIE}=${encodeURIComponent(studio.email)}`);
    expect(kept).toMatch(/HttpOnly/);
    expect(kept).toContain(`Path=${ROUTES.login}`);

    const notAdmin = await post({ csrfToken: form.token, email: studio.email, password: TEST_PASSWORD, role: "superadmin" }, form.cookie);
    expect(where(notAdmin)).toEqual({ path: ROUTES.superadminLogin, query: { error: "forbidden" } });
    expect(session(notAdmin)).toBeUndefined();

    const review = await createStudio({ status: "NOT_ACTIVE", plan: "NO_PLAN" });
    expect(where(await post({ csrfToken: form.token, email: review.email, password: TEST_PASSWORD }, form.cookie)).query.error).toBe("account_under_review");
  });

  it("keeps the email only for a post from this app's own page: another site's post (or one that does not say where it comes from) sets no cookie", async () => {
    const form = freshForm();
    const kept = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith(`${SIGN_IN_EMAIL_COOKIE}=`));
    // A studio each, so the guesses stay under the sign-in throttle.
    const refusedFrom = async (from: Record<string, string>) => post({ csrfToken: form.token, email: (await createStudio()).email, password: "not-the-password" }, form.cookie, from);
    for (const from of [SAME_ORIGIN, { origin: "http://localhost:3000" }, { "sec-fetch-site": "same-origin" }] as Record<string, string>[]) {
      const res = await refusedFrom(from);
      expect(where(res).query.error).toBe("invalid_credentials");
      expect(kept(res)).toBe(true);
    }
    for (const from of [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "https://shop.localhost:3000", "sec-fetch-site": "same-site" },
      { origin: "http://localhost:3000", "sec-fetch-site": "cross-site" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { origin: "null" },
      {},
    ] as Record<string, string>[]) {
      const res = await refusedFrom(from);
      // Still sent back to the page with its code, but the email is not kept.
      expect(res.status).toBe(303);
      expect(where(res).query.error).toBe("invalid_credentials");
      expect(kept(res)).toBe(false);
    }
    // The same for a form refused for its CSRF token.
    const csrf = await post({ csrfToken: freshForm().token, email: (await createStudio()).email, password: TEST_PASSWORD }, form.cookie, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(where(csrf).query.error).toBe("csrf");
    expect(kept(csrf)).toBe(false);
  });

  it("refuses a form without its page's CSRF token: back to the page, no session", async () => {
    const studio = await createStudio();
    const form = freshForm();
    const other = freshForm();
    for (const [token, cookie] of [
      [other.token, form.cookie],
      ["", form.cookie],
      [form.token, ""],
    ]) {
      const res = await post({ csrfToken: token, email: studio.email, password: TEST_PASSWORD }, cookie);
      expect(res.status).toBe(303);
      expect(where(res)).toEqual({ path: ROUTES.login, query: { error: "csrf" } });
      expect(session(res)).toBeUndefined();
    }
  });

  it("tells a form that guesses too often to wait (303 with the code, Retry-After), as it tells an API client", async () => {
    const studio = await createStudio();
    const form = freshForm();
    const from = someAddress();
    let res: Response | undefined;
    for (let i = 0; i < 12; i++) {
      const req = request("POST", "/api/auth/callback/credentials", {
        rawBody: new URLSearchParams({ csrfToken: form.token, email: studio.email, password: `wrong-${i}` }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie },
        from,
      });
      res = await runInScope(req, () => nextAuthPost(req, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) }));
      if (where(res).query.error === "rate_limited") break;
    }
    expect(res!.status).toBe(303);
    expect(where(res!).query.error).toBe("rate_limited");
    expect(Number(res!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
