// Review comments on a film: the studio's doors (owner-scoped: another studio's
// film is a 404) and a guest's (through the gallery gate, lib/services/access/open-gallery.ts openFilm;
// a guest of a personal link who may comment writes, one who may comment or approve reads; anyone
// else is refused with 403). A comment is on the film's current version; a reply takes its thread's
// time and version. An author changes or deletes their own within COMMENT_EDIT_WINDOW_MS; the
// studio resolves and reopens threads. Text is plain text (lib/validation/comments.ts).
import { studioShownName } from "@/lib/texts/labels";
import "@/lib/server-only";
import { db, type Prisma } from "@/lib/db";
import { AppError, isUniqueViolation, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { openFilm } from "@/lib/services/access";
import { COMMENT_EDIT_WINDOW_MS, COMMENTS_PER_AUTHOR_PER_FILM, type Drawing, type PatchCommentInput, type PostCommentInput } from "@/lib/validation/comments";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { GuestGrant, ViewerCredentials } from "@/lib/services/access";
import type { CommentDto, ReviewLiveEvent } from "@/lib/contract/review";
import { markersFile, type MarkerFormat } from "@/lib/services/review/rules/markers";
import { downloadFileName } from "@/lib/storage/downloads";
import { dispatchDeliveries, publishEvent, recordActivity, streamCursor } from "@/lib/services/platform";
import { excerpt } from "@/lib/services/platform/rules/activity";
import { markReviewActivity } from "@/lib/services/review/review-mail";
import { recordReviewEvent, reviewCursor, reviewStream, type Render } from "@/lib/services/review/review-events";

const commentSelect = {
  id: true,
  version: true,
  inviteId: true,
  byStudio: true,
  authorName: true,
  text: true,
  time: true,
  endTime: true,
  drawing: true,
  parentId: true,
  resolvedAt: true,
  createdAt: true,
  editedAt: true,
  clientKey: true,
} as const satisfies Prisma.VideoCommentSelect;
type CommentRow = Prisma.VideoCommentGetPayload<{ select: typeof commentSelect }>;

/** Who reads or writes: the studio, or one guest of a personal link. */
type Reader = { studio: true } | { studio: false; inviteId: string };

const isAuthor = (c: Pick<CommentRow, "byStudio" | "inviteId">, who: Reader) => (who.studio ? c.byStudio : c.inviteId === who.inviteId);
const withinWindow = (c: Pick<CommentRow, "createdAt">, now: number) => now - c.createdAt.getTime() < COMMENT_EDIT_WINDOW_MS;

function commentView(c: CommentRow, who: Reader, now: number): CommentDto {
  const mine = isAuthor(c, who);
  return {
    id: c.id,
    version: c.version,
    author: { name: c.authorName, kind: c.byStudio ? "studio" : "guest", self: mine },
    text: c.text,
    time: c.time,
    endTime: c.endTime,
    drawing: (c.drawing as Drawing | null) ?? null,
    parentId: c.parentId,
    resolved: c.resolvedAt !== null,
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    editedAt: c.editedAt?.toISOString() ?? null,
    editableUntil: mine && withinWindow(c, now) ? new Date(c.createdAt.getTime() + COMMENT_EDIT_WINDOW_MS).toISOString() : null,
  };
}

/** A film's comments, oldest first (threads: a reply after its thread's first comment, in the list's order). */
async function commentsOf(videoId: string, who: Reader, now: number): Promise<CommentDto[]> {
  const rows = await db.videoComment.findMany({ where: { videoId }, select: commentSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((c) => commentView(c, who, now));
}

type CommentList = { version: number; open: boolean; cursor: number; comments: CommentDto[] };

/** A film's comments and where their live stream starts (the cursor read first: an event after it is never missed). */
async function listWithCursor(videoId: string, who: Reader, now: number): Promise<{ cursor: number; comments: CommentDto[] }> {
  const cursor = await reviewCursor(videoId);
  return { cursor, comments: await commentsOf(videoId, who, now) };
}

/** A stream's events as `who` sees them: a comment as it is now (gone since: nothing, its deletion follows). */
function renderFor(videoId: string, who: Reader): Render {
  return async (rows) => {
    const ids = [...new Set(rows.flatMap((r) => (r.commentId && r.kind !== "deleted" ? [r.commentId] : [])))];
    const found = ids.length > 0 ? await db.videoComment.findMany({ where: { id: { in: ids }, videoId }, select: commentSelect }) : [];
    const byId = new Map(found.map((c) => [c.id, c]));
    const now = Date.now();
    return rows.map((r) => {
      let data: ReviewLiveEvent | null = null;
      if (r.kind === "approval") data = { kind: "approval" };
      else if (r.kind === "deleted" && r.commentId) data = { kind: "deleted", commentId: r.commentId };
      else if ((r.kind === "created" || r.kind === "updated") && r.commentId) {
        const c = byId.get(r.commentId);
        if (c) data = { kind: r.kind, commentId: c.id, comment: commentView(c, who, now) };
      }
      return data ? { id: r.id, data } : null;
    });
  };
}

type Film = { id: string; galleryId: string; adminId: string; version: number; durationSec: number | null; title: string };

async function ownFilm(actor: Actor, videoId: string): Promise<Film> {
  const film = await db.video.findFirst({ where: { id: videoId, adminId: actor.id }, select: { id: true, galleryId: true, adminId: true, version: true, durationSec: true, title: true } });
  if (!film) throw notFound();
  return film;
}

type Author = { byStudio: boolean; inviteId: string | null; name: string };
/** What a post answered: the comment, and whether this call wrote it (false: a retry found the one it made). */
export type Posted = { comment: CommentDto; created: boolean };

/** The comment a post with this `clientKey` made already: the same author's, the same text; another's or other words are a 409. */
async function madeBefore(film: Film, author: Author, input: PostCommentInput, who: Reader, now: number): Promise<Posted | null> {
  if (!input.clientKey) return null;
  const found = await db.videoComment.findUnique({ where: { videoId_clientKey: { videoId: film.id, clientKey: input.clientKey } }, select: commentSelect });
  if (!found) return null;
  if (found.byStudio !== author.byStudio || found.inviteId !== author.inviteId || found.text !== input.text || found.parentId !== (input.parentId ?? null)) {
    throw new AppError("idempotency_key_reused", TEXTS.review.clientKeyReused);
  }
  return { comment: commentView(found, who, now), created: false };
}

/**
 * Writes a comment on `film` (its current version), or a reply to one of its threads. A time past
 * the film's end (once known) is refused; a reply to a reply, or to another film's comment, too. A
 * post sent again with its `clientKey` returns the comment it made (also when both race: the key is
 * unique per film). An author writes at most COMMENTS_PER_AUTHOR_PER_FILM on a film.
 */
async function addComment(film: Film, author: Author, input: PostCommentInput, who: Reader, now: number): Promise<Posted> {
  const before = await madeBefore(film, author, input, who, now);
  if (before) return before;
  const written = await db.videoComment.count({ where: { videoId: film.id, byStudio: author.byStudio, inviteId: author.inviteId } });
  if (written >= COMMENTS_PER_AUTHOR_PER_FILM) throw new AppError("CONFLICT", TEXTS.review.tooMany);
  let time = input.time ?? 0;
  let version = film.version;
  if (input.parentId) {
    const parent = await db.videoComment.findFirst({ where: { id: input.parentId, videoId: film.id }, select: { parentId: true, time: true, version: true } });
    if (!parent) throw new AppError("VALIDATION", TEXTS.review.parentMissing);
    if (parent.parentId !== null) throw new AppError("VALIDATION", TEXTS.review.replyToReply);
    time = parent.time;
    version = parent.version;
  } else if (film.durationSec !== null && (time > film.durationSec || (input.endTime ?? 0) > film.durationSec + 0.5)) {
    throw new AppError("VALIDATION", TEXTS.review.pastTheEnd);
  }
  let row: CommentRow;
  let deliveries: string[] = [];
  try {
    ({ row, deliveries } = await db.$transaction(async (tx) => {
      const row = await tx.videoComment.create({
        data: {
          videoId: film.id,
          galleryId: film.galleryId,
          adminId: film.adminId,
          version,
          byStudio: author.byStudio,
          inviteId: author.inviteId,
          authorName: author.name,
          text: input.text,
          time,
          endTime: input.parentId ? null : (input.endTime ?? null),
          ...(!input.parentId && input.drawing ? { drawing: storedDrawing(input.drawing) } : {}),
          parentId: input.parentId ?? null,
          createdAt: new Date(now),
          clientKey: input.clientKey ?? null,
        },
        select: commentSelect,
      });
      await recordReviewEvent(tx, film.id, "created", row.id);
      // A client's comment (not the studio's own) is the studio's `comment.created` event, with the comment.
      // A guest's comment waits for the studio's review digest (lib/services/review/review-mail.ts).
      if (!author.byStudio) {
        await markReviewActivity(tx, film.galleryId, row.createdAt);
        await recordActivity(tx, {
          adminId: film.adminId,
          galleryId: film.galleryId,
          kind: "comment",
          filmId: film.id,
          who: author.name,
          data: { film: film.title, text: excerpt(row.text), reply: row.parentId !== null },
          at: row.createdAt,
        });
      }
      const deliveries = author.byStudio
        ? []
        : await publishEvent(tx, {
            adminId: film.adminId,
            type: "comment.created",
            object: {
              id: row.id,
              film: { id: film.id, version: row.version },
              gallery: { id: film.galleryId },
              guest: { id: author.inviteId, name: author.name },
              text: row.text,
              time: row.time,
              endTime: row.endTime,
              parentId: row.parentId,
              createdAt: row.createdAt.toISOString(),
            },
          });
      return { row, deliveries };
    }));
  } catch (e) {
    // The same post raced itself: the other call wrote it.
    const raced = isUniqueViolation(e) ? await madeBefore(film, author, input, who, now) : null;
    if (raced) return raced;
    throw e;
  }
  await dispatchDeliveries(deliveries);
  return { comment: commentView(row, who, now), created: true };
}

/** A drawing as stored: its colours in one spelling (lower case). */
const storedDrawing = (d: Drawing): Prisma.InputJsonValue => ({ shapes: d.shapes.map((s) => (s.color ? { ...s, color: s.color.toLowerCase() } : s)) });

// ---------------------------------------------------------------------------------------------
// The studio

/** GET /api/videos/comments/{videoId}: every comment of the film, with its current version. */
export async function studioComments(actor: Actor, videoId: string, now = Date.now()): Promise<CommentList> {
  const film = await ownFilm(actor, videoId);
  const gallery = await db.gallery.findFirstOrThrow({ where: { id: film.galleryId, adminId: actor.id }, select: { reviewMode: true } });
  return { version: film.version, open: gallery.reviewMode, ...(await listWithCursor(film.id, { studio: true }, now)) };
}

/**
 * GET /api/videos/comments/{videoId}/live: the studio's live stream of the film's review, from
 * `after` (or the Last-Event-ID of a reconnect).
 */
export async function studioReviewStream(actor: Actor, videoId: string, at: { lastEventId: string | null; after?: number; signal?: AbortSignal }): Promise<ReadableStream<Uint8Array>> {
  const film = await ownFilm(actor, videoId);
  const after = streamCursor(at.lastEventId, at.after);
  return reviewStream({ videoId: film.id, reader: `studio:${actor.id}`, after, render: renderFor(film.id, { studio: true }), signal: at.signal });
}

/** POST /api/videos/comments/{videoId}: the studio's comment or reply. */
export async function studioComment(actor: Actor, videoId: string, input: PostCommentInput, now = Date.now()): Promise<Posted> {
  const film = await ownFilm(actor, videoId);
  return addComment(film, { byStudio: true, inviteId: null, name: studioShownName(actor) }, input, { studio: true }, now);
}

async function ownComment(actor: Actor, videoId: string, commentId: string) {
  const comment = await db.videoComment.findFirst({ where: { id: commentId, videoId, adminId: actor.id }, select: commentSelect });
  if (!comment) throw notFound();
  return comment;
}

/**
 * PATCH /api/videos/comments/{videoId}/{commentId}: resolves or reopens a thread (its first
 * comment), and/or changes the studio's own text within the edit window. Both are checked before
 * anything changes; resolving twice keeps the first moment.
 */
export async function updateComment(actor: Actor, videoId: string, commentId: string, input: PatchCommentInput, now = Date.now()): Promise<CommentDto> {
  const comment = await ownComment(actor, videoId, commentId);
  const who: Reader = { studio: true };
  if (input.resolved !== undefined && comment.parentId !== null) throw new AppError("VALIDATION", TEXTS.review.repliesNotResolved);
  if (input.text !== undefined) {
    if (!isAuthor(comment, who)) throw new AppError("FORBIDDEN", TEXTS.review.notYours);
    if (!withinWindow(comment, now)) throw new AppError("CONFLICT", TEXTS.review.editWindowOver);
  }
  const data: Prisma.VideoCommentUpdateInput = {};
  if (input.text !== undefined && input.text !== comment.text) Object.assign(data, { text: input.text, editedAt: new Date(now) });
  if (input.resolved === true && comment.resolvedAt === null) data.resolvedAt = new Date(now);
  if (input.resolved === false) data.resolvedAt = null;
  if (Object.keys(data).length === 0) return commentView(comment, who, now);
  return commentView(await changeComment(comment.id, videoId, data), who, now);
}

/** DELETE /api/videos/comments/{videoId}/{commentId}: the studio's own, within the edit window (its replies go with it). */
export async function deleteComment(actor: Actor, videoId: string, commentId: string, now = Date.now()): Promise<{ deleted: true }> {
  const comment = await ownComment(actor, videoId, commentId);
  await removeOwn(comment, videoId, { studio: true }, now);
  return { deleted: true };
}

/** Changes a comment and tells its film's open panels (lib/services/review/review-events.ts). */
async function changeComment(id: string, videoId: string, data: Prisma.VideoCommentUpdateInput): Promise<CommentRow> {
  return db.$transaction(async (tx) => {
    const row = await tx.videoComment.update({ where: { id }, data, select: commentSelect });
    await recordReviewEvent(tx, videoId, "updated", id);
    return row;
  });
}

/** Deletes the author's own comment inside its window; the window is checked in the statement, so a late retry deletes nothing. */
async function removeOwn(comment: CommentRow, videoId: string, who: Reader, now: number) {
  if (!isAuthor(comment, who)) throw new AppError("FORBIDDEN", TEXTS.review.notYours);
  if (!withinWindow(comment, now)) throw new AppError("CONFLICT", TEXTS.review.editWindowOver);
  await db.$transaction(async (tx) => {
    const { count } = await tx.videoComment.deleteMany({ where: { id: comment.id, createdAt: { gt: new Date(now - COMMENT_EDIT_WINDOW_MS) } } });
    if (count > 0) await recordReviewEvent(tx, videoId, "deleted", comment.id);
  });
}

/** The rate a film processed before its frame rate was kept is exported at (until it is processed again). */
const UNKNOWN_FRAME_RATE = 30;

/**
 * GET /api/videos/comments/{videoId}/markers?format=: a version's threads (the current one unless
 * `version` is given) as an editor's markers file, each thread's replies after its text, at that
 * version's own size, rate and length. A version the film never had, or whose files its studio
 * deleted (no longer kept: lib/services/films/video-versions.ts), is a 404: there is no clip to
 * put markers on.
 */
export async function commentMarkers(actor: Actor, videoId: string, format: MarkerFormat, version?: number): Promise<{ body: string; contentType: string; fileName: string }> {
  const facts = { storageKey: true, durationSec: true, frameRate: true, width: true, height: true } as const;
  const film = await db.video.findFirst({ where: { id: videoId, adminId: actor.id }, select: { id: true, title: true, version: true, ...facts } });
  if (!film) throw notFound();
  const wanted = version ?? film.version;
  const cut = wanted === film.version ? film : await db.videoVersion.findFirst({ where: { videoId: film.id, adminId: actor.id, version: wanted }, select: facts });
  if (!cut) throw new AppError("NOT_FOUND", TEXTS.review.markersVersionMissing(wanted));
  const rows = await db.videoComment.findMany({ where: { videoId: film.id, version: wanted }, select: commentSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const replies = new Map<string, CommentRow[]>();
  for (const c of rows) if (c.parentId) replies.set(c.parentId, [...(replies.get(c.parentId) ?? []), c]);
  const threads = rows.filter((c) => c.parentId === null);
  return markersFile(
    format,
    {
      title: film.title,
      fps: cut.frameRate ?? UNKNOWN_FRAME_RATE,
      durationSec: cut.durationSec ?? 0,
      version: wanted,
      width: cut.width,
      height: cut.height,
      mediaName: downloadFileName(film.title, cut.storageKey),
    },
    threads.map((c) => ({
      id: c.id,
      time: c.time,
      endTime: c.endTime,
      author: c.authorName,
      resolved: c.resolvedAt !== null,
      text: [c.text, ...(replies.get(c.id) ?? []).map((r) => `↳ ${r.authorName}: ${r.text}`)].join("\n"),
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// A guest of a personal link

export type GuestRequest = { gallery: string; videoId: string; credentials: ViewerCredentials; now?: number };

/**
 * The film through the gate, and the guest it let in with the right asked; otherwise a 403 (after
 * the gate's own refusals). `open`: the gallery is in review (a delivered gallery's comments and
 * decisions are read, not written: `requireOpenReview`).
 */
export async function guestFilm(input: GuestRequest, may: (g: GuestGrant) => boolean, refusal: string): Promise<{ film: Film; guest: GuestGrant; open: boolean }> {
  const opened = await openFilm(input.gallery, input.videoId, input.credentials, { now: input.now });
  const guest = opened.decision.guest;
  if (!guest || !may(guest)) throw new AppError("FORBIDDEN", refusal);
  return {
    film: { id: opened.id, galleryId: opened.galleryId, adminId: opened.adminId, version: opened.version, durationSec: opened.durationSec, title: opened.title },
    guest,
    open: opened.subject.reviewMode,
  };
}

/** A guest writes (comments, decisions) only while the gallery is in review: 409 review_closed once delivered. */
export function requireOpenReview(open: boolean): void {
  if (!open) throw new AppError("review_closed", TEXTS.approval.reviewClosed);
}

/** GET /api/public/comments/{videoId}?g=: the film's comments, for a guest who may comment or approve. */
export async function guestComments(input: GuestRequest): Promise<CommentList> {
  const now = input.now ?? Date.now();
  const { film, guest, open } = await guestFilm(input, (g) => g.mayComment || g.mayApprove, TEXTS.review.mayNotRead);
  return { version: film.version, open, ...(await listWithCursor(film.id, { studio: false, inviteId: guest.inviteId }, now)) };
}

/** GET /api/public/comments/{videoId}/live?g=: the same live stream, for a guest who may comment or approve (the gate asked at each connection, and every ADMIT_EVERY_MS while it is open). */
export async function guestReviewStream(input: GuestRequest & { lastEventId: string | null; after?: number; signal?: AbortSignal }): Promise<ReadableStream<Uint8Array>> {
  const after = streamCursor(input.lastEventId, input.after);
  const { film, guest } = await guestFilm(input, (g) => g.mayComment || g.mayApprove, TEXTS.review.mayNotRead);
  const who: Reader = { studio: false, inviteId: guest.inviteId };
  // The gate is asked again while the stream is open (a revoke, or the gallery switched to invited guests, ends it).
  const again = () => guestFilm({ ...input, now: undefined }, (g) => g.inviteId === guest.inviteId && (g.mayComment || g.mayApprove), TEXTS.review.mayNotRead);
  return reviewStream({ videoId: film.id, reader: `guest:${guest.inviteId}`, after, render: renderFor(film.id, who), signal: input.signal, stillAdmitted: again });
}

/** POST /api/public/comments/{videoId}?g=: a guest's comment or reply, for a guest who may comment. */
export async function guestComment(input: GuestRequest & { body: PostCommentInput }): Promise<Posted> {
  const now = input.now ?? Date.now();
  const { film, guest, open } = await guestFilm(input, (g) => g.mayComment, TEXTS.review.mayNotComment);
  requireOpenReview(open);
  const who: Reader = { studio: false, inviteId: guest.inviteId };
  return addComment(film, { byStudio: false, inviteId: guest.inviteId, name: guest.name }, input.body, who, now);
}

/** PATCH /api/public/comments/{videoId}/{commentId}?g=: a guest's own text, within the edit window. */
export async function guestUpdateComment(input: GuestRequest & { commentId: string; body: { text: string } }): Promise<CommentDto> {
  const now = input.now ?? Date.now();
  const { film, guest, open } = await guestFilm(input, (g) => g.mayComment, TEXTS.review.mayNotComment);
  requireOpenReview(open);
  const who: Reader = { studio: false, inviteId: guest.inviteId };
  const comment = await db.videoComment.findFirst({ where: { id: input.commentId, videoId: film.id }, select: commentSelect });
  if (!comment) throw notFound();
  if (!isAuthor(comment, who)) throw new AppError("FORBIDDEN", TEXTS.review.notYours);
  if (!withinWindow(comment, now)) throw new AppError("CONFLICT", TEXTS.review.editWindowOver);
  if (comment.text === input.body.text) return commentView(comment, who, now);
  return commentView(await changeComment(comment.id, film.id, { text: input.body.text, editedAt: new Date(now) }), who, now);
}

/** DELETE /api/public/comments/{videoId}/{commentId}?g=: a guest's own comment, within the edit window. */
export async function guestDeleteComment(input: GuestRequest & { commentId: string }): Promise<{ deleted: true }> {
  const now = input.now ?? Date.now();
  const { film, guest, open } = await guestFilm(input, (g) => g.mayComment, TEXTS.review.mayNotComment);
  requireOpenReview(open);
  const comment = await db.videoComment.findFirst({ where: { id: input.commentId, videoId: film.id }, select: commentSelect });
  if (!comment) throw notFound();
  await removeOwn(comment, film.id, { studio: false, inviteId: guest.inviteId }, now);
  return { deleted: true };
}
