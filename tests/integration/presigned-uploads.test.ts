// Presigned single-file uploads (#17.5): the URL signs the type and exact length; only raster images
// (and the listed audio types) are presigned; what arrives is checked again (signed type, size,
// content) before it is used or charged; branding images are capped per studio and swept when unused
// or replaced. (The embedded store does not verify signatures: what is signed is checked here, what
// a signature-checking store would refuse is checked after the upload.)
import { POST as presign } from "@/app/api/products/generate-presigned-url/route";
import { GET as partUrlRoute } from "@/app/api/products/get-part-url/route";
import { PUT as adminUpdate } from "@/app/api/admin/admin-update/[id]/route";
import { PUT as backgroundRoute } from "@/app/api/galleries/gallery/[id]/background/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { mbToBytes } from "@/lib/format";
import { listKeys } from "@/lib/storage/objects";
import { expireStaleUploads } from "@/lib/services/films/storage-sweep";
import { makePng } from "../helpers/png";
import { putObject } from "../helpers/storage";
import { call, request } from "../helpers/requests";
import { MB, balance, q, startUpload, studioWithGallery, uploadOf } from "../helpers/uploads";

const ask = (token: string, o: Record<string, string | number>) => call(presign, request("POST", `/x?${q(o)}`, { token }));

async function presignOk(token: string, o: Record<string, string | number>) {
  const res = await ask(token, o);
  expect(res.status).toBe(200);
  return (await res.json()) as { upload_url: string; fileName: string; headers: Record<string, string> };
}

const put = (url: string, body: Buffer, type: string) => fetch(url, { method: "PUT", body: new Uint8Array(body), headers: { "content-type": type } });
const saveBranding = (token: string, adminId: string, obj: object) => call(adminUpdate, request("PUT", "/x", { token, body: { obj } }), { id: adminId });
const setBackground = (token: string, galleryId: string, body: object) => call(backgroundRoute, request("PUT", "/x", { token, body }), { id: galleryId });

describe("what the URL signs", () => {
  it("every presigned PUT signs content-type and content-length, and no checksum of an empty body", async () => {
    const { folder, gallery, token } = await studioWithGallery(100);
    const cases = [
      { folderPath: "assets", fileName: "logo.png", fileType: "image/png", fileSize: 123456 },
      { folderPath: `${folder.id}/${gallery.id}`, fileName: "bg.jpg", fileType: "image/jpeg", fileSize: 2 * MB },
      { folderPath: `${folder.id}/${gallery.id}`, fileName: "song.mp3", fileType: "audio/mpeg", fileSize: 3 * MB },
    ];
    for (const c of cases) {
      const { upload_url, headers } = await presignOk(token, c);
      const url = new URL(upload_url);
      expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
      expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
      // The SDK's default would sign the CRC32 of an empty body, which S3 refuses for any real file.
      expect([...url.searchParams.keys()].filter((k) => k.toLowerCase().startsWith("x-amz-checksum"))).toEqual([]);
      // The answer names the headers to send; the browser sends them (tests/unit/upload-client.test.ts).
      expect(headers).toEqual({ "Content-Type": c.fileType });
    }
  });

  it("part URLs carry no checksum of an empty body either", async () => {
    const { gallery, token } = await studioWithGallery(100);
    const { uploadId, fileName } = await (await startUpload(token, gallery.id, MB)).json();
    const { url } = await (await call(partUrlRoute, request("GET", `/x?${q({ fileName, uploadId, partNumber: 1 })}`, { token }))).json();
    expect([...new URL(url).searchParams.keys()].filter((k) => k.toLowerCase().startsWith("x-amz-checksum"))).toEqual([]);
  });

  it("presigns only raster images (and the listed audio types): never SVG, HTML, GIF or scripts", async () => {
    const { studio, folder, gallery, token } = await studioWithGallery(100);
    const media = `${folder.id}/${gallery.id}`;
    for (const [folderPath, fileType] of [
      ["assets", "image/svg+xml"],
      ["assets", "image/gif"],
      ["assets", "image/heic"],
      [media, "image/svg+xml"],
      [media, "image/webp"],
      [media, "audio/x-html"],
      [media, "audio/webm"],
    ]) {
      const res = await ask(token, { folderPath, fileName: "x", fileType, fileSize: 1000 });
      expect(res.status).toBe(400);
    }
    expect((await ask(token, { folderPath: "assets", fileName: "x.html", fileType: "text/html", fileSize: 1000 })).status).toBe(400);
    expect((await ask(token, { folderPath: "assets", fileName: "logo.png", fileType: "image/png" })).status).toBe(400); // no size: nothing to sign
    expect(await db.upload.count({ where: { adminId: studio.id } })).toBe(0);
  });
});

