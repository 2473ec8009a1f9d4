// Plan & Billing (issue 39 item 4): the plan and its renewal, the storage used of what the studio
// has had, and the invoices as the provider keeps them: the local test provider's own (its paid
// checkouts, so the page works offline) and Stripe's through its SDK (a stand-in at the HTTP boundary).
import { db } from "@/lib/db";
import { mbToBytes } from "@/lib/format";
import { billingOverview } from "@/lib/services/money/billing";
import { grantStarterAllowance } from "@/lib/services/money/starter-allowance";
import { spend } from "@/lib/services/money/credits";
import { createStudio } from "../helpers/factories";
import { useStripeStandIn } from "../helpers/http-stand-in";

let n = 0;
async function payment(adminId: string, data: { provider: "local" | "stripe"; status?: "PAID" | "PENDING"; customer: string; cents: number; at?: Date }) {
  return db.payment.create({
    data: {
      adminId,
      provider: data.provider,
      providerSessionId: `${data.provider}_cs_billing_${Date.now()}_${n++}`,
      status: data.status ?? "PAID",
      mode: "payment",
      plan: "ON_DEMAND",
      creditBytes: mbToBytes(25 * 1024),
      amountCents: data.cents,
      providerCustomerId: data.customer,
      fulfilledAt: data.at ?? new Date(),
    },
  });
}

describe("the test provider's invoices and the storage used", () => {
  it("lists the studio's own paid test checkouts, newest first, and nobody else's", async () => {
    const studio = await createStudio({ plan: "ON_DEMAND" });
    const other = await createStudio();
    const older = await payment(studio.id, { provider: "local", customer: `local_cus_${studio.id}`, cents: 3500, at: new Date("2026-10-01T10:00:00Z") });
    const newer = await payment(studio.id, { provider: "local", customer: `local_cus_${studio.id}`, cents: 6500, at: new Date("2026-11-01T10:00:00Z") });
    await payment(studio.id, { provider: "local", status: "PENDING", customer: `local_cus_${studio.id}`, cents: 12000 });
    await payment(other.id, { provider: "local", customer: `local_cus_${other.id}`, cents: 50000 });

    const billing = await billingOverview(studio);
    expect(billing.invoicesFailed).toBe(false);
    expect(billing.invoices.map((i) => [i.id, i.amountCents, i.status])).toEqual([
      [`local_in_${newer.id}`, 6500, "paid"],
      [`local_in_${older.id}`, 3500, "paid"],
    ]);
    expect(billing.invoices[0]).toMatchObject({ number: `TEST-${newer.id.slice(0, 8).toUpperCase()}`, date: "2026-11-01T10:00:00.000Z", currency: "usd", url: null });
    expect(billing).toMatchObject({ plan: "ON_DEMAND", renewsAt: null, endsAt: null });
  });

  it("shows what the studio used of what it had: its allowance and its spends", async () => {
    const studio = await createStudio({ plan: "NO_PLAN" });
    await db.$transaction(async (tx) => {
      await grantStarterAllowance(tx, studio.id, studio.email);
      await spend(tx, `spend:billing:${studio.id}`, { adminId: studio.id, bytes: mbToBytes(512), purpose: "Video upload" });
    });
    const billing = await billingOverview(studio);
    expect(billing).toMatchObject({ usedMb: 512, totalMb: 2048, invoices: [], invoicesFailed: false });
  });

  it("gives the subscription's renewal date, or its end when it is set to end", async () => {
    const studio = await createStudio({ plan: "PRO" });
    const end = new Date("2026-12-28T00:00:00Z");
    const sub = await db.subscription.create({
      data: {
        adminId: studio.id,
        provider: "local",
        providerSubscriptionId: `local_sub_${studio.id}`,
        providerCustomerId: `local_cus_${studio.id}`,
        plan: "PRO",
        currentPeriodEnd: end,
        allotmentGrantedUntil: end,
      },
    });
    expect(await billingOverview(studio)).toMatchObject({ plan: "PRO", renewsAt: end.toISOString(), endsAt: null });
    await db.subscription.update({ where: { id: sub.id }, data: { cancelAtPeriodEnd: true } });
    expect(await billingOverview(studio)).toMatchObject({ renewsAt: null, endsAt: end.toISOString() });
  });
});

describe("Stripe's invoices, through its SDK", () => {
  const stripe = useStripeStandIn("whsec_billing");

  const invoice = (id: string, created: string, extra: object = {}) => ({
    id,
    object: "invoice",
    number: `VF-${id}`,
    created: Math.floor(new Date(created).getTime() / 1000),
    amount_paid: 7900,
    amount_due: 7900,
    currency: "usd",
    status: "paid",
    hosted_invoice_url: `https://invoice.stripe.test/${id}`,
    ...extra,
  });

  it("asks Stripe for the studio's customer's invoices and lists them", async () => {
    const studio = await createStudio({ plan: "PRO" });
    await payment(studio.id, { provider: "stripe", customer: "cus_billing_1", cents: 7900 });
    stripe.answer = (req) =>
      req.method === "GET" && req.url.startsWith("/v1/invoices")
        ? {
            status: 200,
            body: {
              object: "list",
              has_more: false,
              url: "/v1/invoices",
              data: [invoice("in_2", "2026-11-20T00:00:00Z"), invoice("in_1", "2026-10-20T00:00:00Z", { status: "open", amount_paid: 0 })],
            },
          }
        : { status: 404, body: { error: { message: "unexpected" } } };

    const billing = await billingOverview(studio);
    const asked = stripe.standIn!.requests.filter((r) => r.url.startsWith("/v1/invoices"));
    expect(asked).toHaveLength(1);
    const query = new URL(asked[0].url, "http://x").searchParams;
    expect(query.get("customer")).toBe("cus_billing_1");
    expect(query.get("limit")).toBe("24");
    expect(billing.invoicesFailed).toBe(false);
    expect(billing.invoices).toEqual([
      { id: "in_2", number: "VF-in_2", date: "2026-11-20T00:00:00.000Z", amountCents: 7900, currency: "usd", status: "paid", url: "https://invoice.stripe.test/in_2" },
      { id: "in_1", number: "VF-in_1", date: "2026-10-20T00:00:00.000Z", amountCents: 7900, currency: "usd", status: "open", url: "https://invoice.stripe.test/in_1" },
    ]);
  });

  it("says the invoices could not be loaded when Stripe fails, and still answers the rest", async () => {
    const studio = await createStudio({ plan: "PRO" });
    await payment(studio.id, { provider: "stripe", customer: "cus_billing_down", cents: 7900 });
    stripe.answer = () => ({ status: 500, body: { error: { type: "api_error", message: "down" } } });
    const billing = await billingOverview(studio);
    expect(billing).toMatchObject({ plan: "PRO", invoices: [], invoicesFailed: true });
  });
});
