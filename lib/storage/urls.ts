// Where stored media is served from (spec §3: by relative key from a content delivery host).
import "server-only";
import { env } from "@/lib/env";

export function mediaBaseUrl(): string {
  const e = env();
  if (e.CDN_BASE_URL) return e.CDN_BASE_URL.replace(/\/+$/, "");
  if (e.S3_ENDPOINT) return `${e.S3_ENDPOINT.replace(/\/+$/, "")}/${e.S3_BUCKET}`;
  return `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`;
}

/** The public address of a stored key; an absolute URL is kept as it is; none gives null. */
export function mediaUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  if (/^https?:\/\//i.test(key)) return key;
  return `${mediaBaseUrl()}/${key.split("/").map(encodeURIComponent).join("/")}`;
}