describe("what arrives is checked before it is used", () => {
  it("a branding image stored with another type than signed, or larger than signed, is refused and removed", async () => {
    const { studio, token } = await studioWithGallery(100);
    const png = makePng(600, 600);
    const asHtml = await presignOk(token, { folderPath: "assets", fileName: "logo.png", fileType: "image/png", fileSize: png.length });
    // The store refuses a PUT whose type is not the signed one (scripts/store-gate.mjs, as S3 does)…
    expect((await put(asHtml.upload_url, png, "text/html")).status).toBe(403);
    // …and a store that let it through anyway is caught before the file is used.
    await putObject(asHtml.fileName, png, "text/html");
    const typed = await saveBranding(token, studio.id, { companyLogoUrl: asHtml.fileName });
    expect(typed.status).toBe(400);
    expect((await typed.json()).message).toMatch(/stored as text\/html/);
    expect(await listKeys(asHtml.fileName)).toEqual([]);

    const small = await presignOk(token, { folderPath: "assets", fileName: "logo.png", fileType: "image/png", fileSize: 1000 });
    expect((await put(small.upload_url, png, "image/png")).status).toBe(403); // longer than signed
    await putObject(small.fileName, png, "image/png");
    const larger = await saveBranding(token, studio.id, { companyLogoUrl: small.fileName });
    expect(larger.status).toBe(400);
    expect((await larger.json()).message).toBe(TEXTS.uploadLargerThanDeclared);
    expect(await listKeys(small.fileName)).toEqual([]);
    expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).companyLogoUrl).toBeNull();
  });

  it("an ICO is a favicon only, and a PNG announced as WebP is refused: the decoded type must be the signed one", async () => {
    const { studio, token } = await studioWithGallery(100);
    const ico = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 64, 64, 0, 0, 1, 0, 32, 0]), Buffer.alloc(200)]);
    const uploadIco = async () => {
      const up = await presignOk(token, { folderPath: "assets", fileName: "icon.ico", fileType: "image/x-icon", fileSize: ico.length });
      await put(up.upload_url, ico, "image/x-icon");
      return up.fileName;
    };
    const asLogo = await uploadIco();
    expect((await saveBranding(token, studio.id, { companyLogoUrl: asLogo })).status).toBe(400);
    expect(await listKeys(asLogo)).toEqual([]);
    expect((await saveBranding(token, studio.id, { companyFaviconUrl: await uploadIco() })).status).toBe(200);

    const png = makePng(600, 600);
    const webp = await presignOk(token, { folderPath: "assets", fileName: "logo.webp", fileType: "image/webp", fileSize: png.length });
    await put(webp.upload_url, png, "image/webp");
    const res = await saveBranding(token, studio.id, { companyLogoUrl: webp.fileName });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(TEXTS.assetTypes);
    expect(await listKeys(webp.fileName)).toEqual([]);
  });

  it("a gallery image refused by its content or its size is not charged, and is removed", async () => {
    const { studio, folder, gallery, token } = await studioWithGallery(100);
    const folderPath = `${folder.id}/${gallery.id}`;
    const html = Buffer.from("<html><script>alert(1)</script></html>".padEnd(4000, " "));
    const fake = await presignOk(token, { folderPath, fileName: "bg.png", fileType: "image/png", fileSize: html.length });
    await put(fake.upload_url, html, "image/png");
    const refused = await setBackground(token, gallery.id, { imgUrl: fake.fileName });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(TEXTS.backgroundImageType);
    expect(await uploadOf(fake.fileName)).toMatchObject({ status: "FAILED", chargedBytes: BigInt(0), reservedBytes: BigInt(0) });
    expect(await listKeys(fake.fileName)).toEqual([]);

    const png = makePng(100, 100);
    const short = await presignOk(token, { folderPath, fileName: "bg.png", fileType: "image/png", fileSize: 10 });
    expect((await put(short.upload_url, png, "image/png")).status).toBe(403); // longer than signed
    await putObject(short.fileName, png, "image/png");
    const over = await setBackground(token, gallery.id, { imgUrl: short.fileName });
    expect(over.status).toBe(400);
    expect((await over.json()).message).toBe(TEXTS.uploadLargerThanDeclared);
    expect(await listKeys(short.fileName)).toEqual([]);

    expect(await balance(studio.id)).toBe(mbToBytes(100));
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(0);

    const good = await presignOk(token, { folderPath, fileName: "bg.png", fileType: "image/png", fileSize: png.length });
    await put(good.upload_url, png, "image/png");
    expect((await setBackground(token, gallery.id, { imgUrl: good.fileName })).status).toBe(200);
    expect(await balance(studio.id)).toBe(mbToBytes(100) - BigInt(png.length));
  });
});

