// Paid delivery (issue 41 items 2, 4, 5, 6) through the doors: the price door's rules, a guest's Pay
// on the test provider and on Stripe Connect (the real SDK against a stand-in of Stripe's HTTP API:
// a Checkout Session on the studio's account with the platform's fee), the completion webhook
// applied once whatever the order and repetition of events, refunds relocking, mark-paid, the list
// of galleries awaiting payment, and what the gallery's guests get before and after.
import { TEXTS } from "@/lib/texts";
import { GET as priceGet, PUT as pricePut, DELETE as priceDelete } from "@/app/api/galleries/gallery/[id]/price/route";
import { POST as markPaidPost } from "@/app/api/galleries/gallery/[id]/mark-paid/route";
import { GET as awaitingGet } from "@/app/api/galleries/awaiting-payment/route";
import { POST as payPost } from "@/app/api/public/galleries/[slug]/pay/route";
import { POST as localPayPost } from "@/app/api/payments/local/gallery/[sessionId]/pay/route";
import { POST as localCancelPost } from "@/app/api/payments/local/gallery/[sessionId]/cancel/route";
import { GET as content } from "@/app/api/public/galleries/[slug]/route";
import { GET as download } from "@/app/api/public/download/[videoId]/route";
import { GET as insightsGet } from "@/app/api/galleries/gallery/[id]/insights/route";
import { db } from "@/lib/db";
import { createFolderWithGallery, createGuest, createStudio } from "../helpers/factories";
import { putLadder } from "../helpers/hls";
import { bearerFor, call, request } from "../helpers/requests";
import { useStripeStandIn, type Recorded } from "../helpers/http-stand-in";
import { sendStripeWebhook } from "../helpers/stripe-webhook";
import type { GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";

const SECRET = "whsec_platform_0123456789";
const CONNECT_SECRET = "whsec_connect_0123456789";

/** A studio whose payment account takes payments, with a gallery of one film (its clean ladder made). */
async function studioWithGallery(provider: "local" | "stripe" = "local") {
  const admin = await createStudio();
  await db.payoutAccount.create({
    data: {
      adminId: admin.id,
      provider,
      accountId: provider === "local" ? `local_acct_${admin.id.replace(/-/g, "").slice(0, 24)}` : `acct_${admin.id.slice(0, 8)}`,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    },
  });
  const { gallery, videos } = await createFolderWithGallery(admin.id, { videos: 1 });
  const film = await putLadder(videos[0]);
  return { admin, token: await bearerFor(admin), gallery, film };
}

const price = (token: string, id: string, body: unknown) => call(pricePut, request("PUT", `/api/galleries/gallery/${id}/price`, { token, body }), { id });
const pay = (slug: string, cookie?: string) => call(payPost, request("POST", `/api/public/galleries/${slug}/pay`, { cookie, body: {} }), { slug });
async function viewerState(slug: string, cookie?: string): Promise<GalleryViewState> {
  const res = await call(content, request("GET", `/api/public/galleries/${slug}`, { cookie }), { slug });
  expect(res.status).toBe(200);
  return (await res.json()).state;
}
const EUR_PRICE = { amount: 125000, currency: "eur", deposit: 25000, dueDate: "2026-12-31", payToUnlock: true };

describe("the price door", () => {
  it("refuses bad prices with a 400 and changes nothing; another studio's gallery is a 404", async () => {
    const { token, gallery } = await studioWithGallery();
    const bad = [
      { ...EUR_PRICE, currency: "xyz" },
      { ...EUR_PRICE, amount: 12.5 },
      { ...EUR_PRICE, amount: 50 }, // below €1
      { ...EUR_PRICE, amount: 100_000_000_00 },
      { ...EUR_PRICE, deposit: 125000 },
      { ...EUR_PRICE, dueDate: "2026-02-30" },
      { ...EUR_PRICE, payToUnlock: "yes" },
      { ...EUR_PRICE, extra: 1 },
      { amount: 1000, currency: "jpy", payToUnlock: true, deposit: -1 },
    ];
    for (const body of bad) {
      const res = await price(token, gallery.id, body);
      expect([res.status, body]).toEqual([400, body]);
      expect((await res.json()).code).toBe("validation");
    }
    expect(await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).toMatchObject({ priceAmount: null, payToUnlock: false, priceVersion: 0 });
    // Said as the money reads, not in cents.
    const tooMuch = await (await price(token, gallery.id, { ...EUR_PRICE, amount: 100_000_000_00 })).json();
    expect(tooMuch.message).toContain(TEXTS.galleryPrice.amountRange("€1.00", "€999,999.00"));
    const other = await studioWithGallery();
    expect((await price(other.token, gallery.id, EUR_PRICE)).status).toBe(404);
    expect((await call(priceGet, request("GET", "/x", { token: other.token }), { id: gallery.id })).status).toBe(404);
    // JPY has no minor unit: ¥120,000 is 120000.
    const yen = await price(token, gallery.id, { amount: 120000, currency: "JPY", payToUnlock: false });
    expect(yen.status).toBe(200);
    expect((await yen.json()).price).toMatchObject({ amount: 120000, currency: "jpy", due: 120000, locked: false });
  });

  it("locks the gallery to previews until paid; a paid gallery is re-priced only when reopened", async () => {
    const { admin, token, gallery, film } = await studioWithGallery();
    const saved = await price(token, gallery.id, EUR_PRICE);
    expect(saved.status).toBe(200);
    expect((await saved.json()).price).toMatchObject({ amount: 125000, deposit: 25000, due: 100000, dueDate: "2026-12-31", locked: true, paid: null, previews: { ready: 0, films: 1 } });
    // No preview made yet: the film is not shown, nothing downloads; the background video (a clean film) is not played.
    await db.gallery.update({ where: { id: gallery.id }, data: { bgVideoUrl: film.storageKey } });
    let state = await viewerState(gallery.customUrl);
    expect(state.videos).toEqual([]);
    expect(state.background.videoUrl).toBeNull();
    expect(state.payment).toMatchObject({ due: 100000, currency: "eur", locked: true, paid: false });
    const dl = await call(download, request("GET", `/api/public/download/${film.id}?g=${gallery.customUrl}`), { videoId: film.id });
    expect(dl.status).toBe(402);
    expect((await dl.json()).code).toBe("payment_required");

    // A guest who came while it was unpaid (they watched the previews), another after it is paid.
    await db.galleryViewer.create({ data: { galleryId: gallery.id, key: `early-${gallery.id}`, firstSeenAt: new Date(Date.now() - 60_000), lastSeenAt: new Date(), visits: 1 } });
    // Paid by hand: open at once, recorded in the audit; again changes nothing.
    const marked = await call(markPaidPost, request("POST", "/x", { token }), { id: gallery.id });
    expect((await marked.json()).price).toMatchObject({ locked: false, paid: { via: "hand", amount: 100000, by: null }, previews: null });
    expect((await call(markPaidPost, request("POST", "/x", { token }), { id: gallery.id })).status).toBe(200);
    expect(await db.auditLog.count({ where: { targetId: gallery.id, action: "gallery.payment.markPaid" } })).toBe(1);
    state = await viewerState(gallery.customUrl);
    expect(state.videos.map((v) => v._id)).toEqual([film.id]);
    expect(state.videos[0].playback!.sources.map((s) => s.type)).toContain("video/mp4");
    expect(state.background.videoUrl).toMatch(/^https?:\/\//);
    expect((await call(download, request("GET", `/api/public/download/${film.id}?g=${gallery.customUrl}`), { videoId: film.id })).status).toBe(302);

    await db.galleryViewer.create({ data: { galleryId: gallery.id, key: `late-${gallery.id}`, firstSeenAt: new Date(Date.now() + 1000), lastSeenAt: new Date(Date.now() + 1000), visits: 1 } });
    const insights = await (await call(insightsGet, request("GET", `/api/galleries/gallery/${gallery.id}/insights`, { token }), { id: gallery.id })).json();
    expect(insights.insights.viewers.items.map((v: { beforePayment: boolean }) => v.beforePayment).sort()).toEqual([false, true]);
    // Re-pricing a paid gallery needs reopen.
    const refused = await price(token, gallery.id, { ...EUR_PRICE, amount: 150000 });
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("gallery_paid");
    expect((await call(priceDelete, request("DELETE", "/x", { token }), { id: gallery.id })).status).toBe(409);
    const reopened = await price(token, gallery.id, { ...EUR_PRICE, amount: 150000, reopen: true });
    expect((await reopened.json()).price).toMatchObject({ amount: 150000, locked: true, paid: null });
    expect(await db.auditLog.count({ where: { actorId: admin.id, targetId: gallery.id, action: "gallery.payment.reopen" } })).toBe(1);
    const awaiting = await call(awaitingGet, request("GET", "/x", { token }));
    expect((await awaiting.json()).galleries).toEqual([expect.objectContaining({ galleryId: gallery.id, due: 125000, currency: "eur", dueDate: "2026-12-31" })]);
  });
});

describe("a guest pays on the test provider", () => {
  it("opens one checkout per guest, completes it, unlocks the gallery for everyone and mails both sides", async () => {
    const { admin, token, gallery, film } = await studioWithGallery();
    await price(token, gallery.id, EUR_PRICE);
    const guest = await createGuest(gallery.id, admin.id, { mayDownload: true });
    const first = await pay(gallery.customUrl, guest.cookie);
    expect(first.status).toBe(200);
    const { url } = await first.json();
    expect(url).toMatch(/\/pay\/test\/local_gcs_[0-9a-f]{32}$/);
    // An impatient double click: the same checkout.
    expect((await (await pay(gallery.customUrl, guest.cookie)).json()).url).toBe(url);
    const [again1, again2] = await Promise.all([pay(gallery.customUrl, guest.cookie), pay(gallery.customUrl, guest.cookie)]);
    expect([(await again1.json()).url, (await again2.json()).url]).toEqual([url, url]);
    const payment = await db.galleryPayment.findFirstOrThrow({ where: { galleryId: gallery.id } });
    expect(payment).toMatchObject({ amount: 100000, currency: "eur", state: "open", payerEmail: `${guest.id}@example.test`, feeAmount: 0 });
    expect(await db.galleryPayment.count({ where: { galleryId: gallery.id } })).toBe(1);

    const sessionId = url.split("/").pop()!;
    // A price change now applies to new checkouts only: this one pays what it said.
    await price(token, gallery.id, { ...EUR_PRICE, amount: 200000 });
    const done = await call(localPayPost, request("POST", "/x", { body: {} }), { sessionId });
    expect(done.status).toBe(200);
    expect((await done.json()).url).toMatch(new RegExp(`/${gallery.customUrl}#pay=done$`));
    expect(await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).toMatchObject({ paidVia: "checkout", paidAmount: 100000, paidBy: `${guest.id}@example.test` });
    // Every guest: the clean film and downloads at the next request.
    const state = await viewerState(gallery.customUrl);
    expect(state.payment).toMatchObject({ locked: false, paid: true });
    expect(state.videos.map((v) => v._id)).toEqual([film.id]);
    expect((await call(download, request("GET", `/api/public/download/${film.id}?g=${gallery.customUrl}`), { videoId: film.id })).status).toBe(302);
    // The receipt to the payer, the notice to the studio: once, however often the page's Pay is sent.
    expect((await call(localPayPost, request("POST", "/x", { body: {} }), { sessionId })).status).toBe(200);
    expect(await db.mailMessage.count({ where: { to: `${guest.id}@example.test`, subject: { contains: "Your payment" } } })).toBe(1);
    expect(await db.mailMessage.count({ where: { to: admin.email, subject: { contains: "was paid" } } })).toBe(1);
    // Nothing due any more.
    const late = await pay(gallery.customUrl);
    expect(late.status).toBe(409);
  });

  it("refuses when the studio cannot take payments, and a cancelled checkout charges nothing", async () => {
    const { admin, token, gallery } = await studioWithGallery();
    await price(token, gallery.id, EUR_PRICE);
    await db.payoutAccount.update({ where: { adminId: admin.id }, data: { chargesEnabled: false } });
    const refused = await pay(gallery.customUrl);
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("payouts_not_ready");
    await db.payoutAccount.update({ where: { adminId: admin.id }, data: { chargesEnabled: true } });
    const { url } = await (await pay(gallery.customUrl)).json();
    const sessionId = url.split("/").pop()!;
    const back = await call(localCancelPost, request("POST", "/x"), { sessionId });
    expect((await back.json()).url).toMatch(/#pay=cancelled$/);
    expect(await db.galleryPayment.findUniqueOrThrow({ where: { sessionId } })).toMatchObject({ state: "expired" });
    expect(await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).toMatchObject({ paidAt: null });
    // A new click makes a new checkout (the cancelled one is not sent back to); unknown sessions are 404s.
    expect((await (await pay(gallery.customUrl)).json()).url).not.toBe(url);
    expect((await call(localPayPost, request("POST", "/x", { body: {} }), { sessionId: `local_gcs_${"0".repeat(32)}` })).status).toBe(404);
    expect((await call(localPayPost, request("POST", "/x", { body: {} }), { sessionId: "cs_test_123" })).status).toBe(404);
  });
});

describe("a guest pays with Stripe Connect", () => {
  const stripe = useStripeStandIn(SECRET);
  let sessions = 0;
  const answer = (req: Recorded) => {
    if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
      sessions++;
      return { status: 200, body: { id: `cs_test_${sessions}_${Date.now()}`, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/cs_${sessions}` } };
    }
    return { status: 404, body: { error: { message: "no such route" } } };
  };
  beforeEach(() => {
    stripe.answer = answer;
    process.env.STRIPE_CONNECT_WEBHOOK_SECRET = CONNECT_SECRET;
    process.env.PLATFORM_FEE_PERCENT = "10";
  });
  afterEach(() => {
    delete process.env.STRIPE_CONNECT_WEBHOOK_SECRET;
    delete process.env.PLATFORM_FEE_PERCENT;
  });

  const completed = (id: string, session: string, galleryPaymentId: string, intent: string) => ({
    id,
    object: "event",
    type: "checkout.session.completed",
    account: "acct_x",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: session, object: "checkout.session", payment_status: "paid", payment_intent: intent, customer_details: { email: "payer@example.test" }, metadata: { galleryPaymentId } } },
  });
  const refunded = (id: string, intent: string, full = true) => ({
    id,
    object: "event",
    type: "charge.refunded",
    account: "acct_x",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `ch_${id}`, object: "charge", payment_intent: intent, refunded: full, amount_refunded: full ? 100000 : 1000 } },
  });

  it("makes a Checkout Session on the studio's account with the platform's fee, and applies its events once in any order", async () => {
    const { admin, token, gallery } = await studioWithGallery("stripe");
    await price(token, gallery.id, EUR_PRICE);
    const res = await pay(gallery.customUrl);
    expect(res.status).toBe(200);
    expect((await res.json()).url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const create = stripe.standIn!.requests.find((r) => r.url === "/v1/checkout/sessions")!;
    const form = new URLSearchParams(create.body);
    expect(create.headers["stripe-account"]).toBe(`acct_${admin.id.slice(0, 8)}`);
    expect(form.get("mode")).toBe("payment");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("100000");
    expect(form.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(form.get("payment_intent_data[application_fee_amount]")).toBe("10000");
    expect(form.get("success_url")).toMatch(new RegExp(`/${gallery.customUrl}#pay=done$`));
    const payment = await db.galleryPayment.findFirstOrThrow({ where: { galleryId: gallery.id } });
    expect(form.get("metadata[galleryPaymentId]")).toBe(payment.id);
    expect(create.headers["idempotency-key"]).toBe(`gallery-pay:${payment.id}`);

    // Completed, then delivered again, then a forged one: paid once.
    const event = completed(`evt_c_${payment.id}`, payment.sessionId, payment.id, `pi_${payment.id}`);
    expect((await sendStripeWebhook(event, CONNECT_SECRET)).status).toBe(200);
    expect(await (await sendStripeWebhook(event, CONNECT_SECRET)).json()).toMatchObject({ duplicate: true });
    expect((await sendStripeWebhook({ ...event, id: `evt_other_${payment.id}` }, CONNECT_SECRET)).status).toBe(200);
    expect((await sendStripeWebhook(completed("evt_forged", "cs_x", payment.id, "pi_x"), "whsec_nobody")).status).toBe(400);
    expect(await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).toMatchObject({ paidVia: "checkout", paidBy: "payer@example.test", paidAmount: 100000 });
    expect(await db.mailMessage.count({ where: { to: "payer@example.test" } })).toBe(1);
    expect((await viewerState(gallery.customUrl)).payment).toMatchObject({ locked: false });

    // A partial refund changes nothing; a full refund relocks it; the same refund again nothing more.
    expect((await sendStripeWebhook(refunded(`evt_p_${payment.id}`, `pi_${payment.id}`, false), CONNECT_SECRET)).status).toBe(200);
    expect((await viewerState(gallery.customUrl)).payment).toMatchObject({ locked: false });
    expect((await sendStripeWebhook(refunded(`evt_r_${payment.id}`, `pi_${payment.id}`), CONNECT_SECRET)).status).toBe(200);
    expect((await sendStripeWebhook(refunded(`evt_r2_${payment.id}`, `pi_${payment.id}`), CONNECT_SECRET)).status).toBe(200);
    expect(await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).toMatchObject({ paidAt: null, refundedAt: expect.any(Date) });
    expect((await viewerState(gallery.customUrl)).payment).toMatchObject({ locked: true, paid: false });
    expect(await db.galleryPayment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ state: "refunded" });
    const view = await (await call(priceGet, request("GET", "/x", { token }), { id: gallery.id })).json();
    expect(view.price).toMatchObject({ locked: true, refundedAt: expect.any(String), payments: [expect.objectContaining({ state: "refunded", payerEmail: "payer@example.test" })] });
  });

  it("a refund seen before its checkout's completion: the completion unlocks nothing", async () => {
    const { token, gallery } = await studioWithGallery("stripe");
    await price(token, gallery.id, EUR_PRICE);
    await pay(gallery.customUrl);
    const payment = await db.galleryPayment.findFirstOrThrow({ where: { galleryId: gallery.id } });
    expect((await sendStripeWebhook(refunded(`evt_early_${payment.id}`, `pi_early_${payment.id}`), CONNECT_SECRET)).status).toBe(200);
    expect((await sendStripeWebhook(completed(`evt_late_${payment.id}`, payment.sessionId, payment.id, `pi_early_${payment.id}`), CONNECT_SECRET)).status).toBe(200);
    expect(await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).toMatchObject({ paidAt: null });
    expect(await db.galleryPayment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ state: "refunded" });
    expect((await viewerState(gallery.customUrl)).payment).toMatchObject({ locked: true });
  });
});
