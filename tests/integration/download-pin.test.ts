// The download PIN (issue 21, item 3), against real Postgres and the store: the studio sets,
// changes and removes it in the gallery's access settings (owner-scoped, write-only); downloads ask
// for it (401 pin_required) unless this browser gave it (its PIN cookie, of the PIN's current
// version, of this gallery) or is a guest who may download; the PIN door checks it through the one
// secrets throttle, after the gate (a PIN never opens a locked gallery); viewing never needs it.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { GET as getAccess, PUT as putAccess } from "@/app/api/galleries/gallery/[id]/access/route";
import { GET as pinStatus, POST as pinDoor } from "@/app/api/public/galleries/[slug]/pin/route";
import { GET as content } from "@/app/api/public/galleries/[slug]/route";
import { GET as download } from "@/app/api/public/download/[videoId]/route";
import { GET as hls } from "@/app/api/public/hls/[videoId]/[playlist]/route";
import { POST as views } from "@/app/api/public/views/route";
import { GET as stream } from "@/app/api/public/stream/[videoId]/route";
import { POST as unlock } from "@/app/api/public/galleries/[slug]/unlock/route";
import { hashPassword } from "@/lib/auth/password";
import { unlockCookieName, unlockCookieValue } from "@/lib/auth/gallery-unlock";
import { guestCookieName, inviteToken, newInviteSalt, pinCookieName, pinCookieValue, tokenHash } from "@/lib/auth/guest-link";
import { findGallery } from "@/lib/services/access/open-gallery";
import { publicGalleryPageProps } from "@/lib/services/public/public-page";
import { galleryPagePaths } from "@/lib/services/galleries/rules/gallery-paths";
import { pathTag } from "@/lib/services/public/public-cache";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { putObjects } from "../helpers/storage";
import { putLadder } from "../helpers/hls";
import { bearerFor, call, request, someAddress } from "../helpers/requests";

jest.setTimeout(60_000);

const PIN = "2468";

async function setup(opts: { pin?: string | null } = {}) {
  const studio = await createStudio();
  const token = await bearerFor(studio);
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  await putObjects([videos[0].storageKey]);
  if (opts.pin !== null) expect((await setPin(token, gallery.id, opts.pin ?? PIN)).status).toBe(200);
  return { studio, token, gallery, video: videos[0] };
}

const setPin = (token: string, id: string, downloadPin: unknown) => call(putAccess, request("PUT", `/api/galleries/gallery/${id}/access`, { token, body: { downloadPin } }), { id });
const readAccess = (token: string, id: string) => call(getAccess, request("GET", `/api/galleries/gallery/${id}/access`, { token }), { id });
const get = (videoId: string, g: string, cookie?: string) => call(download, request("GET", `/api/public/download/${videoId}?g=${encodeURIComponent(g)}`, { cookie }), { videoId });
const give = (slug: string, pin: unknown, opts: { cookie?: string; from?: string } = {}) =>
  call(pinDoor, request("POST", `/api/public/galleries/${slug}/pin`, { body: { pin }, cookie: opts.cookie, from: opts.from }), { slug });
const status = (slug: string, cookie?: string) => call(pinStatus, request("GET", `/api/public/galleries/${slug}/pin`, { cookie }), { slug });
/** The PIN cookie a right PIN set, as `name=value`. */
const pinCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("vf_pin_"))
    ?.split(";")[0];
const versionOf = async (id: string) => (await db.gallery.findUniqueOrThrow({ where: { id } })).downloadPinVersion;

async function invite(galleryId: string, adminId: string, mayDownload: boolean) {
  const salt = newInviteSalt();
  const id = randomUUID();
  const token = inviteToken(id, salt);
  await db.galleryInvite.create({ data: { id, galleryId, adminId, name: "Guest", email: `guest-${id}@example.test`, salt, tokenHash: tokenHash(token), mayDownload } });
  return `${guestCookieName(galleryId)}=${token}`;
}

describe("without a PIN", () => {
  it("downloads work as before; the PIN door answers 200 without a cookie; nothing asks for a PIN", async () => {
    const { token, gallery, video } = await setup({ pin: null });
    expect(await (await readAccess(token, gallery.id)).json()).toEqual({ access: { hasPassword: false, hasDownloadPin: false, expiresAt: null, audience: "link" } });
    expect((await get(video.id, gallery.customUrl)).status).toBe(302);
    expect(await (await status(gallery.customUrl)).json()).toEqual({ required: false });
    const res = await give(gallery.customUrl, "1234");
    expect(res.status).toBe(200);
    expect(pinCookieOf(res)).toBeUndefined();
    const page = publicGalleryPageProps((await findGallery(gallery.customUrl))!);
    expect(JSON.stringify(page)).not.toContain("downloadPin");
  });
});

