/**
 * Webhooks an integration can own and test (issue 59.6):
 * - a key with the `webhooks` scope lists, subscribes, changes and unsubscribes the studio's
 *   endpoints (REST hooks), each change audited as a person's, naming the key; a key without it 403 `scope`;
 * - "Send test event" (POST /api/webhooks/:endpointId/test): one signed webhook.test to that endpoint
 *   only, answered with how it went; a failure is not retried and does not make the endpoint failing;
 * - one delivery's detail: the body sent and each attempt's request (address, signed headers) and answer
 *   (status, first bytes);
 * - the local forwarder (`npm run webhooks:listen`, scripts/webhooks-listen.mjs) over GET
 *   /api/webhooks/listen: the studio's events re-posted, signed as sent, to a local address; events are
 *   written for a listener only while one listens; a revoked key ends it.
 */
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { db } from "@/lib/db";
import { POST as createKey } from "@/app/api/keys/route";
import { DELETE as revokeKey } from "@/app/api/keys/[keyId]/route";
import { GET as list, POST as create } from "@/app/api/webhooks/route";
import { DELETE as remove, PATCH as update } from "@/app/api/webhooks/[endpointId]/route";
import { POST as test } from "@/app/api/webhooks/[endpointId]/test/route";
import { GET as detail } from "@/app/api/webhooks/[endpointId]/deliveries/[deliveryId]/route";
import { GET as listen } from "@/app/api/webhooks/listen/route";
import { emitEvent } from "@/lib/services/platform/webhooks/publish";
import { attemptDelivery } from "@/lib/services/platform/webhooks/deliver";
import { verifySignature } from "@/lib/services/platform/rules/webhooks/signature";
import { TEXTS } from "@/lib/texts";
import type { ApiScope } from "@/lib/services/platform/rules/api-scopes";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { serveDoors } from "../helpers/serve-doors";
import { receiverForFile } from "../helpers/webhook-receiver";

type Studio = Awaited<ReturnType<typeof createStudio>>;
const film = (id: string, title = "First dance") => ({ id, title, galleryId: null, status: "READY" as const, durationSec: 60, failureCode: null, failureReason: null });

const receiver = receiverForFile();

async function keyFor(studio: Studio, scopes: ApiScope[], name = "Zap"): Promise<{ id: string; key: string }> {
  const res = await call(createKey, request("POST", "/api/keys", { token: await bearerFor(studio), body: { name, scopes } }));
  expect(res.status).toBe(201);
  return (await res.json()).key;
}

async function endpointFor(studio: Studio, url = receiver().url) {
  const res = await call(create, request("POST", "/api/webhooks", { token: await bearerFor(studio), body: { url, events: ["film.ready"] } }));
  expect(res.status).toBe(201);
  return (await res.json()).endpoint as { id: string; secret: string };
}

