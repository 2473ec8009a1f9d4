// `npm run backfill:shapes`: the one-off backfill of films' shapes (lib/services/films/film-shapes.ts):
// every READY film and kept version processed before width and height were recorded is measured
// from its stored file. Safe to run again (only films still without a size are read) and to stop
// (what was measured is saved). It finds the database and the store as `npm run db:backup` does:
// DATABASE_URL / S3_* (also from .env), else the embedded ones in VIDFOLIO_DATA_DIR.
import { parseCommand, runOnTargets } from "./backup/cli.mjs";
import { useTargets } from "./app-targets";

parseCommand({ usage: "Usage: npm run backfill:shapes", options: {} });
void runOnTargets(
  "backup",
  async (targets) => {
    useTargets(targets);
    const { fillFilmShapes } = await import("@/lib/services/films");
    const { db } = await import("@/lib/db");
    let done = 0;
    const result = await fillFilmShapes({ onFilm: () => ++done % 100 === 0 && console.log(`  ${done} measured…`) });
    console.log(`Measured ${result.films} films and ${result.versions} kept versions.`);
    if (result.unreadable.length) console.log(`  ${result.unreadable.length} stored files read as no picture (left at 16:9): ${result.unreadable.join(", ")}`);
    await db.$disconnect();
    return true;
  },
  (e) => `Backfill failed: ${e.message}`,
);
