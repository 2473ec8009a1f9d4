// `npm test`: the whole suite — jest (unit + integration on embedded PostgreSQL and S3) and then
// Playwright against the production build in Chromium — closing with one plain summary line.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const results = path.join(root, ".data", "results");
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function findChromium() {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((p) => p && fs.existsSync(p));
}

let chromium = findChromium();
if (!chromium && process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
  console.log("Chromium not found: installing Debian's chromium package…");
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit" });
  chromium = findChromium();
}
if (!chromium) {
  console.error("The browser tests need Chromium: install it (Debian: apt-get install chromium) or set PLAYWRIGHT_CHROMIUM_PATH.");
  console.log("tests: 0 passed, 1 failed");
  process.exit(1);
}

const env = { ...process.env, PLAYWRIGHT_CHROMIUM_PATH: chromium, NEXT_TELEMETRY_DISABLED: "1" };
const jestFile = path.join(results, "jest.json");
const pwFile = path.join(results, "playwright.json");

const jest = spawnSync(bin("jest"), ["--ci", "--json", `--outputFile=${jestFile}`], { env, stdio: "inherit" });
const pw = spawnSync(bin("playwright"), ["test"], { env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile }, stdio: "inherit" });

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(jestFile)) {
  const j = JSON.parse(fs.readFileSync(jestFile, "utf8"));
  passed += j.numPassedTests;
  failed += j.numFailedTests + j.numRuntimeErrorTestSuites;
  skipped += j.numPendingTests + j.numTodoTests;
} else {
  failed += 1;
}
if (fs.existsSync(pwFile)) {
  const s = JSON.parse(fs.readFileSync(pwFile, "utf8")).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  if ((s.expected ?? 0) + (s.unexpected ?? 0) + (s.flaky ?? 0) === 0 && pw.status !== 0) failed += 1;
} else {
  failed += 1;
}
if (failed === 0 && (jest.status !== 0 || pw.status !== 0)) failed += 1; // a runner died outside any test

console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