describe("the studio's access settings", () => {
  it("stores only an Argon2id hash, says hasDownloadPin only, raises the version at every change and expires the cached page", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const { gallery } = await createFolderWithGallery(studio.id);
    const v0 = await versionOf(gallery.id);
    const before = new Date(Date.now() - 1000);
    const res = await setPin(token, gallery.id, "13572468");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ access: { hasPassword: false, hasDownloadPin: true, expiresAt: null, audience: "link" } });
    expect(text).not.toContain("13572468");
    const row = await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } });
    expect(row.downloadPinHash).toMatch(/^\$argon2id\$/);
    expect(row.downloadPinHash).not.toContain("13572468");
    expect(row.downloadPinVersion).toBe(v0 + 1);
    expect(await (await readAccess(token, gallery.id)).text()).not.toContain("argon2");
    // The public page is invalidated as for the password.
    const tags = galleryPagePaths([gallery.customUrl]).map(pathTag);
    expect((await db.cacheInvalidation.findMany({ where: { tag: { in: tags }, at: { gte: before } } })).length).toBeGreaterThan(0);

    expect((await setPin(token, gallery.id, "9999")).status).toBe(200);
    expect(await versionOf(gallery.id)).toBe(v0 + 2);
    const removed = await setPin(token, gallery.id, null);
    expect(await removed.json()).toEqual({ access: { hasPassword: false, hasDownloadPin: false, expiresAt: null, audience: "link" } });
    expect(await versionOf(gallery.id)).toBe(v0 + 3);
    expect((await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).downloadPinHash).toBeNull();
    // Setting the password leaves the PIN alone, and the other way round.
    await setPin(token, gallery.id, "4321");
    const pw = await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token, body: { password: "a long password" } }), { id: gallery.id });
    expect(await pw.json()).toEqual({ access: { hasPassword: true, hasDownloadPin: true, expiresAt: null, audience: "link" } });
  });

  it("refuses a malformed PIN with a 400 and the studio's message, changing nothing", async () => {
    const { token, gallery } = await setup();
    const row = await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } });
    for (const bad of ["123", "123456789", "12a4", " 1234", "1234 ", "１２３４", "", 1234, true, { pin: "1234" }]) {
      const res = await setPin(token, gallery.id, bad);
      expect([bad, res.status]).toEqual([bad, 400]);
      const body = await res.json();
      expect(body.code).toBe("validation");
      if (typeof bad === "string") expect(body.message).toContain(TEXTS.access.pinInvalid);
    }
    const after = await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } });
    expect([after.downloadPinHash, after.downloadPinVersion]).toEqual([row.downloadPinHash, row.downloadPinVersion]);
  });

  it("is owner-scoped: another studio reads and changes nothing (404)", async () => {
    const { gallery } = await setup();
    const row = await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } });
    const intruder = await bearerFor(await createStudio());
    expect((await readAccess(intruder, gallery.id)).status).toBe(404);
    for (const pin of ["0000", null]) {
      const res = await setPin(intruder, gallery.id, pin);
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("not_found");
    }
    const after = await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } });
    expect([after.downloadPinHash, after.downloadPinVersion]).toEqual([row.downloadPinHash, row.downloadPinVersion]);
  });
});

