// A gallery's guests as the API shows them (GET/POST …/invites and the other guest doors): built
// by lib/services/invites.ts, shown by the editor's Guests panel.

/** How far the delivery went: never sent, sent, the mail opened (its pixel), the gallery visited by the link. */
export type InviteStatus = "not_sent" | "sent" | "opened" | "visited";

export type InviteDto = {
  id: string;
  name: string;
  email: string;
  mayDownload: boolean;
  expiresAt: string | null;
  revoked: boolean;
  revokedAt: string | null;
  /** The link's own expiry has passed. */
  expired: boolean;
  status: InviteStatus;
  sentAt: string | null;
  openedAt: string | null;
  visitedAt: string | null;
  lastVisitedAt: string | null;
  createdAt: string;
  /** The personal link; null once revoked (it opens nothing). */
  link: string | null;
};

export type InvitesDto = { invites: InviteDto[]; remindersEnabled: boolean; galleryExpiresAt: string | null };

export type AddResult = { line: number; email: string | null; outcome: "added" | "updated" | "refused"; reason?: string; inviteId?: string; newLink?: boolean };

export type SendAllResult = InvitesDto & {
  sent: { id: string; email: string }[];
  failed: { id: string; email: string }[];
  /** `limited`: the guest's or the studio's hourly allowance of delivery mails was used up. */
  skipped: { id: string; email: string; reason: "revoked" | "expired" | "limited" }[];
};
