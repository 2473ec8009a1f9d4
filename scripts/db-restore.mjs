// `npm run db:restore -- <backup dir> [--yes]`: loads a backup made by `npm run db:backup` into the
// database (pg_restore) and checks the database and the store against it; exits non-zero on any
// difference. Without --yes it refuses to overwrite a database that has data.
import { restore, RestoreRefused } from "./backup/index.mjs";
import { parseCommand, runOnTargets } from "./backup/cli.mjs";

const { values, positionals, resolve } = parseCommand({ usage: "Usage: npm run db:restore -- <backup dir> [--yes]", options: { yes: { type: "boolean" } }, positionals: 1 });
const dir = resolve(positionals[0]);

await runOnTargets(
  "restore",
  async (targets) => {
    if (targets.running) console.log("The app seems to be running: stop it and its workers before restoring, or their writes mix with the restore.");
    const report = await restore({ dir, databaseUrl: targets.databaseUrl, store: targets.store, yes: values.yes ?? false });
    return report.ok;
  },
  (e) => (e instanceof RestoreRefused ? e.message : `Restore failed: ${e.message}`),
);
