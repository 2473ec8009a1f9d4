// A studio's webhook endpoints and their delivery logs (the webhook doors), every query scoped
// to the acting studio: another studio's endpoint or delivery is "not found". An endpoint's secret
// is made here, shown once (on creation) and stored sealed (lib/security/secret-box.ts).
import "@/lib/server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { lockStudio } from "@/lib/services/money";
import { sealSecret } from "@/lib/security/secret-box";
import { urlRefusal } from "@/lib/security/outbound-http";
import { enqueue } from "@/lib/jobs/queue";
import { webhookDeliveryJob } from "@/lib/jobs/kinds";
import { MAX_ENDPOINTS, type WebhookEventType } from "@/lib/services/platform/rules/webhooks/events";
import { SECRET_LABEL } from "@/lib/services/platform/webhooks/deliver";
import type { CreateWebhookInput, UpdateWebhookInput } from "@/lib/validation/webhooks";
import type { CreatedWebhookEndpoint, WebhookDeliveryPage, WebhookDeliveryView, WebhookEndpointView } from "@/lib/contract/integrations";
import type { WebhookDelivery, WebhookEndpoint } from "@/generated/prisma/client";

type Studio = { id: string };
const t = TEXTS.webhooks;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function endpointView(e: WebhookEndpoint): WebhookEndpointView {
  return { id: e.id, url: e.url, events: e.events as WebhookEventType[], enabled: e.enabled, failingSince: iso(e.failingSince), disabledAt: iso(e.disabledAt), createdAt: e.createdAt.toISOString() };
}

function deliveryView(d: WebhookDelivery & { event: { type: string } }): WebhookDeliveryView {
  return {
    id: d.id,
    eventId: d.eventId,
    type: d.event.type,
    objectId: d.objectId,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    latencyMs: d.latencyMs,
    responseExcerpt: d.responseExcerpt,
    lastAttemptAt: iso(d.lastAttemptAt),
    deliveredAt: iso(d.deliveredAt),
    createdAt: d.createdAt.toISOString(),
  };
}

/** A 400 when the address may never be reached: http in production, a private literal address. */
function checkReachable(url: string): void {
  const why = urlRefusal(url, { allowPrivate: env().WEBHOOKS_ALLOW_PRIVATE, httpsOnly: env().NODE_ENV === "production" });
  if (why) throw new AppError("VALIDATION", why.kind === "private" ? t.privateAddress : why.kind === "scheme" ? t.httpsOnly : t.badUrl);
}

const ownEndpoint = async (actor: Studio, endpointId: string) => (await db.webhookEndpoint.findFirst({ where: { id: endpointId, adminId: actor.id } })) ?? Promise.reject(notFound());

export async function listEndpoints(actor: Studio): Promise<WebhookEndpointView[]> {
  const rows = await db.webhookEndpoint.findMany({ where: { adminId: actor.id }, orderBy: { createdAt: "asc" } });
  return rows.map(endpointView);
}

/** A new endpoint and its signing secret (shown this once). At most MAX_ENDPOINTS per studio, counted under the studio's lock. */
export async function createEndpoint(actor: Studio, input: CreateWebhookInput): Promise<CreatedWebhookEndpoint> {
  checkReachable(input.url);
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  const id = randomUUID();
  const row = await db.$transaction(async (tx) => {
    await lockStudio(tx, actor.id);
    if ((await tx.webhookEndpoint.count({ where: { adminId: actor.id } })) >= MAX_ENDPOINTS) throw new AppError("CONFLICT", t.atMost(MAX_ENDPOINTS));
    return tx.webhookEndpoint.create({ data: { id, adminId: actor.id, url: input.url, events: input.events, secret: sealSecret(SECRET_LABEL, id, secret) } });
  });
  return { ...endpointView(row), secret };
}

/** Changes an endpoint's address, events or state. Enabled again, it starts afresh (not failing) and its due deliveries go out with the next sweep. */
export async function updateEndpoint(actor: Studio, endpointId: string, input: UpdateWebhookInput): Promise<WebhookEndpointView> {
  if (input.url !== undefined) checkReachable(input.url);
  const current = await ownEndpoint(actor, endpointId);
  const enabling = input.enabled === true && !current.enabled;
  const updated = await db.webhookEndpoint.updateMany({
    where: { id: endpointId, adminId: actor.id },
    data: {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(enabling ? { failingSince: null, disabledAt: null } : {}),
    },
  });
  if (updated.count === 0) throw notFound();
  return endpointView(await ownEndpoint(actor, endpointId));
}

/** Deletes an endpoint with its delivery log. */
export async function deleteEndpoint(actor: Studio, endpointId: string): Promise<void> {
  const deleted = await db.webhookEndpoint.deleteMany({ where: { id: endpointId, adminId: actor.id } });
  if (deleted.count === 0) throw notFound();
}

/** An endpoint's deliveries, newest first, `limit` a page; `cursor`: the previous page's `nextCursor`. */
export async function listDeliveries(actor: Studio, endpointId: string, page: { limit: number; cursor?: string }): Promise<WebhookDeliveryPage> {
  await ownEndpoint(actor, endpointId);
  const rows = await db.webhookDelivery.findMany({
    where: { endpointId, endpoint: { adminId: actor.id }, ...(page.cursor ? { seq: { lt: BigInt(page.cursor) } } : {}) },
    include: { event: { select: { type: true } } },
    orderBy: { seq: "desc" },
    take: page.limit + 1,
  });
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  return { deliveries: shown.map(deliveryView), nextCursor: more ? String(shown[shown.length - 1].seq) : null };
}

/**
 * Replay: a new attempt of a delivery now (pending again, due now), whatever it ended as. It then
 * follows the same schedule: retried while its event's 3 days last. 409 while the endpoint is disabled.
 */
export async function replayDelivery(actor: Studio, endpointId: string, deliveryId: string): Promise<WebhookDeliveryView> {
  const endpoint = await ownEndpoint(actor, endpointId);
  if (!endpoint.enabled) throw new AppError("CONFLICT", t.enableFirst);
  const now = new Date(Date.now());
  const updated = await db.webhookDelivery.updateMany({ where: { id: deliveryId, endpointId, endpoint: { adminId: actor.id } }, data: { status: "pending", nextAttemptAt: now } });
  if (updated.count === 0) throw notFound();
  await enqueue(webhookDeliveryJob, { deliveryId, at: now.toISOString() });
  const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: { event: { select: { type: true } } } });
  return deliveryView(row);
}
