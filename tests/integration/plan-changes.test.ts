// One subscription per studio (issue 19, item 3): an upgrade or downgrade changes the one
// subscription (the local test provider and Stripe through its real SDK against a stand-in for its
// API), the webhooks that follow apply once and never undo a newer change, two checkouts paid for
// two plans leave one, and the database refuses a second active row whatever the path.
import { POST as makePayment } from "@/app/api/admin/makepayment/route";
import { GET as verify } from "@/app/api/admin/verify-session/[sessionId]/route";
import { POST as localPay } from "@/app/api/payments/local/[sessionId]/pay/route";
import { db } from "@/lib/db";
import { bytesToMb } from "@/lib/format";
import { TEXTS } from "@/lib/texts";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { sendStripeWebhook } from "../helpers/stripe-webhook";
import { useStripeStandIn, type Recorded, type Reply } from "../helpers/http-stand-in";

const PRO_MB = 1048576;
const UNLIMITED_MB = 5242880;
const WEBHOOK_SECRET = "whsec_plan_changes";

async function studioWithToken() {
  const studio = await createStudio({ plan: "NO_PLAN" });
  return { studio, token: await bearerFor(studio) };
}
const buy = (token: string, body: unknown) => call(makePayment, request("POST", "/api/admin/makepayment", { body, token }));
const subscribe = (token: string, name: "Pro" | "Unlimited") => buy(token, { name, mode: "subscription", interval: "month" });
const verifyAs = (token: string, sessionId: string) => call(verify, request("GET", "/x", { token }), { sessionId });
const sessionOf = (url: string) => url.split("/").pop()!;
const state = async (adminId: string) => {
  const admin = await db.admin.findUniqueOrThrow({ where: { id: adminId } });
  const active = await db.subscription.findMany({ where: { adminId, status: "ACTIVE" } });
  return { plan: admin.plan, creditsMb: bytesToMb(admin.creditBytes), active: active.map((s) => s.plan) };
};

/** A local checkout for the plan, paid and applied. */
async function localSubscriber(name: "Pro" | "Unlimited" = "Pro") {
  const s = await studioWithToken();
  const { url } = await (await subscribe(s.token, name)).json();
  await call(localPay, request("POST", "/x", { token: s.token }), { sessionId: sessionOf(url) });
  await verifyAs(s.token, sessionOf(url));
  return s;
}

describe("the local test provider", () => {
  it("Pro → Unlimited changes the one subscription: the plan at once, the allotment difference granted, no second checkout", async () => {
    const { studio, token } = await localSubscriber("Pro");
    expect(await state(studio.id)).toEqual({ plan: "PRO", creditsMb: PRO_MB, active: ["PRO"] });
    const payments = await db.payment.count({ where: { adminId: studio.id } });

    const res = await subscribe(token, "Unlimited");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ changed: true, plan: "Unlimited Plan", url: expect.stringMatching(/\/studio\/account\/planbill\?changed=UNLIMITED$/) });
    expect(await state(studio.id)).toEqual({ plan: "UNLIMITED", creditsMb: UNLIMITED_MB, active: ["UNLIMITED"] });
    expect(await db.subscription.count({ where: { adminId: studio.id } })).toBe(1);
    expect(await db.payment.count({ where: { adminId: studio.id } })).toBe(payments);
    const entry = await db.creditEntry.findFirstOrThrow({ where: { adminId: studio.id }, orderBy: { createdAt: "desc" } });
    expect(entry).toMatchObject({ type: "purchased", purpose: "Upgrade to Unlimited plan — yearly allotment difference" });
    expect(bytesToMb(entry.creditBytes)).toBe(UNLIMITED_MB - PRO_MB);
  });

  it("a downgrade takes nothing back, and switching back and forth never adds credits twice", async () => {
    const { studio, token } = await localSubscriber("Pro");
    await subscribe(token, "Unlimited");
    await subscribe(token, "Pro");
    expect(await state(studio.id)).toEqual({ plan: "PRO", creditsMb: UNLIMITED_MB, active: ["PRO"] });
    await subscribe(token, "Unlimited");
    await subscribe(token, "Pro");
    await subscribe(token, "Unlimited");
    expect(await state(studio.id)).toEqual({ plan: "UNLIMITED", creditsMb: UNLIMITED_MB, active: ["UNLIMITED"] });
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(2);
  });

  it("ten concurrent upgrade requests apply once; asking for the plan it has changes nothing", async () => {
    const { studio, token } = await localSubscriber("Pro");
    const all = await Promise.all(Array.from({ length: 10 }, () => subscribe(token, "Unlimited")));
    for (const r of all) expect(r.status).toBe(200);
    expect(await state(studio.id)).toEqual({ plan: "UNLIMITED", creditsMb: UNLIMITED_MB, active: ["UNLIMITED"] });
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(2);
    expect((await subscribe(token, "Unlimited")).status).toBe(200);
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(2);
  });

  it("two checkouts opened before either was paid leave one subscription: the later one applied stays", async () => {
    const { studio, token } = await studioWithToken();
    const pro = sessionOf((await (await subscribe(token, "Pro")).json()).url);
    const unlimited = sessionOf((await (await subscribe(token, "Unlimited")).json()).url);
    for (const sessionId of [pro, unlimited]) await call(localPay, request("POST", "/x", { token }), { sessionId });
    await Promise.all([verifyAs(token, pro), verifyAs(token, unlimited), verifyAs(token, pro), verifyAs(token, unlimited)]);
    const after = await state(studio.id);
    expect(after.active).toHaveLength(1);
    expect(after.plan).toBe(after.active[0]);
    expect(await db.subscription.count({ where: { adminId: studio.id, status: "CANCELED" } })).toBe(1);
    // Both were paid: both allotments were granted, once each.
    expect(after.creditsMb).toBe(PRO_MB + UNLIMITED_MB);
  });

  it("a studio without a subscription gets a checkout, as before", async () => {
    const { token } = await studioWithToken();
    const body = await (await subscribe(token, "Unlimited")).json();
    expect(body.url).toMatch(/\/checkout\/test\/local_cs_/);
    expect(body.changed).toBeUndefined();
  });
});

