// Review: a film's time-coded comments and its approval — the studio's doors and a
// guest's (a personal link that may comment or approve, through the gallery gate).
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { OPEN_PATHS } from "@/lib/contract/open-paths";
import { date } from "@/lib/contract/shapes";
import { idSchema } from "@/lib/validation/common";
import { commentText, drawingSchema, liveQuerySchema, markersQuerySchema, patchCommentSchema, postCommentSchema, publicCommentsQuery, publicLiveQuery } from "@/lib/validation/comments";
import { approvalSchema, reviewSettingsSchema } from "@/lib/validation/approvals";
import { DECISIONS } from "@/lib/services/review/rules/approval";
import { MARKER_CONTENT_TYPES } from "@/lib/services/review/rules/markers";

const TAG = "Review";
const videoPath = z.object({ videoId: idSchema });
const commentPath = z.object({ videoId: idSchema, commentId: idSchema });
/** The gallery gate, and a guest whose link may not do this (or another site's request): 403 `forbidden`. */
const gate = ["gallery_locked", "gallery_expired", "invite_required", "invite_invalid", "forbidden"] as const;

/** A film's review comment as the reader sees it (lib/services/review/comments.ts builds it, for the studio's and the guests' doors). */
const commentShape = z.object({
  id: z.string(),
  version: z.number().describe("The film's version it was made on (a reply: its thread's)."),
  author: z.object({ name: z.string(), kind: z.enum(["studio", "guest"]), self: z.boolean() }).describe("`self`: the reader wrote it. Guests are named as the studio named them; no address is shown."),
  text: z.string(),
  time: z.number().describe("Seconds on the film."),
  endTime: z.number().nullable().describe("Closes a range (null: a point)."),
  drawing: drawingSchema.nullable(),
  parentId: z.string().nullable().describe("The thread's first comment, for a reply."),
  resolved: z.boolean(),
  resolvedAt: date.nullable(),
  createdAt: date,
  editedAt: date.nullable(),
  editableUntil: date.nullable().describe("Until when the reader may change or delete it (their own, within 10 minutes); else null."),
});
export type CommentDto = z.output<typeof commentShape>;

/**
 * One change of a film's review as its live stream sends it (lib/services/review/review-events.ts; the
 * stream's door answers text, so this type is its only declaration): a comment as the reader sees it
 * now, a deletion (its replies go with it), or a decision.
 */
export type ReviewLiveEvent = { kind: "created" | "updated"; commentId: string; comment: CommentDto } | { kind: "deleted"; commentId: string } | { kind: "approval" };

const commentsAnswer = z.object({
  version: z.number(),
  open: z.boolean().describe("The gallery is in review (guests write); false: delivered (guests read only)."),
  cursor: z.number().int().describe("Where this list's live stream starts (`after`)."),
  comments: z.array(commentShape),
});
const commentAnswer = z.object({ comment: commentShape });
const deletedAnswer = z.object({ deleted: z.literal(true) });

const postDescription =
  "`text` (plain text, ≤ 2,000 characters) at `time` (seconds on the film's current version), or over `time`–`endTime`, with an optional `drawing` (shapes normalised to the frame: `freehand` points, `arrow` and `rect` from/to, each coordinate 0–1); or a reply (`parentId`: a thread's first comment), which takes its thread's time and version. `clientKey` (a UUID the writer picks per comment): the same post sent again answers 200 with the comment it made, never a second one; the key with another author or other words is a 409. An author writes at most 1,000 comments on a film (409).";
const liveDescription =
  'Server-sent events: `review` (data: `{ kind: "created" | "updated", commentId, comment }`, `{ kind: "deleted", commentId }` — its replies go with it — or `{ kind: "approval" }`), each with its `id`; `reset` (read the list again).';
const liveDetails =
  "Starts after `after` (the list's `cursor`); a reconnect's `Last-Event-ID` header wins over it, so an EventSource resumes by itself without losing an event. Every change to the film's review from any app instance arrives within a second. The stream ends after five minutes (the browser reconnects) and sends a comment line every 15 s; a reader holds at most 8 streams at once (429).";
const example = { text: "The music is too loud here.", time: 12.5, drawing: { shapes: [{ kind: "arrow", from: [0.2, 0.3], to: [0.45, 0.5] }] } };

