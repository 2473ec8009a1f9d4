// A studio export (lib/services/data/studio-export.ts) read back into an empty studio: on
// another instance, or after a restore. The ZIP is read by its central directory (yauzl), the
// manifest checked against lib/services/data/rules/export-format.ts and against itself (every reference listed, every
// listed file present with its size), then each file streamed into the store under the new ids'
// keys while its SHA-256 is checked; only when every file is in and verified are the rows written,
// in one transaction, with new ids. A failure anywhere deletes what was stored: nothing half-imported.
// A film comes in as an upload's file does (never trusted as READY): PROCESSING, queued for the worker,
// which probes it and makes its thumbnail and renditions, or refuses it with its failureCode; what
// the manifest says of the film's file (status, duration, size, codecs, views) is not taken.
import "@/lib/server-only";
import { createHash, randomUUID } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import yauzl from "yauzl";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { db, type Tx } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { log } from "@/lib/log";
import { bucket, s3 } from "@/lib/storage/client";
import { deleteObjects, objectSize, uploadStream } from "@/lib/storage/objects";
import { assetsPrefix, galleryPrefix, uniqueName } from "@/lib/storage/keys";
import { inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import * as credits from "@/lib/services/money";
import { TEXTS } from "@/lib/texts";
import { MANIFEST_NAME, manifestSchema, type ExportManifest } from "@/lib/services/data/rules/export-format";
import type { ImportSummary } from "@/lib/contract/studio-data";
import { UPLOAD_TYPES } from "@/lib/validation/uploads";
import { VTT_CONTENT_TYPE } from "@/lib/services/films/rules/vtt";
import { afterImport, fileImportedVideos } from "@/lib/services/films";
import { lookColumns } from "@/lib/services/galleries/rules/gallery-look";

/**
 * What an export Vidfolio wrote stays within: its manifest (a studio of 100 000 films is ~100 MB),
 * and its files (a film, its thumbnail and a few captions each, plus each gallery's media). Each
 * entry of the ZIP's directory is held while the import runs, so a ZIP of millions of empty files
 * (a few MB, within anyone's credits) is refused before its directory is read.
 */
export const IMPORT_LIMITS = { manifestBytes: 256 * 1024 * 1024, entries: 500_000 };
/** What may follow a gallery's prefix in a key: the server's own names (and a video's derived files). */
const SAFE_TAIL = /^[A-Za-z0-9_.][A-Za-z0-9_.-]*(\/[A-Za-z0-9_.-]+)*$/;

const invalid = (why: string) => new AppError("VALIDATION", TEXTS.import.notAnExport(why));

type Zip = { file: yauzl.ZipFile; entries: Map<string, yauzl.Entry> };

/** Where the export is: a file on this machine (npm run import), or an object in the store (the account page's upload). */
export type ImportSource = { file: string } | { key: string; size: number };

/** Reads a stored object by ranges, as yauzl asks: the central directory, then each entry's bytes. */
class StoredZipReader extends yauzl.RandomAccessReader {
  constructor(private readonly key: string) {
    super();
  }
  _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    s3()
      .send(new GetObjectCommand({ Bucket: bucket(), Key: this.key, Range: `bytes=${start}-${end - 1}` }))
      .then((res) => (res.Body as Readable).on("error", (e) => out.destroy(e)).pipe(out))
      .catch((e) => out.destroy(e));
    return out;
  }
}

function openZip(source: ImportSource): Promise<Zip> {
  return new Promise((resolve, reject) => {
    const options = { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true };
    const opened = (err: Error | null, file?: yauzl.ZipFile) => {
      if (err || !file) return reject(invalid(err?.message ?? "unreadable ZIP"));
      if (file.entryCount > IMPORT_LIMITS.entries) {
        file.close();
        return reject(invalid(`${file.entryCount} files, more than an export holds (${IMPORT_LIMITS.entries})`));
      }
      const entries = new Map<string, yauzl.Entry>();
      file.on("entry", (entry: yauzl.Entry) => {
        if (entries.has(entry.fileName)) {
          file.close();
          return reject(invalid(`${entry.fileName} appears twice`));
        }
        entries.set(entry.fileName, entry);
        file.readEntry();
      });
      file.on("end", () => resolve({ file, entries }));
      file.on("error", (e: Error) => reject(invalid(e.message)));
      file.readEntry();
    };
    if ("file" in source) yauzl.open(source.file, options, opened);
    else yauzl.fromRandomAccessReader(new StoredZipReader(source.key), source.size, options, opened);
  });
}

