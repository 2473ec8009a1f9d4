import { randomUUID } from "node:crypto";
import { PUT as updateTitle } from "@/app/api/galleries/update-gallery-title/route";
import { PUT as updateSettings } from "@/app/api/galleries/gallery/settings/[id]/route";
import { GET as getSelected, PUT as putSelected } from "@/app/api/galleries/gallery/[id]/selected-videos/route";
import { db } from "@/lib/db";
import { FONT_PAIRS } from "@/lib/services/galleries/rules/font-pairs";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

async function setup() {
  const studio = await createStudio();
  const token = await bearerFor(studio);
  const mine = await createFolderWithGallery(studio.id, { videos: 3 });
  const other = await createStudio();
  const theirs = await createFolderWithGallery(other.id, { videos: 1 });
  return { studio, token, mine, theirs };
}

const title = (token: string, body: unknown) => call(updateTitle, request("PUT", "/api/galleries/update-gallery-title", { token, body }));
const row = (id: string) => db.gallery.findUniqueOrThrow({ where: { id } });

describe("PUT /api/galleries/update-gallery-title", () => {
  it("updates any of title, subtitle, fonts and custom url and answers the gallery", async () => {
    const { token, mine } = await setup();
    const slug = `our-day-${randomUUID().slice(0, 6)}`;
    const res = await title(token, { galleryId: mine.gallery.id, title: " Our day ", subtitle: "Lake Como", fheading: "Georgia", fbody: "Verdana", customurl: slug });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.gallery).toMatchObject({ _id: mine.gallery.id, name: mine.gallery.name, title: "Our day", subtitle: "Lake Como", fheading: "Georgia", fbody: "Verdana", customurl: slug });
    expect(body.url).toBe(`http://localhost:3000/g/${slug}`);
    expect(await row(mine.gallery.id)).toMatchObject({ title: "Our day", subtitle: "Lake Como", fheading: "Georgia", fbody: "Verdana", customUrl: slug });

    const onlySubtitle = await title(token, { galleryId: mine.gallery.id, subtitle: "" });
    expect(onlySubtitle.status).toBe(200);
    expect(await row(mine.gallery.id)).toMatchObject({ title: "Our day", subtitle: "", fheading: "Georgia" });
  });

  it("takes a curated face in either field, and a pair (both fields in one call); the face of one gallery leaves the other field as it was", async () => {
    const { token, mine } = await setup();
    const face = await title(token, { galleryId: mine.gallery.id, fbody: "Lora" });
    expect(face.status).toBe(200);
    expect(await row(mine.gallery.id)).toMatchObject({ fheading: "font-sans", fbody: "Lora" });
    const pair = FONT_PAIRS.find((p) => p.id === "romance")!;
    const res = await title(token, { galleryId: mine.gallery.id, fheading: pair.heading, fbody: pair.body });
    expect(res.status).toBe(200);
    expect((await res.json()).gallery).toMatchObject({ fheading: "Playfair Display", fbody: "Lato" });
    expect(await row(mine.gallery.id)).toMatchObject({ fheading: "Playfair Display", fbody: "Lato" });
  });

  it("answers 409 with a clear message for a custom url another gallery holds, and keeps the old one", async () => {
    const { token, mine, theirs } = await setup();
    const res = await title(token, { galleryId: mine.gallery.id, customurl: theirs.gallery.customUrl, title: "Changed" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "custom_url_taken", message: TEXTS.customUrlTaken });
    expect(await row(mine.gallery.id)).toMatchObject({ customUrl: mine.gallery.customUrl, title: mine.gallery.title });
  });

  it.each([
    ["an empty title", { title: "  " }],
    ["an upper-case custom url", { customurl: "Our-Day" }],
    ["a custom url with spaces", { customurl: "our day" }],
    ["a custom url with a slash", { customurl: "a/b-c" }],
    ["a custom url with a double hyphen", { customurl: "our--day" }],
    ["a too short custom url", { customurl: "ab" }],
    ["an unknown font", { fbody: "Papyrus" }],
    ["a curated face's package name", { fheading: "playfair-display" }],
    ["a pair's name instead of its faces", { fheading: "Romance" }],
  ])("refuses %s with 400 and changes nothing", async (_what, changes) => {
    const { token, mine } = await setup();
    const res = await title(token, { galleryId: mine.gallery.id, subtitle: "should not be saved", ...changes });
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.code).toBe("validation");
    expect(typeof answer.message).toBe("string");
    const after = await row(mine.gallery.id);
    expect(after).toMatchObject({ title: mine.gallery.title, subtitle: "", customUrl: mine.gallery.customUrl, fbody: "font-sans" });
  });

  it("refuses a request with nothing to change", async () => {
    const { token, mine } = await setup();
    const res = await title(token, { galleryId: mine.gallery.id });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/at least one/);
  });

  it("names the custom url rule in its message", async () => {
    const { token, mine } = await setup();
    const res = await title(token, { galleryId: mine.gallery.id, customurl: "Not OK!" });
    expect(await res.json()).toEqual({ code: "validation", message: TEXTS.customUrlInvalid });
  });

  it("answers 404 for another studio's gallery and 400 for a malformed id; nothing changes", async () => {
    const { token, theirs } = await setup();
    expect((await title(token, { galleryId: theirs.gallery.id, title: "Hijacked" })).status).toBe(404);
    expect((await title(token, { galleryId: "nope", title: "Hijacked" })).status).toBe(400);
    expect((await row(theirs.gallery.id)).title).toBe(theirs.gallery.title);
  });
});

