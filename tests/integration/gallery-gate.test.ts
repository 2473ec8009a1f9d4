// One gallery gate (issue 18, item 3): every door that shows or acts on a gallery's films answers
// the same outcome with the same status — missing and a studio that is not active 404, expired 403
// (before locked: an expired gallery's password opens nothing), locked 401, open through — and the
// cached page and its head decide by the same rule.
import { db } from "@/lib/db";
import { GET as content } from "@/app/api/public/galleries/[slug]/route";
import { POST as unlock } from "@/app/api/public/galleries/[slug]/unlock/route";
import { POST as views } from "@/app/api/public/views/route";
import { GET as download } from "@/app/api/public/download/[videoId]/route";
import { GET as hls } from "@/app/api/public/hls/[videoId]/[playlist]/route";
import { GET as stream } from "@/app/api/public/stream/[videoId]/route";
import { hashPassword } from "@/lib/auth/password";
import { unlockCookieName, unlockCookieValue } from "@/lib/auth/gallery-unlock";
import { galleryGate, gateSubject, pageGate, PAGE_MIN_LIFE_MS, NO_CREDENTIALS } from "@/lib/services/access/gate";
import { findGallery } from "@/lib/services/access/open-gallery";
import { publicGalleryPageProps } from "@/lib/services/public/public-page";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { putObjects } from "../helpers/storage";
import { call, request } from "../helpers/requests";
import { putLadder } from "../helpers/hls";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const PASSWORD = "open sesame please";

type State = "open" | "locked" | "expired" | "locked+expired" | "inactive" | "missing";

async function galleryIn(state: State) {
  const studio = await createStudio({ status: state === "inactive" ? "NOT_ACTIVE" : "ACTIVE" });
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  const video = await putLadder(videos[0]);
  await putObjects([video.storageKey]);
  const locked = state === "locked" || state === "locked+expired";
  const expired = state === "expired" || state === "locked+expired";
  await db.gallery.update({
    where: { id: gallery.id },
    data: {
      passwordHash: locked ? await hashPassword(PASSWORD) : null,
      expiresAt: expired ? new Date(Date.now() - 1000) : null,
      customUrl: state === "missing" ? `gone-${gallery.id.slice(0, 8)}` : gallery.customUrl,
    },
  });
  return { slug: gallery.customUrl, gallery, video };
}

/** Every door's answer for a gallery in this state, without credentials. */
async function answers(state: State) {
  const { slug, video } = await galleryIn(state);
  const q = `g=${slug}`;
  const doors = {
    content: () => call(content, request("GET", `/api/public/galleries/${slug}`), { slug }),
    views: () => call(views, request("POST", "/api/public/views", { body: { slug, videoId: video.id }, headers: { "user-agent": BROWSER, "x-real-ip": "192.0.2.10" } })),
    download: () => call(download, request("GET", `/api/public/download/${video.id}?${q}`), { videoId: video.id }),
    master: () => call(hls, request("GET", `/api/public/hls/${video.id}/master.m3u8?${q}`), { videoId: video.id, playlist: "master.m3u8" }),
    variant: () => call(hls, request("GET", `/api/public/hls/${video.id}/720p.m3u8?${q}`), { videoId: video.id, playlist: "720p.m3u8" }),
    stream: () => call(stream, request("GET", `/api/public/stream/${video.id}?${q}`), { videoId: video.id }),
  };
  const out: Record<string, { status: number; body: unknown }> = {};
  for (const [name, door] of Object.entries(doors)) {
    const res = await door();
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    out[name] = { status: res.status, body: res.status >= 400 ? body : null };
  }
  return out;
}

const EXPECTED: Record<Exclude<State, "open">, { status: number; body: unknown }> = {
  missing: { status: 404, body: { code: "not_found", message: TEXTS.notFoundApi } },
  inactive: { status: 404, body: { code: "not_found", message: TEXTS.notFoundApi } },
  expired: { status: 403, body: { code: "gallery_expired", message: TEXTS.viewer.expiredHeading } },
  "locked+expired": { status: 403, body: { code: "gallery_expired", message: TEXTS.viewer.expiredHeading } },
  locked: { status: 401, body: { code: "gallery_locked", message: TEXTS.viewer.locked } },
};

