import { z } from "zod";

/** The super admin's mail outbox and audit log pages: `?q=` (a search) and `?page=`. A bad value falls back to the default. */
export const recordsQuerySchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100000).optional().default(1).catch(1),
});
export type RecordsQuery = z.infer<typeof recordsQuerySchema>;
