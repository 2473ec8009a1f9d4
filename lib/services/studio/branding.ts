// A studio's branding: company name, website, social links, logo and favicon. Uploaded images are
// checked by their content (decoded), not by their name or declared type.
import "@/lib/server-only";
import { imageSize } from "image-size";
import { db } from "@/lib/db";
import { queueStudioPreviews, claimAsset, refuseAsset, releaseAsset, unsavedAsset } from "@/lib/services/films";
import { invalidateStudioGalleries } from "@/lib/services/public";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { adminDetails } from "@/lib/services/access";
import { readHead } from "@/lib/storage/objects";
import { isOwnAsset } from "@/lib/storage/keys";
import { UPLOAD_LIMITS } from "@/lib/limits";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Prisma, Upload } from "@/generated/prisma/client";
import type { z } from "zod";
import type { brandingSchema } from "@/lib/validation/branding";

/** Raster types only (never SVG or HTML); the decoded type must also match the type the upload was signed for. */
const MIME_OF = { png: ["image/png"], jpg: ["image/jpeg"], webp: ["image/webp"], ico: ["image/x-icon", "image/vnd.microsoft.icon"] } as const;

const IMAGE_RULES = {
  logo: { label: "logo", maxBytes: UPLOAD_LIMITS.logoMaxBytes, minPx: UPLOAD_LIMITS.logoMinPx, types: ["png", "jpg", "webp"] },
  favicon: { label: "favicon", maxBytes: UPLOAD_LIMITS.faviconMaxBytes, minPx: UPLOAD_LIMITS.faviconMinPx, types: ["png", "jpg", "webp", "ico"] },
} as const;

/** Refuses (and removes) an uploaded image that is missing, too big, not a raster image of its signed type, or too small. */
async function checkImage(actor: Actor, key: string, kind: keyof typeof IMAGE_RULES): Promise<Upload> {
  const rule = IMAGE_RULES[kind];
  const missing = `The ${rule.label} file was not found. Please upload it again.`;
  const found = await unsavedAsset(actor, key, missing);
  if (!found) throw new AppError("VALIDATION", missing);
  const { upload, size } = found;
  const refuse = (message: string) => refuseAsset(upload, message);
  if (size > rule.maxBytes) await refuse(`The ${rule.label} may be at most ${rule.maxBytes / 1048576} MB.`);
  let dims: { width?: number; height?: number; type?: string };
  try {
    dims = imageSize(await readHead(key, Math.min(size, 1024 * 1024)));
  } catch {
    return refuse(`The ${rule.label} is not a PNG, JPEG or WebP image.`);
  }
  const type = dims.type as keyof typeof MIME_OF | undefined;
  if (!type || !(rule.types as readonly string[]).includes(type)) await refuse(`The ${rule.label} is not a PNG, JPEG or WebP image.`);
  if (!(MIME_OF[type!] as readonly string[]).includes(upload.contentType)) await refuse(TEXTS.assetTypes);
  if ((dims.width ?? 0) < rule.minPx || (dims.height ?? 0) < rule.minPx) {
    await refuse(`The ${rule.label} must be at least ${rule.minPx}×${rule.minPx} pixels.`);
  }
  return upload;
}

export async function updateBranding(actor: Actor, obj: z.output<typeof brandingSchema>) {
  const data: Prisma.AdminUpdateInput = {};
  if (obj.companyName !== undefined) data.companyName = obj.companyName;
  if (obj.websiteUrl !== undefined) data.websiteUrl = obj.websiteUrl;
  if (obj.socialLinks?.youtube !== undefined) data.youtubeUrl = obj.socialLinks.youtube;
  if (obj.socialLinks?.instagram !== undefined) data.instagramUrl = obj.socialLinks.instagram;
  if (obj.socialLinks?.facebook !== undefined) data.facebookUrl = obj.socialLinks.facebook;
  for (const field of ["companySize", "jobType", "numberOfClients", "projectSize", "mediaType", "deliveryType"] as const) if (obj[field] !== undefined) data[field] = obj[field];
  if (obj.heardOption !== undefined) data.heardOption = obj.heardOption || null;

  const replaced: string[] = [];
  const claimed: Upload[] = [];
  for (const [field, kind] of [
    ["companyLogoUrl", "logo"],
    ["companyFaviconUrl", "favicon"],
  ] as const) {
    const key = obj[field];
    const previous = actor[field];
    if (key === undefined || key === previous) continue;
    if (key !== null) {
      if (!isOwnAsset(actor.id, key)) throw new AppError("VALIDATION", `The ${kind} must be uploaded to your own assets.`);
      claimed.push(await checkImage(actor, key, kind));
    }
    if (previous) replaced.push(previous);
    data[field] = key;
  }

  // The new images are marked in use in the same transaction that saves them.
  const updated = await db.$transaction(async (tx) => {
    for (const upload of claimed) {
      if (!(await claimAsset(tx, upload))) throw new AppError("CONFLICT", "This image was already used or removed. Please upload it again.");
    }
    return tx.admin.update({ where: { id: actor.id }, data });
  });
  // The old files go only once the new ones are saved (or later, by the sweep, if the store is down).
  const inUse = new Set([updated.companyLogoUrl, updated.companyFaviconUrl]);
  for (const key of replaced) if (isOwnAsset(actor.id, key) && !inUse.has(key)) await releaseAsset(actor.id, key);
  await invalidateStudioGalleries(actor.id);
  // The previews' watermark may be the studio's name or logo (Paid delivery): those whose stamp changed are made again.
  if ("companyName" in data || "companyLogoUrl" in data) await queueStudioPreviews(actor.id);
  return adminDetails(updated);
}
