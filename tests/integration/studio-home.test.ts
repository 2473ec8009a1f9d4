// A studio's domain home page (issue 19, item 8): the studio's name and logo and the galleries it
// lists (newest first), never another studio's, never one it did not list or that expired; a locked
// one shows its lock and nothing of its films; a studio that is not active keeps a branded page with
// nothing on it; a host that is no studio's verified domain is a 404. Listing is the studio's own
// toggle (PUT settings { listed }), which expires the cached home page.
import { PUT as putSettings } from "@/app/api/galleries/gallery/settings/[id]/route";
import { db } from "@/lib/db";
import { studioHome, studioHomeProps } from "@/lib/services/public/studio-home";
import { galleryPagePaths } from "@/lib/services/galleries/rules/gallery-paths";
import { hashPassword } from "@/lib/auth/password";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

async function studioWithDomain() {
  const studio = await createStudio();
  const domain = `home-${studio.id.slice(0, 8)}.example.test`;
  await db.admin.update({ where: { id: studio.id }, data: { domainUrl: domain, companyName: "Northern Light Films" } });
  return { studio, domain };
}

it("lists only the studio's listed, unexpired galleries, newest first, with a lock on a locked one", async () => {
  const { studio, domain } = await studioWithDomain();
  const listed = await createFolderWithGallery(studio.id, { videos: 2 });
  const locked = await createFolderWithGallery(studio.id, { videos: 1 });
  const unlisted = await createFolderWithGallery(studio.id, { videos: 1 });
  const expired = await createFolderWithGallery(studio.id);
  const other = await studioWithDomain();
  const theirs = await createFolderWithGallery(other.studio.id);
  await db.gallery.updateMany({ where: { id: { in: [listed.gallery.id, locked.gallery.id, expired.gallery.id, theirs.gallery.id] } }, data: { settingListed: true } });
  await db.gallery.update({ where: { id: locked.gallery.id }, data: { passwordHash: await hashPassword("a-gallery-pass"), createdAt: new Date(Date.now() + 1000) } });
  await db.gallery.update({ where: { id: expired.gallery.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  await db.video.updateMany({ where: { galleryId: { in: [listed.gallery.id, locked.gallery.id] } }, data: { status: "READY", thumbnailKey: "some/thumb.jpg" } });

  const home = (await studioHome(domain))!;
  expect(home.studio.name).toBe("Northern Light Films");
  expect(home.galleries.map((g) => g.slug)).toEqual([locked.gallery.customUrl, listed.gallery.customUrl]);
  const [lockedCard, listedCard] = home.galleries;
  expect(lockedCard).toMatchObject({ locked: true, films: 0, cover: null });
  expect(listedCard).toMatchObject({ locked: false, films: 2 });
  expect(listedCard.cover).toMatch(/X-Amz-Signature=/);
  expect(home.galleries.some((g) => g.slug === unlisted.gallery.customUrl || g.slug === theirs.gallery.customUrl)).toBe(false);
  expect(home.head).toMatchObject({ title: "Northern Light Films" });
});

it("a studio that is not active keeps a branded page with nothing on it; an unknown host is a 404", async () => {
  const { studio, domain } = await studioWithDomain();
  const { gallery } = await createFolderWithGallery(studio.id);
  await db.gallery.update({ where: { id: gallery.id }, data: { settingListed: true } });
  await db.admin.update({ where: { id: studio.id }, data: { status: "NOT_ACTIVE" } });
  const home = (await studioHome(domain))!;
  expect(home.studio.name).toBe("Northern Light Films");
  expect(home.galleries).toEqual([]);
  expect(await studioHomeProps("nobody.example.test")).toMatchObject({ notFound: true });
  expect(await studioHomeProps(null)).toMatchObject({ notFound: true });
  // A pending claim is not a domain.
  await db.admin.update({ where: { id: studio.id }, data: { domainUrl: null, domainClaim: domain, domainClaimedAt: new Date() } });
  expect(await studioHome(domain)).toBeNull();
});

it("the studio lists a gallery with its own toggle (only its own), and the home page goes with the gallery's pages", async () => {
  const { studio, domain } = await studioWithDomain();
  const { gallery } = await createFolderWithGallery(studio.id);
  const token = await bearerFor(studio);
  const put = (id: string, setting: object, as = token) => call(putSettings, request("PUT", `/api/galleries/gallery/settings/${id}`, { token: as, body: { setting } }), { id });
  expect((await studioHome(domain))!.galleries).toEqual([]);
  const res = await put(gallery.id, { listed: true });
  expect(res.status).toBe(200);
  expect((await res.json()).setting).toMatchObject({ listed: true, download: true });
  expect((await studioHome(domain))!.galleries.map((g) => g.slug)).toEqual([gallery.customUrl]);
  expect((await put(gallery.id, { listed: "yes" })).status).toBe(400);
  const stranger = await createStudio();
  expect((await put(gallery.id, { listed: false }, await bearerFor(stranger))).status).toBe(404);
  expect((await studioHome(domain))!.galleries).toHaveLength(1);
  expect(galleryPagePaths([gallery.customUrl], [domain])).toContain(`/d/${domain}`);
});
