// A film sent as one PUT of the whole file (POST /api/uploads/simple, files up to 5 GB): start →
// PUT to the presigned address (straight to the store) → complete without parts. It reserves,
// charges once and ends exactly as a multipart upload does (lib/services/films/upload-videos.ts and
// the state machine): a refused, abandoned or aborted one leaves no charge and nothing in the store.
// Driven with a studio API key, as an integration would (docs/examples/upload-film.mjs).
import path from "node:path";
import os from "node:os";
import { spawn } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { POST as createKey } from "@/app/api/keys/route";
import { POST as startRoute } from "@/app/api/products/start-multipart-upload/route";
import { POST as simpleRoute } from "@/app/api/uploads/simple/route";
import { POST as completeRoute } from "@/app/api/products/complete-multipart-upload/route";
import { POST as abortRoute } from "@/app/api/products/abort-multipart-upload/route";
import { GET as partUrlRoute } from "@/app/api/products/get-part-url/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { expireStaleUploads } from "@/lib/services/films/storage-sweep";
import type { ApiScope } from "@/lib/services/platform/rules/api-scopes";
import { objectExists, putObject } from "../helpers/storage";
import { bearerFor, call, request } from "../helpers/requests";
import { serveDoors } from "../helpers/serve-doors";
import { balance, q, startUpload, studioWithGallery, uploadOf } from "../helpers/uploads";

type Setup = Awaited<ReturnType<typeof studioWithGallery>>;
type Simple = { uploadId: string; fileName: string; url: string; headers: Record<string, string>; expiresAt: string };

async function keyFor(studio: Setup["studio"], scopes: ApiScope[]): Promise<string> {
  const res = await call(createKey, request("POST", "/api/keys", { token: await bearerFor(studio), body: { name: "Uploader", scopes } }));
  expect(res.status).toBe(201);
  return (await res.json()).key.key;
}

const startSimple = (key: string, galleryId: string, fileSize: number) =>
  call(simpleRoute, request("POST", `/api/uploads/simple?${q({ fileName: "Ceremony.mp4", fileType: "video/mp4", fileSize, galleryId })}`, { token: key }));

async function started(key: string, galleryId: string, fileSize: number): Promise<Simple> {
  const res = await startSimple(key, galleryId, fileSize);
  expect(res.status).toBe(200);
  return res.json();
}

const put = (s: Simple, bytes: number) => fetch(s.url, { method: "PUT", body: new Uint8Array(bytes).fill(7), headers: s.headers });
const complete = (key: string, s: Simple, extra: object = {}) => call(completeRoute, request("POST", "/x", { token: key, body: { fileName: s.fileName, uploadId: s.uploadId, ...extra } }));
const usedEntries = (adminId: string) => db.creditEntry.count({ where: { adminId, type: "used" } });

