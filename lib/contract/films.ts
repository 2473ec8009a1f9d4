// Films (videos), their chapters and captions, and their uploads.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { captionShape, chapterShape, EXAMPLE, filmVersionShape, messageAnswer, urlAnswer, videoShape } from "@/lib/contract/shapes";
import { idSchema } from "@/lib/validation/common";
import { createChapterSchema, updateChapterSchema } from "@/lib/validation/chapters";
import { captionUpdateSchema, captionUploadSchema } from "@/lib/validation/captions";
import { studioPlaylistQuerySchema, versionPathSchema } from "@/lib/validation/versions";
import {
  checkFileSchema,
  completeMultipartSchema,
  createVideoSchema,
  deleteFileSchema,
  multipartRefSchema,
  partUrlSchema,
  presignQuerySchema,
  recordPartSchema,
  startMultipartSchema,
  updateVideoSchema,
} from "@/lib/validation/uploads";
import { CAPTION_MAX_BYTES } from "@/lib/limits";

const FILMS = "Films";
const CHAPTERS = "Chapters";
const CAPTIONS = "Captions";
const UPLOADS = "Uploads";
const videoPath = z.object({ videoId: idSchema });
const captionPath = z.object({ videoId: idSchema, captionId: idSchema });
const playlist = raw("text", "An HLS playlist: the master names this door's variants, a variant its segments by signed, expiring addresses.", "application/vnd.apple.mpegurl");

export const videos = {
  create: door({
    method: "POST",
    path: "/api/videos/createVideo",
    who: "studio",
    scope: "uploads",
    body: createVideoSchema,
    answer: videoShape,
    summary: "Add a film from an uploaded object",
    tag: FILMS,
    example: { title: "Ana & Ben — highlights", url: EXAMPLE.key, galleryId: EXAMPLE.id },
  }),
  update: door({
    method: "PUT",
    path: "/api/videos/updateVideo/:videoId",
    who: "studio",
    params: videoPath,
    body: updateVideoSchema,
    answer: z.object({ video: videoShape }),
    summary: "Change a film's title, thumbnail, cue point or file",
    tag: FILMS,
  }),
  remove: door({ method: "DELETE", path: "/api/videos/deleteVideo/:videoId", who: "studio", params: videoPath, answer: messageAnswer, summary: "Delete a film, its chapters and objects", tag: FILMS }),
  retry: door({
    method: "POST",
    path: "/api/videos/retryVideo/:videoId",
    who: "studio",
    params: videoPath,
    answer: z.object({ video: videoShape }),
    errors: ["upload_state_conflict"],
    summary: "Process a failed film again",
    tag: FILMS,
  }),
  thumb: door({
    method: "GET",
    path: "/api/videos/videoThumb/:videoId",
    who: "studio",
    params: videoPath,
    answer: z.object({ thumbnail: z.string().nullable(), status: z.enum(["UPLOADING", "PROCESSING", "READY", "FAILED"]) }),
    summary: "A film's thumbnail and processing state",
    tag: FILMS,
  }),
  download: door({
    method: "GET",
    path: "/api/videos/download/:videoId",
    who: "studio",
    params: videoPath,
    answer: raw("redirect", "302 to a five-minute signed address of the original file, saved under the film's title."),
    summary: "Download a film's original",
    tag: FILMS,
  }),
  playlist: door({
    method: "GET",
    path: "/api/videos/hls/:id/:playlist",
    who: "studio",
    params: z.object({ id: idSchema, playlist: z.string() }),
    query: studioPlaylistQuerySchema,
    answer: playlist,
    summary: "An HLS playlist of the studio's own film (the editor's player)",
    description: "`v`: an earlier version the studio kept (its versions door names it); the current one when left out.",
    tag: FILMS,
  }),
  versions: door({
    method: "GET",
    path: "/api/videos/versions/:videoId",
    who: "studio",
    params: videoPath,
    answer: z.object({ current: z.number().int(), versions: z.array(filmVersionShape) }),
    summary: "A film's versions: the current one and every earlier one kept, newest first",
    description:
      "Upload a new cut as the next version with `replaceVideoId` and `keepPrevious=true` on start-multipart-upload: guests see it once it is processed, the one before stays here (charged as storage) until deleted. Each version plays for its studio (`playback`), for compare and wipe. `comments`: threads made on that version.",
    tag: FILMS,
  }),
  removeVersion: door({
    method: "DELETE",
    path: "/api/videos/versions/:videoId/:version",
    who: "studio",
    params: versionPathSchema,
    answer: messageAnswer,
    errors: ["current_version"],
    summary: "Delete an earlier version's files (its comments and decisions stay)",
    description: "The current version is not deleted here (409 `current_version`): upload a new version first, or delete the film.",
    tag: FILMS,
  }),
};

export const chapters = {
  list: door({
    method: "GET",
    path: "/api/chapters/getChaptersByVideo/:videoId",
    who: "studio",
    params: videoPath,
    answer: z.object({ chapters: z.array(chapterShape) }),
    summary: "A film's chapters, by time",
    tag: CHAPTERS,
  }),
  create: door({
    method: "POST",
    path: "/api/chapters/createChapter",
    who: "studio",
    body: createChapterSchema,
    status: 201,
    answer: z.object({ chapter: chapterShape }),
    summary: "Add a chapter (200 with the existing one at that second: a retry creates nothing more)",
    tag: CHAPTERS,
    example: { title: "First dance", cuePoint: "00:12:30", videoId: EXAMPLE.id },
  }),
  update: door({
    method: "PUT",
    path: "/api/chapters/updatechapters/:id",
    who: "studio",
    params: z.object({ id: idSchema }),
    body: updateChapterSchema,
    answer: z.object({ chapter: chapterShape }),
    summary: "Change a chapter",
    tag: CHAPTERS,
  }),
  remove: door({ method: "DELETE", path: "/api/chapters/deleteChapter/:id", who: "studio", params: z.object({ id: idSchema }), answer: messageAnswer, summary: "Delete a chapter", tag: CHAPTERS }),
};

