// Rows to the API's shapes (the contract's types: lib/contract/folders.ts, films.ts), with stored
// media keys turned into signed, expiring addresses (lib/storage/urls.ts) and playback into the
// app's own playlist doors.
import "@/lib/server-only";
import { formatCuePoint } from "@/lib/services/films/rules/cue";
import { fallbackMediaBaseUrl, mediaUrl, mediaUrlOn } from "@/lib/storage/urls";
import type { Caption, Chapter, Folder, Gallery, Video } from "@/generated/prisma/client";
import type { BackgroundMedia, FolderDto, GalleryCardDto, GalleryDto, GalleryStatusDto } from "@/lib/contract/folders";
import { amountDue, PRICE_ROW_SELECT, type PriceRow } from "@/lib/services/money/rules/paid-delivery";
import type { CaptionDto, ChapterDto, Playback, PlayerCaption, PlaySource, VideoDto } from "@/lib/contract/films";
import type { GallerySetting } from "@/lib/validation/galleries";
import { doors } from "@/lib/contract";
import { lookOf } from "@/lib/services/galleries/rules/gallery-look";

export function settingOf(g: Pick<Gallery, "settingDownload" | "settingShare" | "settingTv" | "settingPlayAll" | "settingListed" | "settingLanguage">): GallerySetting {
  return { download: g.settingDownload, share: g.settingShare, tv: g.settingTv, playall: g.settingPlayAll, listed: g.settingListed, language: g.settingLanguage };
}

/** The background media, signed (for the signing window of `now`, by default the current one). */
export function backgroundOf(g: Pick<Gallery, "bgImageUrl" | "bgVideoUrl" | "musicUrl" | "musicName">, when: { now?: number } = {}): BackgroundMedia {
  return { imgUrl: mediaUrl(g.bgImageUrl, when), videoUrl: mediaUrl(g.bgVideoUrl, when), musicUrl: mediaUrl(g.musicUrl, when), musicName: g.musicName };
}

const HLS_TYPE = "application/x-mpegurl" as const;
/** The master playlist's name in a video's HLS ladder (and in the app's playlist doors). */
export const HLS_MASTER = "master.m3u8";

type PlayableRow = Pick<Video, "id" | "status" | "hlsKey" | "streamKey" | "storageKey"> & { previewKey?: string | null; previewOnly?: boolean };

/** The query parameter of the app's media doors asking for the fallback host (spec §7). */
export const hostParam = (fallback: boolean) => (fallback ? "h=fallback" : "");
export const withQuery = (path: string, ...params: string[]) => {
  const q = params.filter(Boolean).join("&");
  return q ? `${path}?${q}` : path;
};

/** The sources on the primary host and, when one is configured, on the fallback host (spec §7). */
function both(list: (fallback: boolean) => PlaySource[]): Playback {
  return { sources: list(false), fallback: fallbackMediaBaseUrl() ? list(true) : [] };
}

/**
 * The MP4 a viewer's player may read (the stream door, lib/services/films/playback.ts): a viewer who may
 * download (the download rule, lib/services/access/gate.ts) gets the fast-start copy, else the
 * original; anyone else the stream copy only while the film has no HLS ladder — its first seconds
 * after upload, when the copy is what plays (or a film whose ladder could not be made). Once the
 * ladder exists the film plays by HLS, and its MP4 (the original, or a lossless copy of it: a
 * fast-start original's copy is the same bytes) is a download like any other (docs/security.md, "Media privacy").
 */
export function viewerMp4Key(v: Pick<Video, "streamKey" | "storageKey" | "hlsKey">, mayDownload: boolean): string | null {
  if (mayDownload) return v.streamKey ?? v.storageKey;
  return v.hlsKey === null ? v.streamKey : null;
}

/**
 * A viewer's playback of a film of the gallery named `ref` (its custom url): the app's HLS
 * playlists (lib/services/films/playback.ts), then the app's MP4 door when it would answer (viewerMp4Key;
 * `downloads`: the gallery's Downloads are on without a PIN, the same for every viewer of the cached
 * page). Relative addresses: they work on the gallery host and on a studio's custom domain.
 * `version`: an earlier version kept (lib/services/films/playback.ts viewerVersions), whose files
 * `v` then holds, through the doors' `?v=`.
 */
