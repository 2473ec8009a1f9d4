// Display labels of stored enum values (spec §3).
import type { AdminStatus } from "@/generated/prisma/enums";
export { PLAN_LABELS } from "@/lib/plans";

export const STATUS_LABELS: Record<AdminStatus, string> = {
  ACTIVE: "Active",
  NOT_ACTIVE: "Not Active",
};
