// What a player loads, and the app's own playlists. Segments live in the private store; the app
// serves the HLS playlists itself, after its checks, with the segments' addresses signed:
// - master playlist → the app's variant playlists (same door, same checks);
// - variant playlist → presigned segment addresses (valid an hour at most, lib/storage/urls.ts).
// So a lock, an expiry or a delete stops new playback at once (the playlists are refused), and
// addresses already handed out die within their life. The MP4 is reached the same way: the app's
// stream door checks (the gate, then the download rule once the film has its ladder), then
// redirects to a signed address.
//
// Viewers' doors (/api/public/hls/…, /api/public/stream/…) open the film through the gallery gate
// (lib/services/access/open-gallery.ts openFilm); the studio's door (/api/videos/hls/…) is the owner's,
// past password and expiry (the editor's preview and player).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { downloadRefusal, downloadVerdict, paymentRefusal, reviewRefusal, type ViewerCredentials, openFilm } from "@/lib/services/access";
import { filmClosedByReview } from "@/lib/services/review";
import { HLS_MASTER, hostParam, viewerMp4Key, withQuery } from "@/lib/services/galleries";
import { fallbackMediaBaseUrl, mediaUrlOn, signingWindow } from "@/lib/storage/urls";
import { cachedRewrite, rewritePlaylist, storedPlaylist, variantsOf } from "@/lib/storage/playlists";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Video } from "@/generated/prisma/client";

export const PLAYLIST_CONTENT_TYPE = "application/vnd.apple.mpegurl";

type HlsVideo = Pick<Video, "id" | "hlsKey" | "processedAt" | "createdAt">;

/**
 * One playlist of a video's HLS ladder as the app serves it: the master with its variants' names
 * pointing back at this door (`query` carries the gallery and the host), or a variant with its
 * segments signed. Only the master and the variants it names are served. Null: no such playlist.
 */
async function playlist(video: HlsVideo, name: string, query: string, fallback: boolean): Promise<string | null> {
  if (!video.hlsKey || (fallback && !fallbackMediaBaseUrl())) return null;
  const dir = video.hlsKey.slice(0, video.hlsKey.lastIndexOf("/") + 1);
  const version = String((video.processedAt ?? video.createdAt).getTime());
  const master = await storedPlaylist(video.hlsKey, version);
  if (master === null) return null;
  if (name === HLS_MASTER) return rewritePlaylist(master, (uri) => withQuery(uri, query));
  if (!variantsOf(master).includes(name)) return null;
  const w = signingWindow();
  return cachedRewrite(`${version}|${dir}${name}|${w.signedAt}|${fallback}`, async () => {
    const text = await storedPlaylist(`${dir}${name}`, version);
    if (text === null) return null;
    return rewritePlaylist(text, (uri) => (/^[A-Za-z0-9_.-]+$/.test(uri) ? (mediaUrlOn(fallback, `${dir}${uri}`) ?? uri) : uri));
  });
}

/** A film's watermarked preview ladder as the playlist builder reads a ladder (its own master and time), or 402 when it has none yet. */
function previewLadder(film: Pick<Video, "id" | "previewKey" | "previewAt" | "createdAt">): HlsVideo {
  if (!film.previewKey) throw paymentRefusal();
  return { id: film.id, hlsKey: film.previewKey, processedAt: film.previewAt, createdAt: film.createdAt };
}

/** GET /api/public/hls/:videoId/:playlist?g=&h= — a viewer's playlist, after the gate (an unpaid gallery's: the preview's). */
export async function viewerPlaylist(input: { gallery: string; videoId: string; name: string; fallback: boolean; credentials: ViewerCredentials }): Promise<string> {
  const film = await openFilm(input.gallery, input.videoId, input.credentials);
  // Unpaid with Pay to unlock (Paid delivery): the watermarked preview ladder is the only one served,
  // whatever is asked; a film without one yet is not shown (402 until it has one).
  const video = film.subject.payLocked ? previewLadder(film) : film;
  const text = await playlist(video, input.name, [`g=${encodeURIComponent(input.gallery)}`, hostParam(input.fallback)].filter(Boolean).join("&"), input.fallback);
  if (text === null) throw notFound();
  return text;
}

/**
 * GET /api/public/stream/:videoId?g=&h= — where a viewer's player reads the MP4, a signed address:
 * for a viewer who may download, the fast-start copy or the original; for anyone else the copy only
 * while the film has no ladder yet (viewerMp4Key), else the download rule's refusal (403
 * downloads_off, 401 pin_required; in a gallery in review, 403 under_review until approved).
 */
export async function viewerStream(input: { gallery: string; videoId: string; fallback: boolean; credentials: ViewerCredentials }): Promise<string> {
  const video = await openFilm(input.gallery, input.videoId, input.credentials);
  // Unpaid (Paid delivery): no MP4 at all, not even the stream copy; previews play by HLS only.
  if (video.subject.payLocked) throw paymentRefusal();
  const rule = downloadVerdict(video.subject, video.decision, input.credentials);
  // In review, a film not yet approved is no download either (its original stays closed).
  const verdict = rule === "ok" && (await filmClosedByReview(video.subject, video)) ? "review" : rule;
  const key = viewerMp4Key(video, verdict === "ok");
  if (!key) throw verdict === "ok" ? notFound() : verdict === "review" ? reviewRefusal() : downloadRefusal(verdict);
  const url = mediaUrlOn(input.fallback, key);
  if (!url) throw notFound();
  return url;
}

/**
 * GET /api/videos/hls/:id/:playlist?v=&h= — the studio's own video's playlist (owner-scoped): its
 * current version's, or with `v` an earlier version it kept (compare versions).
 */
export async function studioPlaylist(actor: Actor, input: { videoId: string; name: string; fallback: boolean; version?: number }): Promise<string> {
  const select = { id: true, hlsKey: true, processedAt: true, createdAt: true } as const;
  const video =
    input.version === undefined
      ? await db.video.findFirst({ where: { id: input.videoId, adminId: actor.id, status: "READY" }, select })
      : await db.videoVersion.findFirst({ where: { videoId: input.videoId, adminId: actor.id, version: input.version }, select });
  const query = [input.version === undefined ? "" : `v=${input.version}`, hostParam(input.fallback)].filter(Boolean).join("&");
  const text = video ? await playlist(video, input.name, query, input.fallback) : null;
  if (text === null) throw notFound();
  return text;
}
