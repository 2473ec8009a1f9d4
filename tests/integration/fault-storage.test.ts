// The store stops in the middle of an upload: the upload fails cleanly with a 503 and a message,
// its credit reservation is released at once, nothing half-written is visible, and the sweep
// removes the store's leftovers (the open multipart upload) once the store is back.
import path from "node:path";
import fs from "node:fs";
import { freePort, startS3Process, type Service } from "../helpers/services";

const dir = path.resolve(".data/test/fault-s3");
const saved = { ...process.env };
let s3: Service;
let port: number;

beforeAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  port = await freePort();
  s3 = await startS3Process(dir, port);
  // This file's app (its own module registry) talks to this store only.
  Object.assign(process.env, s3.env);
}, 60_000);

afterAll(async () => {
  await s3?.stop("SIGKILL");
  process.env = saved;
});

const MB = 1024 * 1024;

test("a store outage during an upload: 503, reservation released, nothing visible, leftovers swept later", async () => {
  const { db } = await import("@/lib/db");
  const { TEXTS } = await import("@/lib/texts");
  const { POST: start } = await import("@/app/api/products/start-multipart-upload/route");
  const { GET: partUrl } = await import("@/app/api/products/get-part-url/route");
  const { POST: complete } = await import("@/app/api/products/complete-multipart-upload/route");
  const { expireStaleUploads } = await import("@/lib/services/films/storage-sweep");
  const { available: availableBytes } = await import("@/lib/services/money/credits");
  const { listKeys, objectSize } = await import("@/lib/storage/objects");
  const { createStudio } = await import("../helpers/factories");
  const { bearerFor, call, request } = await import("../helpers/requests");

  const studio = await createStudio({ creditsMb: 200 });
  const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
  const gallery = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: studio.id, customUrl: `fault-${studio.id}` } });
  const token = await bearerFor(studio);
  const available = () => db.$transaction((tx) => availableBytes(tx, studio.id));
  const before = await available();
  const size = 52428800 + 2 * MB;
  const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)]));

  const started = await call(start, request("POST", `/x?${q({ fileName: "film.mp4", fileType: "video/mp4", fileSize: size, galleryId: gallery.id })}`, { token }));
  expect(started.status).toBe(200);
  const { uploadId, fileName } = await started.json();
  expect(await available()).toBe(before - BigInt(size));
  const { url } = await (await call(partUrl, request("GET", `/x?${q({ fileName, uploadId, partNumber: 1 })}`, { token }))).json();
  const part = await fetch(url, { method: "PUT", body: new Uint8Array(52428800) });
  expect(part.status).toBe(200);

  // The store dies before the second part and the completion.
  await s3.stop("SIGKILL");
  const done = await call(complete, request("POST", "/x", { token, body: { fileName, uploadId, parts: [{ ETag: part.headers.get("etag"), PartNumber: 1 }] } }));
  expect(done.status).toBe(503);
  expect((await done.json()).message).toBe(TEXTS.storageUnavailable);
  expect(done.headers.get("retry-after")).toBe("5");
  const upload = await db.upload.findFirstOrThrow({ where: { key: fileName } });
  expect(upload).toMatchObject({ status: "FAILED", reservedBytes: BigInt(0), cleanedAt: null });
  expect(await available()).toBe(before);
  expect(await db.video.count({ where: { galleryId: gallery.id } })).toBe(0);
  expect(await db.creditEntry.count({ where: { adminId: studio.id, type: "used" } })).toBe(0);

  // Starting another upload while the store is down: 503, and nothing is reserved.
  const refused = await call(start, request("POST", `/x?${q({ fileName: "again.mp4", fileType: "video/mp4", fileSize: size, galleryId: gallery.id })}`, { token }));
  expect(refused.status).toBe(503);
  expect(await available()).toBe(before);
  // The sweep cannot clean while the store is down, and says so by leaving the row to retry.
  await expireStaleUploads();
  expect((await db.upload.findUniqueOrThrow({ where: { id: upload.id } })).cleanedAt).toBeNull();

  // The store comes back: nothing half-written is visible, and the sweep aborts the open upload.
  s3 = await startS3Process(dir, port);
  expect(await objectSize(fileName)).toBeNull();
  expect(await listKeys(`${studio.id}/`)).toEqual([]);
  await expireStaleUploads();
  expect((await db.upload.findUniqueOrThrow({ where: { id: upload.id } })).cleanedAt).not.toBeNull();
  const { listParts } = await import("@/lib/storage/multipart");
  await expect(listParts(fileName, uploadId)).rejects.toThrow();
  expect(await available()).toBe(before);
}, 90_000);