describe("a key with the webhooks scope (REST hooks)", () => {
  it("subscribes, lists, changes and unsubscribes the studio's endpoints; each change audited with the key", async () => {
    const studio = await createStudio();
    const { id: keyId, key } = await keyFor(studio, ["webhooks"]);
    const made = await call(create, request("POST", "/api/webhooks", { token: key, body: { url: "https://hooks.zap.example/1", events: ["film.ready"] } }));
    expect(made.status).toBe(201);
    const { endpoint } = await made.json();
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = await (await call(list, request("GET", "/api/webhooks", { token: key }))).json();
    expect(listed.endpoints.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    const changed = await call(update, request("PATCH", "/x", { token: key, body: { events: ["film.ready", "film.failed"] } }), { endpointId: endpoint.id });
    expect(changed.status).toBe(200);
    expect((await changed.json()).endpoint.events).toEqual(["film.ready", "film.failed"]);
    expect((await call(remove, request("DELETE", "/x", { token: key }), { endpointId: endpoint.id })).status).toBe(200);
    expect(await db.webhookEndpoint.count({ where: { adminId: studio.id } })).toBe(0);

    const log = await db.auditLog.findMany({ where: { actorId: studio.id, action: { startsWith: "webhook." } }, orderBy: { createdAt: "asc" } });
    expect(log.map((l) => l.action)).toEqual(["webhook.create", "webhook.update", "webhook.delete"]);
    for (const l of log) expect(l.details).toMatchObject({ endpointId: endpoint.id, keyId });
    expect(log[0].details).toMatchObject({ url: "https://hooks.zap.example/1", events: ["film.ready"] });
  });

  it("a person's change is audited too (no key named); a key without the scope is 403 scope and changes nothing", async () => {
    const studio = await createStudio();
    const endpoint = await endpointFor(studio);
    const entry = await db.auditLog.findFirstOrThrow({ where: { actorId: studio.id, action: "webhook.create" } });
    expect(entry.details).not.toHaveProperty("keyId");
    const { key } = await keyFor(studio, ["read", "write", "uploads", "insights"]);
    for (const res of [
      await call(list, request("GET", "/api/webhooks", { token: key })),
      await call(create, request("POST", "/api/webhooks", { token: key, body: { url: "https://hooks.zap.example/2", events: ["film.ready"] } })),
      await call(update, request("PATCH", "/x", { token: key, body: { enabled: false } }), { endpointId: endpoint.id }),
      await call(test, request("POST", "/x", { token: key }), { endpointId: endpoint.id }),
      await call(listen, request("GET", "/api/webhooks/listen", { token: key })),
    ]) {
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("scope");
    }
    expect(await db.webhookEndpoint.findMany({ where: { adminId: studio.id }, select: { enabled: true } })).toEqual([{ enabled: true }]);
  });

  it("another studio's endpoint is 404 to a key, on every door", async () => {
    const a = await createStudio();
    const b = await createStudio();
    const endpoint = await endpointFor(a);
    const { key } = await keyFor(b, ["webhooks"]);
    expect((await call(update, request("PATCH", "/x", { token: key, body: { enabled: false } }), { endpointId: endpoint.id })).status).toBe(404);
    expect((await call(remove, request("DELETE", "/x", { token: key }), { endpointId: endpoint.id })).status).toBe(404);
    expect((await call(test, request("POST", "/x", { token: key }), { endpointId: endpoint.id })).status).toBe(404);
    expect(receiver().received).toHaveLength(0);
  });
});

describe("Send test event", () => {
  it("sends a signed webhook.test to that endpoint only and answers the delivery as it went", async () => {
    const studio = await createStudio();
    const endpoint = await endpointFor(studio);
    const other = await endpointFor(studio);
    const res = await call(test, request("POST", "/x", { token: await bearerFor(studio) }), { endpointId: endpoint.id });
    expect(res.status).toBe(200);
    const { delivery } = await res.json();
    expect(delivery).toMatchObject({ type: "webhook.test", status: "delivered", attempts: 1, lastStatus: 200, responseExcerpt: "ok" });
    expect(receiver().received).toHaveLength(1);
    const got = receiver().received[0];
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ type: "webhook.test", data: { object: { endpointId: endpoint.id, message: TEXTS.webhooks.testMessage, sentBy: studio.email } } });
    expect(verifySignature(endpoint.secret, got.body, got.headers["vidfolio-signature"] as string, Math.floor(Date.now() / 1000))).toMatchObject({ ok: true });
    expect(await db.webhookDelivery.count({ where: { endpointId: other.id } })).toBe(0);
    expect(await db.auditLog.count({ where: { actorId: studio.id, action: "webhook.test" } })).toBe(1);
  });

  it("a failed test is shown, not retried, and does not make the endpoint failing; a disabled endpoint is 409", async () => {
    const studio = await createStudio();
    const endpoint = await endpointFor(studio);
    receiver().answer = () => ({ status: 500, body: "Internal oops" });
    const { key } = await keyFor(studio, ["webhooks"], "Make.com");
    const { delivery } = await (await call(test, request("POST", "/x", { token: key }), { endpointId: endpoint.id })).json();
    expect(delivery).toMatchObject({ status: "failed", attempts: 1, lastStatus: 500, lastError: "HTTP 500", responseExcerpt: "Internal oops", nextAttemptAt: null });
    expect(JSON.parse(receiver().received[0].body).data.object.sentBy).toBe("Make.com");
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ failingSince: null, enabled: true });
    expect(await attemptDelivery(delivery.id)).toBe("skipped");

    await call(update, request("PATCH", "/x", { token: key, body: { enabled: false } }), { endpointId: endpoint.id });
    const refused = await call(test, request("POST", "/x", { token: key }), { endpointId: endpoint.id });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(TEXTS.webhooks.enableBeforeTest);
    expect(receiver().received).toHaveLength(1);
  });
});

describe("a delivery's attempts", () => {
  it("shows the body sent and each attempt's address, signed headers, status and first bytes", async () => {
    const studio = await createStudio();
    const endpoint = await endpointFor(studio);
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-a") });
    const d = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    receiver().answer = () => ({ status: 503, body: "x".repeat(2000) });
    expect(await attemptDelivery(d.id)).toBe("retrying");
    await db.webhookDelivery.update({ where: { id: d.id }, data: { nextAttemptAt: new Date() } });
    receiver().answer = () => ({ status: 204, body: "" });
    expect(await attemptDelivery(d.id)).toBe("delivered");

    const res = await call(detail, request("GET", "/x", { token: await bearerFor(studio) }), { endpointId: endpoint.id, deliveryId: d.id });
    expect(res.status).toBe(200);
    const got = await res.json();
    expect(got.delivery).toMatchObject({ id: d.id, status: "delivered", attempts: 2 });
    expect(JSON.parse(got.body)).toEqual({ id: d.eventId, type: "film.ready", created: expect.any(String), data: { object: film("film-a") } });
    expect(got.body).toBe(receiver().received[0].body);
    expect(got.attempts).toHaveLength(2);
    const [first, second] = got.attempts;
    expect(first).toMatchObject({ number: 1, status: 503, error: "HTTP 503", request: { url: receiver().url, headers: { "Content-Type": "application/json", "Vidfolio-Event-Id": d.eventId } } });
    expect(first.responseExcerpt).toBe("x".repeat(500));
    expect(first.request.headers["Vidfolio-Signature"]).toBe(receiver().received[0].headers["vidfolio-signature"]);
    expect(verifySignature(endpoint.secret, got.body, first.request.headers["Vidfolio-Signature"], Math.floor(Date.now() / 1000))).toMatchObject({ ok: true });
    expect(second).toMatchObject({ number: 2, status: 204, error: null, responseExcerpt: null });

    const stranger = await createStudio();
    expect((await call(detail, request("GET", "/x", { token: await bearerFor(stranger) }), { endpointId: endpoint.id, deliveryId: d.id })).status).toBe(404);
  });
});

