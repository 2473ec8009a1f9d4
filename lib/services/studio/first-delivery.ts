// The studio's first hour (its home): its starter allowance and what is left of it, and the first
// delivery's four steps — films uploaded, a gallery styled, a guest added, the gallery sent — each
// read from the studio's own rows, so the checklist shows until the studio has done them all.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { DEFAULT_FONT_CLASS } from "@/lib/services/galleries/rules/fonts";
import { GALLERY_TEMPLATES } from "@/lib/services/galleries/rules/templates";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { FirstDeliveryState } from "@/lib/services/studio/rules/first-delivery";

/** A gallery styled: anything of its look away from a new gallery's (lib/services/galleries: template, fonts, colours, cover, music, focal point). */
const STYLED = [
  { templateId: { not: GALLERY_TEMPLATES[0].id } },
  { fheading: { not: DEFAULT_FONT_CLASS } },
  { fbody: { not: DEFAULT_FONT_CLASS } },
  { accentColor: { not: null } },
  { textColor: { not: null } },
  { bgImageUrl: { not: null } },
  { bgVideoUrl: { not: null } },
  { musicUrl: { not: null } },
];

export async function firstDelivery(actor: Pick<Actor, "id" | "plan" | "creditBytes">): Promise<FirstDeliveryState> {
  const where = { adminId: actor.id };
  const [allowance, film, styled, guest, sent, newest] = await Promise.all([
    db.starterAllowance.findFirst({ where, select: { bytes: true } }),
    db.video.findFirst({ where, select: { id: true } }),
    db.gallery.findFirst({ where: { ...where, OR: STYLED }, select: { id: true } }),
    db.galleryInvite.findFirst({ where, select: { id: true } }),
    db.galleryInvite.findFirst({ where: { ...where, sentAt: { not: null } }, select: { id: true } }),
    db.gallery.findFirst({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } }),
  ]);
  return {
    allowance: allowance && actor.plan === "NO_PLAN" ? { bytes: Number(allowance.bytes), leftBytes: Number(actor.creditBytes) } : null,
    steps: { upload: film !== null, style: styled !== null, guest: guest !== null, send: sent !== null },
    galleryId: newest?.id ?? null,
  };
}
