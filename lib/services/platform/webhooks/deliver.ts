// Delivering a studio's events to its endpoints: one attempt per job
// (webhookDeliveryJob), at least once, signed (lib/services/platform/rules/webhooks/signature.ts), through the SSRF guard
// (lib/security/outbound-http.ts: no private address unless WEBHOOKS_ALLOW_PRIVATE, no redirect
// followed, 10 s, 4 KB of the answer read). A 2xx is delivered; anything else is tried again after
// 30 s × 2^n (at most an hour apart) for 3 days from the event, then given up. Deliveries of one
// object to one endpoint go in order: a later one waits while an earlier one is pending, and is
// queued when that one is delivered or given up (by the same job when it can: deliverInTurn). A
// failing endpoint is probed ahead of its deliveries' back-off (every twentieth of how long it has been
// failing, 2 s to 5 minutes: probeEndpoint); once it answers again its pending deliveries are made
// due at once (not after their back-off). An endpoint whose deliveries
// have failed for 3 days is disabled (its pending deliveries given up) and its studio mailed, once.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/generated/prisma/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { enqueue } from "@/lib/jobs/queue";
import { webhookDeliveryJob, webhookProbeJob } from "@/lib/jobs/kinds";
import { postOutbound } from "@/lib/security/outbound-http";
import { openSecret } from "@/lib/security/secret-box";
import { sendMail } from "@/lib/mail";
import { webhookDisabled } from "@/lib/mail/templates";
import { formatDateTime } from "@/lib/format";
import { accountPath } from "@/lib/routes";
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from "@/lib/services/platform/rules/webhooks/signature";
import { DISABLE_AFTER_MS, nextAttempt, probeDelayMs } from "@/lib/services/platform/rules/webhooks/schedule";
import { TEST_EVENT } from "@/lib/services/platform/rules/webhooks/events";
import { dispatchDeliveries } from "@/lib/services/platform/webhooks/publish";

/** The label the endpoints' secrets are sealed under (lib/security/secret-box.ts). */
export const SECRET_LABEL = "webhook-endpoint-secret";
/** An attempt holds its delivery this long (longer than its 10 s): another job for it meanwhile does nothing. */
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
/** An attempt started this long ago has ended (its request times out at TIMEOUT_MS): a probe may try its delivery. */
const IN_FLIGHT_MS = 2 * TIMEOUT_MS;
const READ_BYTES = 4096;
const EXCERPT_CHARS = 500;
/** Due deliveries queued per sweep (an endpoint back after a long outage may have thousands). */
const SWEEP_BATCH = 5000;

export type AttemptOutcome = "delivered" | "retrying" | "failed" | "waiting" | "not-due" | "skipped";
/** A probe with nothing to try: the endpoint no longer failing, or each of its deliveries in flight or just tried. */
export type ProbeOutcome = AttemptOutcome | "idle";

const UNREADABLE_SECRET = "The endpoint's signing secret cannot be read (AUTH_SECRET changed?): delete the endpoint and add it again.";

/** The endpoint's secret, or null when it does not open (sealed under another AUTH_SECRET): nothing is sent unsigned. */
function readSecret(endpoint: { id: string; secret: string }): string | null {
  try {
    return openSecret(SECRET_LABEL, endpoint.id, endpoint.secret);
  } catch (err) {
    log().error({ err, endpointId: endpoint.id }, "a webhook endpoint's secret cannot be read");
    return null;
  }
}

/** The body a receiver gets: the event's id, type, time and object. */
export function deliveryBody(event: { id: string; type: string; createdAt: Date; payload: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, created: event.createdAt.toISOString(), data: { object: event.payload } });
}

/** What comes of the next delivery of an object whose turn has come: queued, unless the caller takes it on. */
type HandOn = (nextDeliveryId: string) => Promise<void>;
const queueIt: HandOn = (id) => dispatchDeliveries([id]);

/** Order per object, in SQL: no earlier delivery of the same object to the same endpoint is pending (`d`: the row's alias). */
const noEarlierPending = (d: Prisma.Sql) =>
  Prisma.sql`NOT EXISTS (SELECT 1 FROM "WebhookDelivery" p WHERE p."endpointId" = ${d}."endpointId" AND p."objectId" = ${d}."objectId" AND p.status = 'pending' AND p.seq < ${d}.seq)`;

type Claimed = {
  id: string;
  endpointId: string;
  objectId: string;
  seq: bigint;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
  eventId: string;
  type: string;
  eventCreatedAt: Date;
  payload: unknown;
};

