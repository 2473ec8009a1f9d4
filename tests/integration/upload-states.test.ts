// The upload state machine (lib/services/films/upload-state.ts): one terminal state, taken by the step that
// moves the row first; the loser answers 409 and changes nothing. Completion claims the upload before
// the store assembles it and charges the size the store reports; a deleted gallery ends its uploads.
import { CompleteMultipartUploadCommand } from "@aws-sdk/client-s3";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { mbToBytes } from "@/lib/format";
import { s3 } from "@/lib/storage/client";
import { listKeys, objectSize } from "@/lib/storage/objects";
import { expireStaleUploads } from "@/lib/services/films/storage-sweep";
import { MB, abort, balance, complete, deleteGallery, startUpload, startWithPart, studioWithGallery, uploadOf } from "../helpers/uploads";

/** Holds the store's CompleteMultipartUpload (the real call, made later) until released. */
function holdAssembly() {
  const client = s3();
  const original = client.send.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let release!: () => void;
  let entered!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const assembling = new Promise<void>((r) => (entered = r));
  const spy = jest.spyOn(client, "send").mockImplementation((async (command: unknown, ...rest: unknown[]) => {
    if (command instanceof CompleteMultipartUploadCommand) {
      entered();
      await gate;
    }
    return original(command, ...rest);
  }) as typeof client.send);
  return { assembling, release: () => (release(), spy.mockRestore()) };
}

const usedEntries = (adminId: string) => db.creditEntry.count({ where: { adminId, type: "used" } });

describe("complete vs abort (#17.3)", () => {
  it("an abort while the store assembles the file gets 409 and releases nothing; the completion charges and files it", async () => {
    const { studio, gallery, token } = await studioWithGallery(100);
    const up = await startWithPart(token, gallery.id, 3 * MB);
    const held = holdAssembly();
    const completing = complete(token, up);
    await held.assembling;
    const aborted = await abort(token, up);
    expect(aborted.status).toBe(409);
    expect((await aborted.json()).message).toBe(TEXTS.uploadState.COMPLETING);
    held.release();
    expect((await completing).status).toBe(200);
    expect((await uploadOf(up.fileName)).status).toBe("COMPLETED");
    expect(await balance(studio.id)).toBe(mbToBytes(97));
    expect(await db.video.count({ where: { storageKey: up.fileName } })).toBe(1);
    // Aborting a completed upload is refused too.
    expect((await abort(token, up)).status).toBe(409);
  });

  it("sent together 10 times, exactly one of complete and abort wins: filed and charged, or cancelled with nothing left", async () => {
    for (let i = 0; i < 10; i++) {
      const { studio, gallery, token } = await studioWithGallery(100);
      const up = await startWithPart(token, gallery.id, 2 * MB);
      const [c, a] = await Promise.all([complete(token, up), abort(token, up)]);
      const upload = await uploadOf(up.fileName);
      if (upload.status === "COMPLETED") {
        expect([c.status, a.status]).toEqual([200, 409]);
        expect(await balance(studio.id)).toBe(mbToBytes(98));
        expect(await objectSize(up.fileName)).toBe(2 * MB);
      } else {
        expect(upload.status).toBe("CANCELLED");
        expect([c.status, a.status]).toEqual([409, 200]);
        expect(await balance(studio.id)).toBe(mbToBytes(100));
        expect(await listKeys(up.fileName)).toEqual([]);
        expect(await db.video.count({ where: { storageKey: up.fileName } })).toBe(0);
      }
      expect(upload.reservedBytes).toBe(BigInt(0));
    }
  });

  it("a second completion while the first is in the store gets 409; a retry after it answers the same video", async () => {
    const { studio, gallery, token } = await studioWithGallery(100);
    const up = await startWithPart(token, gallery.id, MB);
    const held = holdAssembly();
    const first = complete(token, up);
    await held.assembling;
    expect((await complete(token, up)).status).toBe(409);
    held.release();
    const { video } = await (await first).json();
    const again = await complete(token, up);
    expect(again.status).toBe(200);
    expect((await again.json()).video._id).toBe(video._id);
    expect(await usedEntries(studio.id)).toBe(1);
  });

  it("charges the size the store reports for the assembled object, not the declared one", async () => {
    const { studio, gallery, token } = await studioWithGallery(100);
    const up = await startWithPart(token, gallery.id, 5 * MB, 3 * MB);
    expect((await complete(token, up)).status).toBe(200);
    expect((await uploadOf(up.fileName)).chargedBytes).toBe(BigInt(3 * MB));
    expect(await balance(studio.id)).toBe(mbToBytes(97));
  });

  it("a stored file larger than the reservation and the free credits: 409, FAILED through the state machine, nothing charged or filed, nothing left in the store", async () => {
    const { studio, gallery, token } = await studioWithGallery(10);
    const up = await startWithPart(token, gallery.id, 2 * MB, 12 * MB);
    const res = await complete(token, up);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "not_enough_credits", message: TEXTS.notEnoughCreditsUpload });
    expect(await uploadOf(up.fileName)).toMatchObject({ status: "FAILED", reservedBytes: BigInt(0), chargedBytes: BigInt(0), completedAt: null, videoId: null });
    expect(await usedEntries(studio.id)).toBe(0);
    expect(await balance(studio.id)).toBe(mbToBytes(10));
    expect(await db.video.count({ where: { galleryId: gallery.id } })).toBe(0);
    expect(await listKeys(up.fileName)).toEqual([]);
  });
});

