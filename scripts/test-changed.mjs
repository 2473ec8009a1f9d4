// `npm run test:changed`: the tests that can see what changed since main (committed, staged,
// unstaged and new files): jest's suites related to the changed files (--findRelatedTests), the
// route-wide suites (bad input, the isolation matrix, doors, cross-site) filtered to the routes the
// change reaches, and the browser specs that visit a page the change reaches
// (scripts/changed-tests.mjs): the nearest of them first, as many as fit a budget of their measured
// seconds (`--e2e-seconds S`, default 45: the answer comes within 2 minutes), the others named;
// `--all-e2e` runs every reached spec. The full suite still runs in CI. `--base REF` compares with REF.
import fs from "node:fs";
import path from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { importsOf, nearestWithin, routesReached, specDistances } from "./changed-tests.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
const option = (name) => (process.argv.indexOf(name) > 0 ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const base = option("--base") ?? git("merge-base", "HEAD", "main");
const e2eBudget = process.argv.includes("--all-e2e") ? Infinity : Number(option("--e2e-seconds") ?? 45);
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

// Jest: the suites that import a changed file (or are one).
failed += run("jest", ["--ci", "--passWithNoTests", "--findRelatedTests", ...existing]) ? 1 : 0;

// The route-wide suites load every handler by its path, which jest's graph cannot see.
const ROUTE_WIDE = ["bad-input", "isolation-matrix", "doors", "cross-site"].map((n) => `tests/integration/${n}.test.ts`);
const routes = routesReached(existing, graph);
if (routes.length && !existing.some((f) => ROUTE_WIDE.includes(f))) {
  console.log(`Routes reached: ${routes.join(", ")}`);
  failed += run("jest", ["--ci", ...ROUTE_WIDE, "-t", routes.map((r) => `${escape(r)}(\\s|$)`).join("|")]) ? 1 : 0;
}

// Playwright: the specs that visit a page the change reaches.
const specFiles = fs
  .readdirSync("tests/e2e")
  .filter((f) => f.endsWith(".spec.ts"))
  .map((f) => `tests/e2e/${f}`);
const reached = specDistances(existing, graph, Object.fromEntries(specFiles.map((f) => [f, fs.readFileSync(f, "utf8")])));
const { run: specs, left } = nearestWithin(reached, lastSeconds(), e2eBudget);
if (specs.length) {
  console.log(`Browser specs: ${specs.join(", ")}`);
  if (left.length) console.log(`Also reached, left to CI (--all-e2e runs them): ${left.join(", ")}`);
  // On their own (--no-deps): processing's and scale-out's projects otherwise wait for every browser test.
  failed += run("playwright", ["test", "--no-deps", ...specs]) ? 1 : 0;
} else console.log("Browser specs: none reached");

/** Each spec's seconds in the newest timing report (bench/results/test-suite-*.json), by path. */
function lastSeconds() {
  const dir = path.join(root, "bench", "results");
  const newest = fs
    .readdirSync(dir)
    .filter((f) => /^test-suite-.*\.json$/.test(f))
    .sort()
    .pop();
  if (!newest) return {};
  const report = JSON.parse(fs.readFileSync(path.join(dir, newest), "utf8"));
  return Object.fromEntries((report.suites ?? []).filter((s) => s.runner === "playwright").map((s) => [s.file, s.seconds]));
}
process.exit(failed ? 1 : 0);
