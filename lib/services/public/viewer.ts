// What the gallery's viewers get beyond the cached page: its content for this browser, views
// counted, originals downloaded. Public (no session); everything passes the gallery gate
// (lib/services/access/open-gallery.ts).
import "@/lib/server-only";
import { UNKNOWN_ADDRESS } from "@/lib/security/client-ip";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { VIEWS_PER_ADDRESS_PER_DAY } from "@/lib/limits";
import { db } from "@/lib/db";
import { env, secureCookies } from "@/lib/env";
import type { ViewerCredentials } from "@/lib/services/access";
import { galleryContent } from "@/lib/services/public/public-gallery";
import { openFilm, openGallery } from "@/lib/services/access";
import { downloadFileName, signedDownloadUrl } from "@/lib/storage/downloads";
import type { GalleryContent, GalleryEntry } from "@/lib/contract/public";
import { AppError } from "@/lib/errors";
import type { ErrorCode } from "@/lib/error-codes";

/**
 * GET /api/public/galleries/:slug — the gallery's content for a browser the gate lets in (a
 * protected gallery's page fetches its films here once unlocked), with its expiry.
 */
export async function galleryForViewer(slug: string, credentials: ViewerCredentials): Promise<GalleryContent> {
  const { gallery: g } = await openGallery(slug, credentials);
  return { ...galleryContent(g, "viewer"), expiresAt: g.expiresAt?.toISOString() ?? null };
}

/** The gate's refusals a closed page answers itself (the error code requireOpen gives each). */
const CLOSED_BY: Partial<Record<ErrorCode, Extract<GalleryEntry, { open: false }>["closed"]>> = {
  gallery_locked: "locked",
  invite_required: "uninvited",
  invite_invalid: "badLink",
  gallery_expired: "expired",
};

/**
 * GET /api/public/galleries/:slug/entry — galleryForViewer for the closed page: why the gallery
 * stays closed to this browser is an answer, not an error (a browser logs every 4xx as an error).
 * A missing gallery is still refused (404).
 */
export async function galleryEntry(slug: string, credentials: ViewerCredentials): Promise<GalleryEntry> {
  try {
    return { open: true, content: await galleryForViewer(slug, credentials) };
  } catch (e) {
    const closed = e instanceof AppError ? CLOSED_BY[e.code] : undefined;
    if (closed) return { open: false, closed };
    throw e;
  }
}

const VIEWER_COOKIE = "vf_viewer";

/** Crawlers, link unfurlers and scripted clients (and requests that name no client at all). */
const BOT_UA =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|whatsapp|telegram|discord|skype|vkshare|headless|lighthouse|curl|wget|python-requests|python-urllib|httpclient|okhttp|go-http-client|node-fetch|axios|libwww|scrapy|postman/i;

export function isBot(userAgent: string | null | undefined): boolean {
  return !userAgent || BOT_UA.test(userAgent);
}

const mac = (purpose: string, value: string) => createHmac("sha256", env().AUTH_SECRET).update(`${purpose}:${value}`).digest("base64url");

/** A new viewer cookie: a random id with our signature (a client cannot make new viewers up). */
export function newViewerCookie(): { id: string; value: string } {
  const id = randomBytes(16).toString("base64url");
  return { id, value: `${id}.${mac("viewer", id).slice(0, 22)}` };
}

/**
 * This browser's viewer: the id of its signed `vf_viewer` cookie, or a new one. `remember` puts the
 * new one's cookie on the answer (a first-party session cookie: "once per viewer session").
 */
export function browserViewer(cookies: { get(name: string): { value: string } | undefined }): {
  id: string;
  remember(res: { cookies: { set(name: string, value: string, options: object): unknown } }): void;
} {
  const known = viewerIdOf(cookies.get(VIEWER_COOKIE)?.value);
  const issued = known ? null : newViewerCookie();
  return {
    id: known ?? issued!.id,
    remember(res) {
      if (issued) res.cookies.set(VIEWER_COOKIE, issued.value, { httpOnly: true, sameSite: "lax", secure: secureCookies(), path: "/" });
    },
  };
}

