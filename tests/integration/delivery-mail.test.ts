// The delivery mail (issue 39 item 3): the download PIN in the mail or "ask the studio" (chosen per
// send, kept on the invite, followed by the PIN dialog's door, never shown anywhere else); the
// studio's subject and personal message as text, and the preview equal to the mail sent; the
// guest's language (the invite's, else the gallery's) for the delivery mail and the reminders; a
// scheduled send (sent once by its job run twice or by the sweep, nothing for a revoked or cancelled
// invite). Every door is the owner's only, and bad input is a 4xx that sends nothing.
import { db } from "@/lib/db";
import { POST as addRoute } from "@/app/api/galleries/gallery/[id]/invites/route";
import { POST as sendOneRoute, DELETE as cancelRoute } from "@/app/api/galleries/gallery/[id]/invites/[inviteId]/send/route";
import { DELETE as revokeRoute } from "@/app/api/galleries/gallery/[id]/invites/[inviteId]/route";
import { POST as previewRoute } from "@/app/api/galleries/gallery/[id]/invites/[inviteId]/preview/route";
import { POST as sendAllRoute } from "@/app/api/galleries/gallery/[id]/invites/send/route";
import { PUT as accessRoute } from "@/app/api/galleries/gallery/[id]/access/route";
import { GET as pinRoute } from "@/app/api/public/galleries/[slug]/pin/route";
import { POST as guestRoute } from "@/app/api/public/galleries/[slug]/guest/route";
import { GET as contentRoute } from "@/app/api/public/galleries/[slug]/route";
import { GET as pixelRoute } from "@/app/api/public/invites/open/[inviteId]/route";
import { guestCookieName } from "@/lib/auth/guest-link";
import { guestMailTexts } from "@/lib/mail/guest-texts";
import { pixelUrl } from "@/lib/services/guests/invite-mail";
import { sendDueInvites, sendScheduledInvite } from "@/lib/services/guests/invite-send";
import { sendDueReminders } from "@/lib/services/guests/reminders";
import { listMail } from "@/lib/services/platform/records";
import { recordsQuerySchema } from "@/lib/validation/records";
import { hashPassword } from "@/lib/auth/password";
import { TEXTS } from "@/lib/texts";
import type { InviteDto, InvitesDto, MailPreviewDto } from "@/lib/contract/guests";
import { createFolderWithGallery, createStudio, createSuperadmin } from "../helpers/factories";
import { bearerFor, call, request, BASE } from "../helpers/requests";
import { snapshot } from "../helpers/snapshot";

const PIN = "246813";
const invitesPath = (g: string) => `/api/galleries/gallery/${g}/invites`;

async function studioGallery(opts: { language?: string } = {}) {
  const studio = await createStudio();
  const token = await bearerFor(studio);
  const { gallery } = await createFolderWithGallery(studio.id);
  await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: true, settingLanguage: opts.language ?? "auto" } });
  await db.admin.update({ where: { id: studio.id }, data: { companyName: `Lumen ${studio.id.slice(0, 4)}` } });
  return { studio, token, gallery, slug: gallery.customUrl };
}
type Fixture = Awaited<ReturnType<typeof studioGallery>>;

const setPin = (f: Fixture, pin: string | null) =>
  call(accessRoute, request("PUT", `/api/galleries/gallery/${f.gallery.id}/access`, { token: f.token, body: { downloadPin: pin } }), { id: f.gallery.id });
const send = (token: string, id: string, inviteId: string, body?: unknown, rawBody?: string) =>
  call(sendOneRoute, request("POST", `${invitesPath(id)}/${inviteId}/send`, { token, body, rawBody }), { id, inviteId });
const preview = (token: string, id: string, inviteId: string, body?: unknown, rawBody?: string) =>
  call(previewRoute, request("POST", `${invitesPath(id)}/${inviteId}/preview`, { token, body, rawBody }), { id, inviteId });
