// Issue 55 item 6: no clean frame before payment. A film of an unpaid Pay to unlock gallery is made by
// the real worker (processVideo: its clean thumbnail; makePreview: its watermarked preview and the
// preview's own thumbnail, with ffmpeg), then every image a guest can reach is fetched from the store
// as a guest would (the page's props and head, the public content door, the studio's domain home
// page): each must be the preview's thumbnail, never the clean thumbnail nor a clean frame of the film
// at that time (bytes, and the watermark's pixels). The clean objects refuse a guest's unsigned read.
// Once paid, the clean thumbnail is served at once. A new cue point (or a preview made before
// previews had thumbnails) makes the preview's thumbnail again from one stored segment: one upload.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { ffmpeg } from "@/lib/media/ffmpeg";
import * as objects from "@/lib/storage/objects";
import { listKeys, readText } from "@/lib/storage/objects";
import { makePreview, previewPrefix } from "@/lib/services/films/video-preview";
import { processVideo } from "@/lib/services/films/video-processing";
import { findGallery } from "@/lib/services/access/open-gallery";
import { publicGalleryPageProps } from "@/lib/services/public/public-page";
import { studioHome } from "@/lib/services/public/studio-home";
import { GET as contentDoor } from "@/app/api/public/galleries/[slug]/route";
import { POST as markPaidDoor } from "@/app/api/galleries/gallery/[id]/mark-paid/route";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { clipArgs } from "../helpers/test-clip";
import type { GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";
import type { PublicGalleryPageProps } from "@/lib/services/public/rules/public-view";

// The worker's uploads can be counted without changing what they do.
jest.mock("@/lib/storage/objects", () => {
  const actual = jest.requireActual("@/lib/storage/objects");
  return { ...actual, uploadFile: jest.fn(actual.uploadFile) };
});
const uploadSpy = objects.uploadFile as jest.MockedFunction<typeof objects.uploadFile>;
const realUpload = jest.requireActual("@/lib/storage/objects").uploadFile as typeof objects.uploadFile;

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);
jest.setTimeout(120_000);

let dir: string;
let clip: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vidfolio-frames-"));
  clip = path.join(dir, "dark.mp4");
  // A flat dark picture: the watermark (the studio's name, in the centre) is the only bright thing in a preview's frame.
  await ffmpeg(clipArgs(clip, { seconds: 2, size: "640x360", picture: "color=c=0x202020" }));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A studio with a domain home page, its listed unpaid Pay to unlock gallery, and a film in it processed by the worker (clean thumbnail), showcased. */
async function lockedFilm() {
  const admin = await createStudio({ creditsMb: 100 });
  const domain = `frames-${randomUUID().slice(0, 8)}.example.com`;
  await db.admin.update({ where: { id: admin.id }, data: { domainUrl: domain, companyName: "Northlight Films" } });
  const folder = await db.folder.create({ data: { name: "F", adminId: admin.id } });
  const gallery = await db.gallery.create({
    data: {
      name: "G",
      title: "Wedding",
      folderId: folder.id,
      adminId: admin.id,
      customUrl: `frames-${randomUUID()}`,
      settingListed: true,
      priceAmount: 50_000,
      priceCurrency: "eur",
      payToUnlock: true,
    },
  });
  const key = `${admin.id}/${folder.id}/${gallery.id}/abc_dark.mp4`;
  await realUpload(key, clip, "video/mp4");
  const video = await db.video.create({ data: { title: "Film", storageKey: key, galleryId: gallery.id, adminId: admin.id, status: "PROCESSING" } });
  await db.showcaseItem.create({ data: { galleryId: gallery.id, videoId: video.id, position: 0 } });
  expect(await processVideo(video.id)).toBe("ready");
  return { admin, domain, gallery, video: await db.video.findUniqueOrThrow({ where: { id: video.id } }) };
}

const cardImages = (s: GalleryViewState) => [...s.videos, ...s.showcase].map((v) => v.thumbnail);

/** Every image address a guest can reach: the page's props and head, the public content door, the studio's domain home page. */
async function guestImages(slug: string, domain: string): Promise<{ films: string[]; all: string[] }> {
  const page = publicGalleryPageProps(await findGallery(slug)) as { props: PublicGalleryPageProps };
  const view = page.props.view;
  if (view.screen !== "gallery") throw new Error(`the page shows ${view.screen}`);
  const res = await call(contentDoor, request("GET", `/api/public/galleries/${slug}`), { slug });
  expect(res.status).toBe(200);
  const content = (await res.json()) as { state: GalleryViewState };
  const home = await studioHome(domain);
  const films = [...cardImages(view.state), page.props.head.og?.image, page.props.head.twitter?.image, ...cardImages(content.state), ...home!.galleries.map((g) => g.cover)];
  const all = [...films, view.state.background.imgUrl, content.state.background.imgUrl];
  return { films: films.map((u) => u ?? "(none)"), all: all.filter((u): u is string => !!u) };
}

