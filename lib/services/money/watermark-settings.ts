// The studio's preview watermark (Paid delivery, Account → Payments): what is burned into the
// previews guests of its unpaid galleries watch. A change makes every unpaid gallery's previews
// again (lib/services/films/video-preview.ts); the previous ones play until each new one is published.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { audit } from "@/lib/services/platform";
import { studioShownName } from "@/lib/texts/labels";
import { queueStudioPreviews } from "@/lib/services/films";
import { isRasterLogo } from "@/lib/services/money/rules/watermark";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { WatermarkDto } from "@/lib/contract/delivery";
import type { WatermarkInput } from "@/lib/validation/gallery-price";
import type { Admin } from "@/generated/prisma/client";

function view(a: Pick<Admin, "watermarkText" | "watermarkLogo" | "watermarkPosition" | "watermarkOpacity" | "companyLogoUrl" | "companyName" | "name">): WatermarkDto {
  return { text: a.watermarkText, logo: a.watermarkLogo, position: a.watermarkPosition, opacity: a.watermarkOpacity, hasLogo: isRasterLogo(a.companyLogoUrl), shownName: studioShownName(a) };
}

/** GET /api/payments/watermark */
export async function studioWatermark(actor: Actor): Promise<WatermarkDto> {
  return view(await db.admin.findUniqueOrThrow({ where: { id: actor.id } }));
}

/** PUT /api/payments/watermark: saved, audited, and the previews of every unpaid gallery made again when it changed. */
export async function updateWatermark(actor: Actor, input: WatermarkInput): Promise<WatermarkDto> {
  const before = await db.admin.findUniqueOrThrow({ where: { id: actor.id } });
  const data = { watermarkText: input.text, watermarkLogo: input.logo, watermarkPosition: input.position, watermarkOpacity: input.opacity };
  const changed = (Object.keys(data) as (keyof typeof data)[]).some((k) => before[k] !== data[k]);
  if (!changed) return view(before);
  const after = await db.$transaction(async (tx) => {
    const a = await tx.admin.update({ where: { id: actor.id }, data });
    await audit(tx, actor, "studio.watermark", actor.id, data);
    return a;
  });
  await queueStudioPreviews(actor.id);
  return view(after);
}
