/**
 * Download all (issue 23, item 1), against real Postgres and the store:
 * - the archive door (GET /api/public/galleries/:slug/archive) lists the films in the page's order
 *   by unique, safe names with their sizes and doors, their chapters and captions beside them, for
 *   a browser the gate lets in and lets download: refused for a locked gallery, downloads off, a
 *   download PIN not given, a guest without the right to download;
 * - each film counts once as a download when its door is asked; `resume=1` (a film resumed after its
 *   link expired) does not count again;
 * - a film's stream (lib/browser/download-all/resumable.ts) over real HTTP survives dropped connections
 *   (resumed with Range from the byte reached, through the door again when the signed address has
 *   expired) and gives up after its tries; a store that ignores Range still yields the right bytes.
 */
import http from "node:http";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { db } from "@/lib/db";
import { GET as archiveDoor } from "@/app/api/public/galleries/[slug]/archive/route";
import { GET as download } from "@/app/api/public/download/[videoId]/route";
import { hashPassword } from "@/lib/auth/password";
import { guestCookieName, inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { bucket, s3 } from "@/lib/storage/client";
import { resumableBody, DownloadError } from "@/lib/browser/download-all/resumable";
import { flushEngagement } from "@/lib/services/guests/engagement";
import type { Archive } from "@/lib/services/public/rules/archive-names";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { call, request } from "../helpers/requests";

jest.setTimeout(60_000);

const archiveOf = (slug: string, cookie?: string) => call(archiveDoor, request("GET", `/api/public/galleries/${slug}/archive`, { cookie }), { slug });
const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36" };
const downloadOf = (videoId: string, query: string) => call(download, request("GET", `/api/public/download/${videoId}?${query}`, { headers: BROWSER }), { videoId });

async function galleryWithFilms(titles: string[]) {
  const studio = await createStudio();
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: titles.length });
  for (const [i, v] of videos.entries()) {
    const body = Buffer.from(`film ${i} `.repeat(100 + i));
    await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: v.storageKey, Body: body }));
    await db.video.update({ where: { id: v.id }, data: { title: titles[i], sizeBytes: BigInt(body.length) } });
  }
  return { studio, gallery, videos };
}

describe("GET /api/public/galleries/:slug/archive", () => {
  it("lists every film by a unique safe name with its size and door, its chapters and captions beside it", async () => {
    const { gallery, videos } = await galleryWithFilms(["Ceremony", "ceremony", "Party / Dance"]);
    await db.chapter.create({ data: { videoId: videos[0].id, title: "Vows", cueSeconds: 5 } });
    await db.caption.create({
      data: { videoId: videos[0].id, adminId: videos[0].adminId, language: "fr", label: "Français", storageKey: `${videos[0].storageKey}.fr.vtt`, sizeBytes: 42, cueCount: 1, isDefault: true },
    });
    const res = await archiveOf(gallery.customUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const archive = (await res.json()) as Archive;
    expect(archive.name).toBe(`${gallery.title}.zip`);
    const names = archive.files.map((f) => f.name);
    // In the page's order (newest first); the second "Ceremony" (letter case aside) is numbered.
    const first = archive.files.find((f) => f.film === videos[0].id)!.name.replace(/\.mp4$/, "");
    expect(names.filter((n) => n.endsWith(".mp4")).map((n) => n.toLowerCase())).toEqual(["party - dance.mp4", "ceremony.mp4", "ceremony (2).mp4"]);
    expect(names).toEqual(expect.arrayContaining([`${first}.chapters.vtt`, `${first}.fr.vtt`]));
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    const films = archive.files.filter((f) => f.film);
    expect(films.map((f) => f.film).sort()).toEqual(videos.map((v) => v.id).sort());
    for (const f of films) {
      const row = videos.find((v) => v.id === f.film)!;
      expect(f.src).toBe(`/api/public/download/${row.id}?g=${gallery.customUrl}`);
      expect(f.size).toBe(Number((await db.video.findUniqueOrThrow({ where: { id: row.id } })).sizeBytes));
    }
    // Each sidecar follows its film.
    expect(names.indexOf(`${first}.chapters.vtt`)).toBe(names.indexOf(`${first}.mp4`) + 1);
    expect(names.indexOf(`${first}.fr.vtt`)).toBe(names.indexOf(`${first}.mp4`) + 2);
    expect(archive.files.find((f) => f.name === `${first}.fr.vtt`)!.src).toMatch(new RegExp(`^/api/public/captions/${videos[0].id}/`));
    // Asking for the list counts nothing.
    expect(await db.filmStat.count({ where: { galleryId: gallery.id, downloads: { gt: 0 } } })).toBe(0);
  });

  it("is refused when the gallery is locked or expired, downloads are off, or the PIN is not given (a guest who may download needs none)", async () => {
    const { studio, gallery } = await galleryWithFilms(["One"]);
    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: await hashPassword("secret-pass") } });
    const locked = await archiveOf(gallery.customUrl);
    expect([locked.status, (await locked.json()).code]).toEqual([401, "gallery_locked"]);
    // With a download PIN: asked of everyone, a guest without the right to download included;
    // a guest who may download is let through without it.
    await db.gallery.update({ where: { id: gallery.id }, data: { downloadPinHash: await hashPassword("2468") } });
    const salt = newInviteSalt();
    const id = randomUUID();
    const token = inviteToken(id, salt);
    await db.galleryInvite.create({ data: { id, galleryId: gallery.id, adminId: studio.id, name: "Guest", email: `g-${id}@example.test`, salt, tokenHash: tokenHash(token), mayDownload: false } });
    const guest = await archiveOf(gallery.customUrl, `${guestCookieName(gallery.id)}=${token}`);
    expect([guest.status, (await guest.json()).code]).toEqual([401, "pin_required"]);
    await db.galleryInvite.update({ where: { id }, data: { mayDownload: true } });
    expect((await archiveOf(gallery.customUrl, `${guestCookieName(gallery.id)}=${token}`)).status).toBe(200);

    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: null } });
    const pin = await archiveOf(gallery.customUrl);
    expect([pin.status, (await pin.json()).code]).toEqual([401, "pin_required"]);
    await db.gallery.update({ where: { id: gallery.id }, data: { downloadPinHash: null, settingDownload: false } });
    const off = await archiveOf(gallery.customUrl);
    expect([off.status, (await off.json()).code]).toEqual([403, "downloads_off"]);
    await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: true, expiresAt: new Date(Date.now() - 1000) } });
    expect((await archiveOf(gallery.customUrl)).status).toBe(403);
    expect((await archiveOf("no-such-gallery")).status).toBe(404);
  });

  it("counts a film's download when its door is asked, and not again for a resumed film", async () => {
    const { gallery, videos } = await galleryWithFilms(["One"]);
    const downloads = async () => {
      await flushEngagement();
      return (await db.filmStat.findUnique({ where: { videoId: videos[0].id } }))?.downloads ?? 0;
    };
    expect((await downloadOf(videos[0].id, `g=${gallery.customUrl}`)).status).toBe(302);
    expect(await downloads()).toBe(1);
    expect((await downloadOf(videos[0].id, `g=${gallery.customUrl}&resume=1`)).status).toBe(302);
    expect(await downloads()).toBe(1);
    expect((await downloadOf(videos[0].id, `g=${gallery.customUrl}&resume=yes`)).status).toBe(400);
  });
});

