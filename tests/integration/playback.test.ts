// HLS and MP4 playback through the app (issue 17, item 6): the app serves the playlists after the
// gallery gate (the master names the app's variant playlists, a variant names presigned segments),
// so a lock, an expiry or a delete stops new playback at once; the MP4 door redirects to a signed
// address of the stream copy, or of the original, only for a viewer who may download, and to the
// stream copy for anyone else only while the film has no ladder yet.
import { db } from "@/lib/db";
import { GET as hls } from "@/app/api/public/hls/[videoId]/[playlist]/route";
import { GET as stream } from "@/app/api/public/stream/[videoId]/route";
import { GET as studioHls } from "@/app/api/videos/hls/[id]/[playlist]/route";
import { unlockCookieName, unlockCookieValue } from "@/lib/auth/gallery-unlock";
import { findGallery } from "@/lib/services/access/open-gallery";
import { publicGalleryPageProps } from "@/lib/services/public/public-page";
import { SIGNED_URL_TTL_SEC } from "@/lib/storage/urls";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { putObjects } from "../helpers/storage";
import { bearerFor, call, request } from "../helpers/requests";
import { MASTER, putLadder } from "../helpers/hls";

async function setup(opts: { streamCopy?: boolean } = {}) {
  const studio = await createStudio();
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  const video = await putLadder(videos[0], opts);
  await putObjects([video.storageKey]);
  return { studio, gallery, video };
}

const playlist = (videoId: string, name: string, g: string, extra = "", cookie?: string) =>
  call(hls, request("GET", `/api/public/hls/${videoId}/${name}?g=${g}${extra}`, { cookie }), { videoId, playlist: name });
const mp4 = (videoId: string, g: string) => call(stream, request("GET", `/api/public/stream/${videoId}?g=${g}`), { videoId });

/** The first film's playback as the cached page gives it to the player. */
async function pagePlayback(slug: string) {
  const props = publicGalleryPageProps(await findGallery(slug));
  return "props" in props && props.props.view.screen === "gallery" ? props.props.view.state.videos[0].playback : undefined;
}

function expectSigned(url: string) {
  const u = new URL(url);
  expect(u.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  const date = u.searchParams.get("X-Amz-Date")!;
  const signedAt = Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6, 8), +date.slice(9, 11), +date.slice(11, 13), +date.slice(13, 15));
  const expiresAt = signedAt + Number(u.searchParams.get("X-Amz-Expires")) * 1000;
  expect(expiresAt - Date.now()).toBeLessThanOrEqual(SIGNED_URL_TTL_SEC * 1000);
  expect(expiresAt - Date.now()).toBeGreaterThan(0);
}

describe("HLS through the app", () => {
  it("the master names the app's variant playlists; a variant names signed segments the store serves", async () => {
    const { gallery, video } = await setup();
    const master = await playlist(video.id, "master.m3u8", gallery.customUrl);
    expect(master.status).toBe(200);
    expect(master.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    expect(master.headers.get("cache-control")).toContain("no-store");
    const text = await master.text();
    expect(text).toBe(MASTER.replace("720p.m3u8", `720p.m3u8?g=${gallery.customUrl}`));
    expect(text).not.toContain(video.storageKey);

    const variant = await playlist(video.id, "720p.m3u8", gallery.customUrl);
    expect(variant.status).toBe(200);
    const body = await variant.text();
    const lines = body.split("\n").filter((l) => l && !l.startsWith("#"));
    expect(lines).toHaveLength(2);
    for (const [i, url] of lines.entries()) {
      expect(decodeURIComponent(new URL(url).pathname)).toBe(`/${process.env.S3_BUCKET}/${video.storageKey}.derived/hls/720p_00${i}.ts`);
      expectSigned(url);
      expect((await fetch(url)).status).toBe(200);
    }
    // The same window: the same body (kept in memory, stable for browsers).
    expect(await (await playlist(video.id, "720p.m3u8", gallery.customUrl)).text()).toBe(body);
  });

  it("serves only the master and the variants it names, and no fallback without a fallback host", async () => {
    const { gallery, video } = await setup();
    for (const name of ["1080p.m3u8", "..%2Fmaster.m3u8", "720p_000.ts", "thumb-1000.jpg"]) expect((await playlist(video.id, name, gallery.customUrl)).status).toBe(404);
    expect((await playlist(video.id, "720p.m3u8", gallery.customUrl, "&h=fallback")).status).toBe(404);
    expect((await playlist(video.id, "720p.m3u8", gallery.customUrl, "&h=other")).status).toBe(400);
    expect((await playlist(video.id, "720p.m3u8", "another-gallery")).status).toBe(404);
  });

  it("a lock, an expiry or a delete stops new playback at once", async () => {
    const { gallery, video } = await setup();
    expect((await playlist(video.id, "720p.m3u8", gallery.customUrl)).status).toBe(200);
    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: "x", passwordVersion: 1 } });
    expect((await playlist(video.id, "master.m3u8", gallery.customUrl)).status).toBe(401);
    expect((await playlist(video.id, "720p.m3u8", gallery.customUrl)).status).toBe(401);
    expect((await mp4(video.id, gallery.customUrl)).status).toBe(401);
    const cookie = `${unlockCookieName(gallery.id)}=${unlockCookieValue(gallery.id, 1)}`;
    expect((await playlist(video.id, "720p.m3u8", gallery.customUrl, "", cookie)).status).toBe(200);
    await db.gallery.update({ where: { id: gallery.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await playlist(video.id, "720p.m3u8", gallery.customUrl, "", cookie)).status).toBe(403);
    await db.gallery.update({ where: { id: gallery.id }, data: { expiresAt: null, passwordHash: null } });
    expect((await playlist(video.id, "720p.m3u8", gallery.customUrl)).status).toBe(200);
    await db.video.delete({ where: { id: video.id } });
    expect((await playlist(video.id, "720p.m3u8", gallery.customUrl)).status).toBe(404);
    expect((await mp4(video.id, gallery.customUrl)).status).toBe(404);
  });

  it("a re-processed video's playlists are read again (the cache is per processing)", async () => {
    const { gallery, video } = await setup();
    expect(await (await playlist(video.id, "master.m3u8", gallery.customUrl)).text()).toContain("720p.m3u8");
    const { PutObjectCommand } = await import("@aws-sdk/client-s3");
    const { bucket, s3 } = await import("@/lib/storage/client");
    await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: video.hlsKey!, Body: MASTER.replace(/720p/g, "480p") }));
    expect(await (await playlist(video.id, "master.m3u8", gallery.customUrl)).text()).toContain("720p.m3u8");
    await db.video.update({ where: { id: video.id }, data: { processedAt: new Date(Date.now() + 1000) } });
    expect(await (await playlist(video.id, "master.m3u8", gallery.customUrl)).text()).toContain("480p.m3u8");
  });
});

