// The OpenAPI 3.1 document of the API, generated from the contract (never written by hand): each
// declared door an operation, its schemas by zod 4's own z.toJSONSchema (JSON Schema 2020-12, the
// dialect of OpenAPI 3.1), the error codes as a component and a table, the auth schemes. Served by
// GET /api/openapi.json, rendered at /docs/api. Pure: zod only.
import { z } from "zod";
import { allDoors } from "@/lib/contract";
import { isRawAnswer, isRawBody, type Door } from "@/lib/contract/door";
import { ERROR_STATUS } from "@/lib/error-codes";
import { declaredAnswers } from "@/lib/contract/answers";

type Json = Record<string, unknown>;

const OPENAPI_VERSION = "3.1.0" as const;
export type OpenApiDocument = Json & { openapi: typeof OPENAPI_VERSION; info: Json & { title: string; version: string }; paths: Record<string, Json> };
/** The API's own version: a change a client must adapt to raises it. */
const API_VERSION = "1.0.0";

const TAG_ORDER = [
  "Accounts",
  "Super admin",
  "Domains",
  "Payments",
  "Folders",
  "Galleries",
  "Guests",
  "Insights",
  "Activity",
  "Films",
  "Chapters",
  "Captions",
  "Uploads",
  "Export and import",
  "Public gallery",
  "Platform",
];

function schemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline" }) as Json;
  delete json.$schema;
  return json;
}

const errorRef = { $ref: "#/components/schemas/Error" };