const cancel = (token: string, id: string, inviteId: string) => call(cancelRoute, request("DELETE", `${invitesPath(id)}/${inviteId}/send`, { token }), { id, inviteId });
const revoke = (token: string, id: string, inviteId: string) => call(revokeRoute, request("DELETE", `${invitesPath(id)}/${inviteId}`, { token }), { id, inviteId });
const sendAll = (token: string, id: string, body?: unknown) => call(sendAllRoute, request("POST", `${invitesPath(id)}/send`, { token, body }), { id });

let n = 0;
async function addGuest(f: Fixture, extra: Record<string, unknown> = {}): Promise<InviteDto> {
  const email = `guest-${++n}-${f.gallery.id.slice(0, 8)}@example.test`;
  const res = await call(addRoute, request("POST", invitesPath(f.gallery.id), { token: f.token, body: { guests: [{ name: "Ada Lind", email }], ...extra } }), { id: f.gallery.id });
  expect(res.status).toBe(200);
  const body = (await res.json()) as InvitesDto & { results: { inviteId: string }[] };
  return body.invites.find((i) => i.id === body.results[0].inviteId)!;
}

const mailsTo = (to: string) => db.mailMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
const inviteRow = (id: string) => db.galleryInvite.findUniqueOrThrow({ where: { id } });

/** The guest's browser: its guest cookie from the personal link. */
async function guestCookie(f: Fixture, invite: InviteDto): Promise<string> {
  const token = new URL(invite.link!).searchParams.get("k")!;
  const res = await call(guestRoute, request("POST", `/api/public/galleries/${f.slug}/guest`, { body: { token } }), { slug: f.slug });
  expect(res.status).toBe(200);
  const name = guestCookieName(f.gallery.id);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))!
    .split(";")[0];
}
const pinAsked = async (f: Fixture, cookie: string) => (await call(pinRoute, request("GET", `/api/public/galleries/${f.slug}/pin`, { cookie }), { slug: f.slug })).json();

describe("the download PIN in the delivery mail", () => {
  it("is in the mail when the studio includes it, and the guest's PIN dialog says it came with the link", async () => {
    const f = await studioGallery();
    expect((await setPin(f, PIN)).status).toBe(200);
    const sealed = (await db.gallery.findUniqueOrThrow({ where: { id: f.gallery.id } })).downloadPinSealed;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(PIN);
    const invite = await addGuest(f);
    const res = await send(f.token, f.gallery.id, invite.id, { pinInMail: true });
    expect(res.status).toBe(200);
    expect((await res.json()).invite).toMatchObject({ pinInMail: true, status: "sent" });
    const [mail] = await mailsTo(invite.email);
    expect(mail.html).toContain(`<strong>${PIN}</strong>`);
    expect(mail.text).toContain(PIN);
    expect(mail.html).not.toContain(guestMailTexts("en").delivery.pinAsk(`Lumen ${f.studio.id.slice(0, 4)}`));
    expect(await pinAsked(f, await guestCookie(f, invite))).toEqual({ required: true });
  });

  it("says to ask the studio otherwise (the default), and so does the guest's PIN dialog; the PIN is nowhere else: not in the page, not in the super admin's outbox", async () => {
    const f = await studioGallery();
    await setPin(f, PIN);
    const invite = await addGuest(f);
    expect((await send(f.token, f.gallery.id, invite.id)).status).toBe(200);
    const [mail] = await mailsTo(invite.email);
    const studio = `Lumen ${f.studio.id.slice(0, 4)}`;
    expect(mail.text).toContain(guestMailTexts("en").delivery.pinAsk(studio));
    expect(`${mail.html}${mail.text}`).not.toContain(PIN);
    expect((await inviteRow(invite.id)).pinInMail).toBe(false);
    const cookie = await guestCookie(f, invite);
    expect(await pinAsked(f, cookie)).toEqual({ required: true, askStudio: true });
    const page = await call(contentRoute, request("GET", `/api/public/galleries/${f.slug}`, { cookie }), { slug: f.slug });
    expect(await page.text()).not.toContain(PIN);

    // Then included: the super admin's outbox hides it.
    expect((await send(f.token, f.gallery.id, invite.id, { pinInMail: true })).status).toBe(200);
    const outbox = await listMail(await createSuperadmin(), recordsQuerySchema.parse({ q: invite.email }));
    expect(outbox.rows).toHaveLength(2);
    expect(JSON.stringify(outbox.rows)).not.toContain(PIN);
  });

  it("a PIN set before PINs were sealed cannot be mailed: 409 with what to do, nothing sent, no allowance taken", async () => {
    const f = await studioGallery();
    await db.gallery.update({ where: { id: f.gallery.id }, data: { downloadPinHash: await hashPassword(PIN), downloadPinSealed: null } });
    const invite = await addGuest(f);
    const res = await send(f.token, f.gallery.id, invite.id, { pinInMail: true });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "conflict", message: TEXTS.guests.pinNotReadable });
    expect(await mailsTo(invite.email)).toHaveLength(0);
    expect(await db.rateLimit.count({ where: { key: { contains: invite.email } } })).toBe(0);
    // Asking the studio still works.
    expect((await send(f.token, f.gallery.id, invite.id, { pinInMail: false })).status).toBe(200);
  });
});

