// Publishing a studio's events (signed webhooks), as an outbox: the event and one delivery per endpoint
// that wants it are written in the transaction of the change they report (a change rolled back has
// no event; a change committed has its event), and the deliveries' jobs are queued once it has
// committed (dispatchDeliveries). A dispatch lost (the queue down, the process gone) is caught up by
// the minute's sweep (deliver.ts). Nothing is written for a studio no endpoint of which wants it,
// unless a local forwarder of the studio listens for it (./listen.ts): then the event is written
// (its stream reads it) and its channel NOTIFYed.
import "@/lib/server-only";
import { db, type Tx } from "@/lib/db";
import { enqueueMany } from "@/lib/jobs/queue";
import { webhookDeliveryJob } from "@/lib/jobs/kinds";
import { log } from "@/lib/log";
import type { EmittedEventType, WebhookObject } from "@/lib/contract/webhook-events";

type Writer = Pick<Tx, "$queryRaw">;

/** NOTIFYed with the studio's id when an event is written for a local forwarder listening (./listen.ts). */
export const LISTEN_CHANNEL = "vidfolio_webhook_events";

export type StudioEventInput = {
  [T in EmittedEventType]: {
    adminId: string;
    type: T;
    /** What the event is about, as the receiver gets it (`data.object`, declared in lib/contract/webhook-events.ts); `id` orders its deliveries. */
    object: WebhookObject<T>;
  };
}[EmittedEventType];

/**
 * Writes the event and its deliveries with `client` (the caller's transaction, or the database: it
 * is one statement), one delivery per enabled endpoint of the studio that wants the event (none and
 * no event when none does, and no forwarder listens for it); the ids of those to dispatch once it commits: not those behind an earlier
 * pending delivery of their object (the statement sees the rows before it), which that one's
 * completion hands on (a delivery it misses, committed meanwhile, is queued by the minute's sweep).
 */
export async function publishEvent(client: Writer, e: StudioEventInput): Promise<string[]> {
  const rows = await client.$queryRaw<{ id: string | null; waits: boolean | null }[]>`
    WITH endpoint AS (
      SELECT id, "createdAt" FROM "WebhookEndpoint" WHERE "adminId" = ${e.adminId}::uuid AND enabled AND ${e.type} = ANY(events)
    ), listener AS (
      SELECT 1 FROM "WebhookListener" WHERE "adminId" = ${e.adminId}::uuid AND "expiresAt" > now() AND ${e.type} = ANY(events) LIMIT 1
    ), event AS (
      INSERT INTO "StudioEvent" (id, "adminId", type, "objectId", payload)
      SELECT gen_random_uuid(), ${e.adminId}::uuid, ${e.type}, ${e.object.id}, ${JSON.stringify(e.object)}::jsonb
      WHERE EXISTS (SELECT 1 FROM endpoint) OR EXISTS (SELECT 1 FROM listener)
      RETURNING id
    ), delivery AS (
      INSERT INTO "WebhookDelivery" (id, "endpointId", "eventId", "objectId")
      SELECT gen_random_uuid(), endpoint.id, event.id, ${e.object.id} FROM endpoint, event ORDER BY endpoint."createdAt"
      RETURNING id::text, EXISTS (
        SELECT 1 FROM "WebhookDelivery" p WHERE p."endpointId" = "WebhookDelivery"."endpointId" AND p."objectId" = "WebhookDelivery"."objectId" AND p.status = 'pending'
      ) AS waits
    ), told AS (
      SELECT pg_notify(${LISTEN_CHANNEL}, ${e.adminId})::text AS sent FROM event WHERE EXISTS (SELECT 1 FROM listener)
    )
    SELECT id, waits FROM delivery UNION ALL SELECT NULL, NULL FROM told`;
  return rows.filter((r): r is { id: string; waits: boolean } => r.id !== null && !r.waits).map((r) => r.id);
}

/** Queues an attempt of each delivery now, in one statement. Never throws: a delivery not queued is queued by the sweep. */
export async function dispatchDeliveries(deliveryIds: readonly string[]): Promise<void> {
  try {
    await enqueueMany(
      webhookDeliveryJob,
      deliveryIds.map((deliveryId) => ({ deliveryId })),
    );
  } catch (err) {
    log().warn({ err, deliveries: deliveryIds.length }, "webhook deliveries were not queued; the sweep queues them");
  }
}

/** An event of a change with no transaction of its own: written (one statement), then dispatched. */
export async function emitEvent(e: StudioEventInput): Promise<void> {
  await dispatchDeliveries(await publishEvent(db, e));
}
