// A gallery's guests and their personal links: the studio's inputs, the pasted list's
// parsing (shared by the panel, which previews nothing, and the door, which decides), and the guest
// door's token.
import { z } from "zod";
import { TEXTS } from "@/lib/texts";
import { emailSchema } from "@/lib/validation/auth";
import { VIEWER_LANGUAGES } from "@/lib/viewer-i18n/language.cjs";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

/** At most this many guests per call (one added, or a pasted list's lines). */
export const INVITES_PER_CALL = 500;
/** At most this many guests per gallery (revoked ones included). */
export const INVITES_PER_GALLERY = 2000;
export const GUEST_NAME_MAX = 100;
/** A pasted list's size: 500 lines of a long name and address. */
const LIST_MAX_CHARS = 200_000;

const guestName = z.string({ error: TEXTS.guests.nameRequired }).trim().max(GUEST_NAME_MAX, TEXTS.guests.nameTooLong);

/** The optional expiry of a guest's link: a moment in the future, or null (as long as the gallery). */
const inviteExpirySchema = z.union([z.null(), z.iso.datetime({ offset: true, error: TEXTS.guests.expiryInvalid }).refine((v) => new Date(v).getTime() > Date.now(), TEXTS.guests.expiryPast)]);

/** A guest's language for mails: one of the viewer's languages. */
export const inviteLanguageSchema = z.enum(VIEWER_LANGUAGES as [ViewerLanguage, ...ViewerLanguage[]], { error: TEXTS.guests.languageInvalid });

/** One guest as the form sends it; their own `language` wins over the call's. */
const guestSchema = z.object({ name: guestName.min(1, TEXTS.guests.nameRequired), email: emailSchema, language: inviteLanguageSchema.nullable().optional() }).strict();

/**
 * POST /api/galleries/gallery/{id}/invites: either `guests` (the form: one or a few) or `list` (a
 * pasted list, one guest a line, parsed line by line: see parseGuestList); `expiresAt`,
 * `mayDownload` and the review rights `mayComment` and `mayApprove` apply to every guest
 * of the call (left out: a guest already there keeps theirs; a new one has none); so does `language`,
 * unless a guest of `guests` has their own.
 */
export const addInvitesSchema = z
  .object({
    guests: z.array(guestSchema, { error: TEXTS.guests.guestsInvalid }).min(1, TEXTS.guests.guestsInvalid).max(INVITES_PER_CALL, TEXTS.guests.tooMany).optional(),
    list: z.string({ error: TEXTS.guests.listInvalid }).max(LIST_MAX_CHARS, TEXTS.guests.tooMany).optional(),
    expiresAt: inviteExpirySchema.optional(),
    mayDownload: z.boolean({ error: "mayDownload must be true or false." }).optional(),
    mayComment: z.boolean({ error: "mayComment must be true or false." }).optional(),
    mayApprove: z.boolean({ error: "mayApprove must be true or false." }).optional(),
    language: inviteLanguageSchema.nullable().optional(),
  })
  .strict()
  .refine((b) => (b.guests === undefined) !== (b.list === undefined), { message: TEXTS.guests.guestsOrList })
  .refine((b) => b.list === undefined || listLines(b.list).length <= INVITES_PER_CALL, { message: TEXTS.guests.tooMany })
  .refine((b) => b.list === undefined || listLines(b.list).length > 0, { message: TEXTS.guests.listEmpty });
export type AddInvitesInput = z.infer<typeof addInvitesSchema>;

export const MAIL_SUBJECT_MAX = 150;
export const MAIL_MESSAGE_MAX = 2000;
/** How far ahead a delivery mail may be scheduled. */
const SEND_AT_MAX_DAYS = 90;
/** The largest body a send or preview door reads: a message of 2,000 characters, each up to 4 bytes as UTF-8 and 6 as JSON. */
export const SEND_BODY_MAX_BYTES = 16 * 1024;

/**
 * The delivery mail's options, for POST …/invites/{inviteId}/send, …/invites/send
 * and …/invites/{inviteId}/preview: the studio's subject and personal message (plain text, shown as
 * text; blank is none), whether the mail includes the download PIN (else it tells the guest to ask
 * the studio), the guest's language, and a moment to send it later (within 90 days). A send without
 * a body sends at once with the defaults.
 */
