// Approval: what a film's decisions mean. Pure: the approval service, the gallery
// gate's download rule and the pages that show a film's state all read them here, so "approved",
// "changes requested" and "may it be downloaded" have one meaning.
//
//   - A guest decides on a version: approved, or changes requested (with a note). A later decision
//     of the same guest on the same version replaces theirs.
//   - A film's state is the newest decision on its CURRENT version (none: "open"). A decision on an
//     earlier version says nothing of the current one.
//   - A revision round is a version on which changes were requested.
//   - In review, a film's original is downloaded only when its current version is approved and the
//     gallery lets an approval unlock it; in delivery, review never closes a download.

export const DECISIONS = ["approved", "changes_requested"] as const;
export type Decision = (typeof DECISIONS)[number];

/** A decision as stored (its enum) and as the API names it. */
export const DECISION_OF = { APPROVED: "approved", CHANGES_REQUESTED: "changes_requested" } as const satisfies Record<string, Decision>;
export const STORED_DECISION = { approved: "APPROVED", changes_requested: "CHANGES_REQUESTED" } as const satisfies Record<Decision, keyof typeof DECISION_OF>;

/** What the rules read of one decision. */
/** The columns of a decision that reviewStateOf reads (the Prisma select of a DecisionRow). */
export const DECISION_ROW_SELECT = { version: true, decision: true, guestName: true, decidedAt: true } as const;
export type DecisionRow = { version: number; decision: keyof typeof DECISION_OF; guestName: string; decidedAt: Date };

/** A film's review state: `open` (no decision on its current version yet), or the newest decision on it, by whom and when. */
export type ReviewState = { state: "open" } | { state: Decision; version: number; by: string; at: string };

/** The newest decision on `version` (the film's current one), or open. */
export function reviewStateOf(version: number, decisions: readonly DecisionRow[]): ReviewState {
  let newest: DecisionRow | null = null;
  for (const d of decisions) if (d.version === version && (newest === null || d.decidedAt.getTime() > newest.decidedAt.getTime())) newest = d;
  if (!newest) return { state: "open" };
  return { state: DECISION_OF[newest.decision], version, by: newest.guestName, at: newest.decidedAt.toISOString() };
}

/** Revision rounds used: the versions on which changes were requested. */
export function roundsUsed(decisions: readonly Pick<DecisionRow, "version" | "decision">[]): number {
  return new Set(decisions.filter((d) => d.decision === "CHANGES_REQUESTED").map((d) => d.version)).size;
}

/** Whether the included rounds are used up (null: the studio counts none). */
export const roundsUsedUp = (included: number | null, used: number): boolean => included !== null && used >= included;

/** The gallery's review settings as the download rule reads them. */
export type ReviewSettings = { reviewMode: boolean; unlockOnApproval: boolean };

/**
 * Whether review keeps a film's original closed: in review, unless its current version is approved
 * and approving unlocks downloads. (The gallery's other download rules — the toggle, the PIN — still
 * apply on top.)
 */
export function closedByReview(settings: ReviewSettings, state: ReviewState): boolean {
  if (!settings.reviewMode) return false;
  return !(settings.unlockOnApproval && state.state === "approved");
}
