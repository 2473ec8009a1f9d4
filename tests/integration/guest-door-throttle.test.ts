// Issue 36 item 2: a guest's personal link (`POST /api/public/galleries/:slug/guest`) is an
// unguessable token, so its door is limited per client address only — never per gallery, where
// anyone's made-up tokens (or a dozen real guests opening their links at once) would lock every
// real guest of the gallery out with a 429. One address spraying tokens is still refused.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { POST as guestRoute } from "@/app/api/public/galleries/[slug]/guest/route";
import { hashPassword } from "@/lib/auth/password";
import { inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { call, request, someAddress } from "../helpers/requests";

jest.setTimeout(60_000);

async function lockedGallery() {
  const studio = await createStudio();
  const { gallery } = await createFolderWithGallery(studio.id);
  await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: await hashPassword("gallery-passphrase-1") } });
  return { studio, gallery, slug: gallery.customUrl };
}

/** A guest of the gallery with a working personal link; its token. */
async function guest(g: Awaited<ReturnType<typeof lockedGallery>>): Promise<string> {
  const id = randomUUID();
  const salt = newInviteSalt();
  const token = inviteToken(id, salt);
  await db.galleryInvite.create({ data: { id, galleryId: g.gallery.id, adminId: g.studio.id, name: "Guest", email: `guest-${id}@example.test`, salt, tokenHash: tokenHash(token) } });
  return token;
}

const madeUp = () => inviteToken(randomUUID(), newInviteSalt());
const enter = (slug: string, token: string, from: string) => call(guestRoute, request("POST", `/api/public/galleries/${slug}/guest`, { body: { token }, from }), { slug });

describe("the guest door's limits (issue 36 item 2)", () => {
  it("11 made-up tokens from rotating addresses, then a real guest's link from another address → 200", async () => {
    const g = await lockedGallery();
    const real = await guest(g);
    for (let i = 0; i < 11; i++) {
      const res = await enter(g.slug, madeUp(), someAddress());
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("invite_invalid");
    }
    const res = await enter(g.slug, real, someAddress());
    expect(res.status).toBe(200);
    expect((await res.json()).guest).toEqual({ name: "Guest", mayComment: false, mayApprove: false });
  });

  it("12 real guests opening their links within a minute, each from its own address → 200 every one", async () => {
    const g = await lockedGallery();
    const tokens = await Promise.all(Array.from({ length: 12 }, () => guest(g)));
    const statuses: number[] = [];
    for (const t of tokens) statuses.push((await enter(g.slug, t, someAddress())).status);
    expect(statuses).toEqual(new Array(12).fill(200));
  });

  it("one address spraying tokens is refused (429 within 11, its right token too), while another address gets in", async () => {
    const g = await lockedGallery();
    const real = await guest(g);
    const sprayer = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11 && !statuses.includes(429); i++) statuses.push((await enter(g.slug, madeUp(), sprayer)).status);
    expect(statuses).toContain(429);
    const refused = await enter(g.slug, real, sprayer);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The sprayer's address is spent across galleries too: it is the address that is limited.
    const other = await lockedGallery();
    expect((await enter(other.slug, await guest(other), sprayer)).status).toBe(429);
    expect((await enter(g.slug, real, someAddress())).status).toBe(200);
  });
});
