// Bad input, property-based: every route that reads a JSON body or a query string (discovered from
// the files) gets at least 200 malformed inputs from its own rightful caller — wrong types, huge
// strings, unicode, negative and fractional numbers, missing and extra fields, path traversal in
// file names, markup in titles, id-shaped strings that are not UUIDs. Each answer must be a 4xx
// with a JSON { code, message } whose code docs/api.md ("Errors") lists with that status (or a 2xx
// when the input happened to be valid), never a 5xx; and an answer that refuses must leave every row
// and stored object of the caller exactly as it was.
// Then, deterministically, every id in every route's own valid probe (body, query and path) is
// replaced by each id-shaped non-UUID; and next-auth's endpoints get JSON, form and raw bodies.
import fc from "fast-check";
import { createSuperadmin } from "../helpers/factories";
import { bearerFor, bodyText, request } from "../helpers/requests";
import { discoverRoutes, doorsOf, fillPath, loadHandlers, wrapperOf, type Handler, type Method, type RouteFile } from "../helpers/routes";
import { createStudioWithData, segmentValues, type StudioData } from "../helpers/route-fixtures";
import { BODIES, type Probe } from "../helpers/route-bodies";
import { snapshot } from "../helpers/snapshot";
import { runInScope } from "../helpers/request-scope";
import { nextAuth } from "../helpers/next-auth";
import { errorShapeProblem } from "../helpers/error-shape";
import type { Admin } from "@/generated/prisma/client";

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);
jest.setTimeout(120_000);

const RUNS = 200;

