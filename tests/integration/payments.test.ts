import Stripe from "stripe";
import { POST as makePayment } from "@/app/api/admin/makepayment/route";
import { GET as verify } from "@/app/api/admin/verify-session/[sessionId]/route";
import { PUT as updatePlan } from "@/app/api/admin/update-plan/[adminId]/route";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { POST as localPay } from "@/app/api/payments/local/[sessionId]/pay/route";
import { POST as localCancel } from "@/app/api/payments/local/[sessionId]/cancel/route";
import { POST as portal } from "@/app/api/payments/portal/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { bytesToMb } from "@/lib/format";
import { creditHistory } from "@/lib/services/money/payments";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { useStripeStandIn, type Recorded, type Reply } from "../helpers/http-stand-in";

const WEBHOOK_SECRET = "whsec_test_secret";
const sdk = new Stripe("sk_test_dummy");

async function studioWithToken(opts: Parameters<typeof createStudio>[0] = {}) {
  const studio = await createStudio({ plan: "NO_PLAN", ...opts });
  return { studio, token: await bearerFor(studio) };
}

const buy = (token: string, body: unknown) => call(makePayment, request("POST", "/api/admin/makepayment", { body, token }));
const verifyAs = (token: string, sessionId: string) => call(verify, request("GET", "/x", { token }), { sessionId });
const sessionOf = (url: string) => url.split("/").pop()!;

async function balanceMb(id: string) {
  return bytesToMb((await db.admin.findUniqueOrThrow({ where: { id } })).creditBytes);
}

function sendWebhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = sdk.webhooks.generateTestHeaderString({ payload, secret });
  return call(webhook, request("POST", "/api/webhooks/stripe", { rawBody: payload, headers: { "stripe-signature": header, "content-type": "application/json" } }));
}

