// The page cache handler (server/shared-cache-handler.cjs) leans on Next.js internals that no
// public API offers: how a Pages Router page's response-cache key is made (the handler reads the
// page's path back from it), the file-system cache it extends, and revalidatePath reaching it as a
// revalidateTag of the path's tag (it no longer reads Next's tag manifest: page-cache-state.cjs says
// why). These tests read them from the installed Next.js itself, so an upgrade that changes any of
// them fails here, in CI, and not as stale galleries in production.
import { pathTag } from "@/server/constants.cjs";

const { getResponseCacheOwner, getRouteCacheKey } = require("next/dist/server/lib/route-cache-key.js");
const { RouteKind } = require("next/dist/server/route-kind.js");
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache").default;
const { tagsManifest, areTagsExpired } = require("next/dist/server/lib/incremental-cache/tags-manifest.external");
const { NEXT_CACHE_IMPLICIT_TAG_ID } = require("next/dist/lib/constants");
const SharedCacheHandler = require("@/server/shared-cache-handler.cjs");
const { pagePath } = SharedCacheHandler;

/** The key Next.js gives a Pages Router page of this route when it caches the page at `pathname`. */
function pagesKey(route: string, pathname: string): string {
  const owner = getResponseCacheOwner({ kind: RouteKind.PAGES, page: route, pathname: route });
  return getRouteCacheKey(pathname, owner);
}

describe("Next.js internals the page cache handler relies on", () => {
  it("a Pages Router page's cache key gives its path back (the public gallery, on both routes)", () => {
    expect(pagePath(pagesKey("/g/[slug]", "/g/emma-and-james"))).toBe("/g/emma-and-james");
    expect(pagePath(pagesKey("/g/[slug]", "/g/6f1c2a9e-0b7d-4c55-9a0e-2d4b8f3e1a77"))).toBe("/g/6f1c2a9e-0b7d-4c55-9a0e-2d4b8f3e1a77");
    expect(pagePath(pagesKey("/d/[host]/[slug]", "/d/films.studio.com/emma"))).toBe("/d/films.studio.com/emma");
  });

  it("the page's tag is the one revalidatePath expires: Next's implicit tag of the path", () => {
    expect(typeof NEXT_CACHE_IMPLICIT_TAG_ID).toBe("string");
    expect(pathTag("/g/emma")).toBe(`${NEXT_CACHE_IMPLICIT_TAG_ID}/g/emma`);
    expect(pathTag("/g/emma/")).toBe(`${NEXT_CACHE_IMPLICIT_TAG_ID}/g/emma`);
  });

  it("the file-system cache the handler extends has the methods it overrides", () => {
    expect(typeof FileSystemCache).toBe("function");
    for (const method of ["get", "set", "revalidateTag"]) expect(typeof FileSystemCache.prototype[method]).toBe("function");
    expect(Object.getPrototypeOf(SharedCacheHandler.prototype)).toBe(FileSystemCache.prototype);
  });

  it("Next's own check compares clocks that a step of the wall clock sets apart (why the handler orders events instead)", () => {
    // Next takes an expiry from Date.now() and "now" from performance.timeOrigin + performance.now():
    // with the wall clock 15 s ahead, an expiry set "now" is 15 s in the future for Next's check.
    // If an upgrade makes this fail (one clock), the handler's own ordering is still right, only no longer needed.
    const tag = pathTag(`/g/internals-${Date.now()}`);
    const keptAt = Date.now() - 1_000;
    tagsManifest.set(tag, { expired: Date.now() + 15_000 });
    expect(areTagsExpired([tag], keptAt)).toBe(false);
    tagsManifest.delete(tag);
  });
});
