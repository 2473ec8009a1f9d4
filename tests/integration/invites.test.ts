// Guests and their personal links (issue 21, items 1 and 2): the studio's invite doors (owner-scoped),
// the pasted list, what the database keeps of a token, the guest door and its cookie against a
// password-locked gallery's doors (content, playlist, stream), revocation and expiry taking effect at
// once, a link never opening another gallery, the delivery mail (content, open pixel, images), and
// sending one or all.
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { GET as listRoute, POST as addRoute, PUT as settingsRoute } from "@/app/api/galleries/gallery/[id]/invites/route";
import { DELETE as revokeRoute } from "@/app/api/galleries/gallery/[id]/invites/[inviteId]/route";
import { POST as sendOneRoute } from "@/app/api/galleries/gallery/[id]/invites/[inviteId]/send/route";
import { POST as sendAllRoute } from "@/app/api/galleries/gallery/[id]/invites/send/route";
import { POST as guestRoute } from "@/app/api/public/galleries/[slug]/guest/route";
import { GET as pixelRoute } from "@/app/api/public/invites/open/[inviteId]/route";
import { GET as mediaRoute } from "@/app/api/public/invites/media/[inviteId]/route";
import { GET as content } from "@/app/api/public/galleries/[slug]/route";
import { GET as hls } from "@/app/api/public/hls/[videoId]/[playlist]/route";
import { GET as stream } from "@/app/api/public/stream/[videoId]/route";
import { hashPassword } from "@/lib/auth/password";
import { guestCookieName, inviteToken } from "@/lib/auth/guest-link";
import { parseGuestList } from "@/lib/validation/invites";
import { pixelUrl } from "@/lib/services/guests/invite-mail";
import type { InviteDto, InvitesDto } from "@/lib/contract/guests";
import { TEXTS } from "@/lib/texts";
import { guestMailTexts } from "@/lib/mail/guest-texts";
import { createFolderWithGallery, createStudio, createSuperadmin } from "../helpers/factories";
import { bearerFor, call, request, sessionCookieFor } from "../helpers/requests";
import { putLadder } from "../helpers/hls";
import { putObjects } from "../helpers/storage";
import { snapshot } from "../helpers/snapshot";

const PASSWORD = "open sesame please";

async function lockedGallery(opts: { logo?: boolean; background?: boolean } = {}) {
  const studio = await createStudio();
  const token = await bearerFor(studio);
  const { folder, gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  const video = await putLadder(videos[0], { streamCopy: true });
  await putObjects([video.storageKey]);
  const bg = `${studio.id}/${folder.id}/${gallery.id}/bg.png`;
  const logo = `${studio.id}/assets/logo.png`;
  if (opts.background) await putObjects([bg]);
  if (opts.logo) await putObjects([logo]);
  await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: await hashPassword(PASSWORD), bgImageUrl: opts.background ? bg : null } });
  await db.admin.update({ where: { id: studio.id }, data: { companyName: `Lumen Films ${studio.id.slice(0, 4)}`, companyLogoUrl: opts.logo ? logo : null } });
  return { studio, token, gallery, video, slug: gallery.customUrl };
}

type Fixture = Awaited<ReturnType<typeof lockedGallery>>;

const invitesPath = (g: string) => `/api/galleries/gallery/${g}/invites`;
const list = (token: string, id: string) => call(listRoute, request("GET", invitesPath(id), { token }), { id });
const add = (token: string, id: string, body: unknown) => call(addRoute, request("POST", invitesPath(id), { token, body }), { id });
const settings = (token: string, id: string, body: unknown) => call(settingsRoute, request("PUT", invitesPath(id), { token, body }), { id });
const revoke = (token: string, id: string, inviteId: string) => call(revokeRoute, request("DELETE", `${invitesPath(id)}/${inviteId}`, { token }), { id, inviteId });
const sendOne = (token: string, id: string, inviteId: string) => call(sendOneRoute, request("POST", `${invitesPath(id)}/${inviteId}/send`, { token }), { id, inviteId });
const sendAll = (token: string, id: string) => call(sendAllRoute, request("POST", `${invitesPath(id)}/send`, { token }), { id });
const enter = (slug: string, token: string, cookie?: string) => call(guestRoute, request("POST", `/api/public/galleries/${slug}/guest`, { body: { token }, cookie }), { slug });

