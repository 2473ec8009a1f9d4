// Publishing a studio's events (issue 38.4), as an outbox: the event and one delivery per endpoint
// that wants it are written in the transaction of the change they report (a change rolled back has
// no event; a change committed has its event), and the deliveries' jobs are queued once it has
// committed (dispatchDeliveries). A dispatch lost (the queue down, the process gone) is caught up by
// the minute's sweep (deliver.ts). Nothing is written for a studio no endpoint of which wants it.
import "server-only";
import { randomUUID } from "node:crypto";
import { db, type Tx } from "@/lib/db";
import { enqueueMany } from "@/lib/jobs/queue";
import { webhookDeliveryJob } from "@/lib/jobs/kinds";
import { log } from "@/lib/log";
import type { WebhookEventType } from "@/lib/webhooks/events";
import type { Prisma } from "@/generated/prisma/client";

type Writer = Pick<Tx, "webhookEndpoint" | "studioEvent" | "webhookDelivery">;

export type StudioEventInput = {
  adminId: string;
  type: WebhookEventType;
  /** What the event is about, as the receiver gets it (`data.object`); `id` orders its deliveries. */
  object: { id: string } & Record<string, Prisma.InputJsonValue | null>;
};

/** Writes the event and its deliveries with `client` (the caller's transaction); the deliveries' ids, to dispatch once it commits. */
export async function publishEvent(client: Writer, e: StudioEventInput): Promise<string[]> {
  const endpoints = await client.webhookEndpoint.findMany({ where: { adminId: e.adminId, enabled: true, events: { has: e.type } }, select: { id: true }, orderBy: { createdAt: "asc" } });
  if (endpoints.length === 0) return [];
  const event = await client.studioEvent.create({ data: { adminId: e.adminId, type: e.type, objectId: e.object.id, payload: e.object }, select: { id: true } });
  const deliveries = endpoints.map((endpoint) => ({ id: randomUUID(), endpointId: endpoint.id, eventId: event.id, objectId: e.object.id }));
  await client.webhookDelivery.createMany({ data: deliveries });
  return deliveries.map((d) => d.id);
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

/** An event of a change with no transaction of its own: written, then dispatched. */
export async function emitEvent(e: StudioEventInput): Promise<void> {
  await dispatchDeliveries(await db.$transaction((tx) => publishEvent(tx, e)));
}
