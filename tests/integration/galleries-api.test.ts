import { randomUUID } from "node:crypto";
import { POST as createGallery } from "@/app/api/galleries/create/route";
import { GET as getGallery, DELETE as deleteGallery } from "@/app/api/galleries/gallery/[id]/route";
import { PUT as renameGallery } from "@/app/api/galleries/galleries/[id]/route";
import { GET as getVideos } from "@/app/api/galleries/get-gallery-videos/[id]/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { galleryPrefix } from "@/lib/storage/keys";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { listKeys, putObjects } from "../helpers/storage";

async function setup() {
  const studio = await createStudio();
  const token = await bearerFor(studio);
  const mine = await createFolderWithGallery(studio.id, { videos: 2 });
  const other = await createStudio();
  const theirs = await createFolderWithGallery(other.id, { videos: 1 });
  return { studio, token, mine, other, theirs };
}

const create = (token: string, body: unknown) => call(createGallery, request("POST", "/api/galleries/create", { token, body }));

describe("POST /api/galleries/create", () => {
  it("creates a gallery with the default settings and a unique custom url", async () => {
    const { studio, token, mine } = await setup();
    const res = await create(token, { name: "Emma & James", folderId: mine.folder.id, templateId: "classic" });
    expect(res.status).toBe(201);
    const first = await res.json();
    expect(first).toMatchObject({ name: "Emma & James", customurl: expect.stringMatching(/^emma-and-james/) });
    const row = await db.gallery.findUniqueOrThrow({ where: { id: first._id } });
    expect(row).toMatchObject({
      adminId: studio.id,
      folderId: mine.folder.id,
      title: "Emma & James",
      subtitle: "",
      templateId: "classic",
      fheading: "font-sans",
      fbody: "font-sans",
      settingDownload: true,
      settingShare: true,
      settingTv: true,
      settingPlayAll: true,
      bgImageUrl: null,
    });

    const again = await (await create(token, { name: "Emma & James", folderId: mine.folder.id, templateId: "classic" })).json();
    expect(again.customurl).toMatch(/^emma-and-james-[a-z0-9]{1,5}$/);
    expect(again.customurl).not.toBe(first.customurl);
  });

  it("answers 404 for another studio's folder and creates nothing", async () => {
    const { token, theirs } = await setup();
    const res = await create(token, { name: "Sneaky", folderId: theirs.folder.id, templateId: "classic" });
    expect(res.status).toBe(404);
    expect(await db.gallery.count({ where: { folderId: theirs.folder.id } })).toBe(1);
  });

  it.each([
    ["an empty name", { name: "  ", templateId: "classic" }],
    ["no template", { name: "G" }],
    ["an unknown template", { name: "G", templateId: "fancy" }],
    ["a malformed folder id", { name: "G", templateId: "classic", folderId: "nope" }],
    ["an unknown font", { name: "G", templateId: "classic", fheading: "Comic Sans MS" }],
  ])("refuses %s with 400 and creates nothing", async (_what, body) => {
    const { studio, token, mine } = await setup();
    const res = await create(token, { folderId: mine.folder.id, ...body });
    expect(res.status).toBe(400);
    expect(typeof (await res.json()).message).toBe("string");
    expect(await db.gallery.count({ where: { adminId: studio.id } })).toBe(1);
  });
});

describe("GET /api/galleries/gallery/:id", () => {
  it("answers the folder, the gallery, its videos and its delivery link", async () => {
    const { studio, token, mine } = await setup();
    await db.showcaseItem.create({ data: { galleryId: mine.gallery.id, videoId: mine.videos[1].id, position: 0 } });
    const res = await call(getGallery, request("GET", "/x", { token }), { id: mine.gallery.id });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.folder).toEqual({ _id: mine.folder.id, name: mine.folder.name, adminId: studio.id });
    expect(body.gallery).toMatchObject({
      _id: mine.gallery.id,
      name: mine.gallery.name,
      title: mine.gallery.title,
      folderId: mine.folder.id,
      customurl: mine.gallery.customUrl,
      fheading: "font-sans",
      setting: { download: true, share: true, tv: true, playall: true, listed: false, language: "auto" },
      backgroundMedia: { imgUrl: null, videoUrl: null, musicUrl: null, musicName: null },
      selectedVideos: [mine.videos[1].id],
    });
    expect(body.videos.map((v: { _id: string }) => v._id).sort()).toEqual(mine.videos.map((v) => v.id).sort());
    expect(body.videos[0]).toMatchObject({ title: expect.any(String), url: expect.stringContaining(`${studio.id}/`), views: 0, status: "READY" });
    expect(body.url).toBe(`http://localhost:3000/g/${mine.gallery.customUrl}`);
  });

  it("builds the link on the studio's custom domain when it has one", async () => {
    const { studio, mine } = await setup();
    const withDomain = await db.admin.update({ where: { id: studio.id }, data: { domainUrl: `films-${randomUUID().slice(0, 6)}.example.com` } });
    const res = await call(getGallery, request("GET", "/x", { token: await bearerFor(withDomain) }), { id: mine.gallery.id });
    expect((await res.json()).url).toBe(`https://${withDomain.domainUrl}/${mine.gallery.customUrl}`);
  });

  it("gives media keys as signed, expiring addresses on the store", async () => {
    const { studio, token, mine } = await setup();
    await db.gallery.update({ where: { id: mine.gallery.id }, data: { bgImageUrl: `${galleryPrefix(studio.id, mine.folder.id, mine.gallery.id)}bg.jpg` } });
    const { gallery } = await (await call(getGallery, request("GET", "/x", { token }), { id: mine.gallery.id })).json();
    const url = new URL(gallery.backgroundMedia.imgUrl);
    expect(url.origin + url.pathname).toBe(`${process.env.S3_ENDPOINT}/${process.env.S3_BUCKET}/${studio.id}/${mine.folder.id}/${mine.gallery.id}/bg.jpg`);
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(url.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(3600);
  });

  it("answers 404 for another studio's gallery, an unknown id and a malformed id", async () => {
    const { token, theirs } = await setup();
    for (const id of [theirs.gallery.id, randomUUID(), "123"]) {
      const res = await call(getGallery, request("GET", "/x", { token }), { id });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: "not_found", message: TEXTS.notFoundApi });
    }
  });
});

