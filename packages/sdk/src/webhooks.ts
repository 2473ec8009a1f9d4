// Verifying a webhook delivery: `Vidfolio-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>" with the endpoint's secret>` (several v1 while a secret is being replaced). The
// HMAC is checked by Web Crypto's verify, which compares in constant time, so this runs in Node 20+,
// Deno, Bun, workers and browsers alike. Verify the raw body exactly as received, before parsing it.
import type { webhooks } from "./schema.js";

export const SIGNATURE_HEADER = "Vidfolio-Signature";
/** How far from the receiver's clock a signature's timestamp is accepted (a replayed delivery is older). */
const DEFAULT_TOLERANCE_SEC = 300;

/** A delivery's body: one of the events the document declares, told apart by `type`. */
export type WebhookEvent = {
  [Type in keyof webhooks]: webhooks[Type] extends { post: { requestBody: { content: { "application/json": infer Body } } } } ? Body : never;
}[keyof webhooks];
export type WebhookEventType = WebhookEvent["type"];

export type WebhookFailure = "malformed" | "mismatch" | "expired";

export class WebhookSignatureError extends Error {
  override readonly name = "WebhookSignatureError";
  constructor(readonly reason: WebhookFailure) {
    super(
      {
        malformed: `The ${SIGNATURE_HEADER} header is missing or not t=<seconds>,v1=<hex>.`,
        mismatch: "The signature does not match the body with this secret.",
        expired: "The signature's timestamp is too far from this clock (a replay?).",
      }[reason],
    );
  }
}

export type VerifyOptions = {
  /** Seconds a timestamp may be from `now` (default 300). */
  toleranceSec?: number;
  /** The receiver's clock (default: now). */
  now?: Date;
};

const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * The delivery's event when `signatureHeader` signs `rawBody` with `secret` at a time within the
 * tolerance; else throws a WebhookSignatureError (`reason`: malformed, mismatch or expired).
 */
export async function verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | null | undefined, secret: string, options: VerifyOptions = {}): Promise<WebhookEvent> {
  if (!secret) throw new Error("verifyWebhook: the endpoint's secret is empty (anyone could sign with an empty key).");
  const fields = (signatureHeader ?? "").split(",").map((part) => part.trim().split("="));
  const t = fields.find(([k]) => k === "t")?.[1];
  const signatures = fields.filter(([k, v]) => k === "v1" && /^[0-9a-f]{64}$/.test(v ?? "")).map(([, v]) => hexBytes(v!));
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) throw new WebhookSignatureError("malformed");

  const bytes = typeof rawBody === "string" ? encoder.encode(rawBody) : rawBody;
  const prefix = encoder.encode(`${t}.`);
  const signed = new Uint8Array(prefix.length + bytes.length);
  signed.set(prefix);
  signed.set(bytes, prefix.length);
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  let matches = false;
  for (const signature of signatures) if (await crypto.subtle.verify("HMAC", key, signature, signed)) matches = true;
  if (!matches) throw new WebhookSignatureError("mismatch");

  const nowSec = (options.now ?? new Date()).getTime() / 1000;
  if (Math.abs(nowSec - Number(t)) > (options.toleranceSec ?? DEFAULT_TOLERANCE_SEC)) throw new WebhookSignatureError("expired");
  return JSON.parse(new TextDecoder().decode(bytes)) as WebhookEvent;
}