export const captions = {
  list: door({
    method: "GET",
    path: "/api/videos/captions/:videoId",
    who: "studio",
    params: videoPath,
    answer: z.object({ captions: z.array(captionShape) }),
    summary: "A film's captions (the default first)",
    tag: CAPTIONS,
  }),
  upload: door({
    method: "POST",
    path: "/api/videos/captions/:videoId",
    who: "studio",
    params: videoPath,
    query: captionUploadSchema,
    body: { kind: "binary", contentType: "application/octet-stream", description: `The SRT or WebVTT file itself, at most ${CAPTION_MAX_BYTES} bytes.` },
    status: 201,
    answer: z.object({ caption: captionShape }),
    errors: ["payload_too_large"],
    summary: "Upload captions in a language (200 when they replace that language's)",
    tag: CAPTIONS,
  }),
  file: door({
    method: "GET",
    path: "/api/videos/captions/:videoId/:captionId",
    who: "studio",
    params: captionPath,
    answer: raw("text", "The WebVTT file.", "text/vtt"),
    summary: "A caption file (the studio's own player)",
    tag: CAPTIONS,
  }),
  update: door({
    method: "PATCH",
    path: "/api/videos/captions/:videoId/:captionId",
    who: "studio",
    params: captionPath,
    body: captionUpdateSchema,
    answer: z.object({ caption: captionShape }),
    summary: "Change a caption's label or make it the default",
    tag: CAPTIONS,
    example: { label: "English (SDH)", isDefault: true },
  }),
  remove: door({ method: "DELETE", path: "/api/videos/captions/:videoId/:captionId", who: "studio", params: captionPath, answer: messageAnswer, summary: "Delete captions", tag: CAPTIONS }),
};

export const uploads = {
  start: door({
    method: "POST",
    path: "/api/products/start-multipart-upload",
    who: "studio",
    scope: "uploads",
    query: startMultipartSchema,
    answer: z.object({ uploadId: z.string(), fileName: z.string(), partSize: z.number(), partCount: z.number() }),
    errors: ["not_enough_credits", "upload_state_conflict"],
    summary: "Start a film's multipart upload (reserves its credits)",
    description:
      "`replaceVideoId`: the file becomes that film's new file (Replace: the old file is deleted). With `keepPrevious=true` it is the film's next version and the current one is kept as an earlier version (GET /api/videos/versions/{videoId}).",
    tag: UPLOADS,
  }),
  partUrl: door({ method: "GET", path: "/api/products/get-part-url", who: "studio", scope: "uploads", query: partUrlSchema, answer: urlAnswer, summary: "A signed PUT of one part", tag: UPLOADS }),
  recordPart: door({
    method: "POST",
    path: "/api/products/record-part",
    who: "studio",
    scope: "uploads",
    body: recordPartSchema,
    answer: messageAnswer,
    summary: "Record an uploaded part (for resume)",
    tag: UPLOADS,
    example: { fileName: EXAMPLE.key, uploadId: "2~Xz8kQp1rT0vY", PartNumber: 1, ETag: '"9b2cf535f27731c974343645a3985328"', Size: 67108864 },
  }),
  listParts: door({
    method: "GET",
    path: "/api/products/list-parts",
    who: "studio",
    scope: "uploads",
    query: multipartRefSchema,
    answer: z.object({ parts: z.array(z.object({ PartNumber: z.number(), ETag: z.string(), Size: z.number() })) }),
    summary: "The parts uploaded so far (resume)",
    tag: UPLOADS,
  }),
  complete: door({
    method: "POST",
    path: "/api/products/complete-multipart-upload",
    who: "studio",
    scope: "uploads",
    body: completeMultipartSchema,
    answer: z.object({ video: videoShape }),
    errors: ["upload_state_conflict"],
    summary: "Complete a film's upload: the film is created and processed",
    tag: UPLOADS,
  }),
  abort: door({
    method: "POST",
    path: "/api/products/abort-multipart-upload",
    who: "studio",
    scope: "uploads",
    body: multipartRefSchema,
    answer: messageAnswer,
    summary: "Abort an upload (its reservation released)",
    tag: UPLOADS,
  }),
  presign: door({
    method: "POST",
    path: "/api/products/generate-presigned-url",
    who: "studio",
    scope: "uploads",
    query: presignQuerySchema,
    answer: z.object({ upload_url: z.string(), fileName: z.string(), headers: z.object({ "Content-Type": z.string() }) }),
    summary: "A signed PUT for a single file (an image, music, a logo)",
    tag: UPLOADS,
  }),
  checkFile: door({
    method: "POST",
    path: "/api/products/check-file",
    who: "studio",
    scope: "uploads",
    body: checkFileSchema,
    answer: z.object({ exists: z.boolean() }),
    summary: "Whether an uploaded object exists",
    tag: UPLOADS,
  }),
  deleteFile: door({
    method: "POST",
    path: "/api/products/delete-file",
    who: "studio",
    scope: "uploads",
    body: deleteFileSchema,
    answer: z.object({ deleted: z.number() }),
    summary: "Delete an uploaded object, or a folder of them",
    tag: UPLOADS,
  }),
};
