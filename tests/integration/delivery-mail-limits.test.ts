// Issue 36 item 9: a guest's delivery mail, re-sent at will, carried a studio's free text ("Click
// https://evil.example/login now" as a guest's name: 20 sends, 20 mails). Now: at most 5 delivery
// mails to one guest (an address the studio mails) and 2,500 from one studio an hour (lib/limits.ts
// DELIVERY_MAIL_LIMITS): past either, a send is a 429 with its message and no mail, and "Send to
// guests" skips who is past it (`limited`); and the words a studio or guest typed are in no mail's
// subject and never a link in its HTML or plain-text part (lib/mail/free-text.ts), in the delivery
// mail and the reminder.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { POST as addRoute } from "@/app/api/galleries/gallery/[id]/invites/route";
import { POST as sendOneRoute } from "@/app/api/galleries/gallery/[id]/invites/[inviteId]/send/route";
import { POST as sendAllRoute } from "@/app/api/galleries/gallery/[id]/invites/send/route";
import { deliveryAllowances } from "@/lib/services/guests/invite-send";
import type { InvitesDto } from "@/lib/contract/guests";
import { hourlyBucket } from "@/lib/security/rate-limit";
import { DELIVERY_MAIL_LIMITS } from "@/lib/limits";
import { reminderMail } from "@/lib/mail/emails/reminder";
import { TEXTS } from "@/lib/texts";
import { guestMailTexts } from "@/lib/mail/guest-texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

const HOSTILE = "Click https://evil.example/login now";

async function studioWithGallery(companyName?: string) {
  const studio = await createStudio();
  if (companyName) await db.admin.update({ where: { id: studio.id }, data: { companyName } });
  const token = await bearerFor(studio);
  const { gallery } = await createFolderWithGallery(studio.id);
  return { studio, token, gallery };
}

type Setup = Awaited<ReturnType<typeof studioWithGallery>>;

const invitesPath = (g: string) => `/api/galleries/gallery/${g}/invites`;
const sendOne = (s: Setup, galleryId: string, inviteId: string) => call(sendOneRoute, request("POST", `${invitesPath(galleryId)}/${inviteId}/send`, { token: s.token }), { id: galleryId, inviteId });
const sendAll = (s: Setup, galleryId: string) => call(sendAllRoute, request("POST", `${invitesPath(galleryId)}/send`, { token: s.token }), { id: galleryId });

async function addGuest(s: Setup, galleryId: string, name: string, email: string): Promise<string> {
  const res = await call(addRoute, request("POST", invitesPath(galleryId), { token: s.token, body: { guests: [{ name, email }] } }), { id: galleryId });
  expect(res.status).toBe(200);
  return ((await res.json()) as InvitesDto & { results: { inviteId: string }[] }).results[0].inviteId;
}

