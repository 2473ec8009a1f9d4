// Sending a guest's delivery mail: now, or scheduled; and its preview.
//
// The studio chooses per send a subject and a personal message (plain text), whether the mail
// includes the gallery's download PIN or tells the guest to ask the studio for it (kept on the
// invite: the guest's PIN dialog says the same), the guest's language (kept on the invite; without
// one, the gallery's viewer language) and, optionally, a moment to send it. The preview renders the
// mail with the same function and the same inputs as the send (mailInput → renderDelivery), so the
// studio sees the very mail the guest gets.
//
// Every send takes one mail from the guest's and the studio's hourly allowances (lib/limits.ts
// DELIVERY_MAIL_LIMITS; a scheduled one when it is scheduled). A scheduled send is kept on the invite
// (sendAt, its subject and message) and sent by the `invite-send` job at its time; the minute's sweep
// (`invites-due`) sends any whose job was lost. Both go through sendScheduledInvite, which claims
// the send (sendAt cleared, sentAt set, the mail recorded) in one transaction, so a job run twice, or
// a job and the sweep at once, mail the guest once; a revoked invite or a cancelled send is never
// claimed, so nothing goes.
import { studioShownName } from "@/lib/texts/labels";
import "@/lib/server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { log } from "@/lib/log";
import { deliverMail, recordMail, sendMail } from "@/lib/mail";
import { enqueue } from "@/lib/jobs/queue";
import { inviteSendJob } from "@/lib/jobs/kinds";
import { RateLimitError, takeHourly } from "@/lib/security/rate-limit";
import { DELIVERY_MAIL_LIMITS } from "@/lib/limits";
import { renderDelivery, type DeliveryInput } from "@/lib/services/guests/invite-mail";
import { openDownloadPin } from "@/lib/services/access";
import { dto, GALLERY_SELECT, INVITE_SELECT, linkOf, listFor, ownedGallery, ownedInvite, type InviteRow, type OwnedGallery } from "@/lib/services/guests/invites";
import type { PinNote } from "@/lib/mail/emails/delivery";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { InviteDto, MailPreviewDto, SendAllResult } from "@/lib/contract/guests";
import type { SendAllOptions, SendOptions } from "@/lib/validation/invites";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";
import { guestLanguage } from "@/lib/services/guests/rules/guest-language";

/** Why an invite cannot be mailed now, or null. */
function unsendable(i: InviteRow, now: number): "revoked" | "expired" | null {
  if (i.revokedAt) return "revoked";
  if (i.expiresAt && i.expiresAt.getTime() <= now) return "expired";
  return null;
}

function requireSendableGallery(g: OwnedGallery, now: number): void {
  if (g.expiresAt && g.expiresAt.getTime() <= now) throw new AppError("CONFLICT", TEXTS.guests.galleryExpired);
}

/** A send's choices, resolved: blank words are none; the PIN choice is this send's, else the invite's last, else "ask". */
type Choice = { subject: string | null; message: string | null; pinInMail: boolean; language: ViewerLanguage | null };

const words = (s: string | null | undefined): string | null => (s && s.trim() ? s.trim() : null);

const choiceOf = (i: InviteRow, o: SendAllOptions & { language?: ViewerLanguage }): Choice => ({
  subject: words(o.subject),
  message: words(o.message),
  pinInMail: o.pinInMail ?? i.pinInMail ?? false,
  language: o.language ?? null,
});

/**
 * What the mail says of the download PIN: nothing without one, nor to a guest who may download
 * (their link downloads without it: the invitation follows the guest's rights); "ask the studio",
 * or the PIN itself (opened from its seal). A PIN that cannot be opened (set before PINs were
 * sealed) is a 409 when the studio sends; a scheduled send then says "ask the studio" rather than
 * not going (`fallBack`).
 */
function pinNote(g: OwnedGallery, i: Pick<InviteRow, "mayDownload"> | null, pinInMail: boolean, fallBack = false): PinNote {
  if (!g.downloadPinHash || i?.mayDownload) return null;
  if (!pinInMail) return { mode: "ask" };
  const pin = openDownloadPin(g.id, g.downloadPinSealed);
  if (pin) return { mode: "mail", pin };
  if (fallBack) return { mode: "ask" };
  throw new AppError("CONFLICT", TEXTS.guests.pinNotReadable);
}

/** The one set of inputs of a guest's mail, for the preview and the send alike. */
function mailInput(g: OwnedGallery, i: InviteRow, c: Choice, fallBack = false): DeliveryInput {
  return {
    invite: i,
    gallery: { title: g.title, bgImageUrl: g.bgImageUrl, expiresAt: g.expiresAt },
    studio: { name: studioShownName(g.admin), logoKey: g.admin.companyLogoUrl },
    link: linkOf(g, i),
    language: guestLanguage({ ...i, language: c.language ?? i.language }, g.settingLanguage),
    subject: c.subject,
    message: c.message,
    pin: pinNote(g, i, c.pinInMail, fallBack),
  };
}

