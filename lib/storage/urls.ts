// Where stored media is served from (spec §3: by relative key from a content delivery host; §7: a
// fallback host when the primary fails).
import "@/lib/server-only";
import { env } from "@/lib/env";

const trim = (url: string) => url.replace(/\/+$/, "");

/** The store's own address for the bucket (path style for S3-compatible services). */
function storageBaseUrl(): string {
  const e = env();
  if (e.S3_ENDPOINT) return `${trim(e.S3_ENDPOINT)}/${e.S3_BUCKET}`;
  return `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`;
}

export function mediaBaseUrl(): string {
  const e = env();
  return e.CDN_BASE_URL ? trim(e.CDN_BASE_URL) : storageBaseUrl();
}

/** The fallback media host: MEDIA_FALLBACK_BASE_URL, else the store itself when a CDN is in front; else none. */
export function fallbackMediaBaseUrl(): string | null {
  const e = env();
  if (e.MEDIA_FALLBACK_BASE_URL) return trim(e.MEDIA_FALLBACK_BASE_URL);
  return e.CDN_BASE_URL ? storageBaseUrl() : null;
}

const encodeKey = (key: string) => key.split("/").map(encodeURIComponent).join("/");

/** The public address of a stored key; an absolute URL is kept as it is; none gives null. */
export function mediaUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  if (/^https?:\/\//i.test(key)) return key;
  return `${mediaBaseUrl()}/${encodeKey(key)}`;
}

/** The same key on the fallback host, or null when there is no fallback host. */
export function fallbackMediaUrl(key: string | null | undefined): string | null {
  const base = fallbackMediaBaseUrl();
  if (!key || !base || /^https?:\/\//i.test(key)) return null;
  return `${base}/${encodeKey(key)}`;
}
