// Backups: `backup()` writes a directory with the database (pg_dump, custom format), a listing of
// every object of the store and a manifest; `restore()` loads the database from it (pg_restore)
// and checks the database and the store against what the backup recorded. The targets (which
// database, which store) are resolved by the caller: scripts/backup/targets.mjs for the CLIs.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { connect, serverVersion, rowCounts, tablesWithData, compareCounts } from "./database.mjs";
import { maskUrl, requireTool, runTool, libpqEnv } from "./pg-tools.mjs";
import { listObjects, compareObjects } from "./store.mjs";

export { maskUrl } from "./pg-tools.mjs";
export { storeFromEnv, listObjects } from "./store.mjs";

const FILES = { dump: "database.dump", store: "store.json", manifest: "manifest.json" };

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string().datetime(),
  database: z.object({ name: z.string(), server: z.string(), serverMajor: z.number().int(), pgDump: z.string(), pgDumpMajor: z.number().int() }),
  tables: z.record(z.string(), z.number().int().nonnegative()),
  rows: z.number().int().nonnegative(),
  store: z.object({ bucket: z.string(), endpoint: z.string().nullable(), objects: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});
const objectSchema = z.object({ key: z.string(), size: z.number().int().nonnegative(), etag: z.string(), lastModified: z.string().nullable() });
const storeSchema = z.object({ bucket: z.string(), listedAt: z.string().datetime(), objects: z.array(objectSchema) });

/** A refusal to overwrite a database that has data (restore without `yes`). */
export class RestoreRefused extends Error {
  constructor(message, tables) {
    super(message);
    this.name = "RestoreRefused";
    this.tables = tables;
  }
}

const stamp = (date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
const bytes = (n) => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : n < 1024 ** 3 ? `${(n / 1024 ** 2).toFixed(1)} MiB` : `${(n / 1024 ** 3).toFixed(2)} GiB`);
const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const writeJson = (file, value) => fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });

/**
 * Backs up the database at `databaseUrl` and lists the store into `out` (default
 * `backups/<UTC time>` under `root`), which must not exist yet or be empty.
 */
