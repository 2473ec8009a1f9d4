// The shapes of films processed before processing recorded them (width and height, as shown: the
// player's box and the card's, lib/services/films/rules/film-aspect.ts). A one-off backfill run by
// `npm run backfill:shapes` (scripts/film-shapes.ts; docs/operations.md): each READY film — and each
// kept earlier version — without a width or height gets the size of its stored file, read where it
// is stored (ffprobe reads the few bytes it needs by ranges: no download), as processing would have
// recorded it (the picture turned by its rotation). Idempotent and resumable: each film is saved as
// soon as it is measured and only films still without a size are read, so a run stopped half-way
// is finished by the next, and a run with nothing left to do reads nothing. A system-wide job, not
// a studio's: it touches no other field, and a film replaced meanwhile is left to its own processing.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { probe, shownSize } from "@/lib/media/ffmpeg";
import { objectHead, workerReadUrl } from "@/lib/storage/objects";
import { invalidatePublicGallery } from "@/lib/services/public";
import { log } from "@/lib/log";

/** Films read per query (each is one ffprobe over the store: the batch only bounds the rows held). */
const BATCH = 50;

type Size = { width: number; height: number };

/** What a run did: films and kept versions given their size, and those whose stored files read as no picture (left as they were). */
export type ShapesFilled = { films: number; versions: number; unreadable: string[] };

/** The size as shown of the first of `keys` that is stored and reads as a picture (the original, else its stream copy). */
async function measure(keys: (string | null)[]): Promise<Size | null> {
  for (const key of keys) {
    if (!key || !(await objectHead(key))) continue;
    const facts = await probe(await workerReadUrl(key));
    if (facts?.video && facts.video.width > 0 && facts.video.height > 0) return shownSize(facts.video);
  }
  return null;
}

/** Without a size: either side unknown. */
const UNSIZED = { OR: [{ width: null }, { height: null }] };

type Row = { id: string; storageKey: string; streamKey: string | null };

/**
 * Measures the rows `next` hands out (in id order, after the last one read, so a file that cannot be
 * read is passed over, not read again in this run) and saves each size with `save` (which returns
 * whether it wrote: false for a row changed meanwhile).
 */
async function fill<R extends Row>(
  next: (after: string | undefined) => Promise<R[]>,
  save: (row: R, size: Size) => Promise<boolean>,
  unreadable: string[],
  onFilm?: (row: R) => void,
): Promise<number> {
  let filled = 0;
  let after: string | undefined;
  for (let rows = await next(after); rows.length > 0; rows = await next(after)) {
    for (const row of rows) {
      const size = await measure([row.storageKey, row.streamKey]).catch((err: unknown) => {
        log().warn({ err, id: row.id }, "film shapes: the stored file could not be read");
        return null;
      });
      if (!size) unreadable.push(row.id);
      else if (await save(row, size)) {
        filled++;
        onFilm?.(row);
      }
    }
    after = rows[rows.length - 1].id;
  }
  return filled;
}

/** Gives every READY film and kept version without a size the size of its stored file (see above). `onFilm`: after each one saved. */
export async function fillFilmShapes({ onFilm }: { onFilm?: (id: string) => void } = {}): Promise<ShapesFilled> {
  const unreadable: string[] = [];
  const galleries = new Set<string>();
  const films = await fill(
    (after) =>
      db.video.findMany({
        where: { status: "READY", ...UNSIZED, ...(after ? { id: { gt: after } } : {}) },
        orderBy: { id: "asc" },
        take: BATCH,
        select: { id: true, storageKey: true, streamKey: true, galleryId: true },
      }),
    async (film, size) => (await db.video.updateMany({ where: { id: film.id, storageKey: film.storageKey, status: "READY", ...UNSIZED }, data: size })).count > 0,
    unreadable,
    (film) => {
      galleries.add(film.galleryId);
      onFilm?.(film.id);
    },
  );
  const versions = await fill(
    (after) =>
      db.videoVersion.findMany({ where: { ...UNSIZED, ...(after ? { id: { gt: after } } : {}) }, orderBy: { id: "asc" }, take: BATCH, select: { id: true, storageKey: true, streamKey: true } }),
    async (version, size) => (await db.videoVersion.updateMany({ where: { id: version.id, ...UNSIZED }, data: size })).count > 0,
    unreadable,
    (version) => onFilm?.(version.id),
  );
  // The public pages show the cards and players at the new shapes.
  for (const id of galleries) await invalidatePublicGallery(id);
  log().info({ films, versions, unreadable: unreadable.length }, "film shapes filled");
  return { films, versions, unreadable };
}