export const comments = {
  list: door({ method: "GET", path: "/api/videos/comments/:videoId", who: "studio", params: videoPath, answer: commentsAnswer, summary: "A film's review comments, oldest first", tag: TAG }),
  add: door({
    method: "POST",
    path: "/api/videos/comments/:videoId",
    who: "studio",
    params: videoPath,
    body: postCommentSchema,
    status: 201,
    existing: "The comment a retry of the same post (its `clientKey`) made.",
    answer: commentAnswer,
    errors: ["conflict", "idempotency_key_reused"],
    summary: "Comment on a film, or reply to a thread (200 with the comment a retry of the same post made)",
    description: postDescription,
    tag: TAG,
    example,
  }),
  update: door({
    method: "PATCH",
    path: "/api/videos/comments/:videoId/:commentId",
    who: "studio",
    params: commentPath,
    body: patchCommentSchema,
    answer: commentAnswer,
    errors: ["conflict"],
    summary: "Resolve or reopen a thread; change the studio's own comment (within 10 minutes)",
    tag: TAG,
    example: { resolved: true },
  }),
  live: door({
    method: "GET",
    path: "/api/videos/comments/:videoId/live",
    who: "studio",
    params: videoPath,
    query: liveQuerySchema,
    answer: raw("text", liveDescription, "text/event-stream"),
    errors: ["rate_limited"],
    summary: "A film's review as it changes, live (server-sent events)",
    description: liveDetails,
    tag: TAG,
  }),
  markers: door({
    method: "GET",
    path: "/api/videos/comments/:videoId/markers",
    who: "studio",
    params: videoPath,
    query: markersQuerySchema,
    answer: raw(
      "file",
      "The markers file as an attachment: CSV (`text/csv`), an EDL for DaVinci Resolve (`text/plain`), FCPXML 1.9 for Final Cut Pro or xmeml 4 for Premiere Pro (both `application/xml`).",
      MARKER_CONTENT_TYPES,
    ),
    summary: "A version's comments as an editor's markers (csv, edl, fcpxml, xml)",
    description:
      "Each thread is a marker on the frame showing at its time (a range: its frames), at the version's frame rate (29.97 and 59.94 in drop-frame timecode); its replies follow its text. FCPXML holds the film as an asset of its real size, rate and length and the markers on its asset-clip; xmeml has a sequence and clip of that size and timebase. `version`: the film's current one when left out; a version the film never had or no longer keeps → 404.",
    tag: TAG,
  }),
  remove: door({
    method: "DELETE",
    path: "/api/videos/comments/:videoId/:commentId",
    who: "studio",
    params: commentPath,
    answer: deletedAnswer,
    errors: ["conflict"],
    summary: "Delete the studio's own comment (within 10 minutes; its replies go with it)",
    tag: TAG,
  }),
};

export const guestComments = {
  list: door({
    method: "GET",
    path: OPEN_PATHS.comments,
    who: "public",
    params: videoPath,
    query: publicCommentsQuery,
    answer: commentsAnswer,
    errors: gate,
    summary: "A film's review comments, for a guest who may comment or approve",
    description: "`g`: the gallery (its custom url or id). After the gallery gate; a viewer who is not such a guest of the gallery is refused (403).",
    tag: TAG,
  }),
  live: door({
    method: "GET",
    path: OPEN_PATHS.commentsLive,
    who: "public",
    params: videoPath,
    query: publicLiveQuery,
    answer: raw("text", liveDescription, "text/event-stream"),
    errors: [...gate, "rate_limited"],
    summary: "A film's review as it changes, live, for a guest who may comment or approve (server-sent events)",
    description: `The gallery gate and the guest's rights are asked at each connection. ${liveDetails}`,
    tag: TAG,
  }),
  add: door({
    method: "POST",
    path: OPEN_PATHS.comments,
    who: "public",
    params: videoPath,
    query: publicCommentsQuery,
    body: postCommentSchema,
    status: 201,
    existing: "The comment a retry of the same post (its `clientKey`) made.",
    answer: commentAnswer,
    errors: [...gate, "conflict", "idempotency_key_reused", "review_closed"],
    summary: "A guest's comment or reply (a personal link that may comment; 200 with the comment a retry of the same post made)",
    description: postDescription,
    tag: TAG,
    example,
  }),
  update: door({
    method: "PATCH",
    path: OPEN_PATHS.comment,
    who: "public",
    params: commentPath,
    query: publicCommentsQuery,
    body: z.object({ text: commentText }).strict(),
    answer: commentAnswer,
    errors: [...gate, "conflict", "review_closed"],
    summary: "Change a guest's own comment (within 10 minutes)",
    tag: TAG,
    example: { text: "The music is too loud from here to the kiss." },
  }),
  remove: door({
    method: "DELETE",
    path: OPEN_PATHS.comment,
    who: "public",
    params: commentPath,
    query: publicCommentsQuery,
    answer: deletedAnswer,
    errors: [...gate, "conflict", "review_closed"],
    summary: "Delete a guest's own comment (within 10 minutes)",
    tag: TAG,
  }),
};

// ---------------------------------------------------------------------------------------------
// Approval

