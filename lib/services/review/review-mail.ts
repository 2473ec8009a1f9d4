// Review mail, through the mail layer and its outbox:
//
// - A guest's receipt of their decision (approved, or changes requested), in the guest's language and
//   the studio's name, recorded in the decision's own transaction (lib/services/review/approvals.ts) and sent
//   once it has committed; the same decision sent again is no new decision and mails nothing.
// - The studio's digest of a gallery's review: every guest comment and decision marks the gallery
//   (`markReviewActivity`, in the writer's transaction); the `review-digests` job (every minute,
//   lib/worker/jobs.ts) sends a gallery's digest when lib/services/review/rules/digest.ts says it is due (the session
//   quiet for 5 minutes, or its first comment waiting 15; never two within 15 minutes). A digest claims
//   its gallery (the marker cleared where it is still the one read) in the transaction that records
//   its mail, so two runs never send the same activity twice.
import "@/lib/server-only";
import { db, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { clock } from "@/lib/services/guests/rules/insights";
import { deliverMail, recordMail, type OutgoingMail } from "@/lib/mail";
import { approvalReceiptMail, reviewDigestMail } from "@/lib/mail/emails/review";
import { galleryPath } from "@/lib/routes";
import { personalLink } from "@/lib/services/galleries/rules/gallery-paths";
import { inviteToken } from "@/lib/auth/guest-link";
import { studioShownName } from "@/lib/texts/labels";
import { TEXTS } from "@/lib/texts";
import { baseLinkFor } from "@/lib/services/galleries";
import { guestGalleryTitle, studioMailBrand } from "@/lib/services/guests";
import { guestLanguage } from "@/lib/services/guests/rules/guest-language";
import { digestDue } from "@/lib/services/review/rules/digest";
import { roundsUsed, roundsUsedUp } from "@/lib/services/review/rules/approval";
import { activityMailChoices } from "@/lib/services/platform";
import type { ActivityMail } from "@/lib/services/platform/rules/activity";

/** A guest's comment or decision on the gallery: the digest's marker (the first waiting one kept), in the writer's transaction. */
export async function markReviewActivity(tx: Tx, galleryId: string, at: Date): Promise<void> {
  await tx.$executeRaw`UPDATE "Gallery" SET "reviewPendingSince" = COALESCE("reviewPendingSince", ${at}), "reviewLastActivityAt" = ${at} WHERE id = ${galleryId}::uuid`;
}

/** A mail recorded in a transaction, to deliver once it has committed. */
export type RecordedMail = { row: Awaited<ReturnType<typeof recordMail>>; mail: OutgoingMail };

/** Sends recorded mails (after their transaction committed); a provider's refusal is recorded, never thrown. */
export async function deliverRecorded(mails: readonly RecordedMail[]): Promise<void> {
  for (const { row, mail } of mails) {
    const { status } = await deliverMail(row, mail);
    if (status !== "SENT") log().warn({ mailId: row.id }, "review mail not sent");
  }
}

/**
 * Records a guest's receipt of their decision, in the decision's transaction: to the invite's
 * address, in their language (lib/services/guests/rules/guest-language.ts), with their personal link.
 */
export async function recordApprovalReceipt(tx: Tx, d: { inviteId: string; videoId: string; version: number; approved: boolean; note: string | null }): Promise<RecordedMail | null> {
  const invite = await tx.galleryInvite.findUnique({
    where: { id: d.inviteId },
    select: {
      id: true,
      name: true,
      email: true,
      salt: true,
      language: true,
      browserLanguage: true,
      gallery: { select: { title: true, customUrl: true, settingLanguage: true, admin: { select: { name: true, companyName: true, companyLogoUrl: true, domainUrl: true } } } },
    },
  });
  const film = await tx.video.findUnique({ where: { id: d.videoId }, select: { title: true } });
  if (!invite || !film) return null;
  const g = invite.gallery;
  const content = await approvalReceiptMail({
    brand: studioMailBrand(g.admin, invite.id),
    galleryTitle: guestGalleryTitle(g),
    guestName: invite.name,
    film: film.title,
    version: d.version,
    approved: d.approved,
    note: d.note,
    link: personalLink(baseLinkFor(g.admin), g.customUrl, inviteToken(invite.id, invite.salt)),
    language: guestLanguage(invite, g.settingLanguage),
  });
  const mail = { ...content, to: invite.email };
  return { row: await recordMail(mail, tx), mail };
}

/** Lines a digest lists before "…and N more". */
const DIGEST_LINES_MAX = 30;
/** A comment's words as a digest line quotes them. */
const QUOTE_MAX = 200;
const quote = (text: string) => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text).replace(/\s+/g, " ");