describe("downloads with a PIN", () => {
  it("ask for the PIN: 401 pin_required without the cookie, and the page knows the gallery has one", async () => {
    const { gallery, video } = await setup();
    const res = await get(video.id, gallery.customUrl);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: "pin_required", message: TEXTS.viewer.pinRequired });
    expect(res.headers.get("location")).toBeNull();
    // By its id too.
    expect((await get(video.id, gallery.id)).status).toBe(401);
    expect(await (await status(gallery.customUrl)).json()).toEqual({ required: true });
    // The cached page says the gallery has a PIN (the same for every viewer), never the PIN or its hash.
    const props = publicGalleryPageProps((await findGallery(gallery.customUrl))!);
    expect("props" in props && props.props.view.screen === "gallery" && props.props.view.state.downloadPin).toBe(true);
    expect(JSON.stringify(props)).not.toMatch(/argon2|2468/);
  });

  it("an unpaid gallery (Pay to unlock) downloads nothing: the PIN question answers its declared 402 payment_required", async () => {
    const { gallery } = await setup();
    await db.gallery.update({ where: { id: gallery.id }, data: { priceAmount: 50_000, priceCurrency: "eur", payToUnlock: true } });
    const res = await status(gallery.customUrl);
    expect([res.status, (await res.json()).code]).toEqual([402, "payment_required"]);
  });

  it("a wrong PIN is a 403 wrong_pin without a cookie; a malformed one a 400, not counted", async () => {
    const { gallery } = await setup();
    const wrong = await give(gallery.customUrl, "1111");
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ code: "wrong_pin", message: TEXTS.viewer.wrongPin });
    expect(pinCookieOf(wrong)).toBeUndefined();
    const counted = await db.secretBackoff.findMany({ where: { key: { contains: gallery.id } } });
    expect(counted.map((k) => k.failures)).toEqual([1, 1]);
    for (const bad of ["12", "abcd", "123456789", 2468, null]) {
      const res = await give(gallery.customUrl, bad);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect((await res.json()).code).toBe("validation");
    }
    expect((await db.secretBackoff.findMany({ where: { key: { contains: gallery.id } } })).map((k) => k.failures)).toEqual([1, 1]);
  });

  it("the right PIN sets an httpOnly cookie for this gallery that lets the download through (302 to the signed original)", async () => {
    const { gallery, video } = await setup();
    const res = await give(gallery.customUrl, PIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ required: false });
    expect(res.headers.get("cache-control")).toContain("no-store");
    const set = res.headers.getSetCookie().find((c) => c.startsWith(pinCookieName(gallery.id)))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Path=\//);
    const cookie = pinCookieOf(res)!;
    const ok = await get(video.id, gallery.customUrl, cookie);
    expect(ok.status).toBe(302);
    const url = new URL(ok.headers.get("location")!);
    expect(decodeURIComponent(url.pathname)).toContain(video.storageKey);
    expect((await fetch(url)).status).toBe(200);
    expect(await (await status(gallery.customUrl, cookie)).json()).toEqual({ required: false });
    // The PIN cookie opens nothing else: it is not an unlock cookie.
    expect(cookie.startsWith(unlockCookieName(gallery.id))).toBe(false);
  });

  it("the stream door does not hand out the original of a film without a stream copy past the PIN (the page offers it no MP4 either)", async () => {
    const { gallery, video } = await setup();
    expect(video.streamKey).toBeNull();
    const play = (cookie?: string) => call(stream, request("GET", `/api/public/stream/${video.id}?g=${encodeURIComponent(gallery.customUrl)}`, { cookie }), { videoId: video.id });
    const refused = await play();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: "pin_required", message: TEXTS.viewer.pinRequired });
    const props = publicGalleryPageProps((await findGallery(gallery.customUrl))!);
    expect(JSON.stringify(props)).not.toContain(`/api/public/stream/${video.id}`);
    const cookie = pinCookieOf(await give(gallery.customUrl, PIN))!;
    const ok = await play(cookie);
    expect(ok.status).toBe(302);
    expect(decodeURIComponent(new URL(ok.headers.get("location")!).pathname)).toContain(video.storageKey);
  });

  it("wrong PINs are throttled: 429 within 11 tries from ever-new addresses, and then the right PIN is refused too", async () => {
    const { gallery, video } = await setup();
    const statuses: number[] = [];
    for (let i = 0; i < 11 && !statuses.includes(429); i++) statuses.push((await give(gallery.customUrl, String(1000 + i), { from: someAddress() })).status);
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses).toContain(429);
    const right = await give(gallery.customUrl, PIN, { from: someAddress() });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await right.json()).toEqual({ code: "rate_limited", message: TEXTS.viewer.tooManyAttempts });
    expect(pinCookieOf(right)).toBeUndefined();
    expect((await get(video.id, gallery.customUrl)).status).toBe(401);
  });

  it("PIN guesses do not slow the gallery's password door, and the other way round (buckets of their own)", async () => {
    const unlockWith = async (slug: string, password: string) => call(unlock, request("POST", `/api/public/galleries/${slug}/unlock`, { body: { password }, from: someAddress() }), { slug });
    const withPassword = async () => {
      const s = await setup();
      await db.gallery.update({ where: { id: s.gallery.id }, data: { passwordHash: await hashPassword("the right password"), passwordVersion: 1 } });
      return { ...s, unlocked: `${unlockCookieName(s.gallery.id)}=${unlockCookieValue(s.gallery.id, 1)}` };
    };
    // Wrong PINs until limited: the password still opens the gallery.
    const a = await withPassword();
    const pinTries: number[] = [];
    for (let i = 0; i < 11 && !pinTries.includes(429); i++) pinTries.push((await give(a.gallery.customUrl, String(5000 + i), { cookie: a.unlocked, from: someAddress() })).status);
    expect(pinTries).toContain(429);
    expect((await unlockWith(a.gallery.customUrl, "the right password")).status).toBe(200);
    // Wrong passwords until limited: the right PIN still works.
    const b = await withPassword();
    const pwTries: number[] = [];
    for (let i = 0; i < 11 && !pwTries.includes(429); i++) pwTries.push((await unlockWith(b.gallery.customUrl, `wrong password ${i}`)).status);
    expect(pwTries).toContain(429);
    expect((await give(b.gallery.customUrl, PIN, { cookie: b.unlocked, from: someAddress() })).status).toBe(200);
  });

  it("a change of the PIN (or its removal and a new one) stops the cookies given before", async () => {
    const { token, gallery, video } = await setup();
    const old = pinCookieOf(await give(gallery.customUrl, PIN))!;
    expect((await get(video.id, gallery.customUrl, old)).status).toBe(302);
    expect((await setPin(token, gallery.id, "97531")).status).toBe(200);
    const refused = await get(video.id, gallery.customUrl, old);
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBe("pin_required");
    expect((await give(gallery.customUrl, PIN)).status).toBe(403);
    const fresh = pinCookieOf(await give(gallery.customUrl, "97531"))!;
    expect((await get(video.id, gallery.customUrl, fresh)).status).toBe(302);
    // Removed: downloads need none; set again (even to the same PIN): the earlier cookies stay refused.
    await setPin(token, gallery.id, null);
    expect((await get(video.id, gallery.customUrl)).status).toBe(302);
    await setPin(token, gallery.id, "97531");
    expect((await get(video.id, gallery.customUrl, fresh)).status).toBe(401);
  });

  it("a PIN cookie of gallery A never works on gallery B (same PIN, same version)", async () => {
    const a = await setup();
    const b = await setup();
    expect(await versionOf(a.gallery.id)).toBe(await versionOf(b.gallery.id));
    const cookieA = pinCookieOf(await give(a.gallery.customUrl, PIN))!;
    expect((await get(a.video.id, a.gallery.customUrl, cookieA)).status).toBe(302);
    expect((await get(b.video.id, b.gallery.customUrl, cookieA)).status).toBe(401);
    // A's value under B's name: signed over A, refused.
    const renamed = `${pinCookieName(b.gallery.id)}=${cookieA.split("=")[1]}`;
    expect((await get(b.video.id, b.gallery.customUrl, renamed)).status).toBe(401);
    // A made-up one too; B's own value works.
    expect((await get(b.video.id, b.gallery.customUrl, `${pinCookieName(b.gallery.id)}=123.${"x".repeat(43)}`)).status).toBe(401);
    expect((await get(b.video.id, b.gallery.customUrl, `${pinCookieName(b.gallery.id)}=${pinCookieValue(b.gallery.id, await versionOf(b.gallery.id))}`)).status).toBe(302);
  });

  it("a guest who may download skips the PIN; a guest who may not, or another gallery's guest, does not", async () => {
    const { studio, gallery, video } = await setup();
    const mayDownload = await invite(gallery.id, studio.id, true);
    expect((await get(video.id, gallery.customUrl, mayDownload)).status).toBe(302);
    expect(await (await status(gallery.customUrl, mayDownload)).json()).toEqual({ required: false });

    const viewOnly = await invite(gallery.id, studio.id, false);
    const refused = await get(video.id, gallery.customUrl, viewOnly);
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBe("pin_required");
    // Their mail told them to ask the studio for it (the send's default, issue 39 item 3): the dialog says so.
    expect(await (await status(gallery.customUrl, viewOnly)).json()).toEqual({ required: true, askStudio: true });
    // A guest without downloads who gives the PIN downloads like anyone.
    const pin = pinCookieOf(await give(gallery.customUrl, PIN, { cookie: viewOnly }))!;
    expect((await get(video.id, gallery.customUrl, `${viewOnly}; ${pin}`)).status).toBe(302);

    // Another gallery's invite (may download) under this gallery's cookie name: no guest here.
    const other = await createFolderWithGallery(studio.id);
    const foreign = (await invite(other.gallery.id, studio.id, true)).split("=")[1];
    expect((await get(video.id, gallery.customUrl, `${guestCookieName(gallery.id)}=${foreign}`)).status).toBe(401);
    // A revoked invite skips nothing.
    await db.galleryInvite.updateMany({ where: { galleryId: gallery.id, mayDownload: true }, data: { revokedAt: new Date() } });
    expect((await get(video.id, gallery.customUrl, mayDownload)).status).toBe(401);
  });

  it("with the Downloads toggle off: 403 downloads_off, whatever the PIN", async () => {
    const { gallery, video } = await setup();
    await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: false } });
    const res = await give(gallery.customUrl, PIN);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("downloads_off");
    expect(pinCookieOf(res)).toBeUndefined();
    expect((await status(gallery.customUrl)).status).toBe(403);
    expect((await get(video.id, gallery.customUrl)).status).toBe(403);
    const props = publicGalleryPageProps((await findGallery(gallery.customUrl))!);
    expect(JSON.stringify(props)).not.toContain("downloadPin");
  });
});