/** The viewer id of a cookie we issued, or null (absent, unsigned, forged). */
function viewerIdOf(value: string | undefined): string | null {
  const m = value?.match(/^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/);
  if (!m) return null;
  const expected = Buffer.from(mac("viewer", m[1]).slice(0, 22));
  return timingSafeEqual(expected, Buffer.from(m[2])) ? m[1] : null;
}

export const DAY_MS = 24 * 3600_000;

/** The UTC day of a moment, as days since 1970-01-01. */
export const utcDay = (now: number) => Math.floor(now / DAY_MS);

/**
 * A client address within its UTC day, as the view counter and the engagement door keep it: a keyed
 * hash (never the address), different every day. Null when this process cannot know the address
 * (lib/security/client-ip.ts): one shared "unknown" would make every client one.
 */
export function addressOfDay(ip: string, now: number): string | null {
  return ip === UNKNOWN_ADDRESS ? null : mac("view-address", `${ip}|${utcDay(now)}`);
}

/**
 * Counts one view of the video by this viewer, at most once per viewer (docs/api.md, "what a view
 * is"). A view is counted only when every key is new for the video, each a row inserted with ON
 * CONFLICT DO NOTHING in one transaction (so two identical requests at once count once):
 * - the browser: the signed `vf_viewer` cookie (a new one is issued when it is missing);
 * - the client address and user agent within a day: not sending the cookie back, or clearing it,
 *   does not count again;
 * - and no more than VIEWS_PER_ADDRESS_PER_DAY per address: rotating user agents does not either.
 * Addresses are kept only as keyed hashes. Bots are not counted. When this process cannot know the
 * client's address (plain `next dev` / `next start`, lib/security/client-ip.ts) only the cookie counts:
 * one shared "unknown" address would let a single viewer a day count.
 */
export async function recordView(input: {
  gallery: string;
  videoId: string;
  viewerId: string;
  client: { ip: string; userAgent: string | null };
  credentials: ViewerCredentials;
  now?: number;
}): Promise<{ counted: boolean }> {
  if (isBot(input.client.userAgent)) return { counted: false };
  await openFilm(input.gallery, input.videoId, input.credentials);
  const address = addressOfDay(input.client.ip, input.now ?? Date.now());
  const agent = createHash("sha256")
    .update(input.client.userAgent ?? "")
    .digest("base64url")
    .slice(0, 16);
  const known = address !== null;
  const keys = known ? [`c:${input.viewerId}`, `a:${address}:${agent}`] : [`c:${input.viewerId}`];
  const counted = await db.$transaction(async (tx) => {
    const { count } = await tx.videoView.createMany({ data: keys.map((viewerId) => ({ videoId: input.videoId, viewerId })), skipDuplicates: true });
    if (count < keys.length) return false;
    if (known) {
      const slot = await tx.videoView.count({ where: { videoId: input.videoId, viewerId: { startsWith: `n:${address}:` } } });
      if (slot >= VIEWS_PER_ADDRESS_PER_DAY) return false;
      // Two requests racing for the same slot: one of them inserts it.
      const claimed = await tx.videoView.createMany({ data: [{ videoId: input.videoId, viewerId: `n:${address}:${slot}` }], skipDuplicates: true });
      if (claimed.count === 0) return false;
    }
    await tx.video.update({ where: { id: input.videoId }, data: { views: { increment: 1 } } });
    return true;
  });
  return { counted };
}

/** A short-lived link to the original file, when the gallery's Downloads toggle is on. */
export async function downloadLink(input: { gallery: string; videoId: string; credentials: ViewerCredentials }): Promise<string> {
  const video = await openFilm(input.gallery, input.videoId, input.credentials, { download: true });
  return signedDownloadUrl(video.storageKey, downloadFileName(video.title, video.storageKey));
}
