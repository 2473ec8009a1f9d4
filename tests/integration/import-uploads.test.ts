/**
 * Account → Export → Import (issue 23, item 3), against real Postgres and the store: an export's
 * ZIP uploaded by the browser's multipart upload (real presigned PUTs), imported by the job from the
 * store by ranged reads, charged once as an upload, the ZIP deleted after; refused before anything is
 * stored for a studio with folders, an import already open, a name that is not a ZIP, too few
 * credits, a tampered file; cancelling leaves nothing; the doors are the studio's own.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { GET as getImport, POST as postImport, DELETE as deleteImport } from "@/app/api/import/route";
import { GET as partDoor } from "@/app/api/import/part/route";
import { POST as completeDoor } from "@/app/api/import/complete/route";
import { runExport, startExport } from "@/lib/services/data/studio-export";
import { expireImportUploads, IMPORT_UPLOAD_TTL_MS, runImport } from "@/lib/services/data/import-uploads";
import { downloadToFile, listKeys, deleteStudioObjects, objectSize } from "@/lib/storage/objects";
import { mbToBytes } from "@/lib/format";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { seedLibrary } from "../helpers/studio-library";
import { bearerFor, call, request } from "../helpers/requests";

jest.setTimeout(120_000);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "vidfolio-import-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** An export of a seeded studio, as a local file (what the studio's browser would hold). */
async function exportFile(): Promise<{ file: string; bytes: Buffer; films: number }> {
  const source = await createStudio({ creditsMb: 100 });
  const { contents } = await seedLibrary(source);
  const started = await startExport(source, "cli");
  await runExport(started.id);
  const row = await db.studioExport.findUniqueOrThrow({ where: { id: started.id } });
  const file = path.join(tmp, `${started.id}.zip`);
  await downloadToFile(row.storageKey, file);
  await deleteStudioObjects(source.id);
  return { file, bytes: fs.readFileSync(file), films: [...contents.keys()].length };
}

/** The browser's side: open, PUT each part to its signed address, complete. */
async function uploadZip(token: string, name: string, bytes: Buffer) {
  const opened = await call(postImport, request("POST", "/api/import", { token, body: { fileName: name, fileSize: bytes.length } }));
  expect(opened.status).toBe(201);
  const { upload } = await opened.json();
  const parts = [];
  for (let n = 1; n <= upload.partCount; n++) {
    const { url } = await (await call(partDoor, request("GET", `/api/import/part?importId=${upload.importId}&partNumber=${n}`, { token }))).json();
    const res = await fetch(url, { method: "PUT", body: new Uint8Array(bytes.subarray((n - 1) * upload.partSize, n * upload.partSize)) });
    expect(res.status).toBe(200);
    parts.push({ PartNumber: n, ETag: res.headers.get("etag")! });
  }
  return { upload, parts };
}