/** The forwarder, run as a developer runs it (plain node), against the listen door served over HTTP. */
function startForwarder(env: Record<string, string>, args: string[]) {
  const child = spawn(process.execPath, [path.join(process.cwd(), "scripts/webhooks-listen.mjs"), ...args], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return { child, output: () => out, exited };
}

async function until<T>(what: () => T | Promise<T>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("npm run webhooks:listen (the local forwarder)", () => {
  let forwarder: { child: ChildProcess } | null = null;
  afterEach(() => {
    forwarder?.child.kill("SIGKILL");
    forwarder = null;
  });

  it("re-posts the studio's events, signed with the printed secret, to the local address; a revoked key ends it", async () => {
    const studio = await createStudio();
    const { id: keyId, key } = await keyFor(studio, ["webhooks"]);
    // No endpoint and nobody listening: nothing is written.
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("before") });
    expect(await db.studioEvent.count({ where: { adminId: studio.id } })).toBe(0);

    const app = await serveDoors({ "GET /api/webhooks/listen": (r) => call(listen, r) });
    try {
      const run = startForwarder({ VIDFOLIO_URL: app.url, VIDFOLIO_KEY: key }, ["--forward-to", receiver().url, "--events", "film.ready,film.failed"]);
      forwarder = run;
      await until(() => run.output().includes("Signing secret:"));
      const secret = /Signing secret: (whsec_\S+)/.exec(run.output())![1];

      await emitEvent({ adminId: studio.id, type: "film.ready", object: film("f1", "Ceremony") });
      await emitEvent({
        adminId: studio.id,
        type: "guest.visited",
        object: { id: "i1", name: "Anna", email: "anna@example.com", gallery: { id: "g1", title: "Anna & James" }, visitedAt: new Date().toISOString() },
      });
      await emitEvent({ adminId: studio.id, type: "film.failed", object: { ...film("f2"), status: "FAILED" } });
      await until(() => receiver().received.length >= 2);
      await until(() => run.output().includes("film.failed"));
      expect(receiver().received.map((r) => JSON.parse(r.body).type)).toEqual(["film.ready", "film.failed"]);
      const [first] = receiver().received;
      expect(JSON.parse(first.body).data.object).toEqual(film("f1", "Ceremony"));
      expect(first.headers["content-type"]).toBe("application/json");
      expect(first.headers["vidfolio-event-id"]).toBe(JSON.parse(first.body).id);
      expect(verifySignature(secret, first.body, first.headers["vidfolio-signature"] as string, Math.floor(Date.now() / 1000))).toMatchObject({ ok: true });
      expect(run.output()).toMatch(/film\.ready\s+\S+\s+→ 200/);

      // Revoked: the open stream ends within seconds, and the reconnect is refused: the forwarder stops.
      expect((await call(revokeKey, request("DELETE", "/x", { token: await bearerFor(studio) }), { keyId })).status).toBe(200);
      expect(await Promise.race([run.exited, new Promise((r) => setTimeout(() => r("still running"), 12_000).unref())])).toBe(1);
      expect(run.output()).toContain("401");
    } finally {
      app.close();
    }
  }, 40_000);

  it("refuses a key without the webhooks scope, unknown events, and a missing --forward-to, saying why", async () => {
    const studio = await createStudio();
    const { key } = await keyFor(studio, ["read"]);
    const app = await serveDoors({ "GET /api/webhooks/listen": (r) => call(listen, r) });
    try {
      const refused = startForwarder({ VIDFOLIO_URL: app.url, VIDFOLIO_KEY: key }, ["--forward-to", receiver().url]);
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain("403 scope");
      const { key: hooks } = await keyFor(studio, ["webhooks"]);
      const unknown = startForwarder({ VIDFOLIO_URL: app.url, VIDFOLIO_KEY: hooks }, ["--forward-to", receiver().url, "--events", "film.ready,film.exploded"]);
      expect(await unknown.exited).toBe(1);
      expect(unknown.output()).toContain("Unknown events: film.exploded");
      const missing = startForwarder({ VIDFOLIO_URL: app.url, VIDFOLIO_KEY: hooks }, []);
      expect(await missing.exited).toBe(2);
      expect(missing.output()).toContain("--forward-to is required");
    } finally {
      app.close();
    }
    expect(await db.webhookListener.count({ where: { adminId: studio.id } })).toBe(0);
  });
});
