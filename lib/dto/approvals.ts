// Approvals and a gallery's review as the API shows them (issue 40 item 5): built by
// lib/services/approvals.ts for the guest's approval door and the studio's review door.
import type { Decision, ReviewState } from "@/lib/review/approval";

export type DecisionDto = {
  /** The guest as the studio named them; `self`: the reader (a guest's own decision). */
  guest: { name: string; self: boolean };
  version: number;
  decision: Decision;
  note: string | null;
  decidedAt: string;
};

/** What a guest reads of a film's review: its current version, whether review is open, their decision on it, the film's state. */
export type GuestApprovalDto = {
  version: number;
  /** The gallery is in review: guests comment and decide (false: delivered, both closed). */
  open: boolean;
  /** The guest's rights now (a studio may grant or take them after the link was opened). */
  mayComment: boolean;
  mayApprove: boolean;
  mine: DecisionDto | null;
  state: ReviewState;
  /** Review keeps the film's original closed no more (approved, and approving unlocks; or delivered). */
  unlocked: boolean;
  /** Revision rounds: included per film (null: no count) and used on this film. */
  rounds: { included: number | null; used: number };
};

export type FilmReviewDto = {
  id: string;
  title: string;
  version: number;
  /** Earlier versions kept beside the current one, newest first. */
  kept: number[];
  state: ReviewState;
  comments: { open: number; total: number };
  rounds: { used: number; usedUp: boolean };
  /** Every guest's decisions on every version, newest first. */
  decisions: DecisionDto[];
};

export type GalleryReviewDto = {
  mode: "review" | "delivery";
  unlockOnApproval: boolean;
  revisionRounds: number | null;
  films: FilmReviewDto[];
};
