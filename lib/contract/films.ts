// Films (videos), their chapters and captions, and their uploads.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { date, dateOf, EXAMPLE, messageAnswer, urlAnswer } from "@/lib/contract/shapes";
import { idSchema } from "@/lib/validation/common";
import { createChapterSchema, updateChapterSchema } from "@/lib/validation/chapters";
import { captionCuesSchema, captionUpdateSchema, captionUploadSchema, transcriptSettingsSchema } from "@/lib/validation/captions";
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
  resumeUploadSchema,
  startMultipartSchema,
  startSimpleSchema,
  updateVideoSchema,
} from "@/lib/validation/uploads";
import { CAPTION_MAX_BYTES, UPLOAD_LIMITS } from "@/lib/limits";

const FILMS = "Films";
const CHAPTERS = "Chapters";
const CAPTIONS = "Captions";
const UPLOADS = "Uploads";
const videoPath = z.object({ videoId: idSchema });
const captionPath = z.object({ videoId: idSchema, captionId: idSchema });

/** A chapter as the API shows it. */
const chapterShape = z.object({
  _id: z.string(),
  title: z.string(),
  cuePoint: z.string().describe("Its start as hh:mm:ss."),
  seconds: z.number().describe("Its start in seconds."),
  videoId: z.string(),
});
export type ChapterDto = z.output<typeof chapterShape>;

/** A film's captions in one language, as the studio's API shows them. */
const captionShape = z.object({
  _id: z.string(),
  videoId: z.string(),
  src: z.string().describe("The app's door for the WebVTT file."),
  language: z.string(),
  label: z.string(),
  isDefault: z.boolean(),
  cueCount: z.number(),
  sizeBytes: z.number(),
  source: z.enum(["uploaded", "automatic"]).describe("uploaded: the studio's file; automatic: written by automatic transcription."),
  confirmedAt: dateOf("when the studio edited or confirmed an automatic track; null while it is as the machine wrote it (and for uploaded tracks)").nullable(),
  updatedAt: date,
});
export type CaptionDto = z.output<typeof captionShape>;
/** A film's automatic transcript job, as the captions panel shows it. */
const transcriptShape = z.object({
  state: z.enum(["queued", "running", "done", "failed"]),
  progress: z.number().int().describe("0–100: the share of the film's sound transcribed so far."),
  version: z.number().int().describe("The film version transcribed."),
  language: z.string().nullable().describe("The language detected (a caption language code), once done."),
  failureReason: z.string().nullable().describe("Why the last attempt failed, in words the studio can act on."),
  updatedAt: date,
});
export type TranscriptDto = z.output<typeof transcriptShape>;
/** Whether the server offers automatic transcripts (a provider configured) and whether the studio turned them on. */
const transcriptSettingsShape = z.object({
  available: z.boolean().describe("false: the operator configured no transcription provider; the feature is off for everyone."),
  enabled: z.boolean().describe("The studio's consent: only then is any film's sound sent to the provider."),
});
export type TranscriptSettingsDto = z.output<typeof transcriptSettingsShape>;

/** A caption track as a player loads it: the app's door for the file, its language and label. */
export type PlayerCaption = Pick<CaptionDto, "src" | "language" | "label" | "isDefault">;

const playSource = z.object({ src: z.string(), type: z.enum(["application/x-mpegurl", "video/mp4"]) }).describe("One address a player may load, with its type (HLS playlist or MP4).");
export type PlaySource = z.output<typeof playSource>;

const playbackShape = z.object({ sources: z.array(playSource), fallback: z.array(playSource) }).describe("What a player loads: the sources in order of preference, and the same on the fallback host.");
export type Playback = z.output<typeof playbackShape>;

/** A film's version as its studio sees it. */
const filmVersionShape = z.object({
  version: z.number().int(),
  current: z.boolean().describe("The version guests see (the film's own file); the others are kept earlier cuts."),
  filedAt: dateOf("when this version's file was filed."),
  sizeBytes: z.number(),
  durationSec: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  thumbnail: z.string().nullable(),
  comments: z.number().int().describe("Comment threads made on this version."),
  playback: playbackShape.nullable().describe("The studio's playback of this version; null while the current one is not ready."),
});
export type FilmVersionDto = z.output<typeof filmVersionShape>;

const filmVersionsShape = z.object({ current: z.number().int(), versions: z.array(filmVersionShape) });
export type FilmVersionsDto = z.output<typeof filmVersionsShape>;

