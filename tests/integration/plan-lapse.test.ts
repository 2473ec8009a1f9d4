// When a plan lapses nothing is deleted silently (issue 23, item 4): the studio is mailed once per
// event (set to end, a renewal payment failed, ended, 7 days before the grace ends), with the dates
// that apply; through PLAN_LAPSE_GRACE_DAYS its galleries keep their white-labeling although it is
// On Demand, and they are re-rendered when the grace ends; a new subscription ends the lapse;
// nothing (rows, objects) is deleted; the export stays open to a lapsed studio. Stripe is the real
// SDK against a local stand-in for its API, its webhooks signed as Stripe signs them.
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { POST as makePayment } from "@/app/api/admin/makepayment/route";
import { GET as verify } from "@/app/api/admin/verify-session/[sessionId]/route";
import { POST as localPay } from "@/app/api/payments/local/[sessionId]/pay/route";
import { POST as localCancel } from "@/app/api/payments/local/subscriptions/[id]/cancel/route";
import { GET as getExport, POST as postExport } from "@/app/api/export/route";
import { proxy } from "@/proxy";
import { db } from "@/lib/db";
import { studioOf } from "@/lib/services/public/public-gallery";
import { findGallery } from "@/lib/services/access/open-gallery";
import { lapseMailKeys, runPlanLapses } from "@/lib/services/money/plan-lapse";
import { runExport } from "@/lib/services/data/studio-export";
import { mailDate } from "@/lib/mail/emails/layout";
import { PLAN_LAPSE_GRACE_DAYS, graceEndFor, inLapseGrace, isWhiteLabel } from "@/lib/services/money/rules/plans";
import { pathTag } from "@/lib/services/public/public-cache";
import { bucket, s3 } from "@/lib/storage/client";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request, sessionCookieFor } from "../helpers/requests";
import { putObject } from "../helpers/storage";
import { sendStripeWebhook } from "../helpers/stripe-webhook";
import { useStripeStandIn, type Recorded, type Reply } from "../helpers/http-stand-in";

jest.setTimeout(60_000);

const DAY = 24 * 60 * 60 * 1000;
const WEBHOOK_SECRET = "whsec_plan_lapse";
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

const buy = (token: string, body: unknown) => call(makePayment, request("POST", "/api/admin/makepayment", { body, token }));
const subscribe = (token: string, name: "Pro" | "Unlimited") => buy(token, { name, mode: "subscription", interval: "month" });
const verifyAs = (token: string, sessionId: string) => call(verify, request("GET", "/x", { token }), { sessionId });
const sessionOf = (url: string) => url.split("/").pop()!;
const mailsTo = (to: string) => db.mailMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
const admin = (id: string) => db.admin.findUniqueOrThrow({ where: { id } });

/** A studio with a gallery (two ready films) and an object of it in the store. */
async function withGallery(studio: { id: string }) {
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
  for (const v of videos) await putObject(v.storageKey, Buffer.from(`film ${v.id}`), "video/mp4");
  return { gallery, videos };
}
const whiteLabelAt = async (customUrl: string, now: number) => studioOf((await findGallery(customUrl))!.admin, { now }).whiteLabel;
const invalidatedAt = async (customUrl: string) => (await db.cacheInvalidation.findUnique({ where: { tag: pathTag(`/g/${customUrl}`) } }))?.at.getTime() ?? 0;

