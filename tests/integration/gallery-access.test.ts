import { renderToStaticMarkup } from "react-dom/server";
import { db } from "@/lib/db";
import { GET as content } from "@/app/api/public/galleries/[slug]/route";
import { POST as unlock } from "@/app/api/public/galleries/[slug]/unlock/route";
import { GET as getAccess, PUT as putAccess } from "@/app/api/galleries/gallery/[id]/access/route";
import { createElement } from "react";
import { PublicGalleryScreen } from "@/components/gallery/public-gallery-screen";
import { type PublicGallery } from "@/lib/services/public/public-gallery";
import { findGallery } from "@/lib/services/access/open-gallery";
import { publicGalleryPageProps } from "@/lib/services/public/public-page";
import { unlockCookieName, unlockCookieValue } from "@/lib/auth/gallery-unlock";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

function pageProps(gallery: PublicGallery) {
  const result = publicGalleryPageProps(gallery);
  if (!("props" in result)) throw new Error("no page");
  return result.props;
}

/** What the browser receives for the page: its HTML and the props sent along with it (__NEXT_DATA__). */
function pageSent(gallery: PublicGallery): string {
  const props = pageProps(gallery);
  return renderToStaticMarkup(createElement(PublicGalleryScreen, props)) + JSON.stringify(props);
}

const SECRET_TITLE = "Secret first dance";
const THUMB_KEY = "thumb-secret-first-dance.jpg";

async function protectedGallery(password = "open sesame") {
  const studio = await createStudio();
  const token = await bearerFor(studio);
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
  await db.video.update({ where: { id: videos[0].id }, data: { title: SECRET_TITLE, thumbnailKey: `${studio.id}/x/${THUMB_KEY}` } });
  const res = await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token, body: { password } }), { id: gallery.id });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ access: { hasPassword: true, hasDownloadPin: false, expiresAt: null, audience: "link" } });
  return { studio, token, gallery, videos };
}

const getContent = (slug: string, cookie?: string) => call(content, request("GET", `/api/public/galleries/${slug}`, { cookie }), { slug });
const postUnlock = (slug: string, password: string) => call(unlock, request("POST", `/api/public/galleries/${slug}/unlock`, { body: { password } }), { slug });
const cookieFrom = (res: Response) => res.headers.get("set-cookie")!.split(";")[0];

