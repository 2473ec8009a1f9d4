// Studio API keys (issue 38 item 3), against the real database and store: the key doors (sign-in
// only, another studio's key → 404), scopes × doors (403 `scope`), revoked at once, never on a super
// admin's door or the key doors themselves, never through a cookie or the query string, one studio's
// key never reaching another's rows, the secret nowhere in the database, the per-key rate limit (429
// with Retry-After), the audit of every use and of creating and revoking, and garbled keys (401, never
// a 500). Sign-in bearer tokens and cookies keep working as before.
import { db } from "@/lib/db";
import { GET as listKeys, POST as createKey } from "@/app/api/keys/route";
import { DELETE as revokeKey } from "@/app/api/keys/[keyId]/route";
import { GET as listFolders, POST as createFolder } from "@/app/api/folder/folders/route";
import { GET as getGallery, DELETE as deleteGallery } from "@/app/api/galleries/gallery/[id]/route";
import { GET as getInsights } from "@/app/api/galleries/gallery/[id]/insights/route";
import { GET as listGalleries } from "@/app/api/galleries/route";
import { GET as readVideo } from "@/app/api/videos/[videoId]/route";
import { POST as startUpload } from "@/app/api/products/start-multipart-upload/route";
import { POST as validatePassword } from "@/app/api/validate-password/route";
import { GET as allAdmins } from "@/app/api/admin/all-admin/route";
import { GET as adminDetails } from "@/app/api/admin/admin-details/route";
import { proxy } from "@/proxy";
import { RATE_WINDOW_MS } from "@/lib/security/rate-limit";
import { afterResponsesSettled } from "@/lib/http/after-response";
import { API_KEYS_MAX } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";
import { env } from "@/lib/env";
import type { ApiScope } from "@/lib/services/platform/rules/api-scopes";
import type { NewApiKey } from "@/lib/contract/integrations";
import { createFolderWithGallery, createStudio, createSuperadmin, TEST_PASSWORD } from "../helpers/factories";
import { bearerFor, call, request, sessionCookieFor } from "../helpers/requests";

type Studio = Awaited<ReturnType<typeof createStudio>>;

async function newKey(studio: Studio, scopes: ApiScope[], name = "Render queue"): Promise<NewApiKey> {
  const res = await call(createKey, request("POST", "/api/keys", { token: await bearerFor(studio), body: { name, scopes } }));
  expect(res.status).toBe(201);
  return (await res.json()).key;
}

const asKey = (key: string, method: string, path: string, body?: unknown) => request(method, path, { token: key, body });

let A: Studio;
let gallery: { id: string };
let video: { id: string };
beforeAll(async () => {
  A = await createStudio({ creditsMb: 500 });
  ({
    gallery,
    videos: [video],
  } = await createFolderWithGallery(A.id, { videos: 1 }));
});

