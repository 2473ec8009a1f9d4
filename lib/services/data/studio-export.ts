// A studio's export: everything it has at Vidfolio in one ZIP in the store, so it can
// leave or restore at any time. A worker (the export queue's job, or `npm run export` in-process)
// streams each file from the store through a SHA-256 into client-zip (ZIP64 past 4 GiB) and the
// ZIP straight into a multipart upload: memory holds a few parts, never the archive, and no
// temporary file is written. `vidfolio-export.json` (lib/services/data/rules/export-format.ts) goes last, when every
// file's checksum is known. One export at a time per studio (checked under a lock of its row); the
// export is free (no credit moves); the finished file stays 7 days and the studio gets a mail.
// Free, so they must not pile up: a studio keeps one export. A new one replaces
// the previous one once it is READY (its ZIP deleted from the store, then its row), never before:
// while it runs, or when it fails, the previous one stays downloadable.
import { studioShownName } from "@/lib/texts/labels";
import "@/lib/server-only";
import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { makeZip } from "client-zip";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { log } from "@/lib/log";
import { bucket, s3 } from "@/lib/storage/client";
import { deleteObject, isDroppedConnection, objectFacts, objectSize, uploadStream } from "@/lib/storage/objects";
import { signedDownloadUrl } from "@/lib/storage/downloads";
import { enqueue } from "@/lib/jobs/queue";
import { exportJob } from "@/lib/jobs/kinds";
import { lockStudio } from "@/lib/services/money";
import { sendMail } from "@/lib/mail";
import { exportReady } from "@/lib/mail/templates";
import { dispatchDeliveries, publishEvent } from "@/lib/services/platform";
import { accountPath } from "@/lib/routes";
import { formatBytes, formatDateTime } from "@/lib/format";
import { archiveBase, originalExtension } from "@/lib/services/public/rules/archive-names";
import { EXPORT_FORMAT, EXPORT_TTL_DAYS, EXPORT_VERSION, exportFileName, MANIFEST_NAME, pathClaimer, type ExportFile, type ExportManifest } from "@/lib/services/data/rules/export-format";
import type { ExportStatus, StudioExport } from "@/generated/prisma/client";
import type { ExportState } from "@/lib/contract/studio-data";
import { doors } from "@/lib/contract";
import { lookOf } from "@/lib/services/galleries/rules/gallery-look";

const ACTIVE: ExportStatus[] = ["QUEUED", "RUNNING"];
/** A RUNNING export or import that reported no progress for this long lost its worker: a new one may start. */
export const EXPORT_STALE_MS = 30 * 60 * 1000;

/** A row (an export, an import) whose RUNNING state is silent for long: its worker died. */
export const lostWorker = (row: { status: string; updatedAt: Date }, now = Date.now()): boolean => row.status === "RUNNING" && now - row.updatedAt.getTime() > EXPORT_STALE_MS;

/** The rows a runner may take: QUEUED, or RUNNING but with a worker that died (pg-boss handed the job on). */
export const claimable = () => ({ OR: [{ status: "QUEUED" as const }, { status: "RUNNING" as const, updatedAt: { lt: new Date(Date.now() - EXPORT_STALE_MS) } }] });
/** How often a file's read is resumed (from the byte it stopped at) when the store's connection drops. */
const READ_ATTEMPTS = 4;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 1000;
const HEADS_AT_ONCE = 8;

const exportKey = (adminId: string, exportId: string) => `${adminId}/exports/${exportId}.zip`;

const EXPORT_DOWNLOAD_PATH = doors.studioData.exportDownload.url();

function shape(row: StudioExport, previous: StudioExport | null = null): ExportState {
  return {
    id: row.id,
    status: row.status,
    fileName: row.fileName,
    totalBytes: Number(row.totalBytes),
    doneBytes: Number(row.doneBytes),
    files: row.files,
    sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: row.status === "READY" ? EXPORT_DOWNLOAD_PATH : null,
    previous:
      row.status !== "READY" && previous
        ? {
            fileName: previous.fileName,
            sizeBytes: previous.sizeBytes === null ? null : Number(previous.sizeBytes),
            expiresAt: previous.expiresAt?.toISOString() ?? null,
            downloadUrl: EXPORT_DOWNLOAD_PATH,
          }
        : null,
  };
}