/** The error answers a door may give, by status (lib/contract/answers.ts), each naming the codes it may carry. */
function errorResponses(d: Door): Json {
  return Object.fromEntries(
    Object.entries(declaredAnswers(d).errors).map(([status, list]) => [
      status,
      {
        description: `Error: ${list.map((c) => `\`${c}\``).join(", ")}`,
        ...(Number(status) === 429 ? { headers: { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } } } } : {}),
        content: { "application/json": { schema: { allOf: [errorRef, { properties: { code: { enum: list } } }] } } },
      },
    ]),
  );
}

function successResponse(d: Door): Json {
  const a = d.answer;
  const success = declaredAnswers(d).success;
  if (!isRawAnswer(a)) {
    const content = { "application/json": { schema: schemaOf(a, "output") } };
    return Object.fromEntries(Object.entries(success).map(([status, description]) => [status, { description, content }]));
  }
  switch (a.kind) {
    case "redirect":
      return { "302": { description: a.description, headers: { Location: { schema: { type: "string" } } } } };
    case "empty":
      return { "204": { description: a.description } };
    case "next-auth":
      return { "200": { description: a.description } };
    default:
      return { "200": { description: a.description, content: Object.fromEntries([a.contentType ?? "application/octet-stream"].flat().map((type) => [type, { schema: { type: "string" } }])) } };
  }
}

function parameters(d: Door): Json[] {
  const list: Json[] = [];
  const path = d.params ? (schemaOf(d.params, "input").properties as Record<string, Json>) : {};
  for (const m of d.path.matchAll(/:(\w+)(\*)?/g)) {
    list.push({ name: m[1], in: "path", required: true, schema: path[m[1]] ?? { type: "string" }, ...(m[2] ? { description: "The rest of the path (it may hold `/`)." } : {}) });
  }
  if (d.query) {
    const q = schemaOf(d.query, "input");
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties as Record<string, Json>) ?? {})) list.push({ name, in: "query", required: required.has(name), schema });
  }
  if (d.idempotencyKey)
    list.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "A retry with the same key applies once (1 to 255 visible ASCII characters).",
      schema: { type: "string", minLength: 1, maxLength: 255 },
    });
  return list;
}

function requestBody(d: Door): Json | undefined {
  if (!d.body) return undefined;
  if (isRawBody(d.body)) return { required: true, description: d.body.description, content: { [d.body.contentType]: { schema: { type: "string", contentMediaType: d.body.contentType } } } };
  return { required: true, content: { "application/json": { schema: schemaOf(d.body, "input"), ...(d.example === undefined ? {} : { example: d.example }) } } };
}

function security(d: Door): Json[] {
  if (d.who === "public") return [];
  const schemes: Json[] = [{ bearerToken: [] }];
  if (d.who !== "superadmin") schemes.unshift({ studioSession: [] });
  if (d.who !== "studio") schemes.push({ superadminSession: [] });
  if (d.scope !== "none" && d.who !== "superadmin") schemes.push({ apiKey: [d.scope] });
  return schemes;
}

const WHO: Record<Door["who"], string> = {
  public: "Public: no sign-in.",
  actor: "Any signed-in account.",
  studio: "A studio (a super admin gets 403).",
  superadmin: "A super admin (a studio gets 403).",
};

function operation(name: string, d: Door): Json {
  const scope = d.scope === "none" ? "Never with an API key." : `API-key scope: \`${d.scope}\`.`;
  const self = d.self ? ` \`${d.self}\` must be the caller's own account id (a super admin may name any; another id is a 404).` : "";
  return {
    operationId: name,
    summary: d.summary,
    description: [d.description, `${WHO[d.who]}${d.who === "public" ? "" : ` ${scope}`}${self}`].filter(Boolean).join("\n\n"),
    tags: [d.tag],
    "x-vidfolio-scope": d.scope,
    security: security(d),
    parameters: parameters(d),
    ...(requestBody(d) ? { requestBody: requestBody(d) } : {}),
    responses: { ...successResponse(d), ...errorResponses(d) },
  };
}

/** The table of error codes, as the document's description shows it. */
function errorCodesTable(): string {
  const rows = Object.entries(ERROR_STATUS).map(([code, status]) => `| \`${code}\` | ${status} |`);
  return ["| code | status |", "| --- | --- |", ...rows].join("\n");
}

/** The whole document; `serverUrl` is the app's public address (APP_URL). */
export function openApiDocument(serverUrl: string): OpenApiDocument {
  const paths: Record<string, Json> = {};
  for (const { name, door } of allDoors()) {
    const p = door.path.replace(/:(\w+)\*?/g, "{$1}");
    paths[p] = { ...(paths[p] ?? {}), [door.method.toLowerCase()]: operation(name, door) };
  }
  const tags = [...new Set(allDoors().map(({ door }) => door.tag))].sort((a, b) => TAG_ORDER.indexOf(a) - TAG_ORDER.indexOf(b)).map((name) => ({ name }));
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Vidfolio API",
      version: API_VERSION,
      description: [
        "Every door of Vidfolio, generated from its contract (`lib/contract`). Bodies are JSON; every error answer is `{ code, message }` " +
          "with a stable `code` to switch on (never the message). The prose — rate limits, cross-site refusal, request ids, what a view is — is in docs/api.md.",
        "## Authentication",
        "A browser sends its session cookie. Any other client sends `Authorization: Bearer <token>`: a sign-in token from `POST /api/admin/login` " +
          "(12 hours), or a studio API key (`vf_key_…`), told apart by its prefix. A key acts as its studio on the doors its scopes allow " +
          "(`read`, `write`, `uploads`, `insights`; each operation names its own) and never on super-admin doors.",
        "## Error codes",
        errorCodesTable(),
      ].join("\n\n"),
    },
    servers: [{ url: serverUrl.replace(/\/+$/, ""), description: "This Vidfolio" }],
    tags,
    paths,
    components: {
      schemas: {
        Error: {
          type: "object",
          required: ["code", "message"],
          properties: { code: { type: "string", enum: Object.keys(ERROR_STATUS) }, message: { type: "string", description: "For people; may be reworded." } },
          example: { code: "not_found", message: "Not found." },
        },
      },
      securitySchemes: {
        studioSession: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "A studio's browser session (next-auth)." },
        superadminSession: { type: "apiKey", in: "cookie", name: "vidfolio-admin.session-token", description: "A super admin's browser session (next-auth)." },
        bearerToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A sign-in token from POST /api/admin/login." },
        apiKey: { type: "http", scheme: "bearer", bearerFormat: "vf_key_…", description: "A studio API key (Account → API); its scopes limit the doors it opens." },
      },
    },
  };
}