/** What guests did on a gallery between `since` and `until`, as a digest's lines, oldest first. */
async function digestLines(tx: Tx, galleryId: string, revisionRounds: number | null, since: Date, until: Date, mail: ActivityMail): Promise<string[]> {
  const t = TEXTS.reviewDigest;
  // Only what the studio wants mailed at once (lib/services/platform/rules/activity.ts): the rest is in its feed, or its daily digest.
  const decided = [mail.approval === "now" ? ("APPROVED" as const) : null, mail.changes_requested === "now" ? ("CHANGES_REQUESTED" as const) : null].filter((d) => d !== null);
  const [comments, decisions] = await Promise.all([
    tx.videoComment.findMany({
      where: { galleryId, byStudio: false, createdAt: { gte: since, lte: until } },
      select: { authorName: true, text: true, time: true, parentId: true, createdAt: true, video: { select: { title: true } } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    tx.videoApproval.findMany({
      where: { galleryId, decidedAt: { gte: since, lte: until }, decision: { in: decided } },
      select: { videoId: true, guestName: true, version: true, decision: true, note: true, decidedAt: true, video: { select: { title: true } } },
      orderBy: [{ decidedAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const lines: { at: number; text: string }[] = [
    ...(mail.comment === "now" ? comments : []).map((c) => ({
      at: c.createdAt.getTime(),
      text: c.parentId ? t.reply(c.authorName, c.video.title, quote(c.text)) : t.comment(c.authorName, c.video.title, clock(c.time), quote(c.text)),
    })),
    ...decisions.map((d) => ({
      at: d.decidedAt.getTime(),
      text: d.decision === "APPROVED" ? t.approved(d.guestName, d.video.title, d.version) : t.changes(d.guestName, d.video.title, d.version, quote(d.note ?? "")),
    })),
  ];
  // A film whose changes used up the rounds included: the studio is told (once per digest).
  const changed = [...new Map(decisions.filter((d) => d.decision === "CHANGES_REQUESTED").map((d) => [d.videoId, d])).values()];
  if (revisionRounds !== null) {
    for (const d of changed) {
      const all = await tx.videoApproval.findMany({ where: { videoId: d.videoId }, select: { version: true, decision: true } });
      if (roundsUsedUp(revisionRounds, roundsUsed(all))) lines.push({ at: d.decidedAt.getTime() + 1, text: t.roundsUsedUp(d.video.title) });
    }
  }
  return lines.sort((a, b) => a.at - b.at).map((l) => l.text);
}

/** Galleries checked per run (the ones waiting longest first). */
const DIGEST_PAGE = 200;

/** Sends the review digests due at `now`, each gallery's activity once. */
export async function sendReviewDigests(now = new Date()): Promise<{ due: number; sent: number }> {
  const waiting = await db.gallery.findMany({
    where: { reviewPendingSince: { not: null }, admin: { status: "ACTIVE" } },
    select: {
      id: true,
      title: true,
      name: true,
      revisionRounds: true,
      adminId: true,
      reviewPendingSince: true,
      reviewLastActivityAt: true,
      reviewDigestAt: true,
      admin: { select: { email: true, name: true, companyName: true } },
    },
    orderBy: { reviewPendingSince: "asc" },
    take: DIGEST_PAGE,
  });
  const due = waiting.filter((g) => digestDue({ pendingSince: g.reviewPendingSince, lastActivityAt: g.reviewLastActivityAt, digestAt: g.reviewDigestAt }, now.getTime()));
  let sent = 0;
  for (const g of due) {
    const recorded = await db.$transaction(async (tx) => {
      // One statement: a run that waited for another's claim finds the marker gone (READ COMMITTED re-checks the row).
      const claimed = await tx.$executeRaw`UPDATE "Gallery" SET "reviewPendingSince" = NULL, "reviewDigestAt" = ${now} WHERE id = ${g.id}::uuid AND "reviewPendingSince" = ${g.reviewPendingSince}`;
      if (claimed === 0) return null;
      // From the last digest (or the first waiting activity) to now: nothing told twice, nothing left out.
      const since = g.reviewDigestAt && g.reviewDigestAt < g.reviewPendingSince! ? g.reviewDigestAt : g.reviewPendingSince!;
      const lines = await digestLines(tx, g.id, g.revisionRounds, since, now, await activityMailChoices(g.adminId));
      if (lines.length === 0) return null;
      const content = await reviewDigestMail({
        studioName: studioShownName(g.admin),
        gallery: g.title.trim() || g.name,
        lines: lines.slice(0, DIGEST_LINES_MAX),
        more: Math.max(0, lines.length - DIGEST_LINES_MAX),
        reviewUrl: `${env().APP_URL}${galleryPath(g.id, "review")}`,
      });
      const mail = { ...content, to: g.admin.email };
      return { row: await recordMail(mail, tx), mail };
    });
    if (recorded) {
      await deliverRecorded([recorded]);
      sent += 1;
    }
  }
  return { due: due.length, sent };
}