/**
 * The lease, in one statement: a pending delivery of an enabled endpoint, due, with no earlier one
 * of its object pending, is held for LEASE_MS (of two jobs of one delivery, one gets it: the second
 * update waits for the first's row and then finds it not due), with what its attempt sends. Its
 * `lastAttemptAt` says an attempt is under way (a probe leaves it alone).
 */
async function claim(deliveryId: string, now: number): Promise<Claimed | null> {
  const [row] = await db.$queryRaw<Claimed[]>`
    WITH claimed AS (
      UPDATE "WebhookDelivery" d SET "nextAttemptAt" = ${new Date(now + LEASE_MS)}, "lastAttemptAt" = ${new Date(now)}
      FROM "WebhookEndpoint" e
      WHERE d.id = ${deliveryId}::uuid AND e.id = d."endpointId" AND e.enabled AND d.status = 'pending' AND d."nextAttemptAt" <= ${new Date(now)}
        AND ${noEarlierPending(Prisma.raw("d"))}
      RETURNING d.id, d."endpointId", d."objectId", d.seq, d.attempts, d."createdAt", d."eventId", e.url, e.secret
    )
    SELECT c.*, ev.type, ev."createdAt" AS "eventCreatedAt", ev.payload FROM claimed c JOIN "StudioEvent" ev ON ev.id = c."eventId"`;
  return row ?? null;
}

/** Why a delivery was not claimed. */
async function notClaimed(deliveryId: string, now: number): Promise<AttemptOutcome> {
  const d = await db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: { status: true, nextAttemptAt: true, endpointId: true, objectId: true, seq: true, endpoint: { select: { enabled: true } } },
  });
  if (!d || d.status !== "pending" || !d.endpoint.enabled) return "skipped";
  if (d.nextAttemptAt.getTime() > now) return "not-due";
  const earlier = await db.webhookDelivery.findFirst({ where: { endpointId: d.endpointId, objectId: d.objectId, status: "pending", seq: { lt: d.seq } }, select: { id: true } });
  return earlier ? "waiting" : "not-due";
}

/**
 * A delivered attempt, in one statement: recorded; its endpoint no longer failing (whether it was is
 * returned: what it missed is then due at once); the next pending delivery of its object.
 */
async function recordDelivered(d: Claimed, last: { attempts: number; lastStatus: number | null; latencyMs: number; responseExcerpt: string | null; lastAttemptAt: Date }, now: number) {
  const [row] = await db.$queryRaw<{ recovered: boolean; next: string | null }[]>`
    WITH done AS (
      UPDATE "WebhookDelivery" SET status = 'delivered', "deliveredAt" = ${new Date(now)}, attempts = ${last.attempts}, "lastStatus" = ${last.lastStatus},
        "lastError" = NULL, "latencyMs" = ${last.latencyMs}, "responseExcerpt" = ${last.responseExcerpt}, "lastAttemptAt" = ${last.lastAttemptAt}
      WHERE id = ${d.id}::uuid RETURNING id
    ), recovered AS (
      UPDATE "WebhookEndpoint" SET "failingSince" = NULL WHERE id = ${d.endpointId}::uuid AND "failingSince" IS NOT NULL RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM recovered) AS recovered,
      (SELECT n.id::text FROM "WebhookDelivery" n WHERE n."endpointId" = ${d.endpointId}::uuid AND n."objectId" = ${d.objectId} AND n.status = 'pending' AND n.seq > ${d.seq} ORDER BY n.seq LIMIT 1) AS next`;
  return row;
}

