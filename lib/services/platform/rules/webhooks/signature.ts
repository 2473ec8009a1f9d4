// The signature of a webhook delivery, as Stripe signs its own: the header
// `Vidfolio-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`.
// The receiver recomputes it over the raw body, compares in constant time and refuses a timestamp
// further than its tolerance from its clock (a replayed delivery). docs/examples/webhook-receiver.mjs
// does the same in plain Node.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Vidfolio-Signature";
export const EVENT_ID_HEADER = "Vidfolio-Event-Id";
/** How far a receiver should accept a timestamp from its own clock. */
const DEFAULT_TOLERANCE_SEC = 300;

function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The header's value for a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

export type Verdict = { ok: true; timestamp: number } | { ok: false; reason: "malformed" | "mismatch" | "expired" };

/**
 * Whether `header` signs `body` with `secret`, at a time within `toleranceSec` of `nowSec`. Several
 * v1 values are accepted (one per secret while a secret is being replaced).
 */
export function verifySignature(secret: string, body: string, header: string | null | undefined, nowSec: number, toleranceSec = DEFAULT_TOLERANCE_SEC): Verdict {
  const parts = (header ?? "").split(",").map((p) => p.trim().split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const given = parts.filter(([k, v]) => k === "v1" && /^[0-9a-f]{64}$/.test(v ?? "")).map(([, v]) => Buffer.from(v!, "hex"));
  if (!t || !/^\d{1,12}$/.test(t) || given.length === 0) return { ok: false, reason: "malformed" };
  const timestamp = Number(t);
  const expected = Buffer.from(signatureOf(secret, timestamp, body), "hex");
  if (!given.some((g) => timingSafeEqual(g, expected))) return { ok: false, reason: "mismatch" };
  if (Math.abs(nowSec - timestamp) > toleranceSec) return { ok: false, reason: "expired" };
  return { ok: true, timestamp };
}
