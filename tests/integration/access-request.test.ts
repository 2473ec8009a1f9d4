// Issue 57 item 6: an expired gallery's page asks "Ask for access"
// (POST /api/public/galleries/:slug/access-request): the studio gets a mail in the outbox with who
// asks; the answer is the same for a gallery that is open, missing or expired (it tells no more than
// the expired page); past the hourly allowance per client address and gallery it is a 429 with
// Retry-After and no mail; bad input is a 400 that sends nothing.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { POST } from "@/app/api/public/galleries/[slug]/access-request/route";
import { ACCESS_REQUEST_LIMITS } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { call, request, someAddress } from "../helpers/requests";

const ask = (slug: string, body: unknown, from = someAddress()) => call(POST, request("POST", `/api/public/galleries/${slug}/access-request`, { body, from }), { slug });
const mailsTo = (to: string) => db.mailMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
const guest = () => ({ name: "Anna Lindqvist", email: `anna-${randomUUID().slice(0, 8)}@example.test`, message: "Could we have the films for another month?" });

async function galleryOf(expiresAt: Date | null) {
  const studio = await createStudio();
  const { gallery } = await createFolderWithGallery(studio.id);
  await db.gallery.update({ where: { id: gallery.id }, data: { expiresAt, title: "Anna & James" } });
  return { studio, gallery };
}

const PAST = new Date(Date.now() - 24 * 3600_000);

describe("Ask for access on an expired gallery", () => {
  it("mails the studio through the outbox (who asks, their address and message, the gallery's settings) and answers 202 { received: true }", async () => {
    const { studio, gallery } = await galleryOf(PAST);
    const g = guest();
    const res = await ask(gallery.customUrl, g);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ received: true });
    const mails = await mailsTo(studio.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].status).toBe("SENT");
    expect(mails[0].subject).toBe(TEXTS.accessRequest.subject("Anna & James"));
    expect(mails[0].subject).not.toContain("Anna Lindqvist");
    expect(mails[0].text).toContain(g.email);
    expect(mails[0].text).toContain("another month");
    expect(mails[0].text).toContain(`/studio/galleries/${gallery.id}/settings`);
    // Nothing else is recorded: the gallery is as it was.
    expect((await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).expiresAt?.getTime()).toBe(PAST.getTime());
  });

  it("answers the same, and mails nobody, for an open gallery and for a name that names none", async () => {
    const { studio, gallery } = await galleryOf(null);
    const open = await ask(gallery.customUrl, guest());
    const missing = await ask(`no-such-${randomUUID().slice(0, 8)}`, guest());
    for (const res of [open, missing]) {
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ received: true });
    }
    expect(await mailsTo(studio.email)).toHaveLength(0);
  });

  it("past the allowance per client address and gallery: 429 with Retry-After and no mail; another address still gets through", async () => {
    const { studio, gallery } = await galleryOf(PAST);
    const from = someAddress();
    for (let i = 0; i < ACCESS_REQUEST_LIMITS.perAddressPerGalleryPerHour; i++) expect((await ask(gallery.customUrl, guest(), from)).status).toBe(202);
    const refused = await ask(gallery.customUrl, guest(), from);
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await mailsTo(studio.email)).toHaveLength(ACCESS_REQUEST_LIMITS.perAddressPerGalleryPerHour);
    expect((await ask(gallery.customUrl, guest())).status).toBe(202);
    expect(await mailsTo(studio.email)).toHaveLength(ACCESS_REQUEST_LIMITS.perAddressPerGalleryPerHour + 1);
  });

  it.each([
    ["no name", { email: "anna@example.test" }],
    ["a bad email", { name: "Anna", email: "not-an-address" }],
    ["a field it does not take", { name: "Anna", email: "anna@example.test", galleryId: "x" }],
    ["a message too long", { name: "Anna", email: "anna@example.test", message: "x".repeat(1001) }],
  ])("%s: a 400 with a code, and no mail", async (_, body) => {
    const { studio, gallery } = await galleryOf(PAST);
    const res = await ask(gallery.customUrl, body);
    expect(res.status).toBe(400);
    expect(typeof (await res.json()).code).toBe("string");
    expect(await mailsTo(studio.email)).toHaveLength(0);
  });
});
