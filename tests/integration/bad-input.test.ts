// Bad input, property-based: every route that reads a JSON body or a query string (discovered from
// the files) gets at least 200 malformed inputs from its own rightful caller — wrong types, huge
// strings, unicode, negative and fractional numbers, missing and extra fields, path traversal in
// file names, markup in titles. Each answer must be a 4xx with a JSON { message } string (or a
// 2xx when the input happened to be valid), never a 5xx; and an answer that refuses must leave
// every row and stored object of the caller exactly as it was.
import fc from "fast-check";
import { createSuperadmin } from "../helpers/factories";
import { bearerFor, request } from "../helpers/requests";
import { discoverRoutes, fillPath, loadHandlers, wrapperOf, type Handler, type Method, type RouteFile } from "../helpers/routes";
import { createStudioWithData, segmentValues, type StudioData } from "../helpers/route-fixtures";
import { BODIES } from "../helpers/route-bodies";
import { snapshot } from "../helpers/snapshot";
import { runInScope } from "../helpers/request-scope";
import type { Admin } from "@/generated/prisma/client";

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);
jest.setTimeout(120_000);

const RUNS = 200;
const readsInput = (r: RouteFile) => /parseJson\(|parseWith\(|searchParams|req\.json\(|req\.text\(|formData\(/.test(r.source);
const ENDPOINTS = discoverRoutes()
  .filter((r) => readsInput(r) && wrapperOf(r) !== "next-auth")
  .flatMap((r) => (Object.keys(loadHandlers(r)) as Method[]).map((m) => [`${m} ${r.pattern}`, r, m] as const));

const FIELDS = [
  "name", "title", "subtitle", "email", "password", "galleryId", "folderId", "videoId", "fileName", "uploadId", "url", "selectedVideoIds",
  "setting", "obj", "type", "credits", "sessionId", "parts", "PartNumber", "ETag", "Size", "imgUrl", "videoUrl", "musicUrl", "thumbnail",
  "cuePoint", "customurl", "fheading", "fbody", "templateId", "mode", "to", "subject", "html", "newPassword", "currentPassword", "q",
  "page", "pageSize", "folderPath", "fileType", "fileSize", "partNumber", "replaceVideoId", "folderName", "role", "status", "socialLinks", "domain", "domainurl",
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
      "../../etc/passwd", "..%2F..%2Fsecret", "/etc/passwd", "C:\\Windows\\win.ini", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
      "javascript:alert(1)", "\u0000", "\u202e\u0000\ud800", "😀".repeat(500), "x".repeat(70_000), "", " ", "null", "NaN", "-1", "1e309", "0x10",
      -1, -0.5, 1.5, 0, 2 ** 53, -(2 ** 31), Number.MIN_VALUE, true, false, null, [], {}, [null], { $ne: null }, { __proto__: { admin: true } },
    ),
    fc.constantFrom(() => `${A.admin.id}/../${B.admin.id}/x.mp4`, () => `${B.admin.id}/${B.folder.id}/x.png`, () => B.gallery.id, () => `${A.admin.id}/assets/../../x`).map((f) => f()),
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
    if (qk.length) query[qk[n % qk.length]] = typeof v === "string" ? v : JSON.stringify(v) ?? "";
    return { body, query };
  });
  const query = fc.dictionary(fc.constantFrom(...FIELDS), nasty().map((v) => (typeof v === "string" ? v : JSON.stringify(v) ?? "")), { maxKeys: 6 });
  return fc.oneof(
    spoiled,
    fc.record({ body: fc.dictionary(fc.constantFrom(...FIELDS), nasty(), { maxKeys: 6 }), query }),
    fc.record({ body: fc.jsonValue({ maxDepth: 3 }), query }),
    fc.record({ raw: fc.constantFrom("not json", "{", '{"a":', "[1,2", "\u0000", "", "null", "<xml/>"), query }),
  );
}

function actorFor(route: RouteFile) {
  return wrapperOf(route) === "superadmin" ? { token: tokens.superadmin, markers: [superadmin.id, A.admin.id, A.folder.id, A.gallery.id] } : { token: tokens.studio, markers: [A.admin.id, A.folder.id, A.gallery.id, ...A.videos.map((v) => v.id), A.upload.id] };
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
        const text = await res.text();
        if (res.status >= 500) throw new Error(`${res.status} for ${JSON.stringify(input).slice(0, 300)}: ${text.slice(0, 300)}`);
        const after = await snapshot(actor.markers, [A.admin.id]);
        if (res.status < 300) {
          accepted++;
          baseline = after; // the input was valid after all; what it changed is its right
          return;
        }
        let message: unknown;
        try {
          message = JSON.parse(text).message;
        } catch {
          /* checked below */
        }
        if (typeof message !== "string" || message.length === 0) throw new Error(`${res.status} without a JSON { message } for ${JSON.stringify(input).slice(0, 200)}: ${text.slice(0, 200)}`);
        if (after !== baseline) throw new Error(`a refused input (${res.status} ${message}) changed stored data: ${JSON.stringify(input).slice(0, 300)}`);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    // Most random bodies are refused; a body-reading route that accepts most of them is not
    // checking its input. (Routes whose input is only the path or a lenient query may accept.)
    if (BODIES[`${method} ${route.pattern}`]?.(A).some((p) => p.body !== undefined) && method !== "GET") expect(accepted).toBeLessThan(RUNS / 2);
  });
});
