// Review comments: what a studio or a guest sends. Plain text (shown as text, never as
// markup), a time on the film, an optional range and drawing. A drawing is vectors normalised to the
// frame (0–1 across its width and height), so it sits over the frame at any player size.
import { z } from "zod";
import { TEXTS } from "@/lib/texts";
import { isStorableText, idField } from "@/lib/validation/common";
import { galleryRef } from "@/lib/validation/public";
import { COMMENT_MAX } from "@/lib/limits";
import { MARKER_FORMATS, type MarkerFormat } from "@/lib/services/review/rules/markers";
import { DRAWING_MAX_POINTS, DRAWING_MAX_SHAPES, drawingPoints } from "@/lib/services/review/rules/drawing";

/** How long an author may change or delete their own comment (ms). */
export const COMMENT_EDIT_WINDOW_MS = 10 * 60_000;
/** Comments one author may write on one film (a guest's link in a script's hands stays bounded). */
export const COMMENTS_PER_AUTHOR_PER_FILM = 1000;
/** The longest film a time may name (seconds): 24 hours. */
const TIME_MAX = 24 * 60 * 60;

/** Trimmed plain text; line breaks kept (as \n), other control characters removed. */
export const commentText = z
  .string({ error: TEXTS.review.commentRequired })
  .refine(isStorableText, TEXTS.unstorableText)
  .transform((v) =>
    v
      .replace(/\r\n?/g, "\n")
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, "")
      .trim(),
  )
  .pipe(z.string().min(1, TEXTS.review.commentRequired).max(COMMENT_MAX, TEXTS.review.commentTooLong));

const unit = z.number({ error: TEXTS.review.drawingInvalid }).finite(TEXTS.review.drawingInvalid).min(0, TEXTS.review.drawingInvalid).max(1, TEXTS.review.drawingInvalid);
const point = z.tuple([unit, unit], { error: TEXTS.review.drawingInvalid });
/** #rrggbb (stored lower-cased by the service: the schema is also the answers' shape, so it transforms nothing). */
const colour = z.string({ error: TEXTS.review.drawingInvalid }).regex(/^#[0-9a-fA-F]{6}$/, TEXTS.review.drawingInvalid);
const shape = z.discriminatedUnion(
  "kind",
  [
    z
      .object({
        kind: z.literal("freehand"),
        points: z.array(point, { error: TEXTS.review.drawingInvalid }).min(2, TEXTS.review.drawingInvalid).max(DRAWING_MAX_POINTS, TEXTS.review.drawingTooBig),
        color: colour.optional(),
      })
      .strict(),
    z.object({ kind: z.literal("arrow"), from: point, to: point, color: colour.optional() }).strict(),
    z.object({ kind: z.literal("rect"), from: point, to: point, color: colour.optional() }).strict(),
  ],
  { error: TEXTS.review.drawingInvalid },
);
export const drawingSchema = z
  .object(
    { shapes: z.array(shape, { error: TEXTS.review.drawingInvalid }).min(1, TEXTS.review.drawingInvalid).max(DRAWING_MAX_SHAPES, TEXTS.review.drawingTooBig) },
    { error: TEXTS.review.drawingInvalid },
  )
  .strict()
  .refine((d) => drawingPoints(d.shapes) <= DRAWING_MAX_POINTS, TEXTS.review.drawingTooBig);
export type Drawing = z.infer<typeof drawingSchema>;

const seconds = (message: string) => z.number({ error: message }).finite(message).min(0, message).max(TIME_MAX, message);

/**
 * POST /api/videos/comments/{videoId} and /api/public/comments/{videoId}: a comment at `time`, or
 * over `time`–`endTime`, with an optional drawing; or a reply (`parentId`), which takes its
 * thread's time and version (its own range and drawing are refused). `clientKey`: the writer's id
 * for this comment, so a retried post (a lost answer, a double submit) returns the first one.
 */
export const postCommentSchema = z
  .object({
    text: commentText,
    time: seconds(TEXTS.review.timeInvalid).optional(),
    endTime: seconds(TEXTS.review.endTimeInvalid).nullable().optional(),
    drawing: drawingSchema.nullable().optional(),
    parentId: idField(TEXTS.review.parentMissing).nullable().optional(),
    /** The writer's own id for this comment (a UUID): the same post sent again returns the comment it made. */
    clientKey: idField(TEXTS.review.clientKeyInvalid).optional(),
  })
  .strict()
  .refine((b) => b.parentId != null || b.time !== undefined, { message: TEXTS.review.timeInvalid, path: ["time"] })
  .refine((b) => b.endTime == null || (b.time !== undefined && b.endTime > b.time), { message: TEXTS.review.endTimeInvalid, path: ["endTime"] })
  .refine((b) => b.parentId == null || (b.endTime == null && b.drawing == null), { message: TEXTS.review.replyToReply, path: ["parentId"] });
export type PostCommentInput = z.infer<typeof postCommentSchema>;

/** PATCH /api/videos/comments/{videoId}/{commentId}: the author's new text (within 10 minutes), and/or the studio's resolve/reopen. */
export const patchCommentSchema = z
  .object({ text: commentText.optional(), resolved: z.boolean({ error: "resolved must be true or false." }).optional() })
  .strict()
  .refine((b) => b.text !== undefined || b.resolved !== undefined, TEXTS.review.nothingToChange);
export type PatchCommentInput = z.infer<typeof patchCommentSchema>;

/** GET /api/videos/comments/{videoId}/markers: the file's format, and a version (the film's current one when left out). */
export const markersQuerySchema = z
  .object({
    format: z.enum(MARKER_FORMATS as [MarkerFormat, ...MarkerFormat[]], { error: "format is csv, edl, fcpxml or xml." }),
    version: z
      .string()
      .regex(/^[1-9]\d{0,5}$/, { error: "version is a version number of the film." })
      .transform(Number)
      .optional(),
  })
  .strict();

/** The public comment doors' query: the gallery (its custom url or id), as the other film doors take it. */
export const publicCommentsQuery = z.object({ g: galleryRef });

/** `after`: the list's `cursor` (the stream sends what happened since); a reconnect's Last-Event-ID wins over it. */
const afterCursor = z
  .string()
  .regex(/^\d{1,15}$/, { error: "after is the cursor a comments list answered." })
  .transform(Number)
  .optional();
export const liveQuerySchema = z.object({ after: afterCursor }).strict();
export const publicLiveQuery = z.object({ g: galleryRef, after: afterCursor });
