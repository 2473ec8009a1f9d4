// A film's captions (issue 22 item 1): the studio's doors (upload, replace, label, default, delete,
// its own file) and the viewer's door (after the gallery gate), against the real database and store.
import { NextRequest } from "next/server";
import { GET as list, POST as upload } from "@/app/api/videos/captions/[videoId]/route";
import { DELETE as remove, GET as studioFile, PATCH as update } from "@/app/api/videos/captions/[videoId]/[captionId]/route";
import { GET as viewerFile } from "@/app/api/public/captions/[videoId]/[captionId]/route";
import { GET as viewerChapters } from "@/app/api/public/chapters/[videoId]/route";
import { DELETE as deleteVideo } from "@/app/api/videos/deleteVideo/[videoId]/route";
import { DELETE as deleteGallery } from "@/app/api/galleries/gallery/[id]/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { CAPTION_MAX_BYTES } from "@/lib/limits";
import { unlockCookieName, unlockCookieValue } from "@/lib/auth/gallery-unlock";
import { galleryContent } from "@/lib/services/public/public-gallery";
import { findGallery } from "@/lib/services/access/open-gallery";
import { sweepOrphanedObjects } from "@/lib/services/films/storage-sweep";
import { uploadText } from "@/lib/storage/objects";
import { objectExists } from "../helpers/storage";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, BASE, call, request } from "../helpers/requests";

const SRT = "1\n00:00:01,000 --> 00:00:03,500\nHello <font color=red>there</font>\n\n2\n00:00:04,000 --> 00:00:06,000\nSecond line\n";
const VTT_FR = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBonjour\n";

async function setup() {
  const studio = await createStudio();
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
  return { studio, gallery, video: videos[0], other: videos[1], token: await bearerFor(studio) };
}
type S = Awaited<ReturnType<typeof setup>>;

/** A POST of the file's bytes as they are (no JSON), as the Captions tab sends it. */
function send(s: Pick<S, "token">, videoId: string, bytes: Uint8Array | string, query: string) {
  const headers = new Headers({ authorization: `Bearer ${s.token}`, "content-type": "application/octet-stream" });
  const req = new NextRequest(new URL(`/api/videos/captions/${videoId}?${query}`, BASE), {
    method: "POST",
    headers,
    body: Buffer.from(typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes),
  });
  return call(upload, req, { videoId });
}
const listOf = async (s: S, videoId = s.video.id, token = s.token) => call(list, request("GET", "/x", { token }), { videoId });
const viewer = (videoId: string, captionId: string, g: string, cookie?: string) =>
  call(viewerFile, request("GET", `/api/public/captions/${videoId}/${captionId}?g=${encodeURIComponent(g)}`, { cookie }), { videoId, captionId });

