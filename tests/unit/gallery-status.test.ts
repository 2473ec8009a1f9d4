// The chips of a gallery's card and the galleries list's filter by them.
import { daysLeft, matchesStatus, statusChips } from "@/lib/services/galleries/rules/gallery-status";
import { TEXTS } from "@/lib/texts";

const T = TEXTS.galleryStatus;
const NOW = new Date(2026, 11, 7, 12, 0).getTime();
const open = { hasPassword: false, expiresAt: null };
const labels = (...args: Parameters<typeof statusChips>) => statusChips(...args).map((c) => c.label);

describe("gallery status chips", () => {
  it("say what is due, or paid, in the money's own words", () => {
    expect(labels({ payment: { state: "awaiting", due: 100050, currency: "eur" }, review: null }, open, NOW)).toEqual([T.awaiting("€1,000.50")]);
    expect(labels({ payment: { state: "paid" }, review: null }, open, NOW)).toEqual([T.paid]);
    expect(labels({ payment: null, review: null }, open, NOW)).toEqual([]);
  });

  it("say where the review stands: changes requested, approved n of m, in review with its open comments", () => {
    expect(labels({ payment: null, review: { films: 4, approved: 2, changes: 1, openComments: 3 } }, open, NOW)).toEqual([T.changes, T.approved(2, 4), T.inReview(3)]);
    expect(labels({ payment: null, review: { films: 2, approved: 2, changes: 0, openComments: 0 } }, open, NOW)).toEqual([T.approved(2, 2)]);
    expect(labels({ payment: null, review: { films: 0, approved: 0, changes: 0, openComments: 0 } }, open, NOW)).toEqual([T.inReview(0)]);
    expect([T.inReview(0), T.inReview(1), T.inReview(2), T.approved(1, 1)]).toEqual(["In review", "In review · 1 open comment", "In review · 2 open comments", "Approved · 1 of 1 film"]);
  });

  it("say how soon it expires, within two weeks, by calendar days", () => {
    const at = (d: number, h = 9) => ({ hasPassword: false, expiresAt: new Date(2026, 11, 7 + d, h).toISOString() });
    expect(labels({ payment: null, review: null }, at(0, 23), NOW)).toEqual(["Expires today"]);
    expect(labels({ payment: null, review: null }, at(1, 1), NOW)).toEqual(["Expires tomorrow"]);
    expect(labels({ payment: null, review: null }, at(14), NOW)).toEqual(["Expires in 14 days"]);
    expect(labels({ payment: null, review: null }, at(15), NOW)).toEqual([]);
    expect(labels({ payment: null, review: null }, at(-1), NOW)).toEqual([]);
    expect(daysLeft(at(3).expiresAt!, NOW)).toBe(3);
  });

  it("filter the list by any chip", () => {
    const card = { status: { payment: { state: "awaiting" as const, due: 500, currency: "usd" }, review: { films: 3, approved: 1, changes: 0, openComments: 0 } }, access: open };
    expect(["all", "awaiting", "paid", "review", "changes", "approved", "expiring"].filter((f) => matchesStatus(card, f as never, NOW))).toEqual(["all", "awaiting", "review", "approved"]);
  });
});
