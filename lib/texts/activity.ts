// The studio's activity feed (its home, the bell) and the mails it sends of it.
import { unreadCount, type ActivityKind, type MailChoice } from "@/lib/services/platform/rules/activity";

/** What a summary line is made of (the feed's service formats amounts and dates before). */
export type ActivityFacts = {
  film?: string | null;
  text?: string | null;
  reply?: boolean;
  version?: number | null;
  money?: string | null;
  byHand?: boolean;
  full?: boolean;
  date?: string | null;
  days?: number | null;
  reason?: string | null;
};

/** Who did it when the studio knows no name (an anonymous viewer). */
const SOMEONE = "A guest";

const quote = (text: string | null | undefined) => (text ? `: “${text}”` : "");
const cut = (v: number | null | undefined) => (v ? ` (v${v})` : "");

export const activityTexts = {
  activity: {
    heading: "Activity",
    intro: "What your clients did in your galleries, newest first.",
    empty: "Nothing yet. Comments, approvals, payments and downloads in your galleries show up here as they happen.",
    emptyFiltered: "Nothing of this kind yet.",
    filterLabel: "Show",
    all: "Everything",
    unreadOnly: "Unread only",
    markRead: "Mark all as read",
    loadMore: "Show older",
    loadFailed: "The activity could not be loaded. Please try again.",
    unreadLabel: "Unread",
    bellLabel: (n: number) => (n === 0 ? "Activity: nothing new" : `Activity: ${unreadCount(n)} new`),
    seeAll: "See all activity",
    gallery: (name: string, n: number) => (n > 1 ? `${name} · ${n} events` : name),
    kinds: {
      comment: "Comments",
      changes_requested: "Changes requested",
      approval: "Approvals",
      payment: "Payments",
      refund: "Refunds",
      download: "Downloads",
      first_view: "First views",
      expiring: "Expiring soon",
      failed: "Failed films",
    } satisfies Record<ActivityKind, string>,
    /** One line of the feed: who did what (the gallery is its group's heading). */
    summary: (kind: ActivityKind, who: string | null, f: ActivityFacts): string => {
      const name = who ?? SOMEONE;
      const film = f.film ?? "a film";
      switch (kind) {
        case "comment":
          return `${name} ${f.reply ? "replied on" : "commented on"} ${film}${quote(f.text)}`;
        case "changes_requested":
          return `${name} asked for changes to ${film}${cut(f.version)}${quote(f.text)}`;
        case "approval":
          return `${name} approved ${film}${cut(f.version)}`;
        case "payment":
          return f.byHand ? `Marked paid by hand: ${f.money ?? ""}`.trim() : `${name} paid ${f.money ?? ""}`.trim();
        case "refund":
          return f.full === false ? `Part of the payment was refunded` : `The payment${f.money ? ` of ${f.money}` : ""} was refunded`;
        case "download":
          return `${name} downloaded ${film}`;
        case "first_view":
          return `${name} opened the gallery for the first time`;
        case "expiring":
          return f.days === 1 ? `The gallery expires tomorrow${f.date ? ` (${f.date})` : ""}` : `The gallery expires in ${f.days ?? 7} days${f.date ? ` (${f.date})` : ""}`;
        case "failed":
          return `${film} could not be processed${f.reason ? `: ${f.reason}` : ""}`;
      }
    },
    mail: {
      sectionTitle: "What your clients did",
      settingIntro: "For each kind of event, choose a mail at once, a line in the daily digest, or nothing. The feed on your home always shows everything.",
      digestOff: "The daily digest is off: turn it on above for the events set to the digest.",
      choices: { now: "Mail at once", digest: "In the daily digest", off: "No mail" } satisfies Record<MailChoice, string>,
      subject: (n: number) => (n === 1 ? "New activity in your galleries" : `${n} new events in your galleries`),
      heading: "New activity in your galleries",
      intro: "Here is what happened in your galleries in the last few minutes.",
      button: "Open your activity",
      footer: "You get this mail because these events are set to “Mail at once” in your account’s notifications.",
      more: (n: number) => `…and ${n} more on your home.`,
      digestTitle: "Also in your galleries",
    },
  },
} as const;
