// Delivery links and custom url slugs of galleries.
import "@/lib/server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { galleryBaseUrl } from "@/lib/services/galleries/rules/gallery-paths";
import { slugify } from "@/lib/services/galleries/rules/slug";

/** The base of a studio's delivery links: its domain, else GALLERY_BASE_URL, else APP_URL/g. */
export function baseLinkFor(admin: { domainUrl: string | null }): string {
  const e = env();
  return galleryBaseUrl({ domainUrl: admin.domainUrl, galleryBaseUrl: e.GALLERY_BASE_URL, appUrl: e.APP_URL });
}

const suffix = () => randomBytes(4).readUInt32BE().toString(36).slice(0, 5).padStart(5, "0");

/**
 * A custom url that is free right now: the name's slug, or the slug with a short random suffix.
 * The unique index still decides under concurrency (the caller retries on a conflict).
 */
export async function freeCustomUrl(name: string, attempt = 0): Promise<string> {
  if (attempt > 8) throw new Error("No free custom url found");
  const base = slugify(name);
  const candidate = attempt === 0 ? base : `${base}-${suffix()}`;
  const taken = await db.gallery.findUnique({ where: { customUrl: candidate }, select: { id: true } });
  return taken ? freeCustomUrl(name, attempt + 1) : candidate;
}
