// The run-time half of the answer check (lib/http/index.ts `route()`): in tests every JSON success answer
// is parsed with its door's declared answer schema (lib/contract), so a door whose answer drifts
// from its declaration fails whichever integration test calls it. Error and raw answers are not
// checked; a door declared with a success status answers it.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { AppError } from "@/lib/errors";
import { route, json } from "@/lib/http";
import { bearerFor, call, request } from "../helpers/requests";
import { doors } from "@/lib/contract";
import { db } from "@/lib/db";
import { GET as listGalleries } from "@/app/api/galleries/route";
import { GET as readVideo } from "@/app/api/videos/[videoId]/route";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { putLadder } from "../helpers/hls";

const declared = door({ method: "GET", path: "/api/test/answer", who: "public", answer: z.object({ name: z.string() }), summary: "A test door", tag: "Test" });
const created = door({ method: "POST", path: "/api/test/created", who: "public", status: 201, answer: z.object({ id: z.string() }), summary: "A test door", tag: "Test" });
const redirect = door({ method: "GET", path: "/api/test/redirect", who: "public", answer: raw("redirect", "302"), summary: "A test door", tag: "Test" });

/** What a handler returns, past the compile-time check (the run-time one is under test). */
const anything = <T>(value: unknown) => value as T;

it("lets a declared answer through", async () => {
  const res = await call(
    route(declared, () => ({ name: "Ana" })),
    request("GET", "/api/test/answer"),
  );
  expect([res.status, await res.json()]).toEqual([200, { name: "Ana" }]);
});

it("throws for an answer that does not match its schema, naming the door and the field", async () => {
  const wrong = route(declared, () => anything<{ name: string }>({ name: 42 }));
  await expect(call(wrong, request("GET", "/api/test/answer"))).rejects.toThrow("GET /api/test/answer: the answer does not match its declared schema (lib/contract) at name");
});

it("checks a json() answer with its own status too", async () => {
  const wrong = route(declared, () => json(anything<{ name: string }>({ title: "Ana" }), 200));
  await expect(call(wrong, request("GET", "/api/test/answer"))).rejects.toThrow(/at name/);
});

it("answers a plain value with the declared success status", async () => {
  const res = await call(
    route(created, () => ({ id: "x" })),
    request("POST", "/api/test/created"),
  );
  expect(res.status).toBe(201);
});

it("does not check error answers or raw answers", async () => {
  const refused = await call(
    route(declared, () => {
      throw new AppError("CONFLICT", "No.");
    }),
    request("GET", "/api/test/answer"),
  );
  expect([refused.status, await refused.json()]).toEqual([409, { code: "conflict", message: "No." }]);
  const moved = await call(
    route(redirect, () => Response.redirect("https://example.com/", 302)),
    request("GET", "/api/test/redirect"),
  );
  expect(moved.status).toBe(302);
});

it("checks real answers of the reads (issue 59) against their declarations, a ready film's and a processing one's", async () => {
  const admin = await createStudio();
  const token = await bearerFor(admin);
  const { videos } = await createFolderWithGallery(admin.id, { videos: 2 });
  await putLadder(videos[0], { streamCopy: true });
  await db.video.update({ where: { id: videos[1].id }, data: { status: "PROCESSING" } });
  const list = await call(listGalleries, request("GET", "/api/galleries?limit=1", { token }));
  expect(list.status).toBe(200);
  expect(doors.galleries.list.answer.safeParse(await list.json()).success).toBe(true);
  for (const video of videos) {
    const res = await call(readVideo, request("GET", `/api/videos/${video.id}`, { token }), { videoId: video.id });
    expect(res.status).toBe(200);
    expect(doors.videos.read.answer.strict().safeParse(await res.json()).success).toBe(true);
  }
});
