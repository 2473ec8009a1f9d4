// A missing gallery's 404 is rendered by app/not-found.tsx without its route's params (issue 39
// item 5): proxy.ts hands it the viewer route it rewrote to (VIEWER_ROUTE_HEADER), which names the
// studio's domain and the viewer's language. The header is only ever the proxy's: a client's copy
// never reaches a page (else any host's 404 could be made to wear another studio's branding).
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { VIEWER_ROUTE_HEADER, viewerRouteOf } from "@/lib/services/galleries/rules/gallery-paths";

const FORWARDED = `x-middleware-request-${VIEWER_ROUTE_HEADER}`;

async function forwarded(url: string, headers: Record<string, string> = {}) {
  const at = new URL(url);
  const res = await proxy(new NextRequest(at, { headers: { host: at.host, ...headers } }));
  const kept = (res.headers.get("x-middleware-override-headers") ?? "").split(",");
  return kept.includes(VIEWER_ROUTE_HEADER) ? res.headers.get(FORWARDED) : null;
}

describe("the viewer route a page's 404 reads", () => {
  it("is the localized route of a gallery path, on the app's host and on a studio's domain, in the viewer's language", async () => {
    expect(await forwarded("http://localhost:3000/g/no-such-gallery")).toBe("/v/a-en/g/no-such-gallery");
    expect(await forwarded("http://localhost:3000/g/no-such-gallery?lang=fr")).toBe("/v/fr/g/no-such-gallery");
    expect(await forwarded("http://studio-a.localhost:3000/no-such-gallery", { "accept-language": "de-DE,de;q=0.9" })).toBe("/v/a-de/d/studio-a.localhost/no-such-gallery");
    // Any other path of a studio's domain is its 404 too.
    expect(await forwarded("http://studio-a.localhost:3000/studio/galleries")).toBe("/v/a-en/d/studio-a.localhost/studio/galleries");
  });

  it("is never a client's: dropped on every other path, replaced on a viewer path", async () => {
    const forged = { [VIEWER_ROUTE_HEADER]: "/v/en/d/victim.example.com/x" };
    for (const path of ["/", "/login", "/pricing", "/no-such-page", "/api/public/galleries/x/content"]) expect(await forwarded(`http://localhost:3000${path}`, forged)).toBeNull();
    expect(await forwarded("http://localhost:3000/g/emma", forged)).toBe("/v/a-en/g/emma");
    expect(await forwarded("http://studio-a.localhost:3000/emma", forged)).toBe("/v/a-en/d/studio-a.localhost/emma");
  });

  it("names the language segment and the domain (null on Vidfolio's gallery host); anything else names nothing", () => {
    expect(viewerRouteOf("/v/a-fr/g/emma")).toEqual({ segment: "a-fr", domain: null });
    expect(viewerRouteOf("/v/de/d/studio-a.example.com/emma")).toEqual({ segment: "de", domain: "studio-a.example.com" });
    expect(viewerRouteOf("/v/en/d/studio-a.example.com/studio/galleries")).toEqual({ segment: "en", domain: "studio-a.example.com" });
    expect(viewerRouteOf("/v/en/d/xn--stdio-cua.example")).toEqual({ segment: "en", domain: "xn--stdio-cua.example" });
    for (const v of [null, undefined, "", "/", "/g/emma", "/v/en", "/v/en/g", "/v/en/g/a/b", "/v/en/x/emma", "/v/en/d/%E0%A4%A/emma"]) expect(viewerRouteOf(v)).toBeNull();
  });
});
