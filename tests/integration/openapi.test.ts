// GET /api/openapi.json (issue 38 item 2): the OpenAPI 3.1 document generated from the contract is
// valid by an OpenAPI validator (@seriousme/openapi-schema-validator, the 3.1 schema), lists every
// declared door with its auth, scope and error codes, and answers without sign-in.
import { Validator } from "@seriousme/openapi-schema-validator";
import { GET } from "@/app/api/openapi.json/route";
import { allDoors, doors } from "@/lib/contract";
import { ERROR_STATUS } from "@/lib/error-codes";
import { call, request } from "../helpers/requests";

type Operation = {
  operationId: string;
  summary: string;
  parameters?: { name: string; in: string; schema?: { enum?: string[] } }[];
  security: Record<string, string[]>[];
  responses: Record<string, unknown>;
  tags: string[];
  "x-vidfolio-scope": string;
};
type Doc = { openapi: string; info: { description: string }; servers: { url: string }[]; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

let doc: Doc;

beforeAll(async () => {
  const res = await call(GET, request("GET", "/api/openapi.json"));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  doc = (await res.json()) as Doc;
});

const operationOf = (path: string, method: string) => doc.paths[path.replace(/:(\w+)\*?/g, "{$1}")]?.[method.toLowerCase()];

it("is a valid OpenAPI 3.1 document", async () => {
  const result = await new Validator().validate(doc as unknown as Parameters<Validator["validate"]>[0]);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.servers[0].url).toMatch(/^https?:\/\//);
});

it("has every declared door as an operation, named after its declaration", () => {
  const missing = allDoors()
    .filter(({ name, door }) => operationOf(door.path, door.method)?.operationId !== name)
    .map(({ name }) => name);
  expect(missing).toEqual([]);
  const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
  expect(operations).toHaveLength(allDoors().length);
  expect(operationOf("/api/folder/folders/:id", "PUT")).toMatchObject({ summary: doors.folders.rename.summary, tags: ["Folders"] });
});

it("says who may call each door: public none, super admin never by API key, the key's scope", () => {
  expect(operationOf("/api/health", "GET")!.security).toEqual([]);
  const superOnly = operationOf("/api/admin/all-admin", "GET")!;
  expect(superOnly.security.some((s) => "apiKey" in s)).toBe(false);
  expect(superOnly["x-vidfolio-scope"]).toBe("none");
  expect(operationOf("/api/products/start-multipart-upload", "POST")!.security).toContainEqual({ apiKey: ["uploads"] });
  expect(operationOf("/api/folder/folders", "GET")!.security).toContainEqual({ apiKey: ["read"] });
  // The reads of issue 59: a read key lists the galleries and reads one film.
  expect(operationOf("/api/galleries", "GET")!.security).toContainEqual({ apiKey: ["read"] });
  expect(operationOf("/api/videos/:videoId", "GET")!.security).toContainEqual({ apiKey: ["read"] });
  expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["apiKey", "bearerToken", "studioSession", "superadminSession"]);
});

it("carries the error codes: the table, and each door's own", () => {
  for (const [code, status] of Object.entries(ERROR_STATUS)) expect(doc.info.description).toContain(`| \`${code}\` | ${status} |`);
  const unlock = operationOf("/api/public/galleries/:slug/unlock", "POST")!;
  expect(unlock.responses["403"]).toMatchObject({ description: expect.stringContaining("wrong_password") });
  expect(unlock.responses["429"]).toBeDefined();
});

type ErrorAnswer = { content: { "application/json": { schema: { allOf: [unknown, { properties: { code: { enum: string[] } } }] } } } };
const codesOf = (op: Operation, status: number) => (op.responses[String(status)] as ErrorAnswer | undefined)?.content["application/json"].schema.allOf[1].properties.code.enum;

it("declares every answer (issue 59): `scope` and 429 wherever a key reaches, 200 beside 201 on a repeat, each error status with its codes", () => {
  const keyDoors = allDoors().filter(({ door }) => door.who === "studio" || door.who === "actor");
  expect(keyDoors.filter(({ door }) => !codesOf(operationOf(door.path, door.method)!, 403)?.includes("scope")).map(({ name }) => name)).toEqual([]);
  expect(keyDoors.filter(({ door }) => !codesOf(operationOf(door.path, door.method)!, 429)?.includes("rate_limited")).map(({ name }) => name)).toEqual([]);
  // A super admin's door refuses a key by its role, never by a scope.
  expect(codesOf(operationOf("/api/admin/all-admin", "GET")!, 403)).toEqual(["forbidden"]);
  expect(codesOf(operationOf("/api/health", "GET")!, 429)).toBeUndefined();
  const comment = operationOf("/api/videos/comments/:videoId", "POST")!;
  expect(Object.keys(comment.responses).filter((s) => s < "300")).toEqual(["200", "201"]);
  expect(codesOf(comment, 409)).toEqual(["conflict", "idempotency_key_reused"]);
  expect(codesOf(comment, 400)).toEqual(["validation"]);
  expect(comment.responses["429"]).toMatchObject({ headers: { "Retry-After": expect.anything() } });
  expect(operationOf("/api/admin/update-plan/:adminId", "PUT")!.parameters).toContainEqual(expect.objectContaining({ name: "Idempotency-Key", in: "header", required: false }));
});

it("declares itself, public", () => {
  expect(doors.platform.openapi.who).toBe("public");
  expect(operationOf("/api/openapi.json", "GET")).toBeDefined();
});

it("documents the galleries list's query: folder, status (the cards' chips), cursor and limit", () => {
  const params = operationOf("/api/galleries", "GET")!.parameters ?? [];
  expect(
    params
      .filter((p) => p.in === "query")
      .map((p) => p.name)
      .sort(),
  ).toEqual(["cursor", "folderId", "limit", "status"]);
  expect(params.find((p) => p.name === "status")!.schema!.enum).toEqual(["all", "awaiting", "paid", "review", "changes", "approved", "expiring"]);
});

it("describes the upload flows and links their guide from every film upload operation", () => {
  const guided = ["startSimple", "start", "partUrl", "recordPart", "listParts", "complete", "unfinished", "resume", "abort"] as const;
  for (const name of guided) {
    const d = doors.uploads[name];
    const op = operationOf(d.path, d.method) as Operation & { description: string; externalDocs?: { url: string; description: string } };
    expect(op.externalDocs?.url).toBe(`${doc.servers[0].url}/docs/api#tag/Uploads/operation/uploads.startSimple`);
  }
  const simple = operationOf("/api/uploads/simple", "POST") as Operation & { description: string };
  expect(simple["x-vidfolio-scope"]).toBe("uploads");
  // Start, the PUT of the whole file or of each part, the ETag with its quotes, complete, abort, resume.
  for (const words of ["POST /api/uploads/simple", "PUT", "quotes included", "complete-multipart-upload", "abort-multipart-upload", "POST /api/uploads/resume"])
    expect(simple.description).toContain(words);
  expect((operationOf("/api/products/start-multipart-upload", "POST") as Operation & { description: string }).description).toContain("quotes included");
});
