/**
 * The production server's page front cache (server/front-cache.cjs), over real HTTP: a Node
 * server whose "Next.js" is a handler answering the way Next does for a cached page (headers set
 * with setHeader, the marker proxy.ts adds, `x-nextjs-cache`, the body in one or several writes).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

import { CACHEABLE_HEADER, FRONT_HEADER, pathTag } from "@/server/constants.cjs";
import { routeForHost } from "@/lib/services/studio/rules/hosts";
import { galleryPagePaths } from "@/lib/services/galleries/rules/gallery-paths";

const { createFrontCache, dropFrontCache, cacheBus } = require("@/server/front-cache.cjs");

/** What an invalidation of these gallery names (custom url, id) on these domains expires: their paths' tags. */
const galleryTags = (slugs: string[], domains: string[] = []) => galleryPagePaths(slugs, domains).map(pathTag);

type Upstream = { delayMs?: number; status?: number; marked?: boolean; nextCache?: string; cookie?: boolean; body?: string; chunks?: number; gzip?: boolean; cacheControl?: string; csp?: string };

let upstream: Upstream = {};
let calls = 0;
let clock = 1_000_000;
let shared = false;
let onRender: (() => void) | null = null;
/** Called once the first piece of the body is written (Next has answered; the page is not complete). */
let onFirstPiece: (() => void) | null = null;
let base = "";
let server: http.Server;

async function nextLike(req: http.IncomingMessage, res: http.ServerResponse) {
  calls += 1;
  if (upstream.delayMs) await new Promise((r) => setTimeout(r, upstream.delayMs));
  onRender?.();
  const u = { status: 200, marked: true, nextCache: "HIT", body: `<html>page ${calls} ${req.url}</html>`, chunks: 1, ...upstream };
  res.statusCode = u.status;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("cache-control", u.cacheControl ?? "s-maxage=60, stale-while-revalidate=31535940");
  res.setHeader("content-security-policy", u.csp ?? "default-src 'self'");
  res.setHeader("x-request-id", String(req.headers["x-request-id"] ?? "upstream-id-000"));
  // As proxy.ts marks it: the page's route path after the host's rewrite.
  if (u.marked) {
    const route = routeForHost(String(req.headers.host), new URL(req.url!, "http://x").pathname, { appUrl: "http://127.0.0.1" });
    res.setHeader(CACHEABLE_HEADER, route.action === "rewrite" ? route.path : new URL(req.url!, "http://x").pathname);
  }
  if (u.nextCache) res.setHeader("x-nextjs-cache", u.nextCache);
  if (u.cookie) res.setHeader("set-cookie", "a=b");
  let body: Buffer = Buffer.from(u.body);
  if (u.gzip && /gzip/.test(String(req.headers["accept-encoding"] ?? ""))) {
    body = gzipSync(body);
    res.setHeader("content-encoding", "gzip");
  }
  const size = Math.ceil(body.length / u.chunks);
  for (let i = 0; i < u.chunks - 1; i++) {
    res.write(body.subarray(i * size, (i + 1) * size));
    if (i === 0) onFirstPiece?.();
  }
  res.end(body.subarray((u.chunks - 1) * size));
}

beforeAll(async () => {
  const front = createFrontCache({ ttlMs: 5000, now: () => clock, shared: () => shared });
  server = http.createServer((req, res) => front.handle(req, res, () => void nextLike(req, res)));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  dropFrontCache();
  upstream = {};
  calls = 0;
  clock += 60_000;
  shared = false;
  cacheBus().listening = true;
  onRender = null;
  onFirstPiece = null;
});

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const res = await fetch(base + path, { headers, method });
  return { status: res.status, headers: res.headers, body: method === "HEAD" ? "" : await res.text() };
}

