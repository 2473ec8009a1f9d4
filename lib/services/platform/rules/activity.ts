// The studio's activity feed, its rules in one place: the kinds of event it tells, the mail each
// kind may get (at once, in the daily digest, or none) and the choice a studio that never chose
// gets. The doors' schemas, the account page's choices, the writers and the mails read this list.

/** What the feed tells, in the order the filters and the mail settings list them. */
export const ACTIVITY_KINDS = ["comment", "changes_requested", "approval", "payment", "refund", "download", "first_view", "expiring", "failed"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const MAIL_CHOICES = ["now", "digest", "off"] as const;
export type MailChoice = (typeof MAIL_CHOICES)[number];
export type ActivityMail = Record<ActivityKind, MailChoice>;

/**
 * A studio's choices before it makes any: what a client did that the studio must act on is mailed at
 * once (as the review mails and the paid notice always were); what is only good to know waits for
 * the daily digest, which is itself off until the studio turns it on.
 */
export const DEFAULT_ACTIVITY_MAIL: ActivityMail = {
  comment: "now",
  changes_requested: "now",
  approval: "now",
  payment: "now",
  refund: "now",
  download: "digest",
  first_view: "digest",
  expiring: "now",
  failed: "now",
};

/**
 * Kinds whose "at once" mail is a mail of their own, sent where they happen: the review's mail (a
 * gallery's comments and decisions, gathered for a few quiet minutes) and the paid notice. The rest
 * are gathered into the activity mail by the minute's job.
 */
export const OWN_MAIL_KINDS: ReadonlySet<ActivityKind> = new Set<ActivityKind>(["comment", "changes_requested", "approval", "payment"]);

const isKind = (k: string): k is ActivityKind => (ACTIVITY_KINDS as readonly string[]).includes(k);
const isChoice = (c: unknown): c is MailChoice => typeof c === "string" && (MAIL_CHOICES as readonly string[]).includes(c);

/** A studio's stored choices (any JSON) read over the defaults: unknown kinds and choices are ignored. */
export function activityMail(stored: unknown): ActivityMail {
  const out = { ...DEFAULT_ACTIVITY_MAIL };
  if (stored && typeof stored === "object" && !Array.isArray(stored)) {
    for (const [k, c] of Object.entries(stored as Record<string, unknown>)) if (isKind(k) && isChoice(c)) out[k] = c;
  }
  return out;
}

/** How many days before a gallery expires the studio is told (once per expiry date). */
export const EXPIRING_DAYS = 7;
/** The unread count stops counting here (the bell shows "99+"). */
export const UNREAD_MAX = 99;
/** The unread count as the bell and the feed show it: "99+" once the count stops. */
export const unreadCount = (n: number): string => (n >= UNREAD_MAX ? `${UNREAD_MAX}+` : String(n));
/** A page of the feed. */
export const ACTIVITY_PAGE = 30;

/** A comment's or note's first words, as the feed and its mails quote them. */
const EXCERPT_CHARS = 140;
export function excerpt(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length <= EXCERPT_CHARS ? one : `${one.slice(0, EXCERPT_CHARS - 1).trimEnd()}…`;
}
