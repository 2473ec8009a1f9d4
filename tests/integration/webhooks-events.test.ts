/**
 * Each webhook event (issue 38.4) is published once, at the place of the change it reports, in
 * that change's transaction (an outbox: a delivery per endpoint that wants it):
 * - film.ready when a processing run first publishes a film (not again as its ladder improves);
 * - film.failed when the queue gives up on a film (not again when it fails again);
 * - guest.visited on a guest's first visit by their personal link (the guest door), not the next;
 * - guest.watched when a viewer passes 90 % of a film (the engagement door and flush), once;
 * - download.created when a viewer's download is counted (the download door and flush);
 * - export.ready when the studio's export is ready.
 */
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { POST as engagement } from "@/app/api/public/engagement/route";
import { GET as download } from "@/app/api/public/download/[videoId]/route";
import { POST as guestDoor } from "@/app/api/public/galleries/[slug]/guest/route";
import { flushEngagement } from "@/lib/services/guests/engagement";
import { forgetGateCache } from "@/lib/services/access/open-gallery";
import { publish } from "@/lib/services/films/video-publish";
import { failVideo } from "@/lib/services/films/video-processing";
import { runExport, startExport } from "@/lib/services/data/studio-export";
import { createEndpoint } from "@/lib/services/platform/webhooks/endpoints";
import { OFFERED_EVENTS } from "@/lib/services/platform/rules/webhooks/events";
import { guestCookieName, inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { call, request } from "../helpers/requests";
import { movableClock } from "../helpers/clock";

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

let clock: ReturnType<typeof movableClock> | null = null;
beforeEach(async () => {
  forgetGateCache();
  await flushEngagement();
  clock = movableClock();
});
afterEach(() => clock?.restore());

/** A studio with one endpoint wanting every event, a gallery and a 100 s film. */
async function studioListening() {
  const studio = await createStudio();
  const endpoint = await createEndpoint(studio, { url: "https://hooks.example.test/in", events: [...OFFERED_EVENTS] });
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  await db.video.update({ where: { id: videos[0].id }, data: { durationSec: 100 } });
  return { studio, endpoint, gallery, film: videos[0] };
}

/** The studio's events of a type, with their deliveries. */
const eventsOf = (adminId: string, type: string) => db.studioEvent.findMany({ where: { adminId, type }, include: { deliveries: true }, orderBy: { createdAt: "asc" } });

async function invite(studio: { id: string }, galleryId: string) {
  const id = randomUUID();
  const salt = newInviteSalt();
  const token = inviteToken(id, salt);
  await db.galleryInvite.create({ data: { id, galleryId, adminId: studio.id, name: "Ada", email: `ada-${id}@example.test`, salt, tokenHash: tokenHash(token) } });
  return { id, token };
}

const report = (body: unknown, cookie?: string) => call(engagement, request("POST", "/api/public/engagement", { body, cookie, headers: { "user-agent": BROWSER } }));

describe("film.ready and film.failed", () => {
  it("film.ready once, when a run first publishes the film (its stream copy), not when its ladder follows", async () => {
    const { studio, endpoint, film } = await studioListening();
    await db.video.update({ where: { id: film.id }, data: { status: "PROCESSING" } });
    await publish(film, { streamKey: "copy.mp4", optimizing: true });
    await publish(film, { hlsKey: "master.m3u8", optimizing: false });
    const events = await eventsOf(studio.id, "film.ready");
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ id: film.id, title: film.title, galleryId: film.galleryId, status: "READY", durationSec: 100 });
    expect(events[0].deliveries.map((d) => d.endpointId)).toEqual([endpoint.id]);
  });

  it("film.failed once, when the queue gives up on the film, not when it gives up again", async () => {
    const { studio, film } = await studioListening();
    await db.video.update({ where: { id: film.id }, data: { status: "PROCESSING" } });
    await failVideo(film.id);
    await failVideo(film.id);
    const events = await eventsOf(studio.id, "film.failed");
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ id: film.id, status: "FAILED", failureCode: "processing" });
  });

  it("a film whose file was replaced meanwhile (Gone) publishes nothing: the event rolls back with the change", async () => {
    const { studio, film } = await studioListening();
    await db.video.update({ where: { id: film.id }, data: { status: "PROCESSING" } });
    await expect(publish({ ...film, storageKey: "another/file.mp4" }, { streamKey: "copy.mp4" })).rejects.toThrow();
    expect(await eventsOf(studio.id, "film.ready")).toHaveLength(0);
  });
});

describe("guest.visited", () => {
  it("once, on the guest's first visit by their personal link", async () => {
    const { studio, gallery } = await studioListening();
    const guest = await invite(studio, gallery.id);
    const enter = () => call(guestDoor, request("POST", `/api/public/galleries/${gallery.customUrl}/guest`, { body: { token: guest.token } }), { slug: gallery.customUrl });
    expect((await enter()).status).toBe(200);
    expect((await enter()).status).toBe(200);
    const events = await eventsOf(studio.id, "guest.visited");
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ id: guest.id, name: "Ada", gallery: { id: gallery.id, title: gallery.title } });
  });
});

describe("guest.watched and download.created", () => {
  it("guest.watched once per viewer and film, when the engagement flush sees the watched share pass 90 %", async () => {
    const { studio, gallery, film } = await studioListening();
    const guest = await invite(studio, gallery.id);
    const cookie = `${guestCookieName(gallery.id)}=${guest.token}`;
    const watch = async (from: number, to: number) => {
      clock!.advance((to - from) * 1000);
      expect((await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[from, to]] }, cookie)).status).toBe(204);
      await flushEngagement();
    };
    await watch(0, 50);
    await watch(50, 89);
    expect(await eventsOf(studio.id, "guest.watched")).toHaveLength(0);
    await watch(89, 95);
    await watch(95, 100);
    await watch(0, 100);
    const events = await eventsOf(studio.id, "guest.watched");
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ viewer: { inviteId: guest.id, name: "Ada" }, film: { id: film.id, title: film.title }, watchedPercent: 95 });
  });

  it("download.created for a viewer's download (counted once per viewer, film and day)", async () => {
    const { studio, gallery, film } = await studioListening();
    await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: true } });
    const get = (cookie?: string) => call(download, request("GET", `/api/public/download/${film.id}?g=${gallery.customUrl}`, { cookie, headers: { "user-agent": BROWSER } }), { videoId: film.id });
    const first = await get();
    expect(first.status).toBe(302);
    const viewer = first.headers.get("set-cookie")!.split(";")[0];
    await flushEngagement();
    expect((await get(viewer)).status).toBe(302);
    await flushEngagement();
    const events = await eventsOf(studio.id, "download.created");
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ film: { id: film.id }, downloads: 1 });
  });
});

describe("export.ready", () => {
  it("once, when the studio's export is ready", async () => {
    const { studio } = await studioListening();
    const started = await startExport({ id: studio.id, name: studio.name, companyName: "" }, "cli");
    expect(await runExport(started.id)).toBe("ready");
    expect(await runExport(started.id)).toBe("skipped");
    const events = await eventsOf(studio.id, "export.ready");
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ id: started.id, expiresAt: expect.any(String) });
  });
});
