// `npm run test:changed` (scripts/changed-tests.mjs): which browser specs and routes a change reaches.
import { dependents, importsOf, pathsNamedIn, routesReached, specsFor, urlPatternOf } from "../../scripts/changed-tests.mjs";

const files = new Set([
  "lib/services/clients.ts",
  "lib/texts.ts",
  "components/admin/client-table.tsx",
  "app/(app)/vidfolio-superadmin/clientdata/page.tsx",
  "app/api/admin/all-admin/route.ts",
  "app/(app)/studio/galleries/[galleryId]/[section]/page.tsx",
  "pages/v/[lang]/g/[slug].tsx",
  "tests/e2e/support.ts",
]);

it("reads static, dynamic and side-effect imports, by alias and relative path", () => {
  const source = `import { a } from "@/lib/texts";\nimport type { B } from "../../../../lib/services/clients";\nconst c = await import("@/components/admin/client-table");\nimport "react";\nexport { d } from "./nowhere";`;
  expect(importsOf("app/api/admin/all-admin/route.ts", source, files).sort()).toEqual(["components/admin/client-table.tsx", "lib/services/clients.ts", "lib/texts.ts"]);
});

it("maps entry files to the paths they answer (route groups dropped, dynamic segments any)", () => {
  expect(urlPatternOf("app/(app)/vidfolio-superadmin/clientdata/page.tsx")).toBe("/vidfolio-superadmin/clientdata");
  expect(new RegExp(`^${urlPatternOf("app/(app)/studio/galleries/[galleryId]/[section]/page.tsx")}$`).test("/studio/galleries/x/videos")).toBe(true);
  expect(urlPatternOf("pages/v/[lang]/g/[slug].tsx")).toBe("/g/[^/\"'`?]+");
  expect(urlPatternOf("app/layout.tsx")).toBe("/");
  expect(urlPatternOf("lib/texts.ts")).toBeNull();
  expect(pathsNamedIn('await page.goto(`/studio/galleries/${g.id}/videos`); expectPath(page, "/login")')).toEqual(["/studio/galleries/x/videos", "/login"]);
});

describe("specs and routes a change reaches", () => {
  const graph = new Map<string, string[]>([
    ["app/api/admin/all-admin/route.ts", ["lib/services/clients.ts"]],
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
    expect(routesReached(["lib/services/clients.ts"], graph)).toEqual(["/api/admin/all-admin"]);
    expect(specsFor(["lib/services/clients.ts"], graph, specs)).toEqual(["tests/e2e/api.spec.ts"]);
  });

  it("a change to what every page loads runs every spec", () => {
    expect(specsFor(["app/layout.tsx"], new Map([["app/layout.tsx", []]]), specs)).toEqual(Object.keys(specs));
  });
});