describe("the key doors", () => {
  it("create a key shown once, list it without its secret, and revoke it", async () => {
    const token = await bearerFor(A);
    const created = await newKey(A, ["read", "read", "write"], "  CRM sync  ");
    expect(created).toMatchObject({ name: "CRM sync", scopes: ["read", "write"], lastUsedAt: null, revokedAt: null });
    expect(created.key).toMatch(/^vf_key_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);

    const listed = await (await call(listKeys, request("GET", "/api/keys", { cookie: await sessionCookieFor(A) }))).json();
    const row = listed.keys.find((k: { id: string }) => k.id === created.id);
    expect(row).toEqual({
      id: created.id,
      name: "CRM sync",
      prefix: created.prefix,
      scopes: ["read", "write"],
      createdAt: created.createdAt,
      lastUsedAt: null,
      lastUsedAddress: null,
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(created.prefix.length + 1));

    const revoked = await call(revokeKey, request("DELETE", `/api/keys/${created.id}`, { token }), { keyId: created.id });
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).key.revokedAt).toEqual(expect.any(String));
    // Again: still revoked, the first time kept.
    const again = await call(revokeKey, request("DELETE", `/api/keys/${created.id}`, { token }), { keyId: created.id });
    expect(again.status).toBe(200);
  });

  it("refuse bad input with a 400 and its message, never a 500", async () => {
    const token = await bearerFor(A);
    for (const [body, message] of [
      [{ name: "", scopes: ["read"] }, TEXTS.apiKeys.nameRequired],
      [{ name: "x".repeat(81), scopes: ["read"] }, TEXTS.apiKeys.nameTooLong],
      [{ name: "two\nlines", scopes: ["read"] }, TEXTS.apiKeys.nameOneLine],
      [{ name: "No scopes", scopes: [] }, TEXTS.apiKeys.scopeRequired],
      [{ name: "Admin", scopes: ["superadmin"] }, TEXTS.apiKeys.unknownScope],
      [{ name: "Nothing" }, TEXTS.apiKeys.scopeRequired],
      [{ name: "Nul\u0000", scopes: ["read"] }, TEXTS.unstorableText],
    ] as const) {
      const res = await call(createKey, request("POST", "/api/keys", { token, body }));
      expect([body, res.status, await res.json()]).toEqual([body, 400, { code: "validation", message }]);
    }
    const malformed = await call(revokeKey, request("DELETE", "/api/keys/not-an-id", { token }), { keyId: "not-an-id" });
    expect(malformed.status).toBe(404);
  });

  it("answer 404 for another studio's key, and leave it live", async () => {
    const B = await createStudio();
    const bKey = await newKey(B, ["read"]);
    const res = await call(revokeKey, request("DELETE", `/api/keys/${bKey.id}`, { token: await bearerFor(A) }), { keyId: bKey.id });
    expect([res.status, (await res.json()).code]).toEqual([404, "not_found"]);
    expect((await call(listFolders, asKey(bKey.key, "GET", "/api/folder/folders"))).status).toBe(200);
  });

  it("allow at most API_KEYS_MAX live keys, even asked for at once (revoked keys do not count)", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const results = await Promise.all(Array.from({ length: API_KEYS_MAX + 3 }, (_, i) => call(createKey, request("POST", "/api/keys", { token, body: { name: `Key ${i}`, scopes: ["read"] } }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(API_KEYS_MAX);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409]);
    expect(await refused[0].json()).toEqual({ code: "conflict", message: TEXTS.apiKeys.tooMany(API_KEYS_MAX) });
    const one = await db.apiKey.findFirstOrThrow({ where: { adminId: studio.id } });
    await call(revokeKey, request("DELETE", `/api/keys/${one.id}`, { token }), { keyId: one.id });
    expect((await call(createKey, request("POST", "/api/keys", { token, body: { name: "After a revoke", scopes: ["read"] } }))).status).toBe(201);
  });

  it("refuse every key, whatever its scopes (a key cannot mint, list or revoke keys): 403 scope", async () => {
    const key = await newKey(A, ["read", "write", "uploads", "insights"]);
    const calls = [
      call(listKeys, asKey(key.key, "GET", "/api/keys")),
      call(createKey, asKey(key.key, "POST", "/api/keys", { name: "Child", scopes: ["read"] })),
      call(revokeKey, asKey(key.key, "DELETE", `/api/keys/${key.id}`), { keyId: key.id }),
    ];
    for (const res of await Promise.all(calls)) expect([res.status, await res.json()]).toEqual([403, { code: "scope", message: TEXTS.apiKeys.signInOnly }]);
    expect(await db.apiKey.count({ where: { adminId: A.id, name: "Child" } })).toBe(0);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).toBeNull();
  });
});

