// The local forwarder's stream (GET /api/webhooks/listen; `npm run webhooks:listen`, as `stripe
// listen`): a developer receives the studio's events on their own machine without a public https
// address. While a stream is open its listener row holds a lease (LEASE_MS, renewed as the stream
// goes on; it outlives the stream by 60–90 s, so a reconnect in between misses nothing); publishEvent writes the events a live listener
// asks for even when no endpoint wants them, and NOTIFYs LISTEN_CHANNEL. The stream reads the
// studio's events from its cursor and sends each as a delivery would be sent: the body, and the
// headers signed with the listener's secret (one per key, or per studio for a person signed in;
// derived from AUTH_SECRET, so a forwarder that restarts keeps it). A revoked key's stream ends within
// seconds (the lease's check asks the key again).
import "@/lib/server-only";
import { createHmac } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { NotifyBus, claimSlot, liveStream } from "@/lib/services/platform/live";
import { deliveryBody } from "@/lib/services/platform/webhooks/deliver";
import { LISTEN_CHANNEL } from "@/lib/services/platform/webhooks/publish";
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from "@/lib/services/platform/rules/webhooks/signature";
import type { WebhookEventType } from "@/lib/services/platform/rules/webhooks/events";

/** A listener's events are still written this long after its stream was last seen (a reconnect misses nothing). */
const LEASE_MS = 90_000;
/** The lease is renewed when less than this is left. */
const RENEW_BELOW_MS = 60_000;
/** How often an open stream asks the key again (a revoked key's stream ends within this). */
const CHECK_EVERY_MS = 3000;

/** The header that gives the forwarder the listener's secret. */
export const LISTEN_SECRET_HEADER = "Vidfolio-Listen-Secret";

type Listener = { id: string; email: string; keyId?: string };

/** The listener's signing secret: one per key (per studio for a person signed in), stable across restarts. */
export function listenSecret(actor: Listener): string {
  const who = actor.keyId ? `key:${actor.keyId}` : `studio:${actor.id}`;
  return `whsec_${createHmac("sha256", env().AUTH_SECRET).update(`webhook-listen:${who}`).digest("base64url")}`;
}

const globalBus = globalThis as unknown as { vidfolioWebhookListenBus?: NotifyBus };

function listenBus(): NotifyBus {
  globalBus.vidfolioWebhookListenBus ??= new NotifyBus(env().DATABASE_URL, LISTEN_CHANNEL);
  return globalBus.vidfolioWebhookListenBus;
}

/** Stops this instance's listener of the forwarders' events, if one was made (a test file's end). */
export async function closeListenBus(): Promise<void> {
  const bus = globalBus.vidfolioWebhookListenBus;
  globalBus.vidfolioWebhookListenBus = undefined;
  await bus?.close();
}

type EventRow = { seq: bigint; id: string; type: string; createdAt: Date; payload: unknown };

/** The stream of the studio's events `events`, after `after` (null: from now on). */
export async function listenStream(actor: Listener, at: { events: WebhookEventType[]; after: bigint | null; signal?: AbortSignal; lifeMs?: number }): Promise<ReadableStream<Uint8Array>> {
  const release = claimSlot(`webhooks-listen:${actor.id}`);
  let listenerId: string;
  let after: bigint;
  try {
    const listener = await db.webhookListener.create({ data: { adminId: actor.id, events: at.events, expiresAt: new Date(Date.now() + LEASE_MS) }, select: { id: true } });
    listenerId = listener.id;
    const [row] = await db.$queryRaw<{ seq: bigint | null }[]>`SELECT max(seq) AS seq FROM "StudioEvent" WHERE "adminId" = ${actor.id}::uuid`;
    const newest = row?.seq ?? BigInt(0);
    after = at.after === null || at.after > newest ? newest : at.after;
  } catch (e) {
    release();
    throw e;
  }
  const secret = listenSecret(actor);
  const wanted = new Set<string>(at.events);
  let leaseUntil = Date.now() + LEASE_MS;
  return liveStream({
    bus: listenBus(),
    topic: actor.id,
    // The stream ended: its lease runs out by itself (60–90 s on), so a reconnect in between misses nothing.
    release,
    after,
    event: "delivery",
    read: async (cursor, limit) => {
      const rows = await db.$queryRaw<EventRow[]>`
        SELECT seq, id::text, type, "createdAt", payload FROM "StudioEvent"
        WHERE "adminId" = ${actor.id}::uuid AND seq > ${cursor}
        ORDER BY seq ASC LIMIT ${limit}`;
      const sentAt = Math.floor(Date.now() / 1000);
      return {
        ids: rows.map((r) => r.seq),
        messages: rows.map((r) => {
          if (!wanted.has(r.type)) return null;
          const body = deliveryBody(r);
          return {
            id: r.seq,
            data: { id: r.id, type: r.type, body, headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: signatureHeader(secret, body, sentAt), [EVENT_ID_HEADER]: r.id } },
          };
        }),
      };
    },
    // Asked every few seconds: the key still valid (else the stream ends), the lease renewed when it runs low.
    stillAdmitted: async () => {
      if (actor.keyId) {
        const key = await db.apiKey.findFirst({ where: { id: actor.keyId, adminId: actor.id, revokedAt: null }, select: { id: true } });
        if (!key) throw new Error("the key was revoked");
      }
      if (leaseUntil - Date.now() < RENEW_BELOW_MS) {
        leaseUntil = Date.now() + LEASE_MS;
        await db.webhookListener.updateMany({ where: { id: listenerId }, data: { expiresAt: new Date(leaseUntil) } });
      }
    },
    admitEveryMs: CHECK_EVERY_MS,
    signal: at.signal,
    lifeMs: at.lifeMs,
  });
}

/** Listeners whose lease ended a day ago: deleted by the hourly sweep. */
export async function sweepListeners(now = Date.now()): Promise<number> {
  const { count } = await db.webhookListener.deleteMany({ where: { expiresAt: { lt: new Date(now - 24 * 3600_000) } } });
  return count;
}
