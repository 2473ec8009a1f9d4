// An interrupted upload always finishes (issue 55 item 3): the studio's unfinished uploads are
// listed from the server (its own only), a resume with the same file continues from the stored
// parts and completes (or just completes when every part is stored), another file of the same name
// is refused, an upload past its day is expired instead, and Discard releases the reservation and
// removes what was stored. Through the real route handlers and the embedded store.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { GET as unfinishedRoute } from "@/app/api/uploads/unfinished/route";
import { POST as resumeRoute } from "@/app/api/uploads/resume/route";
import { GET as partUrlRoute } from "@/app/api/products/get-part-url/route";
import { GET as listPartsRoute } from "@/app/api/products/list-parts/route";
import { POST as recordPartRoute } from "@/app/api/products/record-part/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { bucket } from "@/lib/storage/client";
import { available } from "@/lib/services/money/credits";
import { call, request } from "../helpers/requests";
import { MB, abort, balance, complete, q, startUpload, studioWithGallery } from "../helpers/uploads";

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");
const LAST_MODIFIED = 1796000000000;
const freeBytes = (adminId: string) => db.$transaction((tx) => available(tx, adminId));
/** Where the embedded store keeps an open multipart upload's parts. */
const partsDir = (uploadId: string) => path.join(process.env.VIDFOLIO_TEST_S3_DIR!, bucket(), "._S3rver_uploads", uploadId);

type Opened = { token: string; fileName: string; uploadId: string };

/** Starts an upload of `bytes` (a file whose first part is `first`), as the browser does now: with its time and first part's hash. */
async function open(token: string, galleryId: string, bytes: number, first: Uint8Array, name = "Ceremony.mp4"): Promise<Opened> {
  const res = await startUpload(token, galleryId, bytes, { lastModified: String(LAST_MODIFIED), firstPartSha256: sha256(first) }, "video/mp4", name);
  expect(res.status).toBe(200);
  const { uploadId, fileName } = await res.json();
  return { token, fileName, uploadId };
}

/** Stores one part in the store and reports it, as the browser does; returns its ETag. */
async function storePart(u: Opened, partNumber: number, body: Uint8Array<ArrayBuffer>) {
  const { url } = await (await call(partUrlRoute, request("GET", `/x?${q({ fileName: u.fileName, uploadId: u.uploadId, partNumber })}`, { token: u.token }))).json();
  const put = await fetch(url, { method: "PUT", body });
  expect(put.status).toBe(200);
  const ETag = put.headers.get("etag")!;
  const rec = await call(recordPartRoute, request("POST", "/x", { token: u.token, body: { fileName: u.fileName, uploadId: u.uploadId, PartNumber: partNumber, ETag, Size: body.length } }));
  expect(rec.status).toBe(200);
  return { ETag, PartNumber: partNumber };
}

const listUnfinished = async (token: string) => {
  const res = await call(unfinishedRoute, request("GET", "/api/uploads/unfinished", { token }));
  expect(res.status).toBe(200);
  return (await res.json()).uploads as {
    fileName: string;
    uploadId: string;
    name: string;
    size: number;
    lastModified: number | null;
    gallery: { id: string; name: string };
    parts: { count: number; bytes: number };
    expiresAt: string;
    expired: boolean;
  }[];
};

const resume = (u: Opened, file: Partial<{ name: string; size: number; lastModified: number; firstPartSha256: string }>) =>
  call(
    resumeRoute,
    request("POST", "/api/uploads/resume", { token: u.token, body: { fileName: u.fileName, uploadId: u.uploadId, file: { name: "Ceremony.mp4", lastModified: LAST_MODIFIED, ...file } } }),
  );

const first = new Uint8Array(50 * MB).fill(1);
const small = new Uint8Array(2 * MB).fill(2);

