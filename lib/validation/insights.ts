// The studio's insights and the digest setting: the doors' inputs.
import { z } from "zod";
import { INSIGHTS_PAGE_SIZE, INSIGHTS_PAGE_SIZE_MAX, INSIGHTS_SORTS } from "@/lib/services/guests/rules/insights";

const PAGE_MESSAGE = "page must be a whole number from 1 to 100000.";
const PAGE_SIZE_MESSAGE = `pageSize must be a whole number from 1 to ${INSIGHTS_PAGE_SIZE_MAX}.`;

/** A query string's whole number (digits only: "1e3", " 2", "0x10" are refused, not read as numbers). */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/** GET /api/galleries/gallery/:id/insights?page=&pageSize=&sort=recent|name */
export const insightsQuerySchema = z.object({
  page: wholeNumber(PAGE_MESSAGE, 1, 100_000).optional().default(1),
  pageSize: wholeNumber(PAGE_SIZE_MESSAGE, 1, INSIGHTS_PAGE_SIZE_MAX).optional().default(INSIGHTS_PAGE_SIZE),
  sort: z.enum(INSIGHTS_SORTS, { error: 'sort must be "recent" or "name".' }).optional().default("recent"),
});
