/**
 * A studio's export run to its end by the real job (lib/services/data/studio-export.ts) and read back
 * with Info-ZIP's `unzip`: the ZIP saved under `dir`, its manifest parsed by the format's schema.
 */
import path from "node:path";
import { execFileSync } from "node:child_process";
import { db } from "@/lib/db";
import { runExport, startExport } from "@/lib/services/data/studio-export";
import { downloadToFile } from "@/lib/storage/objects";
import { manifestSchema, MANIFEST_NAME, type ExportManifest } from "@/lib/services/data/rules/export-format";
import type { createStudio } from "./factories";

/** One file of a ZIP, as `unzip -p` reads it (its name's wildcards escaped). */
export const unzipFile = (file: string, name: string) => execFileSync("unzip", ["-p", file, name.replace(/([[\]*?])/g, "\\$1")], { maxBuffer: 1024 ** 3 });

export async function exportToFile(studio: Awaited<ReturnType<typeof createStudio>>, dir: string): Promise<{ file: string; manifest: ExportManifest; exportId: string }> {
  const started = await startExport(studio, "cli");
  expect(await runExport(started.id)).toBe("ready");
  const row = await db.studioExport.findUniqueOrThrow({ where: { id: started.id } });
  const file = path.join(dir, `${started.id}.zip`);
  await downloadToFile(row.storageKey, file);
  const manifest = manifestSchema.parse(JSON.parse(unzipFile(file, MANIFEST_NAME).toString("utf8")));
  return { file, manifest, exportId: started.id };
}
