// The numbers say what they are (issue 55 item 4). Credits are charged on upload (spec §4) and a
// delete returns none, so the studio's pages show two figures: Credits used (uploads' charges, a
// rejected file's refund netted) and Stored now (what its files occupy today, dropping at once on a
// delete: lib/services/money/stored-now.ts). A refund is its own ledger kind, never a purchase.
// Everything goes through the real doors, the real database and the real S3 store.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { ListObjectsCommand } from "@aws-sdk/client-s3";
import { db } from "@/lib/db";
import { bytesToMb } from "@/lib/format";
import { TEXTS } from "@/lib/texts";
import { bucket, s3 } from "@/lib/storage/client";
import { studioPrefix } from "@/lib/storage/keys";
import { billingOverview } from "@/lib/services/money/billing";
import { creditHistory } from "@/lib/services/money/payments";
import { storedBytes } from "@/lib/services/money/stored-now";
import { restoreHistory } from "@/lib/services/money/credits";
import { DELETE as deleteVideoRoute } from "@/app/api/videos/deleteVideo/[videoId]/route";
import { DELETE as deleteVersionRoute } from "@/app/api/videos/versions/[videoId]/[version]/route";
import { DELETE as deleteFolderRoute } from "@/app/api/folder/folders/[id]/route";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { deleteGallery, paidSession, uploadVideo, verifySession } from "../helpers/uploads";
import { processVideoWhole } from "../helpers/videos";
import type { Admin } from "@/generated/prisma/client";

/** Every object of the studio in the store, by listing it, less what Vidfolio derives from a file (`<key>.derived/`). */
async function recount(adminId: string): Promise<bigint> {
  let total = BigInt(0);
  let marker: string | undefined;
  for (;;) {
    const page = await s3().send(new ListObjectsCommand({ Bucket: bucket(), Prefix: studioPrefix(adminId), Marker: marker, MaxKeys: 1000 }));
    const objects = page.Contents ?? [];
    for (const o of objects) if (!o.Key!.includes(".derived/")) total += BigInt(o.Size ?? 0);
    if (!page.IsTruncated || objects.length === 0) return total;
    marker = objects[objects.length - 1].Key;
  }
}

/** The ledger's own sum: what every entry adds and takes. */
async function ledgerSum(adminId: string): Promise<bigint> {
  const entries = await db.creditEntry.findMany({ where: { adminId } });
  return entries.reduce((sum, e) => (e.type === "used" ? sum - e.creditBytes : sum + e.creditBytes), BigInt(0));
}

async function newStudio() {
  const studio = await createStudio({ creditsMb: 0 });
  const token = await bearerFor(studio);
  await verifySession(token, await paidSession(token, 5));
  return { studio: await db.admin.findUniqueOrThrow({ where: { id: studio.id } }), token };
}

async function newGallery(adminId: string) {
  const folder = await db.folder.create({ data: { name: "F", adminId } });
  return db.gallery.create({ data: { name: "G", folderId: folder.id, adminId, customUrl: `figures-${folder.id}` } });
}

async function upload(token: string, galleryId: string, size: number, extra: Record<string, string> = {}, fileName = "film.mp4") {
  const { res } = await uploadVideo(token, galleryId, size, extra, fileName);
  if (res.status !== 200) throw new Error(`complete answered ${res.status}: ${await res.text()}`);
  return (await res.json()).video._id as string;
}

const reloaded = (studio: Admin) => db.admin.findUniqueOrThrow({ where: { id: studio.id } });

describe("Stored now: what the studio's files occupy today", () => {
  it("goes down at once when a film is deleted, while Credits used stay as charged", async () => {
    const { studio, token } = await newStudio();
    const gallery = await newGallery(studio.id);
    const filmId = await upload(token, gallery.id, 3000);
    await upload(token, gallery.id, 1000);
    const before = await billingOverview(await reloaded(studio));
    expect(before.storedMb).toBe(bytesToMb(BigInt(4000)));
    expect(before.usedMb).toBe(bytesToMb(BigInt(4000)));

    expect((await call(deleteVideoRoute, request("DELETE", "/x", { token }), { videoId: filmId })).status).toBe(200);
    const after = await billingOverview(await reloaded(studio));
    expect(after.storedMb).toBe(bytesToMb(BigInt(1000)));
    expect(after.usedMb).toBe(bytesToMb(BigInt(4000))); // spec §4: used on upload; a delete returns nothing
    expect((await creditHistory(await reloaded(studio), 1)).storedMb).toBe(bytesToMb(BigInt(1000)));
    expect(await storedBytes(db, studio.id)).toBe(await recount(studio.id));
  });

  it("goes down when a gallery or a folder is deleted, and counts a kept version until it is deleted", async () => {
    const { studio, token } = await newStudio();
    const gallery = await newGallery(studio.id);
    const filmId = await upload(token, gallery.id, 2000);
    await db.video.update({ where: { id: filmId }, data: { status: "READY" } }); // the worker's READY: the next upload is a new cut
    await upload(token, gallery.id, 500, { replaceVideoId: filmId, keepPrevious: "true" });
    expect(await storedBytes(db, studio.id)).toBe(BigInt(2500));
    expect((await call(deleteVersionRoute, request("DELETE", "/x", { token }), { videoId: filmId, version: "1" })).status).toBe(200);
    expect(await storedBytes(db, studio.id)).toBe(BigInt(500));
    expect((await deleteGallery(token, gallery.id)).status).toBe(200);
    expect(await storedBytes(db, studio.id)).toBe(BigInt(0));

    const other = await newGallery(studio.id);
    await upload(token, other.id, 700);
    expect(await storedBytes(db, studio.id)).toBe(BigInt(700));
    expect((await call(deleteFolderRoute, request("DELETE", "/x", { token }), { id: other.folderId })).status).toBe(200);
    expect(await storedBytes(db, studio.id)).toBe(BigInt(0));
    expect(await recount(studio.id)).toBe(BigInt(0));
  });
});