describe("makepayment with the local test provider", () => {
  it.each([
    [5, 3500, 25 * 1024],
    [10, 6500, 50 * 1024],
    [20, 12000, 100 * 1024],
    [100, 50000, 500 * 1024],
  ])("sells the %s-credit pack at the catalogue price", async (credits, cents, mb) => {
    const { studio, token } = await studioWithToken();
    const res = await buy(token, { name: "On Demand", currency: "usd", mode: "payment", credits, price: 1, userId: "someone-else" });
    expect(res.status).toBe(200);
    const { url, provider } = await res.json();
    expect(provider).toBe("Test payments");
    expect(url).toMatch(/\/checkout\/test\/local_cs_[0-9a-f]+$/);
    const p = await db.payment.findUniqueOrThrow({ where: { providerSessionId: sessionOf(url) } });
    expect(p).toMatchObject({ adminId: studio.id, amountCents: cents, mode: "payment", plan: "ON_DEMAND", status: "PENDING", fulfilledAt: null });
    expect(bytesToMb(p.creditBytes)).toBe(mb);
  });

  it.each([
    ["Pro", 7900, 1048576, "PRO"],
    ["Unlimited", 16500, 5242880, "UNLIMITED"],
  ])("sells the %s subscription", async (name, cents, mb, plan) => {
    const { token } = await studioWithToken();
    const { url } = await (await buy(token, { name, mode: "subscription", interval: "month", price: 100 })).json();
    const p = await db.payment.findUniqueOrThrow({ where: { providerSessionId: sessionOf(url) } });
    expect(p).toMatchObject({ amountCents: cents, mode: "subscription", plan });
    expect(bytesToMb(p.creditBytes)).toBe(mb);
  });

  it("refuses an unknown plan or pack, and bad input, creating nothing", async () => {
    const { studio, token } = await studioWithToken();
    for (const [body, message] of [
      [{ name: "On Demand", mode: "subscription", interval: "month" }, TEXTS.invalidSubscriptionPlan],
      [{ name: "Gold", mode: "subscription" }, TEXTS.invalidSubscriptionPlan],
      [{ mode: "payment", credits: 7 }, "Invalid credit pack."],
      [{ mode: "refund", credits: 5 }, "mode must be payment or subscription."],
    ] as const) {
      const res = await buy(token, body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    expect(await db.payment.count({ where: { adminId: studio.id } })).toBe(0);
  });
});

describe("paying and verifying", () => {
  it("applies a paid pack exactly once, however often and concurrently it is verified", async () => {
    const { studio, token } = await studioWithToken();
    const { url } = await (await buy(token, { mode: "payment", credits: 5 })).json();
    const sessionId = sessionOf(url);

    const unpaid = await (await verifyAs(token, sessionId)).json();
    expect(unpaid.paid).toBe(false);
    expect(await balanceMb(studio.id)).toBe(0);

    const pay = await call(localPay, request("POST", "/x", { token }), { sessionId });
    expect((await pay.json()).url).toBe(`/success?session_id=${sessionId}`);
    const results = await Promise.all(Array.from({ length: 10 }, () => verifyAs(token, sessionId)));
    for (const r of results) expect((await r.json()).metadata).toEqual({ plan: "On Demand", credits: 25600 });

    expect(await balanceMb(studio.id)).toBe(25600);
    const after = await db.admin.findUniqueOrThrow({ where: { id: studio.id } });
    expect(after.plan).toBe("ON_DEMAND");
    const ledger = await db.creditEntry.findMany({ where: { adminId: studio.id } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ type: "purchased", amountCents: 3500, purpose: "On Demand — 5 credits" });
  });

  it("does not let a studio verify another studio's session", async () => {
    const a = await studioWithToken();
    const b = await studioWithToken();
    const { url } = await (await buy(a.token, { mode: "payment", credits: 5 })).json();
    expect((await verifyAs(b.token, sessionOf(url))).status).toBe(404);
    expect((await call(localPay, request("POST", "/x", { token: b.token }), { sessionId: sessionOf(url) })).status).toBe(404);
  });

  it("a cancelled local checkout can no longer be paid", async () => {
    const { studio, token } = await studioWithToken();
    const { url } = await (await buy(token, { mode: "payment", credits: 5 })).json();
    const sessionId = sessionOf(url);
    expect((await (await call(localCancel, request("POST", "/x", { token }), { sessionId })).json()).url).toBe("/cancel");
    expect((await call(localPay, request("POST", "/x", { token }), { sessionId })).status).toBe(409);
    await verifyAs(token, sessionId);
    expect(await balanceMb(studio.id)).toBe(0);
  });

  it("a subscription sets the plan, grants the year, and a pack never downgrades it", async () => {
    const { studio, token } = await studioWithToken();
    const { url } = await (await buy(token, { name: "Pro", mode: "subscription" })).json();
    await call(localPay, request("POST", "/x", { token }), { sessionId: sessionOf(url) });
    await verifyAs(token, sessionOf(url));
    expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).plan).toBe("PRO");
    expect(await db.subscription.count({ where: { adminId: studio.id, status: "ACTIVE" } })).toBe(1);

    const pack = await (await buy(token, { mode: "payment", credits: 10 })).json();
    await call(localPay, request("POST", "/x", { token }), { sessionId: sessionOf(pack.url) });
    await verifyAs(token, sessionOf(pack.url));
    const after = await db.admin.findUniqueOrThrow({ where: { id: studio.id } });
    expect(after.plan).toBe("PRO");
    expect(bytesToMb(after.creditBytes)).toBe(1048576 + 51200);
  });
});

describe("PUT /api/admin/update-plan/:adminId", () => {
  it("never adds credits on the studio's word, and spends without going below zero", async () => {
    const { studio, token } = await studioWithToken({ creditsMb: 100 });
    const put = (adminId: string, body: unknown) => call(updatePlan, request("PUT", "/x", { body, token }), { adminId });
    expect((await put(studio.id, { type: "purchased", plan: "Unlimited Plan", credits: 999999, sessionId: "local_cs_made_up" })).status).toBe(404);
    expect((await put(studio.id, { type: "purchased", credits: 999999 })).status).toBe(400);
    expect(await balanceMb(studio.id)).toBe(100);

    const spent = await put(studio.id, { type: "used", credits: 40, purpose: "video upload" });
    expect(spent.status).toBe(200);
    expect((await spent.json()).credits).toBe(60);
    expect((await put(studio.id, { type: "used", credits: 61 })).status).toBe(409);
    expect(await balanceMb(studio.id)).toBe(60);

    const other = await createStudio();
    expect((await put(other.id, { type: "used", credits: 1 })).status).toBe(404);
  });

  it("credit history is newest first, with the balance as purchased minus used and purposes falling back", async () => {
    const { studio, token } = await studioWithToken({ creditsMb: 0 });
    await db.creditEntry.create({ data: { adminId: studio.id, type: "purchased", creditBytes: BigInt(200 * 1048576), amountCents: 3500, purpose: null, createdAt: new Date(Date.now() - 60000) } });
    await db.admin.update({ where: { id: studio.id }, data: { creditBytes: BigInt(200 * 1048576) } });
    await call(updatePlan, request("PUT", "/x", { body: { type: "used", credits: 50 }, token }), { adminId: studio.id });
    const history = await creditHistory(studio, 1);
    expect(history.entries.map((e) => [e.type, e.credits, e.purpose])).toEqual([
      ["used", 50, "Used"],
      ["purchased", 200, "Purchased"],
    ]);
    expect(history.balance).toBe(150);
    expect(history.balance).toBe(await balanceMb(studio.id));
  });
});

