// A gallery's audience (issue 55 item 2): "link" (anyone with its link; every gallery's default) or
// "invited" (only a guest's valid personal link, or the password when one is set). The access door
// takes it (alone, too) and answers it, refuses any other value with a 400 that changes nothing, and
// expires the cached pages; the cached page of an invited gallery is the studio's notice only (no
// film, poster, cover or share image of a film, not even its title); its guest door trades a valid
// link for the content and refuses a bad one; its password door opens nothing without a password.
// Every other door × link is tests/integration/protected-doors.test.ts's table.
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { db } from "@/lib/db";
import { GET as getAccess, PUT as putAccess } from "@/app/api/galleries/gallery/[id]/access/route";
import { GET as content } from "@/app/api/public/galleries/[slug]/route";
import { POST as unlock } from "@/app/api/public/galleries/[slug]/unlock/route";
import { POST as guestDoor } from "@/app/api/public/galleries/[slug]/guest/route";
import { PublicGalleryScreen } from "@/components/gallery/public-gallery-screen";
import { findGallery } from "@/lib/services/access/open-gallery";
import { invalidatePublicGallery } from "@/lib/services/public/public-cache";
import { publicGalleryPageProps } from "@/lib/services/public/public-page";
import { mediaUrl } from "@/lib/storage/urls";
import { inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request, someAddress } from "../helpers/requests";

jest.mock("@/lib/services/public/public-cache", () => {
  const real = jest.requireActual("@/lib/services/public/public-cache");
  return { ...real, invalidatePublicGallery: jest.fn(real.invalidatePublicGallery) };
});
const expired = invalidatePublicGallery as jest.MockedFunction<typeof invalidatePublicGallery>;

const FILM_TITLE = "Our first dance";

/** A branded studio's gallery with two films (thumbnails, one showcased), a cover image and a subtitle. */
async function weddingGallery() {
  const studio = await createStudio();
  await db.admin.update({ where: { id: studio.id }, data: { companyName: "Lumen Films", companyLogoUrl: `${studio.id}/assets/logo.png`, websiteUrl: "https://lumen.example" } });
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
  await db.gallery.update({ where: { id: gallery.id }, data: { title: "Ana & Ben", subtitle: "Lisbon, June", bgImageUrl: `${studio.id}/cover-frame.jpg` } });
  for (const [i, v] of videos.entries()) await db.video.update({ where: { id: v.id }, data: { title: `${FILM_TITLE} ${i}`, thumbnailKey: `${studio.id}/poster-${i}.jpg` } });
  await db.showcaseItem.create({ data: { galleryId: gallery.id, videoId: videos[1].id, position: 0 } });
  return { studio, token: await bearerFor(studio), gallery, videos };
}

const setAccess = (id: string, token: string, body: unknown) => call(putAccess, request("PUT", `/api/galleries/gallery/${id}/access`, { token, body }), { id });
const readAccess = async (id: string, token: string) =>
  ((await call(getAccess, request("GET", `/api/galleries/gallery/${id}/access`, { token }), { id }).then((r) => r.json())) as { access: Record<string, unknown> }).access;

async function invite(galleryId: string, adminId: string, extra: { revokedAt?: Date } = {}) {
  const salt = newInviteSalt();
  const row = await db.galleryInvite.create({ data: { galleryId, adminId, name: "Ana", email: `${salt.slice(0, 8)}@example.test`, salt, tokenHash: "pending", ...extra } });
  const token = inviteToken(row.id, salt);
  await db.galleryInvite.update({ where: { id: row.id }, data: { tokenHash: tokenHash(token) } });
  return token;
}

