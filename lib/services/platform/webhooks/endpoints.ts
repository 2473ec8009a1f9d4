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
import { SECRET_LABEL, attemptDelivery, deliveryBody } from "@/lib/services/platform/webhooks/deliver";
import { audit } from "@/lib/services/platform/audit";
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from "@/lib/services/platform/rules/webhooks/signature";
import { TEST_EVENT } from "@/lib/services/platform/rules/webhooks/events";
import type { CreateWebhookInput, UpdateWebhookInput } from "@/lib/validation/webhooks";
import type { CreatedWebhookEndpoint, WebhookDeliveryDetail, WebhookDeliveryPage, WebhookDeliveryView, WebhookEndpointView } from "@/lib/contract/integrations";
import type { WebhookObject } from "@/lib/contract/webhook-events";
import type { Prisma, WebhookDelivery, WebhookEndpoint } from "@/generated/prisma/client";

/** The studio acting: a person, or one of its keys with the `webhooks` scope (`keyId`: audited as such). */
type Studio = { id: string; email: string; keyId?: string };
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

/** An endpoint change in the audit log, as a person's: who (and which key, when a key did it), what. */
function auditChange(tx: Parameters<typeof audit>[0], actor: Studio, action: string, details: Prisma.InputJsonObject) {
  return audit(tx, actor, action, actor.id, { ...details, ...(actor.keyId ? { keyId: actor.keyId } : {}) });
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
    const created = await tx.webhookEndpoint.create({ data: { id, adminId: actor.id, url: input.url, events: input.events, secret: sealSecret(SECRET_LABEL, id, secret) } });
    await auditChange(tx, actor, "webhook.create", { endpointId: id, url: input.url, events: input.events });
    return created;
  });
  return { ...endpointView(row), secret };
}

/** Changes an endpoint's address, events or state. Enabled again, it starts afresh (not failing) and its due deliveries go out with the next sweep. */
export async function updateEndpoint(actor: Studio, endpointId: string, input: UpdateWebhookInput): Promise<WebhookEndpointView> {
  if (input.url !== undefined) checkReachable(input.url);
  const current = await ownEndpoint(actor, endpointId);
  const enabling = input.enabled === true && !current.enabled;
  const updated = await db.$transaction(async (tx) => {
    const changed = await tx.webhookEndpoint.updateMany({
      where: { id: endpointId, adminId: actor.id },
      data: {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(enabling ? { failingSince: null, disabledAt: null } : {}),
      },
    });
    if (changed.count > 0) await auditChange(tx, actor, "webhook.update", { endpointId, ...input });
    return changed;
  });
  if (updated.count === 0) throw notFound();
  return endpointView(await ownEndpoint(actor, endpointId));
}

/** Deletes an endpoint with its delivery log. */
export async function deleteEndpoint(actor: Studio, endpointId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const gone = await tx.webhookEndpoint.findFirst({ where: { id: endpointId, adminId: actor.id }, select: { url: true } });
    const deleted = await tx.webhookEndpoint.deleteMany({ where: { id: endpointId, adminId: actor.id } });
    if (deleted.count === 0 || !gone) throw notFound();
    await auditChange(tx, actor, "webhook.delete", { endpointId, url: gone.url });
  });
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

/** One delivery of the studio's endpoint: the body its attempts sent and each attempt, oldest first. */
export async function deliveryDetail(actor: Studio, endpointId: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
  const row = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, endpointId, endpoint: { adminId: actor.id } },
    include: { event: { select: { id: true, type: true, createdAt: true, payload: true } }, attemptLog: { orderBy: { number: "asc" } } },
  });
  if (!row) throw notFound();
  return {
    delivery: deliveryView(row),
    body: deliveryBody(row.event),
    attempts: row.attemptLog.map((a) => ({
      number: a.number,
      sentAt: a.sentAt.toISOString(),
      request: {
        url: a.url,
        headers: { "Content-Type": "application/json", ...(a.signature ? { [SIGNATURE_HEADER]: a.signature } : {}), [EVENT_ID_HEADER]: row.eventId },
      },
      status: a.status,
      error: a.error,
      latencyMs: a.latencyMs,
      responseExcerpt: a.responseExcerpt,
    })),
  };
}

/**
 * "Send test event": a `webhook.test` event to this endpoint only, attempted now (at most 10 s);
 * answers the delivery as it went. A failed test is not retried and does not make the endpoint
 * failing. 409 while the endpoint is disabled.
 */
export async function sendTestEvent(actor: Studio, endpointId: string): Promise<WebhookDeliveryView> {
  const endpoint = await ownEndpoint(actor, endpointId);
  if (!endpoint.enabled) throw new AppError("CONFLICT", t.enableBeforeTest);
  const object: WebhookObject<typeof TEST_EVENT> = { id: randomUUID(), endpointId, message: t.testMessage, sentBy: actor.keyId ? await keyName(actor.id, actor.keyId) : actor.email };
  const deliveryId = randomUUID();
  await db.$transaction(async (tx) => {
    const event = await tx.studioEvent.create({ data: { adminId: actor.id, type: TEST_EVENT, objectId: object.id, payload: object } });
    await tx.webhookDelivery.create({ data: { id: deliveryId, endpointId, eventId: event.id, objectId: object.id } });
    await auditChange(tx, actor, "webhook.test", { endpointId, eventId: event.id });
  });
  await attemptDelivery(deliveryId, async () => {});
  const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: { event: { select: { type: true } } } });
  return deliveryView(row);
}

const keyName = async (adminId: string, keyId: string) => (await db.apiKey.findFirst({ where: { id: keyId, adminId }, select: { name: true } }))?.name ?? keyId;
