import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deletePrefix, downloadToFile, objectHead, readRange, uploadFile } from "@/lib/storage/objects";
import { folderPrefix, galleryPrefix, isDeletablePrefix } from "@/lib/storage/keys";
import { listKeys, putObjects } from "../helpers/storage";

describe("storage: deletePrefix", () => {
  it("deletes every object under a gallery prefix and nothing else", async () => {
    const [admin, folder, gallery, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const mine = [`${galleryPrefix(admin, folder, gallery)}a.mp4`, `${galleryPrefix(admin, folder, gallery)}thumbs/a.jpg`];
    const neighbours = [`${galleryPrefix(admin, folder, other)}b.mp4`, `${admin}/assets/logo.png`, `${galleryPrefix(admin, folder, gallery).slice(0, -1)}x/c.mp4`];
    await putObjects([...mine, ...neighbours]);

    expect(await deletePrefix(galleryPrefix(admin, folder, gallery))).toBe(2);
    expect(await listKeys(galleryPrefix(admin, folder, gallery))).toEqual([]);
    expect(await listKeys(`${admin}/`)).toEqual([...neighbours].sort());
  });

  it("pages through more objects than one listing returns", async () => {
    const [admin, folder] = [randomUUID(), randomUUID()];
    const keys = Array.from({ length: 1005 }, (_, i) => `${folderPrefix(admin, folder)}${randomUUID()}/f${i}.bin`);
    await Promise.all([0, 1, 2, 3, 4].map((n) => putObjects(keys.filter((_, i) => i % 5 === n))));
    expect(await deletePrefix(folderPrefix(admin, folder))).toBe(1005);
    expect(await listKeys(folderPrefix(admin, folder))).toEqual([]);
  }, 120_000);

  it("refuses a prefix wider than a folder (a studio, the bucket) or malformed", async () => {
    for (const prefix of ["", "/", `${randomUUID()}/`, `${randomUUID()}/${randomUUID()}`, `../${randomUUID()}/`, "a/b/"]) {
      expect(isDeletablePrefix(prefix)).toBe(false);
      await expect(deletePrefix(prefix)).rejects.toThrow(/Refusing/);
    }
  });
});

describe("storage: uploadFile", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "vidfolio-upload-file-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    ["one streamed PUT", {}],
    ["a multipart upload in parts sent at once", { partsAbove: 1024 * 1024, partBytes: 5 * 1024 * 1024 }],
  ])("stores a file byte for byte by %s, with its type", async (_how, options) => {
    const file = path.join(dir, `f-${randomUUID()}`);
    const bytes = randomBytes(12 * 1024 * 1024 + 12345);
    await writeFile(file, bytes);
    const key = `${randomUUID()}/${randomUUID()}/${randomUUID()}/abc_film.mp4`;
    await uploadFile(key, file, "video/mp4", options);
    expect(await objectHead(key)).toEqual({ size: bytes.length, contentType: "video/mp4" });
    const back = path.join(dir, `b-${randomUUID()}`);
    await downloadToFile(key, back);
    expect((await readFile(back)).equals(bytes)).toBe(true);
    // A part of it, as ffmpeg reads the original (by ranges).
    expect((await readRange(key, 5 * 1024 * 1024 - 3, 10)).equals(bytes.subarray(5 * 1024 * 1024 - 3, 5 * 1024 * 1024 + 7))).toBe(true);
  });
});
