// Approval and review settings: what a guest decides and what a studio sets.
import { z } from "zod";
import { TEXTS } from "@/lib/texts";
import { commentText } from "@/lib/validation/comments";
import { DECISIONS, type Decision } from "@/lib/services/review/rules/approval";

/** The most revision rounds a studio may include per film. */
export const REVISION_ROUNDS_MAX = 99;

/**
 * PUT /api/public/approval/{videoId}?g=: approve, or request changes (a note saying what: required).
 * `version`: the version the guest watched; when a newer one was posted meanwhile, the decision is
 * refused (409 version_changed) instead of landing on a cut the guest has not seen.
 */
export const approvalSchema = z
  .object({
    decision: z.enum(DECISIONS as unknown as [Decision, ...Decision[]], { error: TEXTS.approval.decisionInvalid }),
    note: commentText.nullable().optional(),
    version: z.number({ error: TEXTS.approval.versionInvalid }).int(TEXTS.approval.versionInvalid).min(1, TEXTS.approval.versionInvalid).max(999_999, TEXTS.approval.versionInvalid).optional(),
  })
  .strict()
  .refine((b) => b.decision !== "changes_requested" || (b.note ?? "") !== "", { message: TEXTS.approval.noteRequired, path: ["note"] });
export type ApprovalInput = z.infer<typeof approvalSchema>;

/** PUT /api/galleries/gallery/{id}/review: any of the gallery's review settings. */
export const reviewSettingsSchema = z
  .object({
    mode: z.enum(["review", "delivery"], { error: TEXTS.approval.modeInvalid }).optional(),
    unlockOnApproval: z.boolean({ error: "unlockOnApproval must be true or false." }).optional(),
    revisionRounds: z
      .number({ error: TEXTS.approval.roundsInvalid })
      .int(TEXTS.approval.roundsInvalid)
      .min(1, TEXTS.approval.roundsInvalid)
      .max(REVISION_ROUNDS_MAX, TEXTS.approval.roundsInvalid)
      .nullable()
      .optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, TEXTS.approval.nothingToChange);
export type ReviewSettingsInput = z.infer<typeof reviewSettingsSchema>;