describe("a film in one PUT (the simple flow)", () => {
  it("uploads with an uploads key: start, one PUT to the store, complete → the film, charged once at the stored size; a retried complete charges nothing more", async () => {
    const setup = await studioWithGallery(10);
    const key = await keyFor(setup.studio, ["uploads"]);
    const before = await balance(setup.studio.id);
    const s = await started(key, setup.gallery.id, 65536);
    expect(s.fileName.startsWith(`${setup.studio.id}/${setup.folder.id}/${setup.gallery.id}/`)).toBe(true);
    expect(s.headers).toEqual({ "Content-Type": "video/mp4" });
    const url = new URL(s.url);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect(url.searchParams.get("X-Amz-Expires")).toBe(String(6 * 60 * 60));
    expect(Date.parse(s.expiresAt)).toBeGreaterThan(Date.now());
    expect(await uploadOf(s.fileName)).toMatchObject({ status: "RESERVED", reservedBytes: BigInt(65536), multipartUploadId: null });

    expect((await put(s, 65536)).status).toBe(200);
    const done = await complete(key, s, { title: "Ceremony" });
    expect(done.status).toBe(200);
    const { video } = await done.json();
    expect(video).toMatchObject({ title: "Ceremony", galleryId: setup.gallery.id, url: s.fileName });
    expect(await db.video.count({ where: { galleryId: setup.gallery.id } })).toBe(1);
    expect(await uploadOf(s.fileName)).toMatchObject({ status: "COMPLETED", reservedBytes: BigInt(0), chargedBytes: BigInt(65536), videoId: video._id });
    expect(await usedEntries(setup.studio.id)).toBe(1);
    expect(await balance(setup.studio.id)).toBe(before - BigInt(65536));

    const again = await complete(key, s);
    expect(again.status).toBe(200);
    expect((await again.json()).video._id).toBe(video._id);
    expect(await usedEntries(setup.studio.id)).toBe(1);
    expect(await balance(setup.studio.id)).toBe(before - BigInt(65536));
    expect(await db.video.count({ where: { galleryId: setup.gallery.id } })).toBe(1);
  });

  it("needs the uploads scope: a read or write key is refused (403 scope), nothing reserved", async () => {
    const setup = await studioWithGallery(10);
    for (const scopes of [["read"], ["write"]] as ApiScope[][]) {
      const res = await startSimple(await keyFor(setup.studio, scopes), setup.gallery.id, 1000);
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("scope");
    }
    expect(await db.upload.count({ where: { adminId: setup.studio.id } })).toBe(0);
  });

  it("refuses a declared size over 5 GB (400, nothing reserved): that file takes the multipart upload", async () => {
    const setup = await studioWithGallery(10 * 1024);
    const key = await keyFor(setup.studio, ["uploads"]);
    const res = await startSimple(key, setup.gallery.id, 5 * 1024 ** 3 + 1);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "validation", message: expect.stringContaining(TEXTS.simpleUploadTooLarge) });
    expect(await db.upload.count({ where: { adminId: setup.studio.id } })).toBe(0);
    expect((await startSimple(key, setup.gallery.id, 5 * 1024 ** 3)).status).toBe(200);
  });

  it("refuses a stored file larger than declared: 400, the upload FAILED, nothing charged, nothing left in the store", async () => {
    const setup = await studioWithGallery(10);
    const key = await keyFor(setup.studio, ["uploads"]);
    const before = await balance(setup.studio.id);
    const s = await started(key, setup.gallery.id, 1000);
    // The address signs the length: the store refuses a larger PUT...
    expect((await put(s, 2000)).status).toBe(403);
    // ...and what a store that did not check would keep is refused by the complete.
    await putObject(s.fileName, Buffer.alloc(2000), "video/mp4");
    const res = await complete(key, s);
    expect([res.status, (await res.json()).message]).toEqual([400, TEXTS.uploadLargerThanDeclared]);
    expect(await uploadOf(s.fileName)).toMatchObject({ status: "FAILED", reservedBytes: BigInt(0), chargedBytes: BigInt(0), videoId: null });
    expect(await objectExists(s.fileName)).toBe(false);
    expect(await usedEntries(setup.studio.id)).toBe(0);
    expect(await balance(setup.studio.id)).toBe(before);
    expect(await db.video.count({ where: { galleryId: setup.gallery.id } })).toBe(0);
  });

  it("completing before the PUT arrived is a 400 and the upload stays open; with parts it is a 400", async () => {
    const setup = await studioWithGallery(10);
    const key = await keyFor(setup.studio, ["uploads"]);
    const s = await started(key, setup.gallery.id, 4096);
    const early = await complete(key, s);
    expect([early.status, (await early.json()).message]).toEqual([400, TEXTS.simpleUploadMissing]);
    expect((await uploadOf(s.fileName)).status).toBe("RESERVED");
    expect((await put(s, 4096)).status).toBe(200);
    const withParts = await complete(key, s, { parts: [{ ETag: '"abc"', PartNumber: 1 }] });
    expect([withParts.status, (await withParts.json()).message]).toEqual([400, TEXTS.simpleUploadHasNoParts]);
    expect((await complete(key, s)).status).toBe(200);
  });

  it("has no parts: the part doors do not find it, and a multipart complete still needs its parts", async () => {
    const setup = await studioWithGallery(10);
    const key = await keyFor(setup.studio, ["uploads"]);
    const s = await started(key, setup.gallery.id, 4096);
    const part = await call(partUrlRoute, request("GET", `/x?${q({ fileName: s.fileName, uploadId: s.uploadId, partNumber: 1 })}`, { token: key }));
    expect(part.status).toBe(404);
    const multi = await (await startUpload(setup.token, setup.gallery.id, 4096)).json();
    const res = await call(completeRoute, request("POST", "/x", { token: key, body: { fileName: multi.fileName, uploadId: multi.uploadId } }));
    expect([res.status, (await res.json()).message]).toEqual([400, TEXTS.multipartPartsRequired]);
  });

  it("an abandoned one expires with the sweep as a multipart one does: reservation released, its file removed, nothing charged", async () => {
    const setup = await studioWithGallery(10);
    const key = await keyFor(setup.studio, ["uploads"]);
    const before = await balance(setup.studio.id);
    const s = await started(key, setup.gallery.id, 4096);
    expect((await put(s, 4096)).status).toBe(200);
    await db.$executeRaw`UPDATE "Upload" SET "createdAt" = now() - interval '25 hours' WHERE key = ${s.fileName}`;
    await expireStaleUploads();
    const upload = await uploadOf(s.fileName);
    expect(upload).toMatchObject({ status: "EXPIRED", reservedBytes: BigInt(0), chargedBytes: BigInt(0) });
    expect(upload.cleanedAt).not.toBeNull();
    expect(await objectExists(s.fileName)).toBe(false);
    const late = await complete(key, s);
    expect([late.status, (await late.json()).message]).toEqual([409, TEXTS.uploadState.EXPIRED]);
    expect(await usedEntries(setup.studio.id)).toBe(0);
    expect(await balance(setup.studio.id)).toBe(before);
  });

  it("is aborted by the abort door: released, its file removed; a repeated abort answers the same", async () => {
    const setup = await studioWithGallery(10);
    const key = await keyFor(setup.studio, ["uploads"]);
    const s = await started(key, setup.gallery.id, 4096);
    expect((await put(s, 4096)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await call(abortRoute, request("POST", "/x", { token: key, body: { fileName: s.fileName, uploadId: s.uploadId } }));
      expect([res.status, await res.json()]).toEqual([200, { message: "Upload cancelled" }]);
    }
    expect(await uploadOf(s.fileName)).toMatchObject({ status: "CANCELLED", reservedBytes: BigInt(0) });
    expect(await objectExists(s.fileName)).toBe(false);
    expect((await complete(key, s)).status).toBe(409);
  });

  it("is another studio's 404: its id and key name nothing for them", async () => {
    const a = await studioWithGallery(10);
    const b = await studioWithGallery(10);
    const s = await started(await keyFor(a.studio, ["uploads"]), a.gallery.id, 4096);
    expect((await put(s, 4096)).status).toBe(200);
    const bKey = await keyFor(b.studio, ["uploads"]);
    expect((await complete(bKey, s)).status).toBe(404);
    expect((await call(abortRoute, request("POST", "/x", { token: bKey, body: { fileName: s.fileName, uploadId: s.uploadId } }))).status).toBe(404);
    expect((await startSimple(bKey, a.gallery.id, 4096)).status).toBe(404);
    expect((await uploadOf(s.fileName)).status).toBe("RESERVED");
  });
});