/** Strings a loose `[0-9a-f-]{36}` check takes for an id, and other near-ids: none is a UUID. */
const ID_SHAPED = [
  "-".repeat(36),
  "0".repeat(36),
  "f".repeat(36),
  "------------------------------------/------------------------------------",
  "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
  "00000000-0000-0000-0000-0000000000000",
  "0000000-0000-0000-0000-000000000000",
  "{00000000-0000-4000-8000-000000000000}",
  "00000000000040008000000000000000",
  "00000000-0000-4000-8000-00000000000g",
  "ffffffff-ffff-ffff-ffff-ffffffffffff-",
  " 00000000-0000-4000-8000-000000000000",
];
const UUID_IN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
// A door reads input through its declared `query` / `body` (lib/contract, parsed by lib/http/index.ts) or by hand.
const readsInput = (r: RouteFile) => Object.values(doorsOf(r)).some((d) => d.query || d.body) || /parseJson\(|parseWith\(|searchParams|req\.json\(|req\.text\(|formData\(/.test(r.source);
const ALL_ENDPOINTS = discoverRoutes()
  .filter((r) => wrapperOf(r) !== "next-auth")
  .flatMap((r) => (Object.keys(loadHandlers(r)) as Method[]).map((m) => [`${m} ${r.pattern}`, r, m] as const));
const ENDPOINTS = ALL_ENDPOINTS.filter(([, r]) => readsInput(r));

const FIELDS = [
  "name",
  "title",
  "subtitle",
  "email",
  "password",
  "galleryId",
  "folderId",
  "videoId",
  "fileName",
  "uploadId",
  "url",
  "selectedVideoIds",
  "setting",
  "obj",
  "type",
  "credits",
  "sessionId",
  "parts",
  "PartNumber",
  "ETag",
  "Size",
  "imgUrl",
  "videoUrl",
  "musicUrl",
  "thumbnail",
  "cuePoint",
  "customurl",
  "fheading",
  "fbody",
  "templateId",
  "mode",
  "to",
  "subject",
  "html",
  "newPassword",
  "currentPassword",
  "q",
  "page",
  "pageSize",
  "folderPath",
  "fileType",
  "fileSize",
  "partNumber",
  "replaceVideoId",
  "folderName",
  "role",
  "status",
  "socialLinks",
  "domain",
  "domainurl",
];

let A: StudioData;
let B: StudioData;
let superadmin: Admin;
let tokens: { studio: string; superadmin: string };

beforeAll(async () => {
  A = await createStudioWithData();
  B = await createStudioWithData();
  superadmin = await createSuperadmin();
  tokens = { studio: await bearerFor(A.admin), superadmin: await bearerFor(superadmin) };
});

function nasty(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(
      "../../etc/passwd",
      "..%2F..%2Fsecret",
      "/etc/passwd",
      "C:\\Windows\\win.ini",
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      "javascript:alert(1)",
      "\u0000",
      "\u202e\u0000\ud800",
      "😀".repeat(500),
      "x".repeat(70_000),
      "",
      " ",
      "null",
      "NaN",
      "-1",
      "1e309",
      "0x10",
      -1,
      -0.5,
      1.5,
      0,
      2 ** 53,
      -(2 ** 31),
      Number.MIN_VALUE,
      true,
      false,
      null,
      [],
      {},
      [null],
      { $ne: null },
      { __proto__: { admin: true } },
    ),
    fc.constantFrom(...ID_SHAPED),
    fc
      .constantFrom(
        () => `${A.admin.id}/../${B.admin.id}/x.mp4`,
        () => `${B.admin.id}/${B.folder.id}/x.png`,
        () => B.gallery.id,
        () => `${A.admin.id}/assets/../../x`,
      )
      .map((f) => f()),
    fc.string({ maxLength: 300 }),
    fc.string({ unit: "grapheme", maxLength: 80 }),
    fc.integer(),
    fc.double(),
    fc.jsonValue({ maxDepth: 2 }),
  );
}

/** A malformed input: any JSON, the right field names with wrong values, or a known-good probe with one field spoiled. */
function inputFor(route: RouteFile, method: Method): fc.Arbitrary<{ body?: unknown; raw?: string; query: Record<string, string> }> {
  const probes = BODIES[`${method} ${route.pattern}`]?.(A) ?? [{}];
  const spoiled = fc.tuple(fc.constantFrom(...probes), nasty(), fc.nat()).map(([p, v, n]) => {
    const body = p.body && typeof p.body === "object" ? { ...(p.body as Record<string, unknown>) } : {};
    const keys = Object.keys(body);
    if (keys.length) body[keys[n % keys.length]] = v;
    else body[FIELDS[n % FIELDS.length]] = v;
    const query = { ...(p.query ?? {}) };
    const qk = Object.keys(query);
    if (qk.length) query[qk[n % qk.length]] = typeof v === "string" ? v : (JSON.stringify(v) ?? "");
    return { body, query };
  });
  const query = fc.dictionary(
    fc.constantFrom(...FIELDS),
    nasty().map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))),
    { maxKeys: 6 },
  );
  return fc.oneof(
    spoiled,
    fc.record({ body: fc.dictionary(fc.constantFrom(...FIELDS), nasty(), { maxKeys: 6 }), query }),
    fc.record({ body: fc.jsonValue({ maxDepth: 3 }), query }),
    fc.record({ raw: fc.constantFrom("not json", "{", '{"a":', "[1,2", "\u0000", "", "null", "<xml/>"), query }),
  );
}

function actorFor(route: RouteFile) {
  return wrapperOf(route) === "superadmin"
    ? { token: tokens.superadmin, markers: [superadmin.id, A.admin.id, A.folder.id, A.gallery.id] }
    : { token: tokens.studio, markers: [A.admin.id, A.folder.id, A.gallery.id, ...A.videos.map((v) => v.id), A.upload.id] };
}

it("finds the endpoints that read input", () => {
  expect(ENDPOINTS.length).toBeGreaterThan(25);
});

describe.each(ENDPOINTS)("%s", (_name, route, method) => {
  it(`answers ${RUNS} malformed inputs with a clean 4xx, never a 5xx, and changes nothing when it refuses`, async () => {
    const handler = loadHandlers(route)[method] as Handler;
    const params = segmentValues(route, A)[0] ?? {};
    const actor = actorFor(route);
    let accepted = 0;
    let baseline = await snapshot(actor.markers, [A.admin.id]);
    await fc.assert(
      fc.asyncProperty(inputFor(route, method), async (input) => {
        const url = new URL(fillPath(route, params), "http://localhost:3000");
        for (const [k, v] of Object.entries(input.query)) url.searchParams.set(k, v);
        const hasBody = method !== "GET" && method !== "DELETE";
        const req = request(method, url.pathname + url.search, {
          token: actor.token,
          body: hasBody && input.raw === undefined ? input.body : undefined,
          rawBody: hasBody ? input.raw : undefined,
          headers: { "x-real-ip": `100.64.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
        });
        const res = await runInScope(req, () => handler(req, { params: Promise.resolve(params) }));
        const text = await bodyText(res);
        if (res.status >= 500) throw new Error(`${res.status} for ${JSON.stringify(input).slice(0, 300)}: ${text.slice(0, 300)}`);
        const after = await snapshot(actor.markers, [A.admin.id]);
        // A redirect is a door's success too (stream, download): the fuzz may have made the input valid.
        if (res.status < 400) {
          accepted++;
          baseline = after; // the input was valid after all; what it changed is its right
          return;
        }
        const problem = errorShapeProblem(res.status, text);
        if (problem) throw new Error(`${problem} (for ${JSON.stringify(input).slice(0, 200)})`);
        if (after !== baseline) throw new Error(`a refused input (${res.status} ${text.slice(0, 200)}) changed stored data: ${JSON.stringify(input).slice(0, 300)}`);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    // Most random bodies are refused; a body-reading route that accepts most of them is not
    // checking its input. (Routes whose input is only the path or a lenient query may accept.)
    if (BODIES[`${method} ${route.pattern}`]?.(A).some((p) => p.body !== undefined) && method !== "GET") expect(accepted).toBeLessThan(RUNS / 2);
  });
});

/** A route's own valid probe with every id in it (body, query, path) replaced by `fake`. */
function withFakeIds<T>(value: T, fake: string): T {
  return JSON.parse(JSON.stringify(value ?? null).replace(UUID_IN, fake.replace(/["\\]/g, ""))) ?? undefined;
}

describe("id-shaped strings that are not UUIDs, in every id of every route's own probe", () => {
  // Every call that names a row: each real path (an [id] is tried as every kind of row) with the
  // ids in its body and query replaced, and the path's own ids replaced.
  const callsOf = (route: RouteFile, method: Method, fake: string) => {
    const probes = BODIES[`${method} ${route.pattern}`]?.(A) ?? [{}];
    const combos = segmentValues(route, A);
    const namesRow = (v: unknown) => JSON.stringify(v ?? null).match(UUID_IN) !== null;
    const inData = combos.flatMap((params) => probes.filter(namesRow).map((probe) => ({ params, probe: withFakeIds(probe, fake) as Probe, inPath: false })));
    const inPath = namesRow(combos[0]) ? probes.map((probe) => ({ params: withFakeIds(combos[0], fake), probe, inPath: true })) : [];
    return [...inData, ...inPath];
  };
  // Routes that may name a row (a path id, or a probe listed in BODIES); a call naming none is skipped inside.
  const cases = ALL_ENDPOINTS.filter(([, route, method]) => route.segments.length > 0 || BODIES[`${method} ${route.pattern}`] !== undefined);

  it("reach the routes that take ids in the body or the query (delete-file, generate-presigned-url, the background …) and those that take them only in the path", () => {
    const names = cases.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        "POST /api/products/delete-file",
        "POST /api/products/generate-presigned-url",
        "PUT /api/galleries/gallery/[id]/background",
        "DELETE /api/videos/deleteVideo/[videoId]",
        "GET /api/galleries/gallery/[id]",
      ]),
    );
  });

  // A malformed id in the path names nothing that can exist: 404, whatever else the call carries
  // (the door parses the path first, lib/http/index.ts); in a body or a query it is any clean 4xx.
  it.each(cases)("%s answers a clean 4xx (a 404 for a path id) and changes nothing", async (_name, route, method) => {
    const handler = loadHandlers(route)[method] as Handler;
    const actor = actorFor(route);
    const baseline = await snapshot(actor.markers, [A.admin.id]);
    const failures: string[] = [];
    for (const fake of ID_SHAPED) {
      for (const { params, probe, inPath } of callsOf(route, method, fake)) {
        const url = new URL(fillPath(route, params), "http://localhost:3000");
        for (const [k, v] of Object.entries(probe.query ?? {})) url.searchParams.set(k, String(v));
        const hasBody = method !== "GET" && method !== "DELETE";
        const req = request(method, url.pathname + url.search, { token: actor.token, body: hasBody ? (probe.body ?? {}) : undefined });
        const res = await runInScope(req, () => handler(req, { params: Promise.resolve(params) }));
        const text = await bodyText(res);
        const problem = res.status >= 500 || res.status < 400 || (inPath && res.status !== 404) ? `a ${res.status}` : errorShapeProblem(res.status, text);
        if (problem) failures.push(`${problem} for ${JSON.stringify(fake)} in ${fillPath(route, params)} ${JSON.stringify(probe).slice(0, 120)}: ${text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(actor.markers, [A.admin.id])).toBe(baseline);
  });
});

describe("next-auth's endpoints (/api/auth/*) with JSON, form and raw bodies", () => {
  const PATHS = [
    ["callback", "credentials"],
    ["callback", "impersonate"],
    ["callback", "end-impersonation"],
    ["signout"],
    ["session"],
    ["signin", "credentials"],
    ["csrf"],
    ["_log"],
    ["providers"],
    ["callback", "nope"],
  ];
  const SIGN_IN_FIELDS = ["email", "password", "role", "token", "csrfToken", "callbackUrl", "json", "redirect"];

  function bodyFor(): fc.Arbitrary<{ raw: string; type: string }> {
    const value = fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom(...ID_SHAPED, "x".repeat(20_000), "superadmin", "true", "", "\u0000", "<script>"), nasty());
    const fields = fc.dictionary(fc.constantFrom(...SIGN_IN_FIELDS, ...FIELDS), value, { maxKeys: 6 });
    const asString = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
    return fc.oneof(
      fields.map((f) => ({ raw: JSON.stringify(f), type: "application/json" })),
      fields.map((f) => ({ raw: new URLSearchParams(Object.entries(f).map(([k, v]) => [k, asString(v)])).toString(), type: "application/x-www-form-urlencoded" })),
      fc
        .tuple(fc.constantFrom(...SIGN_IN_FIELDS), fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }))
        .map(([k, a, b]) => ({ raw: `${k}=${encodeURIComponent(a)}&${k}=${encodeURIComponent(b)}`, type: "application/x-www-form-urlencoded" })),
      fc.constantFrom("not json", "{", '{"email":', "[1,2]", "null", '"x"', "\u0000", "").map((raw) => ({ raw, type: "application/json" })),
      fc.constantFrom("a=%zz", "&&&", "=x", "email").map((raw) => ({ raw, type: "application/x-www-form-urlencoded" })),
      fc.constantFrom("text/plain", "multipart/form-data; boundary=x", "application/xml", "").map((type) => ({ raw: "email=a%40b.cd&password=x", type })),
    );
  }

  it.each(PATHS.map((p) => [p.join("/"), p]))(`POST /api/auth/%s answers ${RUNS / 2} bodies without a 5xx, and opens no session; every refusal carries a documented code`, async (_name, path) => {
    await fc.assert(
      fc.asyncProperty(bodyFor(), async ({ raw, type }) => {
        const res = await nextAuth("POST", path as string[], { raw: { body: raw, type } });
        const text = await bodyText(res);
        if (res.status >= 500) throw new Error(`${res.status} for ${type} ${raw.slice(0, 200)}: ${text.slice(0, 200)}`);
        if (res.headers.getSetCookie().some((c) => /^next-auth\.session-token=[^;]/.test(c))) throw new Error(`a session opened for ${raw.slice(0, 200)}`);
        const problem = res.status >= 400 ? errorShapeProblem(res.status, text) : null;
        if (problem) throw new Error(`${problem} (for ${type} ${raw.slice(0, 200)})`);
      }),
      { numRuns: RUNS / 2, endOnFailure: true },
    );
  });

  it("an 11 MB JSON body on the sign-in endpoint is a 400 with a message", async () => {
    const res = await nextAuth("POST", ["callback", "credentials"], { raw: { body: JSON.stringify({ email: "a@b.cd", password: "x".repeat(11 * 1024 * 1024) }), type: "application/json" } });
    expect(res.status).toBe(400);
    expect(errorShapeProblem(400, await res.text())).toBeNull();
  });

  it.each(PATHS.map((p) => [p.join("/"), p]))("GET /api/auth/%s: an error answer carries a documented code", async (_name, path) => {
    const res = await nextAuth("GET", path as string[]);
    if (res.status >= 400) expect(errorShapeProblem(res.status, await res.text())).toBeNull();
  });
});