/** A film's version as a viewer may play it (the public versions door): its number, shape and playback through the viewer's doors. */
const viewerVersionShape = z.object({
  version: z.number().int(),
  current: z.boolean().describe("The version the gallery shows; the others are earlier cuts the studio kept."),
  durationSec: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  playback: playbackShape.nullable().describe("The viewer's playback of this version (the public playlist and stream doors, with `v` for an earlier one); null when nothing of it may play."),
});
export type ViewerVersionDto = z.output<typeof viewerVersionShape>;
export const viewerVersionsShape = z.object({
  current: z.number().int(),
  versions: z.array(viewerVersionShape).describe("Newest first: the current version, then the earlier ones kept (none in an unpaid gallery)."),
});
export type ViewerVersionsDto = z.output<typeof viewerVersionsShape>;

export const videoShape = z.object({
  _id: z.string(),
  title: z.string(),
  url: z.string().describe("Object key within asset storage."),
  thumbnail: z.string().nullable(),
  cuePoint: z.string().nullable(),
  views: z.number(),
  status: z.enum(["UPLOADING", "PROCESSING", "READY", "FAILED"]),
  failureReason: z.string().nullable().describe("Why processing failed, for the studio to read."),
  retryable: z.boolean().describe("A failed video that Retry processing may fix (not a file rejected as not a video)."),
  optimizing: z.boolean().describe("READY and playable while the rest of its streaming ladder is still being made."),
  optimizeProgress: z.number().int().min(0).max(99).nullable().describe("While optimizing: how much of the ladder is encoded (0–99 %), null while it waits its turn."),
  galleryId: z.string(),
  createdAt: date,
  sizeBytes: z.number(),
  durationSec: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  playback: playbackShape.nullable().describe("Null until the video is ready to play."),
  version: z.number().int().describe("The film's current version: 1, then raised by each new cut uploaded as a new version."),
});
export type VideoDto = z.output<typeof videoShape>;

/** One rung of a film's HLS ladder, as its master playlist names it. */
const rungShape = z.object({
  playlist: z.string().describe("The variant playlist's name (the HLS door's `:playlist`)."),
  width: z.number().int(),
  height: z.number().int(),
  bandwidth: z.number().int().describe("Peak bits per second, audio included."),
});

/** What of a film a player may load (lib/services/films/film-read.ts). */
const renditionsShape = z
  .object({
    hls: z
      .object({
        src: z.string().describe("The studio's master playlist door (GET /api/videos/hls/{id}/master.m3u8)."),
        rungs: z.array(rungShape).describe("The ladder's rungs published so far, lowest first (more appear while `optimizing`)."),
      })
      .nullable()
      .describe("The HLS ladder guests play; null until its first rung is published."),
    stream: z
      .object({ src: z.string().describe("A signed, expiring address of the fast-start MP4 copy.") })
      .nullable()
      .describe("The fast-start MP4 copy made of a file browsers play as it is; guests play it until the ladder exists."),
  })
  .describe("Both null while the film is not READY.");

/** A film as its own read door shows it (GET /api/videos/{videoId}). */
const filmReadShape = z.object({
  id: z.string(),
  title: z.string(),
  galleryId: z.string(),
  status: z.enum(["UPLOADING", "PROCESSING", "READY", "FAILED"]),
  failureReason: z.string().nullable().describe("Why processing failed, for the studio to read; null unless FAILED."),
  durationSec: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  optimizing: z.boolean().describe("READY and playable while the rest of its ladder is still being made."),
  renditions: renditionsShape,
  playable: z.boolean().describe("Whether a guest's player can play it now: READY with an HLS ladder or a fast-start copy."),
  versions: z.array(filmVersionShape.pick({ version: true, current: true, filedAt: true })).describe("Newest first: the current version, then every earlier one kept."),
  createdAt: date,
});
export type FilmReadDto = z.output<typeof filmReadShape>;

const playlist = raw("text", "An HLS playlist: the master names this door's variants, a variant its segments by signed, expiring addresses.", "application/vnd.apple.mpegurl");

