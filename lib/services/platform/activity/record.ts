// Writing the studio's activity feed: an event is written in the transaction of the change it
// reports (a change rolled back tells nothing; a change committed is told), with a NOTIFY naming the
// studio so its open feeds wake when it commits (lib/services/platform/live.ts). An event with a
// `key` is told once (a first view, a day's downloads of a film, an expiry): a second write is
// nothing. Where the studio asked for a mail at once and the kind has no mail of its own, the event
// is marked due for the activity mail (./mail.ts).
import "@/lib/server-only";
import type { Tx } from "@/lib/db";
import { OWN_MAIL_KINDS, DEFAULT_ACTIVITY_MAIL, type ActivityKind } from "@/lib/services/platform/rules/activity";
import type { ActivityFacts } from "@/lib/texts/activity";

export const ACTIVITY_CHANNEL = "vidfolio_activity";

type Writer = Pick<Tx, "$queryRaw">;

export type ActivityInput = {
  adminId: string;
  galleryId: string;
  kind: ActivityKind;
  filmId?: string | null;
  /** Who did it, as the studio knows them; null: the system (an expiry, a failure). */
  who?: string | null;
  /** What the summary is made of; amounts as { amount, currency } (formatted when read). */
  data?: Omit<ActivityFacts, "money" | "date"> & { amount?: number; currency?: string; expiresAt?: string };
  /** Told once per studio and key. */
  key?: string | null;
  at?: Date;
};

/** Writes the event with `client` (the change's transaction, or the database): one statement. */
export async function recordActivity(client: Writer, e: ActivityInput): Promise<void> {
  const at = e.at ?? new Date();
  const mailsItself = OWN_MAIL_KINDS.has(e.kind);
  await client.$queryRaw`
    WITH written AS (
      INSERT INTO "ActivityEvent" ("adminId", "galleryId", kind, "filmId", at, who, data, key, "mailDueAt")
      SELECT a.id, g.id, ${e.kind}, ${e.filmId ?? null}::uuid, ${at}, ${e.who ?? null}, ${JSON.stringify(e.data ?? {})}::jsonb, ${e.key ?? null},
             CASE WHEN NOT ${mailsItself} AND COALESCE(a."activityMail"->>${e.kind}, ${DEFAULT_ACTIVITY_MAIL[e.kind]}) = 'now' THEN ${at}::timestamp END
      FROM "Admin" a JOIN "Gallery" g ON g.id = ${e.galleryId}::uuid AND g."adminId" = a.id
      WHERE a.id = ${e.adminId}::uuid
      ON CONFLICT ("adminId", key) DO NOTHING
      RETURNING seq
    )
    SELECT pg_notify(${ACTIVITY_CHANNEL}, ${e.adminId})::text AS sent FROM written`;
}