const reviewState = z.discriminatedUnion("state", [z.object({ state: z.literal("open") }), z.object({ state: z.enum(DECISIONS), version: z.number(), by: z.string(), at: date })]);
const decisionShape = z.object({
  guest: z.object({ name: z.string(), self: z.boolean() }).describe("The guest as the studio named them; `self`: the reader (a guest's own decision)."),
  version: z.number(),
  decision: z.enum(DECISIONS),
  note: z.string().nullable(),
  decidedAt: date,
});
export type DecisionDto = z.output<typeof decisionShape>;

/** What a guest reads of a film's review: its current version, whether review is open, their decision on it, the film's state. */
const guestApprovalShape = z.object({
  version: z.number(),
  open: z.boolean().describe("The gallery is in review: guests comment and decide (false: delivered, both closed)."),
  mayComment: z.boolean().describe("The guest's right now (a studio may grant or take it after the link was opened)."),
  mayApprove: z.boolean().describe("The guest's right now (a studio may grant or take it after the link was opened)."),
  mine: decisionShape.nullable(),
  state: reviewState,
  unlocked: z.boolean().describe("Review keeps the film's original closed no more (approved, and approving unlocks; or delivered)."),
  rounds: z.object({ included: z.number().nullable(), used: z.number() }).describe("Revision rounds: included per film (null: no count) and used on this film."),
});
export type GuestApprovalDto = z.output<typeof guestApprovalShape>;

const filmReviewShape = z.object({
  id: z.string(),
  title: z.string(),
  version: z.number(),
  kept: z.array(z.number()).describe("Earlier versions kept beside the current one (GET /api/videos/versions/{videoId}), newest first."),
  state: reviewState,
  comments: z.object({ open: z.number(), total: z.number() }),
  rounds: z.object({ used: z.number(), usedUp: z.boolean() }),
  decisions: z.array(decisionShape).describe("Every guest's decisions on every version, newest first."),
});
export type FilmReviewDto = z.output<typeof filmReviewShape>;

const galleryReviewShape = z.object({
  mode: z.enum(["review", "delivery"]),
  unlockOnApproval: z.boolean(),
  revisionRounds: z.number().nullable(),
  films: z.array(filmReviewShape),
});
export type GalleryReviewDto = z.output<typeof galleryReviewShape>;
const galleryPath = z.object({ id: idSchema });

export const approvals = {
  get: door({
    method: "GET",
    path: OPEN_PATHS.approval,
    who: "public",
    params: videoPath,
    query: publicCommentsQuery,
    answer: guestApprovalShape,
    errors: gate,
    summary: "A film's review state and this guest's decision on its current version",
    description: "For a guest of a personal link who may comment or approve (403 otherwise), after the gallery gate. `open`: the gallery is in review.",
    tag: TAG,
  }),
  decide: door({
    method: "PUT",
    path: OPEN_PATHS.approval,
    who: "public",
    params: videoPath,
    query: publicCommentsQuery,
    body: approvalSchema,
    answer: z.object({ decision: decisionShape, state: reviewState }),
    errors: [...gate, "review_closed", "version_changed"],
    summary: "Approve a film's current version, or request changes (a note required)",
    description:
      "A guest of a personal link who may approve (403 otherwise), while the gallery is in review (409 `review_closed` once delivered). One decision per guest and version: a later one replaces it, the same one again changes nothing. `version`: the version the guest watched; a newer one posted meanwhile is a 409 `version_changed`. An approval publishes `film.approved` and, with the gallery's unlock setting, opens that version's download.",
    tag: TAG,
    example: { decision: "changes_requested", note: "Shorter intro, please.", version: 2 },
  }),
};

export const review = {
  get: door({
    method: "GET",
    path: "/api/galleries/gallery/:id/review",
    who: "studio",
    params: galleryPath,
    answer: z.object({ review: galleryReviewShape }),
    summary: "A gallery's review: its stage, and every film's version, state, decisions and open comments",
    tag: TAG,
  }),
  update: door({
    method: "PUT",
    path: "/api/galleries/gallery/:id/review",
    who: "studio",
    params: galleryPath,
    body: reviewSettingsSchema,
    answer: z.object({ review: galleryReviewShape }),
    summary: "Put a gallery in review or delivery; approving unlocks downloads; revision rounds included",
    description:
      "`mode`: `review` (guests who may comment or approve do; a film's original is downloaded only once its current version is approved, with `unlockOnApproval`) or `delivery` (downloads as the gallery's settings say; guests' comments and decisions closed). `revisionRounds`: per film, 1–99, or null for no count.",
    tag: TAG,
    example: { mode: "review", unlockOnApproval: true, revisionRounds: 2 },
  }),
};
