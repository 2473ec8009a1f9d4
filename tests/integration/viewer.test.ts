import { db } from "@/lib/db";
import { POST as views } from "@/app/api/public/views/route";
import { GET as download } from "@/app/api/public/download/[videoId]/route";
import { GET as stream } from "@/app/api/public/stream/[videoId]/route";
import { findGallery } from "@/lib/services/access/open-gallery";
import { PUBLIC_PAGE_REVALIDATE, publicGalleryPageProps } from "@/lib/services/public/public-page";
import { unlockCookieName, unlockCookieValue } from "@/lib/auth/gallery-unlock";
import { downloadFileName } from "@/lib/storage/downloads";
import { recordView } from "@/lib/services/public/viewer";
import { VIEWS_PER_ADDRESS_PER_DAY } from "@/lib/limits";
import { NO_CREDENTIALS } from "@/lib/services/access/gate";
import { mediaUrl } from "@/lib/storage/urls";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { putObjects } from "../helpers/storage";
import { BASE, call, request } from "../helpers/requests";

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

function view(body: unknown, opts: { cookie?: string; ua?: string | null; ip?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.ua !== null) headers["user-agent"] = opts.ua ?? BROWSER;
  return call(views, request("POST", "/api/public/views", { body, cookie: opts.cookie, headers, from: opts.ip ?? "198.51.100.1" }));
}
const viewsOf = async (id: string) => (await db.video.findUniqueOrThrow({ where: { id } })).views;
const viewerCookie = (res: Response) => res.headers.get("set-cookie")!.split(";")[0];