/** The doors the example calls, served over HTTP by their real handlers (the presigned PUTs go to the embedded store). */
function serveUploadDoors() {
  return serveDoors({
    "POST /api/uploads/simple": (r) => call(simpleRoute, r),
    "POST /api/products/start-multipart-upload": (r) => call(startRoute, r),
    "GET /api/products/get-part-url": (r) => call(partUrlRoute, r),
    "POST /api/products/complete-multipart-upload": (r) => call(completeRoute, r),
    "POST /api/products/abort-multipart-upload": (r) => call(abortRoute, r),
  });
}

function runExample(env: Record<string, string>, args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [path.join(process.cwd(), "docs/examples/upload-film.mjs"), ...args], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (out += c));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, out })));
}

describe("docs/examples/upload-film.mjs, run as it is by Node with an uploads key", () => {
  it("uploads a film by the simple flow and by the multipart one (--multipart): each filed and charged once", async () => {
    const setup = await studioWithGallery(10);
    const key = await keyFor(setup.studio, ["uploads"]);
    const dir = await mkdtemp(path.join(os.tmpdir(), "upload-film-"));
    const file = path.join(dir, "Ceremony.mp4");
    await writeFile(file, Buffer.alloc(70000, 3));
    const app = await serveUploadDoors();
    try {
      const before = await balance(setup.studio.id);
      for (const args of [
        [setup.gallery.id, file],
        [setup.gallery.id, file, "--multipart"],
      ]) {
        const run = await runExample({ VIDFOLIO_URL: app.url, VIDFOLIO_KEY: key }, args);
        expect(run).toMatchObject({ code: 0, out: expect.stringContaining('Uploaded "Ceremony"') });
      }
      const uploads = await db.upload.findMany({ where: { adminId: setup.studio.id }, orderBy: { createdAt: "asc" } });
      expect(uploads.map((u) => [u.status, u.multipartUploadId === null, u.chargedBytes])).toEqual([
        ["COMPLETED", true, BigInt(70000)],
        ["COMPLETED", false, BigInt(70000)],
      ]);
      expect(await usedEntries(setup.studio.id)).toBe(2);
      expect(await balance(setup.studio.id)).toBe(before - BigInt(140000));
      const refused = await runExample({ VIDFOLIO_URL: app.url, VIDFOLIO_KEY: await keyFor(setup.studio, ["read"]) }, [setup.gallery.id, file]);
      expect(refused).toMatchObject({ code: 1, out: expect.stringContaining("403 scope") });
    } finally {
      app.close();
    }
  });
});