describe("a rejected file's refund", () => {
  it("is listed as a refund of that file, nets Credits used and is not counted as purchased", async () => {
    const { studio, token } = await newStudio();
    const gallery = await newGallery(studio.id);
    const bought = await creditHistory(studio, 1);
    const filmId = await upload(token, gallery.id, 20, {}, "not-a-film.mp4"); // 20 zero bytes: no video in it
    await expect(processVideoWhole(filmId)).resolves.toBe("failed");

    const history = await creditHistory(await reloaded(studio), 1);
    const [refund, charge] = history.entries;
    expect(refund).toMatchObject({ type: "refund", credits: bytesToMb(BigInt(20)), purpose: TEXTS.videoFailure.refundPurpose("not-a-film.mp4"), amount: null });
    expect(refund.purpose).toContain("not-a-film.mp4");
    expect(charge).toMatchObject({ type: "used", credits: bytesToMb(BigInt(20)) });
    expect(history.purchased).toBe(bought.purchased);
    expect(history.used).toBe(0);
    expect(history.balance).toBe(bought.balance);
    expect(history.balance).toBeCloseTo(history.purchased + history.granted - history.used, 9);
    expect(history.storedMb).toBe(0); // the file is deleted
    expect(await recount(studio.id)).toBe(BigInt(0));
    const billing = await billingOverview(await reloaded(studio));
    expect(billing).toMatchObject({ usedMb: 0, totalMb: bought.purchased, storedMb: 0 });
  }, 30_000);

  it("written as a purchase before refunds had their own kind, becomes a refund by the migration (and only those)", async () => {
    const studio = await createStudio();
    const rows = [
      { type: "purchased" as const, creditBytes: BigInt(20), purpose: "Returned: a.mp4 is not a playable video", amountCents: 0, idempotencyKey: `refund:${randomUUID()}` },
      { type: "purchased" as const, creditBytes: BigInt(30), purpose: "Returned: b.mp4 is not a playable video", amountCents: 0, idempotencyKey: null }, // restored from an export
      { type: "purchased" as const, creditBytes: BigInt(5 * 1024 ** 3), purpose: "On Demand — 5 credits", amountCents: 3500, idempotencyKey: `payment:${randomUUID()}` },
      { type: "purchased" as const, creditBytes: BigInt(40), purpose: "Returned: c.mp4 is not a playable video", amountCents: 900, idempotencyKey: null }, // paid for: not a refund
    ];
    for (const r of rows) await db.creditEntry.create({ data: { adminId: studio.id, ...r } });
    const sql = await readFile(path.join(process.cwd(), "prisma/migrations/20261207030001_credit_refunds_retyped/migration.sql"), "utf8");
    await db.$executeRawUnsafe(sql);
    const after = await db.creditEntry.findMany({ where: { adminId: studio.id }, orderBy: { creditBytes: "asc" } });
    expect(after.map((e) => [Number(e.creditBytes), e.type])).toEqual([
      [20, "refund"],
      [30, "refund"],
      [40, "purchased"],
      [5 * 1024 ** 3, "purchased"],
    ]);
  });
});

describe("an export made before refunds had their own kind", () => {
  it("lists them as purchases; restoring it makes them refunds (and nothing else)", async () => {
    const studio = await createStudio();
    const at = new Date("2026-11-01T10:00:00Z");
    const entries = [
      { type: "purchased" as const, bytes: BigInt(5 * 1024 ** 3), purpose: "On Demand — 5 credits", amountCents: 3500, createdAt: at },
      { type: "used" as const, bytes: BigInt(20), purpose: "Video upload: a.mp4 (G)", amountCents: null, createdAt: at },
      { type: "purchased" as const, bytes: BigInt(20), purpose: "Returned: a.mp4 is not a playable video", amountCents: 0, createdAt: at },
    ];
    expect(await db.$transaction((tx) => restoreHistory(tx, studio.id, { balance: BigInt(5 * 1024 ** 3), entries }))).toBe(true);
    const history = await creditHistory(await reloaded(studio), 1);
    expect(history.entries.map((e) => e.type).sort()).toEqual(["purchased", "refund", "used"]);
    expect(history).toMatchObject({ purchased: 5 * 1024, used: 0, balance: 5 * 1024 });
  });
});