describe("POST /api/public/views", () => {
  it("counts a viewer once per video, by a first-party httpOnly session cookie", async () => {
    const studio = await createStudio();
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
    const first = await view({ slug: gallery.customUrl, videoId: videos[0].id });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ counted: true });
    const setCookie = first.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^vf_viewer=[A-Za-z0-9_-]{16,}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).not.toMatch(/Max-Age|Expires/i); // a session cookie
    const cookie = viewerCookie(first);

    expect(await (await view({ slug: gallery.customUrl, videoId: videos[0].id }, { cookie })).json()).toEqual({ counted: false });
    expect(await viewsOf(videos[0].id)).toBe(1);
    // Another video, or another viewer (another browser elsewhere), counts again; the gallery may be named by its id too.
    expect(await (await view({ galleryId: gallery.id, videoId: videos[1].id }, { cookie })).json()).toEqual({ counted: true });
    expect(await (await view({ gallery: gallery.customUrl, videoId: videos[0].id }, { ip: "198.51.100.2" })).json()).toEqual({ counted: true });
    expect(await viewsOf(videos[0].id)).toBe(2);
    expect(await viewsOf(videos[1].id)).toBe(1);
  });

  it("two identical requests at the same moment count once", async () => {
    const studio = await createStudio();
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
    const first = await view({ slug: gallery.customUrl, videoId: videos[0].id }, { ip: "198.51.100.3" });
    const cookie = viewerCookie(first);
    await db.videoView.deleteMany({ where: { videoId: videos[0].id } });
    await db.video.update({ where: { id: videos[0].id }, data: { views: 0 } });
    const answers = await Promise.all(Array.from({ length: 8 }, () => view({ slug: gallery.customUrl, videoId: videos[0].id }, { cookie, ip: "198.51.100.3" }).then((r) => r.json())));
    expect(answers.filter((a) => a.counted)).toHaveLength(1);
    expect(await viewsOf(videos[0].id)).toBe(1);
  });

  it("a client that never returns the cookie counts once: 20 requests are 1 view (issue 17, item 17)", async () => {
    const studio = await createStudio();
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await (await view({ slug: gallery.customUrl, videoId: videos[0].id }, { ip: "203.0.113.20" })).json());
    expect(answers.filter((a) => a.counted)).toHaveLength(1);
    expect(await viewsOf(videos[0].id)).toBe(1);
  });

  it("made-up, unsigned or swapped-in cookies do not make new viewers", async () => {
    const studio = await createStudio();
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
    const ip = "203.0.113.21";
    const first = await view({ slug: gallery.customUrl, videoId: videos[0].id }, { ip });
    expect(await first.json()).toEqual({ counted: true });
    for (let i = 0; i < 10; i++) {
      const forged = `vf_viewer=${`forged-viewer-${i}`.padEnd(22, "x")}.${"A".repeat(22)}`;
      expect(await (await view({ slug: gallery.customUrl, videoId: videos[0].id }, { ip, cookie: forged })).json()).toEqual({ counted: false });
      expect(await (await view({ slug: gallery.customUrl, videoId: videos[0].id }, { ip, cookie: `vf_viewer=plain-random-id-${i}-0123456789` })).json()).toEqual({ counted: false });
    }
    // Clearing the cookie and using the new one it brings counts nothing either.
    const fresh = viewerCookie(await view({ slug: gallery.customUrl, videoId: videos[0].id }, { ip }));
    expect(await (await view({ slug: gallery.customUrl, videoId: videos[0].id }, { ip, cookie: fresh })).json()).toEqual({ counted: false });
    expect(await viewsOf(videos[0].id)).toBe(1);
  });

  it("rotating user agents from one address counts at most VIEWS_PER_ADDRESS_PER_DAY; other addresses still count", async () => {
    const studio = await createStudio();
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
    for (let i = 0; i < 25; i++) await view({ slug: gallery.customUrl, videoId: videos[0].id }, { ip: "203.0.113.22", ua: `${BROWSER} build/${i}` });
    expect(await viewsOf(videos[0].id)).toBe(VIEWS_PER_ADDRESS_PER_DAY);
    expect(await (await view({ slug: gallery.customUrl, videoId: videos[0].id }, { ip: "203.0.113.23" })).json()).toEqual({ counted: true });
  });

  it("the address and agent window is a day: the next day a browser without its cookie counts again", async () => {
    const studio = await createStudio();
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
    const client = { ip: "203.0.113.24", userAgent: BROWSER };
    const once = (viewerId: string, now: number) => recordView({ gallery: gallery.customUrl, videoId: videos[0].id, viewerId, client, credentials: NO_CREDENTIALS, now });
    const today = Date.now();
    expect(await once("viewer-one-0123456789ab", today)).toEqual({ counted: true });
    expect(await once("viewer-two-0123456789ab", today)).toEqual({ counted: false });
    expect(await once("viewer-three-012345678", today + 24 * 3600_000)).toEqual({ counted: true });
  });

  it.each([
    "Googlebot/2.1 (+http://www.google.com/bot.html)",
    "facebookexternalhit/1.1",
    "Slackbot-LinkExpanding 1.0",
    "WhatsApp/2.23",
    "curl/8.4.0",
    "Mozilla/5.0 (compatible; bingbot/2.0)",
    "Mozilla/5.0 AppleWebKit (KHTML, like Gecko) HeadlessChrome/120",
    null,
  ])("ignores bots: %s", async (ua) => {
    const studio = await createStudio();
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
    const res = await view({ slug: gallery.customUrl, videoId: videos[0].id }, { ua });
    expect(await res.json()).toEqual({ counted: false });
    expect(await viewsOf(videos[0].id)).toBe(0);
  });

  it("counts only READY videos of that gallery of an Active studio, open to the viewer", async () => {
    const studio = await createStudio();
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
    const other = await createFolderWithGallery(studio.id, { videos: 1 });
    await db.video.update({ where: { id: videos[1].id }, data: { status: "PROCESSING" } });
    expect((await view({ slug: gallery.customUrl, videoId: videos[1].id })).status).toBe(404);
    expect((await view({ slug: gallery.customUrl, videoId: other.videos[0].id })).status).toBe(404);
    expect((await view({ slug: "no-such-gallery", videoId: videos[0].id })).status).toBe(404);
    expect((await view({ slug: gallery.customUrl, videoId: "not-an-id" })).status).toBe(400);

    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: "locked" } });
    const locked = await view({ slug: gallery.customUrl, videoId: videos[0].id });
    expect(locked.status).toBe(401);
    expect(await locked.json()).toEqual({ code: "gallery_locked", message: TEXTS.viewer.locked });
    const unlock = `${unlockCookieName(gallery.id)}=${unlockCookieValue(gallery.id, 0)}`;
    expect(await (await view({ slug: gallery.customUrl, videoId: videos[0].id }, { cookie: unlock })).json()).toEqual({ counted: true });

    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: null, expiresAt: new Date(Date.now() - 1000) } });
    expect((await view({ slug: gallery.customUrl, videoId: videos[0].id })).status).toBe(403);

    await db.gallery.update({ where: { id: gallery.id }, data: { expiresAt: null } });
    await db.admin.update({ where: { id: studio.id }, data: { status: "NOT_ACTIVE" } });
    expect((await view({ slug: gallery.customUrl, videoId: videos[0].id })).status).toBe(404);
    expect(await viewsOf(videos[0].id)).toBe(1);
  });
});

