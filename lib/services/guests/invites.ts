// A gallery's guests and their personal links.
//
// The studio's side, every query scoped to the acting studio (another studio's gallery or invite is
// a 404): the list with each guest's link and delivery status, adding one guest or a pasted list,
// revoking (which also cancels a scheduled send), and the gallery's reminder toggle. Sending the
// delivery mail (now or scheduled, its preview) is lib/services/guests/invite-send.ts.
//
// The guest's side: the guest door trades the link's token for the guest cookie (httpOnly) and
// answers the gallery. The token is derived from AUTH_SECRET and the invite's salt
// (lib/auth/guest-link.ts), so the studio can copy and re-send the same link; the database keeps
// only its SHA-256. Revocation needs nothing cached to be dropped: the gate looks the invite up at
// every request (lib/services/access/gate.ts findGuest), the content, playlist, stream, download and
// pin doors answer `private, no-store`, and the cached page of a protected gallery holds only its
// password form.
//
// Adding an address the gallery has already: the row is updated (name when one is given,
// mayDownload and expiresAt when sent). A revoked guest added again is reinstated with a NEW link
// (a new salt): the revoked link stays dead, and its delivery status starts over.
import "@/lib/server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { personalLink } from "@/lib/services/galleries/rules/gallery-paths";
import { GUEST_COOKIE_MAX_AGE_SEC, guestCookieName, inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { baseLinkFor } from "@/lib/services/galleries";
import { findGuest, NO_CREDENTIALS, openGallery } from "@/lib/services/access";
import { galleryContent } from "@/lib/services/public";
import { earliest } from "@/lib/services/guests/invite-mail";
import { guardSecret, type SecretClient } from "@/lib/security/throttle";
import { isOwnVisit, NO_SESSIONS as NO_STUDIO_SESSIONS, type StudioSessions } from "@/lib/services/guests/engagement";
import { INVITES_PER_GALLERY, parseGuestList, type AddInvitesInput, type InviteUpdate, type ParsedLine } from "@/lib/validation/invites";
import type { Actor } from "@/lib/services/access/rules/actor";
import { guestLanguage } from "@/lib/services/guests/rules/guest-language";
import { isViewerLanguage } from "@/lib/viewer-i18n/language.cjs";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";
import type { GalleryContent } from "@/lib/contract/public";
import type { AddResult, InviteDto, InvitesDto, InviteStatus } from "@/lib/contract/guests";
import { dispatchDeliveries, publishEvent, recordActivity } from "@/lib/services/platform";

export const INVITE_SELECT = {
  id: true,
  name: true,
  email: true,
  salt: true,
  mayDownload: true,
  mayComment: true,
  mayApprove: true,
  expiresAt: true,
  revokedAt: true,
  sentAt: true,
  openedAt: true,
  visitedAt: true,
  lastVisitedAt: true,
  createdAt: true,
  pinInMail: true,
  language: true,
  browserLanguage: true,
  sendAt: true,
  mailSubject: true,
  mailMessage: true,
} as const;

export type InviteRow = {
  id: string;
  name: string;
  email: string;
  salt: string;
  mayDownload: boolean;
  mayComment: boolean;
  mayApprove: boolean;
  expiresAt: Date | null;
  revokedAt: Date | null;
  sentAt: Date | null;
  openedAt: Date | null;
  visitedAt: Date | null;
  lastVisitedAt: Date | null;
  createdAt: Date;
  pinInMail: boolean | null;
  language: string | null;
  browserLanguage: string | null;
  sendAt: Date | null;
  mailSubject: string | null;
  mailMessage: string | null;
};

export const GALLERY_SELECT = {
  id: true,
  title: true,
  customUrl: true,
  expiresAt: true,
  bgImageUrl: true,
  remindersEnabled: true,
  settingLanguage: true,
  downloadPinHash: true,
  downloadPinSealed: true,
  admin: { select: { domainUrl: true, name: true, companyName: true, companyLogoUrl: true } },
} as const;

export type OwnedGallery = {
  id: string;
  title: string;
  customUrl: string;
  expiresAt: Date | null;
  bgImageUrl: string | null;
  remindersEnabled: boolean;
  settingLanguage: string;
  downloadPinHash: string | null;
  downloadPinSealed: string | null;
  admin: { domainUrl: string | null; name: string; companyName: string | null; companyLogoUrl: string | null };
};

export async function ownedGallery(actor: Actor, galleryId: string): Promise<OwnedGallery> {
  const g = await db.gallery.findFirst({ where: { id: galleryId, adminId: actor.id }, select: GALLERY_SELECT });
  if (!g) throw notFound();
  return g;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const linkOf = (g: OwnedGallery, invite: { id: string; salt: string }) => personalLink(baseLinkFor(g.admin), g.customUrl, inviteToken(invite.id, invite.salt));

function statusOf(i: InviteRow): InviteStatus {
  if (i.visitedAt) return "visited";
  if (i.openedAt) return "opened";
  return i.sentAt ? "sent" : "not_sent";
}

export function dto(g: OwnedGallery, i: InviteRow, now: number): InviteDto {
  return {
    id: i.id,
    name: i.name,
    email: i.email,
    mayDownload: i.mayDownload,
    mayComment: i.mayComment,
    mayApprove: i.mayApprove,
    expiresAt: iso(i.expiresAt),
    revoked: i.revokedAt !== null,
    revokedAt: iso(i.revokedAt),
    expired: i.expiresAt !== null && i.expiresAt.getTime() <= now,
    status: statusOf(i),
    sentAt: iso(i.sentAt),
    openedAt: iso(i.openedAt),
    visitedAt: iso(i.visitedAt),
    lastVisitedAt: iso(i.lastVisitedAt),
    createdAt: i.createdAt.toISOString(),
    link: i.revokedAt ? null : linkOf(g, i),
    language: isViewerLanguage(i.language) ? (i.language as ViewerLanguage) : null,
    mailLanguage: guestLanguage(i, g.settingLanguage),
    pinInMail: i.pinInMail,
    scheduledFor: iso(i.sendAt),
  };
}

export async function listFor(g: OwnedGallery, actor: Actor): Promise<InvitesDto> {
  const rows = await db.galleryInvite.findMany({ where: { galleryId: g.id, adminId: actor.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: INVITE_SELECT });
  const now = Date.now();
  return {
    invites: rows.map((r) => dto(g, r, now)),
    remindersEnabled: g.remindersEnabled,
    galleryExpiresAt: iso(g.expiresAt),
    downloadPin: g.downloadPinHash === null ? "none" : g.downloadPinSealed === null ? "unreadable" : "mailable",
  };
}

/** GET …/invites: the gallery's guests, oldest first, and its reminder toggle. */
export async function listInvites(actor: Actor, galleryId: string): Promise<InvitesDto> {
  return listFor(await ownedGallery(actor, galleryId), actor);
}

/** A new invite's row: its id chosen here, since the token derives from it. */
function newInvite(g: OwnedGallery, actor: Actor, e: { name: string; email: string; language?: string | null }, input: AddInvitesInput) {
  const id = randomUUID();
  const salt = newInviteSalt();
  return {
    id,
    galleryId: g.id,
    adminId: actor.id,
    name: e.name,
    email: e.email,
    salt,
    tokenHash: tokenHash(inviteToken(id, salt)),
    mayDownload: input.mayDownload ?? false,
    mayComment: input.mayComment ?? false,
    mayApprove: input.mayApprove ?? false,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    language: (e.language !== undefined ? e.language : input.language) ?? null,
  };
}

/**
 * POST …/invites: adds the guests of the form (`guests`) or of a pasted list (`list`, one a line);
 * each line's outcome is reported: added, updated (the address was there; a revoked guest is
 * reinstated with a new link) or refused with its reason. Serialised per gallery (its row locked), so
 * two adds at once neither collide on an address nor pass the gallery's cap.
 */
export async function addInvites(actor: Actor, galleryId: string, input: AddInvitesInput): Promise<InvitesDto & { results: AddResult[] }> {
  const g = await ownedGallery(actor, galleryId);
  const seen = new Set<string>();
  const lines: ParsedLine[] = input.guests
    ? input.guests.map((x, i): ParsedLine => {
        const twice = seen.has(x.email);
        seen.add(x.email);
        return twice
          ? { line: i + 1, text: x.email, ok: false, reason: TEXTS.guests.lineDuplicate }
          : { line: i + 1, text: x.email, ok: true, name: x.name, email: x.email, ...(x.language !== undefined ? { language: x.language } : {}) };
      })
    : parseGuestList(input.list ?? "");
  // A guest's own language wins over the call's.
  const languageOf = (l: ParsedLine & { ok: true }) => (l.language !== undefined ? l.language : input.language);
  const results = await db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Gallery" WHERE id = ${g.id}::uuid FOR NO KEY UPDATE`;
      const wanted = lines.flatMap((l) => (l.ok ? [l.email] : []));
      const existing = new Map((await tx.galleryInvite.findMany({ where: { galleryId: g.id, email: { in: wanted } }, select: { id: true, email: true, revokedAt: true } })).map((r) => [r.email, r]));
      let room = INVITES_PER_GALLERY - (await tx.galleryInvite.count({ where: { galleryId: g.id } }));
      const out: AddResult[] = [];
      const created: ReturnType<typeof newInvite>[] = [];
      for (const l of lines) {
        if (!l.ok) {
          out.push({ line: l.line, email: null, outcome: "refused", reason: l.reason });
          continue;
        }
        const row = existing.get(l.email);
        if (row) {
          const salt = row.revokedAt ? newInviteSalt() : null;
          await tx.galleryInvite.update({
            where: { id: row.id },
            data: {
              ...(l.name ? { name: l.name } : {}),
              ...(input.mayDownload !== undefined ? { mayDownload: input.mayDownload } : {}),
              ...(input.mayComment !== undefined ? { mayComment: input.mayComment } : {}),
              ...(input.mayApprove !== undefined ? { mayApprove: input.mayApprove } : {}),
              ...(input.expiresAt !== undefined ? { expiresAt: input.expiresAt ? new Date(input.expiresAt) : null } : {}),
              ...(languageOf(l) !== undefined ? { language: languageOf(l) } : {}),
              // Reinstated: a new link, its delivery starting over.
              ...(salt ? { salt, tokenHash: tokenHash(inviteToken(row.id, salt)), revokedAt: null, sentAt: null, openedAt: null, visitedAt: null, lastVisitedAt: null } : {}),
            },
          });
          out.push({ line: l.line, email: l.email, outcome: "updated", inviteId: row.id, ...(salt ? { newLink: true } : {}) });
          continue;
        }
        if (room <= 0) {
          out.push({ line: l.line, email: l.email, outcome: "refused", reason: TEXTS.guests.galleryFull });
          continue;
        }
        room--;
        const invite = newInvite(g, actor, { ...l, language: languageOf(l) }, input);
        created.push(invite);
        out.push({ line: l.line, email: l.email, outcome: "added", inviteId: invite.id });
      }
      if (created.length) await tx.galleryInvite.createMany({ data: created });
      return out;
    },
    { timeout: 30_000 },
  );
  return { ...(await listFor(g, actor)), results };
}

export async function ownedInvite(actor: Actor, galleryId: string, inviteId: string): Promise<InviteRow> {
  const invite = await db.galleryInvite.findFirst({ where: { id: inviteId, galleryId, adminId: actor.id }, select: INVITE_SELECT });
  if (!invite) throw notFound();
  return invite;
}

/**
 * DELETE …/invites/{inviteId}: revokes the guest's link, at once (the gate reads the invite at
 * every request). Revoking twice keeps the first moment. The row stays, for the studio's records.
 */
export async function revokeInvite(actor: Actor, galleryId: string, inviteId: string): Promise<{ invite: InviteDto }> {
  const g = await ownedGallery(actor, galleryId);
  await ownedInvite(actor, galleryId, inviteId);
  await db.galleryInvite.updateMany({ where: { id: inviteId, galleryId, adminId: actor.id, revokedAt: null }, data: { revokedAt: new Date(), sendAt: null, mailSubject: null, mailMessage: null } });
  return { invite: dto(g, await ownedInvite(actor, galleryId, inviteId), Date.now()) };
}

/** PATCH …/invites/{inviteId} { language }: the guest's language (null: not set); every later mail and their checkout follow it. */
export async function updateInvite(actor: Actor, galleryId: string, inviteId: string, input: InviteUpdate): Promise<{ invite: InviteDto }> {
  const g = await ownedGallery(actor, galleryId);
  // Nothing sent: nothing changes (another studio's guest is still a 404, below).
  if (input.language !== undefined) {
    const { count } = await db.galleryInvite.updateMany({ where: { id: inviteId, galleryId: g.id, adminId: actor.id }, data: { language: input.language } });
    if (count === 0) throw notFound();
  }
  return { invite: dto(g, await ownedInvite(actor, galleryId, inviteId), Date.now()) };
}

/** PUT …/invites { remindersEnabled }: the gallery's reminder mails (7, 3 and 1 days before it expires) on or off. */
export async function setReminders(actor: Actor, galleryId: string, remindersEnabled: boolean): Promise<{ remindersEnabled: boolean }> {
  const { count } = await db.gallery.updateMany({ where: { id: galleryId, adminId: actor.id }, data: { remindersEnabled } });
  if (count === 0) throw notFound();
  return { remindersEnabled };
}

export type GuestEntry =
  | { ok: true; content: GalleryContent; guest: { name: string; mayComment: boolean; mayApprove: boolean }; cookie: { name: string; value: string; maxAgeSec: number } }
  | { ok: false; galleryId: string; cookieName: string };

/**
 * A guest's visit by their personal link: its time and the page's language (the guest's browser
 * language, lib/services/guests/rules/guest-language.ts) recorded and, the first time (read under
 * the row's lock, so once), the studio's `guest.visited` event published with it.
 */
async function recordVisit(inviteId: string, at: Date, language: ViewerLanguage | null): Promise<{ expiresAt: Date | null } | undefined> {
  const { visit, deliveries } = await db.$transaction(async (tx) => {
    const [visit] = await tx.$queryRaw<{ expiresAt: Date | null; first: boolean; adminId: string; name: string; email: string; galleryId: string; galleryTitle: string }[]>`
      UPDATE "GalleryInvite" i SET "visitedAt" = COALESCE(i."visitedAt", ${at}), "lastVisitedAt" = ${at}, "browserLanguage" = COALESCE(${language}::text, i."browserLanguage")
      FROM (SELECT id, "visitedAt" FROM "GalleryInvite" WHERE id = ${inviteId}::uuid FOR UPDATE) old, "Gallery" g
      WHERE i.id = old.id AND g.id = i."galleryId"
      RETURNING i."expiresAt", old."visitedAt" IS NULL AS first, i."adminId", i.name, i.email, i."galleryId", g.title AS "galleryTitle"`;
    if (visit?.first === true) await recordActivity(tx, { adminId: visit.adminId, galleryId: visit.galleryId, kind: "first_view", who: visit.name, key: `first_view:invite:${inviteId}`, at });
    const deliveries =
      visit?.first === true
        ? await publishEvent(tx, {
            adminId: visit.adminId,
            type: "guest.visited",
            object: { id: inviteId, name: visit.name, email: visit.email, gallery: { id: visit.galleryId, title: visit.galleryTitle }, visitedAt: at.toISOString() },
          })
        : [];
    return { visit, deliveries };
  });
  await dispatchDeliveries(deliveries);
  return visit;
}

/**
 * POST /api/public/galleries/{slug}/guest { token }: the guest door. The gate first, without
 * credentials (missing or a studio not active: 404; expired: 403, whatever the token); then the
 * token, through the secrets throttle (kind "token", per client address only: a token is 256 bits
 * no one guesses, so no bucket is shared by the gallery — anyone's made-up tokens, or a dozen real
 * guests at once, would otherwise lock every guest of the gallery out): a token of
 * an unrevoked, unexpired invite of THIS gallery lets the browser in (its guest cookie, for as long
 * as the invite or the gallery lasts) and records the visit; anything else is refused (the door
 * answers 403 invite_invalid and clears this gallery's guest cookie). The gallery's own studio (or a
 * super admin) signed in on this host gets in too, but its visit is not recorded as the guest's.
 * `language`: the viewer language the guest's page is in (kept as their browser's, for their mails).
 */
export async function enterAsGuest(
  slug: string,
  token: string,
  client: SecretClient,
  now = Date.now(),
  sessions: StudioSessions = NO_STUDIO_SESSIONS,
  language: ViewerLanguage | null = null,
): Promise<GuestEntry> {
  const { gallery: g } = await openGallery(slug, NO_CREDENTIALS, { now, unlocking: "link" });
  const guest = await guardSecret(client, { kind: "token", account: null }, async () => {
    const found = await findGuest(token, g.id, now);
    return found ? { ok: true, value: found } : { ok: false, value: null };
  });
  if (!guest) return { ok: false, galleryId: g.id, cookieName: guestCookieName(g.id) };
  const at = new Date(now);
  // The studio (or a super admin) trying a guest's link is not the guest's visit: nothing recorded.
  const own = isOwnVisit(sessions, g.adminId);
  const visit = own
    ? (await db.$queryRaw<{ expiresAt: Date | null }[]>`SELECT "expiresAt" FROM "GalleryInvite" WHERE id = ${guest.inviteId}::uuid`)[0]
    : await recordVisit(guest.inviteId, at, language);
  const until = earliest(visit?.expiresAt ?? null, g.expiresAt);
  const maxAgeSec = until ? Math.ceil((until.getTime() - now) / 1000) : GUEST_COOKIE_MAX_AGE_SEC;
  return {
    ok: true,
    content: { ...galleryContent(g, "viewer"), expiresAt: iso(g.expiresAt) },
    guest: { name: guest.name, mayComment: guest.mayComment, mayApprove: guest.mayApprove },
    cookie: { name: guestCookieName(g.id), value: token, maxAgeSec },
  };
}