describe("front cache", () => {
  it("answers a repeat request for a marked page from memory, with its own request id and without the marker", async () => {
    const first = await get("/g/one");
    const second = await get("/g/one");
    expect(calls).toBe(1);
    expect(second.body).toBe(first.body);
    expect(first.headers.get(FRONT_HEADER)).toBe("miss");
    expect(second.headers.get(FRONT_HEADER)).toBe("hit");
    expect(second.headers.get("x-nextjs-cache")).toBe("HIT");
    for (const r of [first, second]) expect(r.headers.get(CACHEABLE_HEADER)).toBeNull();
    expect(second.headers.get("content-security-policy")).toBe("default-src 'self'");
    // A shared cache may not serve the page stale past its life, and is told what is left of it.
    expect(first.headers.get("cache-control")).toBe("s-maxage=60");
    expect(second.headers.get("cache-control")).toBe("s-maxage=60");
    expect(second.headers.get("content-length")).toBe(String(Buffer.byteLength(first.body)));
    const third = await get("/g/one");
    expect(third.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(third.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
    expect((await get("/g/one", { "x-request-id": "lb-request-1234" })).headers.get("x-request-id")).toBe("lb-request-1234");
    expect((await get("/g/one", { "x-request-id": "bad id with spaces" })).headers.get("x-request-id")).not.toBe("bad id with spaces");
    expect(calls).toBe(1);
  });

  it("sends a gallery page without its request's nonce (its scripts are trusted by hash), and keeps it on the App Router's 404 of the path", async () => {
    const csp = "default-src 'self'; script-src 'self' 'sha256-abc=' 'nonce-bm9uY2U=' 'strict-dynamic'";
    upstream = { csp };
    for (const r of [await get("/g/page"), await get("/g/page")]) expect(r.headers.get("content-security-policy")).toBe("default-src 'self'; script-src 'self' 'sha256-abc=' 'strict-dynamic'");
    upstream = { csp, status: 404, nextCache: "" };
    expect((await get("/g/missing")).headers.get("content-security-policy")).toBe(csp);
    upstream = { csp, marked: false };
    expect((await get("/studio")).headers.get("content-security-policy")).toBe(csp);
  });

  it("keeps a page written in several pieces whole", async () => {
    upstream = { chunks: 4, body: "x".repeat(10_000) + "end" };
    const first = await get("/g/big");
    const second = await get("/g/big");
    expect(calls).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.body.endsWith("end")).toBe(true);
  });

  it("keeps one copy per viewer language (issue 22): the browser's (Accept-Language) or the ?lang= choice", async () => {
    const fr = await get("/g/lang", { "accept-language": "fr-FR,fr;q=0.9" });
    const en = await get("/g/lang", { "accept-language": "en-GB" });
    expect(calls).toBe(2);
    expect(en.body).not.toBe(fr.body);
    // Headers that name the same language share its copy; one that matches no viewer language is English.
    expect((await get("/g/lang", { "accept-language": "fr-CA, en;q=0.5" })).body).toBe(fr.body);
    expect((await get("/g/lang", { "accept-language": "ja" })).body).toBe(en.body);
    expect((await get("/g/lang")).body).toBe(en.body);
    expect(calls).toBe(2);
    // An explicit choice is its own page whatever the browser asks; an unknown ?lang= is the browser's.
    const chosen = await get("/g/lang?lang=de", { "accept-language": "fr" });
    expect(calls).toBe(3);
    expect((await get("/g/lang?lang=de", { "accept-language": "en" })).body).toBe(chosen.body);
    expect(calls).toBe(3);
    await get("/g/lang?lang=xx", { "accept-language": "fr" });
    expect(calls).toBe(4);
  });

  it("keeps one copy per URL, host and Accept-Encoding (gzipped bytes are not sent to a client that did not ask)", async () => {
    upstream = { gzip: true, body: "y".repeat(5000) };
    await get("/g/enc", { "accept-encoding": "gzip" });
    const plain = await get("/g/enc", { "accept-encoding": "identity" });
    expect(calls).toBe(2);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.body).toBe("y".repeat(5000));
    const again = await get("/g/enc", { "accept-encoding": "gzip" });
    expect(calls).toBe(2);
    expect(again.headers.get("content-encoding")).toBe("gzip");
    expect(again.body).toBe("y".repeat(5000));
    await get("/g/enc?utm=1", { "accept-encoding": "identity" });
    expect(calls).toBe(3);
  });

  it.each<[string, Upstream]>([
    ["not marked by the proxy", { marked: false }],
    ["not 200", { status: 404 }],
    ["setting a cookie", { cookie: true }],
    ["stale in Next's cache", { nextCache: "STALE" }],
    ["not from Next's page cache", { nextCache: "" }],
  ])("never keeps an answer %s", async (_why, answer) => {
    upstream = answer;
    await get("/g/no");
    await get("/g/no");
    expect(calls).toBe(2);
  });

  it("keeps a fresh render (MISS) as well as a hit", async () => {
    upstream = { nextCache: "MISS" };
    await get("/g/miss");
    expect((await get("/g/miss")).headers.get(FRONT_HEADER)).toBe("hit");
    expect(calls).toBe(1);
  });

  it("lets Next.js answer router, action and range requests, and other methods", async () => {
    await get("/g/r");
    for (const headers of [{ rsc: "1" }, { "next-router-prefetch": "1" }, { "next-action": "x" }, { range: "bytes=0-1" }] as Record<string, string>[]) {
      expect((await get("/g/r", headers)).headers.get(FRONT_HEADER)).toBeNull();
    }
    expect((await get("/g/r?_rsc=abc")).headers.get(FRONT_HEADER)).toBeNull();
    await fetch(`${base}/g/r`, { method: "POST", body: "x" });
    expect(calls).toBe(7);
  });

  it("answers HEAD from a kept page, but does not keep a HEAD answer", async () => {
    await get("/g/head", {}, "HEAD");
    await get("/g/head", {}, "HEAD");
    expect(calls).toBe(2);
    await get("/g/head");
    const head = await get("/g/head", {}, "HEAD");
    expect(calls).toBe(3);
    expect(head.headers.get(FRONT_HEADER)).toBe("hit");
  });

  it("serves nothing kept before an invalidation of everything (the listener caught up), and keeps nothing rendered while one happened", async () => {
    await get("/g/inv");
    dropFrontCache();
    expect((await get("/g/inv")).body).toContain("page 2");
    expect((await get("/g/inv")).body).toContain("page 2");
    dropFrontCache();
    onRender = () => dropFrontCache();
    await get("/g/inv");
    onRender = null;
    expect((await get("/g/inv")).body).toContain("page 4");
    expect(calls).toBe(4);
  });

  describe("drops pages by the invalidated gallery's tags (issue 18 item 7)", () => {
    /** Whether the page came from the front cache; `host`: as a studio's custom domain (fetch cannot set Host). */
    const hit = async (path: string, host?: string) => (await (host ? onHost(path, host) : get(path))).headers.get(FRONT_HEADER) === "hit";
    const onHost = (path: string, host: string) =>
      new Promise<{ headers: Headers }>((resolve, reject) => {
        http
          .get(base + path, { headers: { host } }, (res) => {
            res.resume();
            res.on("end", () => resolve({ headers: new Headers(Object.entries(res.headers).map(([k, v]): [string, string] => [k, String(v)])) }));
          })
          .on("error", reject);
      });
    const id = "6f1c2a9e-0b7d-4c55-9a0e-2d4b8f3e1a77";

    it("another gallery's save keeps this gallery's pages", async () => {
      for (const path of ["/g/emma", `/g/${id}`, "/g/other"]) await get(path);
      dropFrontCache(galleryTags(["other", "6f1c2a9e-0000-4c55-9a0e-2d4b8f3e1a77"], ["films.other.com"]));
      expect(await hit("/g/emma")).toBe(true);
      expect(await hit(`/g/${id}`)).toBe(true);
      expect(await hit("/g/other")).toBe(false);
    });

    it("this gallery's save drops its page under every name: custom url, id and custom domain", async () => {
      await get("/g/emma");
      await get(`/g/${id}`);
      await onHost("/emma", "films.studio.com");
      for (const [path, host] of [["/g/emma"], [`/g/${id}`], ["/emma", "films.studio.com"]]) expect(await hit(path, host)).toBe(true);
      const before = calls;
      dropFrontCache(galleryTags(["emma", id], ["films.studio.com"]));
      for (const [path, host] of [["/g/emma"], [`/g/${id}`], ["/emma", "films.studio.com"]]) expect(await hit(path, host)).toBe(false);
      expect(calls).toBe(before + 3);
    });

    it("a studio-wide invalidation (branding, plan, domain) drops every gallery of that studio, and only those", async () => {
      for (const path of ["/g/first", "/g/second", "/g/elsewhere"]) await get(path);
      await onHost("/first", "films.studio.com");
      dropFrontCache(galleryTags(["first", "second"], ["films.studio.com"]));
      for (const path of ["/g/first", "/g/second"]) expect(await hit(path)).toBe(false);
      expect(await hit("/first", "films.studio.com")).toBe(false);
      expect(await hit("/g/elsewhere")).toBe(true);
    });

    it("keeps no page rendered while its own tag was invalidated, but keeps one rendered while another's was", async () => {
      onRender = () => dropFrontCache(galleryTags(["racing"]));
      await get("/g/racing");
      expect(await hit("/g/racing")).toBe(false);
      onRender = () => dropFrontCache(galleryTags(["somebody-else"]));
      await get("/g/calm");
      onRender = null;
      expect(await hit("/g/calm")).toBe(true);
    });

    it("keeps nothing whose tag was invalidated after Next answered, while the body was still being written", async () => {
      upstream = { chunks: 3, body: "z".repeat(3000) };
      onFirstPiece = () => dropFrontCache(galleryTags(["streaming"]));
      await get("/g/streaming");
      onFirstPiece = () => dropFrontCache(galleryTags(["not-this-one"]));
      await get("/g/streaming");
      onFirstPiece = null;
      expect(await hit("/g/streaming")).toBe(true);
      expect(calls).toBe(2);
    });
  });

  it("asks Next.js again once a kept page is older than its time to live, one request at a time", async () => {
    await get("/g/ttl");
    clock += 4_999;
    expect((await get("/g/ttl")).headers.get(FRONT_HEADER)).toBe("hit");
    clock += 2;
    upstream = { delayMs: 300 };
    const refreshing = get("/g/ttl");
    await new Promise((r) => setTimeout(r, 50));
    // Meanwhile the others still get the kept page, not a render each.
    const during = await Promise.all([get("/g/ttl"), get("/g/ttl"), get("/g/ttl", {}, "HEAD")]);
    for (const r of during) expect(r.headers.get(FRONT_HEADER)).toBe("hit");
    expect(during[0].body).toContain("page 1");
    expect((await refreshing).body).toContain("page 2");
    expect((await get("/g/ttl")).body).toContain("page 2");
    expect(calls).toBe(2);
  });

  it("never serves a page older than twice its time to live", async () => {
    await get("/g/old");
    clock += 10_000;
    upstream = { delayMs: 200 };
    const first = get("/g/old");
    await new Promise((r) => setTimeout(r, 50));
    expect((await get("/g/old")).headers.get(FRONT_HEADER)).toBe("miss");
    await first;
    expect(calls).toBe(3);
  });

  it("lets another request refresh when a refresh is not kept", async () => {
    await get("/g/again");
    clock += 5_001;
    upstream = { nextCache: "STALE" };
    await get("/g/again");
    upstream = {};
    expect((await get("/g/again")).headers.get(FRONT_HEADER)).toBe("miss");
    expect((await get("/g/again")).body).toContain("page 3");
    expect(calls).toBe(3);
  });

  it("serves nothing while the shared invalidation listener is down", async () => {
    shared = true;
    await get("/g/down");
    cacheBus().listening = false;
    await get("/g/down");
    await get("/g/down");
    expect(calls).toBe(3);
    cacheBus().listening = true;
    await get("/g/down");
    expect((await get("/g/down")).headers.get(FRONT_HEADER)).toBe("hit");
    expect(calls).toBe(4);
  });

  it("never serves a page past its own cache life, and says what is left of it (an expiry seconds away, issue 17 item 14)", async () => {
    upstream = { cacheControl: "s-maxage=3, stale-while-revalidate=31535997" };
    const first = await get("/g/expiring");
    expect(first.headers.get("cache-control")).toBe("s-maxage=3");
    clock += 1_500;
    const hit = await get("/g/expiring");
    expect(hit.headers.get(FRONT_HEADER)).toBe("hit");
    expect(hit.headers.get("cache-control")).toBe("s-maxage=1");
    // Less than a second left: Next.js answers (it renders the page as of now).
    clock += 600;
    upstream = { cacheControl: "s-maxage=60" };
    const after = await get("/g/expiring");
    expect(after.headers.get(FRONT_HEADER)).toBe("miss");
    expect(after.body).toContain("page 2");
    expect(calls).toBe(2);
  });

  it("keeps nothing whose answer has no shared cache life", async () => {
    upstream = { cacheControl: "private, no-cache, no-store, max-age=0, must-revalidate" };
    await get("/g/private");
    await get("/g/private");
    expect(calls).toBe(2);
  });

  it("takes stale-while-revalidate off marked pages it passes on too, and leaves other answers alone", async () => {
    upstream = { cacheControl: "s-maxage=30, stale-while-revalidate=31535970", nextCache: "STALE" };
    expect((await get("/g/stale")).headers.get("cache-control")).toBe("s-maxage=30");
    expect((await get("/g/stale", { range: "bytes=0-1" })).headers.get("cache-control")).toBe("s-maxage=30");
    upstream = { cacheControl: "s-maxage=30, stale-while-revalidate=31535970", marked: false };
    expect((await get("/marketing")).headers.get("cache-control")).toBe("s-maxage=30, stale-while-revalidate=31535970");
  });
});

