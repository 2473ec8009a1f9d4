// Approval: a guest of a personal link who may approve decides on a film's current
// version — approved, or changes requested with a note — through the gallery gate; the studio reads
// every film's versions, decisions and open comments, and sets the gallery's stage (review or
// delivery), whether approving unlocks the download, and the revision rounds included. What a
// decision means (the film's state, rounds, downloads) is lib/services/review/rules/approval.ts.
import "@/lib/server-only";
import { db, type Prisma } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { guestFilm, requireOpenReview, type GuestRequest } from "@/lib/services/review/comments";
import { invalidatePublicGallery } from "@/lib/services/public";
import { dispatchDeliveries, publishEvent, recordActivity } from "@/lib/services/platform";
import { excerpt } from "@/lib/services/platform/rules/activity";
import { recordReviewEvent } from "@/lib/services/review/review-events";
import { deliverRecorded, markReviewActivity, recordApprovalReceipt, type RecordedMail } from "@/lib/services/review/review-mail";
import { closedByReview, DECISION_OF, reviewStateOf, roundsUsed, roundsUsedUp, STORED_DECISION, type ReviewState } from "@/lib/services/review/rules/approval";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { ApprovalInput, ReviewSettingsInput } from "@/lib/validation/approvals";
import type { DecisionDto, GalleryReviewDto, GuestApprovalDto } from "@/lib/contract/review";

const decisionSelect = { id: true, inviteId: true, guestName: true, version: true, decision: true, note: true, decidedAt: true } as const satisfies Prisma.VideoApprovalSelect;
type DecisionRecord = Prisma.VideoApprovalGetPayload<{ select: typeof decisionSelect }>;

const decisionView = (d: DecisionRecord, reader: string | null): DecisionDto => ({
  guest: { name: d.guestName, self: reader !== null && d.inviteId === reader },
  version: d.version,
  decision: DECISION_OF[d.decision],
  note: d.note,
  decidedAt: d.decidedAt.toISOString(),
});

/** Newest first (a film's decisions), the order every reader gets. */
const NEWEST_FIRST = [{ decidedAt: "desc" }, { id: "desc" }] as const satisfies Prisma.VideoApprovalOrderByWithRelationInput[];

// ---------------------------------------------------------------------------------------------
// A guest

/** GET /api/public/approval/{videoId}?g=: the film's state, and this guest's decision on its current version (a guest who may comment or approve). */
export async function guestApproval(input: GuestRequest): Promise<GuestApprovalDto> {
  const { film, guest, open } = await guestFilm(input, (g) => g.mayComment || g.mayApprove, TEXTS.review.mayNotRead);
  const [rows, gallery] = await Promise.all([
    db.videoApproval.findMany({ where: { videoId: film.id }, select: decisionSelect, orderBy: NEWEST_FIRST }),
    db.gallery.findUniqueOrThrow({ where: { id: film.galleryId }, select: { revisionRounds: true, reviewMode: true, unlockOnApproval: true } }),
  ]);
  const mine = rows.find((d) => d.inviteId === guest.inviteId && d.version === film.version) ?? null;
  const state = reviewStateOf(film.version, rows);
  return {
    version: film.version,
    open,
    mayComment: guest.mayComment,
    mayApprove: guest.mayApprove,
    mine: mine ? decisionView(mine, guest.inviteId) : null,
    state,
    unlocked: !closedByReview(gallery, state),
    rounds: { included: gallery.revisionRounds, used: roundsUsed(rows) },
  };
}

/**
 * PUT /api/public/approval/{videoId}?g=: a guest's decision on the film's current version (a guest
 * who may approve, while the gallery is in review). One per guest and version: a later one replaces
 * it; the same one sent again changes nothing (no new time, no second event). Decisions on one film
 * are taken one at a time (the film's row locked): the version decided on is the one current when
 * it is written, and `version` (what the guest watched) must be it (409 version_changed). An approval
 * publishes `film.approved`; the gallery's page shows the new state (and an unlocked download); the
 * guest gets a receipt and the studio's review digest is told (lib/services/review/review-mail.ts).
 */