/** What a send keeps on the invite: the PIN choice (when the gallery has a PIN) and the language (when one was chosen). */
const kept = (g: OwnedGallery, c: Choice) => ({ ...(g.downloadPinHash ? { pinInMail: c.pinInMail } : {}), ...(c.language ? { language: c.language } : {}) });

const NOT_SCHEDULED = { sendAt: null, mailSubject: null, mailMessage: null } as const;

/** The hourly allowances one delivery mail uses: the guest's (an address this studio mails) and the studio's. */
export const deliveryAllowances = (adminId: string, email: string) => ({
  guest: { key: `delivery:guest:${adminId}:${email.toLowerCase()}`, limit: DELIVERY_MAIL_LIMITS.perGuestPerHour },
  studio: { key: `delivery:studio:${adminId}`, limit: DELIVERY_MAIL_LIMITS.perStudioPerHour },
});

/** Takes one delivery mail from the guest's and the studio's allowances; null, or the refusal (and whether the studio's is used up). */
async function allowDelivery(adminId: string, email: string, now: number): Promise<{ error: RateLimitError; studio: boolean } | null> {
  const a = deliveryAllowances(adminId, email);
  const r = await takeHourly([a.guest, a.studio], now);
  if (r.ok) return null;
  const studio = r.refused.key === a.studio.key;
  return { error: new RateLimitError(r.retryAfterSec, studio ? TEXTS.guests.sendLimitStudio : TEXTS.guests.sendLimitGuest), studio };
}

/** Mails one guest now; whether it went (a sent mail is recorded on the invite, and supersedes a scheduled one). */
async function deliverNow(g: OwnedGallery, i: InviteRow, c: Choice): Promise<boolean> {
  const mail = await renderDelivery(mailInput(g, i, c));
  const { status } = await sendMail({ ...mail, to: i.email });
  if (status !== "SENT") return false;
  await db.galleryInvite.update({ where: { id: i.id, galleryId: g.id }, data: { sentAt: new Date(), ...NOT_SCHEDULED, ...kept(g, c) } });
  return true;
}

/** Keeps a send for later and queues its job (its time and invite are its singleton key). */
async function scheduleSend(g: OwnedGallery, i: InviteRow, c: Choice, at: Date): Promise<void> {
  await db.galleryInvite.update({ where: { id: i.id, galleryId: g.id }, data: { sendAt: at, mailSubject: c.subject, mailMessage: c.message, ...kept(g, c) } });
  try {
    await enqueue(inviteSendJob, { inviteId: i.id, at: at.toISOString() });
  } catch (e) {
    // Kept on the invite all the same: the minute's sweep sends it.
    log().warn({ inviteId: i.id, err: e instanceof Error ? e.message : String(e) }, "scheduled send not queued; the sweep sends it");
  }
}

/** POST …/invites/{inviteId}/preview: the mail this send would be (subject, HTML, text) and its language, nothing sent or kept. */
export async function previewInvite(actor: Actor, galleryId: string, inviteId: string, options: SendOptions): Promise<MailPreviewDto> {
  const g = await ownedGallery(actor, galleryId);
  const invite = await ownedInvite(actor, galleryId, inviteId);
  const input = mailInput(g, invite, choiceOf(invite, options));
  return { ...(await renderDelivery(input)), language: input.language };
}

/**
 * POST …/invites/{inviteId}/send: mails the guest the delivery mail with their personal link (the
 * same link every time), now or at `sendAt`. 409 for a revoked or expired link, an expired gallery,
 * or a PIN to include that cannot be read; 429 past the guest's or the studio's hourly allowance of
 * delivery mails (nothing sent); 502 when the mail provider refused it (recorded as FAILED).
 */
export async function sendInvite(actor: Actor, galleryId: string, inviteId: string, options: SendOptions = {}): Promise<{ invite: InviteDto }> {
  const g = await ownedGallery(actor, galleryId);
  const invite = await ownedInvite(actor, galleryId, inviteId);
  const now = Date.now();
  requireSendableGallery(g, now);
  const why = unsendable(invite, now);
  if (why) throw new AppError("CONFLICT", why === "revoked" ? TEXTS.guests.notSendableRevoked : TEXTS.guests.notSendableExpired);
  const choice = choiceOf(invite, options);
  mailInput(g, invite, choice); // a PIN that cannot be read refuses before an allowance is taken
  const limited = await allowDelivery(actor.id, invite.email, now);
  if (limited) throw limited.error;
  if (options.sendAt) await scheduleSend(g, invite, choice, new Date(options.sendAt));
  else if (!(await deliverNow(g, invite, choice))) throw new AppError("UPSTREAM", TEXTS.guests.sendFailed);
  return { invite: dto(g, await ownedInvite(actor, galleryId, inviteId), Date.now()) };
}

/** DELETE …/invites/{inviteId}/send: cancels the guest's scheduled send (nothing is sent); without one, nothing changes. */
export async function cancelScheduledSend(actor: Actor, galleryId: string, inviteId: string): Promise<{ invite: InviteDto }> {
  const g = await ownedGallery(actor, galleryId);
  await ownedInvite(actor, galleryId, inviteId);
  await db.galleryInvite.updateMany({ where: { id: inviteId, galleryId, adminId: actor.id }, data: NOT_SCHEDULED });
  return { invite: dto(g, await ownedInvite(actor, galleryId, inviteId), Date.now()) };
}

