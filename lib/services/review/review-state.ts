// A film's review state read from its decisions (the rules are
// lib/services/review/rules/approval.ts): for the doors that hand out a film's original in a gallery in review.
// One indexed read per film, only in review.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { closedByReview, reviewStateOf, type ReviewSettings, type ReviewState, DECISION_ROW_SELECT } from "@/lib/services/review/rules/approval";

/** The film's state on its current `version`: the newest decision on it. */
async function filmReviewState(videoId: string, version: number): Promise<ReviewState> {
  const newest = await db.videoApproval.findFirst({ where: { videoId, version }, orderBy: [{ decidedAt: "desc" }, { id: "desc" }], select: DECISION_ROW_SELECT });
  return reviewStateOf(version, newest ? [newest] : []);
}

/** Whether the gallery's review keeps this film's original closed (no query outside review). */
export async function filmClosedByReview(settings: ReviewSettings, film: { id: string; version: number }): Promise<boolean> {
  if (!settings.reviewMode) return false;
  return closedByReview(settings, await filmReviewState(film.id, film.version));
}