describe("importing an export from the account page", () => {
  it("uploads the ZIP to the store, imports it from there by the job, charges it once, deletes the ZIP", async () => {
    const { bytes } = await exportFile();
    const studio = await createStudio({ creditsMb: 100 });
    const token = await bearerFor(studio);
    const { upload, parts } = await uploadZip(token, "vidfolio-export-northlight.zip", bytes);
    const completed = await call(completeDoor, request("POST", "/api/import/complete", { token, body: { importId: upload.importId, parts } }));
    expect(completed.status).toBe(202);
    expect((await completed.json()).import).toMatchObject({ id: upload.importId, status: "QUEUED" });
    // Completing again (a retried request) answers the import as it is; one job is queued.
    expect((await (await call(completeDoor, request("POST", "/api/import/complete", { token, body: { importId: upload.importId, parts } }))).json()).import.status).toBe("QUEUED");
    const jobs = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE data->>'importId' = ${upload.importId}`;
    expect(Number(jobs[0].n)).toBe(1);

    const balance = (await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).creditBytes;
    expect(await runImport(upload.importId)).toBe("done");
    expect(await runImport(upload.importId)).toBe("skipped");
    const state = (await (await call(getImport, request("GET", "/api/import", { token }))).json()).import;
    expect(state).toMatchObject({ status: "DONE", summary: { folders: 2, galleries: 2, videos: 5, guests: 1 } });
    expect(state.doneBytes).toBe(state.totalBytes);
    // Charged once, named for the file, at the bytes imported; the ZIP itself is gone.
    const entries = await db.creditEntry.findMany({ where: { adminId: studio.id } });
    expect(entries).toEqual([expect.objectContaining({ type: "used", purpose: TEXTS.import.purpose("vidfolio-export-northlight.zip"), creditBytes: BigInt(state.totalBytes) })]);
    expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).creditBytes).toBe(balance - BigInt(state.totalBytes));
    expect(await objectSize(`${studio.id}/imports/${upload.importId}.zip`)).toBeNull();
    expect(await db.gallery.count({ where: { adminId: studio.id } })).toBe(2);
    // Now the studio has folders: a second import is refused before anything is opened.
    const again = await call(postImport, request("POST", "/api/import", { token, body: { fileName: "again.zip", fileSize: bytes.length } }));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/not empty/);
  });

  it("refuses bad input, a studio with folders, a second open import and too few credits, with nothing opened", async () => {
    const studio = await createStudio({ creditsMb: 1 });
    const token = await bearerFor(studio);
    const post = (body: unknown) => call(postImport, request("POST", "/api/import", { token, body }));
    for (const bad of [
      {},
      { fileName: "x.mp4", fileSize: 10 },
      { fileName: "x.zip", fileSize: 0 },
      { fileName: "x.zip", fileSize: -1 },
      { fileName: "x.zip", fileSize: 1.5 },
      { fileName: "", fileSize: 10 },
      { fileName: "x.zip", fileSize: "10" },
    ]) {
      const res = await post(bad);
      expect(res.status).toBe(400);
    }
    expect((await post({ fileName: "big.zip", fileSize: Number(mbToBytes(2)) })).status).toBe(409);
    expect(await db.studioImport.count({ where: { adminId: studio.id } })).toBe(0);
    const first = await post({ fileName: "a.zip", fileSize: 1000 });
    expect(first.status).toBe(201);
    const second = await post({ fileName: "b.zip", fileSize: 1000 });
    expect(second.status).toBe(409);
    expect((await second.json()).message).toBe(TEXTS.import.running);
    // Cancelled: the part door closes, the parts are aborted, nothing is charged.
    const { upload } = await first.json();
    expect((await (await call(deleteImport, request("DELETE", "/api/import", { token }))).json()).import.status).toBe("CANCELLED");
    expect((await call(partDoor, request("GET", `/api/import/part?importId=${upload.importId}&partNumber=1`, { token }))).status).toBe(409);
    expect((await call(completeDoor, request("POST", "/api/import/complete", { token, body: { importId: upload.importId, parts: [{ PartNumber: 1, ETag: '"x"' }] } }))).status).toBe(409);
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(0);

    const full = await createStudio({ creditsMb: 100 });
    await createFolderWithGallery(full.id);
    expect((await call(postImport, request("POST", "/api/import", { token: await bearerFor(full), body: { fileName: "a.zip", fileSize: 1000 } }))).status).toBe(409);
  });

  it("fails an import the credits do not cover, or whose file was tampered with, storing and charging nothing", async () => {
    const { bytes } = await exportFile();
    // Enough for the ZIP's upload check, not for what it holds once the studio spent some meanwhile.
    const studio = await createStudio({ creditsMb: 5 });
    const token = await bearerFor(studio);
    const { upload, parts } = await uploadZip(token, "export.zip", bytes);
    await call(completeDoor, request("POST", "/api/import/complete", { token, body: { importId: upload.importId, parts } }));
    await db.admin.update({ where: { id: studio.id }, data: { creditBytes: 1000n } });
    expect(await runImport(upload.importId)).toBe("failed");
    expect(await db.studioImport.findUniqueOrThrow({ where: { id: upload.importId } })).toMatchObject({ status: "FAILED", error: TEXTS.notEnoughCredits });
    expect(await listKeys(`${studio.id}/`)).toEqual([]);
    expect(await db.folder.count({ where: { adminId: studio.id } })).toBe(0);
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(0);

    // One byte of a film flipped (its size unchanged): the checksum refuses it.
    await db.admin.update({ where: { id: studio.id }, data: { creditBytes: mbToBytes(100) } });
    const tampered = Buffer.from(bytes);
    const at = tampered.indexOf(Buffer.from("Ceremony.mp4")) + 200;
    tampered[at] ^= 0xff;
    const second = await uploadZip(token, "export.zip", tampered);
    await call(completeDoor, request("POST", "/api/import/complete", { token, body: { importId: second.upload.importId, parts: second.parts } }));
    expect(await runImport(second.upload.importId)).toBe("failed");
    expect((await db.studioImport.findUniqueOrThrow({ where: { id: second.upload.importId } })).error).toMatch(/checksum|Not a Vidfolio export/);
    expect(await listKeys(`${studio.id}/`)).toEqual([]);
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(0);
  });

  it("keeps each studio to its own imports, and aborts uploads left open a day", async () => {
    const a = await createStudio({ creditsMb: 10 });
    const b = await createStudio({ creditsMb: 10 });
    const tokenA = await bearerFor(a);
    const tokenB = await bearerFor(b);
    const { upload } = await (await call(postImport, request("POST", "/api/import", { token: tokenA, body: { fileName: "a.zip", fileSize: 1000 } }))).json();
    expect((await call(partDoor, request("GET", `/api/import/part?importId=${upload.importId}&partNumber=1`, { token: tokenB }))).status).toBe(404);
    expect((await call(completeDoor, request("POST", "/api/import/complete", { token: tokenB, body: { importId: upload.importId, parts: [{ PartNumber: 1, ETag: '"x"' }] } }))).status).toBe(404);
    expect(await (await call(getImport, request("GET", "/api/import", { token: tokenB }))).json()).toEqual({ import: null });
    expect((await (await call(deleteImport, request("DELETE", "/api/import", { token: tokenB }))).json()).import).toBeNull();
    expect((await db.studioImport.findUniqueOrThrow({ where: { id: upload.importId } })).status).toBe("UPLOADING");
    expect((await call(partDoor, request("GET", `/api/import/part?importId=${randomUUID()}&partNumber=1`, { token: tokenA }))).status).toBe(404);
    expect((await call(partDoor, request("GET", `/api/import/part?importId=${upload.importId}&partNumber=2`, { token: tokenA }))).status).toBe(400);

    await expireImportUploads(Date.now() + IMPORT_UPLOAD_TTL_MS + 60_000);
    expect((await db.studioImport.findUniqueOrThrow({ where: { id: upload.importId } })).status).toBe("CANCELLED");
  });
});
