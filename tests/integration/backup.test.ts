// npm run db:backup / db:restore on real PostgreSQL, a real store and the real pg_dump/pg_restore
// (no mocks; without pg_dump these tests fail, they do not skip): a backup of studios, folders,
// galleries, videos, chapters and their objects survives a wiped database with every table's rows
// and every object as they were; an object lost since the backup is reported; a database with data
// is not overwritten without --yes; with nothing configured the embedded services are used.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { Client } from "pg";
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { freePort, startPostgresProcess, startS3Process, type Service } from "../helpers/services";
import { backup, restore, storeFromEnv, RestoreRefused, type Store } from "../../scripts/backup/index.mjs";

const dir = path.resolve(".data/test/backup");
const saved = { ...process.env };
let pg: Service;
let s3: Service;
let store: Store;

/** Rows and a fingerprint of the content of every table of every schema but the system's. */
async function snapshot(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    );
    const result: Record<string, { rows: number; md5: string }> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string; md5: string }>(`SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS md5 FROM ${name} t`);
      result[name] = { rows: Number(rows[0].n), md5: rows[0].md5 };
    }
    return result;
  } finally {
    await client.end();
  }
}

async function sql(url: string, text: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function s3Client(env: Record<string, string>) {
  return new S3Client({ region: env.S3_REGION, endpoint: env.S3_ENDPOINT, forcePathStyle: true, credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } });
}

async function keysOf(env: Record<string, string>) {
  const res = await s3Client(env).send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET }));
  return (res.Contents ?? []).map((o) => `${o.Key} ${o.Size} ${o.ETag}`).sort();
}

function migrate(url: string) {
  const r = spawnSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
}

/** The CLI as `npm run db:*` runs it, with only the given settings (none: the embedded services). */
function cli(script: string, args: string[], env: Record<string, string> = {}) {
  const clean = { ...process.env };
  for (const key of Object.keys(clean)) if (/^(DATABASE_URL|S3_.*|VIDFOLIO_DATA_DIR|PG_BIN_DIR)$/.test(key)) delete clean[key];
  return spawnSync(process.execPath, [path.resolve("scripts", script), ...args], { env: { ...clean, ...env }, encoding: "utf8", timeout: 120_000 });
}

beforeAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  // Their own database and store: this file drops every table, and lists every object.
  pg = await startPostgresProcess(path.join(dir, "postgres"), await freePort(), "vidfolio_backup");
  s3 = await startS3Process(path.join(dir, "s3"), await freePort());
  migrate(pg.env.DATABASE_URL);
  Object.assign(process.env, { DATABASE_URL: pg.env.DATABASE_URL }, s3.env);
  store = storeFromEnv(s3.env);
}, 120_000);

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db.$disconnect();
  await pg?.stop();
  await s3?.stop();
  process.env = saved;
});

test("backup, wipe, restore: every table's rows and every object as they were; a lost object is reported", async () => {
  const { db } = await import("@/lib/db");
  const { createStudio, createFolderWithGallery } = await import("../helpers/factories");
  const { putObjects } = await import("../helpers/storage");
  const url = pg.env.DATABASE_URL;

  for (let s = 0; s < 2; s++) {
    const studio = await createStudio({ creditsMb: 500 });
    await db.creditEntry.create({ data: { adminId: studio.id, type: "purchased", creditBytes: 500n * 1024n * 1024n, purpose: "Backup test" } });
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 3 });
    for (const [i, video] of videos.entries()) {
      await db.chapter.create({ data: { videoId: video.id, title: `Opening ${i}`, cueSeconds: 5 * i } });
      await db.showcaseItem.create({ data: { galleryId: gallery.id, videoId: video.id, position: i } });
    }
    // Each video's object and its thumbnail, at the keys the app gives them.
    await putObjects(videos.flatMap((v) => [v.storageKey, `${v.storageKey}.derived/thumb-10.jpg`]));
  }
  await db.$disconnect(); // the wipe below drops the types the client's connections know

  const before = await snapshot(url);
  const objectsBefore = await keysOf(s3.env);
  expect(before['public."Video"'].rows).toBe(6);
  expect(before['public."Chapter"'].rows).toBe(6);
  expect(objectsBefore).toHaveLength(12);

  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  // Pages of 5 objects: the listing must go on page after page.
  const { dir: out, manifest } = await backup({ databaseUrl: url, store, out: path.join(dir, "backups", "first"), pageSize: 5, log });
  expect(fs.readdirSync(out).sort()).toEqual(["database.dump", "manifest.json", "store.json"]);
  expect(manifest.database.serverMajor).toBe(15);
  expect(manifest.store).toMatchObject({ bucket: "vidfolio", objects: 12 });
  for (const [table, { rows }] of Object.entries(before)) expect(manifest.tables[table.replaceAll('"', "")]).toBe(rows);
  expect(lines.join("\n")).not.toContain(":vidfolio@"); // the password is masked

  await sql(url, "DROP SCHEMA public CASCADE; CREATE SCHEMA public");
  expect(Object.keys(await snapshot(url))).toEqual([]);

  const report = await restore({ dir: out, databaseUrl: url, store, pageSize: 5, log });
  expect(report).toEqual({ ok: true, tables: { mismatched: [], missing: [], extra: [] }, objects: { missing: [], changed: [], extra: [] } });
  expect(await snapshot(url)).toEqual(before); // same rows, same content
  expect(await keysOf(s3.env)).toEqual(objectsBefore);

  // A video's object is lost after the backup: the restore says which, and is not ok.
  const lost = JSON.parse(fs.readFileSync(path.join(out, "store.json"), "utf8")).objects[3].key as string;
  await s3Client(s3.env).send(new DeleteObjectCommand({ Bucket: "vidfolio", Key: lost }));
  lines.length = 0;
  const after = await restore({ dir: out, databaseUrl: url, store, yes: true, log });
  expect(after.ok).toBe(false);
  expect(after.objects).toEqual({ missing: [lost], changed: [], extra: [] });
  expect(lines.join("\n")).toContain(lost);
  expect(await snapshot(url)).toEqual(before);
}, 120_000);

