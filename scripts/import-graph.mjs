// The import graph's figures, from dependency-cruiser's own reading of the code (the same cruise as
// `npm run lint:layers`): modules per folder (lib/services/ by domain), dependencies between the
// project's modules, the edges between domains, and the layer rules' violations.
//   node scripts/import-graph.mjs            print the figures
//   node scripts/import-graph.mjs --json F   also write them to F (a before/after of a refactor)
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const SOURCES = ["app", "components", "lib", "pages", "server", "proxy.ts", "instrumentation.ts"];
const raw = execFileSync("npx", ["depcruise", ...SOURCES, "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
  encoding: "utf8",
  maxBuffer: 256 * 1024 * 1024,
  stdio: ["ignore", "pipe", "ignore"],
}).toString();
const { modules, summary } = JSON.parse(raw);

const own = (p) => !p.startsWith("node_modules/") && !p.startsWith("generated/") && SOURCES.some((s) => p === s || p.startsWith(`${s}/`));
/** The folder a module counts in: lib/services/<domain>, another lib/ folder, lib (its root), or the top folder. */
function folderOf(p) {
  const parts = p.split("/");
  if (parts[0] === "lib" && parts[1] === "services" && parts.length > 3) return `lib/services/${parts[2]}`;
  if (parts[0] === "lib") return parts.length > 2 ? `lib/${parts[1]}` : "lib (root)";
  return parts.length > 1 ? parts[0] : parts[0];
}
const domainOf = (p) => (/^lib\/services\/([^/]+)\//.exec(p) ?? [])[1] ?? null;

const mine = modules.filter((m) => own(m.source));
const perFolder = {};
for (const m of mine) perFolder[folderOf(m.source)] = (perFolder[folderOf(m.source)] ?? 0) + 1;
let edges = 0;
const domainEdges = {};
for (const m of mine)
  for (const d of m.dependencies) {
    if (!own(d.resolved)) continue;
    edges++;
    const [a, b] = [domainOf(m.source), domainOf(d.resolved)];
    if (a && b && a !== b) domainEdges[`${a} → ${b}`] = (domainEdges[`${a} → ${b}`] ?? 0) + 1;
  }
const figures = {
  modules: mine.length,
  dependencies: edges,
  violations: summary.violations.length,
  rules: summary.ruleSetUsed.forbidden?.length ?? 0,
  modulesPerFolder: Object.fromEntries(Object.entries(perFolder).sort(([a], [b]) => a.localeCompare(b))),
  domainEdges: Object.fromEntries(Object.entries(domainEdges).sort(([a], [b]) => a.localeCompare(b))),
};
console.log(`modules ${figures.modules}, dependencies ${figures.dependencies}, rules ${figures.rules}, violations ${figures.violations}`);
for (const [f, n] of Object.entries(figures.modulesPerFolder)) console.log(`  ${f.padEnd(28)} ${n}`);
if (Object.keys(figures.domainEdges).length) {
  console.log("edges between domains:");
  for (const [e, n] of Object.entries(figures.domainEdges)) console.log(`  ${e.padEnd(28)} ${n}`);
}
const out = process.argv.indexOf("--json");
if (out > 0) writeFileSync(process.argv[out + 1], JSON.stringify(figures, null, 2) + "\n");
