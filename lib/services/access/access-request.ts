// "Ask for access" on an expired gallery's page (POST /api/public/galleries/:slug/access-request):
// a guest whose link has run out asks the studio to open it again. The studio gets a mail (its
// sign-in address, through the mail layer's outbox) with who asks and where to answer; nothing
// else is recorded, nothing of the gallery changes. The answer is the same whatever the name
// names, so the door tells no more than the expired page does: a mail goes out only when the
// gallery exists, its studio is active, and its page shows it expired (the gate's page form).
// Limited per client address and gallery, and per gallery, in hourly allowances
// (lib/security/rate-limit.ts takeHourly; ACCESS_REQUEST_LIMITS), counted before the gallery is
// looked up: a refusal says nothing about it either.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ACCESS_REQUEST_LIMITS } from "@/lib/limits";
import { sendMail } from "@/lib/mail";
import { accessRequestMail } from "@/lib/mail/emails/access-request";
import { galleryPath } from "@/lib/routes";
import { RateLimitError, takeHourly } from "@/lib/security/rate-limit";
import { TEXTS } from "@/lib/texts";
import type { AccessRequestInput } from "@/lib/validation/public";
import { gateSubject, pageGate } from "@/lib/services/access/gate";
import { findGallery } from "@/lib/services/access/open-gallery";

/** The hourly allowances one request uses: this address's to this gallery, and the gallery's in all. */
const accessRequestAllowances = (ref: string, address: string) => {
  const gallery = ref.trim().toLowerCase();
  return [
    { key: `access-request:pair:${gallery}|${address}`, limit: ACCESS_REQUEST_LIMITS.perAddressPerGalleryPerHour },
    { key: `access-request:gallery:${gallery}`, limit: ACCESS_REQUEST_LIMITS.perGalleryPerHour },
  ];
};

/** Mails an expired gallery's studio that someone asks for access; 429 past the allowances. Says nothing else. */
export async function requestAccess(ref: string, input: AccessRequestInput, address: string, now = Date.now()): Promise<void> {
  const taken = await takeHourly(accessRequestAllowances(ref, address), now);
  if (!taken.ok) throw new RateLimitError(taken.retryAfterSec, TEXTS.viewer.tooManyAttempts);
  const g = await findGallery(ref);
  if (!g || pageGate(gateSubject(g), now).outcome !== "expired") return;
  const studio = await db.admin.findUnique({ where: { id: g.adminId }, select: { email: true } });
  if (!studio) return;
  const mail = await accessRequestMail({
    galleryTitle: g.title,
    name: input.name,
    email: input.email,
    message: input.message || null,
    settingsUrl: `${env().APP_URL.replace(/\/+$/, "")}${galleryPath(g.id, "settings")}`,
  });
  await sendMail({ ...mail, to: studio.email });
}
