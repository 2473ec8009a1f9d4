// The shapes the folder and gallery API answers with (spec §3 names: _id, customurl, setting,
// backgroundMedia, selectedVideos). Shared by the services and the studio's client components.
import type { GalleryLook } from "@/lib/gallery-look";
import type { GallerySetting } from "@/lib/validation/galleries";

export type BackgroundMedia = {
  /** Public addresses of the stored media, or null. */
  imgUrl: string | null;
  videoUrl: string | null;
  musicUrl: string | null;
  musicName: string | null;
};

/** One address a player may load, with its type (HLS playlist or MP4). */
export type PlaySource = { src: string; type: "application/x-mpegurl" | "video/mp4" };

/** What a player loads: the sources in order of preference, and the same on the fallback host (spec §7). */
export type Playback = { sources: PlaySource[]; fallback: PlaySource[] };

/** A chapter as the API shows it: its start as 'hh:mm:ss' (spec §3) and in seconds. */
export type ChapterDto = { _id: string; title: string; cuePoint: string; seconds: number; videoId: string };

/** A caption track as a player loads it: the app's door for the file, its language and label. */
export type PlayerCaption = { src: string; language: string; label: string; isDefault: boolean };

/** A film's captions in one language, as the studio's API shows them. */
export type CaptionDto = PlayerCaption & { _id: string; videoId: string; cueCount: number; sizeBytes: number; updatedAt: string };

export type VideoDto = {
  _id: string;
  title: string;
  /** Object key within asset storage. */
  url: string;
  thumbnail: string | null;
  cuePoint: string | null;
  views: number;
  status: "UPLOADING" | "PROCESSING" | "READY" | "FAILED";
  /** Why processing failed, for the studio to read. */
  failureReason: string | null;
  /** A failed video that Retry processing may fix (not a file rejected as not a video). */
  retryable: boolean;
  /** READY and playable while the rest of its streaming ladder is still being made. */
  optimizing: boolean;
  /** While optimizing: how much of the ladder is encoded (0–99 %), null while it waits its turn. */
  optimizeProgress: number | null;
  galleryId: string;
  createdAt: string;
  sizeBytes: number;
  durationSec: number | null;
  width: number | null;
  height: number | null;
  /** Null until the video is ready to play. */
  playback: Playback | null;
  /** The film's current version (issue 40): 1, then raised by each new cut. */
  version: number;
};

export type GalleryDto = {
  _id: string;
  name: string;
  title: string;
  subtitle: string;
  folderId: string;
  templateId: string;
  createdAt: string;
  fheading: string;
  fbody: string;
  customurl: string;
  /** Accent and text colours, the cover's focal point (issue 39 item 5). */
  look: GalleryLook;
  setting: GallerySetting;
  backgroundMedia: BackgroundMedia;
  /** Ids of the showcased videos, in order. */
  selectedVideos: string[];
  /** Beyond the spec: a viewers' password and an expiry (the studio's Locked / Expires / Expired badges). */
  access: GalleryAccessDto;
};

export type GalleryAccessDto = { hasPassword: boolean; expiresAt: string | null };

/** A gallery's business at a glance on its card: films, viewers, the last visit (ISO). */
export type GalleryCardStats = { films: number; viewers: number; lastVisitAt: string | null };

export type GalleryCardDto = Pick<GalleryDto, "_id" | "name" | "createdAt" | "customurl" | "access"> & { imgUrl: string | null; stats: GalleryCardStats };

export type FolderDto = { _id: string; name: string; adminId: string; createdAt: string; galleries: GalleryCardDto[] };

export type GalleryDetailsDto = {
  folder: { _id: string; name: string; adminId: string };
  gallery: GalleryDto;
  videos: VideoDto[];
  /** The delivery link: base link plus custom url. */
  url: string;
};

/** The studio behind a public gallery: its branding, and whether its plan removes Vidfolio's footer. */
export type GalleryStudio = {
  name: string;
  logoUrl: string | null;
  whiteLabel: boolean;
  faviconUrl?: string | null;
  /** Only http(s) addresses (checked on the server, again when rendered); "" or absent: none. */
  websiteUrl?: string;
  socials?: { youtube: string; instagram: string; facebook: string };
};