export const videos = {
  read: door({
    method: "GET",
    path: "/api/videos/:videoId",
    who: "studio",
    params: videoPath,
    answer: z.object({ video: filmReadShape }),
    summary: "One film: its status, renditions, versions and whether it plays",
    description:
      "`renditions`: the HLS ladder's rungs as its master playlist names them (the ladder guests play) and the fast-start MP4 copy, when they exist. `playable`: READY with either. `versions`: the current one and the earlier ones kept, with when each was filed (GET /api/videos/versions/{videoId} gives their files and playback). Another studio's film, or none, is a 404.",
    tag: FILMS,
  }),
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
    errors: ["conflict"],
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
    answer: filmVersionsShape,
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
    existing: "The chapter already starting at that second (a retry creates nothing more).",
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
    errors: ["conflict"],
    summary: "Change a chapter",
    tag: CHAPTERS,
    example: { title: "Speeches", cuePoint: "00:14:05" },
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
    existing: "The film already had captions in that language: the new file replaced them.",
    answer: z.object({ caption: captionShape }),
    errors: ["payload_too_large", "conflict"],
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
    errors: ["conflict"],
    summary: "Change a caption's label, make it the default, or confirm an automatic track",
    tag: CAPTIONS,
    example: { label: "English (SDH)", isDefault: true },
  }),
  cues: door({
    method: "PUT",
    path: "/api/videos/captions/:videoId/:captionId/cues",
    who: "studio",
    params: captionPath,
    body: captionCuesSchema,
    answer: z.object({ caption: captionShape }),
    errors: ["conflict"],
    summary: "Replace a track's cues (the cue editor); confirms an automatic track",
    description: "The cues are checked as an uploaded file is (times, count, size; markup beyond <b>, <i>, <u> dropped) and stored as the track's new WebVTT file.",
    tag: CAPTIONS,
    example: { cues: [{ start: 0.5, end: 2.75, text: "Welcome to the wedding." }] },
  }),
  remove: door({ method: "DELETE", path: "/api/videos/captions/:videoId/:captionId", who: "studio", params: captionPath, answer: messageAnswer, summary: "Delete captions", tag: CAPTIONS }),
};

const TRANSCRIPTS = "Transcripts";
export const transcripts = {
  get: door({
    method: "GET",
    path: "/api/videos/transcript/:videoId",
    who: "studio",
    params: videoPath,
    answer: transcriptSettingsShape.extend({ transcript: transcriptShape.nullable() }),
    summary: "A film's automatic transcript: its progress or why it failed",
    tag: TRANSCRIPTS,
  }),
  request: door({
    method: "POST",
    path: "/api/videos/transcript/:videoId",
    who: "studio",
    params: videoPath,
    status: 202,
    answer: z.object({ transcript: transcriptShape }),
    errors: ["conflict"],
    summary: "Transcribe a film (again) into an automatic caption track",
    description:
      "Refused (409) when the server offers no transcripts, the studio has them off, or the film is not ready. A transcript of the film's version already queued, running or done is answered as it is.",
    tag: TRANSCRIPTS,
  }),
  settings: door({ method: "GET", path: "/api/users/transcripts", who: "studio", answer: transcriptSettingsShape, summary: "Whether automatic transcripts are available and on", tag: TRANSCRIPTS }),
  setSettings: door({
    method: "PUT",
    path: "/api/users/transcripts",
    who: "studio",
    body: transcriptSettingsSchema,
    answer: transcriptSettingsShape,
    errors: ["conflict"],
    summary: "Turn automatic transcripts on or off",
    description: "While on, each new film and new version's sound is sent to the server's transcription provider. Turning on is refused (409) when the server has none.",
    tag: TRANSCRIPTS,
    example: { enabled: true },
  }),
};

/** An unfinished film upload (GET /api/uploads/unfinished). */
const unfinishedUploadShape = z.object({
  fileName: z.string().describe("The upload's key (as the other upload calls name it)."),
  uploadId: z.string(),
  name: z.string().describe("The picked file's name."),
  size: z.number(),
  lastModified: z.number().nullable().describe("The picked file's last-modified time (ms), when it was sent at start."),
  gallery: z.object({ id: z.string(), name: z.string() }),
  replaceVideoId: z.string().nullable(),
  keepPrevious: z.boolean(),
  partSize: z.number(),
  parts: z.object({ count: z.number(), bytes: z.number() }).describe("What the store holds of it."),
  startedAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean().describe("Past its day: it can no longer be resumed, only uploaded again."),
});

/**
 * Uploading a film, step by step: the guide the reference shows on both start doors and links from
 * every other upload door (docs/api.md, "Uploading a film: the guide", says the same at length, and
 * docs/examples/upload-film.mjs runs it). The file's bytes go straight to the store, never through the app.
 */
