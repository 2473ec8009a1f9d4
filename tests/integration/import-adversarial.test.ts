/**
 * Account → Export → Import under attack or bad luck (review of issue 23, items 2–3), against real
 * Postgres and the store:
 * - an import into the studio that made the export (a restore) never deletes or overwrites the
 *   studio's current objects when it fails (its logo keeps its key), and two files of a crafted
 *   manifest whose keys end alike get an object each (no row shares another's object);
 * - the manifest's studio links are held to the branding door's rules (no `javascript:` address),
 *   and ids or delivery links listed twice are refused as "not an export", nothing stored;
 * - a file's listed type that a browser would run (HTML, SVG, script) is not stored as such;
 * - the hourly sweep of orphaned objects leaves alone what a running import stored so far;
 * - a cancel that lands while the ZIP is being assembled leaves no ZIP behind; two completes at
 *   once both answer, one job queued;
 * - a worker that dies once the rows are written (before the import is marked done) leaves an
 *   import that says DONE on the retry, charged once, never FAILED "not empty";
 * - a film comes in as an upload's does (issue 36 item 10): PROCESSING, queued for the worker,
 *   nothing of what the archive claims of it taken (status, duration, size, codecs, views); junk
 *   bytes claiming READY end FAILED with the failureCode an upload of the same bytes gets, a real
 *   clip READY with the duration the probe reads and 0 views.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { makeZip } from "client-zip";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { POST as postImport, DELETE as deleteImport } from "@/app/api/import/route";
import { GET as partDoor } from "@/app/api/import/part/route";
import { POST as completeDoor } from "@/app/api/import/complete/route";
import { failImport, runImport } from "@/lib/services/data/import-uploads";
import { IMPORT_LIMITS, importStudio } from "@/lib/services/data/studio-import";
import { sweepOrphanedObjects } from "@/lib/services/films/storage-sweep";
import { listKeys, objectSize } from "@/lib/storage/objects";
import { bucket, s3 } from "@/lib/storage/client";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { MANIFEST_NAME, type ExportManifest } from "@/lib/services/data/rules/export-format";
import { ffmpeg } from "@/lib/media/ffmpeg";
import { videoJob } from "@/lib/jobs/kinds";
import { POST as startUploadDoor } from "@/app/api/products/start-multipart-upload/route";
import { GET as uploadPartDoor } from "@/app/api/products/get-part-url/route";
import { complete, q, studioWithGallery } from "../helpers/uploads";
import { makePng } from "../helpers/png";
import { clipArgs } from "../helpers/test-clip";
import { exportToFile, unzipFile } from "../helpers/studio-export";
import { putObject } from "../helpers/storage";
import { createStudio } from "../helpers/factories";
import { seedLibrary } from "../helpers/studio-library";
import { bearerFor, call, request } from "../helpers/requests";
import { processVideoWhole } from "../helpers/videos";

jest.setTimeout(120_000);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "vidfolio-import-adv-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Studio = Awaited<ReturnType<typeof createStudio>>;
async function exportOf(studio: Studio) {
  const { file, manifest } = await exportToFile(studio, tmp);
  const entries = manifest.files.map((f) => ({ name: f.path, input: unzipFile(file, f.path) }));
  return { file, manifest, entries, bytes: fs.readFileSync(file) };
}

/** A studio with a library, its export, and an empty studio to import it into. */
async function exportedAndEmpty() {
  const studio = await createStudio({ creditsMb: 100 });
  await seedLibrary(studio);
  return { ...(await exportOf(studio)), target: await createStudio({ creditsMb: 100 }) };
}

async function rezip(entries: { name: string; input: Buffer | string }[], manifest: unknown): Promise<string> {
  const out = path.join(tmp, `${randomUUID()}.zip`);
  const all = [...entries, { name: MANIFEST_NAME, input: JSON.stringify(manifest) }];
  fs.writeFileSync(out, Buffer.from(await new Response(makeZip(all.map((e) => ({ ...e, lastModified: new Date() })))).arrayBuffer()));
  return out;
}

