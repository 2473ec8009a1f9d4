// A film's versions: the studio's doors' inputs.
import { z } from "zod";
import { TEXTS } from "@/lib/texts";
import { idSchema } from "@/lib/validation/common";
import { galleryRef, hostQuerySchema, mediaQuerySchema } from "@/lib/validation/public";

const versionNumber = z.coerce.number({ error: TEXTS.versions.versionInvalid }).int(TEXTS.versions.versionInvalid).min(1, TEXTS.versions.versionInvalid).max(100_000, TEXTS.versions.versionInvalid);

/** DELETE /api/videos/versions/{videoId}/{version} */
export const versionPathSchema = z.object({ videoId: idSchema, version: versionNumber });

/** GET /api/videos/hls/{id}/{playlist}?[v=<version>][&h=fallback] */
export const studioPlaylistQuerySchema = hostQuerySchema.extend({ v: versionNumber.optional() });

/** GET /api/public/hls/{videoId}/{playlist} and /api/public/stream/{videoId}: ?g=<custom url or id>[&v=<version>][&h=fallback] */
export const viewerMediaQuerySchema = mediaQuerySchema.extend({ v: versionNumber.optional() });

/** GET /api/public/versions/{videoId}?g=<custom url or id> */
export const viewerVersionsQuerySchema = z.object({ g: galleryRef });
