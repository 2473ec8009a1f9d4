// The Pages Router's client carries no filter of the App Router's paths (next.config.ts
// `experimental.clientRouterFilter: false`): 1.4 KB gzipped of the gallery's first-load JavaScript,
// growing with every App Router route (bench/viewer --js-only). Next's router reads that filter
// only when a Pages Router page navigates client-side, so this proves the gallery pages never do:
// no module they load, on the server or in the browser, imports Next's navigation.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import nextConfig from "@/next.config";
import { parseSource, readSource, ROOT, sourceFiles } from "../helpers/source-scan";

/** Next's client-side navigation: the router's link, the Pages Router's and the App Router's hooks. */
const NAVIGATION = ["next/link", "next/router", "next/navigation", "next/compat/router"];
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".cjs", ".mjs", "/index.ts", "/index.tsx"];

/** A project file an import names ("@/…" or relative), or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? specifier.slice(2) : specifier.startsWith(".") ? path.join(path.dirname(from), specifier) : null;
  if (base === null) return null;
  const hit = EXTENSIONS.map((e) => base + e).find((f) => fs.existsSync(path.join(ROOT, f)) && fs.statSync(path.join(ROOT, f)).isFile());
  if (!hit) throw new Error(`${from}: cannot resolve ${specifier}`);
  return hit.split(path.sep).join("/");
}

/** The modules a file loads (static, re-exported and dynamic imports; `import type` excluded). */
function importsOf(file: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) found.push(node.arguments[0].text);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "require" && node.arguments[0] && ts.isStringLiteral(node.arguments[0]))
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(parseSource(file, readSource(file)));
  return found;
}

/** Every package each module reachable from `entries` imports, as "module → package". */
function packagesReachedFrom(entries: string[]): { modules: number; packages: string[] } {
  const { seen, packages } = walk(entries);
  return { modules: seen.size, packages };
}

/** The project modules reachable from `entries` (`import type` excluded), and the packages they import. */
function walk(entries: string[]): { seen: Set<string>; packages: string[] } {
  const seen = new Set<string>();
  const packages: string[] = [];
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(file)) {
      const target = resolve(file, specifier);
      if (target) queue.push(target);
      else packages.push(`${file} → ${specifier}`);
    }
  }
  return { seen, packages };
}

describe("the gallery's first load", () => {
  it("carries no filter of the App Router's paths", () => {
    expect(nextConfig.experimental?.clientRouterFilter).toBe(false);
  });

  it("comes from pages that never navigate through Next's router (the filter's one reader)", () => {
    // The pages sent without any script (the marketing site, the sign-in pages) have no router to
    // navigate with: their next/link is a plain link.
    const scriptFree = (file: string) => /unstable_runtimeJS:\s*false/.test(readSource(file));
    const all = sourceFiles(["pages"]);
    expect(all.filter(scriptFree)).toEqual(expect.arrayContaining(["pages/index.tsx", "pages/login.tsx", "pages/vidfolio-superadmin/login.tsx"]));
    const pages = all.filter((f) => !scriptFree(f));
    expect(pages).toEqual(expect.arrayContaining(["pages/_app.tsx", "pages/v/[lang]/g/[slug].tsx", "pages/v/[lang]/d/[host]/[slug].tsx"]));
    const { modules, packages } = packagesReachedFrom(pages);
    // The walk reaches the gallery's components, its lazy parts and the services of getStaticProps.
    expect(modules).toBeGreaterThan(50);
    expect(packages.some((p) => p.endsWith("→ react"))).toBe(true);
    expect(packages.filter((p) => NAVIGATION.some((n) => p.endsWith(`→ ${n}`)))).toEqual([]);
  });

  it("draws a gallery's colours and cover with no library and no texts (issue 39 item 5: lib/services/galleries/rules/gallery-look.ts imports nothing)", () => {
    expect(packagesReachedFrom(["lib/services/galleries/rules/gallery-look.ts"])).toEqual({ modules: 1, packages: [] });
    for (const file of ["components/gallery/gallery-page.tsx", "components/gallery/gallery-hero.tsx", "components/gallery/gallery-actions.tsx"]) {
      expect(importsOf(file).filter((s) => s === "zod" || s.endsWith("/gallery-look") || s.endsWith("/texts"))).toEqual(
        file.endsWith("actions.tsx") ? [] : ["@/lib/services/galleries/rules/gallery-look"],
      );
    }
  });

  it("loads no contract module but its path templates: the gallery's components name the contract's answer types with `import type`, so its shapes stay out of the viewer's bundle", () => {
    const { seen } = walk(sourceFiles(["components/gallery", "components/player"]));
    expect([...seen].filter((f) => f.startsWith("lib/contract/"))).toEqual(["lib/contract/paths.ts"]);
  });

  it("would see a navigation import (the walk is not blind)", () => {
    const { packages } = packagesReachedFrom(["components/ui/logo-link.tsx"]);
    expect(packages).toContain("components/ui/logo-link.tsx → next/link");
  });
});