export function viewerPlayback(v: PlayableRow, ref: string, downloads: boolean, version?: number): Playback | null {
  if (v.status !== "READY") return null;
  // An unpaid gallery (Paid delivery): its films' HLS door serves their watermarked previews, and nothing else plays.
  if (v.previewOnly)
    return v.previewKey
      ? both((fallback) => [{ src: withQuery(doors.publicGallery.playlist.url({ videoId: v.id, playlist: HLS_MASTER }), `g=${encodeURIComponent(ref)}`, hostParam(fallback)), type: HLS_TYPE }])
      : null;
  const g = [`g=${encodeURIComponent(ref)}`, version === undefined ? "" : `v=${version}`].filter(Boolean).join("&");
  const mp4 = viewerMp4Key(v, downloads) !== null;
  if (!v.hlsKey && !mp4) return null;
  return both((fallback) => [
    ...(v.hlsKey ? [{ src: withQuery(doors.publicGallery.playlist.url({ videoId: v.id, playlist: HLS_MASTER }), g, hostParam(fallback)), type: HLS_TYPE }] : []),
    ...(mp4 ? [{ src: withQuery(doors.publicGallery.stream.url({ videoId: v.id }), g, hostParam(fallback)), type: "video/mp4" as const }] : []),
  ]);
}

/**
 * The studio's playback of its own video: its HLS door (owner-scoped), then the fast-start MP4 (or
 * the original when it was streamable as uploaded), signed. `version`: an earlier version it kept
 * (lib/services/films/video-versions.ts), whose files `v` then holds, through the door's `?v=`.
 */
export function studioPlayback(v: PlayableRow, version?: number): Playback | null {
  if (v.status !== "READY") return null;
  return both((fallback) => {
    const mp4 = mediaUrlOn(fallback, v.streamKey ?? v.storageKey);
    const hls = withQuery(doors.videos.playlist.url({ id: v.id, playlist: HLS_MASTER }), version === undefined ? "" : `v=${version}`, hostParam(fallback));
    return [...(v.hlsKey ? [{ src: hls, type: HLS_TYPE }] : []), ...(mp4 ? [{ src: mp4, type: "video/mp4" as const }] : [])];
  });
}

// A film's captions: the studio's view, and the tracks players load.
const version = (c: Pick<Caption, "updatedAt">) => String(c.updatedAt.getTime());

/** The studio's view of one caption file, with the address its own player reads it from. */
export function captionView(c: Caption): CaptionDto {
  return {
    _id: c.id,
    videoId: c.videoId,
    language: c.language,
    label: c.label,
    isDefault: c.isDefault,
    cueCount: c.cueCount,
    sizeBytes: c.sizeBytes,
    source: c.source,
    confirmedAt: c.confirmedAt?.toISOString() ?? null,
    updatedAt: c.updatedAt.toISOString(),
    src: `${doors.captions.file.url({ videoId: c.videoId, captionId: c.id })}?v=${version(c)}`,
  };
}

/** What a viewer's player gets for a track: the gate-checked door, versioned so a new file is fetched anew. */
export function viewerCaptionTrack(c: Pick<Caption, "id" | "videoId" | "language" | "label" | "isDefault" | "updatedAt">, galleryRef: string): PlayerCaption {
  return {
    src: `${doors.publicGallery.captions.url({ videoId: c.videoId, captionId: c.id })}?g=${encodeURIComponent(galleryRef)}&v=${version(c)}`,
    language: c.language,
    label: c.label,
    isDefault: c.isDefault,
  };
}

/** The studio's player reads its own door (past password and expiry, like its playlists). */
export const studioCaptionTrack = (c: Caption): PlayerCaption => {
  const { src, language, label, isDefault } = captionView(c);
  return { src, language, label, isDefault };
};

/** A viewer's chapters track: the gate-checked door, its version a hash of the chapters (a change is a new address). */
export function viewerChaptersSrc(videoId: string, galleryRef: string, chapters: { title: string; cueSeconds: number }[]): string {
  let h = 0x811c9dc5;
  for (const ch of JSON.stringify(chapters.map((c) => [c.cueSeconds, c.title]))) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return `${doors.publicGallery.chapters.url({ videoId })}?g=${encodeURIComponent(galleryRef)}&v=${h}`;
}

export function chapterView(c: Pick<Chapter, "id" | "title" | "cueSeconds" | "videoId">): ChapterDto {
  return { _id: c.id, title: c.title, cuePoint: formatCuePoint(c.cueSeconds), seconds: c.cueSeconds, videoId: c.videoId };
}

/** Failure codes that Retry processing may fix (lib/services/films/video-processing.ts writes them): the queue gave
 *  up ("processing"), or the renditions failed the pre-flight check ("check"). Any other rejects the file. */
export const RETRYABLE_FAILURES: ReadonlySet<string> = new Set(["processing", "check"]);