/** The gallery's doors a guest's browser uses, with its cookies. */
function doors(f: Fixture, cookie?: string) {
  const q = `g=${f.slug}`;
  return {
    content: () => call(content, request("GET", `/api/public/galleries/${f.slug}`, { cookie }), { slug: f.slug }),
    master: () => call(hls, request("GET", `/api/public/hls/${f.video.id}/master.m3u8?${q}`, { cookie }), { videoId: f.video.id, playlist: "master.m3u8" }),
    stream: () => call(stream, request("GET", `/api/public/stream/${f.video.id}?${q}`, { cookie }), { videoId: f.video.id }),
  };
}

async function statuses(f: Fixture, cookie?: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, door] of Object.entries(doors(f, cookie))) out[name] = (await door()).status;
  return out;
}

async function addOne(f: Fixture, guest = { name: "Anna Berg", email: "Anna.Berg@Example.test" }, extra: Record<string, unknown> = {}): Promise<InviteDto> {
  const res = await add(f.token, f.gallery.id, { guests: [guest], ...extra });
  expect(res.status).toBe(200);
  const body = (await res.json()) as InvitesDto & { results: { inviteId: string }[] };
  return body.invites.find((i) => i.id === body.results[0].inviteId)!;
}

const tokenOf = (link: string) => new URL(link).searchParams.get("k")!;
const cookieFrom = (res: Response, name: string) => {
  const c = res.headers.getSetCookie().find((x) => x.startsWith(`${name}=`));
  return c ? c.split(";")[0] : undefined;
};