function entryStream(zip: Zip, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.file.openReadStream(entry, (err, stream) => (err || !stream ? reject(invalid(err?.message ?? entry.fileName)) : resolve(stream))));
}

async function readManifest(zip: Zip): Promise<ExportManifest> {
  const entry = zip.entries.get(MANIFEST_NAME);
  if (!entry) throw invalid(`${MANIFEST_NAME} is missing`);
  if (entry.uncompressedSize > IMPORT_LIMITS.manifestBytes) throw invalid(`${MANIFEST_NAME} is too large`);
  const chunks: Buffer[] = [];
  for await (const chunk of await entryStream(zip, entry)) chunks.push(chunk as Buffer);
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw invalid(`${MANIFEST_NAME} is not JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw invalid(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  return parsed.data;
}

/** Where a file goes: the studio's assets, or a gallery's files (`film`: a video's own file, stored as an upload's). */
type Owner = { kind: "asset" } | { kind: "gallery"; folderId: string; galleryId: string; film?: true };

/** The manifest's references all resolve: to a listed file, a folder, a gallery, a video. */
function checkReferences(m: ExportManifest, zip: Zip): Map<string, Owner> {
  const files = new Map(m.files.map((f) => [f.path, f]));
  if (files.size !== m.files.length) throw invalid("a file is listed twice");
  for (const f of m.files) {
    const entry = zip.entries.get(f.path);
    if (!entry) throw invalid(`${f.path} is listed but not in the ZIP`);
    if (entry.uncompressedSize !== f.size) throw invalid(`${f.path} is ${entry.uncompressedSize} bytes in the ZIP, ${f.size} in the list`);
  }
  // Each id, delivery link, showcased film and guest once (the rows' keys and unique columns).
  const once = (values: string[], what: string) => {
    if (new Set(values).size !== values.length) throw invalid(`${what} is listed twice`);
  };
  once(
    [...m.folders, ...m.galleries, ...m.videos].map((row) => row.id),
    "an id",
  );
  once(
    m.galleries.map((g) => g.customUrl.toLowerCase()),
    "a delivery link",
  );
  for (const g of m.galleries) once(g.showcase, `a showcased video of gallery ${g.id}`);
  once(
    m.customers.map((c) => c.id),
    "a customer",
  );
  once(
    m.customers.map((c) => c.email),
    "a customer's e-mail",
  );
  const customers = new Set(m.customers.map((c) => c.id));
  once(
    m.guests.map((i) => `${i.galleryId} ${i.email.toLowerCase()}`),
    "a guest",
  );
  const folders = new Set(m.folders.map((f) => f.id));
  const galleries = new Map(m.galleries.map((g) => [g.id, g]));
  const videos = new Set(m.videos.map((v) => v.id));
  const owners = new Map<string, Owner>();
  const own = (path: string | null, owner: Owner) => {
    if (path === null) return;
    if (!files.has(path)) throw invalid(`${path} is referenced but not listed`);
    owners.set(path, owner);
  };
  own(m.studio.logo, { kind: "asset" });
  own(m.studio.favicon, { kind: "asset" });
  for (const g of m.galleries) {
    if (!folders.has(g.folderId)) throw invalid(`gallery ${g.id} names an unknown folder`);
    if (g.customerId !== null && !customers.has(g.customerId)) throw invalid(`gallery ${g.id} names an unknown customer`);
    const owner = { kind: "gallery" as const, folderId: g.folderId, galleryId: g.id };
    own(g.background.image, owner);
    own(g.background.video, owner);
    own(g.music.file, owner);
    for (const v of g.showcase) if (!videos.has(v)) throw invalid(`gallery ${g.id} showcases an unknown video`);
  }
  for (const v of m.videos) {
    const g = galleries.get(v.galleryId);
    if (!g) throw invalid(`video ${v.id} names an unknown gallery`);
    const owner = { kind: "gallery" as const, folderId: g.folderId, galleryId: g.id };
    own(v.file, { ...owner, film: true });
    // The worker makes the film's thumbnail from the film, as for an upload: the export's copy (for
    // people reading the ZIP) must be listed, but is not imported.
    if (v.thumbnail !== null && !files.has(v.thumbnail)) throw invalid(`${v.thumbnail} is referenced but not listed`);
    for (const c of v.captions) own(c.file, owner);
  }
  for (const i of m.guests) if (!galleries.has(i.galleryId)) throw invalid("a guest names an unknown gallery");
  return owners;
}

/** The key's part after its owner's prefix (adminId/folderId/galleryId/ or adminId/assets/), kept when it is one of the server's names (an asset's: one segment). */
function tail(oldKey: string, kind: Owner["kind"]): string | null {
  const rest = oldKey
    .split("/")
    .slice(kind === "asset" ? 2 : 3)
    .join("/");
  return SAFE_TAIL.test(rest) && !rest.includes("..") && !(kind === "asset" && rest.includes("/")) ? rest : null;
}

/** The types an import stores a file as: what the app's own doors store (video, audio, raster images, WebVTT); anything else, HTML, SVG or script among them, is stored as bytes to download, never to run. */
const STORABLE_TYPES = new Set<string>([...UPLOAD_TYPES.asset, ...UPLOAD_TYPES.image, ...UPLOAD_TYPES.audio, VTT_CONTENT_TYPE, VTT_CONTENT_TYPE.split(";")[0]]);
const VIDEO_TYPE = /^video\/[a-z0-9.+-]+$/i;
/** A film's own file is stored under a video type, as the upload door allows (lib/validation/uploads.ts), or as bytes. */
const storedType = (listed: string, owner: Owner) => {
  const type = listed.trim();
  if (owner.kind === "gallery" && owner.film) return VIDEO_TYPE.test(type) ? type : "application/octet-stream";
  return VIDEO_TYPE.test(type) || STORABLE_TYPES.has(type.toLowerCase()) ? type : "application/octet-stream";
};

/** Whether the stored object at `key` is the listed file (its size and SHA-256). */
async function sameFile(key: string, f: ExportManifest["files"][number]): Promise<boolean> {
  const res = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of res.Body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > f.size) {
      (res.Body as Readable).destroy();
      return false;
    }
    hash.update(chunk);
  }
  return size === f.size && hash.digest("hex") === f.sha256;
}

/** Delivery links free on this instance: a taken one gets "-2", "-3"… */
async function freeLinks(wanted: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  const taken = async (slug: string) => used.has(slug) || (await db.gallery.count({ where: { customUrl: slug } })) > 0;
  for (const slug of wanted) {
    let candidate = slug;
    for (let n = 2; await taken(candidate); n++) candidate = `${slug}-${n}`;
    used.add(candidate);
    out.set(slug, candidate);
  }
  return out;
}

export type ImportOptions = {
  /** Restore the credit history and balance: an operator's restore (npm run import), never the studio's own upload, since the manifest is a file anyone could edit. */
  restoreCredits?: boolean;
  /** Charge the imported bytes as an upload's (the account page's import): once per key, refused when the studio lacks the credits. */
  charge?: { key: string; purpose: string };
  /** Runs in the transaction that writes the rows (the account page's import marks itself done there, so a worker dying after it leaves no import that looks failed). */
  onCommit?: (tx: Tx, summary: ImportSummary) => Promise<unknown>;
  /** Bytes stored so far of how many. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
};

/** Whether the studio has nothing an import would mix with (no folder, so no gallery or video). */
export async function isEmptyStudio(adminId: string, tx: Pick<typeof db, "folder"> = db): Promise<boolean> {
  return (await tx.folder.count({ where: { adminId } })) === 0;
}

/** Imports the export at `source` into the studio `adminId`, which must have no folder yet. */
export async function importStudio(adminId: string, source: ImportSource, options: ImportOptions = {}): Promise<ImportSummary> {
  const admin = await db.admin.findFirst({ where: { id: adminId, role: "admin" } });
  if (!admin) throw notFound();
  if (!(await isEmptyStudio(adminId))) throw new AppError("CONFLICT", TEXTS.import.notEmpty);
  const zip = await openZip(source);
  const stored: string[] = [];
  try {
    const m = await readManifest(zip);
    const owners = checkReferences(m, zip);

    // A new id for each folder, gallery and video.
    const ids = new Map([...m.folders, ...m.galleries, ...m.videos].map((row) => [row.id, randomUUID()]));

    // Each referenced file into the store under its new key, checked as it streams.
    const keys = new Map<string, string>();
    const taken = new Set<string>();
    let bytes = 0;
    const total = m.files.filter((f) => owners.has(f.path)).reduce((n, f) => n + f.size, 0);
    // Refused before anything is stored (and checked again, under the lock, when charged).
    if (options.charge && (await db.$transaction((tx) => credits.available(tx, adminId))) < BigInt(total)) throw new AppError("not_enough_credits", TEXTS.notEnoughCredits);
    await options.onProgress?.(0, total);
    for (const f of m.files) {
      const owner = owners.get(f.path);
      if (!owner) continue; // listed, referenced by nothing: not imported
      // A gallery's prefix is new (new ids), so its old names cannot meet anything stored. The
      // studio's assets may be there already (a restore of its own export: its logo): the very
      // same file is used as it is, another one under an old name in use gets a fresh name, so
      // nothing of the studio is overwritten and a failure's clean-up deletes only what this
      // import stored. A name met twice in the manifest gets a fresh one.
      const prefix = owner.kind === "asset" ? assetsPrefix(adminId) : galleryPrefix(adminId, ids.get(owner.folderId)!, ids.get(owner.galleryId)!);
      const kept = tail(f.key, owner.kind);
      let key = kept !== null && !taken.has(prefix + kept) ? prefix + kept : prefix + uniqueName(f.path.split("/").pop()!);
      if (owner.kind === "asset" && (await objectSize(key)) !== null) {
        if (await sameFile(key, f)) {
          taken.add(key);
          keys.set(f.path, key);
          bytes += f.size;
          await options.onProgress?.(bytes, total);
          continue;
        }
        key = prefix + uniqueName(f.path.split("/").pop()!);
      }
      taken.add(key);
      const hash = createHash("sha256");
      let size = 0;
      const body = new PassThrough();
      const source = await entryStream(zip, zip.entries.get(f.path)!);
      source.on("data", (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
        // While a file streams too (one can take longer than the 30 minutes after which a silent import looks lost).
        if (options.onProgress && size < f.size) Promise.resolve(options.onProgress(bytes + size, total)).catch((err) => log().warn({ err, adminId }, "import progress not recorded"));
      });
      source.on("error", (e) => body.destroy(e));
      source.pipe(body);
      stored.push(key);
      await uploadStream(key, body, storedType(f.contentType, owner));
      if (size !== f.size || hash.digest("hex") !== f.sha256) throw invalid(`${f.path} does not match its checksum`);
      keys.set(f.path, key);
      bytes += size;
      await options.onProgress?.(bytes, total);
    }
    const keyOf = (path: string | null) => (path === null ? null : keys.get(path)!);
    const sizeOf = new Map(m.files.map((f) => [f.path, f.size]));

    const links = await freeLinks(m.galleries.map((g) => g.customUrl));
    const date = (d: string | null) => (d === null ? null : new Date(d));
    const renamedLinks = [...links].filter(([from, to]) => from !== to).map(([from, to]) => ({ from, to }));
    const summary: ImportSummary = {
      folders: m.folders.length,
      galleries: m.galleries.length,
      videos: m.videos.length,
      guests: m.guests.length,
      files: keys.size,
      bytes,
      creditsRestored: false,
      renamedLinks,
    };
    await db.$transaction(async (tx) => {
      if (!(await isEmptyStudio(adminId, tx))) throw new AppError("CONFLICT", TEXTS.import.notEmpty);
      if (options.charge) await credits.spend(tx, options.charge.key, { adminId, bytes: BigInt(bytes), purpose: options.charge.purpose });
      await tx.admin.update({
        where: { id: adminId },
        data: {
          companyName: m.studio.companyName,
          websiteUrl: m.studio.websiteUrl,
          youtubeUrl: m.studio.youtubeUrl,
          instagramUrl: m.studio.instagramUrl,
          facebookUrl: m.studio.facebookUrl,
          companyLogoUrl: keyOf(m.studio.logo),
          companyFaviconUrl: keyOf(m.studio.favicon),
          digestEnabled: m.studio.digestEnabled,
        },
      });
      await tx.folder.createMany({ data: m.folders.map((f) => ({ id: ids.get(f.id)!, name: f.name, adminId, createdAt: new Date(f.createdAt) })) });
      const customerIds = await importCustomers(tx, m, adminId);
      await tx.gallery.createMany({
        data: m.galleries.map((g) => ({
          id: ids.get(g.id)!,
          adminId,
          folderId: ids.get(g.folderId)!,
          name: g.name,
          title: g.title,
          subtitle: g.subtitle,
          customUrl: links.get(g.customUrl)!,
          templateId: g.templateId,
          fheading: g.fheading,
          fbody: g.fbody,
          ...lookColumns(g.look),
          settingDownload: g.settings.download,
          settingShare: g.settings.share,
          settingListed: g.settings.listed,
          settingTv: g.settings.tv,
          settingPlayAll: g.settings.playAll,
          settingLanguage: g.settings.language,
          bgImageUrl: keyOf(g.background.image),
          bgVideoUrl: keyOf(g.background.video),
          musicUrl: keyOf(g.music.file),
          musicName: g.music.name,
          passwordHash: g.passwordHash,
          downloadPinHash: g.downloadPinHash,
          expiresAt: date(g.expiresAt),
          remindersEnabled: g.remindersEnabled,
          reviewMode: g.review.mode === "review",
          unlockOnApproval: g.review.unlockOnApproval,
          revisionRounds: g.review.revisionRounds,
          customerId: g.customerId === null ? null : customerIds.get(g.customerId)!,
          createdAt: new Date(g.createdAt),
        })),
      });
      await fileImportedVideos(
        tx,
        m.videos.map((v) => ({
          id: ids.get(v.id)!,
          adminId,
          galleryId: ids.get(v.galleryId)!,
          title: v.title,
          storageKey: keyOf(v.file)!,
          // The stored file's size (checked against its checksum), not the manifest's word for it.
          sizeBytes: BigInt(sizeOf.get(v.file)!),
          cuePoint: v.cuePoint,
          createdAt: new Date(v.createdAt),
        })),
      );
      await tx.chapter.createMany({ data: m.videos.flatMap((v) => v.chapters.map((c) => ({ videoId: ids.get(v.id)!, title: c.title, cueSeconds: c.cueSeconds }))) });
      await tx.caption.createMany({
        data: m.videos.flatMap((v) =>
          v.captions.map((c) => ({
            videoId: ids.get(v.id)!,
            adminId,
            language: c.language,
            label: c.label,
            isDefault: c.isDefault,
            storageKey: keyOf(c.file)!,
            cueCount: c.cueCount,
            sizeBytes: sizeOf.get(c.file)!,
          })),
        ),
      });
      await tx.showcaseItem.createMany({ data: m.galleries.flatMap((g) => g.showcase.map((v, position) => ({ galleryId: ids.get(g.id)!, videoId: ids.get(v)!, position }))) });
      // Guests get new personal links (a link is derived from its invite's id, which is new).
      const guestIds = new Map<string, string>();
      await tx.galleryInvite.createMany({
        data: m.guests.map((i) => {
          const id = randomUUID();
          guestIds.set(`${i.galleryId}|${i.email}`, id);
          const salt = newInviteSalt();
          return {
            id,
            adminId,
            galleryId: ids.get(i.galleryId)!,
            name: i.name,
            email: i.email,
            salt,
            tokenHash: tokenHash(inviteToken(id, salt)),
            mayDownload: i.mayDownload,
            mayComment: i.mayComment,
            mayApprove: i.mayApprove,
            expiresAt: date(i.expiresAt),
            revokedAt: date(i.revokedAt),
            sentAt: date(i.sentAt),
            openedAt: date(i.openedAt),
            visitedAt: date(i.visitedAt),
            lastVisitedAt: date(i.lastVisitedAt),
            createdAt: new Date(i.createdAt),
          };
        }),
      });
      await importComments(tx, m, ids, guestIds, adminId);
      if (options.restoreCredits) {
        summary.creditsRestored = await credits.restoreHistory(tx, adminId, {
          balance: BigInt(m.studio.creditBytes),
          entries: m.credits.map((c) => ({ type: c.type, bytes: BigInt(c.creditBytes), purpose: c.purpose, amountCents: c.amountCents, createdAt: new Date(c.createdAt) })),
        });
      }
      await options.onCommit?.(tx, summary);
    });
    // Every film to the worker, as a completed upload: probed, processed, or refused with its failureCode.
    await afterImport(m.videos.map((v) => ids.get(v.id)!));
    log().info({ adminId, files: keys.size, bytes, galleries: m.galleries.length, videos: m.videos.length }, "export imported");
    return summary;
  } catch (e) {
    // Nothing half-imported: the files stored so far go again (the rows were never written).
    for (let i = 0; i < stored.length; i += 1000) await deleteObjects(stored.slice(i, i + 1000)).catch((err) => log().error({ err }, "import clean-up failed"));
    throw e;
  } finally {
    zip.file.close();
  }
}

/**
 * The films' versions, review comments and decisions, under new ids: threads first, then their
 * replies (a reply names its thread's new id), each guest's comment linked to that guest's new invite
 * (by the gallery and address; a guest no longer there keeps their name only).
 */
/**
 * The export's customers, by e-mail: one the studio already has (a studio may add customers before
 * it restores its galleries) is kept as it is, the others are created. Their export ids → the rows'.
 */
async function importCustomers(tx: Tx, m: ExportManifest, adminId: string): Promise<Map<string, string>> {
  await tx.customer.createMany({
    data: m.customers.map(({ id: _id, createdAt, ...c }) => ({ ...c, adminId, createdAt: new Date(createdAt) })),
    skipDuplicates: true,
  });
  const rows = await tx.customer.findMany({ where: { adminId, email: { in: m.customers.map((c) => c.email) } }, select: { id: true, email: true } });
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  return new Map(m.customers.map((c) => [c.id, byEmail.get(c.email)!]));
}

async function importComments(tx: Tx, m: ExportManifest, ids: Map<string, string>, guestIds: Map<string, string>, adminId: string) {
  for (const v of m.videos) if (v.version > 1) await tx.video.update({ where: { id: ids.get(v.id)! }, data: { version: v.version } });
  // An id given twice (a hand-edited file) counts once.
  const commentIds = new Map<string, string>();
  const rows = m.videos.flatMap((v) => {
    const once = v.comments.filter((c) => !commentIds.has(c.id) && commentIds.set(c.id, randomUUID()));
    const threadsOfFilm = new Set(once.filter((c) => c.parentId === null).map((c) => c.id));
    // A reply answers a thread of its own film; one whose thread is not there has nothing to answer.
    return once
      .filter((c) => c.parentId === null || threadsOfFilm.has(c.parentId))
      .map((c) => ({
        id: commentIds.get(c.id)!,
        videoId: ids.get(v.id)!,
        galleryId: ids.get(v.galleryId)!,
        adminId,
        version: c.version,
        byStudio: c.byStudio,
        inviteId: c.guestEmail ? (guestIds.get(`${v.galleryId}|${c.guestEmail}`) ?? null) : null,
        authorName: c.authorName,
        text: c.text,
        time: c.time,
        endTime: c.endTime,
        ...(c.drawing ? { drawing: c.drawing } : {}),
        parentId: c.parentId === null ? null : commentIds.get(c.parentId)!,
        resolvedAt: c.resolvedAt ? new Date(c.resolvedAt) : null,
        createdAt: new Date(c.createdAt),
        editedAt: c.editedAt ? new Date(c.editedAt) : null,
      }));
  });
  await tx.videoComment.createMany({ data: rows.filter((r) => r.parentId === null) });
  await tx.videoComment.createMany({ data: rows.filter((r) => r.parentId !== null) });
  // Guests' decisions, each relinked to its guest's new invite like their comments (one per guest
  // and version: a hand-edited file's second one is skipped).
  await tx.videoApproval.createMany({
    skipDuplicates: true,
    data: m.videos.flatMap((v) =>
      v.approvals.map((a) => ({
        videoId: ids.get(v.id)!,
        galleryId: ids.get(v.galleryId)!,
        adminId,
        inviteId: a.guestEmail ? (guestIds.get(`${v.galleryId}|${a.guestEmail}`) ?? null) : null,
        guestName: a.guestName,
        version: a.version,
        decision: a.decision,
        note: a.note,
        decidedAt: new Date(a.decidedAt),
      })),
    ),
  });
}
