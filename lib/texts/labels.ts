// Display labels of stored enum values (spec §3).
import type { AdminStatus } from "@/generated/prisma/enums";

export const STATUS_LABELS: Record<AdminStatus, string> = {
  ACTIVE: "Active",
  NOT_ACTIVE: "Not Active",
};

/** The name a studio goes by with its clients: its company name, else its account name. */
export const studioShownName = (a: { companyName: string | null; name: string }): string => a.companyName?.trim() || a.name;