describe("Stripe (the real SDK against a local stand-in for its API)", () => {
  const stripe = useStripeStandIn(WEBHOOK_SECRET);
  let standIn: NonNullable<typeof stripe.standIn>;
  let answer: (req: Recorded) => Reply;
  beforeEach(() => {
    standIn = stripe.standIn!;
    stripe.answer = (req) => answer(req);
  });

  function checkoutSession(id: string, extra: object = {}) {
    return { id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}`, status: "open", payment_status: "unpaid", customer: null, subscription: null, ...extra };
  }

  it("creates a subscription session with prices from the catalogue and the studio as reference", async () => {
    const { studio, token } = await studioWithToken();
    answer = () => ({ status: 200, body: checkoutSession("cs_test_sub") });
    const res = await buy(token, { name: "Unlimited", mode: "subscription", interval: "month", price: 1 });
    expect(await res.json()).toEqual({ url: "https://checkout.stripe.test/c/pay/cs_test_sub", provider: "Stripe" });
    const sent = standIn.requests[0];
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("/v1/checkout/sessions");
    expect(sent.headers.authorization).toBe("Bearer sk_test_local");
    const form = new URLSearchParams(sent.body);
    expect(form.get("mode")).toBe("subscription");
    expect(form.get("client_reference_id")).toBe(studio.id);
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("16500");
    expect(form.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(form.get("line_items[0][price_data][recurring][interval]")).toBe("month");
    expect(form.get("success_url")).toContain("/success?session_id={CHECKOUT_SESSION_ID}");
    expect(await db.payment.count({ where: { providerSessionId: "cs_test_sub", provider: "stripe" } })).toBe(1);
  });

  it("answers without a url when Stripe gives none, and with the payment error when Stripe fails", async () => {
    const { token } = await studioWithToken();
    answer = () => ({ status: 200, body: checkoutSession(`cs_nourl_${Date.now()}`, { url: null }) });
    expect(await (await buy(token, { mode: "payment", credits: 5 })).json()).toMatchObject({ url: null, provider: "Stripe" });
    answer = () => ({ status: 500, body: { error: { type: "api_error", message: "boom" } } });
    const failed = await buy(token, { mode: "payment", credits: 5 });
    expect(failed.status).toBe(502);
    expect((await failed.json()).message).toBe(TEXTS.paymentError);
  });

  it("applies checkout.session.completed once under 10 replays and a concurrent success-page verification", async () => {
    const { studio, token } = await studioWithToken();
    const id = `cs_test_${Date.now()}`;
    answer = (req) =>
      req.method === "POST" ? { status: 200, body: checkoutSession(id) } : { status: 200, body: checkoutSession(id, { status: "complete", payment_status: "paid", customer: "cus_1" }) };
    await buy(token, { mode: "payment", credits: 20 });
    const event = { id: `evt_${id}`, object: "event", type: "checkout.session.completed", data: { object: checkoutSession(id, { status: "complete", payment_status: "paid", customer: "cus_1" }) } };
    const all = await Promise.all([...Array.from({ length: 10 }, () => sendWebhook(event)), verifyAs(token, id), verifyAs(token, id)]);
    for (const r of all) expect(r.status).toBe(200);
    expect(await balanceMb(studio.id)).toBe(100 * 1024);
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(1);
    expect(await db.webhookEvent.count({ where: { id: event.id } })).toBe(1);
  });

  it("answers 400 to a bad signature and changes nothing", async () => {
    const { studio, token } = await studioWithToken();
    const id = `cs_bad_${Date.now()}`;
    answer = () => ({ status: 200, body: checkoutSession(id) });
    await buy(token, { mode: "payment", credits: 100 });
    const event = { id: `evt_${id}`, object: "event", type: "checkout.session.completed", data: { object: checkoutSession(id, { status: "complete", payment_status: "paid" }) } };
    const forged = await sendWebhook(event, "whsec_wrong");
    expect(forged.status).toBe(400);
    expect((await forged.json()).message).toBe("Invalid Stripe signature.");
    const unsigned = await call(webhook, request("POST", "/api/webhooks/stripe", { rawBody: JSON.stringify(event) }));
    expect(unsigned.status).toBe(400);
    expect(await balanceMb(studio.id)).toBe(0);
    expect(await db.webhookEvent.count({ where: { id: event.id } })).toBe(0);
  });

  it("grants a subscription's allotment again only when a new year is paid, and ends the plan on deletion", async () => {
    const { studio, token } = await studioWithToken();
    const id = `cs_sub_${Date.now()}`;
    const subId = `sub_${Date.now()}`;
    answer = (req) =>
      req.url.startsWith("/v1/billing_portal")
        ? { status: 200, body: { id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.test/p/session_1" } }
        : { status: 200, body: checkoutSession(id, req.method === "GET" ? { status: "complete", payment_status: "paid", customer: "cus_9", subscription: subId } : {}) };
    await buy(token, { name: "Pro", mode: "subscription" });
    await verifyAs(token, id);
    expect(await balanceMb(studio.id)).toBe(1048576);

    const invoice = (n: number, start: Date, reason = "subscription_cycle") => ({
      id: `evt_inv_${subId}_${n}`,
      object: "event",
      type: "invoice.paid",
      data: { object: { id: `in_${subId}_${n}`, object: "invoice", billing_reason: reason, subscription: subId, lines: { data: [{ period: { start: Math.floor(start.getTime() / 1000) } }] } } },
    });
    const month = 30 * 24 * 3600 * 1000;
    await sendWebhook(invoice(0, new Date(), "subscription_create"));
    await sendWebhook(invoice(1, new Date(Date.now() + month)));
    expect(await balanceMb(studio.id)).toBe(1048576);
    const nextYear = invoice(12, new Date(Date.now() + 365 * 24 * 3600 * 1000 - 60_000));
    await sendWebhook(nextYear);
    await sendWebhook(nextYear);
    await sendWebhook({ ...nextYear, id: `${nextYear.id}_redelivered` });
    expect(await balanceMb(studio.id)).toBe(2 * 1048576);

    const portalRes = await call(portal, request("POST", "/x", { token }));
    expect(await portalRes.json()).toEqual({ url: "https://billing.stripe.test/p/session_1" });
    expect(new URLSearchParams(standIn.requests.at(-1)!.body).get("customer")).toBe("cus_9");

    await sendWebhook({ id: `evt_del_${subId}`, object: "event", type: "customer.subscription.deleted", data: { object: { id: subId, object: "subscription" } } });
    const after = await db.admin.findUniqueOrThrow({ where: { id: studio.id } });
    expect(after.plan).toBe("ON_DEMAND");
    expect(bytesToMb(after.creditBytes)).toBe(2 * 1048576);
    expect((await db.subscription.findUniqueOrThrow({ where: { providerSubscriptionId: subId } })).status).toBe("CANCELED");
  });

  it("acknowledges events it does not handle without doing anything", async () => {
    const res = await sendWebhook({ id: `evt_other_${Date.now()}`, object: "event", type: "customer.created", data: { object: { id: "cus_x" } } });
    expect(await res.json()).toEqual({ received: true, handled: false });
  });
});

describe("the credit history names each row (issue 19, item 10)", () => {
  it("an upload's charge names its file and gallery, also for charges written before they were named", async () => {
    const studio = await createStudio({ plan: "ON_DEMAND" });
    const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
    const gallery = await db.gallery.create({ data: { name: "Emma & James", title: "T", folderId: folder.id, adminId: studio.id, customUrl: `hist-${studio.id.slice(0, 8)}` } });
    const upload = await db.upload.create({
      data: {
        adminId: studio.id,
        galleryId: gallery.id,
        kind: "video",
        key: `${studio.id}/x/first-dance.mp4`,
        fileName: "first-dance.mp4",
        contentType: "video/mp4",
        declaredBytes: BigInt(1),
        reservedBytes: BigInt(0),
        status: "COMPLETED",
      },
    });
    // An old row, as written before: "video upload".
    await db.creditEntry.create({ data: { adminId: studio.id, type: "used", creditBytes: BigInt(1048576), purpose: "video upload", idempotencyKey: `upload:${upload.id}` } });
    const history = await creditHistory(studio, 1);
    expect(history.entries[0].purpose).toBe("Video upload: first-dance.mp4 (Emma & James)");
  });
});
