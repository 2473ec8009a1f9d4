// Where stored media is served from (spec §3: by key from a content delivery host; §7: a fallback
// host when the primary fails), and the signatures that make every such address private and
// short-lived. The bucket is private: an address without a valid, unexpired signature is refused.
//
// Every address is signed for a time window: all addresses of one key made in the same 30-minute
// window are the same string (so browsers and the page cache keep them), valid for an hour from the
// window's start. An answer is never served with less than 10 minutes of validity left on its
// addresses (`signingWindow().servableUntil`), so a cached page is rendered again before that.
// - The store itself (S3, R2, MinIO, the embedded store): an S3 presigned GET (SigV4, query string),
//   made here synchronously (the DTO builders that call mediaUrl are synchronous).
// - A CDN (CloudFront, CDN_BASE_URL) and a fallback distribution (MEDIA_FALLBACK_BASE_URL): a
//   CloudFront signed URL with a canned policy (CDN_KEY_PAIR_ID, CDN_PRIVATE_KEY).
import "@/lib/server-only";
import { createHash, createHmac, createPrivateKey, createSign, type KeyObject } from "node:crypto";
import { LRUCache } from "lru-cache";
import { env, type Env } from "@/lib/env";
import { mediaCredentials } from "@/lib/storage/media-credentials-cache";

/** One signature per key and window of this many seconds. */
export const SIGNED_URL_WINDOW_SEC = 30 * 60;
/** A signature is valid this long from its window's start (so between 30 and 60 minutes when handed out). */
export const SIGNED_URL_TTL_SEC = 60 * 60;
/** No answer is served with less than this left on its signatures. */
export const SIGNED_URL_MIN_LEFT_SEC = 10 * 60;
/**
 * What the store answers a signed read with: a media key never names other bytes (uploads get unique
 * names, lib/storage/keys.ts; derived files are made once per key), so the browser keeps the object
 * as long as it likes and never asks again. Private: only the browser that was
 * handed the address keeps it, no shared cache. Dropping access needs nothing from it: a locked,
 * expired or deleted gallery's page and doors stop naming the address.
 */
const MEDIA_CACHE_CONTROL = "private, max-age=31536000, immutable";

export type SigningWindow = {
  /** The signatures' date (ms). */
  signedAt: number;
  /** When the signatures stop working (ms). */
  expiresAt: number;
  /** The last moment an answer holding these signatures may be served (ms). */
  servableUntil: number;
};

export function signingWindow(now = Date.now()): SigningWindow {
  const signedAt = Math.floor(now / (SIGNED_URL_WINDOW_SEC * 1000)) * SIGNED_URL_WINDOW_SEC * 1000;
  return { signedAt, expiresAt: signedAt + SIGNED_URL_TTL_SEC * 1000, servableUntil: signedAt + (SIGNED_URL_TTL_SEC - SIGNED_URL_MIN_LEFT_SEC) * 1000 };
}

const trim = (url: string) => url.replace(/\/+$/, "");

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const encodeKey = (key: string) => key.split("/").map(rfc3986).join("/");

/** The store's own address for the bucket (path style for S3-compatible services). */
function storageBaseUrl(e: Env = env()): string {
  if (e.S3_ENDPOINT) return `${trim(e.S3_ENDPOINT)}/${e.S3_BUCKET}`;
  return `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`;
}

type Host = { kind: "store"; base: string } | { kind: "cdn"; base: string };

function primaryHost(e: Env): Host {
  return e.CDN_BASE_URL ? { kind: "cdn", base: trim(e.CDN_BASE_URL) } : { kind: "store", base: storageBaseUrl(e) };
}

/** The fallback host: MEDIA_FALLBACK_BASE_URL (a second distribution), else the store itself when a CDN is in front; else none. */
function fallbackHost(e: Env): Host | null {
  if (e.MEDIA_FALLBACK_BASE_URL) return { kind: "cdn", base: trim(e.MEDIA_FALLBACK_BASE_URL) };
  return e.CDN_BASE_URL ? { kind: "store", base: storageBaseUrl(e) } : null;
}

export function fallbackMediaBaseUrl(): string | null {
  return fallbackHost(env())?.base ?? null;
}

const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();
const sha256 = (data: string) => createHash("sha256").update(data, "utf8").digest("hex");
const amzDate = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, "");

const signingKeys = new Map<string, Buffer>();
function signingKey(secret: string, day: string, region: string): Buffer {
  const id = `${createHash("sha256").update(secret).digest("hex")}/${day}/${region}`;
  let key = signingKeys.get(id);
  if (!key) {
    if (signingKeys.size > 64) signingKeys.clear();
    key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), "s3"), "aws4_request");
    signingKeys.set(id, key);
  }
  return key;
}

export type PresignInput = {
  /** Full address of the object without query (the store's own address). */
  url: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  signedAt: number;
  expiresInSec: number;
  /** Response overrides (response-content-disposition, response-cache-control …), signed too. */
  query?: Record<string, string>;
};

