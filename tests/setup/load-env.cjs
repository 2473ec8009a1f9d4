// Loads the settings of the embedded services started by global-setup.mjs, and gives this test
// file a database of its own, cloned from the migrated template (milliseconds; see global-setup).
// It runs before the test file's modules load, so every client the file makes (Prisma, pg-boss, a
// spawned worker) reads the clone's DATABASE_URL.
const fs = require("node:fs");
const path = require("node:path");
const { execFileSync } = require("node:child_process");
const file = path.join(process.env.VIDFOLIO_TEST_DIR || path.resolve(".data/test"), "env.json");
if (!fs.existsSync(file)) throw new Error("Integration services are not running: run the tests through jest's global setup.");
const settings = JSON.parse(fs.readFileSync(file, "utf8"));
Object.assign(process.env, settings);
const name = `suite_${process.env.JEST_WORKER_ID ?? 0}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
execFileSync(process.execPath, [path.join(__dirname, "clone-database.cjs"), settings.DATABASE_URL, settings.VIDFOLIO_TEMPLATE_DATABASE, name], { stdio: ["ignore", "ignore", "inherit"] });
const url = new URL(settings.DATABASE_URL);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
