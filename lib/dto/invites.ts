// A gallery's guests as the API shows them (GET/POST …/invites and the other guest doors): built
// by lib/services/invites.ts, shown by the editor's Guests panel.
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

/** How far the delivery went: never sent, sent, the mail opened (its pixel), the gallery visited by the link. */
export type InviteStatus = "not_sent" | "sent" | "opened" | "visited";

export type InviteDto = {
  id: string;
  name: string;
  email: string;
  mayDownload: boolean;
  /** Review rights (issue 40): comment on the films; approve a version or ask for changes. */
  mayComment: boolean;
  mayApprove: boolean;
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
  /** The guest's mail language, or null (the gallery's viewer language). */
  language: string | null;
  /** The last send's download PIN choice: in the mail, or ask the studio; null, never chosen. */
  pinInMail: boolean | null;
  /** When a scheduled delivery mail goes, or null. */
  scheduledFor: string | null;
};

/** The gallery's download PIN for mails: none set, set and mailable, or set before PINs were sealed (set it again to mail it). */
export type DownloadPinForMail = "none" | "mailable" | "unreadable";

export type InvitesDto = { invites: InviteDto[]; remindersEnabled: boolean; galleryExpiresAt: string | null; downloadPin: DownloadPinForMail };

/** A delivery mail as the guest will get it (the preview door), and the language it is in (the invite's, else the gallery's). */
export type MailPreviewDto = { subject: string; html: string; text: string; language: ViewerLanguage };

export type AddResult = { line: number; email: string | null; outcome: "added" | "updated" | "refused"; reason?: string; inviteId?: string; newLink?: boolean };

export type SendAllResult = InvitesDto & {
  sent: { id: string; email: string }[];
  failed: { id: string; email: string }[];
  /** `limited`: the guest's or the studio's hourly allowance of delivery mails was used up. */
  skipped: { id: string; email: string; reason: "revoked" | "expired" | "limited" }[];
  /** Scheduled instead of sent (a send with `sendAt`). */
  scheduled: { id: string; email: string }[];
};
