// A gallery's look through its door (issue 39 item 5): PUT /api/galleries/update-gallery-title takes
// `look` (accent, text colour, cover focal point), validated (#rrggbb, whole percent), scoped to the
// acting studio; the gallery's DTO, its public page's state and the studio's export carry it.
import { PUT as updateTitle } from "@/app/api/galleries/update-gallery-title/route";
import { GET as getGallery } from "@/app/api/galleries/gallery/[id]/route";
import { db } from "@/lib/db";
import { galleryContent } from "@/lib/services/public/public-gallery";
import { findGallery } from "@/lib/services/access/open-gallery";
import { DEFAULT_LOOK } from "@/lib/services/galleries/rules/gallery-look";
import { manifestSchema } from "@/lib/services/data/rules/export-format";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

async function setup() {
  const studio = await createStudio();
  const token = await bearerFor(studio);
  const mine = await createFolderWithGallery(studio.id, { videos: 1 });
  const other = await createStudio();
  const theirs = await createFolderWithGallery(other.id, { videos: 1 });
  return { studio, token, mine, theirs };
}

const put = (token: string, body: unknown) => call(updateTitle, request("PUT", "/api/galleries/update-gallery-title", { token, body }));
const row = (id: string) => db.gallery.findUniqueOrThrow({ where: { id } });
const LOOK = { accent: "#c2410c", text: "#f5e6c8", focus: { x: 20, y: 80 } };

describe("a gallery's look", () => {
  it("is the page's own until set; saved whole or in part; answered, in the DTO and on the public page", async () => {
    const { token, mine } = await setup();
    const before = await call(getGallery, request("GET", `/api/galleries/gallery/${mine.gallery.id}`, { token }), { id: mine.gallery.id });
    expect((await before.json()).gallery.look).toEqual(DEFAULT_LOOK);

    const res = await put(token, { galleryId: mine.gallery.id, look: { ...LOOK, accent: "#C2410C" } });
    expect(res.status).toBe(200);
    expect((await res.json()).gallery.look).toEqual(LOOK);
    expect(await row(mine.gallery.id)).toMatchObject({ accentColor: "#c2410c", textColor: "#f5e6c8", focusX: 20, focusY: 80 });

    // A part alone changes only itself; null returns a colour to the page's own.
    expect((await put(token, { galleryId: mine.gallery.id, look: { accent: null } })).status).toBe(200);
    expect(await row(mine.gallery.id)).toMatchObject({ accentColor: null, textColor: "#f5e6c8", focusX: 20, focusY: 80 });

    const after = await call(getGallery, request("GET", `/api/galleries/gallery/${mine.gallery.id}`, { token }), { id: mine.gallery.id });
    expect((await after.json()).gallery.look).toEqual({ ...LOOK, accent: null });
    const { state } = galleryContent((await findGallery(mine.gallery.customUrl))!, "viewer");
    expect(state.look).toEqual({ ...LOOK, accent: null });
  });

  it.each([
    ["a three-digit colour", { accent: "#abc" }],
    ["a colour name", { text: "red" }],
    ["CSS after a colour", { text: "#000000;background:url(x)" }],
    ["a focal point past 100", { focus: { x: 101, y: 50 } }],
    ["a negative focal point", { focus: { x: 50, y: -1 } }],
    ["a fractional focal point", { focus: { x: 50.5, y: 50 } }],
    ["half a focal point", { focus: { x: 50 } }],
    ["an unknown part", { shadow: "#000000" }],
    ["an empty look", {}],
  ])("refuses %s with 400 and changes nothing", async (_what, look) => {
    const { token, mine } = await setup();
    const res = await put(token, { galleryId: mine.gallery.id, look });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("validation");
    expect(typeof body.message).toBe("string");
    expect(await row(mine.gallery.id)).toMatchObject({ accentColor: null, textColor: null, focusX: 50, focusY: 50 });
  });

  it("never changes another studio's gallery (404), and a replay answers the same", async () => {
    const { token, mine, theirs } = await setup();
    const res = await put(token, { galleryId: theirs.gallery.id, look: LOOK });
    expect(res.status).toBe(404);
    expect(await row(theirs.gallery.id)).toMatchObject({ accentColor: null, textColor: null, focusX: 50, focusY: 50 });
    for (let i = 0; i < 2; i++) expect((await put(token, { galleryId: mine.gallery.id, look: LOOK })).status).toBe(200);
    expect(await row(mine.gallery.id)).toMatchObject({ accentColor: "#c2410c", focusX: 20 });
  });

  it("an export made before the look reads as the page's own", () => {
    const gallery = manifestSchema.shape.galleries.element;
    const parsed = gallery.shape.look.parse(undefined);
    expect(parsed).toEqual(DEFAULT_LOOK);
  });
});