it("the database refuses a second active subscription for a studio, whatever writes it", async () => {
  const studio = await createStudio({ plan: "PRO" });
  const row = (id: string) => ({ adminId: studio.id, provider: "local", providerSubscriptionId: id, plan: "PRO" as const, allotmentGrantedUntil: new Date() });
  await db.subscription.create({ data: row(`local_sub_a_${studio.id}`) });
  await expect(db.subscription.create({ data: row(`local_sub_b_${studio.id}`) })).rejects.toThrow();
  await db.subscription.create({ data: { ...row(`local_sub_c_${studio.id}`), status: "CANCELED" } });
  expect(await db.subscription.count({ where: { adminId: studio.id } })).toBe(2);
});

describe("Stripe (the real SDK against a local stand-in for its API)", () => {
  const stripe = useStripeStandIn(WEBHOOK_SECRET);
  let standIn: NonNullable<typeof stripe.standIn>;
  let answer: (req: Recorded) => Reply;
  beforeEach(() => {
    standIn = stripe.standIn!;
    stripe.answer = (req) => answer(req);
  });

  const sendWebhook = (event: object) => sendStripeWebhook(event, WEBHOOK_SECRET);
  const session = (id: string, subscription: string, extra: object = {}) => ({
    id,
    object: "checkout.session",
    url: `https://checkout.stripe.test/${id}`,
    status: "complete",
    payment_status: "paid",
    customer: "cus_plan",
    subscription,
    ...extra,
  });
  const subscriptionObject = (id: string, plan: string | null, extra: object = {}) => ({
    id,
    object: "subscription",
    status: "active",
    cancel_at_period_end: false,
    metadata: { plan: "PRO" },
    items: { object: "list", data: [{ id: "si_plan", object: "subscription_item", price: { id: `price_${plan ?? "inline"}`, object: "price", metadata: plan ? { plan } : {} } }] },
    ...extra,
  });

  /** A studio with an active Stripe Pro subscription `subId` (checkout completed by webhook). */
  async function stripeSubscriber(subId: string) {
    const s = await studioWithToken();
    const sessionId = `cs_${subId}`;
    answer = () => ({ status: 200, body: session(sessionId, subId, { status: "open", payment_status: "unpaid" }) });
    await subscribe(s.token, "Pro");
    await sendWebhook({ id: `evt_${sessionId}`, object: "event", type: "checkout.session.completed", created: Math.floor(Date.now() / 1000), data: { object: session(sessionId, subId) } });
    expect(await state(s.studio.id)).toEqual({ plan: "PRO", creditsMb: PRO_MB, active: ["PRO"] });
    return s;
  }

  it("an upgrade replaces the subscription item's price with proration, and opens no checkout", async () => {
    const subId = `sub_up_${Date.now()}`;
    const { studio, token } = await stripeSubscriber(subId);
    standIn.requests.length = 0;
    answer = (req) => {
      if (req.method === "GET" && req.url.startsWith(`/v1/subscriptions/${subId}`)) return { status: 200, body: subscriptionObject(subId, null) };
      if (req.method === "POST" && req.url === "/v1/prices") return { status: 200, body: { id: "price_unlimited_new", object: "price", metadata: { plan: "UNLIMITED" } } };
      if (req.method === "POST" && req.url === `/v1/subscriptions/${subId}`) return { status: 200, body: subscriptionObject(subId, "UNLIMITED") };
      return { status: 500, body: { error: { type: "api_error", message: `unexpected ${req.method} ${req.url}` } } };
    };
    const res = await subscribe(token, "Unlimited");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ changed: true, plan: "Unlimited Plan" });
    expect(standIn.requests.map((r) => `${r.method} ${r.url.split("?")[0]}`)).toEqual([`GET /v1/subscriptions/${subId}`, "POST /v1/prices", `POST /v1/subscriptions/${subId}`]);
    const price = new URLSearchParams(standIn.requests[1].body);
    expect(price.get("unit_amount")).toBe("16500");
    expect(price.get("recurring[interval]")).toBe("month");
    expect(price.get("metadata[plan]")).toBe("UNLIMITED");
    const update = new URLSearchParams(standIn.requests[2].body);
    expect(update.get("items[0][id]")).toBe("si_plan");
    expect(update.get("items[0][price]")).toBe("price_unlimited_new");
    expect(update.get("proration_behavior")).toBe("create_prorations");
    expect(standIn.requests[2].headers["idempotency-key"]).toMatch(new RegExp(`^plan-change:${subId}:`));
    expect(await state(studio.id)).toEqual({ plan: "UNLIMITED", creditsMb: UNLIMITED_MB, active: ["UNLIMITED"] });

    // The webhook that follows (and its redeliveries) changes nothing more.
    const updated = { object: "event", type: "customer.subscription.updated", created: Math.floor(Date.now() / 1000) + 1, data: { object: subscriptionObject(subId, "UNLIMITED") } };
    for (const id of ["evt_upd_1", "evt_upd_1", "evt_upd_2"]) expect((await sendWebhook({ ...updated, id: `${id}_${subId}` })).status).toBe(200);
    expect(await state(studio.id)).toEqual({ plan: "UNLIMITED", creditsMb: UNLIMITED_MB, active: ["UNLIMITED"] });
  });

  it("Stripe failing the change leaves the plan as it was, with the payment error", async () => {
    const subId = `sub_fail_${Date.now()}`;
    const { studio, token } = await stripeSubscriber(subId);
    answer = () => ({ status: 500, body: { error: { type: "api_error", message: "boom" } } });
    const res = await subscribe(token, "Unlimited");
    expect(res.status).toBe(502);
    expect((await res.json()).message).toBe(TEXTS.paymentError);
    expect(await state(studio.id)).toEqual({ plan: "PRO", creditsMb: PRO_MB, active: ["PRO"] });
  });

  it("a change made in Stripe's billing portal arrives by webhook; an older event never undoes a newer change", async () => {
    const subId = `sub_portal_${Date.now()}`;
    const { studio } = await stripeSubscriber(subId);
    const now = Math.floor(Date.now() / 1000);
    const event = (id: string, plan: string, created: number) => ({
      id: `${id}_${subId}`,
      object: "event",
      type: "customer.subscription.updated",
      created,
      data: { object: subscriptionObject(subId, plan) },
    });
    await sendWebhook(event("evt_portal_up", "UNLIMITED", now + 5));
    expect(await state(studio.id)).toEqual({ plan: "UNLIMITED", creditsMb: UNLIMITED_MB, active: ["UNLIMITED"] });
    // Delivered late: an event from before the upgrade still naming Pro.
    await sendWebhook(event("evt_stale", "PRO", now - 60));
    expect((await state(studio.id)).plan).toBe("UNLIMITED");
    await sendWebhook(event("evt_portal_down", "PRO", now + 10));
    expect(await state(studio.id)).toEqual({ plan: "PRO", creditsMb: UNLIMITED_MB, active: ["PRO"] });
  });

  it("a second subscription paid by checkout replaces the first, which is ended at Stripe", async () => {
    const oldSub = `sub_old_${Date.now()}`;
    const { studio } = await stripeSubscriber(oldSub);
    // A checkout for Unlimited opened elsewhere before the subscription existed, completed now.
    const newSub = `sub_new_${Date.now()}`;
    await db.payment.create({
      data: {
        adminId: studio.id,
        provider: "stripe",
        providerSessionId: `cs_${newSub}`,
        mode: "subscription",
        plan: "UNLIMITED",
        item: "UNLIMITED",
        description: "Unlimited — yearly allotment",
        creditBytes: BigInt(UNLIMITED_MB) * BigInt(1024 * 1024),
        amountCents: 16500,
      },
    });
    standIn.requests.length = 0;
    answer = (req) => (req.method === "DELETE" ? { status: 200, body: subscriptionObject(oldSub, "PRO", { status: "canceled" }) } : { status: 500, body: {} });
    await sendWebhook({ id: `evt_cs_${newSub}`, object: "event", type: "checkout.session.completed", created: Math.floor(Date.now() / 1000), data: { object: session(`cs_${newSub}`, newSub) } });
    expect(await state(studio.id)).toEqual({ plan: "UNLIMITED", creditsMb: PRO_MB + UNLIMITED_MB, active: ["UNLIMITED"] });
    expect(standIn.requests.map((r) => `${r.method} ${r.url.split("?")[0]}`)).toEqual([`DELETE /v1/subscriptions/${oldSub}`]);
    expect(new URL(standIn.requests[0].url, standIn.url).searchParams.get("prorate")).toBe("true");
    // Stripe's word that the old one ended changes nothing more.
    await sendWebhook({ id: `evt_del_${oldSub}`, object: "event", type: "customer.subscription.deleted", data: { object: { id: oldSub, object: "subscription" } } });
    expect(await state(studio.id)).toEqual({ plan: "UNLIMITED", creditsMb: PRO_MB + UNLIMITED_MB, active: ["UNLIMITED"] });
  });
});
