// Account → Payments: every payment a studio's clients made, across its galleries, for the studio and
// its accountant. A checkout paid on the studio's payment account (GalleryPayment, paid or refunded:
// an open or expired checkout is no payment), and a gallery the studio marked paid by hand (its row's
// paid state, `paidVia: "hand"`; reopening it takes the payment back, as it takes the paid state).
// Read only, scoped by the studio in each query; a period of whole UTC days, a status, and the
// monthly totals per currency (a refunded payment counts as refunded, not in the net).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { csvRow } from "@/lib/services/data/rules/csv";
import { CURRENCIES, isCurrency } from "@/lib/services/money/rules/paid-delivery";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { PaymentsReceivedQuery } from "@/lib/validation/payments";
import type { PaymentsReceived } from "@/lib/contract/payments";

type Received = PaymentsReceived["payments"][number];
type MonthTotal = PaymentsReceived["totals"][number];

/** At most this many payments in one answer (a studio's years of deliveries; the period narrows it). */
const RECEIVED_MAX = 5000;

const DAY_MS = 24 * 3600 * 1000;

/** The period as instants: from the first day's start to the last day's end (UTC). */
function period(q: Pick<PaymentsReceivedQuery, "from" | "to">): { gte?: Date; lt?: Date } {
  return {
    ...(q.from ? { gte: new Date(`${q.from}T00:00:00Z`) } : {}),
    ...(q.to ? { lt: new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) } : {}),
  };
}

export async function paymentsReceived(actor: Pick<Actor, "id">, q: Pick<PaymentsReceivedQuery, "from" | "to" | "status">): Promise<PaymentsReceived> {
  const paidAt = period(q);
  const states = q.status === "all" ? ["paid", "refunded"] : [q.status];
  const [checkouts, byHand] = await Promise.all([
    db.galleryPayment.findMany({
      where: { adminId: actor.id, state: { in: states }, paidAt: { not: null, ...paidAt } },
      select: { id: true, galleryId: true, amount: true, currency: true, feeAmount: true, payerEmail: true, state: true, paidAt: true, refundedAt: true, gallery: { select: { name: true } } },
      orderBy: [{ paidAt: "desc" }, { id: "desc" }],
      take: RECEIVED_MAX,
    }),
    q.status === "refunded"
      ? Promise.resolve([])
      : db.gallery.findMany({
          where: { adminId: actor.id, paidVia: "hand", paidAt: { not: null, ...paidAt } },
          select: { id: true, name: true, paidAt: true, paidAmount: true, priceCurrency: true },
          orderBy: [{ paidAt: "desc" }, { id: "desc" }],
          take: RECEIVED_MAX,
        }),
  ]);
  const payments: Received[] = [
    ...checkouts.map((p): Received => ({
      id: p.id,
      at: p.paidAt!.toISOString(),
      galleryId: p.galleryId,
      galleryName: p.gallery.name,
      payer: p.payerEmail,
      amount: p.amount,
      currency: p.currency,
      fee: p.feeAmount,
      net: p.amount - p.feeAmount,
      status: p.state === "refunded" ? "refunded" : "paid",
      refundedAt: p.refundedAt?.toISOString() ?? null,
      via: "checkout",
    })),
    ...byHand.map((g): Received => ({
      id: g.id,
      at: g.paidAt!.toISOString(),
      galleryId: g.id,
      galleryName: g.name,
      payer: null,
      amount: g.paidAmount ?? 0,
      currency: g.priceCurrency ?? "eur",
      fee: 0,
      net: g.paidAmount ?? 0,
      status: "paid",
      refundedAt: null,
      via: "hand",
    })),
  ]
    .sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)))
    .slice(0, RECEIVED_MAX);
  return { payments, totals: monthlyTotals(payments) };
}

/** Per UTC month and currency, newest month first: the payments, what was paid, the fees and the net; refunds apart. */
function monthlyTotals(payments: readonly Received[]): MonthTotal[] {
  const months = new Map<string, MonthTotal>();
  for (const p of payments) {
    const key = `${p.at.slice(0, 7)} ${p.currency}`;
    const t = months.get(key) ?? { month: p.at.slice(0, 7), currency: p.currency, count: 0, amount: 0, fee: 0, net: 0, refunded: 0 };
    t.count += 1;
    if (p.status === "refunded") t.refunded += p.amount;
    else {
      t.amount += p.amount;
      t.fee += p.fee;
      t.net += p.net;
    }
    months.set(key, t);
  }
  return [...months.values()].sort((a, b) => (a.month === b.month ? a.currency.localeCompare(b.currency) : b.month.localeCompare(a.month)));
}

/** An amount for a spreadsheet: major units with a point ("1250.50"; "120000" for JPY). */
const major = (amount: number, currency: string) => {
  const digits = isCurrency(currency) ? CURRENCIES[currency] : 2;
  return (amount / 10 ** digits).toFixed(digits);
};

const CSV_COLUMNS = ["Date (UTC)", "Gallery", "Payer", "Amount", "Currency", "Platform fee", "Net", "Status", "Refunded (UTC)", "Via"] as const;

/** The same payments as CSV for the accountant (the house's CSV rules: lib/services/data/rules/csv.ts). */
export function paymentsReceivedCsv(payments: readonly Received[]): string {
  const rows = payments.map((p) =>
    csvRow([
      p.at.slice(0, 19).replace("T", " "),
      p.galleryName,
      p.payer ?? "marked paid",
      major(p.amount, p.currency),
      p.currency.toUpperCase(),
      major(p.fee, p.currency),
      major(p.net, p.currency),
      p.status,
      p.refundedAt ? p.refundedAt.slice(0, 19).replace("T", " ") : null,
      p.via === "hand" ? "marked paid" : "checkout",
    ]),
  );
  return `\uFEFF${csvRow([...CSV_COLUMNS])}${rows.join("")}`;
}