describe("every door answers the gate's one mapping", () => {
  it.each(Object.keys(EXPECTED) as Exclude<State, "open">[])("%s", async (state) => {
    const got = await answers(state);
    for (const door of Object.keys(got)) expect([door, got[door]]).toEqual([door, EXPECTED[state]]);
  });

  it("open: every door lets the viewer through", async () => {
    const got = await answers("open");
    expect(Object.fromEntries(Object.entries(got).map(([d, r]) => [d, r.status]))).toEqual({ content: 200, views: 200, download: 302, master: 200, variant: 200, stream: 302 });
  });

  it("the unlock door: the gate first (missing 404, expired 403 whatever the password), then the password", async () => {
    const post = (slug: string, password: string) => call(unlock, request("POST", `/api/public/galleries/${slug}/unlock`, { body: { password } }), { slug });
    for (const [state, status] of [
      ["missing", 404],
      ["inactive", 404],
      ["locked+expired", 403],
      ["expired", 403],
    ] as const) {
      const { slug } = await galleryIn(state);
      const res = await post(slug, PASSWORD);
      expect([state, res.status]).toEqual([state, status]);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    const { slug, gallery } = await galleryIn("locked");
    expect((await post(slug, "not it")).status).toBe(403);
    const ok = await post(slug, PASSWORD);
    expect(ok.status).toBe(200);
    const cookie = ok.headers.get("set-cookie")!.split(";")[0];
    expect(cookie.startsWith(`${unlockCookieName(gallery.id)}=`)).toBe(true);
    // The cookie is the credential every door reads.
    const withCookie = await call(content, request("GET", `/api/public/galleries/${slug}`, { cookie }), { slug });
    expect(withCookie.status).toBe(200);
  });

  it("the content API answers the gallery's expiry with its films", async () => {
    const { slug, gallery } = await galleryIn("open");
    const at = new Date(Date.now() + 3600_000);
    await db.gallery.update({ where: { id: gallery.id }, data: { expiresAt: at } });
    const body = await (await call(content, request("GET", `/api/public/galleries/${slug}`), { slug })).json();
    expect(body.expiresAt).toBe(at.toISOString());
    expect(body.state.videos).toHaveLength(1);
    const open = await (await call(content, request("GET", `/api/public/galleries/${slug}`), { slug })).json();
    expect(Object.keys(open).sort()).toEqual(["expiresAt", "state", "studio"]);
  });
});

describe("the cached page decides by the same rule", () => {
  it.each<[State, string]>([
    ["open", "gallery"],
    ["locked", "locked"],
    ["expired", "expired"],
    ["locked+expired", "expired"],
  ])("%s → the %s screen, and a head that matches", async (state, screen) => {
    const { slug } = await galleryIn(state);
    const g = await findGallery(slug);
    const result = publicGalleryPageProps(g);
    expect("props" in result && result.props.view.screen).toBe(screen);
    const description = "props" in result && result.props.head.description;
    expect(description).toBe(screen === "gallery" ? `Films by ${g!.admin.companyName}` : screen === "locked" ? TEXTS.viewer.locked : TEXTS.viewer.expiredHeading);
  });

  it.each<State>(["missing", "inactive"])("%s → a cached 404", async (state) => {
    const { slug } = await galleryIn(state);
    expect(publicGalleryPageProps(await findGallery(slug))).toMatchObject({ notFound: true });
  });

  it("the page's form is the request's form for nobody's credentials, for the page's whole minimum life", async () => {
    const { slug, gallery } = await galleryIn("locked");
    const g = (await findGallery(slug))!;
    const now = Date.now();
    expect(pageGate(gateSubject(g), now)).toEqual(galleryGate(gateSubject(g), NO_CREDENTIALS, now + PAGE_MIN_LIFE_MS));
    const cookies = { get: (n: string) => (n === unlockCookieName(gallery.id) ? { value: unlockCookieValue(gallery.id, g.passwordVersion) } : undefined) };
    expect(galleryGate(gateSubject(g), { cookies }, now).outcome).toBe("open");
    expect(pageGate(gateSubject(g), now).outcome).toBe("locked");
    // About to expire: the request may still see it, the cached page already shows the note.
    const soon = { ...gateSubject(g), hasPassword: false, expiresAt: new Date(now + PAGE_MIN_LIFE_MS - 1) };
    expect(galleryGate(soon, NO_CREDENTIALS, now)).toEqual({ outcome: "open", until: now + PAGE_MIN_LIFE_MS - 1, guest: null });
    expect(pageGate(soon, now).outcome).toBe("expired");
  });
});
