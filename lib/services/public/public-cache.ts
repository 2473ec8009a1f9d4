// The public gallery pages are cached (ISR, see docs/architecture/page-cache.md) and
// invalidated here whenever something they show is saved. Call these after the change is committed.
// An invalidation reaches every app instance: it expires the page here (revalidatePath) and is
// recorded and announced through PostgreSQL for the others (server/shared-cache-handler.cjs).
import "@/lib/server-only";
// The gallery page (Pages Router) reaches this module through the domain entries in its
// getStaticProps but never calls it. Next's compiler refuses a *named* import of an App-Router-only
// API (revalidatePath) anywhere in a Pages Router page's graph, so it is read off the module here;
// it runs only in App Router doors, and outside one `expire` says so below.
import * as nextCache from "next/cache";
import { db } from "@/lib/db";
import { galleryPagePaths } from "@/lib/services/galleries/rules/gallery-paths";
import { log } from "@/lib/log";
import { CACHE_CHANNEL, pathTag } from "@/server/constants.cjs";
import { announced, heard } from "@/server/page-cache-state.cjs";

/** The NOTIFY channel the instances listen on, and Next's tag of a page path (server/constants.cjs). */
export { CACHE_CHANNEL, pathTag };
/** Tags per notification: a NOTIFY payload must stay under 8000 bytes. */
const TAGS_PER_NOTICE = 40;
/**
 * An announcement still unwritten by then is given up on (logged): the saves waiting for it are
 * answered and the next announcement takes another connection, so one statement stuck on a lost
 * connection never holds every later save (their pages expire here at once all the same).
 */
const ANNOUNCE_TIMEOUT_MS = 5_000;

/** The names a gallery's page answers to under /g/: its custom url and its id. */
export const galleryNames = (g: { id: string; customUrl: string }) => [g.customUrl, g.id];

/**
 * Expires the cached pages of these custom urls (or gallery ids, see galleryNames), on the default
 * gallery host and on the given custom domains, at once and on every instance: the next request
 * renders them fresh. Outside a Next.js server (tests, the worker) there is no local page cache,
 * but the other instances are still told.
 */
export async function invalidateGalleryPaths(slugs: Iterable<string>, domains: Iterable<string | null | undefined> = []): Promise<void> {
  const paths = galleryPagePaths(slugs, domains);
  for (const path of paths) expire(path);
  await announce(paths);
}

/**
 * Records the invalidation and announces it to the other instances (the NOTIFY is delivered when
 * the statement commits). Announcements of one process go out one statement at a time: tags asked
 * for while one is being written go together in the next, and each caller is answered once a
 * statement that started after its call has committed. So a burst of saves (a hundred payments of
 * one studio at once) holds one database connection, not a hundred queued on the same rows and on
 * NOTIFY's commit lock. A failure does not undo the save that caused it: it is logged, and the
 * pages expire by themselves within their revalidate time.
 */
function announce(paths: string[]): Promise<void> {
  if (paths.length === 0) return Promise.resolve();
  for (const path of paths) pending.add(pathTag(path));
  const written = new Promise<void>((resolve) => waiting.push(resolve));
  flushing ??= flush().finally(() => {
    flushing = null;
  });
  return written;
}

let pending = new Set<string>();
let waiting: (() => void)[] = [];
let flushing: Promise<void> | null = null;

async function flush(): Promise<void> {
  // Runs until every caller is answered (a caller with nothing to say is answered at once too).
  while (pending.size > 0 || waiting.length > 0) {
    const tags = [...pending];
    const answered = waiting;
    pending = new Set();
    waiting = [];
    for (let i = 0; i < tags.length; i += TAGS_PER_NOTICE) {
      const chunk = tags.slice(i, i + TAGS_PER_NOTICE);
      const payload = JSON.stringify(chunk);
      // Before the statement: its notice may be heard before the statement's answer comes back.
      announced(payload);
      const statement = db.$executeRaw`WITH recorded AS (
            INSERT INTO "CacheInvalidation" (tag, at) SELECT t, now() FROM unnest(${chunk}::text[]) AS t
            ON CONFLICT (tag) DO UPDATE SET at = excluded.at RETURNING 1)
          SELECT pg_notify(${CACHE_CHANNEL}, ${payload}), (SELECT count(*) FROM recorded)`;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), ANNOUNCE_TIMEOUT_MS)));
      try {
        if ((await Promise.race([statement, timedOut])) === "timeout") {
          // Not a deaf listener: the statement itself is stuck (its notice, if it ever commits, is heard as any other).
          heard(payload);
          log().warn({ tags: chunk, ms: ANNOUNCE_TIMEOUT_MS }, "a page-cache announcement did not settle in time; the other instances may serve these pages until they expire");
          statement.catch(() => {});
        }
      } catch (err) {
        heard(payload);
        log().warn({ err, tags: chunk }, "could not announce a page-cache invalidation to the other instances");
      } finally {
        clearTimeout(timer);
      }
    }
    for (const resolve of answered) resolve();
  }
}

/** After a change of one gallery (texts, fonts, toggles, media, showcase, videos, chapters, access). */
export async function invalidatePublicGallery(galleryId: string, extraSlugs: string[] = []): Promise<void> {
  const g = await db.gallery.findUnique({ where: { id: galleryId }, select: { customUrl: true, admin: { select: { domainUrl: true } } } });
  await invalidateGalleryPaths([...(g ? [g.customUrl] : []), galleryId, ...extraSlugs], [g?.admin.domainUrl]);
}

/** After a change of a whole studio (branding, plan, status, domain): every one of its galleries. */
export async function invalidateStudioGalleries(adminId: string, extraDomains: (string | null | undefined)[] = []): Promise<void> {
  const admin = await db.admin.findUnique({ where: { id: adminId }, select: { domainUrl: true, galleries: { select: { id: true, customUrl: true } } } });
  if (!admin) return;
  await invalidateGalleryPaths(admin.galleries.flatMap(galleryNames), [admin.domainUrl, ...extraDomains]);
}

function expire(path: string) {
  try {
    nextCache.revalidatePath(path);
  } catch (error) {
    // Only "no Next.js server here" is expected; anything else is a real failure.
    if (!(error instanceof Error && /static generation store missing/.test(error.message))) throw error;
  }
}
