// The SDK against the running app (the production build Playwright's web server starts; no browser).
// This folder is CommonJS (its package.json), as the repository's other tests, so it can use the
// browser suite's helpers (tests/e2e/support: a fresh studio in the app's database).
// a fresh studio makes keys, then the SDK reads typed answers, walks a paged list, writes, is refused
// a scope, uploads a film by both flows; and retries a 429 after its Retry-After (a stub server: the
// app's own limits are not worth a minute of waiting here).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { createAccount, db, PASSWORD } from "../../../tests/e2e/support";
import { createVidfolio, paginate, pages, VidfolioError } from "../src/index";

test.describe.configure({ mode: "serial" });

let keys: { full: string; readOnly: string };
let studioId: string;

test.beforeAll(async ({ playwright, baseURL }) => {
  const studio = await createAccount({ creditBytes: BigInt(1024 * 1024 * 1024) });
  studioId = studio.id;
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post("/api/admin/login", { data: { email: studio.email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).token as string;
  const key = async (scopes: string[]) => {
    const res = await api.post("/api/keys", { data: { name: `SDK ${scopes.join(" ")}`, scopes }, headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(201);
    return (await res.json()).key.key as string;
  };
  keys = { full: await key(["read", "write", "uploads"]), readOnly: await key(["read"]) };
  await api.dispose();
});

test("typed reads, a paged list walked by paginate, a write, and a scope refused as a VidfolioError", async ({ baseURL }) => {
  const vf = createVidfolio({ baseUrl: baseURL!, apiKey: keys.full });
  const { data: folder } = await vf.POST("/api/folder/folders", { body: { name: "From the SDK" } });
  for (const name of ["Ceremony", "Reception", "Party"]) {
    await vf.POST("/api/galleries/create", { body: { name, folderId: folder!._id, templateId: "classic" } });
  }
  const { data: folders } = await vf.GET("/api/folder/folders");
  expect(folders!.map((f) => f.name)).toContain("From the SDK");

  // limit=1: three pages, each followed by its `next`.
  const onePerPage = (cursor: string | undefined) => vf.GET("/api/galleries", { params: { query: { folderId: folder!._id, limit: 1, cursor } } });
  let pageCount = 0;
  for await (const page of pages(onePerPage, { items: "galleries" })) {
    expect(page.galleries).toHaveLength(1);
    pageCount++;
  }
  expect(pageCount).toBe(3);
  const names: string[] = [];
  for await (const gallery of paginate(onePerPage, { items: "galleries", next: "next" })) names.push(gallery.name);
  expect(names.sort()).toEqual(["Ceremony", "Party", "Reception"]);

  const reader = createVidfolio({ baseUrl: baseURL!, apiKey: keys.readOnly });
  const refused = await reader.POST("/api/folder/folders", { body: { name: "Not with read" } }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(VidfolioError);
  expect(refused).toMatchObject({ status: 403, code: "scope" });
});

test("uploads a film by the simple flow and by the multipart one, each then read back; a failed PUT aborts the upload", async ({ baseURL }) => {
  // What complete is sent: the multipart ETags must go back with their quotes (the store gives them quoted).
  const completions: { parts?: { ETag: string }[] }[] = [];
  const recording: typeof fetch = async (input, init) => {
    if (input instanceof Request && input.url.endsWith("/api/products/complete-multipart-upload")) completions.push(await input.clone().json());
    return fetch(input, init);
  };
  const vf = createVidfolio({ baseUrl: baseURL!, apiKey: keys.full, fetch: recording });
  const { data: folder } = await vf.POST("/api/folder/folders", { body: { name: "Uploads" } });
  const { data: gallery } = await vf.POST("/api/galleries/create", { body: { name: "Films", folderId: folder!._id, templateId: "classic" } });
  const bytes = Buffer.alloc(70_000, 3);
  for (const multipart of [false, true]) {
    const progress: number[] = [];
    const film = await vf.uploadFilm({
      galleryId: gallery!._id,
      file: bytes,
      fileName: "Ceremony.mp4",
      title: multipart ? "In parts" : "In one",
      multipart,
      onProgress: (p) => progress.push(p.uploadedBytes),
    });
    expect(film.title).toBe(multipart ? "In parts" : "In one");
    expect(progress.at(-1)).toBe(70_000);
    const { data } = await vf.GET("/api/videos/{videoId}", { params: { path: { videoId: film._id } } });
    expect(data!.video).toMatchObject({ id: film._id, galleryId: gallery!._id, title: film.title });
  }
  expect(completions.map((c) => c.parts?.map((p) => p.ETag))).toEqual([undefined, [expect.stringMatching(/^"[0-9a-f]{32}"$/)]]);
  const uploads = () => db().upload.findMany({ where: { adminId: studioId }, orderBy: { createdAt: "asc" } });
  expect((await uploads()).map((u) => [u.status, u.multipartUploadId === null])).toEqual([
    ["COMPLETED", true],
    ["COMPLETED", false],
  ]);

  // The store refuses the PUT: the upload is aborted (its reservation released), the error thrown.
  const refusingStore: typeof fetch = (input, init) => (init?.method === "PUT" ? Promise.resolve(new Response("denied", { status: 403 })) : fetch(input, init));
  const failing = createVidfolio({ baseUrl: baseURL!, apiKey: keys.full, fetch: refusingStore });
  await expect(failing.uploadFilm({ galleryId: gallery!._id, file: new Blob([bytes]), fileName: "Lost.mp4" })).rejects.toThrow("the store answered 403");
  expect((await uploads()).at(-1)).toMatchObject({ status: "CANCELLED", reservedBytes: BigInt(0) });

  // A key without the uploads scope: the app's refusal, thrown as it came.
  const reader = createVidfolio({ baseUrl: baseURL!, apiKey: keys.readOnly });
  await expect(reader.uploadFilm({ galleryId: gallery!._id, file: bytes, fileName: "x.mp4" })).rejects.toMatchObject({ status: 403, code: "scope" });
});

test("a 429 is retried after its Retry-After; past maxRetries it is a VidfolioError rate_limited", async () => {
  let calls = 0;
  const stub = http.createServer((req, res) => {
    calls++;
    if (calls % 2 === 1) res.writeHead(429, { "retry-after": "1", "content-type": "application/json" }).end(JSON.stringify({ code: "rate_limited", message: "Too many requests." }));
    else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify([]));
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  try {
    const started = Date.now();
    const { data } = await createVidfolio({ baseUrl, apiKey: "vf_key_stub" }).GET("/api/folder/folders");
    expect(data).toEqual([]);
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    const refused = await createVidfolio({ baseUrl, apiKey: "vf_key_stub", maxRetries: 0 })
      .GET("/api/folder/folders")
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, code: "rate_limited", retryAfterSec: 1 });
  } finally {
    stub.close();
  }
});