export async function backup({ databaseUrl, store, out, root = process.cwd(), pageSize, log = console.log }) {
  const client = await connect(databaseUrl);
  let dir;
  let created = false;
  try {
    const server = await serverVersion(client);
    const pgDump = requireTool("pg_dump", server.major, `a PostgreSQL ${server.major} server (${server.text})`);
    log(`Database  ${maskUrl(databaseUrl)} (PostgreSQL ${server.text}; pg_dump ${pgDump.text})`);

    const createdAt = new Date();
    const target = path.resolve(root, out ?? path.join("backups", stamp(createdAt)));
    if (fs.existsSync(target) && fs.readdirSync(target).length > 0) throw new Error(`${target} already exists and is not empty: choose another --out.`);
    created = !fs.existsSync(target);
    fs.mkdirSync(target, { recursive: true, mode: 0o700 });
    dir = target; // from here on, a failure removes what this call wrote there

    // pg_dump reads the snapshot this transaction exported, so the recorded counts are exactly
    // what the dump holds even while the app keeps writing.
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const { rows } = await client.query("SELECT pg_export_snapshot() AS id");
    const tables = await rowCounts(client);
    const dumpFile = path.join(dir, FILES.dump);
    const warnings = await runTool("pg_dump", ["--format=custom", "--no-owner", `--snapshot=${rows[0].id}`, `--file=${dumpFile}`], databaseUrl);
    await client.query("COMMIT");
    if (warnings) log(warnings);
    fs.chmodSync(dumpFile, 0o600);
    const rowsTotal = Object.values(tables).reduce((a, b) => a + b, 0);
    log(`  ${count(rowsTotal, "row")} in ${count(Object.keys(tables).length, "table")} -> ${FILES.dump} (${bytes(fs.statSync(dumpFile).size)})`);

    const objects = await listObjects(store, { pageSize });
    const objectBytes = objects.reduce((a, o) => a + o.size, 0);
    writeJson(path.join(dir, FILES.store), { bucket: store.bucket, listedAt: new Date().toISOString(), objects });
    log(`Store     ${store.bucket}${store.endpoint ? ` at ${store.endpoint}` : ""}: ${count(objects.length, "object")}, ${bytes(objectBytes)} -> ${FILES.store}`);

    const manifest = {
      format: 1,
      createdAt: createdAt.toISOString(),
      database: { name: libpqEnv(databaseUrl).PGDATABASE ?? "", server: server.text, serverMajor: server.major, pgDump: pgDump.text, pgDumpMajor: pgDump.major },
      tables,
      rows: rowsTotal,
      store: { bucket: store.bucket, endpoint: store.endpoint, objects: objects.length, bytes: objectBytes },
    };
    writeJson(path.join(dir, FILES.manifest), manifest);
    log(`Backup written to ${dir}`);
    return { dir, manifest };
  } catch (e) {
    // No half backup that looks whole: remove what this call wrote.
    if (dir && created) fs.rmSync(dir, { recursive: true, force: true });
    else if (dir) for (const f of Object.values(FILES)) fs.rmSync(path.join(dir, f), { force: true });
    throw e;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The manifest and the store listing of the backup in `dir`, validated. */
export function readBackup(dir) {
  const read = (name, schema) => {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) throw new Error(`${dir} is not a complete backup: ${name} is missing.`);
    let json;
    try {
      json = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (e) {
      throw new Error(`${file} is not a valid backup file: ${e.message}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Error(`${file} is not a valid backup file: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    return parsed.data;
  };
  const manifest = read(FILES.manifest, manifestSchema);
  const listing = read(FILES.store, storeSchema);
  if (!fs.existsSync(path.join(dir, FILES.dump))) throw new Error(`${dir} is not a complete backup: ${FILES.dump} is missing.`);
  return { manifest, listing, dumpFile: path.join(dir, FILES.dump) };
}

const list = (items, max = 20) => [...items.slice(0, max), ...(items.length > max ? [`... and ${items.length - max} more`] : [])];

/**
 * Restores the backup in `dir` into the database at `databaseUrl`, then compares its row counts
 * with the manifest and the store with the listing. Refuses (RestoreRefused) when the database
 * has data, unless `yes`. Resolves with the differences; `ok` is false when there is any.
 */
export async function restore({ dir, databaseUrl, store, yes = false, pageSize, log = console.log }) {
  const { manifest, listing, dumpFile } = readBackup(path.resolve(dir));
  const pgRestore = requireTool("pg_restore", manifest.database.pgDumpMajor, `this backup (written by pg_dump ${manifest.database.pgDump})`);

  const client = await connect(databaseUrl);
  try {
    const server = await serverVersion(client);
    log(`Database  ${maskUrl(databaseUrl)} (PostgreSQL ${server.text}; pg_restore ${pgRestore.text})`);
    const existing = tablesWithData(await rowCounts(client));
    if (existing.length > 0 && !yes) {
      const rows = existing.reduce((a, [, n]) => a + n, 0);
      throw new RestoreRefused(
        [
          `The database already has data: ${count(rows, "row")} in ${count(existing.length, "table")}. Restoring the backup of ${manifest.createdAt} would overwrite:`,
          ...list(existing.map(([table, n]) => `  ${table}: ${count(n, "row")}`)),
          "Nothing was changed. Run again with --yes to overwrite it.",
        ].join("\n"),
        Object.fromEntries(existing),
      );
    }
  } finally {
    await client.end().catch(() => {});
  }

  const warnings = await runTool("pg_restore", ["--clean", "--if-exists", "--no-owner", "--single-transaction", `--dbname=${libpqEnv(databaseUrl).PGDATABASE}`, dumpFile], databaseUrl);
  if (warnings) log(warnings);
  log(`  restored ${count(manifest.rows, "row")} in ${count(Object.keys(manifest.tables).length, "table")} from the backup of ${manifest.createdAt}`);

  const after = await connect(databaseUrl);
  let tables;
  try {
    tables = compareCounts(manifest.tables, await rowCounts(after));
  } finally {
    await after.end().catch(() => {});
  }
  const objects = compareObjects(listing.objects, await listObjects(store, { pageSize }));

  for (const t of tables.missing) log(`  table ${t}: missing after the restore`);
  for (const t of tables.mismatched) log(`  table ${t.table}: ${count(t.actual, "row")}, the backup has ${t.expected}`);
  if (tables.extra.length) log(`  tables not in the backup (left as they were): ${tables.extra.join(", ")}`);
  log(`Store     ${store.bucket}${store.endpoint ? ` at ${store.endpoint}` : ""} against the backup's listing of ${count(listing.objects.length, "object")} (bucket ${listing.bucket})`);
  if (objects.missing.length) {
    log([`  ${count(objects.missing.length, "object")} missing from the store (recover them from the store's versioning or replica):`, ...list(objects.missing.map((k) => `    ${k}`))].join("\n"));
  }
  if (objects.changed.length) {
    log(
      [
        `  ${count(objects.changed.length, "object")} changed since the backup:`,
        ...list(objects.changed.map((c) => `    ${c.key} (size ${c.expected.size} -> ${c.actual.size}, etag ${c.expected.etag} -> ${c.actual.etag})`)),
      ].join("\n"),
    );
  }
  if (objects.extra.length) log(`  ${count(objects.extra.length, "object")} written after the backup (not a difference: the restored database does not refer to them)`);

  const ok = tables.missing.length + tables.mismatched.length + objects.missing.length + objects.changed.length === 0;
  log(ok ? "Restore complete: the database and the store match the backup." : "Restore finished WITH DIFFERENCES, listed above.");
  return { ok, tables, objects };
}