it("lists the studio's own unfinished uploads after a reload, with what is stored and until when; never another studio's", async () => {
  const a = await studioWithGallery(500);
  const b = await studioWithGallery(500);
  const one = await open(a.token, a.gallery.id, small.length, small);
  await storePart(one, 1, small);
  const two = await open(a.token, a.gallery.id, 3 * MB, new Uint8Array(3 * MB), "Speeches.mp4");
  const theirs = await open(b.token, b.gallery.id, MB, new Uint8Array(MB), "Theirs.mp4");
  // Ended uploads are not unfinished: a cancelled one, a completed one.
  const cancelled = await open(a.token, a.gallery.id, MB, new Uint8Array(MB), "Cancelled.mp4");
  expect((await abort(a.token, cancelled)).status).toBe(200);

  const mine = await listUnfinished(a.token);
  expect(mine.map((u) => u.name)).toEqual(["Speeches.mp4", "Ceremony.mp4"]);
  const ceremony = mine[1];
  expect(ceremony).toMatchObject({
    fileName: one.fileName,
    uploadId: one.uploadId,
    size: 2 * MB,
    lastModified: LAST_MODIFIED,
    gallery: { id: a.gallery.id, name: "G" },
    parts: { count: 1, bytes: 2 * MB },
    expired: false,
  });
  const started = (await db.upload.findUniqueOrThrow({ where: { key: one.fileName } })).createdAt.getTime();
  expect(new Date(ceremony.expiresAt).getTime()).toBe(started + 24 * 60 * 60 * 1000);
  expect(mine[0].parts).toEqual({ count: 0, bytes: 0 });
  expect(JSON.stringify(mine)).not.toContain(theirs.uploadId);
  expect((await listUnfinished(b.token)).map((u) => u.name)).toEqual(["Theirs.mp4"]);
  // Another studio cannot resume (or probe) one of them.
  expect(
    (
      await call(
        resumeRoute,
        request("POST", "/x", { token: b.token, body: { fileName: two.fileName, uploadId: two.uploadId, file: { name: "Speeches.mp4", size: 3 * MB, lastModified: LAST_MODIFIED } } }),
      )
    ).status,
  ).toBe(404);
});

it("a resume with the same file answers the stored parts; only the missing ones are sent, and it completes, charged once", async () => {
  const { studio, gallery, token } = await studioWithGallery(500);
  const size = 51 * MB;
  const u = await open(token, gallery.id, size, first);
  const p1 = await storePart(u, 1, first);
  // The tab closes here. After the reload, the same file is picked again.
  const res = await resume(u, { size, firstPartSha256: sha256(first) });
  expect(res.status).toBe(200);
  const { parts, partSize } = await res.json();
  expect(partSize).toBe(50 * MB);
  expect(parts).toEqual([{ PartNumber: 1, ETag: p1.ETag, Size: 50 * MB }]);
  const p2 = await storePart(u, 2, new Uint8Array(MB).fill(3));
  const done = await complete(token, { ...u, parts: [p1, p2] });
  expect(done.status).toBe(200);
  expect(await db.upload.findUniqueOrThrow({ where: { key: u.fileName } })).toMatchObject({ status: "COMPLETED", chargedBytes: BigInt(size), reservedBytes: BigInt(0) });
  expect(await balance(studio.id)).toBe(BigInt(500 * MB - size));
  expect(await listUnfinished(token)).toEqual([]);
}, 60_000);

it("a resume after every part was stored, before the completion, just completes", async () => {
  const { studio, gallery, token } = await studioWithGallery(500);
  const u = await open(token, gallery.id, small.length, small);
  const p1 = await storePart(u, 1, small);
  const res = await resume(u, { size: small.length, firstPartSha256: sha256(small) });
  expect(res.status).toBe(200);
  expect((await res.json()).parts).toEqual([{ PartNumber: 1, ETag: p1.ETag, Size: small.length }]);
  // Nothing left to send: the parts listed are the completion.
  const listed = await (await call(listPartsRoute, request("GET", `/x?${q({ fileName: u.fileName, uploadId: u.uploadId })}`, { token }))).json();
  const done = await complete(token, { ...u, parts: listed.parts.map((p: { ETag: string; PartNumber: number }) => ({ ETag: p.ETag, PartNumber: p.PartNumber })) });
  expect(done.status).toBe(200);
  expect((await done.json()).video.title).toBe("Ceremony");
  expect(await balance(studio.id)).toBe(BigInt(498 * MB));
});

