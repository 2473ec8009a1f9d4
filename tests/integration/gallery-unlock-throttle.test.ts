// Gallery passwords (issue 17 #2): the unlock door goes through the secrets throttle — per gallery
// (back-off after 5 wrong guesses) and per client address (a window across galleries) — and answers
// 429 with the viewer's text, the same whatever the guess; a viewer password has at least 8 characters.
import { db } from "@/lib/db";
import { POST as unlock } from "@/app/api/public/galleries/[slug]/unlock/route";
import { PUT as putAccess } from "@/app/api/galleries/gallery/[id]/access/route";
import { RATE_WINDOW_MS } from "@/lib/security/rate-limit";
import { GALLERY_PASSWORD_MIN } from "@/lib/validation/public";
import { generatePassphrase, PASSPHRASE_WORDS } from "@/lib/services/access/rules/passphrase";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request, someAddress } from "../helpers/requests";

const PASSWORD = "lake-como-at-dawn";

async function protectedGallery(password = PASSWORD) {
  const studio = await createStudio();
  const token = await bearerFor(studio);
  const { gallery } = await createFolderWithGallery(studio.id, { videos: 1 });
  const res = await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token, body: { password } }), { id: gallery.id });
  expect(res.status).toBe(200);
  return { gallery, token };
}

const tryPassword = (slug: string, password: string, from = someAddress()) => call(unlock, request("POST", `/api/public/galleries/${slug}/unlock`, { body: { password }, from }), { slug });

beforeEach(async () => {
  const into = Date.now() % RATE_WINDOW_MS;
  if (into > RATE_WINDOW_MS - 15_000) await new Promise((r) => setTimeout(r, RATE_WINDOW_MS - into + 200));
});

describe("the unlock door", () => {
  it("answers 429 with the viewer's text within 10 wrong guesses at one gallery, from any addresses, and refuses the right password then", async () => {
    const { gallery } = await protectedGallery();
    const answers: { status: number; message: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await tryPassword(gallery.customUrl, i % 2 ? `${PASSWORD.slice(0, -1)}x` : `guess-${i}`);
      answers.push({ status: res.status, message: (await res.json()).message });
    }
    // A near miss and a wild guess get the same words.
    expect(answers.slice(0, 5)).toEqual(Array(5).fill({ status: 403, message: TEXTS.viewer.wrongPassword }));
    expect(answers.some((a) => a.status === 429)).toBe(true);
    for (const a of answers.filter((x) => x.status === 429)) expect(a.message).toBe(TEXTS.viewer.tooManyAttempts);
    const right = await tryPassword(gallery.customUrl, PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await right.json()).toEqual({ code: "rate_limited", message: TEXTS.viewer.tooManyAttempts });
    expect(right.headers.getSetCookie()).toEqual([]);
  });

  it("counts the gallery by its id: its custom url and its id are one gallery", async () => {
    const { gallery } = await protectedGallery();
    for (let i = 0; i < 6; i++) await tryPassword(i % 2 ? gallery.id : gallery.customUrl, `guess-${i}`);
    expect((await tryPassword(gallery.id, PASSWORD)).status).toBe(429);
  });

  it("limits one client address across galleries (a sweep of many galleries' PINs)", async () => {
    const from = someAddress();
    const galleries = await Promise.all(Array.from({ length: 11 }, () => protectedGallery()));
    const statuses: number[] = [];
    for (const { gallery } of galleries) statuses.push((await tryPassword(gallery.customUrl, "0000-guess", from)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses[10]).toBe(429);
    // Another viewer is not affected.
    expect((await tryPassword(galleries[10].gallery.customUrl, PASSWORD)).status).toBe(200);
  });

  it("a viewer who unlocked before keeps a known-device cookie, which lets them in again during an attack", async () => {
    const { gallery, token } = await protectedGallery();
    const first = await tryPassword(gallery.customUrl, PASSWORD);
    const known = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("vf_known_"))!
      .split(";")[0];
    // The studio changes the password and tells its viewer; meanwhile someone hammers the gallery.
    await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token, body: { password: "second-passphrase" } }), { id: gallery.id });
    for (let i = 0; i < 8; i++) await tryPassword(gallery.customUrl, `guess-${i}`);
    expect((await tryPassword(gallery.customUrl, "second-passphrase")).status).toBe(429);
    const viewer = await call(unlock, request("POST", `/api/public/galleries/${gallery.customUrl}/unlock`, { body: { password: "second-passphrase" }, cookie: known }), { slug: gallery.customUrl });
    expect(viewer.status).toBe(200);
  });
});

describe("viewer passwords", () => {
  it(`need at least ${GALLERY_PASSWORD_MIN} characters, and the studio is told so`, async () => {
    expect(GALLERY_PASSWORD_MIN).toBeGreaterThanOrEqual(8);
    const { gallery, token } = await protectedGallery();
    for (const password of ["1234", "abcdefg"]) {
      const res = await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token, body: { password } }), { id: gallery.id });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: "validation", message: TEXTS.access.passwordTooShort });
    }
    expect(TEXTS.access.passwordTooShort).toContain(String(GALLERY_PASSWORD_MIN));
    expect(TEXTS.access.passwordHint).toContain(String(GALLERY_PASSWORD_MIN));
    expect((await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).passwordVersion).toBe(1);
  });

  it("a generated passphrase is four words from the list, long enough, and different each time", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassphrase();
      expect(p).toMatch(/^[a-z]+(-[a-z]+){3}$/);
      expect(p.length).toBeGreaterThanOrEqual(GALLERY_PASSWORD_MIN);
      seen.add(p);
    }
    expect(seen.size).toBeGreaterThan(195);
    expect(PASSPHRASE_WORDS ** 4).toBeGreaterThan(1e9);
  });
});
