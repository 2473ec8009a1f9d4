/**
 * A studio's export and import (issue 23, items 2 and 3), against real Postgres and the store:
 * - POST /api/export starts one export (202), 409 `export_running` while it is queued or running,
 *   ten clicks at once start exactly one; a RUNNING export silent for long gives way; GET gives its
 *   state, progress and link; the download door redirects to the store (404 when none is ready);
 *   nothing of one studio's export is reachable by another; the export costs no credit;
 * - the ZIP passes `unzip -t`, holds every original, thumbnail, caption, background, music and logo
 *   under readable unique names (titles that collide or contain "/"), and a manifest whose SHA-256
 *   of every file matches the bytes in the ZIP; the studio is mailed; expired exports are deleted;
 * - a store connection dropped in the middle of a file resumes from the byte reached;
 * - the round trip: export → wipe → import → once the worker has processed the imported films (they
 *   come in as uploads do, PROCESSING) the public gallery pages are the same (ids aside), the media
 *   bytes the same; a tampered file (checksum), a climbing path, or a non-empty studio is refused
 *   with nothing stored or written.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync, execFile } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { makeZip } from "client-zip";
import { db } from "@/lib/db";
import { GET as getExport, POST as postExport } from "@/app/api/export/route";
import { GET as downloadExport } from "@/app/api/export/download/route";
import { EXPORT_STALE_MS, expireExports, failExport, objectBytes, planExport, runExport, startExport, writeExportZip } from "@/lib/services/data/studio-export";
import { importStudio } from "@/lib/services/data/studio-import";
import { findGallery } from "@/lib/services/access/open-gallery";
import { publicGalleryPageProps } from "@/lib/services/public/public-page";
import { listKeys, deleteStudioObjects, objectSize } from "@/lib/storage/objects";
import { bucket, s3 } from "@/lib/storage/client";
import { MANIFEST_NAME, type ExportManifest } from "@/lib/services/data/rules/export-format";
import { TEXTS } from "@/lib/texts";
import { putObject } from "../helpers/storage";
import { createStudio } from "../helpers/factories";
import { processStudioFilms, seedLibrary as seed } from "../helpers/studio-library";
import { ffmpeg } from "@/lib/media/ffmpeg";
import { clipArgs } from "../helpers/test-clip";
import { exportToFile, unzipFile } from "../helpers/studio-export";
import { bearerFor, call, request } from "../helpers/requests";

jest.setTimeout(120_000);

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "vidfolio-export-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Studio = Awaited<ReturnType<typeof createStudio>>;

function unzipList(file: string): string[] {
  const out = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" });
  return out.split("\n").filter(Boolean);
}
const exportTo = (studio: Studio) => exportToFile(studio, tmp);

let clip: Promise<Buffer> | undefined;
/** A real one-second clip (the smallest the suites make), made once: films the worker can process. */
const realClip = () =>
  (clip ??= (async () => {
    const out = path.join(tmp, "clip.mp4");
    await ffmpeg(clipArgs(out, { seconds: 1, size: "320x240" }));
    return fs.readFileSync(out);
  })());

/** A seeded studio whose films are real clips the worker has processed (as a studio's films are once uploaded). */
async function seedProcessed(studio: Studio) {
  const seeded = await seed(studio, { film: await realClip() });
  await processStudioFilms(studio.id);
  return seeded;
}

/** After an import its films wait for the worker, as uploads do; then it processes them. */
async function expectProcessingThenProcess(adminId: string) {
  const films = await db.video.findMany({ where: { adminId } });
  expect(films.length).toBeGreaterThan(0);
  for (const f of films) expect(f).toMatchObject({ status: "PROCESSING", durationSec: null, views: 0 });
  await processStudioFilms(adminId);
}

async function pageOf(slug: string) {
  const result = publicGalleryPageProps(await findGallery(slug), "a-en");
  if (!("props" in result)) throw new Error("no page");
  return result.props;
}

