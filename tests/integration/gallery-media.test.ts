import { POST as presign } from "@/app/api/products/generate-presigned-url/route";
import { PUT as background } from "@/app/api/galleries/gallery/[id]/background/route";
import { db } from "@/lib/db";
import { bytesToMb } from "@/lib/format";
import { listKeys } from "@/lib/storage/objects";
import { sniffAudio } from "@/lib/media/sniff";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { makePng } from "../helpers/png";
import { makeWav as wav } from "../helpers/wav";

async function setup() {
  const studio = await createStudio({ creditsMb: 50 });
  const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
  const gallery = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: studio.id, customUrl: `m-${studio.id}` } });
  return { studio, folder, gallery, token: await bearerFor(studio) };
}

async function upload(s: Awaited<ReturnType<typeof setup>>, fileName: string, fileType: string, body: Buffer) {
  const q = new URLSearchParams({ folderPath: `${s.folder.id}/${s.gallery.id}`, fileName, fileType, fileSize: String(body.length) });
  const { upload_url, fileName: key } = await (await call(presign, request("POST", `/x?${q}`, { token: s.token }))).json();
  expect((await fetch(upload_url, { method: "PUT", body: new Uint8Array(body), headers: { "content-type": fileType } })).status).toBe(200);
  return key as string;
}

const put = (s: Awaited<ReturnType<typeof setup>>, body: unknown, token = s.token, id = s.gallery.id) => call(background, request("PUT", "/x", { token, body }), { id });

describe("PUT /api/galleries/gallery/:id/background", () => {
  it("sets a still image checked by content, charges it, and replaces it cleanly", async () => {
    const s = await setup();
    const first = await upload(s, "bg.png", "image/png", makePng(1600, 900));
    const res = await put(s, { imgUrl: first });
    expect(res.status).toBe(200);
    expect((await res.json()).backgroundMedia.imgUrl).toContain(encodeURIComponent(first.split("/").pop()!));
    const balance = bytesToMb((await db.admin.findUniqueOrThrow({ where: { id: s.studio.id } })).creditBytes);
    expect(balance).toBeLessThan(50);
    const second = await upload(s, "bg2.png", "image/png", makePng(800, 450));
    expect((await put(s, { imgUrl: second })).status).toBe(200);
    expect(await listKeys(first)).toEqual([]);
    expect((await put(s, { imgUrl: null })).status).toBe(200);
    expect(await listKeys(second)).toEqual([]);
    expect((await db.gallery.findUniqueOrThrow({ where: { id: s.gallery.id } })).bgImageUrl).toBeNull();
  });

  it("refuses a file that only claims to be an image, and deletes it", async () => {
    const s = await setup();
    const key = await upload(s, "fake.png", "image/png", Buffer.from("<html>not an image</html>".repeat(50)));
    const res = await put(s, { imgUrl: key });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("The background image must be a PNG, JPG or JPEG image.");
    expect(await listKeys(key)).toEqual([]);
    // Its upload is closed now: naming it again is the declared 409 (the answer check throws on an undeclared one).
    const again = await put(s, { imgUrl: key });
    expect([again.status, (await again.json()).code]).toEqual([409, "upload_state_conflict"]);
  });

  it("sets ambient music checked by content, with its track name", async () => {
    const s = await setup();
    const key = await upload(s, "first dance.wav", "audio/wav", wav());
    const res = await put(s, { musicUrl: key });
    expect(res.status).toBe(200);
    expect((await res.json()).backgroundMedia.musicName).toBe("first dance");
    // An MP3 named music.mp3 whose ID3 tag names it: the tag's artist and title (issue 19 item 10).
    const frame = (id: string, text: string) => {
      const body = Buffer.concat([Buffer.from([0]), Buffer.from(text, "latin1")]);
      const head = Buffer.alloc(10);
      head.write(id, 0, "latin1");
      head.writeUInt32BE(body.length, 4);
      return Buffer.concat([head, body]);
    };
    const frames = Buffer.concat([frame("TIT2", "First Dance"), frame("TPE1", "Lumen Strings")]);
    const id3 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, frames.length]), frames, Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(400)]);
    const tagged = await upload(s, "music.mp3", "audio/mpeg", id3);
    const named = await put(s, { musicUrl: tagged });
    expect(named.status).toBe(200);
    expect((await named.json()).backgroundMedia.musicName).toBe("Lumen Strings — First Dance");
    const fake = await upload(s, "song.mp3", "audio/mpeg", Buffer.from("definitely not audio".repeat(20)));
    const bad = await put(s, { musicUrl: fake });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("The track must be an MP3, AAC, WAV or OGG audio file.");
  });

  it("takes one of the gallery's ready 16:9 videos of at most 30 s as the background video", async () => {
    const s = await setup();
    const make = (data: object) =>
      db.video.create({
        data: { title: "v", storageKey: `${s.gallery.id}/${Math.random()}.mp4`, galleryId: s.gallery.id, adminId: s.studio.id, status: "READY", width: 1920, height: 1080, durationSec: 20, ...data },
      });
    const good = await make({});
    const long = await make({ durationSec: 45 });
    const square = await make({ width: 1440, height: 1080 });
    const busy = await make({ status: "PROCESSING" });
    const ok = await put(s, { videoUrl: good.id });
    expect(ok.status).toBe(200);
    expect((await db.gallery.findUniqueOrThrow({ where: { id: s.gallery.id } })).bgVideoUrl).toBe(good.storageKey);
    for (const v of [long, square]) {
      const res = await put(s, { videoUrl: v.id });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("The background video must be 16:9 and at most 30 seconds long.");
    }
    expect((await put(s, { videoUrl: busy.id })).status).toBe(400);
    expect((await put(s, { videoUrl: null })).status).toBe(200);
  });

  it("is owner-scoped and takes exactly one field", async () => {
    const s = await setup();
    const other = await setup();
    const key = await upload(s, "bg.png", "image/png", makePng(100, 100));
    expect((await put(s, { imgUrl: key }, other.token)).status).toBe(404);
    expect((await put(other, { imgUrl: key })).status).toBe(404);
    expect((await put(s, { imgUrl: key, musicUrl: key })).status).toBe(400);
    expect((await put(s, {})).status).toBe(400);
    expect((await put(s, { posterUrl: key })).status).toBe(400);
  });
});

describe("sniffAudio", () => {
  it("knows the four formats by their first bytes", () => {
    expect(sniffAudio(wav())).toBe("wav");
    expect(sniffAudio(Buffer.from("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000", "latin1"))).toBe("mp3");
    expect(sniffAudio(Buffer.from("OggS\u0000\u0002\u0000\u0000\u0000\u0000\u0000\u0000", "latin1"))).toBe("ogg");
    expect(sniffAudio(Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe("aac");
    expect(sniffAudio(Buffer.from("\u0000\u0000\u0000\u0020ftypM4A \u0000\u0000", "latin1"))).toBe("m4a");
    expect(sniffAudio(Buffer.from("hello world, hi!"))).toBeNull();
  });
});
