/**
 * A studio export streams (issue 23): a 1 GB library is packed and uploaded while this process's
 * memory stays flat — a few multipart parts, never the archive. (The store runs in Jest's parent
 * process, so what is measured here is the export's own memory.)
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { Upload } from "@aws-sdk/lib-storage";
import { db } from "@/lib/db";
import { runExport, startExport } from "@/lib/services/data/studio-export";
import { deleteObject, objectSize } from "@/lib/storage/objects";
import { bucket, s3 } from "@/lib/storage/client";
import { createFolderWithGallery, createStudio } from "../helpers/factories";

jest.setTimeout(10 * 60_000);

const FILMS = 4;
const FILM_BYTES = 256 * 1024 * 1024;
const MB = 1024 * 1024;

/** A film of `bytes` from a 1 MB random block repeated (streamed: never whole in memory here either). */
function filmStream(bytes: number): Readable {
  const block = randomBytes(MB);
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const n = Math.min(left, MB);
      left -= n;
      this.push(n === MB ? block : block.subarray(0, n));
    },
  });
}

it("packs a 1 GB studio with memory flat (peak RSS growth far below the archive's size)", async () => {
  const studio = await createStudio();
  const { folder, gallery } = await createFolderWithGallery(studio.id);
  const keys: string[] = [];
  for (let i = 0; i < FILMS; i++) {
    const key = `${studio.id}/${folder.id}/${gallery.id}/film_${i}.mp4`;
    await new Upload({ client: s3(), params: { Bucket: bucket(), Key: key, Body: filmStream(FILM_BYTES), ContentType: "video/mp4" }, partSize: 16 * MB, queueSize: 2 }).done();
    await db.video.create({ data: { title: `Film ${i}`, storageKey: key, sizeBytes: FILM_BYTES, status: "READY", galleryId: gallery.id, adminId: studio.id } });
    keys.push(key);
  }
  const started = await startExport(studio, "cli");
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const t0 = performance.now();
  try {
    expect(await runExport(started.id)).toBe("ready");
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t0) / 1000;
  const row = await db.studioExport.findUniqueOrThrow({ where: { id: started.id } });
  const zipBytes = Number(row.sizeBytes);
  const growthMb = (peak - baseline) / MB;
  console.log(
    `export of ${(FILMS * FILM_BYTES) / MB} MB: ZIP ${(zipBytes / MB).toFixed(1)} MB in ${seconds.toFixed(1)} s; RSS ${(baseline / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB (+${growthMb.toFixed(0)} MB)`,
  );
  expect(zipBytes).toBeGreaterThan(FILMS * FILM_BYTES);
  expect(await objectSize(row.storageKey)).toBe(zipBytes);
  expect(Number(row.doneBytes)).toBe(FILMS * FILM_BYTES);
  // Parts of 16 MB, two in flight plus the one being filled, and the streams' buffers: ~50–100 MB.
  expect(growthMb).toBeLessThan(200);
  for (const key of [...keys, row.storageKey]) await deleteObject(key);
});