type Op =
  | { op: "upload"; size: number }
  | { op: "replace" | "newVersion"; pick: number; size: number }
  | { op: "deleteFilm" | "deleteVersion" | "reject"; pick: number }
  | { op: "deleteGallery" | "deleteFolder" | "purchase" };

const size = fc.integer({ min: 1, max: 4096 });
const pick = fc.nat({ max: 7 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant("upload" as const), size }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constantFrom("replace" as const, "newVersion" as const), pick, size }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constantFrom("deleteFilm" as const, "deleteVersion" as const), pick }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant("reject" as const), pick }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constantFrom("deleteGallery" as const, "deleteFolder" as const, "purchase" as const) }), weight: 1 },
);

describe("reconciliation", () => {
  it("after any sequence of uploads, replaces, new versions, deletes, rejections and purchases: balance = the ledger's sum, Stored now = a recount of the store", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 2, maxLength: 6 }), async (ops) => {
        const { studio, token } = await newStudio();
        let gallery = await newGallery(studio.id);
        const films = () => db.video.findMany({ where: { adminId: studio.id }, orderBy: { createdAt: "asc" } });
        const chosen = async (n: number, ok: (v: { status: string }) => boolean = () => true) => {
          const list = (await films()).filter(ok);
          return list.length ? list[n % list.length] : null;
        };
        const openDelete = (status: number) => expect(status).toBe(200);
        let used = BigInt(0); // the model: every upload charged at its size, a rejected file's charge returned
        const charged = async (galleryId: string, bytes: number, extra?: Record<string, string>) => {
          await upload(token, galleryId, bytes, extra);
          used += BigInt(bytes);
        };
        for (const o of ops) {
          if (o.op === "upload") await charged(gallery.id, o.size);
          else if (o.op === "replace") {
            const film = await chosen(o.pick);
            if (film) await charged(film.galleryId, o.size, { replaceVideoId: film.id });
          } else if (o.op === "newVersion") {
            // A rejected file is gone and never READY; any other film is made READY (the worker's verdict) so the upload is a new cut.
            const film = await chosen(o.pick, (v) => v.status !== "FAILED");
            if (film) {
              await db.video.update({ where: { id: film.id }, data: { status: "READY" } });
              await charged(film.galleryId, o.size, { replaceVideoId: film.id, keepPrevious: "true" });
            }
          } else if (o.op === "reject") {
            const film = await chosen(o.pick, (v) => v.status === "PROCESSING");
            if (film) {
              expect(await processVideoWhole(film.id)).toBe("failed"); // zero bytes: not a video, refunded and deleted
              used -= film.sizeBytes;
            }
          } else if (o.op === "deleteFilm") {
            const film = await chosen(o.pick);
            if (film) openDelete((await call(deleteVideoRoute, request("DELETE", "/x", { token }), { videoId: film.id })).status);
          } else if (o.op === "deleteVersion") {
            const versions = await db.videoVersion.findMany({ where: { adminId: studio.id }, orderBy: { createdAt: "asc" } });
            const v = versions[o.pick % Math.max(1, versions.length)];
            if (v) openDelete((await call(deleteVersionRoute, request("DELETE", "/x", { token }), { videoId: v.videoId, version: String(v.version) })).status);
          } else if (o.op === "deleteGallery" || o.op === "deleteFolder") {
            openDelete(
              o.op === "deleteGallery" ? (await deleteGallery(token, gallery.id)).status : (await call(deleteFolderRoute, request("DELETE", "/x", { token }), { id: gallery.folderId })).status,
            );
            gallery = await newGallery(studio.id);
          } else await verifySession(token, await paidSession(token, 5));

          const now = await reloaded(studio);
          expect(now.creditBytes).toBe(await ledgerSum(studio.id));
          const history = await creditHistory(now, 1);
          expect(history.balance).toBe(bytesToMb(now.creditBytes));
          expect(history.balance).toBeCloseTo(history.purchased + history.granted - history.used, 9);
          expect(history.used).toBe(bytesToMb(used));
          const paid = await db.payment.aggregate({ where: { adminId: studio.id, status: "PAID" }, _sum: { creditBytes: true } });
          expect(history.purchased).toBe(bytesToMb(paid._sum.creditBytes!)); // a refund is never a purchase
          const stored = await recount(studio.id);
          expect(await storedBytes(db, studio.id)).toBe(stored);
          expect(history.storedMb).toBe(bytesToMb(stored));
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
