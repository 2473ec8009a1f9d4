// The public gallery pages are cached (ISR, see docs/architecture.md "Public gallery caching") and
// invalidated here whenever something they show is saved. Call these after the change is committed.
import "server-only";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { customDomainPath } from "@/lib/hosts";

/**
 * Expires the cached pages of these custom urls, on the default gallery host and on the given
 * custom domains, at once: the next request renders them fresh. Outside a Next.js server (tests,
 * the worker) there is no page cache, so there is nothing to expire.
 */
export function invalidateGalleryPaths(slugs: Iterable<string>, domains: Iterable<string | null | undefined> = []) {
  const hosts = [...domains].filter((d): d is string => !!d);
  for (const slug of slugs) {
    expire(`/g/${slug}`);
    for (const host of hosts) expire(customDomainPath(host, slug));
  }
}

/** After a change of one gallery (texts, fonts, toggles, media, showcase, videos, chapters, access). */
export async function invalidatePublicGallery(galleryId: string, extraSlugs: string[] = []): Promise<void> {
  const g = await db.gallery.findUnique({ where: { id: galleryId }, select: { customUrl: true, admin: { select: { domainUrl: true } } } });
  invalidateGalleryPaths([...(g ? [g.customUrl] : []), ...extraSlugs], [g?.admin.domainUrl]);
}

/** After a change of a whole studio (branding, plan, status, domain): every one of its galleries. */
export async function invalidateStudioGalleries(adminId: string, extraDomains: (string | null | undefined)[] = []): Promise<void> {
  const admin = await db.admin.findUnique({ where: { id: adminId }, select: { domainUrl: true, galleries: { select: { customUrl: true } } } });
  if (!admin) return;
  invalidateGalleryPaths(
    admin.galleries.map((g) => g.customUrl),
    [admin.domainUrl, ...extraDomains],
  );
}

function expire(path: string) {
  try {
    revalidatePath(path);
  } catch (error) {
    // Only "no Next.js server here" is expected; anything else is a real failure.
    if (!(error instanceof Error && /static generation store missing/.test(error.message))) throw error;
  }
}
