import { z } from "zod";
import { websiteSchema } from "@/lib/validation/accounts";
import { CLIENT_COUNTS, COMPANY_SIZES, DELIVERY_TYPES, HEARD_OPTIONS, JOB_TYPES, MEDIA_TYPES, PROJECT_SIZES } from "@/lib/services/access/rules/signup-options";

/** An answer about the studio given later than sign-up: one of the sign-up's options, or "" (none). Left out: unchanged. */
const answer = <T extends readonly [string, ...string[]]>(values: T, label: string) => z.union([z.enum(values), z.literal("")], { error: `Choose a ${label}.` });
const answers = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .array(z.enum(values, { error: `Choose valid ${label}.` }))
    .max(values.length)
    .transform((list) => [...new Set(list)]);

/** A link to one of the studio's social profiles: empty, or an address on the network's own host. */
function socialLink(label: string, hosts: string[]) {
  return z.union([
    z.literal(""),
    websiteSchema.refine((v) => {
      try {
        return hosts.includes(new URL(v).hostname.toLowerCase().replace(/^(www|m)\./, ""));
      } catch {
        return false; // already reported by websiteSchema
      }
    }, `Enter a ${label} link (${hosts[0]}/…).`),
  ]);
}

/** The studio's social profile links (the branding door; an export's manifest is held to the same). */
export const socialLinkSchemas = {
  youtube: socialLink("YouTube", ["youtube.com", "youtu.be"]),
  instagram: socialLink("Instagram", ["instagram.com"]),
  facebook: socialLink("Facebook", ["facebook.com", "fb.com"]),
};
/** The company's name as the branding and client doors take it. */
export const COMPANY_NAME_MAX = 120;

/** PUT /api/admin/admin-update/{ownId} from a studio: only its own branding. */
export const brandingSchema = z
  .object({
    companyName: z.string().trim().min(1, "Company name is required.").max(COMPANY_NAME_MAX, "Company name is too long."),
    websiteUrl: z.union([z.literal(""), websiteSchema]),
    socialLinks: z.object(socialLinkSchemas).partial().strict(),
    companyLogoUrl: z.string().max(400).nullable(),
    companyFaviconUrl: z.string().max(400).nullable(),
    // The sign-up's questions about the studio, answered (or changed) in Account → Company Setting.
    companySize: answer(COMPANY_SIZES, "company size"),
    mediaType: answers(MEDIA_TYPES, "media type"),
    jobType: answer(JOB_TYPES, "job type"),
    numberOfClients: answer(CLIENT_COUNTS, "number of clients"),
    projectSize: answer(PROJECT_SIZES, "project size"),
    deliveryType: answers(DELIVERY_TYPES, "delivery type"),
    heardOption: answer(HEARD_OPTIONS, "way you heard of us"),
  })
  .partial()
  .strict();

export const brandingBodySchema = z.object({ obj: brandingSchema });
/** What the branding door takes in `obj` (Account → Company settings sends it). */
export type BrandingInput = z.input<typeof brandingSchema>;