const mailsTo = (to: string) => db.mailMessage.count({ where: { to } });
const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.test`;

describe("how often a delivery mail goes out", () => {
  it("the 6th send to one guest within the hour is a 429 with its message and no mail; other guests are still sent, Send to guests skips the guest", async () => {
    const s = await studioWithGallery();
    const anna = email("anna");
    const invite = await addGuest(s, s.gallery.id, "Anna", anna);
    for (let i = 0; i < DELIVERY_MAIL_LIMITS.perGuestPerHour; i++) expect((await sendOne(s, s.gallery.id, invite)).status).toBe(200);
    const refused = await sendOne(s, s.gallery.id, invite);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: "rate_limited", message: TEXTS.guests.sendLimitGuest });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await mailsTo(anna)).toBe(DELIVERY_MAIL_LIMITS.perGuestPerHour);

    // The same address as a guest of another gallery of the studio: the same guest.
    const { gallery: other } = await createFolderWithGallery(s.studio.id);
    const again = await addGuest(s, other.id, "Anna", anna);
    expect((await sendOne(s, other.id, again)).status).toBe(429);
    expect(await mailsTo(anna)).toBe(DELIVERY_MAIL_LIMITS.perGuestPerHour);

    // Another guest is sent; Send to guests mails them and says Anna was limited.
    const ben = email("ben");
    const benInvite = await addGuest(s, s.gallery.id, "Ben", ben);
    expect((await sendOne(s, s.gallery.id, benInvite)).status).toBe(200);
    const all = await sendAll(s, s.gallery.id);
    expect(all.status).toBe(200);
    const body = await all.json();
    expect(body.sent).toEqual([{ id: benInvite, email: ben }]);
    expect(body.skipped).toEqual([{ id: invite, email: anna, reason: "limited" }]);
    expect(await mailsTo(anna)).toBe(DELIVERY_MAIL_LIMITS.perGuestPerHour);
    expect(await mailsTo(ben)).toBe(2);
  });

  it("once the studio's hourly allowance is used up: a send is a 429 with the studio's message and no mail, Send to guests mails nobody; another studio is not held", async () => {
    const s = await studioWithGallery();
    const guests = [email("one"), email("two")];
    const ids = [await addGuest(s, s.gallery.id, "One", guests[0]), await addGuest(s, s.gallery.id, "Two", guests[1])];
    // The studio has sent its hour's delivery mails already (2,500 sends would make a slow test).
    const spent = hourlyBucket(deliveryAllowances(s.studio.id, guests[0]).studio.key);
    await db.rateLimit.create({ data: { ...spent, count: DELIVERY_MAIL_LIMITS.perStudioPerHour } });

    const refused = await sendOne(s, s.gallery.id, ids[0]);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(TEXTS.guests.sendLimitStudio);
    // The refusal used none of the guest's own allowance, nor more of the studio's.
    const guestBucket = hourlyBucket(deliveryAllowances(s.studio.id, guests[0]).guest.key);
    expect((await db.rateLimit.findUnique({ where: { key_windowStart: guestBucket } }))?.count ?? 0).toBe(0);
    expect((await db.rateLimit.findUniqueOrThrow({ where: { key_windowStart: spent } })).count).toBe(DELIVERY_MAIL_LIMITS.perStudioPerHour);

    const all = await sendAll(s, s.gallery.id);
    expect(all.status).toBe(200);
    const body = await all.json();
    expect(body.sent).toEqual([]);
    expect(body.skipped.map((x: { id: string; reason: string }) => [x.id, x.reason]).sort()).toEqual(ids.map((id) => [id, "limited"]).sort());
    for (const g of guests) expect(await mailsTo(g)).toBe(0);

    const other = await studioWithGallery();
    const otherGuest = await addGuest(other, other.gallery.id, "Cleo", email("cleo"));
    expect((await sendOne(other, other.gallery.id, otherGuest)).status).toBe(200);
  });
});

describe("what a studio typed, in a guest's mail", () => {
  /** Its words are there to read, but no part of the mail is a link to evil.example nor looks like one. */
  function expectInert(mail: { subject: string; html: string; text: string }) {
    expect(mail.subject).not.toMatch(/evil|click|login/i);
    expect(mail.html).not.toMatch(/<a\b[^>]*href="[^"]*evil/i);
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toMatch(/https?:\/\/evil/i);
      expect(part).not.toMatch(/evil\.example/i);
      expect(part).toContain("login now");
    }
  }

  it("a guest named, a gallery titled and a studio called 'Click https://evil.example/login now': a fixed subject, and no link in the HTML or the plain text", async () => {
    const s = await studioWithGallery(HOSTILE);
    await db.gallery.update({ where: { id: s.gallery.id }, data: { title: HOSTILE } });
    const to = email("guest");
    const invite = await addGuest(s, s.gallery.id, HOSTILE, to);
    expect((await sendOne(s, s.gallery.id, invite)).status).toBe(200);
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to } });
    expect(mail.subject).toBe(guestMailTexts("en").delivery.subject);
    expectInert(mail);
    // The personal link is still the one link of the mail's button.
    expect(mail.html).toMatch(/<a\b[^>]*href="[^"]*\?k=/);

    const reminder = await reminderMail({
      brand: { name: HOSTILE },
      galleryTitle: HOSTILE,
      guestName: HOSTILE,
      daysLeft: 3,
      expiresAt: new Date(Date.UTC(2099, 0, 1)),
      link: "https://films.example/g/x?k=abc",
      downloads: true,
      language: "en",
    });
    expect(reminder.subject).toBe("Your gallery expires in 3 days");
    expectInert(reminder);
  });
});