/** One attempt of a delivery; the next of its object, when its turn comes, is handed to `handOn` (queued). */
export async function attemptDelivery(deliveryId: string, handOn: HandOn = queueIt): Promise<AttemptOutcome> {
  const d = await claim(deliveryId, Date.now());
  if (!d) return notClaimed(deliveryId, Date.now());

  const body = deliveryBody({ id: d.eventId, type: d.type, createdAt: d.eventCreatedAt, payload: d.payload });
  const secret = readSecret({ id: d.endpointId, secret: d.secret });
  const sentAt = Date.now();
  const headers = secret === null ? null : { [SIGNATURE_HEADER]: signatureHeader(secret, body, Math.floor(sentAt / 1000)), [EVENT_ID_HEADER]: d.eventId };
  const outbound = { allowPrivate: env().WEBHOOKS_ALLOW_PRIVATE, httpsOnly: env().NODE_ENV === "production", timeoutMs: TIMEOUT_MS, maxBytes: READ_BYTES };
  const result = headers === null ? { status: null, latencyMs: 0, body: "", error: UNREADABLE_SECRET } : await postOutbound(d.url, body, headers, outbound);
  const now = Date.now();
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  const attempts = d.attempts + 1;
  const error = delivered ? null : (result.error ?? (result.status! >= 300 && result.status! < 400 ? `HTTP ${result.status}: redirects are not followed` : `HTTP ${result.status}`));
  const last = { attempts, lastStatus: result.status, lastError: error, latencyMs: result.latencyMs, responseExcerpt: result.body.slice(0, EXCERPT_CHARS) || null, lastAttemptAt: new Date(sentAt) };
  await db.webhookAttempt.create({
    data: {
      deliveryId: d.id,
      number: attempts,
      url: d.url,
      signature: headers?.[SIGNATURE_HEADER] ?? null,
      sentAt: new Date(sentAt),
      status: result.status,
      error,
      latencyMs: Math.round(result.latencyMs),
      responseExcerpt: last.responseExcerpt,
    },
  });

  if (delivered) {
    const { recovered, next } = await recordDelivered(d, last, now);
    if (recovered) await retryNow(d.endpointId, now);
    else if (next) await handOn(next);
    return "delivered";
  }
  if (d.type === TEST_EVENT) {
    // A test event: one attempt, its answer shown to who asked; the endpoint's failures are its deliveries'.
    await db.webhookDelivery.update({ where: { id: d.id }, data: { ...last, status: "failed", nextAttemptAt: new Date(now) } });
    return "failed";
  }
  const next = nextAttempt(d.createdAt, attempts, now);
  await db.webhookDelivery.update({ where: { id: d.id }, data: { ...last, status: next ? "pending" : "failed", nextAttemptAt: next ?? new Date(now) } });
  log().info({ deliveryId: d.id, endpointId: d.endpointId, attempts, status: result.status, error, next }, next ? "webhook delivery failed; it will be retried" : "webhook delivery given up");
  const [{ failingSince }] = await db.$queryRaw<{ failingSince: Date }[]>`
    UPDATE "WebhookEndpoint" SET "failingSince" = COALESCE("failingSince", ${new Date(sentAt)}) WHERE id = ${d.endpointId}::uuid RETURNING "failingSince"`;
  if (await disableIfFailingTooLong(d.endpointId, now)) return "failed";
  await scheduleProbe(d.endpointId, failingSince, now);
  if (!next) {
    await dispatchNextOf(d, handOn);
    return "failed";
  }
  await enqueue(webhookDeliveryJob, { deliveryId: d.id, at: next.toISOString() }).catch((err) => log().warn({ err, deliveryId: d.id }, "a webhook retry was not queued; the sweep queues it"));
  return "retrying";
}

/** The failing endpoint's next probe (none when one is queued already). */
async function scheduleProbe(endpointId: string, failingSince: Date, now: number): Promise<void> {
  const at = new Date(now + probeDelayMs(now - failingSince.getTime())).toISOString();
  await enqueue(webhookProbeJob, { endpointId, at }).catch((err) => log().warn({ err, endpointId }, "a webhook endpoint's probe was not queued"));
}

/**
 * A failing endpoint probed: of its pending deliveries first of their object, not in flight nor
 * tried in the last IN_FLIGHT_MS, the one tried longest ago is made due and attempted now, ahead of its
 * back-off (a failed probe is an attempt like any other: its back-off grows, another probe is
 * scheduled). A success is the endpoint's recovery: what it missed is sent at once (retryNow).
 */
export async function probeEndpoint(endpointId: string): Promise<ProbeOutcome> {
  const now = Date.now();
  const [candidate] = await db.$queryRaw<{ id: string }[]>`
    UPDATE "WebhookDelivery" d SET "nextAttemptAt" = ${new Date(now)}
    WHERE d.id = (
      SELECT c.id FROM "WebhookDelivery" c JOIN "WebhookEndpoint" e ON e.id = c."endpointId" AND e.enabled AND e."failingSince" IS NOT NULL
      WHERE c."endpointId" = ${endpointId}::uuid AND c.status = 'pending' AND c."nextAttemptAt" > ${new Date(now)}
        AND (c."lastAttemptAt" IS NULL OR c."lastAttemptAt" < ${new Date(now - IN_FLIGHT_MS)})
        AND ${noEarlierPending(Prisma.raw("c"))}
      ORDER BY c."lastAttemptAt" NULLS FIRST LIMIT 1 FOR UPDATE OF c SKIP LOCKED
    ) AND d.status = 'pending' AND d."nextAttemptAt" > ${new Date(now)}
    RETURNING d.id::text`;
  if (candidate) return attemptDelivery(candidate.id);
  // Each of its deliveries in flight or just tried: still failing, it is probed again later.
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id: endpointId }, select: { enabled: true, failingSince: true } });
  if (endpoint?.enabled && endpoint.failingSince) await scheduleProbe(endpointId, endpoint.failingSince, now);
  return "idle";
}

