// The one way a viewer's request reaches a gallery or a film ("one way in"). Every public door —
// the page, the content API, unlock, guest and PIN doors, playlists, the MP4 stream, downloads,
// captions, chapters, Download all, views and engagement — opens what it serves here:
//   findGallery  the gallery a name names (its custom url, or its id), no gate: the cached page
//                (which asks the gate's page form, pageGate) and the studio's preview;
//   openGallery  that gallery, once the gallery gate lets this viewer in;
//   openFilm     a READY film of that gallery, once the gate lets this viewer in.
// One naming rule (galleryNamed), one film query, one call of the gate with the viewer's
// credentials, and the gate's one HTTP mapping of its refusals (requireOpen). A door that looked a
// gallery up by its custom url, or asked the gate itself, would be a second copy of this rule:
// tests/unit/viewer-access-single-door.test.ts fails on one.
import "@/lib/server-only";
import { db, type Prisma } from "@/lib/db";
import { isId } from "@/lib/ids";
import { isCustomUrl } from "@/lib/services/galleries/rules/slug";
import { publicGalleryInclude, type PublicGallery } from "@/lib/services/public";
import {
  downloadGate,
  findGuest,
  galleryGate,
  gateFor,
  gateSubject,
  GATE_SELECT,
  requireOpen,
  reviewRefusal,
  type GateDecision,
  type GateSubject,
  type GuestGrant,
  type ViewerCredentials,
} from "@/lib/services/access/gate";
import { guestCookieName } from "@/lib/auth/guest-link";
import { filmClosedByReview } from "@/lib/services/review";

/**
 * How a name finds its gallery, or null when it can name none (then nothing is queried). On the
 * default gallery host a gallery's id names it too (the spec's New Tab link: the host plus
 * galleryId), in its one spelling (lower case: another spelling would be a page of its own that no
 * save expires). A name with an id's shape is that gallery's id first: a custom url
 * never has that shape (lib/services/galleries/rules/slug.ts), and one stored before that rule must not take another
 * gallery's address. With `domain`, only a custom url of the studio owning that
 * domain: another studio's gallery is not found there. Whether its studio is active is the gate's
 * question.
 */
function galleryNamed(ref: string, domain?: string): { where: Prisma.GalleryWhereInput; byId: boolean } | null {
  const byId = domain === undefined && isId(ref) && ref === ref.toLowerCase();
  if (!byId && !isCustomUrl(ref)) return null;
  return {
    byId,
    where: byId ? { OR: [{ id: ref }, { customUrl: ref }] } : { customUrl: ref, ...(domain !== undefined ? { admin: { domainUrl: domain } } : {}) },
  };
}

/** The gallery behind a name (galleryNamed), with its studio, showcase and ready films, or null. No gate: callers ask it. */
export async function findGallery(ref: string, opts: { domain?: string } = {}): Promise<PublicGallery | null> {
  const named = galleryNamed(ref, opts.domain);
  if (!named) return null;
  const found = await db.gallery.findMany({ where: named.where, take: 2, include: publicGalleryInclude });
  return found.find((row) => row.id === ref) ?? found[0] ?? null;
}

/** What a door opened: the gate's input and its decision (the guest it let in, when one did). */
export type Opened = { subject: GateSubject; decision: GateDecision };

type OpenOptions = {
  now?: number;
  /** The doors that hand out a film's original (downloads, Download all): the download rule too (403 downloads_off, 401 pin_required). */
  download?: boolean;
  /**
   * The doors that open a lock themselves: "password" (the unlock door), a locked gallery is let
   * through to it; "link" (the guest door, a personal link), a locked gallery and one for invited
   * guests (audience INVITED) alike. A gallery for invited guests without a password is not let
   * through to the password door: no password opens it (403 invite_required).
   */
  unlocking?: "password" | "link";
};

/** The outcomes each unlocking door opens itself. */
const UNLOCKS: Record<NonNullable<OpenOptions["unlocking"]>, readonly GateDecision["outcome"][]> = { password: ["locked"], link: ["locked", "uninvited", "badLink"] };

/** The gate's refusals (requireOpen), then the download rule when the door asks for it. */
function admit(subject: GateSubject | null, decision: GateDecision, credentials: ViewerCredentials, opts: OpenOptions, now: number): asserts subject is GateSubject {
  if (!(opts.unlocking && UNLOCKS[opts.unlocking].includes(decision.outcome))) requireOpen(decision);
  if (opts.download) downloadGate(subject!, decision, credentials, now);
}