describe("scopes × doors", () => {
  const refused = (scope: string) => ({ code: "scope", message: TEXTS.apiKeys.scopeRefused(scope) });

  it("a read key can GET folders and a gallery but not POST a folder or delete a gallery", async () => {
    const { key } = await newKey(A, ["read"]);
    expect((await call(listFolders, asKey(key, "GET", "/api/folder/folders"))).status).toBe(200);
    expect((await call(getGallery, asKey(key, "GET", `/api/galleries/gallery/${gallery.id}`), { id: gallery.id })).status).toBe(200);
    const post = await call(createFolder, asKey(key, "POST", "/api/folder/folders", { name: "From a read key" }));
    expect([post.status, await post.json()]).toEqual([403, refused("write")]);
    const del = await call(deleteGallery, asKey(key, "DELETE", `/api/galleries/gallery/${gallery.id}`), { id: gallery.id });
    expect([del.status, await del.json()]).toEqual([403, refused("write")]);
    expect(await db.folder.count({ where: { adminId: A.id, name: "From a read key" } })).toBe(0);
    expect(await db.gallery.count({ where: { id: gallery.id } })).toBe(1);
  });

  it("a write key can POST a folder, not read one", async () => {
    const { key } = await newKey(A, ["write"]);
    const post = await call(createFolder, asKey(key, "POST", "/api/folder/folders", { name: "From a write key" }));
    expect(post.status).toBe(201);
    expect(await db.folder.count({ where: { adminId: A.id, name: "From a write key" } })).toBe(1);
    expect((await call(listFolders, asKey(key, "GET", "/api/folder/folders"))).status).toBe(403);
  });

  it("a read key lists the galleries and reads a film; a key without read cannot (issue 59)", async () => {
    const { key } = await newKey(A, ["read"]);
    const list = await call(listGalleries, asKey(key, "GET", "/api/galleries"));
    expect(list.status).toBe(200);
    expect((await list.json()).galleries.map((g: { _id: string }) => g._id)).toContain(gallery.id);
    const film = await call(readVideo, asKey(key, "GET", `/api/videos/${video.id}`), { videoId: video.id });
    expect([film.status, (await film.json()).video.id]).toEqual([200, video.id]);
    const other = await newKey(A, ["write", "uploads", "insights"]);
    const refusedList = await call(listGalleries, asKey(other.key, "GET", "/api/galleries"));
    expect([refusedList.status, await refusedList.json()]).toEqual([403, refused("read")]);
    const refusedFilm = await call(readVideo, asKey(other.key, "GET", `/api/videos/${video.id}`), { videoId: video.id });
    expect([refusedFilm.status, await refusedFilm.json()]).toEqual([403, refused("read")]);
  });

  it("an uploads key can start an upload but not delete a gallery, nor read insights", async () => {
    const { key } = await newKey(A, ["uploads"]);
    const query = new URLSearchParams({ fileName: "film.mp4", fileType: "video/mp4", fileSize: "1000", galleryId: gallery.id });
    const start = await call(startUpload, asKey(key, "POST", `/api/products/start-multipart-upload?${query}`));
    expect(start.status).toBe(200);
    expect(await start.json()).toMatchObject({ uploadId: expect.any(String), fileName: expect.stringContaining(gallery.id) });
    expect((await call(deleteGallery, asKey(key, "DELETE", `/api/galleries/gallery/${gallery.id}`), { id: gallery.id })).status).toBe(403);
    const insights = await call(getInsights, asKey(key, "GET", `/api/galleries/gallery/${gallery.id}/insights`), { id: gallery.id });
    expect([insights.status, await insights.json()]).toEqual([403, refused("insights")]);
  });

  it("an insights key reads insights and nothing else; a read key cannot read insights", async () => {
    const { key } = await newKey(A, ["insights"]);
    const ok = await call(getInsights, asKey(key, "GET", `/api/galleries/gallery/${gallery.id}/insights`), { id: gallery.id });
    expect(ok.status).toBe(200);
    expect((await call(listFolders, asKey(key, "GET", "/api/folder/folders"))).status).toBe(403);
    const read = await newKey(A, ["read"]);
    expect((await call(getInsights, asKey(read.key, "GET", `/api/galleries/gallery/${gallery.id}/insights`), { id: gallery.id })).status).toBe(403);
  });

  it("acts as its studio on an actor door a studio may use (read), and never on a sign-in-only one", async () => {
    const { key } = await newKey(A, ["read", "write"]);
    const me = await call(adminDetails, asKey(key, "GET", "/api/admin/admin-details"));
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(A.email);
    const oracle = await call(validatePassword, asKey(key, "POST", "/api/validate-password", { email: A.email, password: TEST_PASSWORD }));
    expect([oracle.status, await oracle.json()]).toEqual([403, { code: "scope", message: TEXTS.apiKeys.signInOnly }]);
  });

  it("never opens a super admin's door, whatever its scopes: 403", async () => {
    const { key } = await newKey(A, ["read", "write", "uploads", "insights"]);
    const res = await call(allAdmins, asKey(key, "GET", "/api/admin/all-admin"));
    expect([res.status, (await res.json()).code]).toEqual([403, "forbidden"]);
  });
});

