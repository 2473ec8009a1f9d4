// Issue 36 item 7: a gallery page has one address per name. `/g/<ID IN CAPITALS>` (or a custom url
// in capitals, or percent-encoded) was a page of its own in every cache, which no save expired: it
// showed the films a minute after the gallery was locked. The proxy sends every other spelling to
// the canonical (lower-case) path with a 308 before any cache sees it.
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { canonicalGalleryPath } from "@/lib/services/galleries/rules/gallery-paths";
import { CACHEABLE_HEADER } from "@/server/constants.cjs";

const ID = "0b6f1c0e-3f0a-4c54-9d3e-2f4b7a0c1d22";
const get = (path: string, host = "localhost:3000") => proxy(new NextRequest(new URL(path, `http://${host}`), { headers: { host } }));

describe("canonicalGalleryPath", () => {
  it.each([
    [`/g/${ID.toUpperCase()}`, `/g/${ID}`],
    [`/g/${ID.replace("b", "B")}/`, `/g/${ID}`],
    [`/g/${encodeURIComponent(ID).replace("0", "%30")}`, `/g/${ID}`],
    ["/g/Emma-And-James", "/g/emma-and-james"],
    ["/g/%65mma", "/g/emma"],
    [`/${ID.toUpperCase()}`, `/${ID}`],
    [`/d/studio.example/${ID.toUpperCase()}`, `/d/studio.example/${ID}`],
  ])("%s → %s", (path, canonical) => {
    expect(canonicalGalleryPath(path)).toBe(canonical);
  });

  it.each([`/g/${ID}`, "/g/emma-and-james", "/g/emma-and-james/", "/g/not a name", "/g/%E0%A4%A", "/g/üml", "/g/a_b"])("%s is left as it is", (path) => {
    expect(canonicalGalleryPath(path)).toBeNull();
  });
});

describe("the proxy", () => {
  it.each([
    [`/g/${ID.toUpperCase()}`, `/g/${ID}`],
    [`/g/${ID.toUpperCase()}?k=secret&lang=fr`, `/g/${ID}?k=secret&lang=fr`],
    ["/g/Emma-And-James", "/g/emma-and-james"],
  ])("redirects %s to %s with a 308 that no cache keeps", async (path, canonical) => {
    const res = await get(path);
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get("location")!).pathname + new URL(res.headers.get("location")!).search).toBe(canonical);
    expect(res.headers.get(CACHEABLE_HEADER)).toBeNull();
  });

  it("redirects another spelling on a studio's custom domain to the domain's own path", async () => {
    const res = await get(`/${ID.toUpperCase()}`, "films.example.com");
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe(`http://films.example.com/${ID}`);
  });

  it("serves the canonical path (marked for the front cache) without a redirect", async () => {
    const res = await get(`/g/${ID}`);
    expect(res.status).toBe(200);
    expect(res.headers.get(CACHEABLE_HEADER)).toBe(`/g/${ID}`);
  });
});
