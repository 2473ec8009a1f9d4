// A studio's branding: company name, website, social links, logo and favicon. Uploaded images are
// checked by their content (decoded), not by their name or declared type.
import "server-only";
import { imageSize } from "image-size";
import { db } from "@/lib/db";
import { invalidateStudioGalleries } from "@/lib/services/public-cache";
import { AppError } from "@/lib/errors";
import { adminDetails } from "@/lib/services/accounts";
import { deleteObject, objectSize, readHead } from "@/lib/storage/objects";
import { isOwnAsset } from "@/lib/storage/keys";
import { UPLOAD_LIMITS } from "@/lib/limits";
import type { Actor } from "@/lib/auth/actor";
import type { Prisma } from "@/generated/prisma/client";
import type { z } from "zod";
import type { brandingSchema } from "@/lib/validation/branding";

const IMAGE_RULES = {
  logo: { label: "logo", maxBytes: UPLOAD_LIMITS.logoMaxBytes, minPx: UPLOAD_LIMITS.logoMinPx, types: ["png", "jpg", "webp", "gif"] },
  favicon: { label: "favicon", maxBytes: UPLOAD_LIMITS.faviconMaxBytes, minPx: UPLOAD_LIMITS.faviconMinPx, types: ["png", "jpg", "webp", "gif", "ico"] },
} as const;

/** Refuses (and deletes) an uploaded image that is missing, too big, not an image, or too small. */
async function checkImage(key: string, kind: keyof typeof IMAGE_RULES): Promise<void> {
  const rule = IMAGE_RULES[kind];
  const size = await objectSize(key);
  if (size === null) throw new AppError("VALIDATION", `The ${rule.label} file was not found. Please upload it again.`);
  const refuse = async (message: string): Promise<never> => {
    await deleteObject(key).catch(() => {});
    throw new AppError("VALIDATION", message);
  };
  if (size > rule.maxBytes) await refuse(`The ${rule.label} may be at most ${rule.maxBytes / 1048576} MB.`);
  let dims: { width?: number; height?: number; type?: string };
  try {
    dims = imageSize(await readHead(key, Math.min(size, 1024 * 1024)));
  } catch {
    return refuse(`The ${rule.label} is not a PNG, JPEG, WebP or GIF image.`);
  }
  if (!dims.type || !(rule.types as readonly string[]).includes(dims.type)) await refuse(`The ${rule.label} is not a PNG, JPEG, WebP or GIF image.`);
  if ((dims.width ?? 0) < rule.minPx || (dims.height ?? 0) < rule.minPx) {
    await refuse(`The ${rule.label} must be at least ${rule.minPx}×${rule.minPx} pixels.`);
  }
}

export async function updateBranding(actor: Actor, obj: z.output<typeof brandingSchema>) {
  const data: Prisma.AdminUpdateInput = {};
  if (obj.companyName !== undefined) data.companyName = obj.companyName;
  if (obj.websiteUrl !== undefined) data.websiteUrl = obj.websiteUrl;
  if (obj.socialLinks?.youtube !== undefined) data.youtubeUrl = obj.socialLinks.youtube;
  if (obj.socialLinks?.instagram !== undefined) data.instagramUrl = obj.socialLinks.instagram;
  if (obj.socialLinks?.facebook !== undefined) data.facebookUrl = obj.socialLinks.facebook;

  const replaced: string[] = [];
  for (const [field, kind] of [
    ["companyLogoUrl", "logo"],
    ["companyFaviconUrl", "favicon"],
  ] as const) {
    const key = obj[field];
    if (key === undefined) continue;
    if (key !== null) {
      if (!isOwnAsset(actor.id, key)) throw new AppError("VALIDATION", `The ${kind} must be uploaded to your own assets.`);
      await checkImage(key, kind);
    }
    const previous = actor[field];
    if (previous && previous !== key) replaced.push(previous);
    data[field] = key;
  }

  const updated = await db.admin.update({ where: { id: actor.id }, data });
  // The old files go only once the new ones are saved.
  await Promise.all(replaced.filter((k) => isOwnAsset(actor.id, k)).map((k) => deleteObject(k).catch(() => {})));
  await invalidateStudioGalleries(actor.id);
  return adminDetails(updated);
}