describe("an import's keys", () => {
  it("a failed restore into the studio that made the export leaves the studio's own logo in place", async () => {
    const studio = await createStudio({ creditsMb: 100 });
    await seedLibrary(studio);
    const { manifest, entries } = await exportOf(studio);
    const logoKey = (await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).companyLogoUrl!;
    expect(await objectSize(logoKey)).not.toBeNull();
    // The studio empties itself to restore its export; the export's last film was altered meanwhile.
    await db.folder.deleteMany({ where: { adminId: studio.id } });
    const last = manifest.files[manifest.files.length - 1];
    const tampered = entries.map((e) => (e.name === last.path ? { ...e, input: Buffer.alloc(last.size, 1) } : e));
    await expect(importStudio(studio.id, { file: await rezip(tampered, manifest) })).rejects.toThrow(/does not match its checksum/);
    expect(await objectSize(logoKey)).not.toBeNull();
    expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).companyLogoUrl).toBe(logoKey);
  });

  it("files whose listed keys end alike get an object each", async () => {
    const { manifest, entries, target } = await exportedAndEmpty();
    // Every file of the manifest claims the same name within its owner.
    const edited: ExportManifest = { ...manifest, files: manifest.files.map((f) => ({ ...f, key: `x/y/z/same.bin` })) };
    const summary = await importStudio(target.id, { file: await rezip(entries, edited) });
    const keys = await listKeys(`${target.id}/`);
    expect(keys).toHaveLength(summary.files);
    const videos = await db.video.findMany({ where: { adminId: target.id } });
    expect(new Set(videos.map((v) => v.storageKey)).size).toBe(videos.length);
  });
});

describe("the manifest's values", () => {
  it("refuses ids or delivery links listed twice", async () => {
    const { manifest, entries, target } = await exportedAndEmpty();
    for (const edit of [
      (m: ExportManifest) => (m.galleries[1].customUrl = m.galleries[0].customUrl),
      (m: ExportManifest) => (m.galleries[1].id = m.galleries[0].id),
      (m: ExportManifest) => m.folders.push({ ...m.folders[0] }),
      (m: ExportManifest) => (m.galleries[0].showcase = [m.videos[0].id, m.videos[0].id]),
    ]) {
      const edited = structuredClone(manifest);
      edit(edited);
      await expect(importStudio(target.id, { file: await rezip(entries, edited) })).rejects.toThrow(/Not a Vidfolio export/);
    }
    expect(await listKeys(`${target.id}/`)).toEqual([]);
    expect(await db.folder.count({ where: { adminId: target.id } })).toBe(0);
  });
});

describe("a ZIP of many files", () => {
  it("is refused before its directory is read when it lists more files than an export holds", async () => {
    const { manifest, entries, target } = await exportedAndEmpty();
    const limit = entries.length + 1; // the export's files and its manifest pass
    jest.replaceProperty(IMPORT_LIMITS, "entries", limit);
    try {
      const padded = [...entries, ...Array.from({ length: 5 }, (_, i) => ({ name: `padding/${i}.bin`, input: "" }))];
      await expect(importStudio(target.id, { file: await rezip(padded, manifest) })).rejects.toThrow(`Not a Vidfolio export: ${entries.length + 6} files, more than an export holds (${limit})`);
      expect(await listKeys(`${target.id}/`)).toEqual([]);
      await importStudio(target.id, { file: await rezip(entries, manifest) });
      expect(await db.folder.count({ where: { adminId: target.id } })).toBe(manifest.folders.length);
    } finally {
      jest.restoreAllMocks();
    }
  });
});

describe("the manifest's studio links", () => {
  it("are held to the branding door's rules: a link they refuse comes in empty, a longer name is cut, the rest is imported", async () => {
    const { manifest, entries, target } = await exportedAndEmpty();
    const edited = structuredClone(manifest);
    edited.studio.websiteUrl = "javascript:alert(document.cookie)";
    edited.studio.instagramUrl = "https://evil.example/x";
    edited.studio.youtubeUrl = "https://youtube.com/@goldenhour";
    edited.studio.facebookUrl = "data:text/html,<script>alert(1)</script>";
    edited.studio.companyName = "x".repeat(400);
    await importStudio(target.id, { file: await rezip(entries, edited) });
    const admin = await db.admin.findUniqueOrThrow({ where: { id: target.id } });
    expect(admin).toMatchObject({ websiteUrl: "", instagramUrl: "", facebookUrl: "", youtubeUrl: "https://youtube.com/@goldenhour" });
    expect(admin.companyName).toBe("x".repeat(120));
    expect(await db.folder.count({ where: { adminId: target.id } })).toBe(manifest.folders.length);
  });
});