/** The studio's newest export that can be downloaded (READY, within its days), or null. */
const downloadable = (adminId: string) => db.studioExport.findFirst({ where: { adminId, status: "READY", expiresAt: { gt: new Date() } }, orderBy: { createdAt: "desc" } });

/** The studio's latest export, or null; with the previous one while the latest is not ready. */
export async function exportState(actor: { id: string }): Promise<ExportState | null> {
  const row = await db.studioExport.findFirst({ where: { adminId: actor.id }, orderBy: { createdAt: "desc" } });
  return row ? shape(row, row.status === "READY" ? null : await downloadable(actor.id)) : null;
}

/**
 * Starts an export of the studio (409 `export_running` while one is queued or running). The check
 * and the insert happen under a lock of the studio's row, so two clicks at once start one export.
 */
export async function startExport(actor: { id: string; name: string; companyName: string }, requestedBy: "studio" | "cli" = "studio"): Promise<ExportState> {
  const now = new Date();
  const row = await db.$transaction(async (tx) => {
    await lockStudio(tx, actor.id);
    const active = await tx.studioExport.findFirst({ where: { adminId: actor.id, status: { in: ACTIVE } } });
    if (active) {
      // A running export silent for long lost its worker (and its job's retries): it gives way.
      if (lostWorker(active, now.getTime())) {
        await tx.studioExport.update({ where: { id: active.id }, data: { status: "FAILED", error: TEXTS.export.workerLost, finishedAt: now } });
      } else {
        throw new AppError("export_running", TEXTS.export.running);
      }
    }
    const id = randomUUID();
    return tx.studioExport.create({
      data: { id, adminId: actor.id, storageKey: exportKey(actor.id, id), fileName: exportFileName(studioShownName(actor), now), requestedBy },
    });
  });
  if (requestedBy === "studio") {
    try {
      await enqueue(exportJob, { exportId: row.id });
    } catch (e) {
      await db.studioExport.update({ where: { id: row.id }, data: { status: "FAILED", error: TEXTS.export.startFailed, finishedAt: new Date() } });
      log().error({ err: e, exportId: row.id }, "could not queue the export");
      throw new AppError("UNAVAILABLE", TEXTS.export.startFailed);
    }
  }
  return shape(row, await downloadable(actor.id));
}

/** A signed address (minutes) of the studio's READY export (the previous one while a new one is not ready), saved under its file name; 404 when there is none. */
export async function exportDownloadUrl(actor: { id: string }): Promise<string> {
  const row = await downloadable(actor.id);
  if (!row) throw new AppError("NOT_FOUND", TEXTS.export.notReady);
  return signedDownloadUrl(row.storageKey, row.fileName);
}

type Planned = ExportFile & { lastModified: Date };

/** Each store object the studio's rows reference, once, with its facts (HEAD); a missing one is left out. */
async function headAll(keys: string[]): Promise<Map<string, NonNullable<Awaited<ReturnType<typeof objectFacts>>>>> {
  const found = new Map<string, NonNullable<Awaited<ReturnType<typeof objectFacts>>>>();
  for (let i = 0; i < keys.length; i += HEADS_AT_ONCE) {
    await Promise.all(
      keys.slice(i, i + HEADS_AT_ONCE).map(async (key) => {
        const facts = await objectFacts(key);
        if (facts) found.set(key, facts);
      }),
    );
  }
  return found;
}