// Issue 55 item 1: a kept page's age and life are durations, on the monotonic clock. With the wall
// clock, a step back (NTP, a resumed virtual machine) would have kept an entry past its life.
describe("front cache on its own clock", () => {
  it("ends an entry's life on time when the wall clock is stepped back", async () => {
    // The host's wall clock, which is stepped below (whoever took Date.now sees the step).
    const realNow = Date.now;
    let step = 0;
    Date.now = () => realNow() + step;
    const front = createFrontCache({ ttlMs: 5000, shared: () => false });
    const own = http.createServer((req, res) => front.handle(req, res, () => void nextLike(req, res)));
    await new Promise<void>((r) => own.listen(0, "127.0.0.1", r));
    const at = `http://127.0.0.1:${(own.address() as AddressInfo).port}`;
    try {
      upstream = { cacheControl: "s-maxage=2" };
      await fetch(`${at}/g/own-clock`).then((r) => r.text());
      expect((await fetch(`${at}/g/own-clock`)).headers.get(FRONT_HEADER)).toBe("hit");
      step = -3_600_000;
      await new Promise((r) => setTimeout(r, 1100)); // less than a second of its 2 s life left
      const after = await fetch(`${at}/g/own-clock`);
      expect(after.headers.get(FRONT_HEADER)).toBe("miss");
      expect(calls).toBe(2);
    } finally {
      Date.now = realNow;
      await new Promise<void>((r) => own.close(() => r()));
    }
  });
});