export async function decide(input: GuestRequest & { body: ApprovalInput }): Promise<{ decision: DecisionDto; state: ReviewState; changed: boolean }> {
  const now = new Date(input.now ?? Date.now());
  const { film, guest, open } = await guestFilm(input, (g) => g.mayApprove, TEXTS.approval.mayNotApprove);
  requireOpenReview(open);
  const stored = STORED_DECISION[input.body.decision];
  const note = input.body.note ?? null;
  const { row, changed, deliveries, state, receipt } = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ version: number; title: string }[]>`SELECT version, title FROM "Video" WHERE id = ${film.id}::uuid FOR UPDATE`;
    if (!locked) throw notFound();
    if (input.body.version !== undefined && input.body.version !== locked.version) throw new AppError("version_changed", TEXTS.approval.versionChanged);
    const key = { videoId_inviteId_version: { videoId: film.id, inviteId: guest.inviteId, version: locked.version } };
    const before = await tx.videoApproval.findUnique({ where: key, select: decisionSelect });
    const same = before !== null && before.decision === stored && before.note === note;
    const row = same
      ? before
      : await tx.videoApproval.upsert({
          where: key,
          create: {
            videoId: film.id,
            galleryId: film.galleryId,
            adminId: film.adminId,
            inviteId: guest.inviteId,
            guestName: guest.name,
            version: locked.version,
            decision: stored,
            note,
            decidedAt: now,
          },
          update: { decision: stored, note, guestName: guest.name, decidedAt: now },
          select: decisionSelect,
        });
    const deliveries =
      !same && stored === "APPROVED"
        ? await publishEvent(tx, {
            adminId: film.adminId,
            type: "film.approved",
            object: {
              id: film.id,
              title: locked.title,
              version: locked.version,
              guest: { id: guest.inviteId, name: guest.name },
              note,
              gallery: { id: film.galleryId },
              approvedAt: now.toISOString(),
            },
          })
        : [];
    const newest = await tx.videoApproval.findMany({ where: { videoId: film.id, version: locked.version }, select: decisionSelect, orderBy: NEWEST_FIRST, take: 1 });
    // A new decision: the studio's digest is told, the guest gets a receipt (sent once this commits).
    let receipt: RecordedMail | null = null;
    if (!same) {
      await markReviewActivity(tx, film.galleryId, now);
      await recordActivity(tx, {
        adminId: film.adminId,
        galleryId: film.galleryId,
        kind: stored === "APPROVED" ? "approval" : "changes_requested",
        filmId: film.id,
        who: guest.name,
        data: { film: locked.title, version: locked.version, ...(note ? { text: excerpt(note) } : {}) },
        at: now,
      });
      receipt = await recordApprovalReceipt(tx, { inviteId: guest.inviteId, videoId: film.id, version: locked.version, approved: stored === "APPROVED", note });
      // Every open review panel of the film shows the decision (lib/services/review/review-events.ts).
      await recordReviewEvent(tx, film.id, "approval");
    }
    return { row, changed: !same, deliveries, state: reviewStateOf(locked.version, newest), receipt };
  });
  await dispatchDeliveries(deliveries);
  if (receipt) await deliverRecorded([receipt]);
  // The page shows each film's state, and an approval may open its download.
  if (changed) await invalidatePublicGallery(film.galleryId);
  return { decision: decisionView(row, guest.inviteId), state, changed };
}

// ---------------------------------------------------------------------------------------------
// The studio

/** GET /api/galleries/gallery/{id}/review: the gallery's stage and settings, and every film's versions, state, decisions and open comments. */
export async function galleryReview(actor: Actor, galleryId: string): Promise<GalleryReviewDto> {
  const gallery = await db.gallery.findFirst({
    where: { id: galleryId, adminId: actor.id },
    select: {
      reviewMode: true,
      unlockOnApproval: true,
      revisionRounds: true,
      videos: {
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: {
          id: true,
          title: true,
          version: true,
          versions: { select: { version: true }, orderBy: { version: "desc" } },
          approvals: { select: decisionSelect, orderBy: NEWEST_FIRST },
        },
      },
    },
  });
  if (!gallery) throw notFound();
  const ids = gallery.videos.map((v) => v.id);
  const counts = ids.length ? await db.videoComment.groupBy({ by: ["videoId", "resolvedAt"], where: { videoId: { in: ids }, adminId: actor.id, parentId: null }, _count: { _all: true } }) : [];
  const comments = new Map<string, { open: number; total: number }>();
  for (const c of counts) {
    const n = comments.get(c.videoId) ?? { open: 0, total: 0 };
    n.total += c._count._all;
    if (c.resolvedAt === null) n.open += c._count._all;
    comments.set(c.videoId, n);
  }
  return {
    mode: gallery.reviewMode ? "review" : "delivery",
    unlockOnApproval: gallery.unlockOnApproval,
    revisionRounds: gallery.revisionRounds,
    films: gallery.videos.map((v) => {
      const used = roundsUsed(v.approvals);
      return {
        id: v.id,
        title: v.title,
        version: v.version,
        kept: v.versions.map((k) => k.version),
        state: reviewStateOf(v.version, v.approvals),
        comments: comments.get(v.id) ?? { open: 0, total: 0 },
        rounds: { used, usedUp: roundsUsedUp(gallery.revisionRounds, used) },
        decisions: v.approvals.map((d) => decisionView(d, null)),
      };
    }),
  };
}

/** PUT /api/galleries/gallery/{id}/review: the stage, the unlock and the rounds; answers the review as GET does. */
export async function updateReviewSettings(actor: Actor, galleryId: string, input: ReviewSettingsInput): Promise<GalleryReviewDto> {
  const data: Prisma.GalleryUpdateManyMutationInput = {};
  if (input.mode !== undefined) data.reviewMode = input.mode === "review";
  if (input.unlockOnApproval !== undefined) data.unlockOnApproval = input.unlockOnApproval;
  if (input.revisionRounds !== undefined) data.revisionRounds = input.revisionRounds;
  const { count } = await db.gallery.updateMany({ where: { id: galleryId, adminId: actor.id }, data });
  if (count === 0) throw notFound();
  // The page's downloads and films' states follow the stage.
  await invalidatePublicGallery(galleryId);
  return galleryReview(actor, galleryId);
}
