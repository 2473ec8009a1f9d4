// `npm run test:changed` (scripts/changed-tests.mjs): which browser specs and routes a change reaches.
import { dependents, importsOf, nearestWithin, pathsNamedIn, routesReached, specDistances, specsFor, urlPatternOf } from "../../scripts/changed-tests.mjs";

const files = new Set([
  "lib/services/platform/clients.ts",
  "lib/texts.ts",
  "components/admin/client-table.tsx",
  "app/(app)/vidfolio-superadmin/clientdata/page.tsx",
  "app/api/admin/all-admin/route.ts",
  "app/(app)/studio/galleries/[galleryId]/[section]/page.tsx",
  "pages/v/[lang]/g/[slug].tsx",
  "tests/e2e/support.ts",
]);

it("reads static, dynamic and side-effect imports, by alias and relative path", () => {
  const source = `import { a } from "@/lib/texts";\nimport type { B } from "../../../../lib/services/platform/clients";\nconst c = await import("@/components/admin/client-table");\nimport "react";\nexport { d } from "./nowhere";`;
  expect(importsOf("app/api/admin/all-admin/route.ts", source, files).sort()).toEqual(["components/admin/client-table.tsx", "lib/services/platform/clients.ts", "lib/texts.ts"]);
});

it("maps entry files to the paths they answer (route groups dropped, dynamic segments any)", () => {
  expect(urlPatternOf("app/(app)/vidfolio-superadmin/clientdata/page.tsx")).toBe("/vidfolio-superadmin/clientdata");
  expect(new RegExp(`^${urlPatternOf("app/(app)/studio/galleries/[galleryId]/[section]/page.tsx")}$`).test("/studio/galleries/x/videos")).toBe(true);
  expect(urlPatternOf("pages/v/[lang]/g/[slug].tsx")).toBe("/g/[^/\"'`?]+");
  expect(urlPatternOf("app/layout.tsx")).toBe("/");
  expect(urlPatternOf("lib/texts.ts")).toBeNull();
  // The marketing pages (Pages Router): the home page is "/" alone, not every path.
  expect(new RegExp(`^${urlPatternOf("pages/index.tsx")}(?:/|$|\\?)`).test("/")).toBe(true);
  expect(new RegExp(`^${urlPatternOf("pages/index.tsx")}(?:/|$|\\?)`).test("/pricing")).toBe(false);
  expect(urlPatternOf("pages/pricing.tsx")).toBe("/pricing");
  expect(urlPatternOf("pages/vidfolio-superadmin/login.tsx")).toBe("/vidfolio-superadmin/login");
  expect(urlPatternOf("pages/_document.tsx")).toBe("/");
  expect(urlPatternOf("pages/500.tsx")).toBeNull();
  expect(pathsNamedIn('await page.goto(`/studio/galleries/${g.id}/videos`); expectPath(page, "/login")')).toEqual(["/studio/galleries/x/videos", "/login"]);
});

describe("specs and routes a change reaches", () => {
  const graph = new Map<string, string[]>([
    ["app/api/admin/all-admin/route.ts", ["lib/services/platform/clients.ts"]],
    ["app/(app)/vidfolio-superadmin/clientdata/page.tsx", ["components/admin/client-table.tsx"]],
    ["components/admin/client-table.tsx", ["lib/texts.ts"]],
    ["pages/v/[lang]/g/[slug].tsx", []],
    ["tests/e2e/support.ts", []],
  ]);
  const specs = {
    "tests/e2e/admin.spec.ts": 'await page.goto("/vidfolio-superadmin/clientdata");',
    "tests/e2e/viewer.spec.ts": "await page.goto(`/g/${gallery.customUrl}`);",
    "tests/e2e/api.spec.ts": 'await request.get("/api/admin/all-admin");',
  };

  it("follows imports to the pages, then to the specs that visit them", () => {
    expect([...dependents(["lib/texts.ts"], graph)].sort()).toEqual(["app/(app)/vidfolio-superadmin/clientdata/page.tsx", "components/admin/client-table.tsx", "lib/texts.ts"]);
    expect(specsFor(["lib/texts.ts"], graph, specs)).toEqual(["tests/e2e/admin.spec.ts"]);
    expect(specsFor(["pages/v/[lang]/g/[slug].tsx"], graph, specs)).toEqual(["tests/e2e/viewer.spec.ts"]);
  });

  it("a service reaches its route handlers (for the route-wide suites) and the specs that call them", () => {
    expect(routesReached(["lib/services/platform/clients.ts"], graph)).toEqual(["/api/admin/all-admin"]);
    expect(specsFor(["lib/services/platform/clients.ts"], graph, specs)).toEqual(["tests/e2e/api.spec.ts"]);
  });

  it("a change to what every page loads runs every spec", () => {
    expect(specsFor(["app/layout.tsx"], new Map([["app/layout.tsx", []]]), specs)).toEqual(Object.keys(specs));
  });

  it("measures each spec's distance: the fewest imports from a changed file to a page it visits", () => {
    // lib/texts.ts → client-table (1) → the super admin's page (2); the viewer page imports texts directly (1).
    const wider = new Map([...graph, ["pages/v/[lang]/g/[slug].tsx", ["lib/texts.ts"]]]);
    expect(specDistances(["lib/texts.ts"], wider, specs)).toEqual(
      new Map([
        ["tests/e2e/admin.spec.ts", 2],
        ["tests/e2e/viewer.spec.ts", 1],
      ]),
    );
  });
});

describe("the inner loop's share of the reached specs", () => {
  const reached = new Map([
    ["far.spec.ts", 3],
    ["near-slow.spec.ts", 1],
    ["near-quick.spec.ts", 1],
    ["unknown.spec.ts", 2],
  ]);
  const seconds = { "far.spec.ts": 5, "near-slow.spec.ts": 40, "near-quick.spec.ts": 10 };

  it("runs the nearest first, the quickest of equals first, while their seconds fit the budget", () => {
    expect(nearestWithin(reached, seconds, 50)).toEqual({ run: ["near-quick.spec.ts", "near-slow.spec.ts"], left: ["unknown.spec.ts", "far.spec.ts"] });
    expect(nearestWithin(reached, seconds, Infinity).run).toEqual(["near-quick.spec.ts", "near-slow.spec.ts", "unknown.spec.ts", "far.spec.ts"]);
  });

  it("always runs the nearest one, even over the budget", () => {
    expect(nearestWithin(reached, { "near-quick.spec.ts": 99, "near-slow.spec.ts": 120 }, 10)).toEqual({
      run: ["near-quick.spec.ts"],
      left: ["near-slow.spec.ts", "unknown.spec.ts", "far.spec.ts"],
    });
  });
});
