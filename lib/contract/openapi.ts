// The OpenAPI 3.1 document of the API, generated from the contract (never written by hand): each
// declared door an operation, its schemas by zod 4's own z.toJSONSchema (JSON Schema 2020-12, the
// dialect of OpenAPI 3.1), the error codes as a component and a table, the auth schemes. Served by
// GET /api/openapi.json, rendered at /docs/api. Pure: zod only.
import { z } from "zod";
import { allDoors } from "@/lib/contract";
import { isRawAnswer, isRawBody, type Door } from "@/lib/contract/door";
import { ERROR_STATUS } from "@/lib/error-codes";
import { exampleOf } from "@/lib/contract/examples";
import { EMITTED_EVENTS, webhookEnvelope, webhookEnvelopeExample } from "@/lib/contract/webhook-events";
import { WEBHOOK_EVENTS } from "@/lib/services/platform/rules/webhooks/events";
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from "@/lib/services/platform/rules/webhooks/signature";
import { declaredAnswers } from "@/lib/contract/answers";

type Json = Record<string, unknown>;

const OPENAPI_VERSION = "3.1.0" as const;
export type OpenApiDocument = Json & { openapi: typeof OPENAPI_VERSION; info: Json & { title: string; version: string }; paths: Record<string, Json> };
/** The API's own version: a change a client must adapt to raises it. */
const API_VERSION = "1.0.0";

/** Each tag's description, in the reference's order (a door's tag missing here fails tests/unit/openapi-document.test.ts). */
const TAGS: Record<string, string> = {
  Accounts: "Signing in, the studio's profile, password and settings.",
  "Super admin": "The operator's doors: every studio, plans, sign-in as a studio. Never with an API key.",
  Domains: "A studio's own domain for its galleries.",
  Payments: "The studio's plan and billing (Stripe).",
  "Paid delivery": "Galleries a client pays for before watching or downloading.",
  Customers: "The studio's own customers (its clients): their details, the galleries made for them, a CSV import.",
  Folders: "The studio's folders, each holding galleries.",
  Galleries: "Galleries: what a client is sent, its films, look, access and state.",
  Guests: "A gallery's guests: personal links, invitations, reminders.",
  Insights: "What the studio's viewers watched, downloaded and shared.",
  Activity: "The studio's feed of what happened in its galleries.",
  Films: "The films of a gallery: reading, ordering, replacing, versions, markers.",
  Chapters: "Chapters of a film.",
  Captions: "Caption tracks of a film (WebVTT).",
  Transcripts: "Automatic transcripts: a film's sound transcribed by the server's provider into an automatic caption track, and the studio's switch.",
  Uploads: "Uploading a film's file: multipart, straight to storage (the bytes never pass through the app).",
  Review: "Time-coded comments and approvals of a film's versions.",
  "Export and import": "The studio's whole data as a ZIP, and bringing one back.",
  "API keys": "The studio's API keys. Only with a browser session: a key never makes keys.",
  Webhooks: "The studio's webhook endpoints and their deliveries (see Webhook events for what they receive).",
  "Public gallery": "What a gallery's guests call: the public page, playback, comments, downloads.",
  Platform: "The API itself: health, this document.",
};
/** The tag of the document's `webhooks` (what a studio's endpoints receive). */
const WEBHOOK_TAG = "Webhook events";

function schemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline" }) as Json;
  delete json.$schema;
  return json;
}

const errorRef = { $ref: "#/components/schemas/Error" };

/** The error answers a door may give, by status (lib/contract/answers.ts), each naming the codes it may carry. */
/** An error answer's example message by status (the message is for people; the code is what clients read). */
const ERROR_EXAMPLE_MESSAGE: Record<string, string> = {
  "400": "Name is required.",
  "401": "Sign in to continue.",
  "402": "This gallery opens once it is paid.",
  "403": "You may not do this.",
  "404": "Not found.",
  "409": "This changed meanwhile: read it again.",
  "413": "The request is too large.",
  "429": "Too many requests: try again in a moment.",
  "500": "Something went wrong on our side.",
  "502": "The payment provider did not answer.",
  "503": "The service is starting or busy: try again shortly.",
};