/**
 * The gallery named `ref` for this viewer, once the gate lets it in (missing, studio not active,
 * expired, locked: refused by the gate's one mapping, requireOpen).
 */
export async function openGallery(ref: string, credentials: ViewerCredentials, opts: OpenOptions = {}): Promise<Opened & { gallery: PublicGallery }> {
  const now = opts.now ?? Date.now();
  const gallery = await findGallery(ref);
  const subject = gallery ? gateSubject(gallery) : null;
  const decision = await gateFor(subject, credentials, now);
  admit(subject, decision, credentials, opts, now);
  return { gallery: gallery!, subject, decision };
}

const filmSelect = {
  id: true,
  title: true,
  durationSec: true,
  version: true,
  storageKey: true,
  streamKey: true,
  hlsKey: true,
  previewKey: true,
  previewAt: true,
  processedAt: true,
  createdAt: true,
  galleryId: true,
  adminId: true,
  gallery: { select: GATE_SELECT },
} as const satisfies Prisma.VideoSelect;

type FilmRow = Prisma.VideoGetPayload<{ select: typeof filmSelect }>;

/** A READY film of the gallery a name names, with the gate's input, or null. */
async function readFilm(ref: string, videoId: string): Promise<FilmRow | null> {
  const named = galleryNamed(ref);
  if (!named) return null;
  const film = await db.video.findFirst({ where: { id: videoId, status: "READY", gallery: named.where }, select: filmSelect });
  // Found through a custom url with an id's shape (stored before lib/services/galleries/rules/slug.ts refused that shape): it names this gallery
  // only when no gallery has that id (a query only for such rows).
  if (film && named.byId && film.galleryId !== ref && (await db.gallery.count({ where: { id: ref } })) > 0) return null;
  return film;
}

// ---------------------------------------------------------------------------------------------
// The heartbeat doors' short-lived copy

/** How long a `recent` opening trusts its copy of a film's gate input (and of a guest's invite): a lock or a revoke takes effect within this. */
const GATE_CACHE_MS = 3000;
const GATE_CACHE_MAX = 20_000;

/**
 * A short-lived cache of lookups that also shares the lookup in flight: when a gallery's films are
 * first reported (or their entries expire) under load, a hundred heartbeats at once wait for one
 * query per key instead of each sending its own (bench/engagement: the first second's p99).
 */
function lookupCache<V>() {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key: string, now: number, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && now - hit.at < GATE_CACHE_MS) return hit.value;
      if (entries.size >= GATE_CACHE_MAX) entries.clear();
      const value = load();
      entries.set(key, { at: now, value });
      // A failed lookup is not kept: the next request asks again.
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}

const filmCache = lookupCache<FilmRow | null>();
const guestCache = lookupCache<GuestGrant | null>();

/** The guest a browser's guest cookie names for this gallery (resolveGuest's answer), at most GATE_CACHE_MS old. */
async function recentGuest(credentials: ViewerCredentials, galleryId: string, now: number): Promise<GuestGrant | null> {
  const token = credentials.cookies.get(guestCookieName(galleryId))?.value;
  if (!token) return null;
  return guestCache.get(`${galleryId}\n${token}`, now, () => findGuest(token, galleryId, now));
}

/** Forgets the copies `recent` openings use (tests: a lock or revoke seen at once). */
export function forgetGateCache(): void {
  filmCache.clear();
  guestCache.clear();
}

/**
 * A READY film of the gallery named `ref` for this viewer, once the gate lets it in (the gate's
 * refusals as openGallery's). `recent`: the film's gate input and the guest's invite may be up to
 * GATE_CACHE_MS old (the engagement door, called at every heartbeat of every player).
 */
export async function openFilm(ref: string, videoId: string, credentials: ViewerCredentials, opts: OpenOptions & { recent?: boolean } = {}): Promise<Opened & FilmRow> {
  const now = opts.now ?? Date.now();
  const film = opts.recent ? await filmCache.get(`${ref}\n${videoId}`, now, () => readFilm(ref, videoId)) : await readFilm(ref, videoId);
  const subject = film ? gateSubject(film.gallery) : null;
  const decision = opts.recent
    ? galleryGate(subject, { ...credentials, guest: subject ? await recentGuest(credentials, subject.galleryId, now) : null }, now)
    : await gateFor(subject, credentials, now);
  admit(subject, decision, credentials, opts, now);
  // A film's own download rule in a gallery in review: approved (gate.ts reviewRefusal).
  if (opts.download && (await filmClosedByReview(subject, film!))) throw reviewRefusal();
  return { ...film!, subject, decision };
}
