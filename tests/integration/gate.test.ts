import { proxy } from "@/proxy";
import { TEXTS } from "@/lib/texts";
import { createStudio, createSuperadmin } from "../helpers/factories";
import { bearerFor, request, sessionCookieFor } from "../helpers/requests";

const get = (path: string, cookie?: string, token?: string) => request("GET", path, { cookie, token });

describe("proxy: the route gate", () => {
  it.each(["/studio/galleries", "/studio/account/planbill", "/studio/galleries/abc/heading", "/checkout", "/success?session_id=x"])(
    "sends a visitor without a session from %s to /login",
    async (path) => {
      const res = await proxy(get(path));
      expect(res.status).toBe(307);
      const to = new URL(res.headers.get("location")!);
      expect(to.pathname).toBe("/login");
    },
  );

  it("lets a studio session through to the studio and sends it away from super-admin pages", async () => {
    const cookie = await sessionCookieFor(await createStudio());
    expect((await proxy(get("/studio/galleries", cookie))).headers.get("x-middleware-next")).toBe("1");
    const res = await proxy(get("/vidfolio-superadmin/clientdata", cookie));
    expect(new URL(res.headers.get("location")!).pathname).toBe("/vidfolio-superadmin/login");
  });

  it("lets a super admin into its panel and not into the studio", async () => {
    const cookie = await sessionCookieFor(await createSuperadmin());
    expect((await proxy(get("/vidfolio-superadmin/clientdata", cookie))).headers.get("x-middleware-next")).toBe("1");
    const res = await proxy(get("/studio/galleries", cookie));
    expect(new URL(res.headers.get("location")!).pathname).toBe("/vidfolio-superadmin/clientdata");
  });

  it("answers 401 JSON on /api/* without a session or a valid bearer token", async () => {
    for (const req of [get("/api/admin/admin-details"), get("/api/folder/folders", undefined, "forged.token.value")]) {
      const res = await proxy(req);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: "unauthorized", message: TEXTS.unauthorized });
    }
    const token = await bearerFor(await createStudio());
    expect((await proxy(get("/api/admin/admin-details", undefined, token))).headers.get("x-middleware-next")).toBe("1");
  });

  it("leaves the public API open", async () => {
    for (const path of ["/api/admin/login", "/api/auth/session", "/api/auth/csrf"]) {
      expect((await proxy(get(path))).headers.get("x-middleware-next")).toBe("1");
    }
  });

  it("ends the previous session of its own face when a sign-in page is opened, never the other face's", async () => {
    const studio = await sessionCookieFor(await createStudio());
    const admin = await sessionCookieFor(await createSuperadmin());
    const both = `${studio}; ${admin}`;
    // Opened as a browser opens a page (a request that does not ask for a page signs nobody out).
    const open = (path: string) => request("GET", path, { cookie: both, headers: { "sec-fetch-mode": "navigate", accept: "text/html" } });
    const login = (await proxy(open("/login"))).headers.getSetCookie();
    expect(login.join(" | ")).toMatch(/next-auth\.session-token=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/i);
    expect(login.some((c) => c.startsWith("vidfolio-admin."))).toBe(false);
    const superadminLogin = (await proxy(open("/vidfolio-superadmin/login"))).headers.getSetCookie();
    expect(superadminLogin.join(" | ")).toMatch(/vidfolio-admin\.session-token=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/i);
    expect(superadminLogin.some((c) => c.startsWith("next-auth."))).toBe(false);
  });

  it("with both faces signed in, studio pages take the studio and super-admin pages the super admin", async () => {
    const both = `${await sessionCookieFor(await createStudio())}; ${await sessionCookieFor(await createSuperadmin())}`;
    expect((await proxy(get("/studio/galleries", both))).headers.get("x-middleware-next")).toBe("1");
    expect((await proxy(get("/vidfolio-superadmin/clientdata", both))).headers.get("x-middleware-next")).toBe("1");
  });

  it("leaves marketing pages alone", async () => {
    for (const path of ["/", "/pricing", "/contact", "/about", "/company", "/no-such-page"]) {
      expect((await proxy(get(path))).headers.get("x-middleware-next")).toBe("1");
    }
  });
});
