import { GET as listFolders, POST as createFolder } from "@/app/api/folder/folders/route";
import { PUT as renameFolder, DELETE as deleteFolder } from "@/app/api/folder/folders/[id]/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { galleryPrefix } from "@/lib/storage/keys";
import { createFolderWithGallery, createStudio, createSuperadmin } from "../helpers/factories";
import { bearerFor, call, request, sessionCookieFor } from "../helpers/requests";
import { listKeys, putObjects } from "../helpers/storage";

async function studioWithToken() {
  const studio = await createStudio();
  return { studio, token: await bearerFor(studio) };
}

describe("GET /api/folder/folders", () => {
  it("lists only the studio's folders, newest first, each with its galleries", async () => {
    const { studio, token } = await studioWithToken();
    const older = await createFolderWithGallery(studio.id, { folderName: "Older" });
    await db.folder.update({ where: { id: older.folder.id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const newer = await createFolderWithGallery(studio.id, { folderName: "Newer" });
    const other = await createStudio();
    await createFolderWithGallery(other.id, { folderName: "Not mine" });

    const res = await call(listFolders, request("GET", "/api/folder/folders", { token }));
    expect(res.status).toBe(200);
    const folders = await res.json();
    expect(folders.map((f: { name: string }) => f.name)).toEqual(["Newer", "Older"]);
    expect(folders[0]).toMatchObject({ _id: newer.folder.id, adminId: studio.id });
    expect(folders[0].galleries).toEqual([
      {
        _id: newer.gallery.id,
        name: newer.gallery.name,
        customurl: newer.gallery.customUrl,
        imgUrl: null,
        createdAt: newer.gallery.createdAt.toISOString(),
        access: { hasPassword: false, expiresAt: null },
        stats: { films: 0, viewers: 0, lastVisitAt: null },
        status: { payment: null, review: null },
      },
    ]);
  });

  it("answers 401 without credentials and 403 to a super admin", async () => {
    expect((await call(listFolders, request("GET", "/api/folder/folders"))).status).toBe(401);
    const sa = await createSuperadmin();
    expect((await call(listFolders, request("GET", "/api/folder/folders", { cookie: await sessionCookieFor(sa) }))).status).toBe(403);
  });
});

describe("POST /api/folder/folders", () => {
  it("creates a folder with a trimmed name and answers its _id", async () => {
    const { studio, token } = await studioWithToken();
    const res = await call(createFolder, request("POST", "/api/folder/folders", { token, body: { name: "  Weddings 2027  " } }));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ name: "Weddings 2027", adminId: studio.id, galleries: [] });
    expect(await db.folder.findUnique({ where: { id: body._id } })).toMatchObject({ adminId: studio.id, name: "Weddings 2027" });
  });

  it.each([
    ["an empty name", { name: "" }],
    ["a whitespace-only name", { name: "   \t " }],
    ["no name", {}],
    ["a name that is not text", { name: 12 }],
    ["a name too long", { name: "x".repeat(121) }],
  ])("refuses %s with 400 and creates nothing", async (_what, body) => {
    const { studio, token } = await studioWithToken();
    const res = await call(createFolder, request("POST", "/api/folder/folders", { token, body }));
    expect(res.status).toBe(400);
    expect(typeof (await res.json()).message).toBe("string");
    expect(await db.folder.count({ where: { adminId: studio.id } })).toBe(0);
  });
});

describe("PUT /api/folder/folders/:id", () => {
  it("renames the studio's folder", async () => {
    const { studio, token } = await studioWithToken();
    const { folder } = await createFolderWithGallery(studio.id);
    const res = await call(renameFolder, request("PUT", "/x", { token, body: { name: "Renamed" } }), { id: folder.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id: folder.id, name: "Renamed" });
    expect((await db.folder.findUnique({ where: { id: folder.id } }))?.name).toBe("Renamed");
  });

  it("answers 404 for another studio's folder, an unknown or a malformed id, and changes nothing", async () => {
    const { token } = await studioWithToken();
    const other = await createStudio();
    const { folder } = await createFolderWithGallery(other.id, { folderName: "Theirs" });
    for (const id of [folder.id, crypto.randomUUID(), "not-an-id"]) {
      const res = await call(renameFolder, request("PUT", "/x", { token, body: { name: "Mine now" } }), { id });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: "not_found", message: TEXTS.notFoundApi });
    }
    expect((await db.folder.findUnique({ where: { id: folder.id } }))?.name).toBe("Theirs");
  });

  it("refuses an empty name with 400 and keeps the old one", async () => {
    const { studio, token } = await studioWithToken();
    const { folder } = await createFolderWithGallery(studio.id, { folderName: "Kept" });
    const res = await call(renameFolder, request("PUT", "/x", { token, body: { name: " " } }), { id: folder.id });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(TEXTS.nameRequired);
    expect((await db.folder.findUnique({ where: { id: folder.id } }))?.name).toBe("Kept");
  });
});

describe("DELETE /api/folder/folders/:id", () => {
  it("deletes the folder, its galleries, videos and showcase, and every object under its prefix", async () => {
    const { studio, token } = await studioWithToken();
    const { folder, gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
    await db.showcaseItem.create({ data: { galleryId: gallery.id, videoId: videos[0].id, position: 0 } });
    const kept = await createFolderWithGallery(studio.id);
    const prefix = galleryPrefix(studio.id, folder.id, gallery.id);
    const keptPrefix = galleryPrefix(studio.id, kept.folder.id, kept.gallery.id);
    await putObjects([`${prefix}video_1.mp4`, `${prefix}video_2.mp4`, `${prefix}bg.jpg`, `${keptPrefix}keep.mp4`, `${studio.id}/assets/logo.png`]);

    const res = await call(deleteFolder, request("DELETE", "/x", { token }), { id: folder.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: TEXTS.folderDeleted });
    expect(await db.folder.count({ where: { id: folder.id } })).toBe(0);
    expect(await db.gallery.count({ where: { folderId: folder.id } })).toBe(0);
    expect(await db.video.count({ where: { galleryId: gallery.id } })).toBe(0);
    expect(await db.showcaseItem.count({ where: { galleryId: gallery.id } })).toBe(0);
    expect(await listKeys(`${studio.id}/${folder.id}/`)).toEqual([]);
    expect(await listKeys(`${studio.id}/`)).toEqual([`${keptPrefix}keep.mp4`, `${studio.id}/assets/logo.png`].sort());
    expect(await db.gallery.count({ where: { id: kept.gallery.id } })).toBe(1);
  });

  it("answers 404 for another studio's folder and deletes neither its rows nor its objects", async () => {
    const { token } = await studioWithToken();
    const other = await createStudio();
    const { folder, gallery } = await createFolderWithGallery(other.id);
    const key = `${galleryPrefix(other.id, folder.id, gallery.id)}theirs.mp4`;
    await putObjects([key]);
    const res = await call(deleteFolder, request("DELETE", "/x", { token }), { id: folder.id });
    expect(res.status).toBe(404);
    expect(await db.folder.count({ where: { id: folder.id } })).toBe(1);
    expect(await db.gallery.count({ where: { id: gallery.id } })).toBe(1);
    expect(await listKeys(key)).toEqual([key]);
  });
});