async function bytesOf(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The luma (0–255) of an image (or a film's frame at `at` seconds), scaled to 440×248. */
async function luma(input: string | Buffer, at?: number): Promise<Buffer> {
  let file = input as string;
  if (Buffer.isBuffer(input)) await writeFile((file = path.join(dir, `${randomUUID()}.jpg`)), input);
  const out = path.join(dir, `${randomUUID()}.gray`);
  await ffmpeg([...(at === undefined ? [] : ["-ss", at.toFixed(2)]), "-i", file, "-frames:v", "1", "-vf", "scale=440:248", "-f", "rawvideo", "-pix_fmt", "gray", out]);
  return readFile(out);
}

/** The brightest pixel of the middle third of a 440×248 luma frame (where a centred watermark is drawn). */
function brightestMiddle(frame: Buffer): number {
  let max = 0;
  for (let y = 83; y < 165; y++) for (let x = 147; x < 293; x++) max = Math.max(max, frame[y * 440 + x]);
  return max;
}

/** The preview's thumbnail objects (JPEGs under the preview's prefix). */
const previewThumbs = async (storageKey: string) => (await listKeys(`${storageKey}.derived/`)).filter((k) => k.includes("/preview-") && k.endsWith(".jpg"));

describe("an unpaid Pay to unlock gallery", () => {
  it("shows its guests only the watermarked preview's frame, never a clean one; once paid, the clean thumbnail at once", async () => {
    const { admin, domain, gallery, video } = await lockedFilm();
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("ready");
    const film = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    const [thumbKey] = await previewThumbs(video.storageKey);
    expect(thumbKey).toBe(`${previewPrefix(video.storageKey, film.previewStamp!)}thumb-100.jpg`);

    const clean = await readFile(await downloadTo(video.thumbnailKey!));
    const previewThumb = await readFile(await downloadTo(thumbKey));
    const cleanFrame = await luma(clip, 1);
    const { films, all } = await guestImages(gallery.customUrl, domain);
    // Cards (page and door, showcase too), the share image, the domain home's cover: one picture each.
    expect(films).toHaveLength(7);
    for (const url of films) {
      expect(url).not.toBe("(none)");
      expect(new URL(url).pathname).not.toContain(video.thumbnailKey!);
    }
    for (const url of all) {
      const served = await bytesOf(url);
      expect(served.equals(clean)).toBe(false);
      expect(served.equals(previewThumb)).toBe(true);
      // Not a clean frame of the film at that time either: the watermark is in its pixels.
      expect(brightestMiddle(await luma(served))).toBeGreaterThan(brightestMiddle(cleanFrame) + 80);
    }
    expect(brightestMiddle(await luma(clean))).toBeLessThan(brightestMiddle(cleanFrame) + 16);

    // Guessing: the clean thumbnail's object (and the film's) refuse a read without a signature.
    const store = `${process.env.S3_ENDPOINT}/${process.env.S3_BUCKET}/`;
    for (const key of [video.thumbnailKey!, video.storageKey]) expect((await fetch(`${store}${key}`)).status).toBeGreaterThanOrEqual(400);

    // Paid: the clean thumbnail everywhere at once; the preview's thumbnail goes with the preview.
    const paid = await call(markPaidDoor, request("POST", "/x", { token: await bearerFor(admin) }), { id: gallery.id });
    expect(paid.status).toBe(200);
    const after = await guestImages(gallery.customUrl, domain);
    for (const url of after.films) expect((await bytesOf(url)).equals(clean)).toBe(true);
    expect(await previewThumbs(video.storageKey)).toEqual([]);
  });

  it("makes the preview's thumbnail again from one stored segment for a new cue point, or a preview that had none", async () => {
    const { gallery, domain, video } = await lockedFilm();
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("ready");
    const before = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    const master = await readText(before.previewKey!);

    // A new cue point: the worker's thumbnail-only run, then the preview job it queues.
    await db.video.update({ where: { id: video.id }, data: { cuePoint: "0" } });
    expect(await processVideo(video.id, { thumbnailOnly: true })).toBe("ready");
    uploadSpy.mockClear();
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("ready");
    const prefix = previewPrefix(video.storageKey, before.previewStamp!);
    // One frame stored; the ladder untouched.
    expect(uploadSpy.mock.calls.map((c) => c[0])).toEqual([`${prefix}thumb-0.jpg`]);
    expect(await readText(before.previewKey!)).toBe(master);
    expect(await previewThumbs(video.storageKey)).toEqual([`${prefix}thumb-0.jpg`]);
    const clean = await readFile(await downloadTo((await db.video.findUniqueOrThrow({ where: { id: video.id } })).thumbnailKey!));
    const served = await bytesOf((await guestImages(gallery.customUrl, domain)).films[0]);
    expect(served.equals(clean)).toBe(false);
    expect(brightestMiddle(await luma(served))).toBeGreaterThan(brightestMiddle(await luma(clip, 0)) + 80);
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("skip");

    // A preview made before previews had thumbnails: its guests see no picture (never the clean one) until the job makes it.
    await db.video.update({ where: { id: video.id }, data: { previewThumbKey: null } });
    expect((await guestImages(gallery.customUrl, domain)).films.slice(0, 2)).toEqual(["(none)", "(none)"]);
    uploadSpy.mockClear();
    expect(await makePreview(video.id, { playableFirstMaxMs: 0 })).toBe("ready");
    expect(uploadSpy).toHaveBeenCalledTimes(1);
    expect((await bytesOf((await guestImages(gallery.customUrl, domain)).films[0])).equals(served)).toBe(true);
  });
});

async function downloadTo(key: string): Promise<string> {
  const file = path.join(dir, randomUUID());
  await objects.downloadToFile(key, file);
  return file;
}