/**
 * An S3 presigned GET (Signature Version 4, query string, signing only `host`), as the AWS SDK's
 * presigner makes it (tests/unit/media-urls.test.ts compares the two), but synchronous.
 */
export function presignGet({ url, region, credentials, signedAt, expiresInSec, query = {} }: PresignInput): string {
  const u = new URL(url);
  const date = amzDate(signedAt);
  const day = date.slice(0, 8);
  const params: Record<string, string> = {
    ...query,
    "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
    "X-Amz-Content-Sha256": "UNSIGNED-PAYLOAD",
    "X-Amz-Credential": `${credentials.accessKeyId}/${day}/${region}/s3/aws4_request`,
    "X-Amz-Date": date,
    "X-Amz-Expires": String(expiresInSec),
    "X-Amz-SignedHeaders": "host",
  };
  if (credentials.sessionToken) params["X-Amz-Security-Token"] = credentials.sessionToken;
  const canonicalQuery = Object.keys(params)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(params[k])}`)
    .join("&");
  const canonicalRequest = ["GET", u.pathname, canonicalQuery, `host:${u.host}`, "", "host", "UNSIGNED-PAYLOAD"].join("\n");
  const stringToSign = ["AWS4-HMAC-SHA256", date, `${day}/${region}/s3/aws4_request`, sha256(canonicalRequest)].join("\n");
  const signature = createHmac("sha256", signingKey(credentials.secretAccessKey, day, region))
    .update(stringToSign, "utf8")
    .digest("hex");
  const withSignature = Object.entries({ ...params, "X-Amz-Signature": signature }).sort(([a], [b]) => (a < b ? -1 : 1));
  return `${u.origin}${u.pathname}?${withSignature.map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`).join("&")}`;
}

let cdnKey: { pem: string; key: KeyObject } | undefined;
function cdnPrivateKey(pem: string): KeyObject {
  if (cdnKey?.pem !== pem) {
    // A PEM with real or escaped newlines, or the whole PEM in base64 (handier in some secret stores).
    const text = pem.includes("-----BEGIN") ? pem.replace(/\\n/g, "\n") : Buffer.from(pem, "base64").toString("utf8");
    cdnKey = { pem, key: createPrivateKey(text) };
  }
  return cdnKey.key;
}

/** A CloudFront signed URL with a canned policy (valid until `expiresAtSec`, any viewer address). */
export function cloudFrontSign(url: string, expiresAtSec: number, keyPairId: string, privateKeyPem: string): string {
  const policy = JSON.stringify({ Statement: [{ Resource: url, Condition: { DateLessThan: { "AWS:EpochTime": expiresAtSec } } }] });
  const signature = createSign("RSA-SHA1").update(policy).sign(cdnPrivateKey(privateKeyPem), "base64").replace(/\+/g, "-").replace(/=/g, "_").replace(/\//g, "~");
  return `${url}?Expires=${expiresAtSec}&Signature=${signature}&Key-Pair-Id=${keyPairId}`;
}

// Addresses are the same for a whole window, and CloudFront's RSA signature costs about a
// millisecond: keep what was made (a page of 50 films makes about 100).
const made = new LRUCache<string, string>({ max: 20_000 });

function signOn(host: Host, key: string, w: SigningWindow): string {
  const memo = `${host.kind}|${host.base}|${w.signedAt}|${key}`;
  const hit = made.get(memo);
  if (hit) return hit;
  const e = env();
  const url = `${host.base}/${encodeKey(key)}`;
  const signed =
    host.kind === "cdn"
      ? cloudFrontSign(url, Math.floor(w.expiresAt / 1000), e.CDN_KEY_PAIR_ID!, e.CDN_PRIVATE_KEY!)
      : presignGet({
          url,
          region: e.S3_REGION,
          credentials: mediaCredentials(),
          signedAt: w.signedAt,
          expiresInSec: SIGNED_URL_TTL_SEC,
          query: { "response-cache-control": MEDIA_CACHE_CONTROL },
        });
  made.set(memo, signed);
  return signed;
}

type When = { now?: number };

/** The signed address of a stored key on the primary media host; an absolute URL is kept as it is; none gives null. */
export function mediaUrl(key: string | null | undefined, { now }: When = {}): string | null {
  if (!key) return null;
  if (/^https?:\/\//i.test(key)) return key;
  return signOn(primaryHost(env()), key, signingWindow(now));
}

/** The same key, signed, on the fallback host, or null when there is no fallback host. */
export function fallbackMediaUrl(key: string | null | undefined, { now }: When = {}): string | null {
  const host = fallbackHost(env());
  if (!key || !host || /^https?:\/\//i.test(key)) return null;
  return signOn(host, key, signingWindow(now));
}

/** The signed address on the primary host, or on the fallback host when `fallback` (null when there is none). */
export function mediaUrlOn(fallback: boolean, key: string, when: When = {}): string | null {
  return fallback ? fallbackMediaUrl(key, when) : mediaUrl(key, when);
}