const UPLOAD_GUIDE = [
  "**Uploading a film** (the file's bytes go straight to the store, never through this API):",
  `- **Simple (up to ${UPLOAD_LIMITS.simpleMaxBytes / 1024 ** 3} GB)**: 1. \`POST /api/uploads/simple\` → \`{ uploadId, fileName, url, headers, expiresAt }\`. ` +
    "2. `PUT` the whole file to `url` with `headers` and exactly `fileSize` bytes (the address signs the type and length) before `expiresAt`. " +
    "3. `POST /api/products/complete-multipart-upload` `{ fileName, uploadId }` (no `parts`) → `{ video }`.",
  "- **Multipart (any size)**: 1. `POST /api/products/start-multipart-upload` → `{ uploadId, fileName, partSize, partCount }`. " +
    "2. For each part `n` of 1…`partCount` (bytes `(n-1)·partSize` up to `n·partSize`): `GET /api/products/get-part-url` → `{ url }`, `PUT` the part's bytes there, " +
    'and keep the answer\'s `ETag` header exactly as sent, quotes included (`"9b2cf5…"`); optionally `POST /api/products/record-part`. ' +
    "3. `POST /api/products/complete-multipart-upload` `{ fileName, uploadId, parts: [{ PartNumber, ETag }] }` → `{ video }`.",
  "- **Either**: complete is charged once at the stored size (a repeated complete answers the same `{ video }`); `POST /api/products/abort-multipart-upload` " +
    "`{ fileName, uploadId }` releases the credits and removes what was stored; an upload left open a day expires (nothing charged). " +
    "An interrupted multipart upload resumes: `GET /api/uploads/unfinished`, `POST /api/uploads/resume` (the parts stored), send the others, complete.",
].join("\n");

/** Where every upload door sends a reader for the whole flow: the guide on the start door, in this reference. */
const UPLOAD_GUIDE_DOCS = {
  description: "Uploading a film: the guide (docs/api.md; a runnable example: docs/examples/upload-film.mjs)",
  url: "/docs/api#tag/Uploads/operation/uploads.startSimple",
};

