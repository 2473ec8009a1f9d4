// A gallery's price and payments as the studio's API shows them (issue 41): built by
// lib/services/gallery-payments.ts. Amounts in the currency's minor units.
export type GalleryPriceDto = {
  /** null: no price. */
  amount: number | null;
  currency: string | null;
  deposit: number;
  /** YYYY-MM-DD, or null. */
  dueDate: string | null;
  payToUnlock: boolean;
  /** What is left to pay: 0 when paid, covered by the deposit, or without a price. */
  due: number;
  /** Guests see watermarked previews only, and download nothing. */
  locked: boolean;
  /** Paid: when, by whom (the payer's e-mail; null when marked paid by hand), how much, how. */
  paid: { at: string; by: string | null; amount: number; via: "checkout" | "hand" } | null;
  /** The last refund that relocked it, or null. */
  refundedAt: string | null;
  /** While locked: how many of its ready films have their watermarked preview (a film without one is not shown to guests yet). */
  previews: { ready: number; films: number } | null;
  /** Its guests' checkouts, newest first (at most 20). */
  payments: { amount: number; currency: string; state: "open" | "paid" | "refunded" | "expired"; payerEmail: string | null; createdAt: string; paidAt: string | null; refundedAt: string | null }[];
};

/** One of the studio's galleries with something still due. */
export type AwaitingPaymentDto = { galleryId: string; folderId: string; name: string; due: number; currency: string; dueDate: string | null; payToUnlock: boolean };

/** The studio's preview watermark (Account → Payments). */
export type WatermarkDto = { text: string | null; logo: boolean; position: string; opacity: number; hasLogo: boolean; shownName: string };
