// The studio's own payment account (issue 41 item 1), through the doors: Stripe Connect through the
// real SDK against a stand-in of Stripe's API (an Express account, an Account Link, the account read
// while not enabled, `account.updated` webhooks out of order and repeated, a Connect endpoint's own
// secret), and the local test provider's stand-in end to end. Another studio sees nothing of it.
import { GET as connectGet, POST as connectPost } from "@/app/api/payments/connect/route";
import { POST as localComplete } from "@/app/api/payments/local/connect/[accountId]/complete/route";
import { db } from "@/lib/db";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { useStripeStandIn, type Recorded } from "../helpers/http-stand-in";
import { sendStripeWebhook } from "../helpers/stripe-webhook";

const SECRET = "whsec_platform_0123456789";
const CONNECT_SECRET = "whsec_connect_0123456789";

async function studio() {
  const admin = await createStudio();
  return { admin, token: await bearerFor(admin) };
}
const state = async (token: string) => {
  const res = await call(connectGet, request("GET", "/api/payments/connect", { token }));
  expect(res.status).toBe(200);
  return (await res.json()).connect;
};
const start = (token: string) => call(connectPost, request("POST", "/api/payments/connect", { token }));
const finish = (token: string, accountId: string) => call(localComplete, request("POST", "/x", { token }), { accountId });

describe("Account → Payments with the local test provider", () => {
  it("connects, finishes the test setup, and takes payments; nobody else can finish it", async () => {
    const { admin, token } = await studio();
    expect(await state(token)).toMatchObject({ state: "not_connected", provider: "test", configured: true, platformFeePercent: 0 });

    const first = await start(token);
    expect(first.status).toBe(200);
    const { url } = await first.json();
    const link = new URL(url);
    expect(link.pathname).toMatch(/^\/checkout\/test\/connect\/local_acct_[0-9a-f]{24}$/);
    expect(link.searchParams.get("return")).toBe("/studio/account/payments?connect=done");
    const accountId = link.pathname.split("/").pop()!;
    // Asked again (a second click, a reload): the same account.
    const again = new URL((await (await start(token)).json()).url);
    expect(again.pathname.split("/").pop()).toBe(accountId);
    expect(await db.payoutAccount.count({ where: { adminId: admin.id } })).toBe(1);
    expect(await state(token)).toMatchObject({ state: "onboarding", chargesEnabled: false });

    // Another studio cannot finish it (its own account or none: 404), nor read it.
    const other = await studio();
    expect((await finish(other.token, accountId)).status).toBe(404);
    expect(await state(other.token)).toMatchObject({ state: "not_connected" });
    expect((await finish(token, "local_acct_000000000000000000000000")).status).toBe(404);
    expect((await finish(token, "acct_123")).status).toBe(404);

    const done = await finish(token, accountId);
    expect(done.status).toBe(200);
    expect((await done.json()).connect).toMatchObject({ state: "enabled", chargesEnabled: true, payoutsEnabled: true });
    expect(await state(token)).toMatchObject({ state: "enabled" });
  });

  it("says payments are not configured when no provider sells, and makes no account", async () => {
    const saved = process.env.PAYMENTS_PROVIDER;
    process.env.PAYMENTS_PROVIDER = "";
    try {
      const { admin, token } = await studio();
      expect(await state(token)).toMatchObject({ state: "not_connected", provider: null, configured: false });
      const res = await start(token);
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe("payments_not_configured");
      expect(await db.payoutAccount.count({ where: { adminId: admin.id } })).toBe(0);
    } finally {
      process.env.PAYMENTS_PROVIDER = saved;
    }
  });
});