describe("the access door's audience", () => {
  it("answers link for every gallery until changed, takes audience alone, and expires the cached pages", async () => {
    const { gallery, token } = await weddingGallery();
    expect(await readAccess(gallery.id, token)).toEqual({ hasPassword: false, hasDownloadPin: false, expiresAt: null, audience: "link" });
    expired.mockClear();
    const res = await setAccess(gallery.id, token, { audience: "invited" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ access: { hasPassword: false, hasDownloadPin: false, expiresAt: null, audience: "invited" } });
    expect(expired).toHaveBeenCalledWith(gallery.id);
    expect((await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).audience).toBe("INVITED");
    expect((await setAccess(gallery.id, token, { audience: "link" })).status).toBe(200);
    expect((await readAccess(gallery.id, token)).audience).toBe("link");
  });

  it("refuses any other audience with a 400 and a clear message, changing nothing (not the other fields sent with it either)", async () => {
    const { gallery, token } = await weddingGallery();
    await setAccess(gallery.id, token, { audience: "invited" });
    for (const audience of ["everyone", "LINK", "Invited", "", null, 1, true, ["link"], { value: "link" }]) {
      const res = await setAccess(gallery.id, token, { audience, expiresAt: null, password: "long enough pass" });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: "validation", message: TEXTS.access.audienceInvalid });
    }
    const row = await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } });
    expect([row.audience, row.passwordHash]).toEqual(["INVITED", null]);
    // Another studio cannot change it.
    const stranger = await bearerFor(await createStudio());
    expect((await setAccess(gallery.id, stranger, { audience: "link" })).status).toBe(404);
    expect((await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).audience).toBe("INVITED");
  });
});

describe("an invited gallery's public page", () => {
  it("caches the studio's notice only: no film id, title, poster, cover or share image of a film, nor the gallery's title", async () => {
    const { studio, gallery, videos } = await weddingGallery();
    await db.gallery.update({ where: { id: gallery.id }, data: { audience: "INVITED" } });
    const result = publicGalleryPageProps(await findGallery(gallery.customUrl));
    if (!("props" in result)) throw new Error("no page");
    const props = result.props;
    expect(props.view.screen).toBe("invited");
    const sent = renderToStaticMarkup(createElement(PublicGalleryScreen, props)) + JSON.stringify(props);
    const leaks = ["Ana & Ben", "Ana &amp; Ben", "Lisbon, June", FILM_TITLE, "poster-", "cover-frame", ...videos.map((v) => v.id)];
    expect(leaks.filter((x) => sent.includes(x))).toEqual([]);
    expect(sent).toContain("Lumen Films");
    expect(sent).toContain("https://lumen.example");
    // The link preview: the studio's name and logo, the notice's words.
    expect(props.head.title).toBe("Lumen Films");
    expect(props.head.description).toBe(TEXTS.viewer.invitedHeading);
    expect(props.head.og?.image).toBe(mediaUrl(`${studio.id}/assets/logo.png`));
    expect(props.head.twitter?.card).toBe("summary");
  });

  it("opens to a valid personal link through the guest door, refuses a bad one and the password door", async () => {
    const { studio, gallery } = await weddingGallery();
    await db.gallery.update({ where: { id: gallery.id }, data: { audience: "INVITED" } });
    const slug = gallery.customUrl;
    const other = await createFolderWithGallery(studio.id);
    const trade = (token: string) => call(guestDoor, request("POST", `/api/public/galleries/${slug}/guest`, { body: { token }, headers: { "x-forwarded-for": someAddress() } }), { slug });

    const noLink = await call(content, request("GET", `/api/public/galleries/${slug}`), { slug });
    expect([noLink.status, (await noLink.json()).code]).toEqual([403, "invite_required"]);
    const pass = await call(unlock, request("POST", `/api/public/galleries/${slug}/unlock`, { body: { password: "anything at all" } }), { slug });
    expect([pass.status, (await pass.json()).code]).toEqual([403, "invite_required"]);

    for (const bad of [await invite(gallery.id, studio.id, { revokedAt: new Date() }), await invite(other.gallery.id, studio.id)]) {
      const res = await trade(bad);
      expect([res.status, (await res.json()).code]).toEqual([403, "invite_invalid"]);
    }
    const good = await trade(await invite(gallery.id, studio.id));
    expect(good.status).toBe(200);
    const body = (await good.json()) as { state: { title: string; videos: unknown[] } };
    expect([body.state.title, body.state.videos.length]).toEqual(["Ana & Ben", 2]);
    const cookie = good.headers.get("set-cookie")!.split(";")[0];
    expect((await call(content, request("GET", `/api/public/galleries/${slug}`, { cookie }), { slug })).status).toBe(200);
  });
});