function errorResponses(d: Door): Json {
  return Object.fromEntries(
    Object.entries(declaredAnswers(d).errors).map(([status, list]) => [
      status,
      {
        description: `Error: ${list.map((c) => `\`${c}\``).join(", ")}`,
        ...(Number(status) === 429 ? { headers: { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } } } } : {}),
        content: {
          "application/json": { schema: { allOf: [errorRef, { properties: { code: { enum: list } } }] }, example: { code: list[0], message: ERROR_EXAMPLE_MESSAGE[status] ?? "See the code." } },
        },
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
  if (isRawBody(d.body)) {
    const example = typeof d.example === "string" ? { example: d.example } : {};
    return { required: true, description: d.body.description, content: { [d.body.contentType]: { schema: { type: "string", contentMediaType: d.body.contentType }, ...example } } };
  }
  return { required: true, content: { "application/json": { schema: schemaOf(d.body, "input"), example: bodyExample(d) } } };
}

/** The example of a door's JSON body: its own, or one made from its schema (lib/contract/examples.ts). */
export function bodyExample(d: Door): unknown {
  if (!d.body || isRawBody(d.body)) return undefined;
  return d.example ?? exampleOf(schemaOf(d.body, "input"));
}

/** The example of a door's JSON answer: its own, or one made from its schema. */
export function answerExample(d: Door): unknown {
  if (isRawAnswer(d.answer)) return undefined;
  return d.answerExample ?? exampleOf(schemaOf(d.answer, "output"));
}

/** The success responses with the JSON answer's example beside its schema. */
function withAnswerExample(d: Door, responses: Json): Json {
  const example = answerExample(d);
  if (example === undefined) return responses;
  return Object.fromEntries(
    Object.entries(responses).map(([status, r]) => {
      const content = (r as Json).content as Record<string, Json> | undefined;
      const body = content?.["application/json"];
      return [status, body ? { ...(r as Json), content: { ...content, "application/json": { ...body, example } } } : r];
    }),
  );
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

/** A door's guide, its address made absolute on this app when it is a path. */
const externalDocs = (d: Door, serverUrl: string): Json =>
  d.externalDocs
    ? { externalDocs: { description: d.externalDocs.description, url: d.externalDocs.url.startsWith("/") ? `${serverUrl.replace(/\/+$/, "")}${d.externalDocs.url}` : d.externalDocs.url } }
    : {};

function operation(name: string, d: Door, serverUrl: string): Json {
  const scope = d.scope === "none" ? "Never with an API key." : `API-key scope: \`${d.scope}\`.`;
  const self = d.self ? ` \`${d.self}\` must be the caller's own account id (a super admin may name any; another id is a 404).` : "";
  return {
    operationId: name,
    summary: d.summary,
    description: [d.description, `${WHO[d.who]}${d.who === "public" ? "" : ` ${scope}`}${self}`].filter(Boolean).join("\n\n"),
    tags: [d.tag],
    ...externalDocs(d, serverUrl),
    "x-vidfolio-scope": d.scope,
    security: security(d),
    parameters: parameters(d),
    ...(requestBody(d) ? { requestBody: requestBody(d) } : {}),
    responses: { ...withAnswerExample(d, successResponse(d)), ...errorResponses(d) },
  };
}

/** How a receiver checks a delivery (lib/services/platform/rules/webhooks/signature.ts signs it; docs/examples/webhook-receiver.mjs checks it). */
const VERIFY_SIGNATURE = [
  `Each delivery is a POST of JSON, signed as Stripe signs: \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`, ` +
    `keyed with the endpoint's signing secret (\`whsec_…\`, shown once when the endpoint is made), and \`${EVENT_ID_HEADER}: <event id>\`. To verify:`,
  "1. Read the raw body as it came (before parsing it).\n" +
    "2. Split the header on `,`: `t` is the timestamp; each `v1` a signature (more than one while a secret is being replaced).\n" +
    "3. Compute HMAC-SHA256 of `<t>.<raw body>` with the secret, hex, and compare it with a `v1` in constant time.\n" +
    "4. Refuse a `t` more than 5 minutes from your clock (a replayed delivery).\n" +
    "5. Answer 2xx within 10 s; handle each event id once (a delivery may come more than once).",
  '```js\nimport { createHmac, timingSafeEqual } from "node:crypto";\n' +
    "function verify(rawBody, header, secret) {\n" +
    '  const parts = Object.fromEntries(header.split(",").map((p) => p.trim().split("=")));\n' +
    "  const t = Number(parts.t);\n" +
    '  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "") || Math.abs(Date.now() / 1000 - t) > 300) return false;\n' +
    '  const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest();\n' +
    '  return timingSafeEqual(expected, Buffer.from(parts.v1, "hex"));\n' +
    "}\n```",
  "A whole receiver in plain Node: `docs/examples/webhook-receiver.mjs`. Anything but a 2xx is retried (30 s, doubling, at most an hour apart) for 3 days.",
].join("\n\n");

/** The secret and time the webhooks' example signatures are made with (a receiver may test its check with them, its clock aside). */
const EXAMPLE_SECRET = "whsec_example";
const EXAMPLE_TIME = 1796032800;

/** OpenAPI 3.1 `webhooks`: each emitted event, the POST a studio's endpoint receives (lib/contract/webhook-events.ts). */
function webhooks(): Record<string, Json> {
  const header = (name: string, description: string, example: string) => ({ name, in: "header", required: true, description, schema: { type: "string" }, example });
  return Object.fromEntries(
    EMITTED_EVENTS.map((type) => [
      type,
      {
        post: {
          operationId: `webhookEvents.${type}`,
          summary: WEBHOOK_EVENTS[type].about,
          description: `The \`${type}\` event, sent to each enabled endpoint of the studio that asks for it. Verify its signature first: see the tag *${WEBHOOK_TAG}*.`,
          tags: [WEBHOOK_TAG],
          security: [],
          parameters: [
            header(
              SIGNATURE_HEADER,
              `\`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>\`. The example signs the example body (as sent: \`JSON.stringify\` of it) with the secret \`${EXAMPLE_SECRET}\` at t=${EXAMPLE_TIME}.`,
              signatureHeader(EXAMPLE_SECRET, JSON.stringify(webhookEnvelopeExample(type)), EXAMPLE_TIME),
            ),
            header(EVENT_ID_HEADER, "The event's id, as in the body: handle each once.", webhookEnvelopeExample(type).id),
          ],
          requestBody: { required: true, content: { "application/json": { schema: schemaOf(webhookEnvelope(type), "output"), example: webhookEnvelopeExample(type) } } },
          responses: {
            "200": { description: "Any 2xx within 10 s: delivered. Anything else (another status, a redirect, no answer) is retried for 3 days." },
          },
        },
      },
    ]),
  );
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
    paths[p] = { ...(paths[p] ?? {}), [door.method.toLowerCase()]: operation(name, door, serverUrl) };
  }
  const used = new Set(allDoors().map(({ door }) => door.tag));
  const tags = [
    ...Object.entries(TAGS)
      .filter(([name]) => used.has(name))
      .map(([name, description]) => ({ name, description })),
    ...[...used].filter((name) => !(name in TAGS)).map((name) => ({ name })),
    { name: WEBHOOK_TAG, description: `What a studio's webhook endpoints receive: one POST per event.\n\n${VERIFY_SIGNATURE}` },
  ];
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Vidfolio API",
      version: API_VERSION,
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      contact: { name: "Vidfolio", url: serverUrl.replace(/\/+$/, "") },
      description: [
        "Every door of Vidfolio, generated from its contract (`lib/contract`). Bodies are JSON; every error answer is `{ code, message }` " +
          "with a stable `code` to switch on (never the message). The prose — rate limits, cross-site refusal, request ids, what a view is — is in docs/api.md.",
        "## Authentication",
        "A browser sends its session cookie. Any other client sends `Authorization: Bearer <token>`: a sign-in token from `POST /api/admin/login` " +
          "(12 hours), or a studio API key (`vf_key_…`), told apart by its prefix. A key acts as its studio on the doors its scopes allow " +
          "(`read`, `write`, `uploads`, `insights`; each operation names its own) and never on super-admin doors.",
        "## Webhooks",
        `The events a studio's endpoints receive are under \`webhooks\` (tag *${WEBHOOK_TAG}*): each one's body, its example and the signature headers.`,
        "## Examples",
        "Every JSON body and answer carries an `example`, checked against its schema in the tests.",
        "## Error codes",
        errorCodesTable(),
      ].join("\n\n"),
    },
    servers: [{ url: serverUrl.replace(/\/+$/, ""), description: "This Vidfolio" }],
    tags,
    paths,
    webhooks: webhooks(),
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