describe("a key's life", () => {
  it("is refused on the very next request once revoked (401)", async () => {
    const created = await newKey(A, ["read"]);
    expect((await call(listFolders, asKey(created.key, "GET", "/api/folder/folders"))).status).toBe(200);
    await call(revokeKey, request("DELETE", `/api/keys/${created.id}`, { token: await bearerFor(A) }), { keyId: created.id });
    const after = await call(listFolders, asKey(created.key, "GET", "/api/folder/folders"));
    expect([after.status, await after.json()]).toEqual([401, { code: "unauthorized", message: TEXTS.unauthorized }]);
  });

  it("stops when its studio is switched to Not Active, and is gone with its studio", async () => {
    const studio = await createStudio();
    const { key, id } = await newKey(studio, ["read"]);
    await db.admin.update({ where: { id: studio.id }, data: { status: "NOT_ACTIVE" } });
    expect((await call(listFolders, asKey(key, "GET", "/api/folder/folders"))).status).toBe(401);
    await db.admin.delete({ where: { id: studio.id } });
    expect(await db.apiKey.count({ where: { id } })).toBe(0);
  });

  it("records its last use (time and address), written at most once a minute", async () => {
    const created = await newKey(A, ["read"]);
    await call(listFolders, request("GET", "/api/folder/folders", { token: created.key, from: "203.0.113.7" }));
    const first = await db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(first.lastUsedAddress).toBe("203.0.113.7");
    expect(first.lastUsedAt).toBeInstanceOf(Date);
    await call(listFolders, request("GET", "/api/folder/folders", { token: created.key, from: "203.0.113.8" }));
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAddress).toBe("203.0.113.7");
  });
});

describe("where a key is not a key", () => {
  it("a key in a cookie or the query string is nothing (401)", async () => {
    const { key } = await newKey(A, ["read"]);
    for (const req of [
      request("GET", "/api/folder/folders", { cookie: `next-auth.session-token=${key}` }),
      request("GET", "/api/folder/folders", { cookie: `vidfolio-admin.session-token=${key}; api_key=${key}` }),
      request("GET", `/api/folder/folders?api_key=${key}&access_token=${key}&key=${key}`),
      request("GET", "/api/folder/folders", { headers: { "x-api-key": key } }),
    ]) {
      expect((await call(listFolders, req)).status).toBe(401);
    }
  });

  it("garbled or wrong keys are 401 with the error body, never a 500", async () => {
    const { key, prefix } = await newKey(A, ["read"]);
    const secret = key.slice(prefix.length + 1);
    const wrongSecret = `${prefix}_${secret.startsWith("A") ? "B" : "A"}${secret.slice(1)}`;
    for (const bad of [
      "vf_key_",
      "vf_key_ab12cd34_",
      `${prefix}_`,
      `${prefix}_${secret.slice(1)}`,
      `${key}A`,
      wrongSecret,
      `vf_key_zzzzzzzz_${secret}`,
      `vf_key_${"é".repeat(8)}_${secret}`,
      `vf_key_${"a".repeat(5000)}`,
      key.toUpperCase(),
    ]) {
      const res = await call(listFolders, asKey(bad, "GET", "/api/folder/folders"));
      expect([bad.slice(0, 40), res.status, await res.json()]).toEqual([bad.slice(0, 40), 401, { code: "unauthorized", message: TEXTS.unauthorized }]);
    }
  });

  it("the proxy lets a key's shape through to the doors (which check it), refuses a garbled one, and opens no page for a key", async () => {
    const { key } = await newKey(A, ["read"]);
    expect((await proxy(asKey(key, "GET", "/api/folder/folders"))).headers.get("x-middleware-next")).toBe("1");
    const garbled = await proxy(asKey("vf_key_short", "GET", "/api/folder/folders"));
    expect([garbled.status, await garbled.json()]).toEqual([401, { code: "unauthorized", message: TEXTS.unauthorized }]);
    const page = await proxy(asKey(key, "GET", "/studio/galleries"));
    expect([page.status, new URL(page.headers.get("location")!).pathname]).toEqual([307, "/login"]);
  });

  it("sign-in bearer tokens and cookies keep working as before", async () => {
    expect((await call(listFolders, request("GET", "/api/folder/folders", { token: await bearerFor(A) }))).status).toBe(200);
    expect((await call(listFolders, request("GET", "/api/folder/folders", { cookie: await sessionCookieFor(A) }))).status).toBe(200);
    expect((await call(listKeys, request("GET", "/api/keys", { cookie: await sessionCookieFor(A) }))).status).toBe(200);
    const admin = await createSuperadmin();
    expect((await call(allAdmins, request("GET", "/api/admin/all-admin", { token: await bearerFor(admin) }))).status).toBe(200);
  });
});