describe("subject, personal message and the preview", () => {
  const hostile = { subject: "Your films <b>now</b> at https://evil.example", message: "Hello <script>alert(1)</script>\nSecond line & more <img src=x onerror=alert(2)>" };

  it("the preview is the mail sent, byte for byte (subject, HTML, text), and the studio's words arrive as text", async () => {
    const f = await studioGallery();
    const invite = await addGuest(f);
    const before = await snapshot([invite.id], [f.studio.id]);
    const shown = await preview(f.token, f.gallery.id, invite.id, hostile);
    expect(shown.status).toBe(200);
    const p = (await shown.json()) as MailPreviewDto;
    // The preview sends and keeps nothing.
    expect(await mailsTo(invite.email)).toHaveLength(0);
    expect(await snapshot([invite.id], [f.studio.id])).toBe(before);

    expect((await send(f.token, f.gallery.id, invite.id, hostile)).status).toBe(200);
    const [mail] = await mailsTo(invite.email);
    expect({ subject: mail.subject, html: mail.html, text: mail.text, language: "en" }).toEqual(p);
    expect(mail.html).not.toMatch(/<script|<img src="?x|<b>now/i);
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.text).toContain("Second line & more");
    // The subject is the studio's, never a link (lib/mail/free-text.ts).
    expect(mail.subject).toContain("Your films <b>now</b> at https:");
    expect(mail.subject).not.toContain("https://evil.example");
  });

  it("another studio's gallery or invite is a 404 for the preview, the send and the cancel, and nothing changes", async () => {
    const a = await studioGallery();
    const invite = await addGuest(a);
    const intruder = await studioGallery();
    const before = await snapshot([invite.id, a.gallery.id], [a.studio.id]);
    for (const res of [
      await preview(intruder.token, a.gallery.id, invite.id, {}),
      await preview(intruder.token, intruder.gallery.id, invite.id, {}),
      await send(intruder.token, intruder.gallery.id, invite.id, { subject: "x" }),
      await send(intruder.token, a.gallery.id, invite.id, { sendAt: new Date(Date.now() + 3600_000).toISOString() }),
      await cancel(intruder.token, a.gallery.id, invite.id),
      await sendAll(intruder.token, a.gallery.id, { subject: "x" }),
    ]) {
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("not_found");
    }
    expect(await snapshot([invite.id, a.gallery.id], [a.studio.id])).toBe(before);
    expect(await mailsTo(invite.email)).toHaveLength(0);
  });

  it("bad input is a clear 4xx and sends nothing: too long, unknown fields, wrong types, a huge body, malformed JSON", async () => {
    const f = await studioGallery();
    const invite = await addGuest(f);
    const cases: [unknown, number, string][] = [
      [{ subject: "s".repeat(151) }, 400, TEXTS.guests.subjectTooLong],
      [{ message: "m".repeat(2001) }, 400, TEXTS.guests.messageTooLong],
      [{ language: "xx" }, 400, TEXTS.guests.languageInvalid],
      [{ sendAt: new Date(Date.now() - 60_000).toISOString() }, 400, TEXTS.guests.sendAtPast],
      [{ sendAt: new Date(Date.now() + 91 * 86_400_000).toISOString() }, 400, TEXTS.guests.sendAtTooFar],
      [{ sendAt: "tomorrow" }, 400, TEXTS.guests.sendAtInvalid],
      [{ pinInMail: "yes" }, 400, "pinInMail must be true or false."],
    ];
    for (const [body, status, message] of cases) {
      for (const door of [send, preview]) {
        const res = await door(f.token, f.gallery.id, invite.id, body);
        expect([res.status, (await res.json()).message]).toEqual([status, message]);
      }
    }
    expect((await send(f.token, f.gallery.id, invite.id, { subject: "ok", bcc: "x@example.test" })).status).toBe(400);
    expect((await send(f.token, f.gallery.id, invite.id, undefined, "{not json")).status).toBe(400);
    const huge = await send(f.token, f.gallery.id, invite.id, undefined, JSON.stringify({ message: "x".repeat(40_000) }));
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe("payload_too_large");
    expect(await mailsTo(invite.email)).toHaveLength(0);
    // No body at all is still a plain send (older clients).
    expect((await send(f.token, f.gallery.id, invite.id)).status).toBe(200);
  });

  it("the preview's open pixel, loaded by the studio's page, does not mark the mail opened; the guest's mail program does", async () => {
    const f = await studioGallery();
    const invite = await addGuest(f);
    const url = new URL(pixelUrl(invite.id));
    const pixel = (referer?: string) => call(pixelRoute, request("GET", `${url.pathname}${url.search}`, { headers: referer ? { referer } : {} }), { inviteId: invite.id });
    expect((await pixel(`${BASE}/studio/galleries/${f.gallery.id}/guests`)).status).toBe(200);
    expect((await inviteRow(invite.id)).openedAt).toBeNull();
    await pixel("https://mail.example.com/inbox");
    expect((await inviteRow(invite.id)).openedAt).not.toBeNull();
  });
});