describe("the MP4 door and Downloads", () => {
  const copyPath = (video: { storageKey: string }) => `/${process.env.S3_BUCKET}/${video.storageKey}.derived/stream.mp4`;

  it("with a stream copy: the copy, signed, while Downloads are on; with them off only until the ladder exists (issue 36 item 4)", async () => {
    const { gallery, video } = await setup({ streamCopy: true });
    const on = await mp4(video.id, gallery.customUrl);
    expect(on.status).toBe(302);
    expect(decodeURIComponent(new URL(on.headers.get("location")!).pathname)).toBe(copyPath(video));
    await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: false } });
    // With its ladder the film plays by HLS: the copy (a fast-start original's own bytes) is a download.
    const off = await mp4(video.id, gallery.customUrl);
    expect(off.status).toBe(403);
    expect((await off.json()).code).toBe("downloads_off");
    expect(await pagePlayback(gallery.customUrl)).toEqual({ sources: [{ src: `/api/public/hls/${video.id}/master.m3u8?g=${gallery.customUrl}`, type: "application/x-mpegurl" }], fallback: [] });
    // Its first seconds (the copy published, the ladder still encoding): the copy is what plays.
    await db.video.update({ where: { id: video.id }, data: { hlsKey: null, optimizing: true } });
    const early = await mp4(video.id, gallery.customUrl);
    expect(early.status).toBe(302);
    const to = early.headers.get("location")!;
    expect(decodeURIComponent(new URL(to).pathname)).toBe(copyPath(video));
    expectSigned(to);
    expect((await fetch(to)).status).toBe(200);
    expect(await pagePlayback(gallery.customUrl)).toEqual({ sources: [{ src: `/api/public/stream/${video.id}?g=${gallery.customUrl}`, type: "video/mp4" }], fallback: [] });
  });

  it("without one: the original only when Downloads are on; with them off the page lists HLS only", async () => {
    const { gallery, video } = await setup();
    const on = await mp4(video.id, gallery.customUrl);
    expect(decodeURIComponent(new URL(on.headers.get("location")!).pathname)).toBe(`/${process.env.S3_BUCKET}/${video.storageKey}`);
    await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: false } });
    expect((await mp4(video.id, gallery.customUrl)).status).toBe(403);
    const props = publicGalleryPageProps(await findGallery(gallery.customUrl));
    const view = "props" in props && props.props.view.screen === "gallery" ? props.props.view : null;
    expect(view!.state.videos[0].playback).toEqual({ sources: [{ src: `/api/public/hls/${video.id}/master.m3u8?g=${gallery.customUrl}`, type: "application/x-mpegurl" }], fallback: [] });
  });
});

describe("the studio's playlist door", () => {
  it("plays the owner's video whatever its gallery's password or expiry; another studio gets 404", async () => {
    const { studio, gallery, video } = await setup();
    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: "x", expiresAt: new Date(Date.now() - 1) } });
    const get = async (token: string, name: string) => call(studioHls, request("GET", `/api/videos/hls/${video.id}/${name}`, { token }), { id: video.id, playlist: name });
    const token = await bearerFor(studio);
    const master = await get(token, "master.m3u8");
    expect(master.status).toBe(200);
    expect(await master.text()).toBe(MASTER);
    const variant = await (await get(token, "720p.m3u8")).text();
    for (const url of variant.split("\n").filter((l) => l && !l.startsWith("#"))) expectSigned(url);
    expect((await get(await bearerFor(await createStudio()), "master.m3u8")).status).toBe(404);
  });
});
