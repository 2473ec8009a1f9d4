// `npm run test:changed`: the tests that can see what changed since main (committed, staged,
// unstaged and new files): jest's suites related to the changed files (--findRelatedTests), the
// route-wide suites (bad input, the isolation matrix, doors, cross-site) filtered to the routes the
// change reaches, and the browser specs that visit a page the change reaches
// (scripts/changed-tests.mjs). Of each, the nearest to the change first (fewest imports between),
// as many as fit a budget of their last measured seconds (`--jest-seconds`, default 30;
// `--e2e-seconds`, default 40; the route-wide suites the nearest 8 routes), so the answer comes
// within 2 minutes; the others are named as left to CI. `--all` (or `--all-e2e`) lifts the budgets.
// The full suite still runs in CI. `--base REF` compares with REF.
import fs from "node:fs";
import path from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { distances, importsOf, nearestWithin, routesReached, specDistances } from "./changed-tests.mjs";
import { lastSuiteSeconds } from "../bench/test-suite/last-seconds.cjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
const option = (name) => (process.argv.indexOf(name) > 0 ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const base = option("--base") ?? git("merge-base", "HEAD", "main");
// The budgets that keep the answer within 2 minutes (seconds of the suites' last measured time);
// `--all` lifts them. CI runs everything.
const all = process.argv.includes("--all");
const jestBudget = all ? Infinity : Number(option("--jest-seconds") ?? 30);
const e2eBudget = all || process.argv.includes("--all-e2e") ? Infinity : Number(option("--e2e-seconds") ?? 40);
const ROUTE_LIMIT = all ? Infinity : 8;
const changed = [...new Set([...git("diff", "--name-only", base).split("\n"), ...git("ls-files", "--others", "--exclude-standard").split("\n")])].filter(Boolean);
const existing = changed.filter((f) => fs.existsSync(f));
console.log(`Changed since ${base.slice(0, 10)}: ${changed.length ? changed.join(", ") : "nothing"}`);
if (existing.length === 0) process.exit(0);

const files = new Set(
  git("ls-files", "--cached", "--others", "--exclude-standard")
    .split("\n")
    .filter((f) => /\.(ts|tsx|mjs|cjs|js)$/.test(f) && fs.existsSync(f)),
);
const graph = new Map([...files].map((f) => [f, importsOf(f, fs.readFileSync(f, "utf8"), files)]));
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const run = (cmd, args) => spawnSync(bin(cmd), args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } }).status ?? 1;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
let failed = 0;

const seconds = Object.fromEntries(lastSuiteSeconds(root));
const hops = distances(existing, graph);
const ROUTE_WIDE = ["bad-input", "isolation-matrix", "doors", "cross-site"].map((n) => `tests/integration/${n}.test.ts`);

// Jest: the suites jest relates to the changed files (they import one, or are one), the nearest
// first (fewest imports from the change), as many as fit the budget of their measured seconds.
const listed = spawnSync(bin("jest"), ["--listTests", "--json", "--findRelatedTests", ...existing], { encoding: "utf8" });
const related = JSON.parse(listed.stdout || "[]")
  .map((f) => path.relative(root, f))
  .filter((f) => !ROUTE_WIDE.includes(f) || existing.includes(f));
const suites = nearestWithin(new Map(related.map((f) => [f, hops.get(f) ?? 99])), seconds, jestBudget);
if (suites.run.length) {
  console.log(`Jest suites: ${suites.run.join(", ")}`);
  if (suites.left.length) console.log(`Also related, left to CI: ${suites.left.join(", ")}`);
  failed += run("jest", ["--ci", "--runTestsByPath", ...suites.run]) ? 1 : 0;
} else console.log("Jest suites: none related");

// The route-wide suites load every handler by its path, which jest's graph cannot see: filtered to
// the routes the change reaches, the nearest ROUTE_LIMIT of them.
const reachedRoutes = routesReached(existing, graph).sort((a, b) => (hops.get(routeFile(a)) ?? 99) - (hops.get(routeFile(b)) ?? 99) || a.localeCompare(b));
const routes = reachedRoutes.slice(0, ROUTE_LIMIT);
if (routes.length && !existing.some((f) => ROUTE_WIDE.includes(f))) {
  console.log(`Routes reached: ${routes.join(", ")}`);
  if (reachedRoutes.length > routes.length) console.log(`Also reached, left to CI: ${reachedRoutes.slice(routes.length).join(", ")}`);
  failed += run("jest", ["--ci", ...ROUTE_WIDE, "-t", routes.map((r) => `${escape(r)}(\\s|$)`).join("|")]) ? 1 : 0;
}

// Playwright: the specs that visit a page the change reaches.
const specFiles = fs
  .readdirSync("tests/e2e")
  .filter((f) => f.endsWith(".spec.ts"))
  .map((f) => `tests/e2e/${f}`);
const reached = specDistances(existing, graph, Object.fromEntries(specFiles.map((f) => [f, fs.readFileSync(f, "utf8")])));
const { run: specs, left } = nearestWithin(reached, seconds, e2eBudget);
if (specs.length) {
  console.log(`Browser specs: ${specs.join(", ")}`);
  if (left.length) console.log(`Also reached, left to CI (--all runs them): ${left.join(", ")}`);
  // On their own (--no-deps): processing's and scale-out's projects otherwise wait for every browser test.
  failed += run("playwright", ["test", "--no-deps", ...specs]) ? 1 : 0;
} else console.log("Browser specs: none reached");

/** The route file of a route's path as routesReached names it (/api/x/[id] → app/api/x/[id]/route.ts). */
function routeFile(route) {
  return `app${route}/route.ts`;
}
process.exit(failed ? 1 : 0);