describe("the password gate", () => {
  it("stores only an Argon2id hash of the password", async () => {
    const { gallery } = await protectedGallery("open sesame");
    const row = await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain("open sesame");
  });

  it("leaks nothing of the films before the password: not in the page's HTML, its metadata or the API", async () => {
    const { gallery } = await protectedGallery();
    const page = (await findGallery(gallery.customUrl))!;
    const html = pageSent(page);
    expect(html).toContain(gallery.title);
    expect(html).toContain(TEXTS.viewer.passwordHeading);
    for (const leak of [SECRET_TITLE, "Video 2", THUMB_KEY, page.videos[0].id]) expect(html).not.toContain(leak);

    const head = JSON.stringify(pageProps(page).head);
    expect(head).not.toContain(THUMB_KEY);
    expect(head).toContain(TEXTS.viewer.locked);

    const res = await getContent(gallery.customUrl);
    expect(res.status).toBe(401);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ code: "gallery_locked", message: TEXTS.viewer.locked });
    expect(body).not.toContain(SECRET_TITLE);
  });

  it("answers a wrong password with a clear message and no cookie", async () => {
    const { gallery } = await protectedGallery();
    const res = await postUnlock(gallery.customUrl, "wrong");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: "wrong_password", message: TEXTS.viewer.wrongPassword });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("the right password answers the films and sets an httpOnly, SameSite=Lax cookie that unlocks this gallery only", async () => {
    const { gallery, studio } = await protectedGallery();
    const res = await postUnlock(gallery.customUrl, "open sesame");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.state.videos.map((v: { title: string }) => v.title)).toContain(SECRET_TITLE);
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(new RegExp(`^${unlockCookieName(gallery.id)}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    expect(setCookie).toMatch(/Path=\//);

    const cookie = cookieFrom(res);
    const again = await getContent(gallery.customUrl, cookie);
    expect(again.status).toBe(200);
    expect((await again.json()).state.title).toBe(gallery.title);

    // The same cookie does not open another protected gallery, and a forged one opens nothing.
    const other = await createFolderWithGallery(studio.id);
    await db.gallery.update({ where: { id: other.gallery.id }, data: { passwordHash: "x" } });
    expect((await getContent(other.gallery.customUrl, cookie)).status).toBe(401);
    const forged = `${unlockCookieName(other.gallery.id)}=${cookie.split("=")[1]}`;
    expect((await getContent(other.gallery.customUrl, forged)).status).toBe(401);
    const tampered = `${unlockCookieName(gallery.id)}=${Math.floor(Date.now() / 1000)}.${"A".repeat(43)}`;
    expect((await getContent(gallery.customUrl, tampered)).status).toBe(401);
  });

  it("changing the password locks every browser again; removing it opens the gallery", async () => {
    const { gallery, token } = await protectedGallery("first password");
    const cookie = cookieFrom(await postUnlock(gallery.customUrl, "first password"));
    expect((await getContent(gallery.customUrl, cookie)).status).toBe(200);

    await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token, body: { password: "second password" } }), { id: gallery.id });
    expect((await getContent(gallery.customUrl, cookie)).status).toBe(401);
    expect((await postUnlock(gallery.customUrl, "first password")).status).toBe(403);
    expect((await postUnlock(gallery.customUrl, "second password")).status).toBe(200);

    await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token, body: { password: null } }), { id: gallery.id });
    expect((await getContent(gallery.customUrl)).status).toBe(200);
    const html = pageSent((await findGallery(gallery.customUrl))!);
    expect(html).toContain(SECRET_TITLE);
  });

  it("an unlock cookie older than its lifetime no longer works", async () => {
    const { gallery } = await protectedGallery();
    const row = await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } });
    const old = unlockCookieValue(gallery.id, row.passwordVersion, Date.now() - 31 * 24 * 3600 * 1000);
    expect((await getContent(gallery.customUrl, `${unlockCookieName(gallery.id)}=${old}`)).status).toBe(401);
    const fresh = unlockCookieValue(gallery.id, row.passwordVersion);
    expect((await getContent(gallery.customUrl, `${unlockCookieName(gallery.id)}=${fresh}`)).status).toBe(200);
  });
});

describe("access settings API", () => {
  it("is owner-scoped and validated", async () => {
    const { gallery } = await protectedGallery();
    const stranger = await createStudio();
    const token = await bearerFor(stranger);
    expect((await call(getAccess, request("GET", `/api/galleries/gallery/${gallery.id}/access`, { token }), { id: gallery.id })).status).toBe(404);
    const res = await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token, body: { password: null } }), { id: gallery.id });
    expect(res.status).toBe(404);
    expect((await db.gallery.findUniqueOrThrow({ where: { id: gallery.id } })).passwordHash).not.toBeNull();

    const owner = await db.admin.findUniqueOrThrow({ where: { id: gallery.adminId } });
    const ownerToken = await bearerFor(owner);
    for (const body of [{ password: "abc" }, { expiresAt: "tomorrow" }, {}, { password: "long enough", extra: 1 }]) {
      const bad = await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token: ownerToken, body }), { id: gallery.id });
      expect(bad.status).toBe(400);
    }
    const short = await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token: ownerToken, body: { password: "abc" } }), { id: gallery.id });
    expect(await short.json()).toEqual({ code: "validation", message: TEXTS.access.passwordTooShort });
  });
});

describe("expiry", () => {
  it("an expired gallery shows the branded expired page to viewers and nothing of its films; the API refuses", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const { gallery } = await createFolderWithGallery(studio.id, { videos: 1 });
    await db.video.updateMany({ where: { galleryId: gallery.id }, data: { title: SECRET_TITLE } });

    const future = new Date(Date.now() + 3600_000).toISOString();
    let res = await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token, body: { expiresAt: future } }), { id: gallery.id });
    expect((await res.json()).access.expiresAt).toBe(future);
    expect((await getContent(gallery.customUrl)).status).toBe(200);
    expect(pageSent((await findGallery(gallery.customUrl))!)).toContain(SECRET_TITLE);

    const past = new Date(Date.now() - 1000).toISOString();
    res = await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token, body: { expiresAt: past } }), { id: gallery.id });
    expect(res.status).toBe(200);
    const page = (await findGallery(gallery.customUrl))!;
    const html = pageSent(page);
    expect(html).toContain(TEXTS.viewer.expiredHeading);
    expect(html).toContain(gallery.title);
    expect(html).not.toContain(SECRET_TITLE);
    const api = await getContent(gallery.customUrl);
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ code: "gallery_expired", message: TEXTS.viewer.expiredHeading });
    expect(pageProps(page).head.description).toBe(TEXTS.viewer.expiredHeading);

    await call(putAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { token, body: { expiresAt: null } }), { id: gallery.id });
    expect((await getContent(gallery.customUrl)).status).toBe(200);
  });
});
