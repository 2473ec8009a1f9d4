// The "changed nothing" fingerprint (tests/helpers/snapshot.ts) that the fuzzing and isolation
// suites rely on: it must move on every kind of change to a marked row or stored object, and stay
// for what does not concern the marked accounts. A fingerprint that never moves would let those
// suites pass whatever the doors wrote.
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { listKeys, putObject } from "../helpers/storage";
import { snapshot } from "../helpers/snapshot";
import { db } from "@/lib/db";

let a: Awaited<ReturnType<typeof createStudio>>;
let other: Awaited<ReturnType<typeof createStudio>>;
const of = () => snapshot([a.id, a.email], [a.id]);

beforeAll(async () => {
  a = await createStudio();
  other = await createStudio();
});

it("moves when a marked account's row is inserted, updated or deleted (any table, any column)", async () => {
  let before = await of();
  const { folder } = await createFolderWithGallery(a.id);
  let after = await of();
  expect(after).not.toBe(before);
  expect(after).toMatch(/Folder: \d+ changed/);

  before = after;
  await db.folder.update({ where: { id: folder.id }, data: { name: "Renamed" } });
  after = await of();
  expect(after).not.toBe(before);

  before = after;
  await db.admin.update({ where: { id: a.id }, data: { websiteUrl: "https://changed.example" } });
  after = await of();
  expect(after).not.toBe(before);

  before = after;
  await db.gallery.deleteMany({ where: { folderId: folder.id } });
  expect(await of()).not.toBe(before);
});

it("moves when a row comes to mention the account (a foreign row pointed at it)", async () => {
  const { folder } = await createFolderWithGallery(other.id);
  const before = await of();
  await db.$executeRaw`UPDATE "Folder" SET "name" = ${a.email} WHERE id = ${folder.id}`;
  expect(await of()).not.toBe(before);
});

it("moves when an object under the account's prefix is added or overwritten", async () => {
  let before = await of();
  await putObject(`${a.id}/assets/x.png`, Buffer.from("one"), "image/png");
  let after = await of();
  expect(after).not.toBe(before);
  before = after;
  await putObject(`${a.id}/assets/x.png`, Buffer.from("two"), "image/png");
  after = await of();
  expect(after).not.toBe(before);
});

it("stays for another account's rows and objects, an update that changes nothing, and a rolled-back write", async () => {
  const before = await of();
  await createFolderWithGallery(other.id);
  await putObject(`${other.id}/assets/y.png`, Buffer.from("y"), "image/png");
  await db.$executeRaw`UPDATE "Admin" SET "name" = "name" WHERE id = ${a.id}`;
  await expect(
    db.$transaction(async (tx) => {
      await tx.folder.create({ data: { name: "Rolled back", adminId: a.id } });
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  expect(await of()).toBe(before);
});

it("reads the run's own store in its folder, finding exactly the keys S3 lists", async () => {
  expect(process.env.VIDFOLIO_TEST_S3_DIR).toBeTruthy();
  expect(process.env.S3_ENDPOINT).toBe(process.env.VIDFOLIO_TEST_S3_ENDPOINT);
  await putObject(`${a.id}/f/g/deep/name with space.mp4`, Buffer.from("v"), "video/mp4");
  const line = (await of()).split("\n").pop()!;
  const keys = line.split(",").map((entry) => entry.slice(0, entry.lastIndexOf("@")));
  expect(keys).toEqual(await listKeys(`${a.id}/`));
  expect(keys.length).toBeGreaterThanOrEqual(2);
});
