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
// past password and expiry (the editor's preview and player). Both play an earlier version the
// studio kept with `v` (compare); a viewer's only behind the same gate, audience and pay lock as
// the current one: never in an unpaid gallery (402), never another film's (404).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { downloadRefusal, downloadVerdict, paymentRefusal, reviewRefusal, type ViewerCredentials, openFilm } from "@/lib/services/access";
import { filmClosedByReview } from "@/lib/services/review";
import { HLS_MASTER, hostParam, viewerMp4Key, viewerPlayback, withQuery } from "@/lib/services/galleries";
import { fallbackMediaBaseUrl, mediaUrlOn, signingWindow } from "@/lib/storage/urls";
import { cachedRewrite, rewritePlaylist, storedPlaylist, variantsOf } from "@/lib/storage/playlists";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Video } from "@/generated/prisma/client";
import type { ViewerVersionDto, ViewerVersionsDto } from "@/lib/contract/films";

export const PLAYLIST_CONTENT_TYPE = "application/vnd.apple.mpegurl";

type HlsVideo = Pick<Video, "id" | "hlsKey" | "processedAt" | "createdAt">;

/** What identifies this processing of a video (its stored playlists' cache version). */
const processingOf = (video: HlsVideo) => String((video.processedAt ?? video.createdAt).getTime());

/** A video's stored master playlist as the worker wrote it; null without a ladder or when missing. */
export async function storedMaster(video: HlsVideo): Promise<string | null> {
  return video.hlsKey ? storedPlaylist(video.hlsKey, processingOf(video)) : null;
}

/**
 * One playlist of a video's HLS ladder as the app serves it: the master with its variants' names
 * pointing back at this door (`query` carries the gallery and the host), or a variant with its
 * segments signed. Only the master and the variants it names are served. Null: no such playlist.
 */
async function playlist(video: HlsVideo, name: string, query: string, fallback: boolean): Promise<string | null> {
  if (!video.hlsKey || (fallback && !fallbackMediaBaseUrl())) return null;
  const dir = video.hlsKey.slice(0, video.hlsKey.lastIndexOf("/") + 1);
  const version = processingOf(video);
  const master = await storedMaster(video);
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

type OpenedFilm = Awaited<ReturnType<typeof openFilm>>;
type VersionFiles = HlsVideo & Pick<Video, "streamKey" | "storageKey">;

/**
 * The version of an opened film a viewer asked for (`v`): the film itself when none is asked (or
 * its current number), else the earlier version its studio kept, looked up under this film only.
 * An unpaid gallery offers none (402: its previews are of the current cut only); 404 when kept no more.
 */
async function askedVersion(film: OpenedFilm, version: number | undefined): Promise<VersionFiles> {
  if (version === undefined || version === film.version) return film;
  if (film.subject.payLocked) throw paymentRefusal();
  const kept = await db.videoVersion.findFirst({
    where: { videoId: film.id, adminId: film.adminId, version },
    select: { hlsKey: true, streamKey: true, storageKey: true, processedAt: true, createdAt: true },
  });
  if (!kept) throw notFound();
  return { ...kept, id: film.id };
}

/** GET /api/public/hls/:videoId/:playlist?g=&v=&h= — a viewer's playlist, after the gate (an unpaid gallery's: the preview's); `v`: an earlier version kept. */
export async function viewerPlaylist(input: { gallery: string; videoId: string; name: string; fallback: boolean; credentials: ViewerCredentials; version?: number }): Promise<string> {
  const film = await openFilm(input.gallery, input.videoId, input.credentials);
  // Unpaid with Pay to unlock (Paid delivery): the watermarked preview ladder is the only one served
  // (an earlier version is refused), whatever is asked; a film without one yet is not shown (402 until it has one).
  const video = film.subject.payLocked && input.version === undefined ? previewLadder(film) : await askedVersion(film, input.version);
  const query = [`g=${encodeURIComponent(input.gallery)}`, input.version === undefined ? "" : `v=${input.version}`, hostParam(input.fallback)].filter(Boolean).join("&");
  const text = await playlist(video, input.name, query, input.fallback);
  if (text === null) throw notFound();
  return text;
}

/**
 * GET /api/public/stream/:videoId?g=&h= — where a viewer's player reads the MP4, a signed address:
 * for a viewer who may download, the fast-start copy or the original; for anyone else the copy only
 * while the film has no ladder yet (viewerMp4Key), else the download rule's refusal (403
 * downloads_off, 401 pin_required; in a gallery in review, 403 under_review until approved).
 */
export async function viewerStream(input: { gallery: string; videoId: string; fallback: boolean; credentials: ViewerCredentials; version?: number }): Promise<string> {
  const video = await openFilm(input.gallery, input.videoId, input.credentials);
  // Unpaid (Paid delivery): no MP4 at all, not even the stream copy; previews play by HLS only.
  if (video.subject.payLocked) throw paymentRefusal();
  const verdict = await viewerVerdict(video, input.credentials);
  // An earlier version's MP4 follows the same rule as the current one's.
  const key = viewerMp4Key(await askedVersion(video, input.version), verdict === "ok");
  if (!key) throw verdict === "ok" ? notFound() : verdict === "review" ? reviewRefusal() : downloadRefusal(verdict);
  const url = mediaUrlOn(input.fallback, key);
  if (!url) throw notFound();
  return url;
}

/** The download rule for an opened film; in review, a film not yet approved is no download either (its original stays closed). */
async function viewerVerdict(film: OpenedFilm, credentials: ViewerCredentials): Promise<ReturnType<typeof downloadVerdict> | "review"> {
  const rule = downloadVerdict(film.subject, film.decision, credentials);
  return rule === "ok" && (await filmClosedByReview(film.subject, film)) ? "review" : rule;
}

/**
 * GET /api/public/versions/:videoId?g= — the film's versions a viewer may play, after the gate:
 * the current one and each earlier one its studio kept, newest first, each with its playback through
 * the viewer's doors (`v`). An unpaid gallery offers only the current one.
 */
export async function viewerVersions(input: { gallery: string; videoId: string; credentials: ViewerCredentials }): Promise<ViewerVersionsDto> {
  const film = await openFilm(input.gallery, input.videoId, input.credentials);
  const current = await db.video.findUniqueOrThrow({ where: { id: film.id }, select: { durationSec: true, width: true, height: true } });
  const kept = film.subject.payLocked
    ? []
    : await db.videoVersion.findMany({
        where: { videoId: film.id, adminId: film.adminId },
        orderBy: { version: "desc" },
        select: { version: true, hlsKey: true, streamKey: true, storageKey: true, durationSec: true, width: true, height: true },
      });
  const mayDownload = !film.subject.payLocked && (await viewerVerdict(film, input.credentials)) === "ok";
  const view = (v: Pick<Video, "hlsKey" | "streamKey" | "storageKey" | "durationSec" | "width" | "height">, version: number, isCurrent: boolean): ViewerVersionDto => ({
    version,
    current: isCurrent,
    durationSec: v.durationSec,
    width: v.width,
    height: v.height,
    playback: isCurrent
      ? viewerPlayback({ ...film, ...v, status: "READY", previewOnly: film.subject.payLocked }, input.gallery, mayDownload)
      : viewerPlayback({ ...v, id: film.id, status: "READY" }, input.gallery, mayDownload, version),
  });
  return { current: film.version, versions: [view({ ...film, ...current }, film.version, true), ...kept.map((v) => view(v, v.version, false))] };
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
