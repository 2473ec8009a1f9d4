// Rows to the API's shapes (lib/gallery-types.ts), with stored media keys turned into addresses.
import "@/lib/server-only";
import { formatCuePoint } from "@/lib/cue";
import { fallbackMediaUrl, mediaUrl } from "@/lib/storage/urls";
import type { Chapter, Folder, Gallery, Video } from "@/generated/prisma/client";
import type { BackgroundMedia, ChapterDto, FolderDto, GalleryCardDto, GalleryDto, Playback, PlaySource, VideoDto } from "@/lib/gallery-types";
import type { GallerySetting } from "@/lib/validation/galleries";

export function settingOf(g: Pick<Gallery, "settingDownload" | "settingShare" | "settingTv" | "settingPlayAll">): GallerySetting {
  return { download: g.settingDownload, share: g.settingShare, tv: g.settingTv, playall: g.settingPlayAll };
}

export function backgroundOf(g: Pick<Gallery, "bgImageUrl" | "bgVideoUrl" | "musicUrl" | "musicName">): BackgroundMedia {
  return { imgUrl: mediaUrl(g.bgImageUrl), videoUrl: mediaUrl(g.bgVideoUrl), musicUrl: mediaUrl(g.musicUrl), musicName: g.musicName };
}

type PlaybackRow = Pick<Video, "status" | "hlsKey" | "streamKey" | "storageKey">;

/**
 * What a player loads: the HLS ladder when there is one, then the fast-start MP4 (or the original
 * when it was streamable as uploaded), each also on the fallback host when one is configured.
 */
export function playbackOf(v: PlaybackRow): Playback | null {
  if (v.status !== "READY") return null;
  const keys: [string, PlaySource["type"]][] = [];
  if (v.hlsKey) keys.push([v.hlsKey, "application/x-mpegurl"]);
  keys.push([v.streamKey ?? v.storageKey, "video/mp4"]);
  const on = (url: (k: string) => string | null) =>
    keys.flatMap(([key, type]) => {
      const src = url(key);
      return src ? [{ src, type }] : [];
    });
  return { sources: on(mediaUrl), fallback: on(fallbackMediaUrl) };
}

export function chapterView(c: Pick<Chapter, "id" | "title" | "cueSeconds" | "videoId">): ChapterDto {
  return { _id: c.id, title: c.title, cuePoint: formatCuePoint(c.cueSeconds), seconds: c.cueSeconds, videoId: c.videoId };
}

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
    galleryId: v.galleryId,
    createdAt: v.createdAt.toISOString(),
    sizeBytes: Number(v.sizeBytes),
    durationSec: v.durationSec,
    width: v.width,
    height: v.height,
    playback: playbackOf(v),
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
    setting: settingOf(g),
    backgroundMedia: backgroundOf(g),
    selectedVideos: g.showcase.map((s) => s.videoId),
  };
}

type CardRow = Pick<Gallery, "id" | "name" | "createdAt" | "customUrl" | "bgImageUrl">;
export const cardSelect = { id: true, name: true, createdAt: true, customUrl: true, bgImageUrl: true } as const;

export function galleryCardView(g: CardRow): GalleryCardDto {
  return { _id: g.id, name: g.name, createdAt: g.createdAt.toISOString(), customurl: g.customUrl, imgUrl: mediaUrl(g.bgImageUrl) };
}

export function folderView(f: Pick<Folder, "id" | "name" | "adminId" | "createdAt"> & { galleries?: CardRow[] }): FolderDto {
  return {
    _id: f.id,
    name: f.name,
    adminId: f.adminId,
    createdAt: f.createdAt.toISOString(),
    galleries: (f.galleries ?? []).map(galleryCardView),
  };
}
