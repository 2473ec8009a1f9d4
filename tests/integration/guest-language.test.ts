// Every message in the guest's language (issue 57 item 5): each guest added may carry a language
// that wins over the call's, PATCH changes it, the invite as answered carries it and the language its
// mails are in now; without one, the language the guest's page was in when they last opened the
// gallery by their link, else the gallery's viewer language (lib/services/guests/rules/guest-language.ts).
// Every mail to a guest (delivery, reminder, approval receipt, payment receipt) and the test checkout
// page speak it; an invitation to a guest who may download has no PIN line.
import { renderToStaticMarkup } from "react-dom/server";
import { db } from "@/lib/db";
import { GET as listRoute, POST as addRoute } from "@/app/api/galleries/gallery/[id]/invites/route";
import { PATCH as updateRoute } from "@/app/api/galleries/gallery/[id]/invites/[inviteId]/route";
import { POST as sendOneRoute } from "@/app/api/galleries/gallery/[id]/invites/[inviteId]/send/route";
import { POST as previewRoute } from "@/app/api/galleries/gallery/[id]/invites/[inviteId]/preview/route";
import { POST as guestRoute } from "@/app/api/public/galleries/[slug]/guest/route";
import { PUT as decideDoor } from "@/app/api/public/approval/[videoId]/route";
import { POST as payPost } from "@/app/api/public/galleries/[slug]/pay/route";
import { POST as localPayPost } from "@/app/api/payments/local/gallery/[sessionId]/pay/route";
import TestGalleryPayPage from "@/app/(app)/pay/test/[sessionId]/page";
import { sendDueReminders } from "@/lib/services/guests/reminders";
import { forgetGateCache } from "@/lib/services/access/open-gallery";
import { inviteToken } from "@/lib/auth/guest-link";
import { GUEST_MAIL_TEXTS } from "@/lib/mail/guest-texts";
import type { InviteDto, InvitesDto } from "@/lib/contract/guests";
import { createFolderWithGallery, createGuest, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

jest.setTimeout(60_000);
beforeEach(() => forgetGateCache());

const fr = GUEST_MAIL_TEXTS.fr;

async function setup(settingLanguage = "auto") {
  const studio = await db.admin.update({ where: { id: (await createStudio()).id }, data: { companyName: "Studio Lumière" } });
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  await db.gallery.update({ where: { id: gallery.id }, data: { settingLanguage, title: "Anna & Ben" } });
  return { studio, token: await bearerFor(studio), gallery, film: videos[0] };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const path = (g: string) => `/api/galleries/gallery/${g}/invites`;
const add = (s: Setup, body: unknown) => call(addRoute, request("POST", path(s.gallery.id), { token: s.token, body }), { id: s.gallery.id });
const list = async (s: Setup): Promise<InviteDto[]> => ((await (await call(listRoute, request("GET", path(s.gallery.id), { token: s.token }), { id: s.gallery.id })).json()) as InvitesDto).invites;
const patch = (token: string, galleryId: string, inviteId: string, body: unknown) =>
  call(updateRoute, request("PATCH", `${path(galleryId)}/${inviteId}`, { token, body }), { id: galleryId, inviteId });
const byEmail = (invites: InviteDto[], email: string) => invites.find((i) => i.email === email)!;

describe("the invites doors", () => {
  it("a guest's own language wins over the call's; the answer carries it and the language in use", async () => {
    const s = await setup("de");
    const res = await add(s, {
      guests: [
        { name: "Anna", email: "anna@example.test", language: "fr" },
        { name: "Ben", email: "ben@example.test" },
        { name: "Cleo", email: "cleo@example.test", language: null },
      ],
      language: "it",
    });
    expect(res.status).toBe(200);
    const { invites } = (await res.json()) as InvitesDto;
    expect([byEmail(invites, "anna@example.test"), byEmail(invites, "ben@example.test"), byEmail(invites, "cleo@example.test")].map((i) => [i.language, i.mailLanguage])).toEqual([
      ["fr", "fr"],
      ["it", "it"],
      [null, "de"],
    ]);
    // Added again without languages: each keeps theirs.
    await add(s, { guests: [{ name: "Anna", email: "anna@example.test" }] });
    expect(byEmail(await list(s), "anna@example.test").language).toBe("fr");
    // Added again with their own: it changes.
    await add(s, { guests: [{ name: "Anna", email: "anna@example.test", language: "pt" }], language: "es" });
    expect(byEmail(await list(s), "anna@example.test").language).toBe("pt");
  });

  it("PATCH sets and clears a guest's language; bad input is a 400 that changes nothing; another studio's is a 404", async () => {
    const s = await setup("es");
    const anna = await createGuest(s.gallery.id, s.studio.id, {}, "Anna");
    const ok = await patch(s.token, s.gallery.id, anna.id, { language: "fr" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).invite).toMatchObject({ id: anna.id, language: "fr", mailLanguage: "fr" });
    for (const body of [{ language: "nl" }, { language: "FR" }, { language: "fr", name: "x" }, { language: 3 }]) {
      const bad = await patch(s.token, s.gallery.id, anna.id, body);
      expect([bad.status, body]).toEqual([400, body]);
      expect((await bad.json()).code).toBe("validation");
    }
    expect((await db.galleryInvite.findUniqueOrThrow({ where: { id: anna.id } })).language).toBe("fr");
    // Nothing sent: nothing changes; another studio's guest stays a 404 whatever the body.
    const unchanged = await patch(s.token, s.gallery.id, anna.id, {});
    expect([unchanged.status, (await unchanged.json()).invite.language]).toEqual([200, "fr"]);
    const bad = await add(s, { guests: [{ name: "Ben", email: "ben@example.test", language: "klingon" }] });
    expect(bad.status).toBe(400);
    expect(await db.galleryInvite.count({ where: { galleryId: s.gallery.id } })).toBe(1);
    const other = await setup();
    expect((await patch(other.token, s.gallery.id, anna.id, { language: "de" })).status).toBe(404);
    expect((await patch(other.token, other.gallery.id, anna.id, { language: "de" })).status).toBe(404);
    expect((await patch(other.token, s.gallery.id, anna.id, {})).status).toBe(404);
    expect((await db.galleryInvite.findUniqueOrThrow({ where: { id: anna.id } })).language).toBe("fr");
    const cleared = await patch(s.token, s.gallery.id, anna.id, { language: null });
    expect((await cleared.json()).invite).toMatchObject({ language: null, mailLanguage: "es" });
  });
});

describe("the rule: set > the browser's last language on the gallery > the gallery's", () => {
  it("opening the gallery by the link records the page's language; the studio's choice still wins", async () => {
    const s = await setup("de");
    const anna = await createGuest(s.gallery.id, s.studio.id, {}, "Anna");
    const salt = (await db.galleryInvite.findUniqueOrThrow({ where: { id: anna.id } })).salt;
    const enter = (body: unknown) => call(guestRoute, request("POST", `/api/public/galleries/${s.gallery.customUrl}/guest`, { body }), { slug: s.gallery.customUrl });
    const token = inviteToken(anna.id, salt);
    const mailLanguage = async () => byEmail(await list(s), `${anna.id}@example.test`).mailLanguage;
    expect(await mailLanguage()).toBe("de");
    expect((await enter({ token, language: "fr" })).status).toBe(200);
    expect(await mailLanguage()).toBe("fr");
    // A visit that names no language keeps the last one; a bad one is refused.
    expect((await enter({ token })).status).toBe(200);
    expect(await mailLanguage()).toBe("fr");
    expect((await enter({ token, language: "xx" })).status).toBe(400);
    expect((await enter({ token, language: "it" })).status).toBe(200);
    expect(await mailLanguage()).toBe("it");
    await patch(s.token, s.gallery.id, anna.id, { language: "pt" });
    expect(await mailLanguage()).toBe("pt");
  });
});

describe("every mail to a guest, in French", () => {
  it("the invitation (sent and previewed) is French", async () => {
    const s = await setup("en");
    const anna = await createGuest(s.gallery.id, s.studio.id, {}, "Anna");
    await patch(s.token, s.gallery.id, anna.id, { language: "fr" });
    const preview = await call(previewRoute, request("POST", `${path(s.gallery.id)}/${anna.id}/preview`, { token: s.token }), { id: s.gallery.id, inviteId: anna.id });
    expect(await preview.json()).toMatchObject({ subject: fr.delivery.subject, language: "fr" });
    expect((await call(sendOneRoute, request("POST", `${path(s.gallery.id)}/${anna.id}/send`, { token: s.token }), { id: s.gallery.id, inviteId: anna.id })).status).toBe(200);
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: `${anna.id}@example.test` } });
    expect(mail.subject).toBe(fr.delivery.subject);
    expect(mail.html).toContain('lang="fr"');
    expect(mail.text).toContain(fr.delivery.button);
  });

  it("the reminder is French (the browser's language, the gallery's being English)", async () => {
    const s = await setup("en");
    const anna = await createGuest(s.gallery.id, s.studio.id, {}, "Anna");
    await db.galleryInvite.update({ where: { id: anna.id }, data: { browserLanguage: "fr" } });
    const now = new Date(Date.UTC(2041, 0, 1) + Math.floor(Math.random() * 40_000) * 86_400_000);
    await db.gallery.update({ where: { id: s.gallery.id }, data: { expiresAt: new Date(now.getTime() + 12 * 3600_000), remindersEnabled: true } });
    await sendDueReminders(now);
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: `${anna.id}@example.test` } });
    expect(mail.subject).toBe(fr.reminder.subject(1));
    expect(mail.text).toContain(fr.reminder.button);
  });

  it("the approval receipt is French", async () => {
    const s = await setup("en");
    await db.gallery.update({ where: { id: s.gallery.id }, data: { reviewMode: true } });
    await db.video.update({ where: { id: s.film.id }, data: { durationSec: 60, title: "Cérémonie" } });
    const anna = await createGuest(s.gallery.id, s.studio.id, { mayApprove: true, mayComment: true }, "Anna");
    await patch(s.token, s.gallery.id, anna.id, { language: "fr" });
    const res = await call(decideDoor, request("PUT", `/api/public/approval/${s.film.id}?g=${s.gallery.customUrl}`, { cookie: anna.cookie, body: { decision: "approved" } }), { videoId: s.film.id });
    expect(res.status).toBe(200);
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: `${anna.id}@example.test` } });
    expect(mail.subject).toBe(fr.approval.subject(true));
    expect(mail.text).toContain(fr.approval.heading(true, "Cérémonie", 1).toUpperCase()); // the text's heading is in capitals
  });

  it("the payment receipt and the test checkout page are French", async () => {
    const s = await setup("en");
    await db.payoutAccount.create({
      data: { adminId: s.studio.id, provider: "local", accountId: `local_acct_${s.studio.id.replace(/-/g, "").slice(0, 24)}`, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true },
    });
    await db.gallery.update({ where: { id: s.gallery.id }, data: { priceAmount: 90000, priceCurrency: "eur", payToUnlock: false } });
    const anna = await createGuest(s.gallery.id, s.studio.id, {}, "Anna");
    await db.galleryInvite.update({ where: { id: anna.id }, data: { browserLanguage: "fr" } });
    const started = await call(payPost, request("POST", `/api/public/galleries/${s.gallery.customUrl}/pay`, { cookie: anna.cookie, body: {} }), { slug: s.gallery.customUrl });
    expect(started.status).toBe(200);
    const sessionId = ((await started.json()) as { url: string }).url.split("/").pop()!;

    const html = renderToStaticMarkup(await TestGalleryPayPage({ params: Promise.resolve({ sessionId }) }));
    expect(html).toContain('lang="fr"');
    for (const words of [fr.checkout.testNote, fr.checkout.title("Studio Lumière"), fr.checkout.amount, fr.checkout.email, fr.checkout.pay, fr.checkout.cancel]) expect(html).toContain(words);
    expect(html).toContain("900,00"); // French money
    expect(html).not.toContain("E-mail for the receipt");

    expect((await call(localPayPost, request("POST", "/x", { body: {} }), { sessionId })).status).toBe(200);
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: `${anna.id}@example.test` } });
    expect(mail.subject).toBe(fr.receipt.subject("Anna & Ben"));
    expect(mail.html).toContain('lang="fr"');
    expect(mail.text).toContain(fr.receipt.heading.toUpperCase());
    expect(mail.text).toContain(fr.receipt.paid("900,00\u00a0€", "Studio Lumière", "Anna & Ben", "").slice(0, 60));
    expect(mail.text).toContain(fr.receipt.button);
  });

  it("a payer without a personal link gets the checkout page and the receipt in the language of the page they paid from; a bad language is a 400", async () => {
    const s = await setup("auto");
    await db.payoutAccount.create({
      data: { adminId: s.studio.id, provider: "local", accountId: `local_acct_${s.studio.id.replace(/-/g, "").slice(0, 24)}`, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true },
    });
    await db.gallery.update({ where: { id: s.gallery.id }, data: { priceAmount: 90000, priceCurrency: "eur", payToUnlock: false } });
    const pay = (body: unknown) => call(payPost, request("POST", `/api/public/galleries/${s.gallery.customUrl}/pay`, { body }), { slug: s.gallery.customUrl });
    expect((await pay({ language: "klingon" })).status).toBe(400);
    expect(await db.galleryPayment.count({ where: { galleryId: s.gallery.id } })).toBe(0);
    const started = await pay({ language: "fr" });
    expect(started.status).toBe(200);
    const sessionId = ((await started.json()) as { url: string }).url.split("/").pop()!;
    expect(await db.galleryPayment.findUniqueOrThrow({ where: { sessionId } })).toMatchObject({ language: "fr", inviteId: null });
    const html = renderToStaticMarkup(await TestGalleryPayPage({ params: Promise.resolve({ sessionId }) }));
    expect(html).toContain('lang="fr"');
    expect(html).toContain(fr.checkout.pay);
    expect((await call(localPayPost, request("POST", "/x", { body: { email: "payer@example.com" } }), { sessionId })).status).toBe(200);
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: "payer@example.com" } });
    expect(mail.subject).toBe(fr.receipt.subject("Anna & Ben"));
  });
});

