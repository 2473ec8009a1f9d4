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

/** PUT /api/admin/admin-update/{ownId} from a studio: only its own branding. */
export const brandingSchema = z
  .object({
    companyName: z.string().trim().min(1, "Company name is required.").max(120, "Company name is too long."),
    websiteUrl: z.union([z.literal(""), websiteSchema]),
    socialLinks: z
      .object({
        youtube: socialLink("YouTube", ["youtube.com", "youtu.be"]),
        instagram: socialLink("Instagram", ["instagram.com"]),
        facebook: socialLink("Facebook", ["facebook.com", "fb.com"]),
      })
      .partial()
      .strict(),
    companyLogoUrl: z.string().max(400).nullable(),
    companyFaviconUrl: z.string().max(400).nullable(),
  })
  .partial()
  .strict();

export const brandingBodySchema = z.object({ obj: brandingSchema });

/** POST /api/products/generate-presigned-url query. */
export const presignQuerySchema = z.object({
  folderPath: z.string().min(1).max(200),
  fileName: z.string().trim().min(1, "fileName is required.").max(255),
  fileType: z.string().regex(/^(image|audio)\/[a-z0-9.+-]+$/i, "Only image and audio files are accepted here."),
});
