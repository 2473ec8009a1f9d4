// A fingerprint of everything stored about some accounts: every row (all columns, so updatedAt too)
// of every table that mentions one of their ids or emails, and every stored object under their
// prefixes. Equal fingerprints before and after a call prove the call changed none of it.
import { db } from "@/lib/db";
import { listKeys } from "./storage";

let tables: string[] | undefined;

/** The throttles' own bookkeeping (attempt windows, failure back-off): every attempt writes there by design. */
const BOOKKEEPING = ["_prisma_migrations", "RateLimit", "SecretBackoff"];

async function allTables(): Promise<string[]> {
  tables ??= (
    await db.$queryRaw<
      { name: string }[]
    >`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND NOT (table_name = ANY(${BOOKKEEPING})) ORDER BY 1`
  ).map((r) => r.name);
  return tables;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `markers`: ids and emails whose rows to include; `prefixes`: storage prefixes (admin ids). */
export async function snapshot(markers: string[], prefixes: string[]): Promise<string> {
  const regex = markers.map(escape).join("|");
  // One round trip for all tables.
  const sql = (await allTables()).map((t) => `SELECT '${t}' AS t, count(*) AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM "${t}" x WHERE x::text ~ $1`).join(" UNION ALL ");
  const rows = await db.$queryRawUnsafe<{ t: string; n: bigint; h: string | null }[]>(sql, regex);
  const parts = rows.sort((a, b) => a.t.localeCompare(b.t)).map((r) => `${r.t}:${r.n}:${r.h}`);
  const objects = await Promise.all(prefixes.map((p) => listKeys(`${p}/`)));
  return [...parts, ...objects.map((o) => o.join(","))].join("\n");
}