describe("an invitation follows the guest's rights", () => {
  it("no PIN line for a guest who may download; the others are told to ask, or given the PIN", async () => {
    const s = await setup("en");
    await db.gallery.update({ where: { id: s.gallery.id }, data: { downloadPinHash: "set" } });
    const mayDownload = await createGuest(s.gallery.id, s.studio.id, { mayDownload: true }, "Anna");
    const may = await db.galleryInvite.update({ where: { id: mayDownload.id }, data: { email: "may@example.test" } });
    const other = await createGuest(s.gallery.id, s.studio.id, {}, "Ben");
    const en = GUEST_MAIL_TEXTS.en.delivery;
    const previewOf = async (inviteId: string, body: unknown) =>
      (await (await call(previewRoute, request("POST", `${path(s.gallery.id)}/${inviteId}/preview`, { token: s.token, body }), { id: s.gallery.id, inviteId })).json()) as { text: string };
    const forMay = await previewOf(may.id, { pinInMail: false });
    expect(forMay.text).not.toContain(en.pinAsk("Studio Lumière"));
    expect(forMay.text).not.toContain("PIN");
    // Even asked to include it (a PIN that could not be read would otherwise refuse): nothing about a PIN.
    const forMayIncluded = await previewOf(may.id, { pinInMail: true });
    expect(forMayIncluded.text).not.toContain("PIN");
    expect((await previewOf(other.id, { pinInMail: false })).text).toContain(en.pinAsk("Studio Lumière"));
  });
});