describe("a delivery link with an id's shape (made before issue 36 refused them)", () => {
  it("comes in with a prefix, so it never names another gallery, and the rest is imported", async () => {
    const { manifest, entries, target } = await exportedAndEmpty();
    const edited = structuredClone(manifest);
    const id = manifest.galleries[0].id;
    edited.galleries[0].customUrl = id;
    await importStudio(target.id, { file: await rezip(entries, edited) });
    const galleries = await db.gallery.findMany({ where: { adminId: target.id } });
    expect(galleries.map((g) => g.customUrl)).toContain(`gallery-${id}`);
    expect(galleries).toHaveLength(manifest.galleries.length);
  });
});

describe("the stored files' types", () => {
  it("never stores what a browser would run (HTML, SVG, script) whatever type the manifest lists", async () => {
    const { manifest, entries, target } = await exportedAndEmpty();
    const types = ["text/html", "image/svg+xml", "application/javascript", "text/html; charset=utf-8"];
    const edited: ExportManifest = { ...manifest, files: manifest.files.map((f, i) => ({ ...f, contentType: types[i % types.length] })) };
    await importStudio(target.id, { file: await rezip(entries, edited) });
    const keys = await listKeys(`${target.id}/`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const type = (await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }))).ContentType ?? "";
      expect(type).not.toMatch(/html|svg|javascript/i);
    }
  });
});

describe("the hourly sweep during an import", () => {
  it("keeps what a running import stored so far, however long it runs", async () => {
    const studio = await createStudio({ creditsMb: 10 });
    await db.studioImport.create({ data: { id: randomUUID(), adminId: studio.id, storageKey: `${studio.id}/imports/x.zip`, fileName: "x.zip", declaredBytes: 10n, status: "RUNNING" } });
    const key = `${studio.id}/${randomUUID()}/${randomUUID()}/film.mp4`;
    await putObject(key, Buffer.from("film"), "video/mp4");
    await sweepOrphanedObjects({ prefix: `${studio.id}/`, now: Date.now() + 7 * 60 * 60 * 1000 });
    expect(await objectSize(key)).toBe(4);
  });
});

