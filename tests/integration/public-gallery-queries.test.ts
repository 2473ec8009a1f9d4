// The public gallery page's database budget (issue: "≤ 3 queries per request, none per video"). A
// cached request reads nothing (bench/viewer measures that on the production server); this counts
// the statements of an uncached render's read, whatever the number of videos and chapters, with
// Prisma's own query events on a client swapped in for the app's.
import { db } from "@/lib/db";
import { findGallery } from "@/lib/services/access/open-gallery";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { closeStatementLog, statementsOf } from "../helpers/statements";

afterAll(closeStatementLog);

async function galleryOf(videos: number, chapters: number) {
  const studio = await createStudio();
  await db.admin.update({ where: { id: studio.id }, data: { domainUrl: `q-${studio.id.slice(0, 8)}.example.com` } });
  const made = await createFolderWithGallery(studio.id, { videos });
  for (const [i, v] of made.videos.entries()) {
    await db.chapter.createMany({ data: Array.from({ length: chapters }, (_, c) => ({ title: `Chapter ${c + 1}`, cueSeconds: c * 60, videoId: v.id })) });
    if (i < 3) await db.showcaseItem.create({ data: { galleryId: made.gallery.id, videoId: v.id, position: i } });
  }
  return { ...made, domain: `q-${studio.id.slice(0, 8)}.example.com` };
}

describe("the public gallery's read", () => {
  it("takes at most 3 statements, the same for 1 video as for 30 with chapters and a showcase", async () => {
    const small = await galleryOf(1, 0);
    const large = await galleryOf(30, 4);
    const few = await statementsOf(() => findGallery(small.gallery.customUrl));
    let loaded: Awaited<ReturnType<typeof findGallery>> = null;
    const many = await statementsOf(async () => (loaded = await findGallery(large.gallery.customUrl)));
    expect(few.length).toBeGreaterThan(0);
    expect(many.length).toBeLessThanOrEqual(3);
    expect(many.length).toBe(few.length);
    // The read is the whole page: every video with its chapters, and the showcase.
    expect(loaded!.videos).toHaveLength(30);
    expect(loaded!.videos.every((v) => v.chapters.length === 4)).toBe(true);
    expect(loaded!.showcase).toHaveLength(3);
  });

  it("takes as few on a studio's own domain", async () => {
    const g = await galleryOf(10, 2);
    let loaded: Awaited<ReturnType<typeof findGallery>> = null;
    const onDomain = await statementsOf(async () => (loaded = await findGallery(g.gallery.customUrl, { domain: g.domain })));
    const onHost = await statementsOf(() => findGallery(g.gallery.customUrl));
    expect(loaded!.videos).toHaveLength(10);
    expect(onDomain.length).toBeGreaterThan(0);
    expect(onDomain.length).toBe(onHost.length);
  });
});
