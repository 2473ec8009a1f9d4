// The studio's business at a glance (issue 39 item 6): each gallery card's films, viewers and last
// visit through the folders door, and the studio home's recent activity across galleries (visits with
// what each viewer did, and sends), the newest first, at most ACTIVITY_MAX, within ACTIVITY_DAYS —
// and never a line or a figure of another studio's galleries.
import { randomUUID } from "node:crypto";
import { GET as listFolders } from "@/app/api/folder/folders/route";
import { db } from "@/lib/db";
import { ACTIVITY_DAYS, ACTIVITY_FILMS, ACTIVITY_MAX, recentActivity } from "@/lib/services/guests/activity";
import { TEXTS } from "@/lib/texts";
import type { Actor } from "@/lib/services/access/rules/actor";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

const NOW = new Date("2030-03-10T12:00:00Z");
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3600_000);

async function watchedStudio() {
  const studio = await createStudio();
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
  await db.gallery.update({ where: { id: gallery.id }, data: { name: "Emma & James" } });
  const ceremony = await db.video.update({ where: { id: videos[0].id }, data: { title: "Ceremony", durationSec: 100 } });
  const invite = await db.galleryInvite.create({
    data: { galleryId: gallery.id, adminId: studio.id, name: "Anna", email: `anna-${randomUUID().slice(0, 6)}@example.test`, salt: "s", tokenHash: randomUUID(), sentAt: ago(5) },
  });
  const anna = await db.galleryViewer.create({ data: { galleryId: gallery.id, key: `i:${invite.id}`, inviteId: invite.id, firstSeenAt: ago(4), lastSeenAt: ago(1) } });
  await db.viewerFilm.create({ data: { viewerId: anna.id, videoId: ceremony.id, galleryId: gallery.id, watchedSeconds: 92, playSeconds: 92, downloads: 1 } });
  // An anonymous viewer who opened the gallery and watched nothing; one seen before the window.
  await db.galleryViewer.create({ data: { galleryId: gallery.id, key: "a:one", firstSeenAt: ago(3), lastSeenAt: ago(2) } });
  await db.galleryViewer.create({ data: { galleryId: gallery.id, key: "a:old", firstSeenAt: ago(24 * (ACTIVITY_DAYS + 2)), lastSeenAt: ago(24 * (ACTIVITY_DAYS + 1)) } });
  return { studio, gallery, anna };
}

const actor = (studio: { id: string }) => db.admin.findUniqueOrThrow({ where: { id: studio.id } }) as Promise<Actor>;

describe("the studio at a glance", () => {
  it("each gallery card counts its films and viewers and says when it was last visited", async () => {
    const A = await watchedStudio();
    const res = await call(listFolders, request("GET", "/api/folder/folders", { token: await bearerFor(A.studio) }));
    expect(res.status).toBe(200);
    const [folder] = await res.json();
    expect(folder.galleries[0].stats).toEqual({ films: 2, viewers: 3, lastVisitAt: ago(1).toISOString() });
  });

  it("the recent activity: visits with what was watched, and sends, the newest first; nothing older than the window", async () => {
    const A = await watchedStudio();
    const items = await recentActivity(await actor(A.studio), NOW);
    expect(items.map((i) => [i.kind, i.who, i.at])).toEqual([
      ["visit", "Anna", ago(1).toISOString()],
      ["visit", "Guest 2", ago(2).toISOString()],
      ["sent", "Anna", ago(5).toISOString()],
    ]);
    expect(items[0].films).toEqual(["Anna watched 92 % of Ceremony, downloaded it"]);
    expect(items[0].gallery).toEqual({ id: A.gallery.id, name: "Emma & James" });
    // A visit with nothing watched: the panel says the viewer opened the gallery.
    expect(items[1].films).toEqual([]);
    expect(TEXTS.glance.visited(items[1].who)).toBe("Guest 2 opened the gallery");
  });

  it("never shows another studio's galleries, viewers or sends", async () => {
    const A = await watchedStudio();
    const B = await createStudio();
    await createFolderWithGallery(B.id, { videos: 1 });
    expect(await recentActivity(await actor(B), NOW)).toEqual([]);
    const res = await call(listFolders, request("GET", "/api/folder/folders", { token: await bearerFor(B) }));
    const [folder] = await res.json();
    expect(folder.galleries[0].stats).toEqual({ films: 1, viewers: 0, lastVisitAt: null });
    expect((await recentActivity(await actor(A.studio), NOW)).every((i) => i.gallery.id === A.gallery.id)).toBe(true);
  });

  it("keeps to the newest ACTIVITY_MAX lines and ACTIVITY_FILMS films per visit, counting the rest", async () => {
    const studio = await createStudio();
    const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: ACTIVITY_FILMS + 2 });
    for (const v of videos) await db.video.update({ where: { id: v.id }, data: { durationSec: 100 } });
    for (let i = 0; i < ACTIVITY_MAX + 3; i++) {
      const viewer = await db.galleryViewer.create({ data: { galleryId: gallery.id, key: `a:v${i}`, firstSeenAt: ago(50 + i), lastSeenAt: ago(10 + i) } });
      if (i === 0) for (const v of videos) await db.viewerFilm.create({ data: { viewerId: viewer.id, videoId: v.id, galleryId: gallery.id, watchedSeconds: 50, playSeconds: 50 } });
    }
    const items = await recentActivity(await actor(studio), NOW);
    expect(items).toHaveLength(ACTIVITY_MAX);
    expect(items[0].at).toBe(ago(10).toISOString());
    expect(items[0].films).toHaveLength(ACTIVITY_FILMS);
    expect(items[0].moreFilms).toBe(2);
  });
});
