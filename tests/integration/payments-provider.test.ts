// Which provider sells, and who may apply a payment (#17.4): the local test provider only when
// PAYMENTS_PROVIDER=test chose it; with no provider, checkout says payments are not configured and
// grants nothing; a payment is applied only by the provider that created it.
import Stripe from "stripe";
import { POST as makePayment } from "@/app/api/admin/makepayment/route";
import { POST as localPay } from "@/app/api/payments/local/[sessionId]/pay/route";
import { POST as localCancel } from "@/app/api/payments/local/[sessionId]/cancel/route";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { PUT as updatePlan } from "@/app/api/admin/update-plan/[adminId]/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { verifySession } from "../helpers/uploads";

const saved = { ...process.env };
const KEYS = ["PAYMENTS_PROVIDER", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;
function configure(vars: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) {
    if (vars[k] === undefined) delete process.env[k];
    else process.env[k] = vars[k];
  }
}
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

async function studio() {
  const s = await createStudio({ plan: "NO_PLAN" });
  return { studio: s, token: await bearerFor(s) };
}
const buy = (token: string) => call(makePayment, request("POST", "/x", { token, body: { mode: "payment", credits: 5 } }));
const pay = (token: string, sessionId: string) => call(localPay, request("POST", "/x", { token }), { sessionId });
const creditsOf = async (id: string) => (await db.admin.findUniqueOrThrow({ where: { id } })).creditBytes;

it("with neither PAYMENTS_PROVIDER nor Stripe configured (npm start's default), checkout says payments are not configured and records nothing", async () => {
  configure({});
  const { studio: s, token } = await studio();
  const res = await buy(token);
  expect(res.status).toBe(409);
  expect(await res.json()).toEqual({ code: "payments_not_configured", message: TEXTS.paymentsNotConfigured });
  expect(await db.payment.count({ where: { adminId: s.id } })).toBe(0);
  // Choosing Stripe without its key is the same.
  configure({ PAYMENTS_PROVIDER: "stripe" });
  expect((await buy(token)).status).toBe(409);
});

it("once test payments are off, a local checkout left behind can be neither paid, cancelled nor applied", async () => {
  configure({ PAYMENTS_PROVIDER: "test" });
  const { studio: s, token } = await studio();
  const unpaid = (await (await buy(token)).json()).url.split("/").pop();
  const paid = (await (await buy(token)).json()).url.split("/").pop();
  expect((await pay(token, paid)).status).toBe(200);

  configure({ STRIPE_SECRET_KEY: "sk_test_configured_later" });
  const refused = await pay(token, unpaid);
  expect(refused.status).toBe(403);
  expect((await refused.json()).message).toBe(TEXTS.testPaymentsOff);
  expect((await call(localCancel, request("POST", "/x", { token }), { sessionId: unpaid })).status).toBe(403);
  // Verification asks the payment's own provider, which is off: nothing is applied.
  for (const sessionId of [paid, unpaid]) {
    const verified = await verifySession(token, sessionId);
    expect(verified.status).toBe(409);
    expect((await verified.json()).message).toBe(TEXTS.testPaymentsOff);
    const applied = await call(updatePlan, request("PUT", "/x", { token, body: { type: "purchased", sessionId } }), { adminId: s.id });
    expect(applied.status).toBe(409);
  }
  expect(await creditsOf(s.id)).toBe(BigInt(0));
  expect(await db.creditEntry.count({ where: { adminId: s.id } })).toBe(0);
});

it("once test payments are off, a test subscription's plan cannot be changed: checkout answers its declared 409 conflict", async () => {
  const { studio: s, token } = await studio();
  await db.subscription.create({ data: { adminId: s.id, provider: "local", providerSubscriptionId: `local_sub_${s.id}`, plan: "PRO", allotmentGrantedUntil: new Date() } });
  configure({});
  const res = await call(makePayment, request("POST", "/x", { token, body: { mode: "subscription", name: "Unlimited", interval: "month" } }));
  expect([res.status, await res.json()]).toEqual([409, { code: "conflict", message: TEXTS.testPaymentsOff }]);
});

it("a Stripe event cannot fulfil a payment the local provider created", async () => {
  configure({ PAYMENTS_PROVIDER: "test", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_provider_test" });
  const { studio: s, token } = await studio();
  const sessionId = (await (await buy(token)).json()).url.split("/").pop();
  await pay(token, sessionId);
  const payload = JSON.stringify({
    id: `evt_${sessionId}`,
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: sessionId, object: "checkout.session", status: "complete", payment_status: "paid", customer: "cus_x" } },
  });
  const header = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret: "whsec_provider_test" });
  const res = await call(webhook, request("POST", "/x", { rawBody: payload, headers: { "stripe-signature": header } }));
  expect(res.status).toBe(200);
  expect(await creditsOf(s.id)).toBe(BigInt(0));
  expect((await db.payment.findUniqueOrThrow({ where: { providerSessionId: sessionId } })).fulfilledAt).toBeNull();
  // Its own provider applies it.
  expect((await (await verifySession(token, sessionId)).json()).paid).toBe(true);
  expect(await db.creditEntry.count({ where: { adminId: s.id } })).toBe(1);
});

it("the local pay route refuses a payment Stripe created", async () => {
  configure({ PAYMENTS_PROVIDER: "test" });
  const { studio: s, token } = await studio();
  const row = await db.payment.create({
    data: { adminId: s.id, provider: "stripe", providerSessionId: `cs_test_${s.id.slice(0, 8)}`, mode: "payment", plan: "ON_DEMAND", creditBytes: BigInt(1), amountCents: 3500 },
  });
  expect((await pay(token, row.providerSessionId)).status).toBe(404);
  expect((await db.payment.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("PENDING");
});