describe("completing an import's upload", () => {
  async function openUpload() {
    const studio = await createStudio({ creditsMb: 10 });
    const token = await bearerFor(studio);
    const bytes = Buffer.alloc(1000, 7);
    const opened = await call(postImport, request("POST", "/api/import", { token, body: { fileName: "a.zip", fileSize: bytes.length } }));
    const { upload } = await opened.json();
    const { url } = await (await call(partDoor, request("GET", `/api/import/part?importId=${upload.importId}&partNumber=1`, { token }))).json();
    const put = await fetch(url, { method: "PUT", body: new Uint8Array(bytes) });
    return { studio, token, upload, parts: [{ PartNumber: 1, ETag: put.headers.get("etag")! }] };
  }

  it("a cancel landing while the ZIP is assembled leaves no ZIP behind", async () => {
    const { studio, token, upload, parts } = await openUpload();
    const client = s3();
    const send = client.send.bind(client);
    let cancelled = false;
    const spy = jest.spyOn(client, "send").mockImplementation((async (command: { constructor: { name: string } }) => {
      const result = await send(command as never);
      if (command.constructor.name === "CompleteMultipartUploadCommand" && !cancelled) {
        cancelled = true;
        expect((await call(deleteImport, request("DELETE", "/api/import", { token }))).status).toBe(200);
      }
      return result;
    }) as never);
    try {
      await call(completeDoor, request("POST", "/api/import/complete", { token, body: { importId: upload.importId, parts } }));
    } finally {
      spy.mockRestore();
    }
    expect(cancelled).toBe(true);
    expect((await db.studioImport.findUniqueOrThrow({ where: { id: upload.importId } })).status).toBe("CANCELLED");
    expect(await listKeys(`${studio.id}/`)).toEqual([]);
  });

  it("parts the store refuses: a 400 that says so, the upload still open for the right parts", async () => {
    const { token, upload, parts } = await openUpload();
    const row = await db.studioImport.findUniqueOrThrow({ where: { id: upload.importId } });
    // The store refuses the completion for real: it knows no such multipart upload.
    await db.studioImport.update({ where: { id: row.id }, data: { multipartUploadId: `forged-${randomUUID()}` } });
    const refused = await call(completeDoor, request("POST", "/api/import/complete", { token, body: { importId: upload.importId, parts } }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(TEXTS.uploadPartsRefused);
    expect((await db.studioImport.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("UPLOADING");
    await db.studioImport.update({ where: { id: row.id }, data: { multipartUploadId: row.multipartUploadId } });
    const done = await call(completeDoor, request("POST", "/api/import/complete", { token, body: { importId: upload.importId, parts } }));
    expect(done.status).toBe(202);
  });

  it("two completes at once both answer; one job is queued", async () => {
    const { token, upload, parts } = await openUpload();
    const complete = () => call(completeDoor, request("POST", "/api/import/complete", { token, body: { importId: upload.importId, parts } }));
    const answers = await Promise.all([complete(), complete()]);
    expect(answers.map((r) => r.status)).toEqual([202, 202]);
    const jobs = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE data->>'importId' = ${upload.importId}`;
    expect(Number(jobs[0].n)).toBe(1);
  });
});

describe("a long import", () => {
  it("reports its progress while a file streams, so a live worker never looks lost", async () => {
    const { manifest, file, target } = await exportedAndEmpty();
    const reported: number[] = [];
    await importStudio(target.id, { file }, { onProgress: (done) => void reported.push(done) });
    const boundaries = new Set<number>([0]);
    let sum = 0;
    for (const f of manifest.files) boundaries.add((sum += f.size));
    expect(reported.some((done) => !boundaries.has(done))).toBe(true);
  });

  it("a second runner taking over an import that looked lost: the import stays DONE, charged once", async () => {
    const source = await createStudio({ creditsMb: 100 });
    await seedLibrary(source);
    const { bytes } = await exportOf(source);
    const studio = await createStudio({ creditsMb: 100 });
    const token = await bearerFor(studio);
    const { upload } = await (await call(postImport, request("POST", "/api/import", { token, body: { fileName: "e.zip", fileSize: bytes.length } }))).json();
    const parts = [];
    for (let n = 1; n <= upload.partCount; n++) {
      const { url } = await (await call(partDoor, request("GET", `/api/import/part?importId=${upload.importId}&partNumber=${n}`, { token }))).json();
      const res = await fetch(url, { method: "PUT", body: new Uint8Array(bytes.subarray((n - 1) * upload.partSize, n * upload.partSize)) });
      parts.push({ PartNumber: n, ETag: res.headers.get("etag")! });
    }
    await call(completeDoor, request("POST", "/api/import/complete", { token, body: { importId: upload.importId, parts } }));

    // The first runner stalls after its first progress report; silent for long, its job is handed to a second runner, which finishes.
    const update = db.studioImport.update.bind(db.studioImport);
    let second: Promise<unknown> | null = null;
    const spy = jest.spyOn(db.studioImport, "update").mockImplementation((async (args: never) => {
      const result = await update(args);
      if (!second) {
        await db.$executeRaw`UPDATE "StudioImport" SET "updatedAt" = now() - interval '31 minutes' WHERE id = ${upload.importId}::uuid`;
        second = runImport(upload.importId);
        expect(await second).toBe("done");
      }
      return result;
    }) as never);
    try {
      await runImport(upload.importId);
    } finally {
      spy.mockRestore();
    }
    expect(await db.studioImport.findUniqueOrThrow({ where: { id: upload.importId } })).toMatchObject({ status: "DONE", error: null });
    expect(await db.gallery.count({ where: { adminId: studio.id } })).toBe(2);
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(1);
  });
});

describe("a worker dying during an import", () => {
  it("after the rows are written: the retry finds the import done, charged once", async () => {
    const source = await createStudio({ creditsMb: 100 });
    await seedLibrary(source);
    const { bytes } = await exportOf(source);
    const studio = await createStudio({ creditsMb: 100 });
    const token = await bearerFor(studio);
    const opened = await call(postImport, request("POST", "/api/import", { token, body: { fileName: "e.zip", fileSize: bytes.length } }));
    const { upload } = await opened.json();
    const parts = [];
    for (let n = 1; n <= upload.partCount; n++) {
      const { url } = await (await call(partDoor, request("GET", `/api/import/part?importId=${upload.importId}&partNumber=${n}`, { token }))).json();
      const res = await fetch(url, { method: "PUT", body: new Uint8Array(bytes.subarray((n - 1) * upload.partSize, n * upload.partSize)) });
      parts.push({ PartNumber: n, ETag: res.headers.get("etag")! });
    }
    expect((await call(completeDoor, request("POST", "/api/import/complete", { token, body: { importId: upload.importId, parts } }))).status).toBe(202);

    // The process dies right after the import's transaction: nothing after it runs.
    const update = db.studioImport.update.bind(db.studioImport);
    const spy = jest.spyOn(db.studioImport, "update").mockImplementation(((args: { data: { status?: string } }) => {
      if (args.data.status === "DONE") throw new Error("worker died");
      return update(args as never);
    }) as never);
    let first: unknown;
    try {
      first = await runImport(upload.importId).catch((e: Error) => e);
    } finally {
      spy.mockRestore();
    }
    if (first instanceof Error) await failImport(upload.importId, false); // what the worker does before the job's retry
    await runImport(upload.importId);
    expect(await db.studioImport.findUniqueOrThrow({ where: { id: upload.importId } })).toMatchObject({ status: "DONE", error: null });
    expect(await db.gallery.count({ where: { adminId: studio.id } })).toBe(2);
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(1);
    expect(await objectSize(`${studio.id}/imports/${upload.importId}.zip`)).toBeNull();
    // Died after the transaction, before deleting the ZIP: the job's retry deletes it.
    await putObject(`${studio.id}/imports/${upload.importId}.zip`, bytes, "application/zip");
    expect(await runImport(upload.importId)).toBe("skipped");
    expect(await objectSize(`${studio.id}/imports/${upload.importId}.zip`)).toBeNull();
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(1);
  });
});

describe("a film's bytes and what the archive claims of it (issue 36 item 10)", () => {
  /** What a hostile archive says of its film: ready, long, large, watched. */
  const CLAIMS = { durationSec: 9999, width: 3840, height: 2160, videoCodec: "h264", audioCodec: "aac", bitrate: 50_000_000, views: 1_000_000, renditions: true, sizeBytes: "123456789" };
  const TITLE = "Film under test";

  /** An export whose first film's bytes are `bytes` (listed with their own size and checksum) and which claims CLAIMS of it, imported (charged as the account page's import is). */
  async function importFilm(bytes: Buffer) {
    const { manifest, entries, target } = await exportedAndEmpty();
    const edited = structuredClone(manifest);
    const film = edited.videos[0];
    Object.assign(film, CLAIMS, { title: TITLE });
    const listed = edited.files.find((f) => f.path === film.file)!;
    Object.assign(listed, { size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex"), contentType: "video/mp4" });
    const swapped = entries.map((e) => (e.name === film.file ? { ...e, input: bytes } : e));
    await importStudio(target.id, { file: await rezip(swapped, edited) }, { charge: { key: `import:${randomUUID()}`, purpose: "Import of film.zip" } });
    const video = await db.video.findFirstOrThrow({ where: { adminId: target.id, title: TITLE } });
    return { target, video };
  }

  /** The failureCode the same bytes get through the upload doors and the worker. */
  async function uploadedFailureCode(bytes: Buffer): Promise<string | null> {
    const { gallery, token } = await studioWithGallery(100);
    const started = await (await call(startUploadDoor, request("POST", `/x?${q({ fileName: "film.mp4", fileType: "video/mp4", fileSize: bytes.length, galleryId: gallery.id })}`, { token }))).json();
    const { url } = await (await call(uploadPartDoor, request("GET", `/x?${q({ fileName: started.fileName, uploadId: started.uploadId, partNumber: 1 })}`, { token }))).json();
    const put = await fetch(url, { method: "PUT", body: new Uint8Array(bytes) });
    const { video } = await (await complete(token, { fileName: started.fileName, uploadId: started.uploadId, parts: [{ ETag: put.headers.get("etag")!, PartNumber: 1 }] })).json();
    expect(await processVideoWhole(video._id)).toBe("failed");
    return (await db.video.findUniqueOrThrow({ where: { id: video._id } })).failureCode;
  }

  /** Straight after the import: waiting for the worker like a completed upload, nothing of the claims kept, every film queued. */
  async function expectAwaitingChecks(target: Studio, video: { id: string }, size: number) {
    const row = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    expect(row).toMatchObject({
      status: "PROCESSING",
      durationSec: null,
      width: null,
      height: null,
      videoCodec: null,
      audioCodec: null,
      bitrate: null,
      views: 0,
      hlsKey: null,
      streamKey: null,
      thumbnailKey: null,
      processedAt: null,
      optimizing: false,
    });
    expect(row.sizeBytes).toBe(BigInt(size));
    const ids = (await db.video.findMany({ where: { adminId: target.id }, select: { id: true } })).map((v) => v.id);
    const queued = await db.$queryRaw<{ id: string }[]>`SELECT data->>'videoId' AS id FROM pgboss.job WHERE name = ${videoJob.name()} AND data->>'videoId' = ANY(${ids})`;
    expect(new Set(queued.map((j) => j.id))).toEqual(new Set(ids));
  }

  it.each([
    ["a PNG", () => makePng(320, 240)],
    ["random bytes", () => randomBytes(40_000)],
  ])(
    "%s claiming READY, 9999 s and a million views comes in awaiting checks, then ends FAILED with an upload's failureCode; nothing refunded",
    async (_kind, make) => {
      const bytes = make();
      const { target, video } = await importFilm(bytes);
      await expectAwaitingChecks(target, video, bytes.length);
      const charged = await db.creditEntry.findMany({ where: { adminId: target.id } });
      expect(charged).toHaveLength(1);

      expect(await processVideoWhole(video.id)).toBe("failed");
      const after = await db.video.findUniqueOrThrow({ where: { id: video.id } });
      expect(after).toMatchObject({ status: "FAILED", durationSec: null, views: 0, hlsKey: null, streamKey: null });
      expect(after.failureCode).not.toBeNull();
      expect(after.failureCode).toBe(await uploadedFailureCode(bytes));
      // The import's charge is the import's (one entry, as before): a rejected film is not refunded.
      expect(await db.creditEntry.count({ where: { adminId: target.id } })).toBe(charged.length);
    },
    120_000,
  );

  it("a real clip claiming 9999 s and a million views is probed: READY with its own duration, size and picture, 0 views", async () => {
    const clip = path.join(tmp, `${randomUUID()}.mp4`);
    await ffmpeg(clipArgs(clip, { seconds: 1, size: "320x240" }));
    const bytes = fs.readFileSync(clip);
    const { target, video } = await importFilm(bytes);
    await expectAwaitingChecks(target, video, bytes.length);

    expect(await processVideoWhole(video.id)).toBe("ready");
    const after = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    expect(after).toMatchObject({ status: "READY", width: 320, height: 240, videoCodec: "h264", audioCodec: null, views: 0, failureCode: null });
    expect(after.durationSec).toBeCloseTo(1, 0);
    expect(after.sizeBytes).toBe(BigInt(bytes.length));
    expect(after.thumbnailKey).toMatch(/\.derived\/thumb-\d+\.jpg$/);
    expect(after.hlsKey ?? after.streamKey).not.toBeNull();
  }, 120_000);
});
