// A film's review state read from its decisions (issue 40 item 5; the rules are
// lib/review/approval.ts): for the doors that hand out a film's original in a gallery in review, and
// for the approval doors. One query per film, or one for a gallery's films.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { closedByReview, reviewStateOf, type DecisionRow, type ReviewSettings, type ReviewState } from "@/lib/review/approval";

export const DECISION_ROW_SELECT = { version: true, decision: true, guestName: true, decidedAt: true } as const;

/** The film's state on its current `version`: the newest decision on it. */
export async function filmReviewState(videoId: string, version: number): Promise<ReviewState> {
  const newest = await db.videoApproval.findFirst({ where: { videoId, version }, orderBy: [{ decidedAt: "desc" }, { id: "desc" }], select: DECISION_ROW_SELECT });
  return reviewStateOf(version, newest ? [newest] : []);
}

/** Whether the gallery's review keeps this film's original closed (no query outside review). */
export async function filmClosedByReview(settings: ReviewSettings, film: { id: string; version: number }): Promise<boolean> {
  if (!settings.reviewMode) return false;
  return closedByReview(settings, await filmReviewState(film.id, film.version));
}

/** Each film's decisions on its current version, for many films in one query. */
export async function currentDecisions(films: readonly { id: string; version: number }[]): Promise<Map<string, DecisionRow[]>> {
  const rows = films.length ? await db.videoApproval.findMany({ where: { OR: films.map((f) => ({ videoId: f.id, version: f.version })) }, select: { videoId: true, ...DECISION_ROW_SELECT } }) : [];
  const byFilm = new Map<string, DecisionRow[]>();
  for (const { videoId, ...row } of rows) byFilm.set(videoId, [...(byFilm.get(videoId) ?? []), row]);
  return byFilm;
}
