/**
 * CR and LF never reach a mail's subject (issue 55 item 7): lib/mail/index.ts makes every subject
 * one line where each mail is recorded and sent, whatever a template put in it. A gallery renamed
 * "Emma & James\r\nBcc: …" through its door, then paid by a guest, mails both sides a one-line
 * subject in the local outbox; through Resend, the subject sent is that same line.
 */
import { PUT as renamePut } from "@/app/api/galleries/galleries/[id]/route";
import { PUT as pricePut } from "@/app/api/galleries/gallery/[id]/price/route";
import { POST as payPost } from "@/app/api/public/galleries/[slug]/pay/route";
import { POST as localPayPost } from "@/app/api/payments/local/gallery/[sessionId]/pay/route";
import { db } from "@/lib/db";
import { sendMail } from "@/lib/mail";
import { createFolderWithGallery, createGuest, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { startStandIn } from "../helpers/http-stand-in";

const HOSTILE = "Emma & James\r\nBcc: x@evil.example\nX-Extra: 1";
const ONE_LINE = "Emma & James Bcc: x@evil.example X-Extra: 1";

it("a gallery named with CR/LF, paid by a guest: the receipt and the studio's notice have one-line subjects", async () => {
  const admin = await createStudio();
  await db.payoutAccount.create({
    data: { adminId: admin.id, provider: "local", accountId: `local_acct_${admin.id.replace(/-/g, "").slice(0, 24)}`, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true },
  });
  const { gallery } = await createFolderWithGallery(admin.id, { videos: 1 });
  const token = await bearerFor(admin);
  // The name through its door (the subject is the gallery's title, else its name).
  await db.gallery.update({ where: { id: gallery.id }, data: { title: "" } });
  expect((await call(renamePut, request("PUT", `/api/galleries/galleries/${gallery.id}`, { token, body: { name: HOSTILE } }), { id: gallery.id })).status).toBe(200);
  expect((await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).name).toBe(HOSTILE);
  const priced = await call(
    pricePut,
    request("PUT", `/api/galleries/gallery/${gallery.id}/price`, { token, body: { amount: 125000, currency: "eur", deposit: 25000, dueDate: "2027-12-31", payToUnlock: true } }),
    { id: gallery.id },
  );
  expect(priced.status).toBe(200);
  const guest = await createGuest(gallery.id, admin.id, { mayDownload: true });
  const opened = await call(payPost, request("POST", `/api/public/galleries/${gallery.customUrl}/pay`, { cookie: guest.cookie, body: {} }), { slug: gallery.customUrl });
  const sessionId = (await opened.json()).url.split("/").pop();
  expect((await call(localPayPost, request("POST", "/x", { body: {} }), { sessionId })).status).toBe(200);

  const mails = await db.mailMessage.findMany({ where: { to: { in: [admin.email, `${guest.id}@example.test`] } }, orderBy: { createdAt: "asc" } });
  expect(mails.map((m) => m.subject)).toEqual([`Your payment for ${ONE_LINE}`, `${ONE_LINE} was paid`]);
  for (const m of mails) expect(m.subject).not.toMatch(/[\r\n]/);
});

it("makes every subject one line, in the outbox and through Resend: CR, LF, NEL, U+2028/9 and other control characters become a space", async () => {
  const subject = "Studio\r\nBcc: x@evil.example\u0085a\u2028b\u2029c\u0000d\te\u001b";
  const outbox = await sendMail({ to: "one@example.test", subject, html: "<p>x</p>", text: "x" });
  expect((await db.mailMessage.findUniqueOrThrow({ where: { id: outbox.id } })).subject).toBe("Studio Bcc: x@evil.example a b c d e");

  const standIn = await startStandIn(() => ({ status: 200, body: { id: "re_subject" } }));
  const saved = { key: process.env.RESEND_API_KEY, url: process.env.RESEND_BASE_URL };
  process.env.RESEND_API_KEY = "re_test_key";
  process.env.RESEND_BASE_URL = standIn.url;
  try {
    const sent = await sendMail({ to: "two@example.test", subject, html: "<p>x</p>", text: "x" });
    expect(sent.status).toBe("SENT");
    expect(JSON.parse(standIn.requests[0].body).subject).toBe("Studio Bcc: x@evil.example a b c d e");
    expect((await db.mailMessage.findUniqueOrThrow({ where: { id: sent.id } })).subject).toBe("Studio Bcc: x@evil.example a b c d e");
  } finally {
    await standIn.close();
    for (const [k, v] of [
      ["RESEND_API_KEY", saved.key],
      ["RESEND_BASE_URL", saved.url],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
});