describe("Account → Payments with Stripe Connect", () => {
  const stripe = useStripeStandIn(SECRET);
  let account = { charges_enabled: false, payouts_enabled: false, details_submitted: false, requirements: { disabled_reason: "requirements.past_due" } };
  // Each studio's account is named after it (as Stripe names each account its own id).
  const acct = (adminId: string) => `acct_${adminId.replace(/-/g, "").slice(0, 16)}`;
  const answer = (req: Recorded) => {
    if (req.method === "POST" && req.url === "/v1/accounts") return { status: 200, body: { id: acct(new URLSearchParams(req.body).get("metadata[adminId]")!), object: "account", ...account } };
    if (req.method === "POST" && req.url === "/v1/account_links") {
      return { status: 200, body: { object: "account_link", url: `https://connect.stripe.com/setup/e/${new URLSearchParams(req.body).get("account")}/abc` } };
    }
    const got = /^\/v1\/accounts\/(acct_[0-9a-f]+)/.exec(req.url);
    if (req.method === "GET" && got) return { status: 200, body: { id: got[1], object: "account", ...account } };
    return { status: 404, body: { error: { message: "no such route" } } };
  };
  beforeEach(() => {
    stripe.answer = answer;
    account = { charges_enabled: false, payouts_enabled: false, details_submitted: false, requirements: { disabled_reason: "requirements.past_due" } };
    process.env.STRIPE_CONNECT_WEBHOOK_SECRET = CONNECT_SECRET;
  });
  afterEach(() => {
    delete process.env.STRIPE_CONNECT_WEBHOOK_SECRET;
  });

  it("makes one Express account and an onboarding link back to Account → Payments", async () => {
    const { admin, token } = await studio();
    const res = await start(token);
    expect(res.status).toBe(200);
    expect((await res.json()).url).toBe(`https://connect.stripe.com/setup/e/${acct(admin.id)}/abc`);
    const create = stripe.standIn!.requests.find((r) => r.url === "/v1/accounts")!;
    const form = new URLSearchParams(create.body);
    expect(form.get("type")).toBe("express");
    expect(form.get("metadata[adminId]")).toBe(admin.id);
    expect(form.get("capabilities[transfers][requested]")).toBe("true");
    expect(create.headers["idempotency-key"]).toBe(`connect-account:${admin.id}`);
    const link = new URLSearchParams(stripe.standIn!.requests.find((r) => r.url === "/v1/account_links")!.body);
    expect(link.get("account")).toBe(acct(admin.id));
    expect(link.get("type")).toBe("account_onboarding");
    expect(link.get("return_url")).toMatch(/\/studio\/account\/payments\?connect=done$/);
    expect(link.get("refresh_url")).toMatch(/\/studio\/account\/payments\?connect=again$/);
    // A second click: a new link for the same account, no second account.
    stripe.standIn!.requests.length = 0;
    expect((await start(token)).status).toBe(200);
    expect(stripe.standIn!.requests.map((r) => r.url)).toEqual(["/v1/account_links"]);
    expect(await db.payoutAccount.findUniqueOrThrow({ where: { adminId: admin.id } })).toMatchObject({ provider: "stripe", accountId: acct(admin.id) });
  });

  it("reads the account from Stripe while it is not enabled, and shows Stripe's reason", async () => {
    const { token } = await studio();
    await start(token);
    expect(await state(token)).toMatchObject({ state: "restricted", disabledReason: "requirements.past_due" });
    account = { charges_enabled: true, payouts_enabled: true, details_submitted: true, requirements: { disabled_reason: null as unknown as string } };
    expect(await state(token)).toMatchObject({ state: "enabled", provider: "stripe", disabledReason: null });
    // Enabled: not asked again.
    stripe.standIn!.requests.length = 0;
    expect(await state(token)).toMatchObject({ state: "enabled" });
    expect(stripe.standIn!.requests).toEqual([]);
  });

  it("applies account.updated once and in time order, signed by either endpoint's secret", async () => {
    const { admin, token } = await studio();
    await start(token);
    stripe.answer = () => ({ status: 503, body: { error: { message: "down" } } }); // only the events say what it is now
    const event = (id: string, created: number, a: object) => ({
      id: `${id}_${admin.id}`,
      object: "event",
      type: "account.updated",
      created,
      data: { object: { id: acct(admin.id), object: "account", ...a } },
    });
    const now = Math.floor(Date.now() / 1000) + 10;
    const enabled = { charges_enabled: true, payouts_enabled: true, details_submitted: true, requirements: { disabled_reason: null } };
    const held = { charges_enabled: false, payouts_enabled: false, details_submitted: true, requirements: { disabled_reason: "rejected.fraud" } };
    // The newer event first (from the Connect endpoint), then an older one, then the newer one again.
    expect((await sendStripeWebhook(event("evt_new", now + 5, enabled), CONNECT_SECRET)).status).toBe(200);
    expect((await sendStripeWebhook(event("evt_old", now, held), SECRET)).status).toBe(200);
    const repeat = await sendStripeWebhook(event("evt_new", now + 5, enabled), CONNECT_SECRET);
    expect(await repeat.json()).toMatchObject({ duplicate: true });
    expect(await db.payoutAccount.findUniqueOrThrow({ where: { adminId: admin.id } })).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, disabledReason: null });
    expect(await state(token)).toMatchObject({ state: "enabled" });
    // A later hold applies; a signature of neither secret changes nothing.
    expect((await sendStripeWebhook(event("evt_later", now + 9, held), SECRET)).status).toBe(200);
    expect(await state(token)).toMatchObject({ state: "restricted", disabledReason: "rejected.fraud" });
    expect((await sendStripeWebhook(event("evt_forged", now + 20, enabled), "whsec_someone_else")).status).toBe(400);
    expect(await state(token)).toMatchObject({ state: "restricted" });
    // An account nobody here has: answered, nothing written.
    const stranger = await sendStripeWebhook({ ...event("evt_stranger", now + 30, enabled), data: { object: { id: "acct_other", ...enabled } } }, SECRET);
    expect(stranger.status).toBe(200);
    expect(await db.payoutAccount.count({ where: { accountId: "acct_other" } })).toBe(0);
  });
});
