import { z } from "zod";
import { TEXTS } from "@/lib/texts";

/** A host name: labels of letters, digits and inner hyphens, a letter-only top-level label. */
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** What a studio types, made a bare lower-case host: a pasted scheme and trailing slash are dropped. */
export function normalizeDomainInput(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/+$/, "")
    .replace(/\.$/, "");
}

export const domainSchema = z
  .string({ error: TEXTS.domain.invalid })
  .transform(normalizeDomainInput)
  .refine((v) => HOST.test(v), TEXTS.domain.invalid);

/** PUT /api/admin/update-domain/{adminId}: `domainurl` (null removes it). */
export const updateDomainSchema = z.object({ domainurl: z.union([z.null(), domainSchema], { error: TEXTS.domain.invalid }) });

/** GET /api/domains/ask: `domain`, the host name a certificate is asked for. */
export const askDomainSchema = z.object({ domain: domainSchema });
