// `npm run export -- --studio <email> [--out <file>]` and `npm run import -- --studio <email> <file>
// [--no-credits]` (the studio export): a studio's export made in this process (the same job a worker runs
// for Account → Export, mailed likewise), or an export read back into an empty studio. They find
// the database and the store as `npm run db:backup` does: DATABASE_URL / S3_* (also from .env),
// else the embedded ones in VIDFOLIO_DATA_DIR.
import { parseCommand, runOnTargets } from "./backup/cli.mjs";
import { useTargets } from "./app-targets";

const MB = 1024 * 1024;
const command = process.argv[2];

async function studioByEmail(email: string) {
  const { db } = await import("@/lib/db");
  const studio = await db.admin.findFirst({ where: { email: email.toLowerCase(), role: "admin" } });
  if (!studio) throw new Error(`No studio with the email ${email}.`);
  return studio;
}

async function main() {
  if (command === "export") {
    process.argv.splice(2, 1);
    const { values, resolve } = parseCommand({ usage: "Usage: npm run export -- --studio <email> [--out <file.zip>]", options: { studio: { type: "string" }, out: { type: "string" } } });
    if (!values.studio) {
      console.error("Usage: npm run export -- --studio <email> [--out <file.zip>]");
      process.exit(1);
    }
    await runOnTargets(
      "backup",
      async (targets) => {
        useTargets(targets);
        const { startExport, runExport, failExport } = await import("@/lib/services/data");
        const { downloadToFile } = await import("@/lib/storage/objects");
        const { db } = await import("@/lib/db");
        const studio = await studioByEmail(values.studio!);
        const started = await startExport(studio, "cli");
        console.log(`Exporting ${studio.email} (export ${started.id})…`);
        const timer = setInterval(async () => {
          const row = await db.studioExport.findUnique({ where: { id: started.id } }).catch(() => null);
          if (row?.status === "RUNNING") console.log(`  ${(Number(row.doneBytes) / MB).toFixed(1)} of ${(Number(row.totalBytes) / MB).toFixed(1)} MB packed`);
        }, 2000);
        try {
          await runExport(started.id);
        } catch (e) {
          await failExport(started.id);
          throw e;
        } finally {
          clearInterval(timer);
        }
        const row = await db.studioExport.findUniqueOrThrow({ where: { id: started.id } });
        console.log(`Ready: ${row.storageKey} (${(Number(row.sizeBytes) / MB).toFixed(1)} MB, ${row.files} files), kept until ${row.expiresAt!.toISOString()}; the studio was mailed.`);
        if (values.out) {
          const out = resolve(values.out);
          await downloadToFile(row.storageKey, out);
          console.log(`Saved as ${out}`);
        }
        await db.$disconnect();
        return true;
      },
      (e) => `Export failed: ${e.message}`,
    );
  } else if (command === "import") {
    process.argv.splice(2, 1);
    const usage = "Usage: npm run import -- --studio <email> <file.zip> [--no-credits]";
    const { values, positionals, resolve } = parseCommand({ usage, options: { studio: { type: "string" }, "no-credits": { type: "boolean" } }, positionals: 1 });
    if (!values.studio) {
      console.error(usage);
      process.exit(1);
    }
    await runOnTargets(
      "restore",
      async (targets) => {
        useTargets(targets);
        const { importStudio } = await import("@/lib/services/data");
        const { db } = await import("@/lib/db");
        const studio = await studioByEmail(values.studio!);
        const file = resolve(positionals[0]);
        console.log(`Importing ${file} into ${studio.email}…`);
        const summary = await importStudio(studio.id, { file }, { restoreCredits: !values["no-credits"] });
        console.log(
          `Imported ${summary.folders} folders, ${summary.galleries} galleries, ${summary.videos} videos, ${summary.guests} guests, ${summary.files} files (${(summary.bytes / MB).toFixed(1)} MB, every checksum verified).`,
        );
        if (summary.videos > 0) console.log("  the films are queued for the worker, which checks and processes them as uploads (Processing until a worker has run them)");
        if (!values["no-credits"])
          console.log(summary.creditsRestored ? "  credit history and balance restored" : "  the studio has a credit history of its own: it was kept, the export's was not restored");
        for (const r of summary.renamedLinks) console.log(`  the link ${r.from} was taken here: the gallery is at ${r.to}`);
        await db.$disconnect();
        return true;
      },
      (e) => `Import failed: ${e.message}`,
    );
  } else {
    console.error("Usage: npm run export -- --studio <email> | npm run import -- --studio <email> <file.zip>");
    process.exit(1);
  }
}

void main();