describe("isolation", () => {
  it("one studio's key never reaches another studio's rows (404, nothing changed)", async () => {
    const B = await createStudio();
    const { key } = await newKey(B, ["read", "write", "uploads", "insights"]);
    const paths = [
      call(getGallery, asKey(key, "GET", `/api/galleries/gallery/${gallery.id}`), { id: gallery.id }),
      call(getInsights, asKey(key, "GET", `/api/galleries/gallery/${gallery.id}/insights`), { id: gallery.id }),
      call(deleteGallery, asKey(key, "DELETE", `/api/galleries/gallery/${gallery.id}`), { id: gallery.id }),
    ];
    for (const res of await Promise.all(paths)) expect(res.status).toBe(404);
    const query = new URLSearchParams({ fileName: "film.mp4", fileType: "video/mp4", fileSize: "1000", galleryId: gallery.id });
    expect((await call(startUpload, asKey(key, "POST", `/api/products/start-multipart-upload?${query}`))).status).toBe(404);
    const folders = await (await call(listFolders, asKey(key, "GET", "/api/folder/folders"))).json();
    expect(JSON.stringify(folders)).not.toContain(A.id);
    expect(await db.gallery.count({ where: { id: gallery.id } })).toBe(1);
  });
});

describe("at rest", () => {
  it("keeps only the secret's SHA-256: the secret appears nowhere in the database", async () => {
    const created = await newKey(A, ["read"]);
    await call(listFolders, asKey(created.key, "GET", "/api/folder/folders"));
    await afterResponsesSettled();
    const secret = created.key.slice(created.prefix.length + 1);
    const tables = await db.$queryRaw<{ table_name: string }[]>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
    expect(tables.length).toBeGreaterThan(10);
    for (const { table_name } of tables) {
      const [{ n }] = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table_name}" t WHERE t::text LIKE $1`, `%${secret}%`);
      expect([table_name, n]).toEqual([table_name, 0]);
    }
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("rate limit per key", () => {
  it("answers 429 with Retry-After over the limit, for that key only", async () => {
    const limited = await newKey(A, ["read"]);
    const other = await newKey(A, ["read"]);
    const now = Date.now();
    const windowStart = new Date(Math.floor(now / RATE_WINDOW_MS) * RATE_WINDOW_MS);
    await db.rateLimit.create({ data: { key: `api-key:${limited.id}`, windowStart, count: env().API_KEY_RATE_LIMIT_PER_MINUTE } });
    const res = await call(listFolders, asKey(limited.key, "GET", "/api/folder/folders"));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await res.json()).code).toBe("rate_limited");
    // The refusal is counted by the limit, not written to the audit log (a flood must not grow it).
    await afterResponsesSettled();
    expect(await db.auditLog.count({ where: { action: "api_key.use", details: { path: ["keyId"], equals: limited.id } } })).toBe(0);
    expect((await call(listFolders, asKey(other.key, "GET", "/api/folder/folders"))).status).toBe(200);
  });
});

describe("the audit", () => {
  it("writes a row per use (method, path, status) and for creating and revoking a key", async () => {
    const studio = await createStudio();
    const created = await newKey(studio, ["read"]);
    await call(listFolders, request("GET", "/api/folder/folders", { token: created.key, from: "198.51.100.4" }));
    await afterResponsesSettled();
    await call(createFolder, asKey(created.key, "POST", "/api/folder/folders", { name: "Refused" }));
    await afterResponsesSettled();
    await call(revokeKey, request("DELETE", `/api/keys/${created.id}`, { token: await bearerFor(studio) }), { keyId: created.id });
    await call(listFolders, asKey(created.key, "GET", "/api/folder/folders"));
    await afterResponsesSettled();
    const rows = await db.auditLog.findMany({ where: { actorId: studio.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.action, r.details])).toEqual([
      ["api_key.create", { keyId: created.id, name: "Render queue", prefix: created.prefix.replace("vf_key_", ""), scopes: ["read"] }],
      ["api_key.use", { keyId: created.id, method: "GET", path: "/api/folder/folders", status: 200, address: "198.51.100.4" }],
      ["api_key.use", { keyId: created.id, method: "POST", path: "/api/folder/folders", status: 403, address: expect.any(String) }],
      ["api_key.revoke", { keyId: created.id, name: "Render queue", prefix: created.prefix.replace("vf_key_", "") }],
    ]);
    expect(rows.every((r) => r.actorEmail === studio.email && r.targetId === studio.id)).toBe(true);
  });
});
