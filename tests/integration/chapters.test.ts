import { GET as list } from "@/app/api/chapters/getChaptersByVideo/[videoId]/route";
import { POST as create } from "@/app/api/chapters/createChapter/route";
import { PUT as update } from "@/app/api/chapters/updatechapters/[id]/route";
import { DELETE as remove } from "@/app/api/chapters/deleteChapter/[id]/route";
import { GET as download } from "@/app/api/videos/download/[videoId]/route";
import { PUT as updateVideo } from "@/app/api/videos/updateVideo/[videoId]/route";
import { db } from "@/lib/db";
import { putObject } from "../helpers/storage";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

async function setup() {
  const studio = await createStudio();
  const { videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  const video = await db.video.update({ where: { id: videos[0].id }, data: { durationSec: 125.4 } });
  return { studio, video, token: await bearerFor(studio) };
}

type S = Awaited<ReturnType<typeof setup>>;
const add = (s: S, body: Record<string, unknown>, token = s.token) => call(create, request("POST", "/x", { token, body: { videoId: s.video.id, ...body } }));
const listOf = async (s: S, token = s.token) => call(list, request("GET", "/x", { token }), { videoId: s.video.id });
const titles = async (s: S) => (await (await listOf(s)).json()).chapters.map((c: { title: string; cuePoint: string }) => `${c.cuePoint} ${c.title}`);

describe("chapters API", () => {
  it("creates, lists sorted by time, renames, moves and deletes chapters", async () => {
    const s = await setup();
    const late = await add(s, { title: "Chapter 1", cuePoint: "00:01:05" });
    expect(late.status).toBe(201);
    const lateChapter = (await late.json()).chapter;
    expect(lateChapter).toMatchObject({ title: "Chapter 1", cuePoint: "00:01:05", seconds: 65, videoId: s.video.id });
    expect((await add(s, { title: "Chapter 2", cuePoint: "00:00:10" })).status).toBe(201);
    expect(await titles(s)).toEqual(["00:00:10 Chapter 2", "00:01:05 Chapter 1"]);

    const renamed = await call(update, request("PUT", "/x", { token: s.token, body: { title: "  First dance ", cuePoint: "00:00:02" } }), { id: lateChapter._id });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).chapter).toMatchObject({ title: "First dance", cuePoint: "00:00:02" });
    expect(await titles(s)).toEqual(["00:00:02 First dance", "00:00:10 Chapter 2"]);

    expect((await call(remove, request("DELETE", "/x", { token: s.token }), { id: lateChapter._id })).status).toBe(200);
    expect(await titles(s)).toEqual(["00:00:10 Chapter 2"]);
  });

  it("reads the time inputs' 0–60 values: '00:00:60' is one minute", async () => {
    const s = await setup();
    expect((await (await add(s, { title: "Edge", cuePoint: "00:00:60" })).json()).chapter.cuePoint).toBe("00:01:00");
  });

  it("refuses a missing title, a malformed time and a time beyond the video's end, changing nothing", async () => {
    const s = await setup();
    for (const [body, message] of [
      [{ title: "  ", cuePoint: "00:00:01" }, "Chapter title is required."],
      [{ title: "X", cuePoint: "1:2:3:4" }, "The chapter time must be hh:mm:ss."],
      [{ title: "X", cuePoint: "00:61:00" }, "The chapter time must be hh:mm:ss."],
      [{ title: "X", cuePoint: -5 }, null],
      [{ title: "X", cuePoint: "00:02:06" }, "The chapter starts after the end of the video (00:02:05)."],
    ] as const) {
      const res = await add(s, body);
      expect(res.status).toBe(400);
      const answer = await res.json();
      if (message) expect(answer.message).toBe(message);
      else expect(typeof answer.message).toBe("string");
    }
    expect(await db.chapter.count({ where: { videoId: s.video.id } })).toBe(0);
  });

  it("creates one chapter when the same Add arrives twice at once (double click, retry)", async () => {
    const s = await setup();
    const answers = await Promise.all([0, 1, 2, 3].map(() => add(s, { title: "Chapter 1", cuePoint: "00:00:30" })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).chapter._id)));
    expect(ids.size).toBe(1);
    expect(await db.chapter.count({ where: { videoId: s.video.id } })).toBe(1);
  });

  it("refuses moving a chapter onto another chapter's second with a clear message", async () => {
    const s = await setup();
    await add(s, { title: "A", cuePoint: "00:00:05" });
    const b = (await (await add(s, { title: "B", cuePoint: "00:00:09" })).json()).chapter;
    const res = await call(update, request("PUT", "/x", { token: s.token, body: { cuePoint: "00:00:05" } }), { id: b._id });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("Another chapter already starts at 00:00:05.");
  });

  it("does not let another studio list, add, change or delete a studio's chapters", async () => {
    const s = await setup();
    const mine = (await (await add(s, { title: "Mine", cuePoint: "00:00:03" })).json()).chapter;
    const other = await bearerFor(await createStudio());
    expect((await listOf(s, other)).status).toBe(404);
    expect((await add(s, { title: "Theirs", cuePoint: "00:00:04" }, other)).status).toBe(404);
    expect((await call(update, request("PUT", "/x", { token: other, body: { title: "Hacked" } }), { id: mine._id })).status).toBe(404);
    expect((await call(remove, request("DELETE", "/x", { token: other }), { id: mine._id })).status).toBe(404);
    expect(await titles(s)).toEqual(["00:00:03 Mine"]);
    const moved = await call(update, request("PUT", "/x", { token: s.token, body: { videoId: (await setup()).video.id } }), { id: mine._id });
    expect(moved.status).toBe(400);
  });

  it("sets the video's title and its cue point, refusing a cue point beyond the end", async () => {
    const s = await setup();
    const put = (body: unknown) => call(updateVideo, request("PUT", "/x", { token: s.token, body }), { videoId: s.video.id });
    const titled = await put({ title: "Ceremony" });
    expect((await titled.json()).video.title).toBe("Ceremony");
    expect((await put({ title: " " })).status).toBe(400);
    expect((await put({ cuePoint: "00:01:10" })).status).toBe(200);
    expect((await put({ cuePoint: "00:02:10" })).status).toBe(400);
    expect((await db.video.findUniqueOrThrow({ where: { id: s.video.id } })).cuePoint).toBe("00:01:10");
  });
});

describe("GET /api/videos/download/:id", () => {
  it("redirects the owner to a short-lived signed address that saves the original under its title", async () => {
    const s = await setup();
    // Named as the title as typed (issue 57 item 8): `&`, spaces and accents kept in filename*, an ASCII fallback.
    await db.video.update({ where: { id: s.video.id }, data: { title: "Cérémonie - Anna & Ben" } });
    await putObject(s.video.storageKey, Buffer.from("original bytes"), "video/mp4");
    const res = await call(download, request("GET", "/x", { token: s.token }), { videoId: s.video.id });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get("location")!);
    expect(Number(url.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(300);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="Ceremonie - Anna & Ben.mp4"; filename*=UTF-8''${encodeURIComponent("Cérémonie - Anna & Ben.mp4")}`);
    expect(await file.text()).toBe("original bytes");
    const other = await bearerFor(await createStudio());
    expect((await call(download, request("GET", "/x", { token: other }), { videoId: s.video.id })).status).toBe(404);
  });
});
