// The pure part of `npm run test:changed` (scripts/test-changed.mjs; tests/unit/changed-tests.test.ts):
// which browser specs a set of changed files can affect. The source files form an import graph
// (static and dynamic imports, `@/` and relative); a changed file reaches the pages, layouts and
// route handlers that import it, directly or not; a spec is picked when it names one of their
// paths (a goto, an expected path, a fetch) or imports a changed file itself. Jest's own
// --findRelatedTests picks the jest suites.
import path from "node:path";

const IMPORT = /(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", ".cjs", "/index.ts", "/index.tsx"];

/** The project files a file's source imports (`files`: the set of the project's files, relative). */
export function importsOf(file, source, files) {
  const found = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
    let base;
    if (spec.startsWith("@/")) base = spec.slice(2);
    else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    else continue;
    const hit = EXTENSIONS.map((e) => base + e).find((f) => files.has(f));
    if (hit) found.push(hit);
  }
  return found;
}

/** Every file that imports one of `changed`, directly or through others (the changed files included). */
export function dependents(changed, graph) {
  const importers = new Map();
  for (const [file, deps] of graph) for (const d of deps) importers.set(d, [...(importers.get(d) ?? []), file]);
  const seen = new Set(changed);
  const todo = [...changed];
  while (todo.length) {
    for (const f of importers.get(todo.pop()) ?? []) {
      if (seen.has(f)) continue;
      seen.add(f);
      todo.push(f);
    }
  }
  return seen;
}

/**
 * The URL pattern an entry file answers (a RegExp source), or null for a file that is not one.
 * App Router pages, layouts and route handlers; the Pages Router viewer (`pages/v/[lang]/…`,
 * reached without its language prefix); a root layout or the proxy answers every path.
 */
export function urlPatternOf(file) {
  if (file === "proxy.ts" || file === "app/layout.tsx" || file === "app/(app)/layout.tsx" || file === "pages/_app.tsx" || file === "pages/_document.tsx") return "/";
  let m = file.match(/^app\/(.*?)\/?(page|layout|route)\.tsx?$/);
  let route = m?.[1];
  if (!m) {
    m = file.match(/^pages\/v\/\[lang\]\/(.*?)(\/index)?\.tsx$/);
    if (!m) return null;
    route = m[1].startsWith("d/") ? ".localhost" : m[1];
  }
  const segments = route
    .split("/")
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .map((s) => (s.startsWith("[") ? "[^/\"'`?]+" : s.replace(/[.*+?^${}()|\\]/g, "\\$&")));
  return route === ".localhost" ? "\\.localhost" : `/${segments.join("/")}`;
}

/** The paths a spec names: string and template literals that start with '/', templates made wildcards. */
export function pathsNamedIn(source) {
  return [...source.matchAll(/["'`](\/[A-Za-z0-9_\-./${}[\]]*)/g)].map((m) => m[1].replace(/\$\{[^}]*\}/g, "x"));
}

/** The route handlers (their URL patterns, as the route-wide suites name them) the changed files reach. */
export function routesReached(changed, graph) {
  return [...dependents(changed, graph)]
    .filter((f) => /^app\/api\/.*\/route\.ts$/.test(f))
    .map((f) => `/${f.slice(4, -"/route.ts".length)}`)
    .sort();
}

/** The specs (relative paths) to run for the changed files. */
export function specsFor(changed, graph, specs) {
  const reached = dependents(changed, graph);
  const patterns = [...reached].map(urlPatternOf).filter((p) => p !== null);
  if (patterns.includes("/")) return Object.keys(specs);
  const regexes = patterns.map((p) => (p === "\\.localhost" ? /\.localhost/ : new RegExp(`^${p}(?:/|$|\\?)`)));
  return Object.entries(specs)
    .filter(([spec, source]) => {
      if (reached.has(spec)) return true;
      if (regexes.some((r) => r.source === "\\.localhost" && r.test(source))) return true;
      const named = pathsNamedIn(source);
      return named.some((p) => regexes.some((r) => r.test(p)));
    })
    .map(([spec]) => spec);
}