/**
 * An endpoint answering again after failures: what it missed need not wait out its back-off (up to
 * an hour). Its pending deliveries become due now and the first of each object is queued.
 */
async function retryNow(endpointId: string, now: number): Promise<void> {
  await db.webhookDelivery.updateMany({ where: { endpointId, status: "pending", nextAttemptAt: { gt: new Date(now) } }, data: { nextAttemptAt: new Date(now) } });
  await queueDueDeliveries(now, endpointId);
}

/** The next pending delivery of the same object to the same endpoint: its turn has come. */
async function dispatchNextOf(d: { endpointId: string; objectId: string; seq: bigint }, handOn: HandOn): Promise<void> {
  const next = await db.webhookDelivery.findFirst({ where: { endpointId: d.endpointId, objectId: d.objectId, status: "pending", seq: { gt: d.seq } }, orderBy: { seq: "asc" }, select: { id: true } });
  if (next) await handOn(next.id);
}

/** Deliveries of one object a job sends in turn before it queues the rest, and for how long. */
const IN_TURN_MAX = 20;
const IN_TURN_MS = 15_000;

/**
 * The job's handler: its delivery, then the next of the same object whose turn it gives, in the same
 * job (no queue round trip between two events of one object), up to IN_TURN_MAX of them or
 * IN_TURN_MS; the one after that is queued. Its outcome is the first attempt's.
 */
export async function deliverInTurn(deliveryId: string): Promise<AttemptOutcome> {
  const started = Date.now();
  let first: AttemptOutcome | undefined;
  let current: string | null = deliveryId;
  for (let sent = 1; current !== null; sent++) {
    let next: string | null = null;
    const outcome = await attemptDelivery(current, async (id) => {
      next = id;
    });
    first ??= outcome;
    current = next;
    if (current !== null && (sent >= IN_TURN_MAX || Date.now() - started > IN_TURN_MS)) {
      await dispatchDeliveries([current]);
      break;
    }
  }
  return first!;
}

/** Disables an endpoint failing for 3 days (once: the update decides), gives up its deliveries and mails its studio. */
async function disableIfFailingTooLong(endpointId: string, now: number): Promise<boolean> {
  const disabled = await db.webhookEndpoint.updateMany({
    where: { id: endpointId, enabled: true, failingSince: { lte: new Date(now - DISABLE_AFTER_MS) } },
    data: { enabled: false, disabledAt: new Date(now) },
  });
  if (disabled.count === 0) return false;
  await db.webhookDelivery.updateMany({ where: { endpointId, status: "pending" }, data: { status: "failed", lastError: "The endpoint was disabled after 3 days of failures." } });
  const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId }, select: { url: true, failingSince: true, admin: { select: { email: true } } } });
  log().warn({ endpointId, failingSince: endpoint.failingSince }, "webhook endpoint disabled after 3 days of failures");
  const link = new URL(accountPath("webhooks"), env().APP_URL).toString();
  await sendMail({ to: endpoint.admin.email, ...(await webhookDisabled(endpoint.url, formatDateTime(endpoint.failingSince ?? new Date(now)), link)) });
  return true;
}

/** The minute's sweep: every due delivery of an enabled endpoint (of one, when named), first of its object, queued (one queued already may be queued again: the lease lets one job send it). */
export async function queueDueDeliveries(now = Date.now(), endpointId: string | null = null): Promise<{ queued: number }> {
  // The first pending delivery of each (endpoint, object), in one sort of the pending ones; of those, the due.
  const due = await db.$queryRaw<{ id: string }[]>`
    SELECT f.id FROM (
      SELECT DISTINCT ON (d."endpointId", d."objectId") d.id, d."nextAttemptAt"
      FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e.id = d."endpointId" AND e.enabled
      WHERE d.status = 'pending' AND (${endpointId}::uuid IS NULL OR d."endpointId" = ${endpointId}::uuid)
      ORDER BY d."endpointId", d."objectId", d.seq
    ) f
    WHERE f."nextAttemptAt" <= ${new Date(now)}
    ORDER BY f."nextAttemptAt" LIMIT ${SWEEP_BATCH}`;
  await dispatchDeliveries(due.map((d) => d.id));
  return { queued: due.length };
}