describe("GET /api/galleries/get-gallery-videos/:id", () => {
  it("answers the gallery's videos and its template; 404 for someone else's", async () => {
    const { token, mine, theirs } = await setup();
    const res = await call(getVideos, request("GET", "/x", { token }), { id: mine.gallery.id });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.templateId).toBe("classic");
    expect(body.videos).toHaveLength(2);
    expect((await call(getVideos, request("GET", "/x", { token }), { id: theirs.gallery.id })).status).toBe(404);
  });
});

describe("PUT /api/galleries/galleries/:id", () => {
  it("renames the studio's gallery", async () => {
    const { token, mine } = await setup();
    const res = await call(renameGallery, request("PUT", "/x", { token, body: { name: "  New name " } }), { id: mine.gallery.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ _id: mine.gallery.id, name: "New name" });
    expect((await db.gallery.findUnique({ where: { id: mine.gallery.id } }))?.name).toBe("New name");
  });

  it("answers 404 for another studio's gallery and 400 for an empty name; nothing changes", async () => {
    const { token, mine, theirs } = await setup();
    expect((await call(renameGallery, request("PUT", "/x", { token, body: { name: "Mine" } }), { id: theirs.gallery.id })).status).toBe(404);
    expect((await call(renameGallery, request("PUT", "/x", { token, body: { name: "" } }), { id: mine.gallery.id })).status).toBe(400);
    expect((await db.gallery.findUnique({ where: { id: theirs.gallery.id } }))?.name).toBe(theirs.gallery.name);
    expect((await db.gallery.findUnique({ where: { id: mine.gallery.id } }))?.name).toBe(mine.gallery.name);
  });
});

describe("DELETE /api/galleries/gallery/:id", () => {
  it("deletes the gallery, its videos and showcase, and every object under its prefix only", async () => {
    const { studio, token, mine } = await setup();
    await db.showcaseItem.create({ data: { galleryId: mine.gallery.id, videoId: mine.videos[0].id, position: 0 } });
    const sibling = await db.gallery.create({ data: { name: "Sibling", folderId: mine.folder.id, adminId: studio.id, customUrl: `sib-${randomUUID()}` } });
    const prefix = galleryPrefix(studio.id, mine.folder.id, mine.gallery.id);
    const siblingKey = `${galleryPrefix(studio.id, mine.folder.id, sibling.id)}keep.mp4`;
    await putObjects([`${prefix}video_1.mp4`, `${prefix}music.mp3`, siblingKey]);

    const res = await call(deleteGallery, request("DELETE", "/x", { token }), { id: mine.gallery.id });
    expect(res.status).toBe(200);
    expect(await db.gallery.count({ where: { id: mine.gallery.id } })).toBe(0);
    expect(await db.video.count({ where: { galleryId: mine.gallery.id } })).toBe(0);
    expect(await db.showcaseItem.count({ where: { galleryId: mine.gallery.id } })).toBe(0);
    expect(await listKeys(prefix)).toEqual([]);
    expect(await listKeys(`${studio.id}/`)).toEqual([siblingKey]);
    expect(await db.folder.count({ where: { id: mine.folder.id } })).toBe(1);
  });

  it("answers 404 for another studio's gallery and leaves its rows and objects", async () => {
    const { token, other, theirs } = await setup();
    const key = `${galleryPrefix(other.id, theirs.folder.id, theirs.gallery.id)}video.mp4`;
    await putObjects([key]);
    const res = await call(deleteGallery, request("DELETE", "/x", { token }), { id: theirs.gallery.id });
    expect(res.status).toBe(404);
    expect(await db.gallery.count({ where: { id: theirs.gallery.id } })).toBe(1);
    expect(await db.video.count({ where: { galleryId: theirs.gallery.id } })).toBe(1);
    expect(await listKeys(key)).toEqual([key]);
  });
});
