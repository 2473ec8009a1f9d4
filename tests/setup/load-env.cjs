// Loads the settings of the embedded services started by global-setup.mjs.
const fs = require("node:fs");
const path = require("node:path");
const file = path.join(process.env.VIDFOLIO_TEST_DIR || path.resolve(".data/test"), "env.json");
if (!fs.existsSync(file)) throw new Error("Integration services are not running: run the tests through jest's global setup.");
Object.assign(process.env, JSON.parse(fs.readFileSync(file, "utf8")));