describe("a film's stream (resumableBody) over real HTTP", () => {
  const file = randomBytes(3 * 1024 * 1024 + 17);
  const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
  let server: http.Server;
  let base = "";
  /** What the next requests do: "cut" sends part of the body and destroys the socket; "expired" answers 403. */
  let plan: ("cut" | "drop" | "expired" | "ok" | "no-range" | "gone")[] = [];
  const seen: { path: string; range: string | undefined }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const path = new URL(req.url!, "http://x").pathname;
      seen.push({ path, range: req.headers.range });
      // The app's door: a redirect to the store's (signed) address.
      if (path === "/door") return void res.writeHead(302, { location: "/store" }).end();
      const step = plan.shift() ?? "ok";
      if (step === "expired") return void res.writeHead(403).end("expired");
      if (step === "gone") return void res.writeHead(404).end();
      if (step === "drop") return void req.socket.destroy();
      const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
      const start = m && step !== "no-range" ? Number(m[1]) : 0;
      const body = file.subarray(start);
      res.writeHead(m && step !== "no-range" ? 206 : 200, {
        "content-length": String(body.length),
        ...(m && step !== "no-range" ? { "content-range": `bytes ${start}-${file.length - 1}/${file.length}` } : {}),
      });
      if (step === "cut") {
        res.write(body.subarray(0, Math.floor(body.length / 3)), () => setTimeout(() => res.socket?.destroy(), 20));
        return;
      }
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    plan = [];
    seen.length = 0;
  });

  const read = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());
  const body = (opts: Partial<Parameters<typeof resumableBody>[1]> = {}) => resumableBody(`${base}/door`, { resumeSrc: `${base}/door?resume=1`, size: file.length, retryDelayMs: 10, ...opts });

  it("reads a whole file through the door's redirect", async () => {
    expect(sha(await read(body()))).toBe(sha(file));
    expect(seen.map((s) => s.path)).toEqual(["/door", "/store"]);
  });

  it("resumes twice dropped connections from the byte reached, straight from the store", async () => {
    plan = ["cut", "cut", "ok"];
    let counted = 0;
    expect(sha(await read(body({ onBytes: (n) => (counted += n) })))).toBe(sha(file));
    expect(counted).toBe(file.length);
    expect(seen.map((s) => s.path)).toEqual(["/door", "/store", "/store", "/store"]);
    expect(seen[2].range).toMatch(/^bytes=[1-9]\d*-$/);
    expect(Number(seen[3].range!.slice(6, -1))).toBeGreaterThan(Number(seen[2].range!.slice(6, -1)));
  });

  it("goes through the door again (not counted) once the signed address has expired, the Range kept", async () => {
    plan = ["cut", "expired", "ok"];
    expect(sha(await read(body()))).toBe(sha(file));
    expect(seen.map((s) => s.path)).toEqual(["/door", "/store", "/store", "/door", "/store"]);
    expect(seen[3].range).toBe(seen[2].range);
  });

  it("gets the right bytes from a store that ignores the Range", async () => {
    plan = ["cut", "no-range"];
    expect(sha(await read(body()))).toBe(sha(file));
  });

  it("gives up after its tries, and at once when the film is gone", async () => {
    // Bytes between failures keep a film going; three failures in a row with none end it.
    plan = ["cut", "drop", "drop", "drop", "ok"];
    await expect(read(body({ tries: 3 }))).rejects.toThrow();
    expect(seen.map((s) => s.path)).toEqual(["/door", "/store", "/store", "/store"]);
    seen.length = 0;
    plan = ["gone"];
    await expect(read(body())).rejects.toBeInstanceOf(DownloadError);
    expect(seen.map((s) => s.path)).toEqual(["/door", "/store"]);
  });
});