describe("GET /api/public/download/:videoId", () => {
  async function setup(title = "First Dance: Emma & James") {
    const studio = await createStudio();
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
    const video = await db.video.update({ where: { id: videos[0].id }, data: { title, storageKey: videos[0].storageKey.replace(/video_1\.mp4$/, "first_dance.MOV") } });
    await putObjects([video.storageKey]);
    return { studio, gallery, video };
  }
  const get = (videoId: string, g: string | null, cookie?: string) =>
    call(download, request("GET", `/api/public/download/${videoId}${g === null ? "" : `?g=${encodeURIComponent(g)}`}`, { cookie }), { videoId });

  it("redirects to a presigned GET of the original, valid 5 minutes, saved under the title", async () => {
    const { gallery, video } = await setup();
    const res = await get(video.id, gallery.customUrl);
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const url = new URL(res.headers.get("location")!);
    expect(decodeURIComponent(url.pathname)).toContain(video.storageKey);
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(url.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(300);
    // The title as typed, by Download all's rule (issue 57 item 8): only the colon, which no file name holds, goes.
    const disposition = `attachment; filename="First Dance- Emma & James.mov"; filename*=UTF-8''${encodeURIComponent("First Dance- Emma & James.mov")}`;
    expect(url.searchParams.get("response-content-disposition")).toBe(disposition);
    // The store serves the file under that URL, with that header.
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(disposition);
    expect(await file.text()).toBe(`content of ${video.storageKey}`);
  });

  it("names files safely", () => {
    expect(downloadFileName('Our "big" day / part 1', "a/b/c.mp4")).toBe("Our -big- day - part 1.mp4");
    expect(downloadFileName("Café à Paris", "k.webm")).toBe("Café à Paris.webm");
    expect(downloadFileName("///", "k")).toBe("Film.mp4");
    expect(downloadFileName("x".repeat(300), "k.mp4")).toHaveLength(124);
  });

  it("is refused when the Downloads toggle is off, the gallery is locked or expired, or the video is not this gallery's", async () => {
    const { gallery, video } = await setup();
    await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: false } });
    const off = await get(video.id, gallery.customUrl);
    expect(off.status).toBe(403);
    expect(await off.json()).toEqual({ code: "downloads_off", message: TEXTS.viewer.downloadsOff });
    expect(off.headers.get("location")).toBeNull();

    await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: true, passwordHash: "locked", passwordVersion: 3 } });
    expect((await get(video.id, gallery.customUrl)).status).toBe(401);
    expect((await get(video.id, gallery.customUrl, `${unlockCookieName(gallery.id)}=${unlockCookieValue(gallery.id, 2)}`)).status).toBe(401);
    expect((await get(video.id, gallery.customUrl, `${unlockCookieName(gallery.id)}=${unlockCookieValue(gallery.id, 3)}`)).status).toBe(302);

    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: null, expiresAt: new Date(Date.now() - 1) } });
    expect((await get(video.id, gallery.customUrl)).status).toBe(403);

    const other = await createFolderWithGallery(gallery.adminId);
    expect((await get(video.id, other.gallery.customUrl)).status).toBe(404);
    expect((await get(video.id, null)).status).toBe(400);
    expect((await get("not-an-id", gallery.customUrl)).status).toBe(404);
  });
});