describe("branding images are capped and swept", () => {
  it("at most five unsaved at once and 100 MB in all per studio, counting the images in use", async () => {
    const { studio, token } = await studioWithGallery(0);
    const asset = (fileSize: number) => ask(token, { folderPath: "assets", fileName: "logo.png", fileType: "image/png", fileSize });
    for (let i = 0; i < 5; i++) expect((await asset(1000)).status).toBe(200);
    const sixth = await asset(1000);
    expect(sixth.status).toBe(409);
    expect((await sixth.json()).message).toBe(TEXTS.assetLimit);

    const other = await studioWithGallery(0);
    const big = (fileSize: number) => ask(other.token, { folderPath: "assets", fileName: "logo.png", fileType: "image/png", fileSize });
    expect((await big(40 * MB)).status).toBe(200);
    expect((await big(40 * MB)).status).toBe(200);
    expect((await big(21 * MB)).status).toBe(409);
    expect((await big(41 * MB)).status).toBe(400); // larger than a logo may be
    expect(await db.upload.count({ where: { adminId: studio.id, kind: "asset" } })).toBe(5);
    // Concurrent presigns cannot pass the cap together (checked under the studio's row lock).
    const third = await studioWithGallery(0);
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(third.token, { folderPath: "assets", fileName: "l.png", fileType: "image/png", fileSize: 100 })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
  });

  it("an image never saved is removed by the sweep after an hour; a replaced one at once, or by the sweep if the store failed", async () => {
    const { studio, token } = await studioWithGallery(0);
    const png = makePng(600, 600);
    const upload = async () => {
      const up = await presignOk(token, { folderPath: "assets", fileName: "logo.png", fileType: "image/png", fileSize: png.length });
      await put(up.upload_url, png, "image/png");
      return up.fileName;
    };
    const unused = await upload();
    const first = await upload();
    const second = await upload();
    expect((await saveBranding(token, studio.id, { companyLogoUrl: first })).status).toBe(200);
    expect((await saveBranding(token, studio.id, { companyLogoUrl: second })).status).toBe(200);
    expect(await uploadOf(first)).toMatchObject({ status: "COMPLETED" });
    expect((await uploadOf(first)).releasedAt).not.toBeNull();
    expect(await listKeys(`${studio.id}/assets/`)).toEqual([unused, second].sort());
    // A released image the store failed to delete is retried by the sweep.
    await db.upload.update({ where: { key: first }, data: { cleanedAt: null } });
    await put((await presignOk(token, { folderPath: "assets", fileName: "x.png", fileType: "image/png", fileSize: png.length })).upload_url, png, "image/png");
    await db.$executeRaw`UPDATE "Upload" SET "createdAt" = now() - interval '2 hours' WHERE "adminId" = ${studio.id}::uuid AND kind = 'asset' AND status = 'RESERVED'`;
    await expireStaleUploads();
    expect(await listKeys(`${studio.id}/assets/`)).toEqual([second]);
    expect(await uploadOf(unused)).toMatchObject({ status: "EXPIRED" });
    // A released image cannot be saved again: it has to be uploaded anew.
    expect((await saveBranding(token, studio.id, { companyLogoUrl: first })).status).toBe(400);
  });
});