describe("a deleted gallery (#17.10)", () => {
  it("completing an upload after its gallery was deleted: 404, nothing charged, nothing left in the store", async () => {
    const { studio, gallery, token } = await studioWithGallery(100);
    const up = await startWithPart(token, gallery.id, 2 * MB);
    expect((await deleteGallery(token, gallery.id)).status).toBe(200);
    const res = await complete(token, up);
    expect(res.status).toBe(404);
    expect(await balance(studio.id)).toBe(mbToBytes(100));
    expect(await usedEntries(studio.id)).toBe(0);
    expect(await listKeys(`${studio.id}/`)).toEqual([]);
    const upload = await uploadOf(up.fileName);
    expect(upload).toMatchObject({ status: "CANCELLED", galleryId: null, reservedBytes: BigInt(0) });
    expect(upload.cleanedAt).not.toBeNull();
  });

  it("deleted while the store assembles the file: 404, nothing charged, the assembled object removed", async () => {
    const { studio, gallery, token } = await studioWithGallery(100);
    const up = await startWithPart(token, gallery.id, 2 * MB);
    const held = holdAssembly();
    const completing = complete(token, up);
    await held.assembling;
    expect((await deleteGallery(token, gallery.id)).status).toBe(200);
    held.release();
    expect((await completing).status).toBe(404);
    expect(await balance(studio.id)).toBe(mbToBytes(100));
    expect(await usedEntries(studio.id)).toBe(0);
    expect(await listKeys(`${studio.id}/`)).toEqual([]);
    expect(await db.video.count({ where: { adminId: studio.id } })).toBe(0);
  });

  it("ends the gallery's open uploads and releases their reservations", async () => {
    const { studio, folder, gallery, token } = await studioWithGallery(100);
    const other = await db.gallery.create({ data: { name: "G2", folderId: folder.id, adminId: studio.id, customUrl: `race2-${studio.id}` } });
    const up = await startWithPart(token, gallery.id, 90 * MB, MB);
    expect((await startUpload(token, other.id, 20 * MB)).status).toBe(409);
    expect((await deleteGallery(token, gallery.id)).status).toBe(200);
    expect(await uploadOf(up.fileName)).toMatchObject({ status: "CANCELLED", reservedBytes: BigInt(0) });
    expect((await startUpload(token, other.id, 90 * MB)).status).toBe(200);
    expect((await abort(token, up)).status).toBe(200); // the browser's cancel afterwards is answered as done
  });
});

describe("the sweep", () => {
  it("fails a completion a crash left COMPLETING for an hour: reservation released, leftovers removed, nothing charged", async () => {
    const { studio, gallery, token } = await studioWithGallery(100);
    const up = await startWithPart(token, gallery.id, 40 * MB, MB);
    await db.$executeRaw`UPDATE "Upload" SET status = 'COMPLETING', "updatedAt" = now() - interval '2 hours' WHERE key = ${up.fileName}`;
    expect((await startUpload(token, gallery.id, 70 * MB)).status).toBe(409);
    await expireStaleUploads();
    const upload = await uploadOf(up.fileName);
    expect(upload).toMatchObject({ status: "FAILED", reservedBytes: BigInt(0) });
    expect(upload.cleanedAt).not.toBeNull();
    expect((await startUpload(token, gallery.id, 70 * MB)).status).toBe(200);
    expect(await usedEntries(studio.id)).toBe(0);
    // The browser retrying its completion now hears that it failed.
    const retry = await complete(token, up);
    expect(retry.status).toBe(409);
    expect((await retry.json()).message).toBe(TEXTS.uploadState.FAILED);
  });

  it("leaves a completion in progress alone", async () => {
    const { gallery, token } = await studioWithGallery(100);
    const up = await startWithPart(token, gallery.id, MB);
    await db.$executeRaw`UPDATE "Upload" SET status = 'COMPLETING', "createdAt" = now() - interval '2 days' WHERE key = ${up.fileName}`;
    await expireStaleUploads();
    expect((await uploadOf(up.fileName)).status).toBe("COMPLETING");
  });
});