/** Mails sent at once by "Send to guests" (Resend allows a few requests a second). */
const SEND_CONCURRENCY = 2;

/**
 * POST …/invites/send ("Send to guests"): mails (or schedules, with `sendAt`) every guest whose link
 * works (not revoked, not expired), each in their own language; says who was sent, scheduled, who
 * failed and who was skipped and why (a guest past its hourly allowance of delivery mails, or every
 * one left once the studio's is used up: `limited`). 409 for an expired gallery or an unreadable PIN.
 */
export async function sendAllInvites(actor: Actor, galleryId: string, options: SendAllOptions = {}): Promise<SendAllResult> {
  const g = await ownedGallery(actor, galleryId);
  const now = Date.now();
  requireSendableGallery(g, now);
  const rows = await db.galleryInvite.findMany({ where: { galleryId: g.id, adminId: actor.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: INVITE_SELECT });
  const skipped: SendAllResult["skipped"] = [];
  const queue: InviteRow[] = [];
  for (const r of rows) {
    const why = unsendable(r, now);
    if (why) skipped.push({ id: r.id, email: r.email, reason: why });
    else queue.push(r);
  }
  if (options.pinInMail && queue.some((r) => !r.mayDownload)) pinNote(g, null, true); // refuses before anything is sent
  const sent: SendAllResult["sent"] = [];
  const failed: SendAllResult["failed"] = [];
  const scheduled: SendAllResult["scheduled"] = [];
  let next = 0;
  let studioSpent = false;
  const worker = async () => {
    while (next < queue.length) {
      const r = queue[next++];
      const limited = studioSpent || (await allowDelivery(actor.id, r.email, now));
      if (limited) {
        if (limited !== true && limited.studio) studioSpent = true;
        skipped.push({ id: r.id, email: r.email, reason: "limited" });
        continue;
      }
      const choice = choiceOf(r, options);
      if (options.sendAt) {
        await scheduleSend(g, r, choice, new Date(options.sendAt));
        scheduled.push({ id: r.id, email: r.email });
      } else ((await deliverNow(g, r, choice)) ? sent : failed).push({ id: r.id, email: r.email });
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, queue.length) }, worker));
  return { ...(await listFor(g, actor)), sent, failed, skipped, scheduled };
}

/**
 * The `invite-send` job and the sweep: sends the invite's scheduled mail if it is due and still
 * wanted, once. A revoked or expired invite, an expired gallery or a studio no longer active: the
 * send is dropped (cleared), nothing mailed. The claim (sendAt as read → null, sentAt set) and the
 * mail's record commit together; two runs at once claim it once (the second finds sendAt changed).
 * A mail the provider refuses is recorded FAILED and the invite's previous sentAt is put back.
 */
export async function sendScheduledInvite(inviteId: string, now = new Date()): Promise<"sent" | "failed" | "dropped" | "nothing"> {
  const row = await db.galleryInvite.findUnique({
    where: { id: inviteId },
    select: { ...INVITE_SELECT, gallery: { select: { ...GALLERY_SELECT, admin: { select: { ...GALLERY_SELECT.admin.select, status: true } } } } },
  });
  if (!row?.sendAt || row.sendAt > now) return "nothing";
  const { gallery, ...invite } = row;
  const t = now.getTime();
  if (unsendable(invite, t) || (gallery.expiresAt && gallery.expiresAt.getTime() <= t) || gallery.admin.status !== "ACTIVE") {
    await db.galleryInvite.updateMany({ where: { id: inviteId, sendAt: invite.sendAt }, data: NOT_SCHEDULED });
    return "dropped";
  }
  const choice: Choice = { subject: invite.mailSubject, message: invite.mailMessage, pinInMail: invite.pinInMail ?? false, language: null };
  const mail = { ...(await renderDelivery(mailInput(gallery, invite, choice, true))), to: invite.email };
  const record = await db.$transaction(async (tx) => {
    const { count } = await tx.galleryInvite.updateMany({ where: { id: inviteId, sendAt: invite.sendAt, revokedAt: null }, data: { ...NOT_SCHEDULED, sentAt: now } });
    return count === 1 ? recordMail(mail, tx) : null;
  });
  if (!record) return "nothing";
  if ((await deliverMail(record, mail)).status === "SENT") return "sent";
  await db.galleryInvite.updateMany({ where: { id: inviteId, sentAt: now }, data: { sentAt: invite.sentAt } });
  return "failed";
}

/** Scheduled sends the sweep takes per run. */
const DUE_BATCH = 200;

/** The minute's sweep (`invites-due`): every scheduled send whose time has come and whose job did not send it. */
export async function sendDueInvites(now = new Date()): Promise<{ due: number; sent: number }> {
  const due = await db.galleryInvite.findMany({ where: { sendAt: { lte: now } }, select: { id: true }, orderBy: { sendAt: "asc" }, take: DUE_BATCH });
  let sent = 0;
  for (const { id } of due) if ((await sendScheduledInvite(id, now)) === "sent") sent++;
  return { due: due.length, sent };
}