/** A page's props with what differs by nature after an import taken out: ids, and the signatures and expiry of signed addresses. */
function comparable(props: unknown): unknown {
  const text = JSON.stringify(props)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
    .replace(/(X-Amz-[A-Za-z-]+|Expires|Signature|Key-Pair-Id|exp|sig|v)=[^&"\\]*/g, "$1=…")
    .replace(/"(generatedAt|renderedAt|now)":"[^"]*"/g, '"$1":"…"');
  return JSON.parse(text);
}

describe("Account → Export: the doors", () => {
  it("starts one export at a time (ten clicks at once: one), gives its state and refuses a download before it is ready", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    expect(await (await call(getExport, request("GET", "/api/export", { token }))).json()).toEqual({ export: null });
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(postExport, request("POST", "/api/export", { token }))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([202, ...Array(9).fill(409)]);
    const refused = await answers.find((r) => r.status === 409)!.json();
    expect(refused).toEqual({ code: "export_running", message: TEXTS.export.running });
    expect(await db.studioExport.count({ where: { adminId: studio.id } })).toBe(1);
    // The job is queued for any worker.
    const row = await db.studioExport.findFirstOrThrow({ where: { adminId: studio.id } });
    const jobs = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE data->>'exportId' = ${row.id}`;
    expect(Number(jobs[0].n)).toBe(1);
    const state = (await (await call(getExport, request("GET", "/api/export", { token }))).json()).export;
    expect(state).toMatchObject({ id: row.id, status: "QUEUED", downloadUrl: null, fileName: expect.stringMatching(/^vidfolio-export-.+-\d{4}-\d{2}-\d{2}\.zip$/) });
    const download = await call(downloadExport, request("GET", "/api/export/download", { token }));
    expect(download.status).toBe(404);
    expect((await download.json()).message).toBe(TEXTS.export.notReady);
  });

  it("lets a new export start when the running one went silent (its worker died), and not before", async () => {
    const studio = await createStudio();
    const first = await startExport(studio, "cli");
    await db.studioExport.update({ where: { id: first.id }, data: { status: "RUNNING" } });
    await expect(startExport(studio, "cli")).rejects.toMatchObject({ code: "export_running" });
    // A runner cannot take over an export another is making either.
    expect(await runExport(first.id)).toBe("skipped");
    await db.$executeRaw`UPDATE "StudioExport" SET "updatedAt" = ${new Date(Date.now() - EXPORT_STALE_MS - 60_000)} WHERE id = ${first.id}::uuid`;
    const second = await startExport(studio, "cli");
    expect(second.id).not.toBe(first.id);
    expect(await db.studioExport.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ status: "FAILED", error: TEXTS.export.workerLost });
  });

  it("a failed run waits for its retry (QUEUED, progress reset); after the last try it is FAILED and another may start", async () => {
    const studio = await createStudio();
    const started = await startExport(studio, "cli");
    await db.studioExport.update({ where: { id: started.id }, data: { status: "RUNNING", doneBytes: 1234n } });
    await failExport(started.id, false);
    expect(await db.studioExport.findUniqueOrThrow({ where: { id: started.id } })).toMatchObject({ status: "QUEUED", doneBytes: 0n, error: null });
    await expect(startExport(studio, "cli")).rejects.toMatchObject({ code: "export_running" });
    await failExport(started.id);
    expect(await db.studioExport.findUniqueOrThrow({ where: { id: started.id } })).toMatchObject({ status: "FAILED", error: TEXTS.export.failed });
    expect((await startExport(studio, "cli")).status).toBe("QUEUED");
  });

  it("is the studio's own: signed out 401, a super admin 403, another studio sees only its own", async () => {
    const studio = await createStudio();
    const other = await createStudio();
    await startExport(studio, "cli");
    expect((await call(getExport, request("GET", "/api/export"))).status).toBe(401);
    expect((await call(postExport, request("POST", "/api/export"))).status).toBe(401);
    const admin = await db.admin.create({ data: { name: "Root", email: `root-${randomUUID()}@example.test`, passwordHash: "x", role: "superadmin" } });
    expect((await call(postExport, request("POST", "/api/export", { token: await bearerFor(admin) }))).status).toBe(403);
    const otherToken = await bearerFor(other);
    expect(await (await call(getExport, request("GET", "/api/export", { token: otherToken }))).json()).toEqual({ export: null });
    expect((await call(downloadExport, request("GET", "/api/export/download", { token: otherToken }))).status).toBe(404);
  });
});

describe("the export's ZIP", () => {
  it("holds every file under readable unique names with a manifest of checksums, passes unzip -t, is mailed, free, downloadable, and expires", async () => {
    const studio = await createStudio({ creditsMb: 100 });
    const { contents, films } = await seed(studio);
    const creditsBefore = (await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).creditBytes;
    const { file, manifest, exportId } = await exportTo(studio);

    expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toMatch(/No errors detected/);
    const names = unzipList(file);
    const dir = "galleries/Weddings/Emma & James";
    expect(names).toEqual(
      expect.arrayContaining([
        "studio/logo.png",
        `${dir}/_gallery/background.jpg`,
        `${dir}/_gallery/music.mp3`,
        `${dir}/Ceremony.mp4`,
        `${dir}/Ceremony.thumbnail.jpg`,
        `${dir}/Ceremony.fr.vtt`,
        `${dir}/ceremony (2).mp4`,
        `${dir}/Toast - Speech.mp4`,
        `${dir}/_CON.mp4`,
        "galleries/weddings (2)/Emma & James/Ceremony.mov",
        MANIFEST_NAME,
      ]),
    );
    expect(names).toHaveLength(contents.size + 1);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    // Every stored file once, its checksum the bytes' own, in the ZIP and in the store.
    expect(manifest.files).toHaveLength(contents.size);
    for (const f of manifest.files) {
      const bytes = unzipFile(file, f.path);
      expect(sha(bytes)).toBe(f.sha256);
      expect(bytes.equals(contents.get(f.key)!)).toBe(true);
    }
    // The rows.
    expect(manifest.studio).toMatchObject({ companyName: "Northlight / Films", logo: "studio/logo.png" });
    expect(manifest.galleries).toHaveLength(2);
    const g = manifest.galleries.find((x) => x.title === "Emma & James")!;
    expect(g.settings.language).toBe("fr");
    expect(g.showcase).toEqual([films[2].id, films[0].id]);
    expect(manifest.videos.find((v) => v.id === films[0].id)).toMatchObject({
      chapters: [
        { title: "Vows", cueSeconds: 12 },
        { title: "Rings", cueSeconds: 40 },
      ],
      captions: [{ language: "fr", isDefault: true, file: `${dir}/Ceremony.fr.vtt` }],
    });
    expect(manifest.guests).toEqual([expect.objectContaining({ name: "Anna", email: "anna@example.test", mayDownload: true })]);
    expect(manifest.credits).toEqual([expect.objectContaining({ type: "purchased", creditBytes: String(5n * 1024n ** 3n), amountCents: 3500 })]);

    const row = await db.studioExport.findUniqueOrThrow({ where: { id: exportId } });
    expect(row).toMatchObject({ status: "READY", files: contents.size + 1 });
    expect(Number(row.doneBytes)).toBe([...contents.values()].reduce((n, b) => n + b.length, 0));
    expect(Number(row.sizeBytes)).toBe(fs.statSync(file).size);
    expect(row.expiresAt!.getTime() - row.finishedAt!.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    // Free.
    expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).creditBytes).toBe(creditsBefore);
    // Mailed, with the account page that downloads it.
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: studio.email, subject: TEXTS.export.mailSubject } });
    expect(mail.html).toContain("/studio/account/export");
    // The door redirects to the store, as an attachment under its name; GET names it READY with the link.
    const token = await bearerFor(studio);
    const state = (await (await call(getExport, request("GET", "/api/export", { token }))).json()).export;
    expect(state).toMatchObject({ status: "READY", downloadUrl: "/api/export/download", sizeBytes: Number(row.sizeBytes) });
    const res = await call(downloadExport, request("GET", "/api/export/download", { token }));
    expect(res.status).toBe(302);
    const signed = new URL(res.headers.get("location")!);
    expect(signed.searchParams.get("response-content-disposition")).toContain(row.fileName);
    const fetched = Buffer.from(await (await fetch(signed)).arrayBuffer());
    expect(sha(fetched)).toBe(sha(fs.readFileSync(file)));

    // Past its 7 days: deleted from the store, EXPIRED, no longer downloadable.
    await expireExports(new Date(row.expiresAt!.getTime() + 1000));
    expect(await db.studioExport.findUniqueOrThrow({ where: { id: exportId } })).toMatchObject({ status: "EXPIRED" });
    expect(await objectSize(row.storageKey)).toBeNull();
    expect((await call(downloadExport, request("GET", "/api/export/download", { token }))).status).toBe(404);
  });

  it("resumes a file whose connection dropped from the byte it reached, and fails when the store keeps failing", async () => {
    const studio = await createStudio();
    const key = `${studio.id}/${randomUUID()}/${randomUUID()}/film.mp4`;
    const body = randomBytes(3 * 1024 * 1024);
    await putObject(key, body, "video/mp4");
    // Reads that drop after 700 KB each time, then the real one.
    let drops = 2;
    const flaky = async function* (k: string, size: number): AsyncGenerator<Uint8Array> {
      let sent = 0;
      for await (const chunk of objectBytes(k, size)) {
        if (drops > 0 && sent > 700_000) {
          drops--;
          const err = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
          throw err;
        }
        sent += chunk.byteLength;
        yield chunk;
      }
    };
    // objectBytes itself resumes: drive it through a store that drops by wrapping GetObject.
    const original = s3().send.bind(s3());
    let gets = 0;
    const ranges: (string | undefined)[] = [];
    const spy = jest.spyOn(s3(), "send").mockImplementation((async (command: unknown) => {
      if (command instanceof GetObjectCommand && command.input.Key === key) {
        gets++;
        ranges.push(command.input.Range);
        const res = (await original(command as never)) as { Body: AsyncIterable<Uint8Array> };
        if (gets <= 2) {
          const source = res.Body;
          res.Body = (async function* () {
            let n = 0;
            for await (const c of source) {
              yield c;
              n += c.byteLength;
              if (n > 500_000) throw new Error("AWS SDK error wrapper for TimeoutError: read ECONNRESET");
            }
          })();
        }
        return res;
      }
      return original(command as never);
    }) as never);
    try {
      const chunks: Buffer[] = [];
      for await (const c of objectBytes(key, body.length)) chunks.push(Buffer.from(c));
      expect(Buffer.concat(chunks).equals(body)).toBe(true);
      expect(gets).toBe(3);
      expect(ranges[0]).toBeUndefined();
      expect(ranges[1]).toMatch(/^bytes=\d+-$/);
      expect(Number(ranges[2]!.slice(6, -1))).toBeGreaterThan(Number(ranges[1]!.slice(6, -1)));
    } finally {
      spy.mockRestore();
    }
    // A reader that keeps failing fails the ZIP's upload, and leaves no object behind.
    const plan = await planExport(studio.id);
    const outKey = `${studio.id}/exports/${randomUUID()}.zip`;
    drops = 99;
    const withFile = { ...plan, files: [{ path: "film.mp4", key, size: body.length, sha256: "", contentType: "video/mp4", lastModified: new Date() }] };
    await expect(writeExportZip(outKey, withFile, () => {}, flaky)).rejects.toThrow(/ECONNRESET/);
    expect(await objectSize(outKey)).toBeNull();
  });
});

describe("the round trip: export → wipe → import", () => {
  it("gives back the same public pages, settings, media bytes, guests and credit history under new ids", async () => {
    const studio = await createStudio({ creditsMb: 100 });
    const { gallery, locked, films, contents } = await seedProcessed(studio);
    // Review (issue 40): the guest's thread with a drawing on the second cut, the studio's reply, resolved.
    const anna = await db.galleryInvite.findFirstOrThrow({ where: { adminId: studio.id, email: "anna@example.test" } });
    const reviewed = films.find((f) => f.galleryId === anna.galleryId)!;
    await db.video.update({ where: { id: reviewed.id }, data: { version: 2 } });
    const drawing = { shapes: [{ kind: "arrow", from: [0.1, 0.2], to: [0.5, 0.5], color: "#ff0000" }] };
    // What Anna wrote: the same after the round trip.
    const annaSaid = { version: 2, authorName: "Anna", text: "Too loud\nhere", time: 0.5, endTime: 0.9, drawing, resolvedAt: new Date("2026-11-01T10:00:00Z") };
    const thread = await db.videoComment.create({ data: { videoId: reviewed.id, galleryId: anna.galleryId, adminId: studio.id, inviteId: anna.id, ...annaSaid } });
    await db.videoComment.create({
      data: { videoId: reviewed.id, galleryId: anna.galleryId, adminId: studio.id, version: 2, byStudio: true, authorName: "Northlight", text: "Fixed", time: 0.5, parentId: thread.id },
    });
    // Anna's decisions (changes on v1, then approved v2) in a gallery in review with two rounds.
    await db.gallery.update({ where: { id: anna.galleryId }, data: { reviewMode: true, unlockOnApproval: false, revisionRounds: 2 } });
    const decided = (version: number, decision: "APPROVED" | "CHANGES_REQUESTED", note: string | null, at: string) =>
      db.videoApproval.create({
        data: { videoId: reviewed.id, galleryId: anna.galleryId, adminId: studio.id, inviteId: anna.id, guestName: "Anna", version, decision, note, decidedAt: new Date(at) },
      });
    await decided(1, "CHANGES_REQUESTED", "Shorter\nintro", "2026-10-30T09:00:00Z");
    await decided(2, "APPROVED", null, "2026-11-02T09:00:00Z");
    const before = { open: comparable(await pageOf(gallery.customUrl)), locked: comparable(await pageOf(locked.customUrl)) };
    const balance = (await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).creditBytes;
    const { file, manifest } = await exportTo(studio);

    // Wipe: every row and object of the studio's galleries, its guests and history.
    await db.folder.deleteMany({ where: { adminId: studio.id } });
    await db.creditEntry.deleteMany({ where: { adminId: studio.id } });
    await db.admin.update({ where: { id: studio.id }, data: { companyLogoUrl: null, companyName: "", creditBytes: 0n } });
    await deleteStudioObjects(studio.id);
    expect(await listKeys(`${studio.id}/`)).toEqual([]);

    const summary = await importStudio(studio.id, { file }, { restoreCredits: true });
    // Every listed file but the films' thumbnails, which the worker makes again from the films.
    const thumbnails = manifest.videos.filter((v) => v.thumbnail !== null).length;
    expect(thumbnails).toBe(5);
    expect(summary).toMatchObject({ folders: 2, galleries: 2, videos: 5, guests: 1, files: manifest.files.length - thumbnails, creditsRestored: true, renamedLinks: [] });
    await expectProcessingThenProcess(studio.id);

    expect(comparable(await pageOf(gallery.customUrl))).toEqual(before.open);
    expect(comparable(await pageOf(locked.customUrl))).toEqual(before.locked);
    // New ids everywhere, the same bytes under the same names.
    const imported = await db.gallery.findUniqueOrThrow({
      where: { customUrl: gallery.customUrl },
      include: { videos: { include: { chapters: true, captions: true } }, invites: true, showcase: { orderBy: { position: "asc" } } },
    });
    expect(imported.id).not.toBe(gallery.id);
    expect(imported.videos.map((v) => v.id)).not.toContain(films[0].id);
    for (const v of imported.videos) {
      expect(v.storageKey.startsWith(`${studio.id}/${imported.folderId}/${imported.id}/`)).toBe(true);
      const stored = Buffer.from(await (await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: v.storageKey }))).Body!.transformToByteArray());
      const old = films.find((f) => f.title === v.title)!;
      expect(sha(stored)).toBe(sha(contents.get(old.storageKey)!));
    }
    expect(imported.showcase.map((s) => imported.videos.find((v) => v.id === s.videoId)!.title)).toEqual(["Toast / Speech", "Ceremony"]);
    expect(imported.invites).toEqual([expect.objectContaining({ name: "Anna", email: "anna@example.test", mayDownload: true })]);
    // The review comments, under new ids: the thread, its drawing and state, the guest's new invite, the reply.
    const film = await db.video.findFirstOrThrow({
      where: { adminId: studio.id, title: reviewed.title, galleryId: (await db.galleryInvite.findFirstOrThrow({ where: { adminId: studio.id, email: "anna@example.test" } })).galleryId },
    });
    expect(film.version).toBe(2);
    const comments = await db.videoComment.findMany({ where: { videoId: film.id }, orderBy: { createdAt: "asc" } });
    const newAnna = await db.galleryInvite.findFirstOrThrow({ where: { adminId: studio.id, email: "anna@example.test" } });
    expect(comments).toEqual([
      expect.objectContaining({ ...annaSaid, inviteId: newAnna.id, parentId: null }),
      expect.objectContaining({ version: 2, byStudio: true, inviteId: null, text: "Fixed", parentId: comments[0].id }),
    ]);
    expect(comments[0].id).not.toBe(thread.id);
    // Her decisions and the gallery's review settings, relinked to her new invite.
    const decisions = await db.videoApproval.findMany({ where: { videoId: film.id }, orderBy: { version: "asc" } });
    expect(decisions.map((d) => [d.version, d.decision, d.note, d.inviteId, d.guestName, d.decidedAt.toISOString()])).toEqual([
      [1, "CHANGES_REQUESTED", "Shorter\nintro", newAnna.id, "Anna", "2026-10-30T09:00:00.000Z"],
      [2, "APPROVED", null, newAnna.id, "Anna", "2026-11-02T09:00:00.000Z"],
    ]);
    const reviewedGallery = await db.gallery.findUniqueOrThrow({ where: { id: film.galleryId } });
    expect([reviewedGallery.reviewMode, reviewedGallery.unlockOnApproval, reviewedGallery.revisionRounds]).toEqual([true, false, 2]);
    expect(imported.downloadPinHash).toBe(gallery.downloadPinHash);
    const after = await db.admin.findUniqueOrThrow({ where: { id: studio.id } });
    expect(after.creditBytes).toBe(balance);
    expect(after.companyName).toBe("Northlight / Films");
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(1);

    // Into a studio that is not empty: refused, nothing stored or written.
    const keysBefore = (await listKeys(`${studio.id}/`)).sort();
    await expect(importStudio(studio.id, { file })).rejects.toMatchObject({ code: "conflict" });
    expect((await listKeys(`${studio.id}/`)).sort()).toEqual(keysBefore);

    // Into another, empty studio of this instance: the delivery links were taken, so they get new ones; no credit comes with a studio's own file.
    const other = await createStudio();
    const second = await importStudio(other.id, { file });
    expect(second.renamedLinks).toEqual([
      { from: gallery.customUrl, to: `${gallery.customUrl}-2` },
      { from: locked.customUrl, to: `${locked.customUrl}-2` },
    ]);
    expect((await db.admin.findUniqueOrThrow({ where: { id: other.id } })).creditBytes).toBe(0n);
    expect(await db.creditEntry.count({ where: { adminId: other.id } })).toBe(0);
  }, 240_000); // each film processed twice (before the export, after the import)

  it("refuses a file whose bytes do not match their checksum, a path that climbs out, or no manifest, leaving nothing behind", async () => {
    const studio = await createStudio();
    await seed(studio);
    const { file, manifest } = await exportTo(studio);
    const target = await createStudio();

    const rezip = async (name: string, entries: { name: string; input: Buffer | string }[]) => {
      const out = path.join(tmp, name);
      fs.writeFileSync(out, Buffer.from(await new Response(makeZip(entries.map((e) => ({ ...e, lastModified: new Date() })))).arrayBuffer()));
      return out;
    };
    const all = manifest.files.map((f) => ({ name: f.path, input: unzipFile(file, f.path) }));

    // One film's bytes changed (same size).
    const film = manifest.files.find((f) => f.path.endsWith("Ceremony.mp4"))!;
    const tampered = all.map((e) => (e.name === film.path ? { ...e, input: Buffer.from(randomBytes(film.size)) } : e));
    const bad = await rezip("tampered.zip", [...tampered, { name: MANIFEST_NAME, input: JSON.stringify(manifest) }]);
    await expect(importStudio(target.id, { file: bad })).rejects.toThrow(/does not match its checksum/);

    // A path that climbs out of the archive.
    const climbing = { ...manifest, files: manifest.files.map((f, i) => (i === 0 ? { ...f, path: "../escape.png" } : f)) };
    await expect(importStudio(target.id, { file: await rezip("climbing.zip", [...all, { name: MANIFEST_NAME, input: JSON.stringify(climbing) }]) })).rejects.toThrow(/Not a Vidfolio export/);

    // Values the app's own doors would refuse: a delivery link that does not route, a font not offered, a guest without an address.
    for (const edit of [
      (m: ExportManifest) => (m.galleries[0].customUrl = "api/../admin"),
      (m: ExportManifest) => ((m.galleries[0] as { fheading: string }).fheading = "Comic Sans; background:url(x)"),
      (m: ExportManifest) => (m.guests[0].email = "not an address"),
      (m: ExportManifest) => ((m.galleries[0].settings as { language: string }).language = "xx"),
    ]) {
      const edited = structuredClone(manifest);
      edit(edited);
      await expect(importStudio(target.id, { file: await rezip("edited.zip", [...all, { name: MANIFEST_NAME, input: JSON.stringify(edited) }]) })).rejects.toThrow(/Not a Vidfolio export/);
    }

    // No manifest; not a ZIP at all.
    await expect(importStudio(target.id, { file: await rezip("bare.zip", all) })).rejects.toThrow(/vidfolio-export.json is missing/);
    const junk = path.join(tmp, "junk.zip");
    fs.writeFileSync(junk, "not a zip");
    await expect(importStudio(target.id, { file: junk })).rejects.toMatchObject({ code: "validation" });

    expect(await listKeys(`${target.id}/`)).toEqual([]);
    expect(await db.folder.count({ where: { adminId: target.id } })).toBe(0);
    expect(await db.gallery.count({ where: { adminId: target.id } })).toBe(0);
  });
});

describe("customers in the export (issue 60)", () => {
  it("carry each customer and each gallery's link; an import keeps a customer the studio already has (by e-mail) and links to it", async () => {
    const studio = await createStudio();
    const { gallery, locked } = await seed(studio);
    const emma = await db.customer.create({ data: { adminId: studio.id, name: "Emma Laurent", email: "emma@example.test", phone: "+33 6 12", language: "fr", notes: "Two\nlines" } });
    await db.customer.create({ data: { adminId: studio.id, name: "Noah Berg", email: "noah@example.test" } });
    await db.gallery.update({ where: { id: gallery.id }, data: { customerId: emma.id } });
    const { file, manifest } = await exportTo(studio);
    expect(manifest.customers.map((c) => [c.name, c.email, c.phone, c.language, c.notes])).toEqual([
      ["Emma Laurent", "emma@example.test", "+33 6 12", "fr", "Two\nlines"],
      ["Noah Berg", "noah@example.test", null, "en", null],
    ]);
    expect(manifest.galleries.find((g) => g.id === gallery.id)!.customerId).toBe(emma.id);

    const target = await createStudio();
    const already = await db.customer.create({ data: { adminId: target.id, name: "Noah (kept)", email: "noah@example.test" } });
    await importStudio(target.id, { file });
    const customers = await db.customer.findMany({ where: { adminId: target.id }, orderBy: { email: "asc" } });
    expect(customers.map((c) => [c.name, c.email, c.language, c.notes])).toEqual([
      ["Emma Laurent", "emma@example.test", "fr", "Two\nlines"],
      ["Noah (kept)", "noah@example.test", "en", null],
    ]);
    expect(customers.map((c) => c.id)).toContain(already.id);
    const galleries = await db.gallery.findMany({ where: { adminId: target.id }, select: { customUrl: true, customerId: true } });
    expect(galleries.find((g) => g.customUrl === `${gallery.customUrl}-2`)!.customerId).toBe(customers[0].id);
    expect(galleries.find((g) => g.customUrl === `${locked.customUrl}-2`)!.customerId).toBeNull();

    // A gallery naming a customer the export does not list, or a customer the door would refuse: not an export.
    const all = manifest.files.map((f) => ({ name: f.path, input: unzipFile(file, f.path), lastModified: new Date() }));
    const third = await createStudio();
    for (const edit of [(m: ExportManifest) => (m.galleries[0].customerId = randomUUID()), (m: ExportManifest) => ((m.customers[0] as { language: string }).language = "xx")]) {
      const edited = structuredClone(manifest);
      edit(edited);
      const out = path.join(tmp, "customers-edited.zip");
      fs.writeFileSync(out, Buffer.from(await new Response(makeZip([...all, { name: MANIFEST_NAME, input: JSON.stringify(edited), lastModified: new Date() }])).arrayBuffer()));
      await expect(importStudio(third.id, { file: out })).rejects.toThrow(/Not a Vidfolio export/);
    }
    expect(await db.customer.count({ where: { adminId: third.id } })).toBe(0);
  });

  it("go with their studio when it is deleted", async () => {
    const studio = await createStudio();
    const customer = await db.customer.create({ data: { adminId: studio.id, name: "Gone", email: "gone@example.test" } });
    await db.admin.delete({ where: { id: studio.id } });
    expect(await db.customer.findUnique({ where: { id: customer.id } })).toBeNull();
  });
});

describe("the command line", () => {
  it("npm run export writes the studio's export (and saves it with --out); npm run import brings it into an empty studio", async () => {
    const studio = await createStudio({ creditsMb: 100 });
    const { gallery } = await seedProcessed(studio);
    const before = comparable(await pageOf(gallery.customUrl));
    const out = path.join(tmp, "cli-export.zip");
    // Not spawnSync: when Jest runs in band, the store it started answers from this very process.
    const run = (args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          ["--import", "tsx", "scripts/studio-data.ts", ...args],
          { env: { ...process.env, TSX_TSCONFIG_PATH: "tsconfig.worker.json" }, encoding: "utf8", timeout: 60_000 },
          (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
        ),
      );

    const exported = await run(["export", "--studio", studio.email.toUpperCase(), "--out", out]);
    expect(exported.stderr).not.toMatch(/failed/i);
    expect(exported.status).toBe(0);
    expect(exported.stdout).toMatch(/Ready: .*exports\/.*\.zip/);
    expect(exported.stdout).toContain(`Saved as ${out}`);
    expect(execFileSync("unzip", ["-t", out], { encoding: "utf8" })).toMatch(/No errors detected/);
    expect(await db.studioExport.findFirstOrThrow({ where: { adminId: studio.id }, orderBy: { createdAt: "desc" } })).toMatchObject({ status: "READY", requestedBy: "cli" });

    await db.folder.deleteMany({ where: { adminId: studio.id } });
    const imported = await run(["import", "--studio", studio.email, out]);
    expect(imported.status).toBe(0);
    expect(imported.stdout).toMatch(/Imported 2 folders, 2 galleries, 5 videos, 1 guests, \d+ files .*every checksum verified/);
    await expectProcessingThenProcess(studio.id);
    expect(comparable(await pageOf(gallery.customUrl))).toEqual(before);

    // Refusals say why and exit 1: an unknown studio, a studio that is not empty, no file.
    const unknown = await run(["export", "--studio", "nobody@example.test"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("Export failed: No studio with the email nobody@example.test.");
    const full = await run(["import", "--studio", studio.email, out]);
    expect(full.status).toBe(1);
    expect(full.stderr).toContain("Import failed: The studio is not empty");
    expect((await run(["import", "--studio", studio.email])).status).toBe(1);
  }, 240_000); // each film processed twice (before the export, after the import)
});
