import { z } from "zod";
import { websiteSchema } from "@/lib/validation/accounts";

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
  })
  .partial()
  .strict();

export const brandingBodySchema = z.object({ obj: brandingSchema });
/** What the branding door takes in `obj` (Account → Company settings sends it). */
export type BrandingInput = z.input<typeof brandingSchema>;
