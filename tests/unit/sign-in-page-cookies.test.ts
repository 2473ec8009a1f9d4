// Issue 19 item 2: a page that merely links to the sign-in page must not sign anyone out. The proxy
// clears the session cookies on the sign-in pages only for a document navigation (an address typed,
// a plain link followed, a reload); never for a prefetch (Next's router, the browser's speculation
// rules, older prefetch headers) or an RSC request, whatever the method or page.
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { ROUTES } from "@/lib/routes";

const COOKIE = "next-auth.session-token=abc; __Secure-next-auth.session-token=def; vidfolio-admin.session-token=ghi; __Secure-vidfolio-admin.session-token=jkl";
/** The face each sign-in page signs out (issue 19 item 5: the other face's session is never touched). */
const FACE: Record<string, { own: RegExp; other: RegExp }> = {
  [ROUTES.login]: { own: /^(__Secure-)?next-auth\.session-token=;/, other: /^(__Secure-)?vidfolio-admin\.session-token=/ },
  [ROUTES.superadminLogin]: { own: /^(__Secure-)?vidfolio-admin\.session-token=;/, other: /^(__Secure-)?next-auth\.session-token=/ },
};

async function clears(path: string, headers: Record<string, string>, method = "GET"): Promise<boolean> {
  const res = await proxy(new NextRequest(new URL(path, "http://localhost:3000"), { method, headers: { cookie: COOKIE, ...headers } }));
  const set = res.headers.getSetCookie();
  const face = FACE[path];
  if (face && set.some((c) => face.other.test(c))) throw new Error(`${path} touched the other face's session: ${set.join(" | ")}`);
  const cleared = set.filter((c) => /session-token=;/.test(c) && /Expires=Thu, 01 Jan 1970|Max-Age=0/i.test(c));
  if (face && cleared.length > 0 && cleared.filter((c) => face.own.test(c)).length !== 2) throw new Error(`${path} cleared ${cleared.join(" | ")}`);
  return cleared.length > 0;
}

describe.each([ROUTES.login, ROUTES.superadminLogin])("the sign-in page %s", (page) => {
  it.each<[string, Record<string, string>]>([
    ["a typed address or a followed link (Chromium)", { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" }],
    ["a navigation from a client without fetch metadata (it asks for a page)", { accept: "text/html,application/xhtml+xml,*/*;q=0.8" }],
    ["a reload", { "sec-fetch-mode": "navigate", "cache-control": "max-age=0" }],
  ])("signs the visitor out on %s", async (_kind, headers) => {
    expect(await clears(page, headers)).toBe(true);
  });

  // [what, headers, query, method]: every row has all four (jest would take a missing one for `done`).
  it.each<[string, Record<string, string>, string, string]>([
    ["Next's router prefetch", { rsc: "1", "next-router-prefetch": "1" }, "", "GET"],
    ["an RSC request (client-side navigation)", { rsc: "1", "next-router-state-tree": "%5B%22%22%5D" }, "", "GET"],
    ["an RSC request named by its query only", {}, "?_rsc=abc12", "GET"],
    ["the browser's speculation-rules prefetch", { "sec-purpose": "prefetch", "sec-fetch-mode": "navigate" }, "", "GET"],
    ["a prerender", { "sec-purpose": "prefetch;prerender", "sec-fetch-mode": "navigate" }, "", "GET"],
    ["an older prefetch header", { purpose: "prefetch" }, "", "GET"],
    ["a fetch from a page script", { "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" }, "", "GET"],
    ["a HEAD request", { "sec-fetch-mode": "navigate" }, "", "HEAD"],
    // The production server strips rsc and next-router-prefetch before the proxy runs (issue 36):
    // a router request from a client without fetch metadata is then a bare GET asking for anything.
    ["a router request as the production server hands it over, from a client without fetch metadata", { accept: "*/*" }, "", "GET"],
    ["a request without any header", {}, "", "GET"],
  ])("keeps the session on %s", async (_kind, headers, query, method) => {
    expect(await clears(`${page}${query}`, headers, method)).toBe(false);
  });
});
