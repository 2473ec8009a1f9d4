// The page cache handler expires Pages Router pages (the public gallery) by their path tag, which
// it reads from Next's cache key for such a page.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pagePath } = require("@/lib/cache/shared-cache-handler.cjs");

describe("shared cache handler", () => {
  it("reads a Pages Router page's path from its cache key", () => {
    expect(pagePath("/route-cache/PAGES/c0bff46b569dc1b7a6ae458b7ad08fc0285379c8dc7e4046cdeaeadbb4efe229/$/g/emma-and-james")).toBe("/g/emma-and-james");
    expect(pagePath("/route-cache/PAGES/c0bff46b/$/d/gallery.studio.com/emma")).toBe("/d/gallery.studio.com/emma");
    expect(pagePath("/route-cache/PAGES/c0bff46b/$/index")).toBe("/");
    expect(pagePath("/g/emma")).toBe("/g/emma");
  });
});
