// A film's versions as the studio's API shows them (issue 40 item 4): built by
// lib/services/video-versions.ts for GET /api/videos/versions/{videoId}.
import type { Playback } from "@/lib/gallery-types";

export type FilmVersionDto = {
  version: number;
  /** The version guests see (the film's own file); the others are kept earlier cuts. */
  current: boolean;
  /** When this version's file was filed. */
  filedAt: string;
  sizeBytes: number;
  durationSec: number | null;
  width: number | null;
  height: number | null;
  thumbnail: string | null;
  /** Comment threads made on this version. */
  comments: number;
  /** The studio's playback of this version; null while the current one is not ready. */
  playback: Playback | null;
};

export type FilmVersionsDto = { current: number; versions: FilmVersionDto[] };