describe("the studio's invite doors", () => {
  it("add, list, revoke, send and the reminder toggle are the owner's only: another studio gets 404 on every one and nothing changes", async () => {
    const a = await lockedGallery();
    const invite = await addOne(a);
    const intruder = await createStudio();
    const other = await bearerFor(intruder);
    const before = await snapshot([a.studio.id, a.gallery.id, invite.id], [a.studio.id]);
    const answers = [
      await list(other, a.gallery.id),
      await add(other, a.gallery.id, { guests: [{ name: "Intruder", email: "intruder@example.test" }] }),
      await add(other, a.gallery.id, { list: "intruder@example.test" }),
      await settings(other, a.gallery.id, { remindersEnabled: false }),
      await revoke(other, a.gallery.id, invite.id),
      await sendOne(other, a.gallery.id, invite.id),
      await sendAll(other, a.gallery.id),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("not_found");
    }
    // Even naming its own gallery with A's invite: not found.
    const { gallery: theirs } = await createFolderWithGallery(intruder.id);
    expect((await revoke(other, theirs.id, invite.id)).status).toBe(404);
    expect((await sendOne(other, theirs.id, invite.id)).status).toBe(404);
    expect(await snapshot([a.studio.id, a.gallery.id, invite.id], [a.studio.id])).toBe(before);
    expect(await db.mailMessage.count({ where: { to: invite.email } })).toBe(0);
  });

  it("lists each guest with its link, status and dates; the reminder toggle is saved; bad input is a 400 that changes nothing", async () => {
    const a = await lockedGallery();
    const invite = await addOne(a, { name: "Anna Berg", email: "Anna.Berg@Example.test" }, { mayDownload: true });
    expect(invite).toMatchObject({ name: "Anna Berg", email: "anna.berg@example.test", mayDownload: true, revoked: false, expired: false, status: "not_sent", sentAt: null, expiresAt: null });
    expect(invite.link).toMatch(new RegExp(`/${a.slug}\\?k=[A-Za-z0-9_-]{43}$`));
    const listed = (await (await list(a.token, a.gallery.id)).json()) as InvitesDto;
    expect(listed).toMatchObject({ remindersEnabled: true, galleryExpiresAt: null });
    expect(listed.invites).toEqual([invite]);

    expect(await (await settings(a.token, a.gallery.id, { remindersEnabled: false })).json()).toEqual({ remindersEnabled: false });
    expect((await db.gallery.findUniqueOrThrow({ where: { id: a.gallery.id } })).remindersEnabled).toBe(false);

    const before = await snapshot([a.gallery.id], [a.studio.id]);
    for (const body of [
      {},
      { guests: [] },
      { guests: [{ name: "", email: "x@example.test" }] },
      { guests: [{ name: "X", email: "not-an-email" }] },
      { guests: [{ name: "X", email: "x@example.test" }], list: "y@example.test" },
      { list: "   \n  " },
      { list: Array.from({ length: 501 }, (_, i) => `g${i}@example.test`).join("\n") },
      { guests: [{ name: "X", email: "x@example.test" }], expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { guests: [{ name: "X", email: "x@example.test" }], mayDownload: "yes" },
    ]) {
      const res = await add(a.token, a.gallery.id, body);
      expect([JSON.stringify(body).slice(0, 80), res.status]).toEqual([JSON.stringify(body).slice(0, 80), 400]);
    }
    expect((await settings(a.token, a.gallery.id, { remindersEnabled: "no" })).status).toBe(400);
    expect(await snapshot([a.gallery.id], [a.studio.id])).toBe(before);
  });

  it("a pasted list: one guest a line in every form, each line reported (added, updated, refused with its reason)", async () => {
    const parsed = parseGuestList(
      [
        "Anna Berg <Anna@Example.test>",
        "Tom Hill, tom@example.test",
        "lea@example.test, Lea Stone",
        "bare@example.test",
        "",
        "no address here",
        "a@example.test b@example.test",
        "Broken <broken@>",
        "anna@example.test",
      ].join("\n"),
    );
    expect(parsed).toEqual([
      { line: 1, text: "Anna Berg <Anna@Example.test>", ok: true, name: "Anna Berg", email: "anna@example.test" },
      { line: 2, text: "Tom Hill, tom@example.test", ok: true, name: "Tom Hill", email: "tom@example.test" },
      { line: 3, text: "lea@example.test, Lea Stone", ok: true, name: "Lea Stone", email: "lea@example.test" },
      { line: 4, text: "bare@example.test", ok: true, name: "", email: "bare@example.test" },
      { line: 6, text: "no address here", ok: false, reason: TEXTS.guests.lineNoEmail },
      { line: 7, text: "a@example.test b@example.test", ok: false, reason: TEXTS.guests.lineTwoEmails },
      { line: 8, text: "Broken <broken@>", ok: false, reason: TEXTS.guests.lineNoEmail },
      { line: 9, text: "anna@example.test", ok: false, reason: TEXTS.guests.lineDuplicate },
    ]);

    const a = await lockedGallery();
    await addOne(a, { name: "Tom", email: "tom@example.test" });
    const res = await add(a.token, a.gallery.id, { list: "Anna Berg <anna@example.test>\r\nTom Hill, TOM@example.test\nnope\nanna@example.test", mayDownload: true });
    expect(res.status).toBe(200);
    const body = (await res.json()) as InvitesDto & { results: { line: number; email: string | null; outcome: string; reason?: string }[] };
    expect(body.results.map(({ line, email, outcome, reason }) => ({ line, email, outcome, reason }))).toEqual([
      { line: 1, email: "anna@example.test", outcome: "added", reason: undefined },
      { line: 2, email: "tom@example.test", outcome: "updated", reason: undefined },
      { line: 3, email: null, outcome: "refused", reason: TEXTS.guests.lineNoEmail },
      { line: 4, email: null, outcome: "refused", reason: TEXTS.guests.lineDuplicate },
    ]);
    expect(body.invites.map((i) => [i.name, i.email, i.mayDownload])).toEqual([
      ["Tom Hill", "tom@example.test", true],
      ["Anna Berg", "anna@example.test", true],
    ]);
  });

  it("the database keeps no token, only its SHA-256; the link's token is derived (the same at every read)", async () => {
    const a = await lockedGallery();
    const invite = await addOne(a);
    const token = tokenOf(invite.link!);
    const row = await db.galleryInvite.findUniqueOrThrow({ where: { id: invite.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("base64url"));
    expect(token).toBe(inviteToken(row.id, row.salt));
    const [raw] = await db.$queryRaw<{ row: string }[]>`SELECT x::text AS row FROM "GalleryInvite" x WHERE id = ${invite.id}::uuid`;
    expect(raw.row).not.toContain(token);
    const again = ((await (await list(a.token, a.gallery.id)).json()) as InvitesDto).invites[0];
    expect(again.link).toBe(invite.link);
  });
});

describe("the guest door and the guest cookie", () => {
  it("the link opens the locked gallery: the door answers the films and the guest's name, sets the cookie and records the visit; content, playlist and stream open with the cookie", async () => {
    const a = await lockedGallery();
    const invite = await addOne(a);
    expect(await statuses(a)).toEqual({ content: 401, master: 401, stream: 401 });

    const res = await enter(a.slug, tokenOf(invite.link!));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = await res.json();
    expect(body.guest).toEqual({ name: "Anna Berg", mayComment: false, mayApprove: false });
    expect(body.state.videos.map((v: { _id: string }) => v._id)).toEqual([a.video.id]);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${guestCookieName(a.gallery.id)}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    const cookie = cookieFrom(res, guestCookieName(a.gallery.id))!;

    const row = await db.galleryInvite.findUniqueOrThrow({ where: { id: invite.id } });
    expect(row.visitedAt).not.toBeNull();
    expect(row.lastVisitedAt).toEqual(row.visitedAt);
    expect(await statuses(a, cookie)).toEqual({ content: 200, master: 200, stream: 302 });

    // A second visit keeps the first visit's moment.
    await new Promise((r) => setTimeout(r, 5));
    await enter(a.slug, tokenOf(invite.link!));
    const again = await db.galleryInvite.findUniqueOrThrow({ where: { id: invite.id } });
    expect(again.visitedAt).toEqual(row.visitedAt);
    expect(again.lastVisitedAt!.getTime()).toBeGreaterThan(row.lastVisitedAt!.getTime());
    expect(((await (await list(a.token, a.gallery.id)).json()) as InvitesDto).invites[0].status).toBe("visited");
  });

  it("the studio (or a super admin) trying a guest's link gets in, but it is not the guest's visit", async () => {
    const a = await lockedGallery();
    const invite = await addOne(a);
    const studioCookie = await sessionCookieFor(a.studio);
    const admin = await createSuperadmin();
    for (const cookie of [studioCookie, await sessionCookieFor(admin)]) {
      expect((await enter(a.slug, tokenOf(invite.link!), cookie)).status).toBe(200);
    }
    const row = await db.galleryInvite.findUniqueOrThrow({ where: { id: invite.id } });
    expect({ visitedAt: row.visitedAt, lastVisitedAt: row.lastVisitedAt }).toEqual({ visitedAt: null, lastVisitedAt: null });
    expect(((await (await list(a.token, a.gallery.id)).json()) as InvitesDto).invites[0].status).not.toBe("visited");
    // Another studio's session is a guest like any other: its visit counts.
    const other = await createStudio();
    expect((await enter(a.slug, tokenOf(invite.link!), await sessionCookieFor(other))).status).toBe(200);
    expect((await db.galleryInvite.findUniqueOrThrow({ where: { id: invite.id } })).visitedAt).not.toBeNull();
  });

  it("after revoke the same cookie is refused at once by every door, and the link by the guest door (403 invite_invalid, its cookie cleared)", async () => {
    const a = await lockedGallery();
    const invite = await addOne(a);
    const token = tokenOf(invite.link!);
    const cookie = cookieFrom(await enter(a.slug, token), guestCookieName(a.gallery.id))!;
    expect(await statuses(a, cookie)).toEqual({ content: 200, master: 200, stream: 302 });
    // What the guest's browser got is never kept by a cache, to be served after the revoke.
    for (const door of Object.values(doors(a, cookie))) expect((await door()).headers.get("cache-control")).toBe("private, no-store");

    const res = await revoke(a.token, a.gallery.id, invite.id);
    expect(res.status).toBe(200);
    expect((await res.json()).invite).toMatchObject({ revoked: true, link: null });
    expect(await statuses(a, cookie)).toEqual({ content: 401, master: 401, stream: 401 });

    const refused = await enter(a.slug, token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: "invite_invalid", message: TEXTS.viewer.inviteInvalid });
    expect(refused.headers.getSetCookie().find((c) => c.startsWith(`${guestCookieName(a.gallery.id)}=`))).toMatch(/Max-Age=0/i);

    // Added again: a new link; the revoked one stays dead.
    const back = await addOne(a, { name: "Anna Berg", email: "anna.berg@example.test" });
    expect(back.revoked).toBe(false);
    expect(back.link).not.toBe(invite.link);
    expect((await enter(a.slug, token)).status).toBe(403);
    expect((await enter(a.slug, tokenOf(back.link!))).status).toBe(200);
  });

  it("an expired invite: its cookie opens nothing and its link is refused; the cookie lives no longer than the invite", async () => {
    const a = await lockedGallery();
    const expiresAt = new Date(Date.now() + 3600_000);
    const invite = await addOne(a, { name: "Anna", email: "anna@example.test" }, { expiresAt: expiresAt.toISOString() });
    const res = await enter(a.slug, tokenOf(invite.link!));
    const maxAge = Number(/Max-Age=(\d+)/i.exec(res.headers.getSetCookie().find((c) => c.startsWith(`${guestCookieName(a.gallery.id)}=`))!)![1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    const cookie = cookieFrom(res, guestCookieName(a.gallery.id))!;
    await db.galleryInvite.update({ where: { id: invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await statuses(a, cookie)).toEqual({ content: 401, master: 401, stream: 401 });
    expect((await enter(a.slug, tokenOf(invite.link!))).status).toBe(403);
    expect(((await (await list(a.token, a.gallery.id)).json()) as InvitesDto).invites[0].expired).toBe(true);
  });

  it("the gate first: a missing gallery 404, an expired gallery 403 gallery_expired, whatever the token", async () => {
    const a = await lockedGallery();
    const invite = await addOne(a);
    expect((await enter("no-such-gallery-here", tokenOf(invite.link!))).status).toBe(404);
    await db.gallery.update({ where: { id: a.gallery.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await enter(a.slug, tokenOf(invite.link!));
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("gallery_expired");
  });

  it("a guest's link never opens another gallery: A's token at B's door is refused, and A's cookie renamed to B's opens nothing of B", async () => {
    const a = await lockedGallery();
    const b = await lockedGallery();
    const tokenA = tokenOf((await addOne(a)).link!);
    const res = await enter(b.slug, tokenA);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("invite_invalid");
    const cookieA = cookieFrom(await enter(a.slug, tokenA), guestCookieName(a.gallery.id))!;
    const renamed = `${guestCookieName(b.gallery.id)}=${cookieA.split("=")[1]}`;
    expect(await statuses(b, renamed)).toEqual({ content: 401, master: 401, stream: 401 });
    // And it still opens A.
    expect(await statuses(a, cookieA)).toEqual({ content: 200, master: 200, stream: 302 });
  });
});

describe("the delivery mail", () => {
  const mailTo = (to: string) => db.mailMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });

  it("carries the studio's name and logo, the gallery's title and background, the personal link, the expiry and the open pixel; sending records sentAt", async () => {
    const a = await lockedGallery({ logo: true, background: true });
    const expiresAt = new Date(Date.UTC(2099, 11, 31, 12));
    const invite = await addOne(a, { name: "Anna Berg", email: `anna-${a.gallery.id}@example.test` }, { expiresAt: expiresAt.toISOString() });
    const res = await sendOne(a.token, a.gallery.id, invite.id);
    expect(res.status).toBe(200);
    expect((await res.json()).invite).toMatchObject({ status: "sent" });
    const [mail] = await mailTo(invite.email);
    const studioName = `Lumen Films ${a.studio.id.slice(0, 4)}`;
    // A fixed subject: never the studio's words (issue 36 item 9, tests/integration/delivery-mail-limits.test.ts).
    expect(mail.subject).toBe(guestMailTexts("en").delivery.subject);
    const html = mail.html.replace(/&amp;/g, "&");
    for (const part of [studioName, a.gallery.title, invite.link!, pixelUrl(invite.id), "December 31, 2099", "Hi Anna Berg,"]) expect(html).toContain(part);
    expect(html).toContain(`/api/public/invites/media/${invite.id}?a=logo&s=`);
    expect(html).toContain(`/api/public/invites/media/${invite.id}?a=background&s=`);
    // No short-lived signed store address in a mail.
    expect(html).not.toContain("X-Amz-Signature");
    for (const part of [a.gallery.title, invite.link!, "December 31, 2099"]) expect(mail.text).toContain(part);
    expect(mail.text).not.toContain("/invites/open/");
    expect((await db.galleryInvite.findUniqueOrThrow({ where: { id: invite.id } })).sentAt).not.toBeNull();

    // The images: a redirect to a signed address now; a forged signature or a revoked invite: 404.
    const imageUrl = new URL(html.match(/https?:\/\/[^"]*\/api\/public\/invites\/media\/[^"]*a=logo[^"]*/)![0]);
    const image = (url: URL) => call(mediaRoute, request("GET", url.pathname + url.search), { inviteId: invite.id });
    const found = await image(imageUrl);
    expect(found.status).toBe(302);
    expect(found.headers.get("location")).toContain("logo.png");
    const forged = new URL(imageUrl);
    forged.searchParams.set("s", "x".repeat(43));
    expect((await image(forged)).status).toBe(404);
    await revoke(a.token, a.gallery.id, invite.id);
    expect((await image(imageUrl)).status).toBe(404);
  });

  it("the pixel: a no-store GIF for any id; a right signature sets openedAt once; unknown or forged ids change nothing", async () => {
    const a = await lockedGallery();
    const invite = await addOne(a);
    const pixel = (path: string, inviteId: string) => call(pixelRoute, request("GET", path), { inviteId });
    const url = new URL(pixelUrl(invite.id));
    const gif = async (res: Response) => {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/gif");
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 6)
          .toString(),
      ).toBe("GIF89a");
    };
    await gif(await pixel(`${url.pathname}?s=${"x".repeat(43)}`, invite.id));
    await gif(await pixel(url.pathname, invite.id));
    // A path that is no id at all names nothing that can exist: a 404, like every door's.
    expect((await pixel("/api/public/invites/open/not-an-id?s=abc", "not-an-id")).status).toBe(404);
    await gif(await pixel(`/api/public/invites/open/00000000-0000-4000-8000-000000000000${url.search}`, "00000000-0000-4000-8000-000000000000"));
    expect((await db.galleryInvite.findUniqueOrThrow({ where: { id: invite.id } })).openedAt).toBeNull();

    await gif(await pixel(url.pathname + url.search, invite.id));
    const opened = (await db.galleryInvite.findUniqueOrThrow({ where: { id: invite.id } })).openedAt;
    expect(opened).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    await gif(await pixel(url.pathname + url.search, invite.id));
    expect((await db.galleryInvite.findUniqueOrThrow({ where: { id: invite.id } })).openedAt).toEqual(opened);
    expect(((await (await list(a.token, a.gallery.id)).json()) as InvitesDto).invites[0].status).toBe("opened");
  });

  it("re-send keeps the same link; sending a revoked or expired guest is a 409", async () => {
    const a = await lockedGallery();
    const invite = await addOne(a, { name: "Anna", email: `anna-${a.gallery.id}@example.test` });
    await sendOne(a.token, a.gallery.id, invite.id);
    await sendOne(a.token, a.gallery.id, invite.id);
    const mails = await mailTo(invite.email);
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m.html.replace(/&amp;/g, "&")).toContain(invite.link!);
    const expired = await addOne(a, { name: "Old", email: `old-${a.gallery.id}@example.test` }, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await db.galleryInvite.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await sendOne(a.token, a.gallery.id, expired.id)).status).toBe(409);
    await revoke(a.token, a.gallery.id, invite.id);
    const res = await sendOne(a.token, a.gallery.id, invite.id);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("conflict");
    expect(await mailTo(invite.email)).toHaveLength(2);
  });

  it("send to guests: every guest whose link works, skipping revoked and expired ones (and saying so)", async () => {
    const a = await lockedGallery();
    const tag = a.gallery.id.slice(0, 8);
    const ok1 = await addOne(a, { name: "One", email: `one-${tag}@example.test` });
    const ok2 = await addOne(a, { name: "Two", email: `two-${tag}@example.test` });
    const gone = await addOne(a, { name: "Gone", email: `gone-${tag}@example.test` });
    const old = await addOne(a, { name: "Old", email: `old-${tag}@example.test` }, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await revoke(a.token, a.gallery.id, gone.id);
    await db.galleryInvite.update({ where: { id: old.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await sendAll(a.token, a.gallery.id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.sent.map((s: { id: string }) => s.id).sort()).toEqual([ok1.id, ok2.id].sort());
    expect(body.failed).toEqual([]);
    expect(body.skipped).toEqual([
      { id: gone.id, email: gone.email, reason: "revoked" },
      { id: old.id, email: old.email, reason: "expired" },
    ]);
    for (const i of [ok1, ok2]) expect(await mailTo(i.email)).toHaveLength(1);
    for (const i of [gone, old]) expect(await mailTo(i.email)).toHaveLength(0);
    const sentAt = await db.galleryInvite.findMany({ where: { galleryId: a.gallery.id }, select: { id: true, sentAt: true } });
    expect(
      sentAt
        .filter((r) => r.sentAt !== null)
        .map((r) => r.id)
        .sort(),
    ).toEqual([ok1.id, ok2.id].sort());

    // An expired gallery sends nothing.
    await db.gallery.update({ where: { id: a.gallery.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await sendAll(a.token, a.gallery.id)).status).toBe(409);
  });
});