export const uploads = {
  startSimple: door({
    method: "POST",
    path: "/api/uploads/simple",
    who: "studio",
    scope: "uploads",
    query: startSimpleSchema,
    answer: z.object({
      uploadId: z.string().describe("The upload's id: send it to complete (without parts) or abort."),
      fileName: z.string().describe("The upload's key (as the other upload calls name it)."),
      url: z.string().describe("Where to PUT the whole file: signed for exactly `fileType` and `fileSize`."),
      headers: z.object({ "Content-Type": z.string() }).describe("The headers to send with the PUT."),
      expiresAt: z.string().describe("Until when `url` takes the PUT (the upload itself stays open a day)."),
    }),
    errors: ["not_enough_credits"],
    summary: "Start a film's simple upload: one PUT of the whole file, up to 5 GB (reserves its credits)",
    description: `${UPLOAD_GUIDE}\n\nThe same query as the multipart start; \`fileSize\` above 5 GB is a 400 (use the multipart upload). Completing before the PUT arrived is a 400 and the upload stays open; a stored file larger than \`fileSize\` is a 400 and the upload fails, nothing charged.`,
    externalDocs: UPLOAD_GUIDE_DOCS,
    tag: UPLOADS,
  }),
  start: door({
    method: "POST",
    path: "/api/products/start-multipart-upload",
    who: "studio",
    scope: "uploads",
    query: startMultipartSchema,
    answer: z.object({ uploadId: z.string(), fileName: z.string(), partSize: z.number(), partCount: z.number() }),
    errors: ["not_enough_credits", "upload_state_conflict"],
    summary: "Start a film's multipart upload (reserves its credits)",
    description: `${UPLOAD_GUIDE}\n\n\`replaceVideoId\`: the file becomes that film's new file (Replace: the old file is deleted). With \`keepPrevious=true\` it is the film's next version and the current one is kept as an earlier version (GET /api/videos/versions/{videoId}). The same on the simple start.`,
    externalDocs: UPLOAD_GUIDE_DOCS,
    tag: UPLOADS,
  }),
  partUrl: door({
    method: "GET",
    path: "/api/products/get-part-url",
    who: "studio",
    scope: "uploads",
    query: partUrlSchema,
    answer: urlAnswer,
    errors: ["upload_state_conflict"],
    summary: "A signed PUT of one part",
    description: "Multipart step 2: PUT part `partNumber`'s bytes to `url` and keep the answer's `ETag` header as sent, quotes included, for complete.",
    externalDocs: UPLOAD_GUIDE_DOCS,
    tag: UPLOADS,
  }),
  recordPart: door({
    method: "POST",
    path: "/api/products/record-part",
    who: "studio",
    scope: "uploads",
    body: recordPartSchema,
    answer: messageAnswer,
    errors: ["upload_state_conflict"],
    summary: "Record an uploaded part (for resume)",
    description: "Optional, multipart step 2: tells the server a part is stored (its `ETag` as the store answered it, quotes included), so a resume on a store without ListParts knows it.",
    externalDocs: UPLOAD_GUIDE_DOCS,
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
    errors: ["upload_state_conflict"],
    summary: "The parts uploaded so far (resume)",
    externalDocs: UPLOAD_GUIDE_DOCS,
    tag: UPLOADS,
  }),
  complete: door({
    method: "POST",
    path: "/api/products/complete-multipart-upload",
    who: "studio",
    scope: "uploads",
    body: completeMultipartSchema,
    answer: z.object({ video: videoShape }),
    errors: ["upload_state_conflict", "not_enough_credits"],
    summary: "Complete a film's upload: the film is created and processed",
    description:
      "The last step of both flows: a multipart upload with its `parts` (each `ETag` as the store answered it, quotes included), a simple upload without `parts`. Charged once, at the size the store holds; completing again answers the same `{ video }`. A simple upload whose PUT has not arrived is a 400 and stays open; one larger than declared is a 400 and fails, nothing charged.",
    externalDocs: UPLOAD_GUIDE_DOCS,
    tag: UPLOADS,
    example: { fileName: EXAMPLE.key, uploadId: "2~Xz8kQp1rT0vY", parts: [{ PartNumber: 1, ETag: '"9b2cf535f27731c974343645a3985328"' }] },
  }),
  unfinished: door({
    method: "GET",
    path: "/api/uploads/unfinished",
    who: "studio",
    scope: "uploads",
    answer: z.object({ uploads: z.array(unfinishedUploadShape) }),
    summary: "The studio's unfinished film uploads (to resume or discard)",
    description:
      "Every multipart film upload of yours that is still open (started, not completed, cancelled, failed or expired), newest first: what the store holds of it and until when it can be resumed. Resume one with POST /api/uploads/resume and the same file; discard one with POST /api/products/abort-multipart-upload. (A simple upload is not listed: its one PUT cannot be resumed, only sent again while it is open.)",
    externalDocs: UPLOAD_GUIDE_DOCS,
    tag: UPLOADS,
  }),
  resume: door({
    method: "POST",
    path: "/api/uploads/resume",
    who: "studio",
    scope: "uploads",
    body: resumeUploadSchema,
    answer: z.object({ parts: z.array(z.object({ PartNumber: z.number(), ETag: z.string(), Size: z.number() })), partSize: z.number() }),
    errors: ["upload_expired", "upload_file_mismatch", "upload_state_conflict"],
    externalDocs: UPLOAD_GUIDE_DOCS,
    summary: "Resume an unfinished upload with the same file",
    description:
      "The file picked again must be the one the upload was started with: the same name, size and last-modified time, and the same SHA-256 of its first part (`partSize` bytes, or the whole file when smaller) as sent at start. Answers the parts already stored: send the others, then complete. 409 `upload_file_mismatch` for another file (nothing changes); 409 `upload_expired` once it was open longer than a day (it is expired then: its parts removed, its credits released).",
    tag: UPLOADS,
    example: {
      fileName: EXAMPLE.key,
      uploadId: "2~Xz8kQp1rT0vY",
      file: { name: "Ceremony.mp4", size: 197132288, lastModified: 1796000000000, firstPartSha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" },
    },
  }),
  abort: door({
    method: "POST",
    path: "/api/products/abort-multipart-upload",
    who: "studio",
    scope: "uploads",
    body: multipartRefSchema,
    answer: messageAnswer,
    errors: ["upload_state_conflict"],
    summary: "Abort an upload (its reservation released)",
    description:
      "Either flow (a simple upload by its `uploadId` too): the reservation is released and what the store holds removed; nothing is charged. A repeated abort answers the same; 409 once a completion began or ended.",
    externalDocs: UPLOAD_GUIDE_DOCS,
    tag: UPLOADS,
  }),
  presign: door({
    method: "POST",
    path: "/api/products/generate-presigned-url",
    who: "studio",
    scope: "uploads",
    query: presignQuerySchema,
    answer: z.object({ upload_url: z.string(), fileName: z.string(), headers: z.object({ "Content-Type": z.string() }) }),
    errors: ["conflict", "not_enough_credits"],
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