describe("Stripe: the mails before anything happens, and the plan's end", () => {
  const stripe = useStripeStandIn(WEBHOOK_SECRET);
  let answer: (req: Recorded) => Reply;
  beforeEach(() => {
    stripe.answer = (req) => answer(req);
  });

  const sendWebhook = (event: object) => sendStripeWebhook(event, WEBHOOK_SECRET);
  const session = (id: string, subscription: string, extra: object = {}) => ({
    id,
    object: "checkout.session",
    url: `https://checkout.stripe.test/${id}`,
    status: "complete",
    payment_status: "paid",
    customer: "cus_lapse",
    subscription,
    ...extra,
  });
  const subscriptionObject = (id: string, extra: object = {}) => ({
    id,
    object: "subscription",
    status: "active",
    cancel_at_period_end: false,
    metadata: { plan: "PRO" },
    items: { object: "list", data: [{ id: "si_lapse", object: "subscription_item", price: { id: "price_pro", object: "price", metadata: { plan: "PRO" } } }] },
    ...extra,
  });

  async function stripeSubscriber(subId: string) {
    const studio = await createStudio({ plan: "NO_PLAN" });
    const token = await bearerFor(studio);
    const sessionId = `cs_${subId}`;
    answer = () => ({ status: 200, body: session(sessionId, subId, { status: "open", payment_status: "unpaid" }) });
    await subscribe(token, "Pro");
    await sendWebhook({ id: `evt_${sessionId}`, object: "event", type: "checkout.session.completed", created: unix(new Date()), data: { object: session(sessionId, subId) } });
    expect((await admin(studio.id)).plan).toBe("PRO");
    return { studio, token };
  }

  it("a cancellation at the period's end mails once, with the end and the grace's end; redeliveries and later updates send nothing more", async () => {
    const subId = `sub_end_${Date.now()}`;
    const { studio } = await stripeSubscriber(subId);
    const { gallery } = await withGallery(studio);
    const periodEnd = new Date(Math.floor((Date.now() + 12 * DAY) / 1000) * 1000);
    const event = (id: string, created: number) => ({
      id: `${id}_${subId}`,
      object: "event",
      type: "customer.subscription.updated",
      created,
      data: { object: subscriptionObject(subId, { cancel_at_period_end: true, current_period_end: unix(periodEnd) }) },
    });
    for (const [id, created] of [
      ["evt_cancel", unix(new Date())],
      ["evt_cancel", unix(new Date())],
      ["evt_again", unix(new Date()) + 5],
    ] as const) {
      expect((await sendWebhook(event(id, created))).status).toBe(200);
    }
    const mails = await mailsTo(studio.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Your Pro plan ends on ${mailDate(periodEnd)}`);
    expect(mail.text).toContain(`until ${mailDate(graceEndFor(periodEnd))}`);
    expect(mail.text).toContain(`${PLAN_LAPSE_GRACE_DAYS} days after the plan ends`);
    expect(mail.text).toContain("made with Vidfolio");
    expect(mail.html).toContain("/studio/account/export");
    expect(await db.mailOnce.count({ where: { key: lapseMailKeys.ending(subId, periodEnd) } })).toBe(1);
    // Nothing happened yet: still Pro, white-labeled, the subscription marked as ending.
    expect((await admin(studio.id)).plan).toBe("PRO");
    expect(await whiteLabelAt(gallery.customUrl, Date.now())).toBe(true);
    expect(await db.subscription.findUniqueOrThrow({ where: { providerSubscriptionId: subId } })).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });
  });

  it("a failed renewal mails once per invoice (Stripe's retries too), with the next try; the first invoice's failure does not", async () => {
    const subId = `sub_fail_${Date.now()}`;
    const { studio } = await stripeSubscriber(subId);
    const retryAt = new Date(Math.floor((Date.now() + 3 * DAY) / 1000) * 1000);
    const failed = (id: string, invoice: string, extra: object = {}) => ({
      id: `${id}_${subId}`,
      object: "event",
      type: "invoice.payment_failed",
      created: unix(new Date()),
      data: {
        object: {
          id: invoice,
          object: "invoice",
          billing_reason: "subscription_cycle",
          parent: { type: "subscription_details", subscription_details: { subscription: subId } },
          next_payment_attempt: unix(retryAt),
          attempt_count: 1,
          ...extra,
        },
      },
    });
    await sendWebhook(failed("evt_create", `in_create_${subId}`, { billing_reason: "subscription_create" }));
    expect(await mailsTo(studio.email)).toHaveLength(0);
    for (const [id, extra] of [
      ["evt_f1", {}],
      ["evt_f1", {}],
      ["evt_f2", { attempt_count: 2, next_payment_attempt: unix(retryAt) + 3 * 86400 }],
    ] as const) {
      expect((await sendWebhook(failed(id, `in_cycle_${subId}`, extra))).status).toBe(200);
    }
    const mails = await mailsTo(studio.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("We could not renew your Pro plan");
    expect(mails[0].text).toContain(`We will try again on ${mailDate(retryAt)}`);
    expect(mails[0].text).toContain(`For ${PLAN_LAPSE_GRACE_DAYS} days after the plan ends your galleries stay exactly as they are`);
    // Nothing changed: the plan is still Pro.
    expect((await admin(studio.id)).plan).toBe("PRO");
    // A malformed invoice is answered and changes nothing.
    expect((await sendWebhook({ id: `evt_bad_${subId}`, object: "event", type: "invoice.payment_failed", data: { object: { object: "invoice" } } })).status).toBe(200);
    expect(await mailsTo(studio.email)).toHaveLength(1);
  });

  it("a failure delivered after its invoice was paid (Stripe does not keep the order) mails nothing", async () => {
    const subId = `sub_late_${Date.now()}`;
    const { studio } = await stripeSubscriber(subId);
    const invoice = `in_late_${subId}`;
    const start = unix(new Date(Date.now() + 365 * DAY));
    const paid = {
      id: `evt_paid_${subId}`,
      object: "event",
      type: "invoice.paid",
      created: unix(new Date()),
      data: { object: { id: invoice, object: "invoice", billing_reason: "subscription_cycle", subscription: subId, lines: { data: [{ period: { start } }] } } },
    };
    expect((await sendWebhook(paid)).status).toBe(200);
    const late = {
      id: `evt_failed_late_${subId}`,
      object: "event",
      type: "invoice.payment_failed",
      created: unix(new Date(Date.now() - 3600_000)),
      data: { object: { id: invoice, object: "invoice", billing_reason: "subscription_cycle", subscription: subId, next_payment_attempt: null, attempt_count: 1 } },
    };
    expect((await sendWebhook(late)).status).toBe(200);
    expect(await mailsTo(studio.email)).toHaveLength(0);
  });

  it("the end: On Demand with the grace counted from when it ended, one mail, white-label kept through the grace, pages re-rendered", async () => {
    const subId = `sub_gone_${Date.now()}`;
    const { studio } = await stripeSubscriber(subId);
    const { gallery } = await withGallery(studio);
    const endedAt = new Date(Math.floor((Date.now() - 2 * 3600_000) / 1000) * 1000);
    const before = Date.now();
    const deleted = (id: string) => ({
      id: `${id}_${subId}`,
      object: "event",
      type: "customer.subscription.deleted",
      created: unix(new Date()),
      data: { object: subscriptionObject(subId, { status: "canceled", ended_at: unix(endedAt) }) },
    });
    for (const id of ["evt_del", "evt_del", "evt_del_again"]) expect((await sendWebhook(deleted(id))).status).toBe(200);
    const graceUntil = graceEndFor(endedAt);
    expect(await admin(studio.id)).toMatchObject({ plan: "ON_DEMAND", lapsedPlan: "PRO", planLapsedAt: endedAt, graceUntil });
    const mails = await mailsTo(studio.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Your Pro plan has ended");
    expect(mails[0].text).toContain(`ended on ${mailDate(endedAt)}`);
    expect(mails[0].text).toContain(`until ${mailDate(graceUntil)}`);
    expect(mails[0].html).toContain("/studio/account/export");
    // The plan changed: the pages were expired; they render white-labeled until the grace's end.
    expect(await invalidatedAt(gallery.customUrl)).toBeGreaterThanOrEqual(before - 1000);
    expect(await whiteLabelAt(gallery.customUrl, Date.now())).toBe(true);
    expect(await whiteLabelAt(gallery.customUrl, graceUntil.getTime() - 1000)).toBe(true);
    expect(await whiteLabelAt(gallery.customUrl, graceUntil.getTime() + 1000)).toBe(false);
  });
});

describe("the grace (local test provider and the worker's plan-lapses job)", () => {
  /** A local Pro subscriber, its subscription cancelled from the local billing page. */
  async function lapsedStudio() {
    const studio = await createStudio({ plan: "NO_PLAN" });
    const token = await bearerFor(studio);
    const { url } = await (await subscribe(token, "Pro")).json();
    await call(localPay, request("POST", "/x", { token }), { sessionId: sessionOf(url) });
    await verifyAs(token, sessionOf(url));
    const sub = await db.subscription.findFirstOrThrow({ where: { adminId: studio.id, status: "ACTIVE" } });
    const data = await withGallery(studio);
    const res = await call(localCancel, request("POST", "/x", { token }), { id: sub.id });
    expect(res.status).toBe(200);
    return { studio, token, sub, ...data };
  }

  it("reminds once 7 days before the grace ends, then re-renders the pages, ends the white-label and deletes nothing", async () => {
    const { studio, gallery, videos } = await lapsedStudio();
    const lapsed = await admin(studio.id);
    expect(inLapseGrace(lapsed)).toBe(true);
    const graceUntil = lapsed.graceUntil!;
    expect(graceUntil.getTime() - lapsed.planLapsedAt!.getTime()).toBe(PLAN_LAPSE_GRACE_DAYS * DAY);
    expect((await mailsTo(studio.email)).map((m) => m.subject)).toEqual(["Your Pro plan has ended"]);
    const rows = { galleries: await db.gallery.count({ where: { adminId: studio.id } }), videos: await db.video.count({ where: { adminId: studio.id } }), credits: lapsed.creditBytes };

    // 8 days before: no reminder yet; 6 days before: one, however many runs (two at once too).
    await runPlanLapses(new Date(graceUntil.getTime() - 8 * DAY));
    expect(await mailsTo(studio.email)).toHaveLength(1);
    const sixBefore = new Date(graceUntil.getTime() - 6 * DAY + 60_000);
    await Promise.all([runPlanLapses(sixBefore), runPlanLapses(sixBefore)]);
    await runPlanLapses(new Date(graceUntil.getTime() - 2 * DAY));
    const mails = await mailsTo(studio.email);
    expect(mails.map((m) => m.subject)).toEqual(["Your Pro plan has ended", `Your galleries' white-labeling ends on ${mailDate(graceUntil)}`]);
    expect(mails[1].text).toMatch(/your grace ends in 6 days/i);
    expect(mails[1].text).toContain(`until ${mailDate(graceUntil)}`);
    expect(mails[1].html).toContain("/studio/account/export");
    expect(await whiteLabelAt(gallery.customUrl, sixBefore.getTime())).toBe(true);

    // The grace ends: the pages are expired and render with the footer; the lapse is cleared.
    const before = Date.now();
    const result = await runPlanLapses(new Date(graceUntil.getTime() + 60_000));
    expect(result.ended).toBeGreaterThanOrEqual(1);
    expect(await invalidatedAt(gallery.customUrl)).toBeGreaterThanOrEqual(before - 1000);
    expect(await invalidatedAt(gallery.id)).toBeGreaterThanOrEqual(before - 1000);
    expect(await admin(studio.id)).toMatchObject({ plan: "ON_DEMAND", lapsedPlan: null, planLapsedAt: null, graceUntil: null });
    expect(await whiteLabelAt(gallery.customUrl, Date.now())).toBe(false);
    // Nothing deleted: rows, credits and the films in the store are all there; the gallery still reads.
    expect(await db.gallery.count({ where: { adminId: studio.id } })).toBe(rows.galleries);
    expect(await db.video.count({ where: { adminId: studio.id } })).toBe(rows.videos);
    expect((await admin(studio.id)).creditBytes).toBe(rows.credits);
    for (const v of videos) await expect(s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: v.storageKey }))).resolves.toBeDefined();
    expect((await findGallery(gallery.customUrl))?.videos).toHaveLength(2);
    // A run after that changes nothing and mails nothing.
    await runPlanLapses(new Date(graceUntil.getTime() + 2 * DAY));
    expect(await mailsTo(studio.email)).toHaveLength(2);
  });

  it("a new subscription ends the lapse: white-labeled by its plan, no reminder, nothing for the worker", async () => {
    const { studio, token, gallery } = await lapsedStudio();
    const graceUntil = (await admin(studio.id)).graceUntil!;
    const { url } = await (await subscribe(token, "Unlimited")).json();
    await call(localPay, request("POST", "/x", { token }), { sessionId: sessionOf(url) });
    await verifyAs(token, sessionOf(url));
    expect(await admin(studio.id)).toMatchObject({ plan: "UNLIMITED", lapsedPlan: null, planLapsedAt: null, graceUntil: null });
    await runPlanLapses(new Date(graceUntil.getTime() - 6 * DAY));
    expect((await mailsTo(studio.email)).map((m) => m.subject)).toEqual(["Your Pro plan has ended"]);
    expect(await whiteLabelAt(gallery.customUrl, graceUntil.getTime() + DAY)).toBe(true);
  });

  it("a pack bought during the grace keeps it", async () => {
    const { studio, token } = await lapsedStudio();
    const { url } = await (await buy(token, { credits: 5, mode: "payment" })).json();
    await call(localPay, request("POST", "/x", { token }), { sessionId: sessionOf(url) });
    await verifyAs(token, sessionOf(url));
    const after = await admin(studio.id);
    expect(after.plan).toBe("ON_DEMAND");
    expect(inLapseGrace(after)).toBe(true);
  });

  it.each(["ON_DEMAND", "NO_PLAN"] as const)("the export stays open to a lapsed studio on %s: the page and POST/GET /api/export", async (plan) => {
    const { studio, token } = await lapsedStudio();
    await db.admin.update({ where: { id: studio.id }, data: { plan } });
    const row = await admin(studio.id);
    expect(isWhiteLabel(row)).toBe(true);
    const cookie = await sessionCookieFor(row);
    expect((await proxy(request("GET", "/studio/account/export", { cookie }))).headers.get("x-middleware-next")).toBe("1");
    const started = await call(postExport, request("POST", "/api/export", { token }));
    expect(started.status).toBe(202);
    const { export: state } = await started.json();
    await runExport(state.id);
    const res = await call(getExport, request("GET", "/api/export", { token }));
    expect(res.status).toBe(200);
    expect((await res.json()).export).toMatchObject({ id: state.id, status: "READY" });
  });
});
