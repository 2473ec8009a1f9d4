import { z } from "zod";
import { TEXTS } from "@/lib/texts";
import { idField } from "@/lib/validation/common";
import { ACCESS_REQUEST_MAX, DOWNLOAD_PIN_PATTERN } from "@/lib/limits";
import { emailSchema } from "@/lib/validation/auth";

/**
 * A viewer password's minimum length. The unlock door lets a few guesses a minute through per
 * gallery (lib/security/throttle.ts); at 8 characters even a lower-case-and-digits password has
 * 36^8 ≈ 2.8·10^12 values, far beyond what that allows in a gallery's lifetime, where a 4-digit PIN
 * (10^4) fell in hours.
 */
export const GALLERY_PASSWORD_MIN = 8;

/**
 * A download PIN: 4 to 8 digits (ASCII). It guards downloads only (viewing stays free), and its door
 * is throttled per gallery like a password (lib/security/throttle.ts, kind "pin").
 */

/** Who may open a gallery: anyone with its link, or only its invited guests (Gallery.audience). */
export const GALLERY_AUDIENCES = ["link", "invited"] as const;
export type GalleryAudienceValue = (typeof GALLERY_AUDIENCES)[number];

/** PUT /api/galleries/gallery/{id}/access: a new password, download PIN (null removes either), the expiry (null: never) and/or the audience. */
export const galleryAccessSchema = z
  .object({
    password: z.union([z.null(), z.string().min(GALLERY_PASSWORD_MIN, TEXTS.access.passwordTooShort).max(128, "Use at most 128 characters.")]).optional(),
    expiresAt: z.union([z.null(), z.iso.datetime({ offset: true, error: TEXTS.access.expiryInvalid })]).optional(),
    downloadPin: z.union([z.null(), z.string({ error: TEXTS.access.pinInvalid }).regex(DOWNLOAD_PIN_PATTERN, TEXTS.access.pinInvalid)]).optional(),
    audience: z.enum(GALLERY_AUDIENCES, { error: TEXTS.access.audienceInvalid }).optional(),
  })
  .strict()
  .refine((b) => b.password !== undefined || b.expiresAt !== undefined || b.downloadPin !== undefined || b.audience !== undefined, { message: TEXTS.access.bodyEmpty });
export type GalleryAccessInput = z.infer<typeof galleryAccessSchema>;

/** POST /api/public/galleries/{slug}/unlock */
export const unlockSchema = z.object({ password: z.string().min(1, TEXTS.viewer.wrongPassword).max(256, TEXTS.viewer.wrongPassword) });

/** POST /api/public/galleries/{slug}/pin */
export const downloadPinSchema = z.object({ pin: z.string({ error: TEXTS.viewer.pinInvalid }).regex(DOWNLOAD_PIN_PATTERN, TEXTS.viewer.pinInvalid) });

/**
 * POST /api/public/galleries/{slug}/access-request: who asks to see an expired gallery again, and
 * where the studio answers them; the message is optional ("" is none). Nothing else is taken.
 */
export const accessRequestSchema = z
  .object({
    name: z.string({ error: "Enter your name." }).trim().min(1, "Enter your name.").max(ACCESS_REQUEST_MAX.name, `Use at most ${ACCESS_REQUEST_MAX.name} characters for your name.`),
    email: emailSchema,
    message: z.string().trim().max(ACCESS_REQUEST_MAX.message, `Use at most ${ACCESS_REQUEST_MAX.message} characters for the message.`).optional(),
  })
  .strict();
export type AccessRequestInput = z.infer<typeof accessRequestSchema>;

/** A gallery named by its custom url or its id. */
export const galleryRef = z.string().trim().min(1).max(100);

/** POST /api/public/views: `gallery` (custom url or id; `slug` and `galleryId` are accepted too) and the video. */
export const viewSchema = z
  .object({ gallery: galleryRef.optional(), slug: galleryRef.optional(), galleryId: galleryRef.optional(), videoId: idField("videoId must be an id.") })
  .transform((b) => ({ gallery: b.gallery ?? b.slug ?? b.galleryId, videoId: b.videoId }))
  .refine((b): b is { gallery: string; videoId: string } => !!b.gallery, { message: "Send the gallery (custom url or id)." });

/** GET /api/public/download/{videoId}?g=<custom url or id> */
/**
 * GET /api/public/download/{videoId}?g=<custom url or id>[&resume=1]: `resume` is Download all's
 * new link for a film it already started (its first link expired mid-file): not counted again.
 */
export const downloadQuerySchema = z.object({ g: galleryRef, resume: z.enum(["1"], { error: "resume must be 1 when given." }).optional() });

/** Which media host a player asks for: the primary (default) or the fallback host (spec §7). */
export const hostQuerySchema = z.object({ h: z.enum(["fallback"], { error: "h must be fallback when given." }).optional() });

/** GET /api/public/hls/{videoId}/{playlist} and /api/public/stream/{videoId}: ?g=<custom url or id>[&h=fallback] */
export const mediaQuerySchema = z.object({ g: galleryRef }).extend(hostQuerySchema.shape);

/** GET /api/public/captions/{videoId}/{captionId}?g=<custom url or id>[&v=<version>] */
export const captionQuerySchema = z.object({
  g: galleryRef,
  v: z
    .string()
    .regex(/^\d{1,15}$/, { error: "v must be a version number." })
    .optional(),
});