/** A failure code that rejects the file itself (not the queue giving up on it, nor a failed check): never retried. */
export const isRejection = (code: string | null) => code !== null && !RETRYABLE_FAILURES.has(code);

export function videoView(v: Video): VideoDto {
  return {
    _id: v.id,
    title: v.title,
    url: v.storageKey,
    thumbnail: mediaUrl(v.thumbnailKey),
    cuePoint: v.cuePoint,
    views: v.views,
    status: v.status,
    failureReason: v.failureReason,
    retryable: v.status === "FAILED" && !isRejection(v.failureCode),
    optimizing: v.status === "READY" && v.optimizing,
    optimizeProgress: v.status === "READY" && v.optimizing ? v.optimizeProgress : null,
    galleryId: v.galleryId,
    createdAt: v.createdAt.toISOString(),
    sizeBytes: Number(v.sizeBytes),
    durationSec: v.durationSec,
    width: v.width,
    height: v.height,
    playback: studioPlayback(v),
    version: v.version,
  };
}

export function galleryView(g: Gallery & { showcase: { videoId: string }[] }): GalleryDto {
  return {
    _id: g.id,
    name: g.name,
    title: g.title,
    subtitle: g.subtitle,
    folderId: g.folderId,
    templateId: g.templateId,
    createdAt: g.createdAt.toISOString(),
    fheading: g.fheading,
    fbody: g.fbody,
    customurl: g.customUrl,
    look: lookOf(g),
    setting: settingOf(g),
    backgroundMedia: backgroundOf(g),
    selectedVideos: g.showcase.map((s) => s.videoId),
    access: accessOf(g),
  };
}

/** Whether viewers need a password, and when the gallery closes (the studio's badges: Locked, Expires, Expired). */
const accessOf = (g: Pick<Gallery, "passwordHash" | "expiresAt">) => ({ hasPassword: g.passwordHash !== null, expiresAt: g.expiresAt?.toISOString() ?? null });

type CardRow = Pick<Gallery, "id" | "name" | "createdAt" | "customUrl" | "bgImageUrl" | "passwordHash" | "expiresAt" | "reviewMode"> &
  PriceRow & {
    _count: { videos: number; viewers: number };
    viewers: { lastSeenAt: Date }[];
  };
/**
 * A gallery card's columns and its business at a glance: its films, its viewers
 * (the insights' viewers: the studio and the super admin are never one) and the last visit.
 */
export const cardSelect = {
  id: true,
  name: true,
  createdAt: true,
  customUrl: true,
  bgImageUrl: true,
  passwordHash: true,
  expiresAt: true,
  _count: { select: { videos: true, viewers: true } },
  viewers: { orderBy: { lastSeenAt: "desc" }, take: 1, select: { lastSeenAt: true } },
  reviewMode: true,
  ...PRICE_ROW_SELECT,
} as const;

/** A gallery in review's films and comments, counted on their current versions (lib/services/galleries/folders.ts reviewCounts). */
export type ReviewCounts = NonNullable<GalleryStatusDto["review"]>;

/** What its clients owe or paid, and where its review stands (the card's chips). */
function statusOf(g: CardRow, review: ReviewCounts | undefined): GalleryStatusDto {
  const due = amountDue(g);
  const payment =
    g.priceAmount === null || g.priceCurrency === null ? null : g.paidAt !== null ? { state: "paid" as const } : due > 0 ? { state: "awaiting" as const, due, currency: g.priceCurrency } : null;
  return { payment, review: g.reviewMode ? (review ?? { films: 0, approved: 0, changes: 0, openComments: 0 }) : null };
}

export function galleryCardView(g: CardRow, review?: ReviewCounts): GalleryCardDto {
  return {
    _id: g.id,
    name: g.name,
    createdAt: g.createdAt.toISOString(),
    customurl: g.customUrl,
    imgUrl: mediaUrl(g.bgImageUrl),
    access: accessOf(g),
    stats: { films: g._count.videos, viewers: g._count.viewers, lastVisitAt: g.viewers[0]?.lastSeenAt.toISOString() ?? null },
    status: statusOf(g, review),
  };
}

export function folderView(f: Pick<Folder, "id" | "name" | "adminId" | "createdAt"> & { galleries?: CardRow[] }, reviews: ReadonlyMap<string, ReviewCounts> = new Map()): FolderDto {
  return {
    _id: f.id,
    name: f.name,
    adminId: f.adminId,
    createdAt: f.createdAt.toISOString(),
    galleries: (f.galleries ?? []).map((g) => galleryCardView(g, reviews.get(g.id))),
  };
}
