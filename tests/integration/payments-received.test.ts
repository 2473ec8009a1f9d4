// Account → Payments' list of client payments (GET /api/payments/received and its CSV): checkouts
// paid and refunded on the studio's own account and galleries marked paid by hand, scoped to the
// studio, filtered by a period of whole UTC days and a status, with monthly totals per currency; an
// open or expired checkout is no payment; bad filters are a 400.
import { GET as receivedGet } from "@/app/api/payments/received/route";
import { GET as receivedCsvGet } from "@/app/api/payments/received/csv/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

type Answer = { payments: { galleryName: string; payer: string | null; amount: number; fee: number; net: number; status: string; via: string; at: string; currency: string }[]; totals: unknown[] };

const list = async (token: string, query = "") => call(receivedGet, request("GET", `/api/payments/received${query}`, { token }), {});

async function checkout(adminId: string, galleryId: string, data: { amount: number; fee: number; state: string; paidAt: string | null; refundedAt?: string; payer?: string; currency?: string }) {
  const id = crypto.randomUUID().replace(/-/g, "");
  await db.galleryPayment.create({
    data: {
      galleryId,
      adminId,
      provider: "local",
      accountId: "local_acct_x",
      sessionId: `local_gcs_${id}`,
      url: "http://x",
      amount: data.amount,
      currency: data.currency ?? "eur",
      feeAmount: data.fee,
      priceVersion: 1,
      payerEmail: data.payer ?? "anna@example.com",
      state: data.state,
      paidAt: data.paidAt ? new Date(data.paidAt) : null,
      refundedAt: data.refundedAt ? new Date(data.refundedAt) : null,
    },
  });
}

async function studioWithPayments() {
  const admin = await createStudio();
  const token = await bearerFor(admin);
  const a = (await createFolderWithGallery(admin.id)).gallery;
  const b = (await createFolderWithGallery(admin.id)).gallery;
  const c = (await createFolderWithGallery(admin.id)).gallery;
  await db.gallery.update({ where: { id: a.id }, data: { name: "Emma & James" } });
  await db.gallery.update({ where: { id: c.id }, data: { name: '=HYPERLINK("x")' } });
  await checkout(admin.id, a.id, { amount: 125050, fee: 2501, state: "paid", paidAt: "2026-11-03T10:00:00Z" });
  await checkout(admin.id, a.id, { amount: 90000, fee: 1800, state: "refunded", paidAt: "2026-11-20T09:00:00Z", refundedAt: "2026-11-22T09:00:00Z", payer: "ben@example.com" });
  await checkout(admin.id, b.id, { amount: 50000, fee: 1000, state: "open", paidAt: null });
  await checkout(admin.id, b.id, { amount: 50000, fee: 1000, state: "expired", paidAt: null });
  await checkout(admin.id, c.id, { amount: 120000, fee: 0, state: "paid", paidAt: "2026-10-31T23:30:00Z", currency: "jpy" });
  // Marked paid by hand, in December.
  await db.gallery.update({ where: { id: b.id }, data: { priceAmount: 70000, priceCurrency: "eur", paidAt: new Date("2026-12-01T08:00:00Z"), paidAmount: 70000, paidVia: "hand" } });
  return { admin, token, a, b, c };
}

describe("payments received", () => {
  it("lists paid and refunded checkouts and galleries marked paid, newest first, with monthly totals; never another studio's", async () => {
    const s = await studioWithPayments();
    const other = await studioWithPayments();
    const res = await list(s.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.payments.map((p) => [p.at.slice(0, 10), p.payer, p.amount, p.fee, p.net, p.status, p.via])).toEqual([
      ["2026-12-01", null, 70000, 0, 70000, "paid", "hand"],
      ["2026-11-20", "ben@example.com", 90000, 1800, 88200, "refunded", "checkout"],
      ["2026-11-03", "anna@example.com", 125050, 2501, 122549, "paid", "checkout"],
      ["2026-10-31", "anna@example.com", 120000, 0, 120000, "paid", "checkout"],
    ]);
    expect(body.payments.some((p) => p.galleryName === "Emma & James")).toBe(true);
    expect(body.totals).toEqual([
      { month: "2026-12", currency: "eur", count: 1, amount: 70000, fee: 0, net: 70000, refunded: 0 },
      { month: "2026-11", currency: "eur", count: 2, amount: 125050, fee: 2501, net: 122549, refunded: 90000 },
      { month: "2026-10", currency: "jpy", count: 1, amount: 120000, fee: 0, net: 120000, refunded: 0 },
    ]);
    const others = ((await (await list(other.token)).json()) as Answer).payments;
    expect(others).toHaveLength(4);
    expect(others.every((p) => !body.payments.some((q) => JSON.stringify(q) === JSON.stringify(p)))).toBe(true);
  });

  it("filters by whole UTC days and by status; refuses a bad day, a period back to front and an unknown status", async () => {
    const s = await studioWithPayments();
    const within = async (q: string) => ((await (await list(s.token, q)).json()) as Answer).payments.map((p) => p.at.slice(0, 10));
    expect(await within("?from=2026-11-01&to=2026-11-30")).toEqual(["2026-11-20", "2026-11-03"]);
    expect(await within("?to=2026-10-31")).toEqual(["2026-10-31"]);
    expect(await within("?from=2026-12-01")).toEqual(["2026-12-01"]);
    expect(await within("?status=refunded")).toEqual(["2026-11-20"]);
    expect(await within("?status=paid&from=2026-11-01")).toEqual(["2026-12-01", "2026-11-03"]);
    for (const [q, message] of [
      ["?from=2026-02-30", TEXTS.received.dayInvalid],
      ["?from=yesterday", TEXTS.received.dayInvalid],
      ["?from=2026-12-01&to=2026-11-01", TEXTS.received.periodInvalid],
      ["?status=pending", TEXTS.received.statusInvalid],
    ]) {
      const res = await list(s.token, q);
      expect([q, res.status]).toEqual([q, 400]);
      expect((await res.json()).message).toContain(message);
    }
  });

  it("gives the accountant the same payments as CSV, amounts in major units, no cell a formula", async () => {
    const s = await studioWithPayments();
    const res = await call(receivedCsvGet, request("GET", "/api/payments/received/csv?from=2026-10-01&to=2026-11-30", { token: s.token }), {});
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="vidfolio-payments-from-2026-10-01-to-2026-11-30.csv"');
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe('"Date (UTC)","Gallery","Payer","Amount","Currency","Platform fee","Net","Status","Refunded (UTC)","Via"');
    expect(lines.slice(1)).toEqual([
      '"2026-11-20 09:00:00","Emma & James","ben@example.com","900.00","EUR","18.00","882.00","refunded","2026-11-22 09:00:00","checkout"',
      '"2026-11-03 10:00:00","Emma & James","anna@example.com","1250.50","EUR","25.01","1225.49","paid",,"checkout"',
      '"2026-10-31 23:30:00","\'=HYPERLINK(""x"")","anna@example.com","120000","JPY","0","120000","paid",,"checkout"',
    ]);
  });

  it("is a studio's: no session is a 401", async () => {
    const res = await call(receivedGet, request("GET", "/api/payments/received", {}), {});
    expect(res.status).toBe(401);
  });
});