describe("the PIN door and the gate", () => {
  it("never opens a locked gallery: 401 gallery_locked without the unlock cookie, whatever the PIN; with it, the PIN works", async () => {
    const { gallery, video } = await setup();
    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: "locked", passwordVersion: 4 } });
    for (const pin of [PIN, "1111"]) {
      const res = await give(gallery.customUrl, pin);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: "gallery_locked", message: TEXTS.viewer.locked });
      expect(pinCookieOf(res)).toBeUndefined();
    }
    // Refused before the secret was looked at: nothing counted.
    expect(await db.secretBackoff.count({ where: { key: { contains: gallery.id } } })).toBe(0);
    expect((await status(gallery.customUrl)).status).toBe(401);
    const unlock = `${unlockCookieName(gallery.id)}=${unlockCookieValue(gallery.id, 4)}`;
    const pin = pinCookieOf(await give(gallery.customUrl, PIN, { cookie: unlock }))!;
    // The PIN cookie alone still does not open the gallery.
    expect((await get(video.id, gallery.customUrl, pin)).status).toBe(401);
    expect((await (await get(video.id, gallery.customUrl, pin)).json()).code).toBe("gallery_locked");
    expect((await call(content, request("GET", `/api/public/galleries/${gallery.customUrl}`, { cookie: pin }), { slug: gallery.customUrl })).status).toBe(401);
    expect((await get(video.id, gallery.customUrl, `${unlock}; ${pin}`)).status).toBe(302);
  });

  it("answers 404 for an unknown gallery and 403 for an expired one, whatever the PIN", async () => {
    expect((await give("no-such-gallery-here", PIN)).status).toBe(404);
    expect((await status("no-such-gallery-here")).status).toBe(404);
    const { gallery } = await setup();
    await db.gallery.update({ where: { id: gallery.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await give(gallery.customUrl, PIN);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("gallery_expired");
    expect(pinCookieOf(res)).toBeUndefined();
  });
});

describe("viewing never needs the PIN", () => {
  it("the page, the content API, the playlists and view counts answer without it", async () => {
    const { gallery, video } = await setup();
    await putLadder(video);
    const page = publicGalleryPageProps((await findGallery(gallery.customUrl))!);
    expect("props" in page && page.props.view.screen === "gallery" && page.props.view.state.videos.length).toBe(1);
    const c = await call(content, request("GET", `/api/public/galleries/${gallery.customUrl}`), { slug: gallery.customUrl });
    expect(c.status).toBe(200);
    expect((await c.json()).state.downloadPin).toBe(true);
    for (const name of ["master.m3u8", "720p.m3u8"]) {
      const res = await call(hls, request("GET", `/api/public/hls/${video.id}/${name}?g=${gallery.customUrl}`), { videoId: video.id, playlist: name });
      expect([name, res.status]).toEqual([name, 200]);
    }
    const v = await call(views, request("POST", "/api/public/views", { body: { slug: gallery.customUrl, videoId: video.id }, headers: { "user-agent": "Mozilla/5.0 Chrome/130.0" } }));
    expect(v.status).toBe(200);
  });
});