describe("the guest's language", () => {
  it("the invite's language first, else the gallery's viewer language, else English", async () => {
    const fr = await studioGallery({ language: "fr" });
    const byGallery = await addGuest(fr);
    const byInvite = await addGuest(fr, { language: "en" });
    const auto = await studioGallery();
    const plain = await addGuest(auto);
    const chosen = await addGuest(auto);
    for (const [f, i, body] of [
      [fr, byGallery, {}],
      [fr, byInvite, {}],
      [auto, plain, {}],
      [auto, chosen, { language: "fr" }],
    ] as const) {
      expect((await send(f.token, f.gallery.id, i.id, body)).status).toBe(200);
    }
    const subject = async (i: InviteDto) => (await mailsTo(i.email))[0].subject;
    expect(await subject(byGallery)).toBe(guestMailTexts("fr").delivery.subject);
    expect(await subject(byInvite)).toBe(guestMailTexts("en").delivery.subject);
    expect(await subject(plain)).toBe(guestMailTexts("en").delivery.subject);
    expect(await subject(chosen)).toBe(guestMailTexts("fr").delivery.subject);
    const [mail] = await mailsTo(chosen.email);
    expect(mail.html).toContain('lang="fr"');
    expect(mail.text).toContain("Ouvrir la galerie");
    // The choice is kept on the invite: the next mails (reminders) follow it.
    expect((await inviteRow(chosen.id)).language).toBe("fr");
  });

  it("a German invite and a guest of a Portuguese gallery get their delivery mail and their reminder in German and in Portuguese", async () => {
    const f = await studioGallery({ language: "pt" });
    const studio = `Lumen ${f.studio.id.slice(0, 4)}`;
    const now = new Date(Date.UTC(2072, 5, 1) + Math.floor(Math.random() * 1000) * 86_400_000);
    const expiresAt = new Date(now.getTime() + 2.5 * 86_400_000);
    await db.gallery.update({ where: { id: f.gallery.id }, data: { expiresAt, remindersEnabled: true } });
    const german = await addGuest(f, { language: "de" });
    const portuguese = await addGuest(f);
    expect((await inviteRow(portuguese.id)).language).toBeNull();
    await setPin(f, PIN);
    // The preview says which language the mail is in.
    for (const [i, lang] of [
      [german, "de"],
      [portuguese, "pt"],
    ] as const)
      expect(((await (await preview(f.token, f.gallery.id, i.id, {})).json()) as MailPreviewDto).language).toBe(lang);
    for (const i of [german, portuguese]) expect((await send(f.token, f.gallery.id, i.id, { message: "Viel Freude / Divirtam-se" })).status).toBe(200);
    await sendDueReminders(now);

    for (const [invite, lang, words] of [
      [german, "de", ["Hallo Ada Lind,", "Galerie öffnen", "Für Downloads wird eine PIN benötigt"]],
      [portuguese, "pt", ["Olá, Ada Lind,", "Abrir galeria", "Os downloads pedem um PIN"]],
    ] as const) {
      const t = guestMailTexts(lang);
      const [delivery, reminder, ...more] = await mailsTo(invite.email);
      expect(more).toHaveLength(0);
      expect(delivery.subject).toBe(t.delivery.subject);
      expect(delivery.html).toContain(`lang="${lang}"`);
      for (const w of words) expect(delivery.text).toContain(w);
      expect(delivery.text).toContain(t.delivery.shared(studio, f.gallery.title));
      expect(delivery.text).toContain(t.delivery.pinAsk(studio));
      expect(delivery.text).toContain(t.delivery.linkUntil(t.date(expiresAt)));
      expect(reminder.subject).toBe(t.reminder.subject(3));
      expect(reminder.html).toContain(`lang="${lang}"`);
      expect(reminder.text).toContain(t.reminder.body(studio, f.gallery.title, t.dateTime(expiresAt)));
      expect(reminder.text).toContain(t.reminder.button);
      // Nothing of the English mail is left in either.
      const en = guestMailTexts("en");
      for (const m of [delivery, reminder]) for (const w of [en.delivery.button, en.hello, en.reminder.linkIntro, en.signatureFooter]) expect(m.text).not.toContain(w);
    }
    expect((await mailsTo(german.email))[1].subject).toBe("Ihre Galerie läuft in 3 Tagen ab");
    expect((await mailsTo(portuguese.email))[1].subject).toBe("Sua galeria expira em 3 dias");
  });

  it("reminders go out in the guest's language", async () => {
    const f = await studioGallery({ language: "fr" });
    const now = new Date(Date.UTC(2071, 5, 1) + Math.floor(Math.random() * 1000) * 86_400_000);
    await db.gallery.update({ where: { id: f.gallery.id }, data: { expiresAt: new Date(now.getTime() + 2.5 * 86_400_000), remindersEnabled: true } });
    const french = await addGuest(f);
    const english = await addGuest(f, { language: "en" });
    await sendDueReminders(now);
    expect((await mailsTo(french.email))[0].subject).toBe("Votre galerie expire dans 3 jours");
    expect((await mailsTo(english.email))[0].subject).toBe("Your gallery expires in 3 days");
  });
});

