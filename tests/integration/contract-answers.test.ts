// The run-time half of the answer check (lib/http/index.ts `route()`): in tests every answer is
// checked against its door's declaration (lib/contract): its status, and an error's `code`, must be
// among the declared ones (lib/contract/answers.ts, issue 59 item 2), and a JSON success must match
// the declared schema, so a door whose answers drift from its declaration fails whichever
// integration test calls it. A door declared with a success status answers it.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { AppError } from "@/lib/errors";
import { route, json, jsonError } from "@/lib/http";
import { errorBody } from "@/lib/error-codes";
import { openApiDocument } from "@/lib/contract/openapi";
import type { NewApiKey } from "@/lib/contract/integrations";
import { POST as createKey } from "@/app/api/keys/route";
import { POST as createFolder } from "@/app/api/folder/folders/route";
import { bearerFor, call, request } from "../helpers/requests";
import { doors } from "@/lib/contract";
import { db } from "@/lib/db";
import { GET as listGalleries } from "@/app/api/galleries/route";
import { GET as readVideo } from "@/app/api/videos/[videoId]/route";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { putLadder } from "../helpers/hls";

const declared = door({ method: "GET", path: "/api/test/answer", who: "public", answer: z.object({ name: z.string() }), summary: "A test door", tag: "Test" });
const created = door({ method: "POST", path: "/api/test/created", who: "public", status: 201, answer: z.object({ id: z.string() }), summary: "A test door", tag: "Test" });
const conflicting = door({ method: "POST", path: "/api/test/conflict", who: "public", answer: z.object({ name: z.string() }), errors: ["conflict"], summary: "A test door", tag: "Test" });
const createdOrExisting = door({
  method: "POST",
  path: "/api/test/repeat",
  who: "public",
  status: 201,
  existing: "The one made before.",
  answer: z.object({ id: z.string() }),
  summary: "A test door",
  tag: "Test",
});
const forStudio = door({
  method: "POST",
  path: "/api/test/studio/:id",
  who: "studio",
  params: z.object({ id: z.uuid() }),
  self: "id",
  body: z.object({ name: z.string() }),
  answer: z.object({ name: z.string() }),
  summary: "A test door",
  tag: "Test",
});
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

it("lets a declared error answer and a raw answer through", async () => {
  const refused = await call(
    route(conflicting, () => {
      throw new AppError("CONFLICT", "No.");
    }),
    request("POST", "/api/test/conflict"),
  );
  expect([refused.status, await refused.json()]).toEqual([409, { code: "conflict", message: "No." }]);
  const moved = await call(
    route(redirect, () => Response.redirect("https://example.com/", 302)),
    request("GET", "/api/test/redirect"),
  );
  expect(moved.status).toBe(302);
});

it("throws for an error status or code the door does not declare, thrown or returned", async () => {
  const conflict = route(declared, () => {
    throw new AppError("CONFLICT", "No.");
  });
  await expect(call(conflict, request("GET", "/api/test/answer"))).rejects.toThrow("GET /api/test/answer: it answered 409 (`conflict`), a status it does not declare");
  // 409 is declared, but not this code of it.
  const other = route(conflicting, () => jsonError(errorBody("email_taken", "Taken."), 409));
  await expect(call(other, request("POST", "/api/test/conflict"))).rejects.toThrow("it answered 409 `email_taken`, and declares only `conflict` for 409");
});

it("throws for a success status the door does not declare; a creating door's repeat (`existing`) may answer 200", async () => {
  const wrongStatus = route(created, () => json({ id: "x" }, 200));
  await expect(call(wrongStatus, request("POST", "/api/test/created"))).rejects.toThrow("it answered 200, and declares only 201 on success");
  const repeat = route(createdOrExisting, () => json({ id: "x" }, 200));
  expect((await call(repeat, request("POST", "/api/test/repeat"))).status).toBe(200);
});

it("checks the answers of the wrapper itself: 401 without sign-in, 400 for a bad body, 404 for a bad path", async () => {
  const studioDoor = route(forStudio, () => ({ name: "Ana" }));
  const unsigned = await call(studioDoor, request("POST", "/api/test/studio/x", { body: { name: "Ana" } }), { id: "x" });
  expect([unsigned.status, (await unsigned.json()).code]).toEqual([401, "unauthorized"]);
  const admin = await createStudio();
  const token = await bearerFor(admin);
  const bad = await call(studioDoor, request("POST", `/api/test/studio/${admin.id}`, { token, body: { name: 1 } }), { id: admin.id });
  expect([bad.status, (await bad.json()).code]).toEqual([400, "validation"]);
  const lost = await call(studioDoor, request("POST", "/api/test/studio/x", { token, body: { name: "Ana" } }), { id: "x" });
  expect([lost.status, (await lost.json()).code]).toEqual([404, "not_found"]);
});

it("lets a key's refusal through on a door a key may call (403 `scope`), and the document lists `scope` and 429 on it", async () => {
  const admin = await createStudio();
  const made = await call(createKey, request("POST", "/api/keys", { token: await bearerFor(admin), body: { name: "Reader", scopes: ["read"] } }));
  const key = ((await made.json()) as { key: NewApiKey }).key.key;
  const refused = await call(createFolder, request("POST", "/api/folder/folders", { token: key, body: { name: "Not with a read key" } }));
  expect([refused.status, (await refused.json()).code]).toEqual([403, "scope"]);
  const doc = openApiDocument("http://localhost:3000").paths["/api/folder/folders"].post as {
    responses: Record<string, { content: { "application/json": { schema: { allOf: [unknown, { properties: { code: { enum: string[] } } }] } } } }>;
  };
  expect(doc.responses["403"].content["application/json"].schema.allOf[1].properties.code.enum).toEqual(["forbidden", "scope"]);
  expect(doc.responses["429"].content["application/json"].schema.allOf[1].properties.code.enum).toEqual(["rate_limited"]);
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
