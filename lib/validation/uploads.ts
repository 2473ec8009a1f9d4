import { z } from "zod";
import { TEXTS } from "@/lib/texts";
import { isId } from "@/lib/ids";
import { UPLOAD_LIMITS } from "@/lib/limits";
import { idField } from "@/lib/validation/common";

export const VIDEO_TITLE_MAX = 200;

const key = z.string().min(3).max(600);
const id = idField("Invalid id.");
/** A file's last-modified time, ms since 1970 (a browser File's `lastModified`). */
const lastModified = z.coerce.number({ error: "lastModified is a time in ms." }).int().min(0).max(8.64e15);
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, "firstPartSha256 is a SHA-256 in lower-case hex.");

/** What both ways of starting a film's upload take: the file, its gallery, and the film it is for. */
const startFields = {
  fileName: z.string().trim().min(1, "fileName is required.").max(255),
  fileType: z.string().regex(/^video\/[a-z0-9.+-]+$/i, TEXTS.onlyVideoFiles),
  fileSize: z.coerce
    .number({ error: "fileSize is required." })
    .int()
    .positive("The file is empty.")
    .max(5 * 1024 ** 4, "The file is too large."),
  galleryId: id,
  replaceVideoId: id.optional(),
  /** With replaceVideoId: the file is the film's next version and the current one is kept. */
  keepPrevious: z
    .enum(["true", "false"], { error: "keepPrevious is true or false." })
    .optional()
    .transform((v) => v === "true"),
};
const keepPreviousNeedsFilm = { message: "keepPrevious needs replaceVideoId (the film the new version is of).", path: ["keepPrevious"] };

/** POST /api/products/start-multipart-upload?fileName&fileType&fileSize&galleryId[&replaceVideoId[&keepPrevious=true]] */
export const startMultipartSchema = z
  .object({
    ...startFields,
    /** The picked file's last-modified time and its first part's SHA-256: what a resume must match. */
    lastModified: lastModified.optional(),
    firstPartSha256: sha256Hex.optional(),
  })
  .refine((q) => !q.keepPrevious || q.replaceVideoId !== undefined, keepPreviousNeedsFilm);

/** POST /api/uploads/simple?fileName&fileType&fileSize&galleryId[&replaceVideoId[&keepPrevious=true]]: the whole file in one PUT, at most 5 GB. */
export const startSimpleSchema = z
  .object({ ...startFields, fileSize: startFields.fileSize.max(UPLOAD_LIMITS.simpleMaxBytes, TEXTS.simpleUploadTooLarge) })
  .refine((q) => !q.keepPrevious || q.replaceVideoId !== undefined, keepPreviousNeedsFilm);

/** POST /api/uploads/resume: the file picked to continue an unfinished upload, as the browser sees it. */
export const resumeUploadSchema = z.object({
  fileName: key,
  uploadId: z.string().min(1).max(1024),
  file: z.object({
    name: z.string().trim().min(1, "file.name is required.").max(255),
    size: z
      .number()
      .int()
      .positive()
      .max(5 * 1024 ** 4),
    lastModified,
    /** Missing where the browser cannot hash: then only an upload started without one may resume. */
    firstPartSha256: sha256Hex.optional(),
  }),
});

/** GET /api/products/get-part-url?fileName&uploadId&partNumber */
export const partUrlSchema = z.object({
  fileName: key,
  uploadId: z.string().min(1).max(1024),
  partNumber: z.coerce.number().int().min(1, "partNumber must be 1 to 10000.").max(10000, "partNumber must be 1 to 10000."),
});

/** GET /api/products/list-parts?fileName&uploadId and POST /api/products/abort-multipart-upload */
export const multipartRefSchema = z.object({ fileName: key, uploadId: z.string().min(1).max(1024) });

/** POST /api/products/complete-multipart-upload: `parts` for a multipart upload, none for a simple one (one PUT). */
export const completeMultipartSchema = z.object({
  fileName: key,
  uploadId: z.string().min(1).max(1024),
  parts: z
    .array(z.object({ ETag: z.string().min(1).max(200), PartNumber: z.number().int().min(1).max(10000) }))
    .min(1, TEXTS.multipartPartsRequired)
    .max(10000)
    .optional(),
  title: z.string().trim().max(200).optional(),
});

/** Types a presigned PUT may carry (signed into the URL): raster images only, never SVG or HTML. */
export const UPLOAD_TYPES = {
  /** Company logo and favicon (ICO only makes sense as a favicon; lib/services/studio/branding.ts checks it). */
  asset: ["image/png", "image/jpeg", "image/webp", "image/x-icon", "image/vnd.microsoft.icon"],
  /** A gallery's background image (spec: PNG, JPG or JPEG). */
  image: ["image/png", "image/jpeg"],
  /** Ambient music (spec: MP3, AAC, WAV or OGG; M4A is AAC). */
  audio: ["audio/mpeg", "audio/mp3", "audio/aac", "audio/x-aac", "audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave", "audio/ogg", "audio/mp4", "audio/x-m4a", "audio/m4a"],
} as const;

/** POST /api/products/generate-presigned-url?folderPath&fileName&fileType&fileSize */
export const presignQuerySchema = z.object({
  folderPath: z
    .string()
    .min(1)
    .max(200)
    .refine((v) => v === "assets" || (v.split("/").length === 2 && v.split("/").every(isId)), "folderPath must be assets or folderId/galleryId.")
    .transform((v) => {
      if (v === "assets") return v;
      const [folderId, galleryId] = v.toLowerCase().split("/");
      return { folderId, galleryId };
    }),
  fileName: z.string().trim().min(1, "fileName is required.").max(255),
  fileType: z
    .string()
    .regex(/^(image|audio)\/[a-z0-9.+-]+$/i, "Only image and audio files are accepted here.")
    .transform((t) => t.toLowerCase()),
  fileSize: z.coerce
    .number({ error: "fileSize is required." })
    .int()
    .positive("The file is empty.")
    .max(5 * 1024 ** 3, "The file is too large."),
});

export type PresignQuery = z.output<typeof presignQuerySchema>;

/** POST /api/products/check-file */
export const checkFileSchema = z.object({ fileName: key });

/** POST /api/products/delete-file: one file, or a folder / gallery prefix. */
export const deleteFileSchema = z.union([
  z.object({ fileName: key }).strict(),
  z
    .object({
      folderName: z
        .string()
        .max(80)
        .refine((v) => v.split("/").length <= 2 && v.split("/").every(isId), "folderName must be folderId or folderId/galleryId."),
    })
    .strict(),
]);

/** POST /api/videos/createVideo */
export const createVideoSchema = z.object({
  title: z.string().trim().min(1, TEXTS.titleRequired).max(VIDEO_TITLE_MAX, "Title is too long."),
  url: key,
  galleryId: id,
});

/** PUT /api/videos/updateVideo/{id}: one of url, title, thumbnail, cuePoint. */
export const updateVideoSchema = z
  .object({
    url: key,
    title: z.string().trim().min(1, TEXTS.titleRequired).max(VIDEO_TITLE_MAX, "Title is too long."),
    thumbnail: key.nullable(),
    cuePoint: z.string().trim().max(20),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update.");

/** POST /api/products/record-part */
export const recordPartSchema = z.object({
  fileName: key,
  uploadId: z.string().min(1).max(1024),
  PartNumber: z.number().int().min(1).max(10000),
  ETag: z.string().min(1).max(200),
  Size: z
    .number()
    .int()
    .min(0)
    .max(5 * 1024 ** 3),
});