describe("a scheduled send", () => {
  const soon = () => new Date(Date.now() + 60 * 60 * 1000);
  const after = (at: Date) => new Date(at.getTime() + 1000);

  it("is kept on the invite, shown as scheduled, and sent once at its time even when its job runs twice at once and again; the mail is the preview", async () => {
    const f = await studioGallery();
    const invite = await addGuest(f);
    const at = soon();
    const body = { subject: "Your films", message: "See you soon.", sendAt: at.toISOString() };
    const res = await send(f.token, f.gallery.id, invite.id, body);
    expect(res.status).toBe(200);
    expect((await res.json()).invite).toMatchObject({ scheduledFor: at.toISOString(), status: "not_sent" });
    expect(await mailsTo(invite.email)).toHaveLength(0);
    // Before its time: nothing.
    expect(await sendScheduledInvite(invite.id, new Date(at.getTime() - 1000))).toBe("nothing");

    // Two runs of its job and the sweep, at once: one of the three sends it.
    const [first, second, sweep] = await Promise.all([sendScheduledInvite(invite.id, after(at)), sendScheduledInvite(invite.id, after(at)), sendDueInvites(after(at))]);
    expect([first, second].filter((o) => o === "sent").length + sweep.sent).toBe(1);
    expect(await sendScheduledInvite(invite.id, after(at))).toBe("nothing");
    const mails = await mailsTo(invite.email);
    expect(mails).toHaveLength(1);
    const row = await inviteRow(invite.id);
    expect(row).toMatchObject({ sendAt: null, mailSubject: null, mailMessage: null });
    expect(row.sentAt).not.toBeNull();
    const p = (await (await preview(f.token, f.gallery.id, invite.id, { subject: body.subject, message: body.message })).json()) as MailPreviewDto;
    expect({ subject: mails[0].subject, html: mails[0].html, text: mails[0].text, language: "en" }).toEqual(p);
  });

  it("revoked or cancelled before its time: nothing is sent, by the job or the sweep", async () => {
    const f = await studioGallery();
    const revoked = await addGuest(f);
    const cancelled = await addGuest(f);
    const at = soon();
    for (const i of [revoked, cancelled]) expect((await send(f.token, f.gallery.id, i.id, { sendAt: at.toISOString() })).status).toBe(200);
    expect((await revoke(f.token, f.gallery.id, revoked.id)).status).toBe(200);
    const c = await cancel(f.token, f.gallery.id, cancelled.id);
    expect(c.status).toBe(200);
    expect((await c.json()).invite.scheduledFor).toBeNull();
    for (const i of [revoked, cancelled]) expect(await sendScheduledInvite(i.id, after(at))).toBe("nothing");
    await sendDueInvites(after(at));
    expect(await mailsTo(revoked.email)).toHaveLength(0);
    expect(await mailsTo(cancelled.email)).toHaveLength(0);
  });

  it("a scheduled send whose gallery expired meanwhile is dropped, not sent; sending now replaces a scheduled send", async () => {
    const f = await studioGallery();
    const late = await addGuest(f);
    const now = await addGuest(f);
    const at = soon();
    for (const i of [late, now]) await send(f.token, f.gallery.id, i.id, { sendAt: at.toISOString() });
    expect((await send(f.token, f.gallery.id, now.id)).status).toBe(200);
    expect((await inviteRow(now.id)).sendAt).toBeNull();
    await db.gallery.update({ where: { id: f.gallery.id }, data: { expiresAt: new Date(at.getTime() - 1000) } });
    expect(await sendScheduledInvite(late.id, after(at))).toBe("dropped");
    expect(await mailsTo(late.email)).toHaveLength(0);
    expect(await mailsTo(now.email)).toHaveLength(1);
  });

  it('"Send to guests" schedules every guest whose link works', async () => {
    const f = await studioGallery();
    const a = await addGuest(f);
    const b = await addGuest(f);
    const at = soon();
    const res = await sendAll(f.token, f.gallery.id, { sendAt: at.toISOString(), message: "Hi all" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.scheduled.map((x: { id: string }) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(body.sent).toEqual([]);
    expect(await sendDueInvites(after(at))).toEqual({ due: 2, sent: 2 });
    for (const i of [a, b]) expect((await mailsTo(i.email))[0].text).toContain("Hi all");
  });
});