describe("a film door opened as a page (issue 57 item 7: no dead ends)", () => {
  // A link followed in a tab (Sec-Fetch-Dest: document), a browser without fetch metadata asking for HTML, a fetch or a player.
  const PAGE = { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
  const OLD_BROWSER_PAGE = { accept: "text/html,*/*;q=0.8" };
  const FETCH = { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors", accept: "*/*" };
  const open = (door: typeof download, name: string, videoId: string, g: string, headers: Record<string, string>) =>
    call(door, request("GET", `/api/public/${name}/${videoId}?g=${encodeURIComponent(g)}`, { headers }), { videoId });

  it("a refusal sends the browser to the gallery's page at that film, on the host it came to; a fetch keeps the JSON answer", async () => {
    const studio = await createStudio();
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
    await putObjects([videos[0].storageKey]);
    await db.video.delete({ where: { id: videos[0].id } });
    for (const [name, door] of [
      ["download", download],
      ["stream", stream],
    ] as const) {
      for (const headers of [PAGE, OLD_BROWSER_PAGE]) {
        const res = await open(door, name, videos[0].id, gallery.customUrl, headers);
        expect([name, res.status]).toEqual([name, 303]);
        expect(res.headers.get("location")).toBe(`${BASE}/g/${gallery.customUrl}#v=${videos[0].id}`);
        expect(res.headers.get("cache-control")).toContain("no-store");
      }
      // On a studio's domain the gallery lives at /<name>; named by its id, the page is found by it too.
      const onDomain = await open(door, name, videos[0].id, gallery.customUrl, { ...PAGE, host: "films.example.com" });
      expect(new URL(onDomain.headers.get("location")!).pathname).toBe(`/${gallery.customUrl}`);
      expect((await open(door, name, videos[0].id, gallery.id, PAGE)).headers.get("location")).toBe(`${BASE}/g/${gallery.id}#v=${videos[0].id}`);
      const fetched = await open(door, name, videos[0].id, gallery.customUrl, FETCH);
      expect(fetched.status).toBe(404);
      expect(await fetched.json()).toMatchObject({ code: "not_found" });
    }
    // A gate's refusal too (its page says why: the expired page); a film it lets through is the file.
    const live = await createFolderWithGallery(studio.id, { videos: 1 });
    await putObjects([live.videos[0].storageKey]);
    expect((await open(download, "download", live.videos[0].id, live.gallery.customUrl, PAGE)).status).toBe(302);
    await db.gallery.update({ where: { id: live.gallery.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await open(download, "download", live.videos[0].id, live.gallery.customUrl, PAGE)).headers.get("location")).toBe(`${BASE}/g/${live.gallery.customUrl}#v=${live.videos[0].id}`);
    expect((await open(download, "download", live.videos[0].id, live.gallery.customUrl, FETCH)).status).toBe(403);
  });
});

describe("link preview metadata", () => {
  it("noindex, title, subtitle and the first showcased thumbnail as an absolute URL, and the studio's favicon", async () => {
    const studio = await createStudio();
    await db.admin.update({ where: { id: studio.id }, data: { companyFaviconUrl: `${studio.id}/assets/fav.png` } });
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
    await db.gallery.update({ where: { id: gallery.id }, data: { subtitle: "Our wedding films", bgImageUrl: `${studio.id}/bg.jpg` } });
    await db.video.update({ where: { id: videos[0].id }, data: { thumbnailKey: `${studio.id}/t0.jpg` } });
    await db.video.update({ where: { id: videos[1].id }, data: { thumbnailKey: `${studio.id}/t1.jpg` } });
    await db.showcaseItem.create({ data: { galleryId: gallery.id, videoId: videos[1].id, position: 0 } });

    const result = publicGalleryPageProps(await findGallery(gallery.customUrl));
    const image = mediaUrl(`${studio.id}/t1.jpg`)!;
    expect(image).toMatch(/^https?:\/\//);
    // The page's head tags (pages/_document.tsx; never indexed: components/gallery/gallery-head.tsx).
    expect("props" in result && result.props.head).toEqual({
      title: gallery.title,
      description: "Our wedding films",
      icon: mediaUrl(`${studio.id}/assets/fav.png`),
      og: { type: "website", title: gallery.title, description: "Our wedding films", siteName: expect.any(String), image },
      twitter: { card: "summary_large_image", title: gallery.title, description: "Our wedding films", image },
      lang: "en",
      alternates: expect.any(Array),
      // The gallery's fonts, whose bundled faces the head declares (issue 39 item 5): none for the default.
      fonts: { heading: "font-sans", body: "font-sans" },
    });

    // The page's props: plain JSON, re-rendered at most a minute later; no gallery is a cached 404.
    expect(result).toMatchObject({ revalidate: PUBLIC_PAGE_REVALIDATE, props: { view: { screen: "gallery", expiresAt: null }, head: { title: gallery.title } } });
    expect(result).toStrictEqual(JSON.parse(JSON.stringify(result)));
    expect(publicGalleryPageProps(null)).toEqual({ notFound: true, revalidate: PUBLIC_PAGE_REVALIDATE });

    // Without thumbnails, the background image.
    await db.video.updateMany({ where: { galleryId: gallery.id }, data: { thumbnailKey: null } });
    const bg = publicGalleryPageProps(await findGallery(gallery.customUrl));
    expect("props" in bg && bg.props.head.og).toMatchObject({ image: mediaUrl(`${studio.id}/bg.jpg`) });
  });
});
