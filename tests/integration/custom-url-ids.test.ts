// Issue 36 items 6 and 7: a custom url never has an id's shape, so no studio can take another's
// gallery id as its custom url (`/g/<A's id>` showing B's gallery); the public lookup prefers the
// id when a name has an id's shape (rows stored before the rule), and reads an id only in its one
// canonical (lower-case) spelling. One lookup for every viewer's door (issue 37 item 1): the film
// doors name a gallery as the page does.
import { PUT as updateTitle } from "@/app/api/galleries/update-gallery-title/route";
import { POST as createGallery } from "@/app/api/galleries/create/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { isId } from "@/lib/ids";
import { TEMPLATE_IDS } from "@/lib/services/galleries/rules/templates";
import { findGallery } from "@/lib/services/access/open-gallery";
import { GET as viewerChapters } from "@/app/api/public/chapters/[videoId]/route";
import { GET as content } from "@/app/api/public/galleries/[slug]/route";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

async function setup() {
  const a = await createStudio();
  const b = await createStudio();
  const mine = await createFolderWithGallery(a.id, { videos: 1 });
  const theirs = await createFolderWithGallery(b.id, { videos: 1 });
  return { a, b, mine, theirs, tokenB: await bearerFor(b) };
}

const title = (token: string, body: unknown) => call(updateTitle, request("PUT", "/api/galleries/update-gallery-title", { token, body }));

describe("a custom url never has an id's shape (issue 36 item 6)", () => {
  it("refuses another studio's gallery id (and any id) as a custom url with a 400 that says why", async () => {
    const s = await setup();
    for (const customurl of [s.mine.gallery.id, s.theirs.gallery.id, "00000000-0000-0000-0000-000000000000"]) {
      const res = await title(s.tokenB, { galleryId: s.theirs.gallery.id, customurl });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: "validation", message: TEXTS.customUrlIsId });
    }
    expect((await db.gallery.findUniqueOrThrow({ where: { id: s.theirs.gallery.id } })).customUrl).toBe(s.theirs.gallery.customUrl);
    expect((await findGallery(s.mine.gallery.id))?.id).toBe(s.mine.gallery.id);
  });

  it("never makes one from a gallery's name", async () => {
    const s = await setup();
    const res = await call(createGallery, request("POST", "/api/galleries/create", { token: s.tokenB, body: { name: s.mine.gallery.id, folderId: s.theirs.folder.id, templateId: TEMPLATE_IDS[0] } }));
    expect(res.status).toBe(201);
    const { customurl } = await res.json();
    expect(isId(customurl)).toBe(false);
  });

  it("the public lookup prefers the gallery whose id it is over a custom url stored before the rule", async () => {
    const s = await setup();
    await db.gallery.update({ where: { id: s.theirs.gallery.id }, data: { customUrl: s.mine.gallery.id } });
    for (let i = 0; i < 5; i++) expect((await findGallery(s.mine.gallery.id))?.id).toBe(s.mine.gallery.id);
  });
});

describe("an id has one spelling (issue 36 item 7)", () => {
  it("finds a gallery by its id in lower case only: another spelling names nothing", async () => {
    const s = await setup();
    expect((await findGallery(s.mine.gallery.id))?.id).toBe(s.mine.gallery.id);
    expect(await findGallery(s.mine.gallery.id.toUpperCase())).toBeNull();
    expect(await findGallery(s.mine.gallery.id.replace(/[a-f]/, (c) => c.toUpperCase()))).toBeNull();
  });
});

describe("every viewer's door names a gallery as the page does (issue 37 item 1)", () => {
  const chapters = (videoId: string, g: string) => call(viewerChapters, request("GET", `/api/public/chapters/${videoId}?g=${encodeURIComponent(g)}`), { videoId });
  const page = (slug: string) => call(content, request("GET", `/api/public/galleries/${encodeURIComponent(slug)}`), { slug });

  it("an id in another spelling names nothing at a film's door either", async () => {
    const s = await setup();
    const film = s.mine.videos[0].id;
    expect((await chapters(film, s.mine.gallery.id)).status).toBe(200);
    expect((await chapters(film, s.mine.gallery.customUrl)).status).toBe(200);
    for (const g of [s.mine.gallery.id.toUpperCase(), s.mine.gallery.id.replace(/[a-f]/, (c) => c.toUpperCase())]) {
      expect((await page(g)).status).toBe(404);
      expect((await chapters(film, g)).status).toBe(404);
    }
  });

  it("a name shaped like an id is that gallery's id first at a film's door too", async () => {
    const s = await setup();
    // Another studio's custom url stored before the rule, equal to my gallery's id.
    await db.gallery.update({ where: { id: s.theirs.gallery.id }, data: { customUrl: s.mine.gallery.id } });
    expect((await chapters(s.mine.videos[0].id, s.mine.gallery.id)).status).toBe(200);
    expect((await chapters(s.theirs.videos[0].id, s.mine.gallery.id)).status).toBe(404);
    // With no gallery of that id, the stored custom url still names its gallery, as on the page.
    const orphan = "00000000-0000-4000-8000-000000000abc";
    await db.gallery.update({ where: { id: s.theirs.gallery.id }, data: { customUrl: orphan } });
    expect((await findGallery(orphan))?.id).toBe(s.theirs.gallery.id);
    expect((await chapters(s.theirs.videos[0].id, orphan)).status).toBe(200);
  });
});