test("refuses to overwrite a database that has data without --yes, and changes nothing", async () => {
  const url = pg.env.DATABASE_URL;
  await sql(url, `INSERT INTO "RateLimit" (key, "windowStart", count) VALUES ('refusal-test', now(), 1)`);
  const out = path.join(dir, "backups", "refusal");
  await backup({ databaseUrl: url, store, out, log: () => {} });
  await sql(url, `INSERT INTO "RateLimit" (key, "windowStart", count) VALUES ('written-after-the-backup', now(), 1)`);
  const before = await snapshot(url);

  await expect(restore({ dir: out, databaseUrl: url, store, log: () => {} })).rejects.toThrow(RestoreRefused);
  const run = cli("db-restore.mjs", [out], { DATABASE_URL: url, ...s3.env });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/already has data/);
  expect(run.stderr).toMatch(/public\.RateLimit: 2 rows/);
  expect(run.stderr).toMatch(/--yes/);
  expect(`${run.stdout}${run.stderr}`).not.toContain(":vidfolio@");
  expect(await snapshot(url)).toEqual(before);

  // With --yes the backup replaces it: the row written after the backup is gone.
  const yes = cli("db-restore.mjs", [out, "--yes"], { DATABASE_URL: url, ...s3.env });
  expect(yes.stdout).toContain("Restore complete");
  expect(yes.status).toBe(0);
  const rows = await snapshot(url);
  expect(rows['public."RateLimit"'].rows).toBe(before['public."RateLimit"'].rows - 1);
}, 120_000);

test("with nothing configured: the embedded database and store, started for the command or the running ones", async () => {
  const dataDir = path.join(dir, "embedded");
  const port = await freePort();
  let cluster = await startPostgresProcess(path.join(dataDir, "postgres"), port, "vidfolio");
  migrate(cluster.env.DATABASE_URL);
  await sql(cluster.env.DATABASE_URL, `INSERT INTO "RateLimit" (key, "windowStart", count) VALUES ('embedded', now(), 1)`);
  const before = await snapshot(cluster.env.DATABASE_URL);
  await cluster.stop();
  let objects = await startS3Process(path.join(dataDir, "s3"), await freePort());
  await s3Client(objects.env).send(new PutObjectCommand({ Bucket: "vidfolio", Key: "studio/video.mp4", Body: "bytes" }));
  await objects.stop();

  // Nothing runs: the command starts both in the data folder, and stops them after.
  const out = path.join(dir, "backups", "embedded");
  const run = cli("db-backup.mjs", ["--out", out], { VIDFOLIO_DATA_DIR: dataDir });
  expect(run.stderr).not.toMatch(/failed/i);
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/embedded PostgreSQL in .*started for this command/);
  expect(run.stdout).toMatch(/embedded store in .*started for this command/);
  const manifest = JSON.parse(fs.readFileSync(path.join(out, "manifest.json"), "utf8"));
  expect(manifest.tables["public.RateLimit"]).toBe(1);
  expect(manifest.store.objects).toBe(1);
  expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);

  // Both run (as under `npm run dev`, whose launcher records the store in running.json): the
  // command uses them, and warns that the app seems to be running.
  cluster = await startPostgresProcess(path.join(dataDir, "postgres"), port, "vidfolio");
  objects = await startS3Process(path.join(dataDir, "s3"), await freePort());
  try {
    fs.writeFileSync(path.join(dataDir, "running.json"), JSON.stringify({ pid: objects.child.pid, s3: { endpoint: objects.env.S3_ENDPOINT, bucket: "vidfolio" } }));
    await sql(cluster.env.DATABASE_URL, `DELETE FROM "RateLimit"`);
    const again = cli("db-restore.mjs", [out, "--yes"], { VIDFOLIO_DATA_DIR: dataDir });
    expect(again.stdout).toContain(`embedded PostgreSQL running in`);
    expect(again.stdout).toContain(`embedded store running at ${objects.env.S3_ENDPOINT}`);
    expect(again.stdout).toContain("The app seems to be running");
    expect(again.stdout).toContain("Restore complete");
    expect(again.status).toBe(0);
    expect(await snapshot(cluster.env.DATABASE_URL)).toEqual(before);
  } finally {
    await cluster.stop();
    await objects.stop();
  }
}, 180_000);