describe("PUT /api/galleries/gallery/settings/:id", () => {
  const put = (token: string, id: string, body: unknown) => call(updateSettings, request("PUT", "/x", { token, body }), { id });

  it("saves the toggles sent and answers all four", async () => {
    const { token, mine } = await setup();
    const res = await put(token, mine.gallery.id, { setting: { share: false } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ setting: { download: true, share: false, tv: true, playall: true, listed: false, language: "auto" } });
    const all = await put(token, mine.gallery.id, { setting: { download: false, share: true, tv: false, playall: false } });
    expect(await all.json()).toEqual({ setting: { download: false, share: true, tv: false, playall: false, listed: false, language: "auto" } });
    expect(await row(mine.gallery.id)).toMatchObject({ settingDownload: false, settingShare: true, settingTv: false, settingPlayAll: false });
  });

  it("saves the viewer language (issue 22): a fixed one, and back to the guest's browser; a toggle leaves it alone", async () => {
    const { token, mine } = await setup();
    const res = await put(token, mine.gallery.id, { setting: { language: "fr" } });
    expect(res.status).toBe(200);
    expect((await res.json()).setting.language).toBe("fr");
    expect((await put(token, mine.gallery.id, { setting: { share: false } })).status).toBe(200);
    expect(await row(mine.gallery.id)).toMatchObject({ settingLanguage: "fr", settingShare: false });
    expect((await (await put(token, mine.gallery.id, { setting: { language: "auto" } })).json()).setting.language).toBe("auto");
  });

  it.each([
    ["no setting", {}],
    ["an empty setting", { setting: {} }],
    ["a text instead of a boolean", { setting: { share: "false" } }],
    ["an unknown toggle", { setting: { autoplay: true } }],
    ["a language that is not a viewer language", { setting: { language: "xx" } }],
    ["a language's name", { setting: { language: "French" } }],
    ["a language that is not a text", { setting: { language: 1 } }],
    ["a language with a valid toggle", { setting: { language: "FR", share: false } }],
  ])("refuses %s with 400 and changes nothing", async (_what, body) => {
    const { token, mine } = await setup();
    const res = await put(token, mine.gallery.id, body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toEqual(expect.any(String));
    expect(await row(mine.gallery.id)).toMatchObject({ settingDownload: true, settingShare: true, settingTv: true, settingPlayAll: true, settingLanguage: "auto" });
  });

  it("answers 404 for another studio's gallery and changes nothing", async () => {
    const { token, theirs } = await setup();
    expect((await put(token, theirs.gallery.id, { setting: { download: false } })).status).toBe(404);
    expect((await row(theirs.gallery.id)).settingDownload).toBe(true);
  });
});

describe("GET/PUT /api/galleries/gallery/:id/selected-videos", () => {
  const get = (token: string, id: string) => call(getSelected, request("GET", "/x", { token }), { id });
  const put = (token: string, id: string, body: unknown) => call(putSelected, request("PUT", "/x", { token, body }), { id });

  it("replaces the showcase in the given order and lists it", async () => {
    const { token, mine } = await setup();
    const [a, b, c] = mine.videos.map((v) => v.id);
    const res = await put(token, mine.gallery.id, { selectedVideoIds: [c, a, c] });
    expect(res.status).toBe(200);
    expect((await res.json()).selectedVideos.map((v: { _id: string }) => v._id)).toEqual([c, a]);
    const listed = await (await get(token, mine.gallery.id)).json();
    expect(listed.map((v: { _id: string }) => v._id)).toEqual([c, a]);

    await put(token, mine.gallery.id, { selectedVideoIds: [b] });
    expect((await (await get(token, mine.gallery.id)).json()).map((v: { _id: string }) => v._id)).toEqual([b]);
    await put(token, mine.gallery.id, { selectedVideoIds: [] });
    expect(await (await get(token, mine.gallery.id)).json()).toEqual([]);
  });

  it("refuses a video of another gallery or studio with 400 and keeps the showcase", async () => {
    const { studio, token, mine, theirs } = await setup();
    const sibling = await createFolderWithGallery(studio.id, { videos: 1 });
    await put(token, mine.gallery.id, { selectedVideoIds: [mine.videos[0].id] });
    for (const foreign of [theirs.videos[0].id, sibling.videos[0].id, randomUUID()]) {
      const res = await put(token, mine.gallery.id, { selectedVideoIds: [mine.videos[1].id, foreign] });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: "validation", message: TEXTS.showcaseForeignVideo });
    }
    expect((await (await get(token, mine.gallery.id)).json()).map((v: { _id: string }) => v._id)).toEqual([mine.videos[0].id]);
    for (const body of [{}, { selectedVideoIds: "x" }, { selectedVideoIds: ["not-an-id"] }]) {
      expect((await put(token, mine.gallery.id, body)).status).toBe(400);
    }
  });

  it("answers 404 for another studio's gallery on both calls and changes nothing", async () => {
    const { token, theirs } = await setup();
    expect((await get(token, theirs.gallery.id)).status).toBe(404);
    expect((await put(token, theirs.gallery.id, { selectedVideoIds: [] })).status).toBe(404);
    expect((await put(token, theirs.gallery.id, { selectedVideoIds: [theirs.videos[0].id] })).status).toBe(404);
    expect(await db.showcaseItem.count({ where: { galleryId: theirs.gallery.id } })).toBe(0);
  });
});
