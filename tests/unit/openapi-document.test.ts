// The OpenAPI document (lib/contract/openapi.ts), issue 59 items 1 and 3: the webhooks every
// emitted event is delivered as, each with its example; an example on every JSON body and answer,
// parsed with the door's own zod schema; and the document hygiene Redocly's recommended rules and
// Spectral's OAS rules ask for, checked here directly (the linters are not installed in CI).
import type { z } from "zod";
import { allDoors } from "@/lib/contract";
import { isRawAnswer, isRawBody } from "@/lib/contract/door";
import { answerExample, bodyExample, openApiDocument } from "@/lib/contract/openapi";
import { EMITTED_EVENTS, WEBHOOK_OBJECTS, webhookEnvelope, webhookEnvelopeExample } from "@/lib/contract/webhook-events";
import { WEBHOOK_EVENTS, type WebhookEventType } from "@/lib/services/platform/rules/webhooks/events";
import { SIGNATURE_HEADER, signatureHeader, verifySignature } from "@/lib/services/platform/rules/webhooks/signature";

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; summary?: string; tags?: string[]; parameters?: { name: string; in: string }[]; responses: Record<string, Json>; requestBody?: Json };

const APP_URL = "https://films.vidfolio.test/";
const doc = openApiDocument(APP_URL) as unknown as {
  info: Json & { license?: Json; contact?: Json; description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};
const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
const webhookOps = Object.entries(doc.webhooks).map(([name, w]) => ({ path: name, method: "post", op: w.post }));
const everyOp = [...operations, ...webhookOps];

/** The zod issues of `example` against `schema`, as one line, or null when it parses. */
const issuesOf = (schema: z.ZodType, example: unknown) => {
  const r = schema.safeParse(example);
  return r.success ? null : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
};

describe("webhooks (item 1)", () => {
  it("lists every emitted event, and no other", () => {
    const emitted = (Object.keys(WEBHOOK_EVENTS) as WebhookEventType[]).filter((t) => WEBHOOK_EVENTS[t].emitted);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...emitted].sort());
    expect([...EMITTED_EVENTS].sort()).toEqual([...emitted].sort());
    // An emitted event without its declared object would fail here (and at compile time: WEBHOOK_OBJECTS `satisfies`).
    for (const type of emitted) expect(WEBHOOK_OBJECTS[type as keyof typeof WEBHOOK_OBJECTS]).toBeDefined();
  });

  it("gives each event its body's schema, an example that parses with it, and the signature headers", () => {
    const wrong: string[] = [];
    for (const type of EMITTED_EVENTS) {
      const op = doc.webhooks[type].post;
      const content = (op.requestBody as { content: Record<string, { schema: Json; example: unknown }> }).content["application/json"];
      expect(content.example).toEqual(webhookEnvelopeExample(type));
      const issues = issuesOf(webhookEnvelope(type), content.example);
      if (issues) wrong.push(`${type}: ${issues}`);
      expect((content.schema.properties as Json).type).toMatchObject({ const: type });
      expect(op.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual([`header:${SIGNATURE_HEADER}`, "header:Vidfolio-Event-Id"]);
      expect(op.summary).toBe(WEBHOOK_EVENTS[type].about);
      // The header's example signs the body's example (secret whsec_example, as its description says).
      const signed = (op.parameters as unknown as { name: string; example: string }[])[0].example;
      expect(verifySignature("whsec_example", JSON.stringify(content.example), signed, Number(/t=(\d+)/.exec(signed)![1])).ok).toBe(true);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses an example of the wrong shape (the check has teeth)", () => {
    const bad = { ...webhookEnvelopeExample("guest.watched"), data: { object: { ...WEBHOOK_OBJECTS["guest.watched"].example, watchedPercent: "97" } } };
    expect(issuesOf(webhookEnvelope("guest.watched"), bad)).toMatch(/watchedPercent/);
    expect(issuesOf(webhookEnvelope("film.ready"), webhookEnvelopeExample("film.failed"))).toMatch(/type/);
  });

  it("says how to verify the signature, and the way it says works with the app's own signature", async () => {
    const tag = doc.tags.find((t) => t.name === "Webhook events")!;
    expect(tag.description).toContain(`${SIGNATURE_HEADER}: t=<unix seconds>,v1=`);
    expect(tag.description).toContain("docs/examples/webhook-receiver.mjs");
    // The snippet in the description, run: it accepts what the app signs and refuses a changed body.
    const code = /```js\n([\s\S]*?)```/.exec(tag.description!)![1].replace(/^import .*\n/, "");
    const { createHmac, timingSafeEqual } = await import("node:crypto");
    const verify = new Function("createHmac", "timingSafeEqual", `${code}; return verify;`)(createHmac, timingSafeEqual) as (b: string, h: string, s: string) => boolean;
    const body = JSON.stringify(webhookEnvelopeExample("film.ready"));
    const header = signatureHeader("whsec_test", body, Math.floor(Date.now() / 1000));
    expect(verifySignature("whsec_test", body, header, Math.floor(Date.now() / 1000)).ok).toBe(true);
    expect(verify(body, header, "whsec_test")).toBe(true);
    expect(verify(`${body} `, header, "whsec_test")).toBe(false);
  });
});

describe("examples everywhere (item 2)", () => {
  const doors = allDoors();

  it("puts an example on every JSON request body and every JSON answer of the document", () => {
    const missing: string[] = [];
    for (const { op, path, method } of everyOp) {
      const body = (op.requestBody?.content as Record<string, Json> | undefined)?.["application/json"];
      if (body && body.example === undefined) missing.push(`${method} ${path} body`);
      for (const [status, r] of Object.entries(op.responses)) {
        const json = (r.content as Record<string, Json> | undefined)?.["application/json"];
        if (json && json.example === undefined && !(json.schema as Json).$ref) missing.push(`${method} ${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("checks each body's example with the door's body schema", () => {
    const wrong = doors
      .filter(({ door }) => door.body && !isRawBody(door.body))
      .map(({ name, door }) => [name, issuesOf(door.body as z.ZodType, bodyExample(door))] as const)
      .filter(([, issues]) => issues !== null);
    expect(wrong).toEqual([]);
  });

  it("checks each JSON answer's example with the door's answer schema", () => {
    const wrong = doors
      .filter(({ door }) => !isRawAnswer(door.answer))
      .map(({ name, door }) => [name, issuesOf(door.answer as z.ZodType, answerExample(door))] as const)
      .filter(([, issues]) => issues !== null);
    expect(wrong).toEqual([]);
  });

  it("shows the example in the document as the door declares it", () => {
    const op = doc.paths["/api/folder/folders/{id}"].put;
    const { door } = doors.find(({ name }) => name === "folders.rename")!;
    expect((op.requestBody as { content: Record<string, Json> }).content["application/json"].example).toEqual(bodyExample(door));
    expect((op.responses["200"].content as Record<string, Json>)["application/json"].example).toEqual(answerExample(door));
  });
});

describe("document hygiene (item 3): Redocly recommended and Spectral OAS rules, checked directly", () => {
  it("info-license, info-license-strict (url or SPDX identifier), info-contact, info-description", () => {
    expect(doc.info.license).toMatchObject({ name: expect.any(String) });
    expect(doc.info.license!.identifier ?? doc.info.license!.url).toBeTruthy();
    expect(doc.info.contact).toMatchObject({ url: "https://films.vidfolio.test" });
    expect(doc.info.description.length).toBeGreaterThan(0);
  });

  it("no-empty-servers, no-server-trailing-slash, servers from APP_URL", () => {
    expect(doc.servers.map((s) => s.url)).toEqual(["https://films.vidfolio.test"]);
    expect(doc.servers.every((s) => !s.url.endsWith("/"))).toBe(true);
  });

  it("tag-description, operation-tag-defined, operation-tags, openapi-tags", () => {
    const declared = new Set(doc.tags.map((t) => t.name));
    expect(doc.tags.filter((t) => !t.description?.trim()).map((t) => t.name)).toEqual([]);
    expect(declared.size).toBe(doc.tags.length);
    const used = new Set(everyOp.flatMap(({ op }) => op.tags ?? []));
    expect(everyOp.filter(({ op }) => !op.tags?.length).map(({ path }) => path)).toEqual([]);
    expect([...used].filter((t) => !declared.has(t))).toEqual([]);
    expect([...declared].filter((t) => !used.has(t))).toEqual([]);
  });

  it("operation-operationId, operation-operationId-unique, operation-operationId-url-safe, operation-summary", () => {
    const ids = everyOp.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^[A-Za-z0-9\-._~]+$/.test(id!))).toEqual([]);
    expect(everyOp.filter(({ op }) => !op.summary?.trim()).map(({ op }) => op.operationId)).toEqual([]);
  });

  it("operation-success-response (a 2xx, or a 3xx for a redirect), operation-4xx-response", () => {
    expect(everyOp.filter(({ op }) => !Object.keys(op.responses).some((s) => /^[23]/.test(s))).map(({ op }) => op.operationId)).toEqual([]);
    // A public GET that takes no query or body (next-auth's own catch-all aside) has no client error of
    // ours to declare: these three are the documented exceptions to Redocly's operation-4xx-response (a warning).
    const no4xx = operations.filter(({ op }) => !Object.keys(op.responses).some((s) => /^4/.test(s))).map(({ op }) => op.operationId);
    expect(no4xx.sort()).toEqual(["accounts.nextAuthGet", "platform.health", "platform.openapi"]);
    for (const { op } of operations.filter(({ op }) => no4xx.includes(op.operationId)))
      expect({ security: op.security, query: op.parameters?.filter((p) => p.in === "query"), body: op.requestBody }).toEqual({ security: [], query: [], body: undefined });
  });

  it("path-parameters-defined, path-params, operation-parameters-unique, no-path-trailing-slash, path-not-include-query", () => {
    const wrong: string[] = [];
    for (const { path, op } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p) => p.in === "path")
        .map((p) => p.name)
        .sort();
      if (JSON.stringify(inPath) !== JSON.stringify(declared)) wrong.push(`${op.operationId}: path ${inPath} vs declared ${declared}`);
      const keys = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      if (new Set(keys).size !== keys.length) wrong.push(`${op.operationId}: repeated parameter`);
      if (path.length > 1 && path.endsWith("/")) wrong.push(`${path}: trailing slash`);
      if (path.includes("?")) wrong.push(`${path}: query in path`);
    }
    expect(wrong).toEqual([]);
  });

  it("no-identical-paths / no-ambiguous-paths: no two paths that differ only in their parameters' names", () => {
    const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{\w+\}/g, "{}"));
    expect(shapes.filter((s, i) => shapes.indexOf(s) !== i)).toEqual([]);
  });

  it("security-defined (oas3-operation-security-defined): every scheme an operation names is declared", () => {
    const schemes = new Set(Object.keys(doc.components.securitySchemes));
    const named = everyOp.flatMap(({ op }) => ((op.security as Json[] | undefined) ?? []).flatMap((s) => Object.keys(s)));
    expect(named.filter((n) => !schemes.has(n))).toEqual([]);
  });

  it("no-unused-components (oas3-unused-component): every component schema is referenced", () => {
    const text = JSON.stringify({ ...doc, components: { ...doc.components, schemas: {} } });
    const unused = Object.keys(doc.components.schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    expect(unused).toEqual([]);
  });
});
