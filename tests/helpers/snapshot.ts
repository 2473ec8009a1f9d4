// A fingerprint of everything stored about some accounts: of the rows (all columns, so updatedAt
// too) of every table that mention one of their ids or emails, every change since the first call;
// and every stored object under their prefixes (key, size and time written). Equal fingerprints before and after
// a call prove the call changed none of it.
//
// How: on first use a row trigger on every table logs each insert, update (that changes anything)
// and delete into _test_changes, the row's text before and after. A fingerprint counts, per table,
// the logged rows that mention a marker. Any change to such a row adds a line there, so the
// fingerprint moves exactly when the old one (every matching row of every table, cast to text and
// hashed) would have, except that a row added and removed again between two calls still counts as
// a change. It reads only what changed (the old one scanned the whole database per call: 64 % of
// jest's time, growing with every suite). A rolled-back write rolls back its log line too.
//
// Objects: the run's own store (tests/setup/global-setup.mjs) is read in its folder, where s3rver
// keeps each object as `<key>._S3rver_object` (0.1 ms where a ListObjects through the SDK and the
// store's signature gate takes 7); snapshot.test.ts proves it finds exactly the keys S3 lists.
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { bucket } from "@/lib/storage/client";

/** The throttles' own bookkeeping (attempt windows, failure back-off): every attempt writes there by design. */
const BOOKKEEPING = ["_prisma_migrations", "RateLimit", "SecretBackoff"];
const LOG = "_test_changes";
/**
 * The audit row of a studio API key's use (issue 38, `api_key.use`) names the path the key asked
 * for — another studio's ids too, when that is what it tried: a record of the attempt by design,
 * like the rate limit's windows, not a change to what the path names.
 */
const KEY_USE = "api_key.use";

let installed: Promise<void> | undefined;

async function install() {
  const tables = (
    await db.$queryRaw<
      { name: string }[]
    >`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND NOT (table_name = ANY(${[...BOOKKEEPING, LOG]}))`
  ).map((r) => r.name);
  await db.$transaction([
    db.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS "${LOG}" (id bigserial PRIMARY KEY, tbl text NOT NULL, row_text text NOT NULL)`),
    db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD::text IS NOT DISTINCT FROM NEW::text THEN RETURN NULL; END IF;
        IF TG_OP <> 'INSERT' THEN INSERT INTO "${LOG}" (tbl, row_text) VALUES (TG_TABLE_NAME, OLD::text); END IF;
        IF TG_OP <> 'DELETE' THEN INSERT INTO "${LOG}" (tbl, row_text) VALUES (TG_TABLE_NAME, NEW::text); END IF;
        RETURN NULL;
      END $$`),
    ...tables.map((t) => db.$executeRawUnsafe(`CREATE OR REPLACE TRIGGER test_log_change AFTER INSERT OR UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION test_log_change()`)),
  ]);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const OBJECT_SUFFIX = "._S3rver_object";

/** The objects under `prefix` in the run's own store, read in its folder (the suites that fingerprint use no other store). */
function objectsUnder(prefix: string): string {
  const dir = process.env.VIDFOLIO_TEST_S3_DIR;
  if (!dir || process.env.S3_ENDPOINT !== process.env.VIDFOLIO_TEST_S3_ENDPOINT) throw new Error("snapshot() reads the run's own store (tests/setup/global-setup.mjs); this suite points at another");
  const root = path.join(dir, bucket());
  const found: string[] = [];
  const walk = (at: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(at, { withFileTypes: true });
    } catch {
      return; // nothing stored under this prefix (yet)
    }
    for (const e of entries) {
      const full = path.join(at, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith(OBJECT_SUFFIX)) {
        const stat = fs.statSync(full, { bigint: true });
        found.push(`${path.relative(root, full).slice(0, -OBJECT_SUFFIX.length)}@${stat.size}:${stat.mtimeNs}`);
      }
    }
  };
  walk(path.join(root, prefix));
  return found.sort().join(",");
}

/** `markers`: ids and emails whose rows to include; `prefixes`: storage prefixes (admin ids). */
export async function snapshot(markers: string[], prefixes: string[]): Promise<string> {
  installed ??= install();
  await installed;
  const rows = await db.$queryRawUnsafe<{ tbl: string; n: bigint }[]>(
    `SELECT tbl, count(*) AS n FROM "${LOG}" WHERE row_text ~ $1 AND NOT (tbl = 'AuditLog' AND strpos(row_text, $2) > 0) GROUP BY tbl ORDER BY tbl`,
    markers.map(escape).join("|"),
    KEY_USE,
  );
  const objects = prefixes.map((p) => objectsUnder(`${p}/`));
  return [...rows.map((r) => `${r.tbl}: ${r.n} changed`), ...objects].join("\n");
}