export const sendOptionsSchema = z
  .object({
    subject: z.string({ error: TEXTS.guests.subjectTooLong }).trim().max(MAIL_SUBJECT_MAX, TEXTS.guests.subjectTooLong).optional(),
    message: z.string({ error: TEXTS.guests.messageTooLong }).max(MAIL_MESSAGE_MAX, TEXTS.guests.messageTooLong).optional(),
    pinInMail: z.boolean({ error: "pinInMail must be true or false." }).optional(),
    language: inviteLanguageSchema.optional(),
    sendAt: z.iso
      .datetime({ offset: true, error: TEXTS.guests.sendAtInvalid })
      .refine((v) => new Date(v).getTime() > Date.now(), TEXTS.guests.sendAtPast)
      .refine((v) => new Date(v).getTime() <= Date.now() + SEND_AT_MAX_DAYS * 24 * 60 * 60 * 1000, TEXTS.guests.sendAtTooFar)
      .optional(),
  })
  .strict();
export type SendOptions = z.infer<typeof sendOptionsSchema>;
/** "Send to guests": the same, but each guest's mail in their own language. */
export const sendAllOptionsSchema = sendOptionsSchema.omit({ language: true });
export type SendAllOptions = z.infer<typeof sendAllOptionsSchema>;

/** PATCH /api/galleries/gallery/{id}/invites/{inviteId}: the guest's language (null: not set, the rule decides). */
/** PATCH …/invites/:inviteId: what changes (left out: unchanged; `language: null` clears it). */
export const inviteUpdateSchema = z.object({ language: inviteLanguageSchema.nullable().optional() }).strict();
export type InviteUpdate = z.infer<typeof inviteUpdateSchema>;

/** PUT /api/galleries/gallery/{id}/invites: the gallery's reminder mails on or off. */
export const invitesSettingsSchema = z.object({ remindersEnabled: z.boolean({ error: "remindersEnabled must be true or false." }) }).strict();

/**
 * POST /api/public/galleries/{slug}/guest: the personal link's `k`. Any string up to 200 characters
 * reaches the check (a malformed token is a wrong one, counted by the throttle like any other).
 * `language`: the viewer language the page is in, kept as the guest's browser language.
 */
/** POST /api/public/galleries/{slug}/pay: the page's viewer language (a payer without a personal link is mailed in it). */
export const payBodySchema = z.object({ language: inviteLanguageSchema.optional() });

export const guestTokenSchema = z.object({
  token: z.string({ error: TEXTS.viewer.inviteInvalid }).min(1, TEXTS.viewer.inviteInvalid).max(200, TEXTS.viewer.inviteInvalid),
  language: inviteLanguageSchema.optional(),
});

/** The open pixel's and the mail images' query: the signature; anything else is no signature (they always answer). */
export const inviteSignatureQuery = z.object({ s: z.string().max(100).optional().catch(undefined) });
export const inviteMediaQuery = inviteSignatureQuery.extend({ a: z.enum(["logo", "background"]).optional().catch(undefined) });

/** The non-blank lines of a pasted list, with their line numbers (1-based). */
function listLines(list: string): { line: number; text: string }[] {
  return list
    .split(/\r\n|\r|\n/)
    .map((text, i) => ({ line: i + 1, text: text.trim() }))
    .filter((l) => l.text !== "");
}

export type ParsedLine = { line: number; text: string } & ({ ok: true; name: string; email: string; language?: ViewerLanguage | null } | { ok: false; reason: string });

const EMAIL_TOKEN = /[^\s<>,;"'()[\]]+@[^\s<>,;"'()[\]]+/g;

/**
 * One guest a line, in any of these forms: `Name <email>`, `Name, email`, `email, Name`, `Name email`
 * or a bare email (the name is then empty). Commas, semicolons, tabs, quotes and angle brackets
 * separate; the address is lower-cased. A line with no address, two addresses, an address that is
 * not one, or a name too long is refused with its reason; an address listed twice is refused the
 * second time.
 */
export function parseGuestList(list: string): ParsedLine[] {
  const seen = new Set<string>();
  return listLines(list).map(({ line, text }): ParsedLine => {
    const [token, second] = text.match(EMAIL_TOKEN) ?? [];
    if (token === undefined) return { line, text, ok: false, reason: TEXTS.guests.lineNoEmail };
    if (second !== undefined) return { line, text, ok: false, reason: TEXTS.guests.lineTwoEmails };
    const email = emailSchema.safeParse(token.replace(/^mailto:/i, ""));
    if (!email.success) return { line, text, ok: false, reason: TEXTS.guests.lineBadEmail };
    const name = text
      .replace(token, " ")
      .replace(/[<>,;"\t]|\(\s*\)|\[\s*\]/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (name.length > GUEST_NAME_MAX) return { line, text, ok: false, reason: TEXTS.guests.nameTooLong };
    if (seen.has(email.data)) return { line, text, ok: false, reason: TEXTS.guests.lineDuplicate };
    seen.add(email.data);
    return { line, text, ok: true, name, email: email.data };
  });
}
