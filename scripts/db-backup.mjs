// `npm run db:backup [-- --out <dir>]`: the database (pg_dump) and a listing of the store's objects
// into a new directory, by default backups/<UTC time>/. See docs/operations.md, "Backups and restore".
import { backup } from "./backup/index.mjs";
import { parseCommand, runOnTargets } from "./backup/cli.mjs";

const { values, resolve } = parseCommand({ usage: "Usage: npm run db:backup [-- --out <dir>]", options: { out: { type: "string" } } });
const out = values.out ? resolve(values.out) : undefined;

await runOnTargets(
  "backup",
  async (targets) => {
    await backup({ databaseUrl: targets.databaseUrl, store: targets.store, out });
    return true;
  },
  (e) => `Backup failed: ${e.message}`,
);