/** The manifest (without checksums yet) and the files to pack, in order. */
export async function planExport(adminId: string, now = new Date()): Promise<{ manifest: ExportManifest; files: Planned[]; missing: string[] }> {
  const [admin, folders, customers, galleries, videos, guests, credits] = await Promise.all([
    db.admin.findUniqueOrThrow({ where: { id: adminId } }),
    db.folder.findMany({ where: { adminId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.customer.findMany({ where: { adminId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.gallery.findMany({ where: { adminId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { showcase: { orderBy: { position: "asc" } } } }),
    db.video.findMany({
      where: { adminId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      include: {
        chapters: { orderBy: { cueSeconds: "asc" } },
        captions: { orderBy: { language: "asc" } },
        comments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { invite: { select: { email: true } } } },
        approvals: { orderBy: [{ decidedAt: "asc" }, { id: "asc" }], include: { invite: { select: { email: true } } } },
      },
    }),
    db.galleryInvite.findMany({ where: { adminId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.creditEntry.findMany({ where: { adminId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  const keys = [
    admin.companyLogoUrl,
    admin.companyFaviconUrl,
    ...galleries.flatMap((g) => [g.bgImageUrl, g.bgVideoUrl, g.musicUrl]),
    ...videos.flatMap((v) => [v.storageKey, v.thumbnailKey, ...v.captions.map((c) => c.storageKey)]),
  ].filter((k): k is string => !!k);
  const heads = await headAll([...new Set(keys)]);
  const files: Planned[] = [];
  const missing: string[] = [];
  const byKey = new Map<string, string>();
  const claim = pathClaimer();
  /** The ZIP path of a stored object (the same object twice is packed once), or null when it is gone. */
  const file = (key: string | null, stem: string, ext: string): string | null => {
    if (!key) return null;
    const known = byKey.get(key);
    if (known) return known;
    const head = heads.get(key);
    if (!head) {
      missing.push(key);
      return null;
    }
    const path = claim(stem, ext);
    byKey.set(key, path);
    files.push({ path, key, size: head.size, sha256: "", contentType: head.contentType ?? "application/octet-stream", lastModified: head.lastModified ?? new Date() });
    return path;
  };
  const iso = (d: Date | null) => d?.toISOString() ?? null;

  const logo = file(admin.companyLogoUrl, "studio/logo", `.${originalExtension(admin.companyLogoUrl ?? "", "png")}`);
  const favicon = file(admin.companyFaviconUrl, "studio/favicon", `.${originalExtension(admin.companyFaviconUrl ?? "", "png")}`);
  const folderDirs = new Map(folders.map((f) => [f.id, claim(`galleries/${archiveBase(f.name, "Folder")}`)]));
  const galleryDirs = new Map(galleries.map((g) => [g.id, claim(`${folderDirs.get(g.folderId)}/${archiveBase(g.name || g.title, "Gallery")}`)]));

  // The rows as the app's doors wrote them (the manifest's schema holds them to the same rules).
  type G = ExportManifest["galleries"][number];
  const manifestGalleries = galleries.map((g): G => {
    const dir = galleryDirs.get(g.id)!;
    return {
      id: g.id,
      folderId: g.folderId,
      name: g.name,
      title: g.title,
      subtitle: g.subtitle,
      customUrl: g.customUrl,
      templateId: g.templateId as G["templateId"],
      fheading: g.fheading as G["fheading"],
      fbody: g.fbody as G["fbody"],
      look: lookOf(g),
      settings: { download: g.settingDownload, share: g.settingShare, listed: g.settingListed, tv: g.settingTv, playAll: g.settingPlayAll, language: g.settingLanguage },
      background: {
        image: file(g.bgImageUrl, `${dir}/_gallery/background`, `.${originalExtension(g.bgImageUrl ?? "", "jpg")}`),
        video: file(g.bgVideoUrl, `${dir}/_gallery/background-video`, `.${originalExtension(g.bgVideoUrl ?? "")}`),
      },
      music: { file: file(g.musicUrl, `${dir}/_gallery/music`, `.${originalExtension(g.musicUrl ?? "", "mp3")}`), name: g.musicName },
      passwordHash: g.passwordHash,
      downloadPinHash: g.downloadPinHash,
      expiresAt: iso(g.expiresAt),
      remindersEnabled: g.remindersEnabled,
      review: { mode: g.reviewMode ? "review" : "delivery", unlockOnApproval: g.unlockOnApproval, revisionRounds: g.revisionRounds },
      showcase: g.showcase.map((s) => s.videoId),
      customerId: g.customerId,
      createdAt: g.createdAt.toISOString(),
    };
  });

  const manifestVideos = videos.flatMap((v) => {
    const dir = galleryDirs.get(v.galleryId)!;
    const ext = `.${originalExtension(v.storageKey)}`;
    const film = file(v.storageKey, `${dir}/${archiveBase(v.title)}`, ext);
    // An original the store lost cannot be exported (it is listed under `missing`).
    if (!film) return [];
    const stem = film.slice(0, film.length - ext.length);
    return [
      {
        id: v.id,
        galleryId: v.galleryId,
        title: v.title,
        file: film,
        thumbnail: file(v.thumbnailKey, stem, `.thumbnail.${originalExtension(v.thumbnailKey ?? "", "jpg")}`),
        sizeBytes: v.sizeBytes.toString(),
        durationSec: v.durationSec,
        width: v.width,
        height: v.height,
        cuePoint: v.cuePoint,
        videoCodec: v.videoCodec,
        audioCodec: v.audioCodec,
        bitrate: v.bitrate,
        renditions: v.hlsKey !== null || v.streamKey !== null,
        views: v.views,
        createdAt: v.createdAt.toISOString(),
        chapters: v.chapters.map((c) => ({ title: c.title, cueSeconds: c.cueSeconds })),
        version: v.version,
        comments: v.comments.map((c) => ({
          id: c.id,
          parentId: c.parentId,
          version: c.version,
          byStudio: c.byStudio,
          guestEmail: c.invite?.email ?? null,
          authorName: c.authorName,
          text: c.text,
          time: c.time,
          endTime: c.endTime,
          drawing: (c.drawing as ExportManifest["videos"][number]["comments"][number]["drawing"]) ?? null,
          resolvedAt: iso(c.resolvedAt),
          createdAt: c.createdAt.toISOString(),
          editedAt: iso(c.editedAt),
        })),
        approvals: v.approvals.map((a) => ({
          version: a.version,
          guestEmail: a.invite?.email ?? null,
          guestName: a.guestName,
          decision: a.decision,
          note: a.note,
          decidedAt: a.decidedAt.toISOString(),
        })),
        captions: v.captions.flatMap((c) => {
          const path = file(c.storageKey, stem, `.${c.language}.vtt`);
          return path
            ? [
                {
                  language: c.language as ExportManifest["videos"][number]["captions"][number]["language"],
                  label: c.label,
                  isDefault: c.isDefault,
                  file: path,
                  cueCount: c.cueCount,
                  sizeBytes: c.sizeBytes,
                },
              ]
            : [];
        }),
      },
    ];
  });

  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    source: env().APP_URL,
    studio: {
      name: admin.name,
      email: admin.email,
      companyName: admin.companyName,
      websiteUrl: admin.websiteUrl,
      youtubeUrl: admin.youtubeUrl,
      instagramUrl: admin.instagramUrl,
      facebookUrl: admin.facebookUrl,
      plan: admin.plan,
      creditBytes: admin.creditBytes.toString(),
      logo,
      favicon,
      digestEnabled: admin.digestEnabled,
    },
    folders: folders.map((f) => ({ id: f.id, name: f.name, createdAt: f.createdAt.toISOString() })),
    customers: customers.map((c) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      language: c.language as ExportManifest["customers"][number]["language"],
      notes: c.notes,
      createdAt: c.createdAt.toISOString(),
    })),
    galleries: manifestGalleries,
    videos: manifestVideos,
    guests: guests.map((i) => ({
      galleryId: i.galleryId,
      name: i.name,
      email: i.email,
      mayDownload: i.mayDownload,
      mayComment: i.mayComment,
      mayApprove: i.mayApprove,
      expiresAt: iso(i.expiresAt),
      revokedAt: iso(i.revokedAt),
      sentAt: iso(i.sentAt),
      openedAt: iso(i.openedAt),
      visitedAt: iso(i.visitedAt),
      lastVisitedAt: iso(i.lastVisitedAt),
      createdAt: i.createdAt.toISOString(),
    })),
    credits: credits.map((c) => ({ type: c.type, creditBytes: c.creditBytes.toString(), purpose: c.purpose, amountCents: c.amountCents, createdAt: c.createdAt.toISOString() })),
    files: [],
  };
  return { manifest, files, missing };
}

/**
 * An object's bytes as they stream from the store. A dropped connection resumes from the byte it
 * stopped at (a Range read), up to READ_ATTEMPTS times; a length other than the one planned fails.
 */
export async function* objectBytes(key: string, size: number): AsyncGenerator<Uint8Array> {
  let offset = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      if (offset < size) {
        const res = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key, ...(offset > 0 ? { Range: `bytes=${offset}-` } : {}) }));
        for await (const chunk of res.Body as AsyncIterable<Uint8Array>) {
          offset += chunk.byteLength;
          yield chunk;
        }
      }
      break;
    } catch (e) {
      if (attempt >= READ_ATTEMPTS || !isDroppedConnection(e)) throw e;
      log().warn({ err: e, key, offset, attempt }, "export read dropped; resuming");
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }
  if (offset !== size) throw new Error(`${key}: read ${offset} bytes, expected ${size}`);
}

/** Writes the ZIP of `files` and the manifest to `key` in the store, as it streams. Returns the manifest written. */
export async function writeExportZip(
  key: string,
  plan: { manifest: ExportManifest; files: Planned[] },
  onBytes: (bytes: number) => void | Promise<void>,
  read: (key: string, size: number) => AsyncIterable<Uint8Array> = objectBytes,
): Promise<ExportManifest> {
  const manifest: ExportManifest = { ...plan.manifest, files: [] };
  async function* hashed(f: Planned): AsyncGenerator<Uint8Array> {
    const hash = createHash("sha256");
    let bytes = 0;
    for await (const chunk of read(f.key, f.size)) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      await onBytes(chunk.byteLength);
      yield chunk;
    }
    if (bytes !== f.size) throw new Error(`${f.key}: read ${bytes} bytes, expected ${f.size}`);
    manifest.files.push({ path: f.path, key: f.key, size: f.size, sha256: hash.digest("hex"), contentType: f.contentType });
  }
  async function* entries() {
    for (const f of plan.files) yield { name: f.path, size: f.size, lastModified: f.lastModified, input: hashed(f) };
    // Last: every file's checksum is known by now (client-zip reads one entry to its end before the next).
    yield { name: MANIFEST_NAME, lastModified: new Date(manifest.exportedAt), input: JSON.stringify(manifest, null, 2) };
  }
  // A failed export leaves no parts behind.
  await uploadStream(key, Readable.fromWeb(makeZip(entries()) as import("node:stream/web").ReadableStream<Uint8Array>), "application/zip");
  return manifest;
}

/**
 * Runs an export (the worker's job; `npm run export` in-process). Claims the row (never one another
 * runner is making), packs, uploads, marks it READY for 7 days and mails the studio. Returns what
 * happened; throws when packing failed (the job is retried).
 */
export async function runExport(exportId: string): Promise<"ready" | "skipped"> {
  const claimed = await db.studioExport.updateMany({
    where: { id: exportId, ...claimable() },
    data: { status: "RUNNING", startedAt: new Date(), doneBytes: 0, error: null },
  });
  if (claimed.count === 0) return "skipped";
  const row = await db.studioExport.findUniqueOrThrow({ where: { id: exportId }, include: { admin: true } });
  const plan = await planExport(row.adminId);
  if (plan.missing.length) log().warn({ exportId, missing: plan.missing.length, first: plan.missing[0] }, "export: objects missing from the store left out");
  const totalBytes = plan.files.reduce((n, f) => n + f.size, 0);
  await db.studioExport.update({ where: { id: exportId }, data: { totalBytes: BigInt(totalBytes), files: plan.files.length + 1 } });

  let done = 0;
  let reported = Date.now();
  const started = performance.now();
  await writeExportZip(row.storageKey, plan, async (bytes) => {
    done += bytes;
    if (Date.now() - reported >= PROGRESS_EVERY_MS) {
      reported = Date.now();
      await db.studioExport.update({ where: { id: exportId }, data: { doneBytes: BigInt(done) } });
    }
  });
  const size = (await objectSize(row.storageKey)) ?? 0;
  const finishedAt = new Date();
  const expiresAt = new Date(finishedAt.getTime() + EXPORT_TTL_DAYS * 24 * 60 * 60 * 1000);
  const deliveries = await db.$transaction(async (tx) => {
    await tx.studioExport.update({ where: { id: exportId }, data: { status: "READY", doneBytes: BigInt(done), sizeBytes: BigInt(size), finishedAt, expiresAt } });
    const object = { id: exportId, fileName: row.fileName, sizeBytes: size, files: plan.files.length + 1, expiresAt: expiresAt.toISOString() };
    return publishEvent(tx, { adminId: row.adminId, type: "export.ready", object });
  });
  await dispatchDeliveries(deliveries);
  log().info({ exportId, files: plan.files.length, bytes: done, zipBytes: size, ms: Math.round(performance.now() - started) }, "export ready");
  const link = new URL(accountPath("export"), env().APP_URL).toString();
  await sendMail({ to: row.admin.email, ...(await exportReady(formatBytes(size), formatDateTime(expiresAt), link)) });
  await replacePrevious(row);
  return "ready";
}

/**
 * Once an export is READY, the studio's older ones go: each ZIP is deleted from the store, then its
 * row (failed and expired rows too). Only older ones: an export that finishes late never removes a
 * newer one. A ZIP the store would not delete keeps its row (the storage sweep never reads
 * `<adminId>/exports/`), so the next export, or the expiry job, tries again; the new export is
 * READY and mailed either way.
 */
async function replacePrevious(row: { id: string; adminId: string; createdAt: Date }): Promise<void> {
  try {
    const older = await db.studioExport.findMany({ where: { adminId: row.adminId, createdAt: { lt: row.createdAt }, status: { notIn: ACTIVE } }, select: { id: true, storageKey: true } });
    for (const old of older) {
      await deleteObject(old.storageKey);
      await db.studioExport.deleteMany({ where: { id: old.id } });
    }
  } catch (e) {
    // The new export is ready all the same; what is left goes at the next one.
    log().warn({ err: e, exportId: row.id }, "could not remove the studio's previous export; the next export tries again");
  }
}

/**
 * A run failed (its partial upload was aborted). `final`: the last try, so the studio sees that it
 * failed and may start another; otherwise it waits, QUEUED, for the job's retry. Its caller logs the error.
 */
export async function failExport(exportId: string, final = true): Promise<void> {
  await db.studioExport.updateMany({
    where: { id: exportId, status: { in: ACTIVE } },
    data: final ? { status: "FAILED", error: TEXTS.export.failed, finishedAt: new Date() } : { status: "QUEUED", doneBytes: 0 },
  });
}

/** Deletes finished exports past their days: the hourly job. */
export async function expireExports(now = new Date()): Promise<{ expired: number }> {
  const due = await db.studioExport.findMany({ where: { status: "READY", expiresAt: { lte: now } }, select: { id: true, storageKey: true }, take: 500 });
  for (const row of due) {
    await deleteObject(row.storageKey);
    await db.studioExport.update({ where: { id: row.id }, data: { status: "EXPIRED" } });
  }
  return { expired: due.length };
}
