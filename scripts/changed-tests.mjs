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
  return new Set(distances(changed, graph).keys());
}

/** Each file that imports one of `changed` (directly or not) with its distance: the fewest imports between them (0: a changed file). */
export function distances(changed, graph) {
  const importers = new Map();
  for (const [file, deps] of graph) for (const d of deps) importers.set(d, [...(importers.get(d) ?? []), file]);
  const hops = new Map(changed.map((f) => [f, 0]));
  let frontier = [...changed];
  for (let d = 1; frontier.length; d++) {
    const next = [];
    for (const file of frontier)
      for (const f of importers.get(file) ?? []) {
        if (hops.has(f)) continue;
        hops.set(f, d);
        next.push(f);
      }
    frontier = next;
  }
  return hops;
}

/**
 * The URL pattern an entry file answers (a RegExp source), or null for a file that is not one.
 * App Router pages, layouts and route handlers; the Pages Router viewer (`pages/v/[lang]/…`,
 * reached without its language prefix); a root layout or the proxy answers every path.
 */
export function urlPatternOf(file) {
  if (file === "proxy.ts" || file === "app/layout.tsx" || file === "app/(app)/layout.tsx" || file === "pages/_app.tsx" || file === "pages/_document.tsx") return "/";
  // The Pages Router's marketing and sign-in pages (pages/index.tsx is the home page alone).
  const top = file.match(/^pages\/((?:[a-z0-9-]+\/)*[a-z0-9-]+)\.tsx$/);
  if (top && top[1] !== "500") return top[1] === "index" ? "/$" : `/${top[1]}`;
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
  return [...specDistances(changed, graph, specs).keys()];
}

/**
 * The specs the changed files reach, each with its distance: that of the nearest page, layout or
 * route handler it visits (or of a changed file it imports), in imports from a changed file. A
 * change to what every page loads (a root layout, the proxy) reaches every spec at that distance.
 */
export function specDistances(changed, graph, specs) {
  const hops = distances(changed, graph);
  const entries = [...hops].map(([file, d]) => ({ pattern: urlPatternOf(file), d })).filter((e) => e.pattern !== null);
  const everything = entries.filter((e) => e.pattern === "/").map((e) => e.d);
  const found = new Map();
  for (const [spec, source] of Object.entries(specs)) {
    const named = pathsNamedIn(source);
    const ds = [...(hops.has(spec) ? [hops.get(spec)] : []), ...everything];
    for (const { pattern, d } of entries) {
      if (pattern === "/") continue;
      const hit = pattern === "\\.localhost" ? /\.localhost/.test(source) : named.some((p) => new RegExp(`^${pattern}(?:/|$|\\?)`).test(p));
      if (hit) ds.push(d);
    }
    if (ds.length) found.set(spec, Math.min(...ds));
  }
  return found;
}

/**
 * The inner loop's share of the reached specs: the nearest first (then the quickest, by `seconds`,
 * each spec's time in the last timing report; an unknown one counts 30 s), while their seconds fit
 * `budget` (the nearest always runs). `left`: the others, which CI runs.
 */
export function nearestWithin(reached, seconds, budget) {
  const cost = (s) => seconds[s] ?? 30;
  const order = [...reached.keys()].sort((a, b) => reached.get(a) - reached.get(b) || cost(a) - cost(b) || a.localeCompare(b));
  const run = [];
  let spent = 0;
  for (const spec of order) {
    if (run.length && spent + cost(spec) > budget) break;
    run.push(spec);
    spent += cost(spec);
  }
  return { run, left: order.slice(run.length) };
}