describe("captions: the studio's doors", () => {
  it("uploads SRT as WebVTT, lists it, serves it to the studio, and replaces a language's file in place", async () => {
    const s = await setup();
    const res = await send(s, s.video.id, SRT, "language=en&label=English%20(SDH)&default=true");
    expect(res.status).toBe(201);
    const { caption } = await res.json();
    expect(caption).toMatchObject({ videoId: s.video.id, language: "en", label: "English (SDH)", isDefault: true, cueCount: 2 });
    const text = await (await call(studioFile, request("GET", "/x", { token: s.token }), { videoId: s.video.id, captionId: caption._id })).text();
    expect(text).toBe("WEBVTT\n\n1\n00:00:01.000 --> 00:00:03.500\nHello there\n\n2\n00:00:04.000 --> 00:00:06.000\nSecond line\n");

    const first = await db.caption.findUniqueOrThrow({ where: { id: caption._id } });
    const again = await send(s, s.video.id, "1\n00:00:02,000 --> 00:00:03,000\nReplaced\n", "language=en");
    expect(again.status).toBe(200);
    const replaced = (await again.json()).caption;
    // The same track (id, label, default), a new file under a new key; the old file is gone.
    expect(replaced).toMatchObject({ _id: caption._id, label: "English (SDH)", isDefault: true, cueCount: 1 });
    const row = await db.caption.findUniqueOrThrow({ where: { id: caption._id } });
    expect(row.storageKey).not.toBe(first.storageKey);
    expect(await objectExists(first.storageKey)).toBe(false);
    expect(await objectExists(row.storageKey)).toBe(true);
    expect(row.storageKey.startsWith(`${s.studio.id}/${s.gallery.folderId}/${s.gallery.id}/`)).toBe(true);
  });

  it("names the language in its own words unless a label is given; accepts Windows-1252 and a UTF-8 BOM", async () => {
    const s = await setup();
    const cp1252 = Uint8Array.from([...Buffer.from("1\n00:00:01,000 --> 00:00:02,000\nCaf"), 0xe9, 0x20, 0x80, 0x0a]);
    const fr = await (await send(s, s.video.id, cp1252, "language=fr")).json();
    expect(fr.caption.label).toBe("Français");
    const frText = await (await call(studioFile, request("GET", "/x", { token: s.token }), { videoId: s.video.id, captionId: fr.caption._id })).text();
    expect(frText).toContain("Café €");
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from(VTT_FR.replace("Bonjour", "Grüße"))]);
    const de = await (await send(s, s.video.id, bom, "language=de")).json();
    expect(de.caption).toMatchObject({ label: "Deutsch", cueCount: 1 });
  });

  it("refuses bad files and bad fields with the exact reason, storing nothing", async () => {
    const s = await setup();
    const before = await db.caption.count();
    const cases: [string | Uint8Array, string, number, string][] = [
      ["1\n00:00:01,000 --> 00:00:00,500\nBackwards\n", "language=en", 400, TEXTS.captions.endBeforeStart(1, 2)],
      ["1\n00:00:61,000 --> 00:01:02,000\nBad\n", "language=en", 400, TEXTS.captions.badTiming(1, 2)],
      ["just some words", "language=en", 400, TEXTS.captions.notCaptions],
      ["", "language=en", 400, TEXTS.captions.empty],
      [Uint8Array.from([0, 1, 2, 3, 0, 0, 0xff, 0xfe, 0, 0]), "language=en", 400, TEXTS.captions.notText],
      [SRT, "language=xx", 400, TEXTS.captions.languageUnknown],
      [SRT, "", 400, TEXTS.captions.languageUnknown],
      [SRT, "language=en&label=", 400, TEXTS.captions.labelRequired],
      [SRT, "language=en&default=maybe", 400, "Use true or false."],
      [new Uint8Array(CAPTION_MAX_BYTES + 1).fill(0x41), "language=en", 413, TEXTS.captions.tooLarge],
    ];
    for (const [body, query, status, message] of cases) {
      const res = await send(s, s.video.id, body, query);
      expect({ query, status: res.status, message: (await res.json()).message }).toEqual({ query, status, message });
    }
    expect(await db.caption.count()).toBe(before);
  });

  it("keeps one default per film: a new default clears the last, PATCH changes label and default", async () => {
    const s = await setup();
    const en = (await (await send(s, s.video.id, SRT, "language=en&default=true")).json()).caption;
    const fr = (await (await send(s, s.video.id, VTT_FR, "language=fr&default=true")).json()).caption;
    const defaults = async () => (await (await listOf(s)).json()).captions.filter((c: { isDefault: boolean }) => c.isDefault).map((c: { language: string }) => c.language);
    expect(await defaults()).toEqual(["fr"]);
    const patched = await call(update, request("PATCH", "/x", { token: s.token, body: { isDefault: true, label: "English" } }), { videoId: s.video.id, captionId: en._id });
    expect((await patched.json()).caption).toMatchObject({ label: "English", isDefault: true });
    expect(await defaults()).toEqual(["en"]);
    // Many defaults at once: one stands.
    await Promise.all([en, fr, en, fr].map((c) => call(update, request("PATCH", "/x", { token: s.token, body: { isDefault: true } }), { videoId: s.video.id, captionId: c._id })));
    expect((await defaults()).length).toBe(1);
    for (const body of [{}, { label: "" }, { isDefault: "yes" }, { label: "a\nb" }, { other: 1 }]) {
      expect((await call(update, request("PATCH", "/x", { token: s.token, body }), { videoId: s.video.id, captionId: en._id })).status).toBe(400);
    }
  });

  it("gives another studio 404 on every door, and a caption named under another video 404", async () => {
    const s = await setup();
    const cap = (await (await send(s, s.video.id, SRT, "language=en")).json()).caption;
    const intruder = await createStudio();
    const token = await bearerFor(intruder);
    expect((await listOf(s, s.video.id, token)).status).toBe(404);
    expect((await send({ token }, s.video.id, SRT, "language=fr")).status).toBe(404);
    const ids = { videoId: s.video.id, captionId: cap._id };
    expect((await call(studioFile, request("GET", "/x", { token }), ids)).status).toBe(404);
    expect((await call(update, request("PATCH", "/x", { token, body: { label: "Mine" } }), ids)).status).toBe(404);
    expect((await call(remove, request("DELETE", "/x", { token }), ids)).status).toBe(404);
    expect((await call(studioFile, request("GET", "/x", { token: s.token }), { videoId: s.other.id, captionId: cap._id })).status).toBe(404);
    expect(await db.caption.findUniqueOrThrow({ where: { id: cap._id } })).toMatchObject({ label: "English" });
  });

  it("deletes a track's file with it, every track's file with its video, and keeps them through a file replace and the sweep", async () => {
    const s = await setup();
    const en = (await (await send(s, s.video.id, SRT, "language=en")).json()).caption;
    const fr = (await (await send(s, s.video.id, VTT_FR, "language=fr")).json()).caption;
    const keyOf = async (id: string) => (await db.caption.findUniqueOrThrow({ where: { id } })).storageKey;
    const [enKey, frKey] = [await keyOf(en._id), await keyOf(fr._id)];
    // The sweep (even with no grace) leaves a caption's file: its row owns it.
    await sweepOrphanedObjects({ prefix: `${s.studio.id}/`, graceMs: -60_000 });
    expect(await objectExists(enKey)).toBe(true);
    expect((await call(remove, request("DELETE", "/x", { token: s.token }), { videoId: s.video.id, captionId: en._id })).status).toBe(200);
    expect(await objectExists(enKey)).toBe(false);
    expect((await call(deleteVideo, request("DELETE", "/x", { token: s.token }), { videoId: s.video.id })).status).toBe(200);
    expect(await objectExists(frKey)).toBe(false);
    expect(await db.caption.count({ where: { videoId: s.video.id } })).toBe(0);

    const de = (await (await send(s, s.other.id, VTT_FR, "language=de")).json()).caption;
    const deKey = await keyOf(de._id);
    expect((await call(deleteGallery, request("DELETE", "/x", { token: s.token }), { id: s.gallery.id })).status).toBe(200);
    expect(await objectExists(deKey)).toBe(false);
  });
});

