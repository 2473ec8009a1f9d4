// A gallery's status at a glance, on its card and as the galleries list's filter: what its clients
// owe or paid, where its review stands, and how soon it expires. Pure: the card and its tests use it.
import { formatMoney } from "@/lib/services/money/rules/paid-delivery";
import { TEXTS } from "@/lib/texts";
import type { GalleryAccessDto, GalleryStatusDto } from "@/lib/contract/folders";

const T = TEXTS.galleryStatus;
const DAY_MS = 24 * 3600 * 1000;
/** An expiry this close (in days) is said on the card ("Expires in 3 days"), and counts as expiring soon. */
const EXPIRING_DAYS = 14;

export type StatusChip = { kind: "awaiting" | "paid" | "review" | "changes" | "approved" | "expiring"; label: string };
export const STATUS_FILTERS = ["all", "awaiting", "paid", "review", "changes", "approved", "expiring"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Whole days left before the expiry, counted by calendar days of the viewer's clock (0: today). */
export function daysLeft(expiresAt: string, now: number): number {
  const end = new Date(expiresAt);
  const today = new Date(now);
  const startOf = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((startOf(end) - startOf(today)) / DAY_MS);
}

/** The chips of a card, in the order a studio reads them: money, review, expiry. */
export function statusChips(status: GalleryStatusDto, access: GalleryAccessDto, now: number): StatusChip[] {
  const chips: StatusChip[] = [];
  if (status.payment?.state === "awaiting") chips.push({ kind: "awaiting", label: T.awaiting(formatMoney(status.payment.due, status.payment.currency)) });
  if (status.payment?.state === "paid") chips.push({ kind: "paid", label: T.paid });
  const r = status.review;
  if (r) {
    if (r.changes > 0) chips.push({ kind: "changes", label: T.changes });
    if (r.approved > 0) chips.push({ kind: "approved", label: T.approved(r.approved, r.films) });
    if (r.approved < r.films || r.films === 0) chips.push({ kind: "review", label: T.inReview(r.openComments) });
  }
  if (access.expiresAt && new Date(access.expiresAt).getTime() > now) {
    const days = daysLeft(access.expiresAt, now);
    if (days <= EXPIRING_DAYS) chips.push({ kind: "expiring", label: T.expiring(days) });
  }
  return chips;
}

/** Whether a card shows under a filter of the galleries list. */
export function matchesStatus(card: { status: GalleryStatusDto; access: GalleryAccessDto }, filter: StatusFilter, now: number): boolean {
  return filter === "all" || statusChips(card.status, card.access, now).some((c) => c.kind === filter);
}
