import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3100);
// Debian's chromium-headless-shell (the old headless mode, Playwright's own default for headless
// runs) when installed: no GPU process and no browser UI, about a quarter less CPU per test on the
// 2-core CI machine than the full chromium, which is the fallback.
export const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH || ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p)) || "/usr/bin/chromium";

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-gpu"],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".data/playwright-results",
  fullyParallel: true,
  // Three on the 2-core machine: a third of a browser test's time is waiting (a retry's delay, an
  // offline spell, a page settling), which the third worker fills. The chromium project took 6.2 min
  // with three here against 6.8 with two, the whole run 7.2 against 7.8 (no trace either way).
  workers: 3,
  // No retries, in CI either: a test that passes only on a second try is a fault to fix at its cause.
  retries: 0,
  // Generous: a time-out catches a hang, it measures nothing (speed is measured under bench/). On
  // the 2-core CI machines, two Chromiums, the app, its store and its database share the cores, and
  // a test visiting nine pages with axe, or uploading 60 MB through an intercepted route, needs
  // more than 30 s there while it takes 15 s on a quiet one.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    // No trace by default: recording one for every test (to keep it only on failure) took a third of
    // the browser suite's CPU (Chromium's snapshots and screencast, the workers' packing): 8.0 min
    // for the chromium project against 6.9 without, on this 2-core machine. A failure keeps its
    // screenshot and error context; rerun it with `--trace on` (or PW_TRACE=retain-on-failure).
    trace: (process.env.PW_TRACE as "on" | "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", use: browser, testIgnore: /(processing|scale-out)\.spec\.ts$/ },
    // Two more app instances and two workers on a database and store of their own (no browser):
    // after the browser tests, beside the processing tests (which share nothing with them), its
    // serial group on one worker while processing's two tests take another.
    { name: "scale-out", testMatch: /scale-out\.spec\.ts$/, dependencies: ["chromium"] },
    // Video processing runs a real worker (ffmpeg), which would also process the placeholder bytes
    // other tests upload; so these tests run after all the others. One Playwright worker: each
    // starts its own video worker (beforeAll), and a second one's start would drop the first one's
    // freshly queued jobs.
    { name: "processing", use: browser, testMatch: /processing\.spec\.ts$/, dependencies: ["chromium"], workers: 1 },
    // The TypeScript SDK's own tests (packages/sdk/test): node calls against the app, no browser.
    { name: "sdk", testDir: "packages/sdk/test" },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/login`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI && process.env.E2E_REUSE === "1",
    stdout: "pipe",
    stderr: "pipe",
  },
});