describe("captions: what viewers get", () => {
  it("lists each film's tracks on the public page (the default first) and serves them through the gallery gate", async () => {
    const s = await setup();
    await send(s, s.video.id, VTT_FR, "language=fr&label=Français");
    const en = (await (await send(s, s.video.id, SRT, "language=en&default=true")).json()).caption;
    const page = galleryContent((await findGallery(s.gallery.customUrl))!, "viewer");
    const film = page.state.videos.find((v) => v._id === s.video.id)!;
    expect(film.captions.map((c) => [c.language, c.label, c.isDefault])).toEqual([
      ["en", "English", true],
      ["fr", "Français", false],
    ]);
    expect(film.captions[0].src).toMatch(new RegExp(`^/api/public/captions/${s.video.id}/${en._id}\\?g=${s.gallery.customUrl}&v=\\d+$`));
    // The studio's preview reads its own door.
    expect(galleryContent((await findGallery(s.gallery.customUrl))!, "studio").state.videos.find((v) => v._id === s.video.id)!.captions[0].src).toMatch(/^\/api\/videos\/captions\//);

    const open = await viewer(s.video.id, en._id, s.gallery.customUrl);
    expect(open.status).toBe(200);
    expect(open.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await open.text()).toContain("Hello there");

    // Locked: refused without the unlock cookie, served with it; expired: refused; another gallery or film: 404.
    await db.gallery.update({ where: { id: s.gallery.id }, data: { passwordHash: "x", passwordVersion: 1 } });
    expect((await viewer(s.video.id, en._id, s.gallery.customUrl)).status).toBe(401);
    const cookie = `${unlockCookieName(s.gallery.id)}=${unlockCookieValue(s.gallery.id, 1)}`;
    expect((await viewer(s.video.id, en._id, s.gallery.customUrl, cookie)).status).toBe(200);
    await db.gallery.update({ where: { id: s.gallery.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await viewer(s.video.id, en._id, s.gallery.customUrl, cookie)).status).toBe(403);
    await db.gallery.update({ where: { id: s.gallery.id }, data: { expiresAt: null, passwordHash: null } });
    const elsewhere = await createFolderWithGallery(s.studio.id, { videos: 1 });
    expect((await viewer(s.video.id, en._id, elsewhere.gallery.customUrl)).status).toBe(404);
    expect((await viewer(s.other.id, en._id, s.gallery.customUrl)).status).toBe(404);
    expect((await viewer(s.video.id, en._id, s.gallery.customUrl)).status).toBe(200);
  });

  it("serves a film's chapters as a WebVTT chapters track by address, through the same gate", async () => {
    const s = await setup();
    await db.video.update({ where: { id: s.video.id }, data: { durationSec: 90 } });
    await db.chapter.createMany({
      data: [
        { videoId: s.video.id, title: "Vows <3", cueSeconds: 30 },
        { videoId: s.video.id, title: "Arrival", cueSeconds: 0 },
      ],
    });
    const film = galleryContent((await findGallery(s.gallery.customUrl))!, "viewer").state.videos.find((v) => v._id === s.video.id)!;
    expect(film.chaptersSrc).toMatch(new RegExp(`^/api/public/chapters/${s.video.id}\\?g=${s.gallery.customUrl}&v=\\d+$`));
    // The preview draws them from the list; a film without chapters has no track.
    expect(galleryContent((await findGallery(s.gallery.customUrl))!, "studio").state.videos.find((v) => v._id === s.video.id)!.chaptersSrc).toBeNull();
    expect(galleryContent((await findGallery(s.gallery.customUrl))!, "viewer").state.videos.find((v) => v._id === s.other.id)!.chaptersSrc).toBeNull();

    const get = (g: string, cookie?: string) => call(viewerChapters, request("GET", `/api/public/chapters/${s.video.id}?g=${g}`, { cookie }), { videoId: s.video.id });
    const open = await get(s.gallery.customUrl);
    expect(open.status).toBe(200);
    expect(open.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await open.text()).toBe("WEBVTT\n\n1\n00:00:00.000 --> 00:00:30.000\nArrival\n\n2\n00:00:30.000 --> 00:01:30.000\nVows ‹3\n");
    // A renamed chapter is a new address.
    await db.chapter.updateMany({ where: { videoId: s.video.id, cueSeconds: 0 }, data: { title: "Arrivals" } });
    const again = galleryContent((await findGallery(s.gallery.customUrl))!, "viewer").state.videos.find((v) => v._id === s.video.id)!;
    expect(again.chaptersSrc).not.toBe(film.chaptersSrc);
    await db.gallery.update({ where: { id: s.gallery.id }, data: { passwordHash: "x", passwordVersion: 1 } });
    expect((await get(s.gallery.customUrl)).status).toBe(401);
    expect((await get(s.gallery.customUrl, `${unlockCookieName(s.gallery.id)}=${unlockCookieValue(s.gallery.id, 1)}`)).status).toBe(200);
    expect((await get("some-other-gallery")).status).toBe(404);
  });
});

// Issue 36 item 1: files stored before the cue text rule kept '&lt;img …&gt;', which the player
// decodes into an element. Both doors clean a stored file again as they serve it.
describe("captions stored before issue 36", () => {
  it("are served cleaned by the viewer's and the studio's doors", async () => {
    const s = await setup();
    const key = `${s.studio.id}/${s.gallery.folderId}/${s.gallery.id}/legacy_${Date.now()}_captions_en.vtt`;
    await uploadText(key, "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\n&lt;img src=x onerror=alert(1)&gt;Hello &amp;lt;svg onload=alert(1)&amp;gt;<i>you</i>\n", "text/vtt; charset=utf-8");
    const row = await db.caption.create({ data: { videoId: s.video.id, adminId: s.studio.id, language: "en", label: "English", storageKey: key, cueCount: 1, sizeBytes: 100 } });
    const want = "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nHello <i>you</i>\n";
    const served = await viewer(s.video.id, row.id, s.gallery.customUrl);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(want);
    const own = await call(studioFile, request("GET", "/x", { token: s.token }), { videoId: s.video.id, captionId: row.id });
    expect(await own.text()).toBe(want);
  });
});
