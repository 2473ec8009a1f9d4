// Issue 36 items 6 and 7: a custom url never has an id's shape, so no studio can take another's
// gallery id as its custom url (`/g/<A's id>` showing B's gallery); the public lookup prefers the
// id when a name has an id's shape (rows stored before the rule), and reads an id only in its one
// canonical (lower-case) spelling.
import { PUT as updateTitle } from "@/app/api/galleries/update-gallery-title/route";
import { POST as createGallery } from "@/app/api/galleries/create/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { isId } from "@/lib/ids";
import { TEMPLATE_IDS } from "@/lib/templates";
import { getPublicGallery, loadPublicGallery } from "@/lib/services/public-gallery";
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
    expect((await getPublicGallery(s.mine.gallery.id))?.id).toBe(s.mine.gallery.id);
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
    for (let i = 0; i < 5; i++) expect((await getPublicGallery(s.mine.gallery.id))?.id).toBe(s.mine.gallery.id);
  });
});

describe("an id has one spelling (issue 36 item 7)", () => {
  it("finds a gallery by its id in lower case only: another spelling names nothing", async () => {
    const s = await setup();
    expect((await loadPublicGallery(s.mine.gallery.id))?.id).toBe(s.mine.gallery.id);
    expect(await loadPublicGallery(s.mine.gallery.id.toUpperCase())).toBeNull();
    expect(await loadPublicGallery(s.mine.gallery.id.replace(/[a-f]/, (c) => c.toUpperCase()))).toBeNull();
  });
});