it("another file of the same name is refused with a clear message, and the upload stays as it was", async () => {
  const { studio, gallery, token } = await studioWithGallery(500);
  const u = await open(token, gallery.id, small.length, small);
  await storePart(u, 1, small);
  const before = await freeBytes(studio.id);
  const other = new Uint8Array(small.length).fill(9);
  for (const file of [
    { size: small.length, firstPartSha256: sha256(other) }, // same name, size and time; other bytes
    { size: small.length }, // a browser that could not hash, for an upload started with a hash
    { size: small.length, firstPartSha256: sha256(small), lastModified: LAST_MODIFIED + 1 },
    { size: small.length + 1, firstPartSha256: sha256(small) },
    { size: small.length, firstPartSha256: sha256(small), name: "Ceremony (1).mp4" },
  ]) {
    const res = await resume(u, file);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "upload_file_mismatch", message: TEXTS.resumeWrongFile("Ceremony.mp4") });
  }
  expect(TEXTS.resumeWrongFile("Ceremony.mp4")).toContain("not the file this upload was started with");
  expect(await db.upload.findUniqueOrThrow({ where: { key: u.fileName } })).toMatchObject({ status: "RESERVED", reservedBytes: BigInt(small.length) });
  expect(await freeBytes(studio.id)).toBe(before);
  expect((await resume(u, { size: small.length, firstPartSha256: sha256(small) })).status).toBe(200);
  // A body that breaks the rules is a 400 that changes nothing.
  const bad = await resume(u, { size: -1, firstPartSha256: "not-a-hash" });
  expect(bad.status).toBe(400);
  expect((await bad.json()).code).toBe("validation");
});

it("an upload left past its day says it expired and can only be uploaded afresh: its parts removed, its credits released", async () => {
  const { studio, gallery, token } = await studioWithGallery(500);
  const u = await open(token, gallery.id, small.length, small);
  await storePart(u, 1, small);
  expect(fs.existsSync(partsDir(u.uploadId))).toBe(true);
  await db.upload.update({ where: { key: u.fileName }, data: { createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000) } });
  expect((await listUnfinished(token)).map((x) => [x.name, x.expired])).toEqual([["Ceremony.mp4", true]]);
  const res = await resume(u, { size: small.length, firstPartSha256: sha256(small) });
  expect(res.status).toBe(409);
  expect(await res.json()).toEqual({ code: "upload_expired", message: TEXTS.uploadExpired });
  expect(await db.upload.findUniqueOrThrow({ where: { key: u.fileName } })).toMatchObject({ status: "EXPIRED", reservedBytes: BigInt(0), chargedBytes: BigInt(0) });
  expect(await freeBytes(studio.id)).toBe(BigInt(500 * MB));
  expect(fs.existsSync(partsDir(u.uploadId))).toBe(false);
  expect(await listUnfinished(token)).toEqual([]);
  // Asked again: the same answer. A fresh upload of the file goes as any other.
  expect((await (await resume(u, { size: small.length, firstPartSha256: sha256(small) })).json()).code).toBe("upload_expired");
  const fresh = await open(token, gallery.id, small.length, small);
  expect(await complete(token, { ...fresh, parts: [await storePart(fresh, 1, small)] }).then((r) => r.status)).toBe(200);
  expect(await balance(studio.id)).toBe(BigInt(498 * MB));
});

it("Discard aborts the upload: its reservation released, its stored parts deleted, nothing charged", async () => {
  const { studio, gallery, token } = await studioWithGallery(500);
  const u = await open(token, gallery.id, small.length, small);
  await storePart(u, 1, small);
  expect(await freeBytes(studio.id)).toBe(BigInt(498 * MB));
  expect(fs.existsSync(partsDir(u.uploadId))).toBe(true);
  expect((await abort(token, u)).status).toBe(200);
  expect(await db.upload.findUniqueOrThrow({ where: { key: u.fileName } })).toMatchObject({ status: "CANCELLED", reservedBytes: BigInt(0), chargedBytes: BigInt(0) });
  expect(await freeBytes(studio.id)).toBe(BigInt(500 * MB));
  expect(await balance(studio.id)).toBe(BigInt(500 * MB));
  expect(await db.creditEntry.count({ where: { adminId: studio.id, purpose: "video upload" } })).toBe(0);
  expect(fs.existsSync(partsDir(u.uploadId))).toBe(false);
  expect(await listUnfinished(token)).toEqual([]);
  expect((await (await resume(u, { size: small.length, firstPartSha256: sha256(small) })).json()).code).toBe("upload_state_conflict");
  // The part doors of a closed upload answer the declared 409 (the answer check throws on an undeclared one).
  const record = await call(recordPartRoute, request("POST", "/x", { token, body: { fileName: u.fileName, uploadId: u.uploadId, PartNumber: 1, ETag: '"e"', Size: small.length } }));
  const listed = await call(listPartsRoute, request("GET", `/x?${q({ fileName: u.fileName, uploadId: u.uploadId })}`, { token }));
  for (const res of [record, listed]) expect([res.status, (await res.json()).code]).toEqual([409, "upload_state_conflict"]);
});
