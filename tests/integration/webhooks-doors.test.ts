/**
 * The webhook doors (issue 38.4), studio sign-in only:
 * - POST /api/webhooks { url, events } → 201 with the signing secret once; GET lists without it;
 * - PATCH and DELETE /api/webhooks/:endpointId; GET …/deliveries (newest first, paged); POST …/replay;
 * - another studio's endpoint or delivery is 404 on every door; nobody 401; a super admin 403;
 * - bad input is a 400 with its code (a URL that is not one, a scheme, a private literal address,
 *   http in production, unknown or no events, unknown fields, a bad page); the 11th endpoint 409.
 */
import { db } from "@/lib/db";
import { GET as list, POST as create } from "@/app/api/webhooks/route";
import { DELETE as remove, PATCH as update } from "@/app/api/webhooks/[endpointId]/route";
import { GET as deliveries } from "@/app/api/webhooks/[endpointId]/deliveries/route";
import { POST as replay } from "@/app/api/webhooks/[endpointId]/deliveries/[deliveryId]/replay/route";
import { emitEvent } from "@/lib/services/platform/webhooks/publish";
import { MAX_ENDPOINTS } from "@/lib/services/platform/rules/webhooks/events";
import { TEXTS } from "@/lib/texts";
import { createStudio, createSuperadmin } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

/** A film.ready object (lib/contract/webhook-events.ts). */
const film = (id: string, title = "A film") => ({ id, title, galleryId: null, status: "READY" as const, durationSec: 60, failureCode: null, failureReason: null });

type Studio = Awaited<ReturnType<typeof createStudio>>;
const as = async (who: Studio) => ({ token: await bearerFor(who) });

async function post(who: Studio, body: unknown) {
  return call(create, request("POST", "/api/webhooks", { ...(await as(who)), body }));
}
async function endpointOf(who: Studio, events = ["film.ready"]) {
  const res = await post(who, { url: "https://hooks.example.test/in", events });
  expect(res.status).toBe(201);
  return (await res.json()).endpoint as { id: string; secret: string; url: string };
}

describe("POST and GET /api/webhooks", () => {
  it("creates an endpoint (201) with its secret shown once; the list never shows it", async () => {
    const studio = await createStudio();
    const res = await post(studio, { url: "https://hooks.example.test/in", events: ["film.ready", "guest.watched", "film.ready"] });
    expect(res.status).toBe(201);
    const { endpoint } = await res.json();
    expect(endpoint).toMatchObject({ url: "https://hooks.example.test/in", events: ["film.ready", "guest.watched"], enabled: true, failingSince: null, secret: expect.stringMatching(/^whsec_/) });
    const listed = await (await call(list, request("GET", "/api/webhooks", await as(studio)))).json();
    expect(listed.endpoints).toHaveLength(1);
    expect(listed.endpoints[0]).not.toHaveProperty("secret");
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
  });

  it.each([
    [{}, /address/],
    [{ url: "not a url", events: ["film.ready"] }, /address/],
    [{ url: "javascript:alert(1)", events: ["film.ready"] }, /address/],
    [{ url: "ftp://hooks.example.test/", events: ["film.ready"] }, /address/],
    [{ url: "https://hooks.example.test/in", events: [] }, /at least one event/],
    [{ url: "https://hooks.example.test/in", events: ["payment.received"] }, /at least one event/],
    [{ url: "https://hooks.example.test/in", events: ["film.ready"], secret: "mine" }, /./],
    [{ url: "https://hooks.example.test/in", events: "film.ready" }, /at least one event/],
    [{ url: `https://${"a".repeat(2100)}.example/`, events: ["film.ready"] }, /address/],
  ])("refuses bad input #%# with a 400", async (body, message) => {
    const res = await post(await createStudio(), body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "validation", message: expect.stringMatching(message) });
  });

  it.each(["http://127.0.0.1/in", "http://10.0.0.8/in", "http://169.254.169.254/latest", "http://[::1]/in"])("refuses the private address %s (400) unless WEBHOOKS_ALLOW_PRIVATE", async (url) => {
    const studio = await createStudio();
    const res = await post(studio, { url, events: ["film.ready"] });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(TEXTS.webhooks.privateAddress);
    process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
    try {
      expect((await post(studio, { url, events: ["film.ready"] })).status).toBe(201);
    } finally {
      delete process.env.WEBHOOKS_ALLOW_PRIVATE;
    }
  });

  // Issue 55 item 7: the IPv6 ranges that carry an IPv4 address or hand the packet on to one, in every spelling.
  it.each([
    "http://[::ffff:127.0.0.1]/in",
    "http://[::ffff:7f00:1]/in",
    "http://[0:0:0:0:0:ffff:7f00:1]/in",
    "https://[::ffff:8.8.8.8]/in",
    "https://[64:ff9b::8.8.8.8]/in",
    "https://[64:ff9b:1::a00:1]/in",
    "https://[2002:7f00:1::1]/in",
    "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/in",
  ])("refuses %s (400): IPv4-mapped, NAT64, 6to4 or Teredo", async (url) => {
    const res = await post(await createStudio(), { url, events: ["film.ready"] });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(TEXTS.webhooks.privateAddress);
  });

  it("refuses http:// in production", async () => {
    const studio = await createStudio();
    const env = process.env as Record<string, string | undefined>;
    const saved = env.NODE_ENV;
    env.NODE_ENV = "production";
    try {
      const res = await post(studio, { url: "http://hooks.example.test/in", events: ["film.ready"] });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(TEXTS.webhooks.httpsOnly);
    } finally {
      env.NODE_ENV = saved;
    }
  });

  it(`allows ${MAX_ENDPOINTS} endpoints a studio, even asked for at once (409 beyond)`, async () => {
    const studio = await createStudio();
    const answers = await Promise.all(Array.from({ length: MAX_ENDPOINTS + 3 }, (_, i) => post(studio, { url: `https://hooks.example.test/${i}`, events: ["film.ready"] })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_ENDPOINTS);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await db.webhookEndpoint.count({ where: { adminId: studio.id } })).toBe(MAX_ENDPOINTS);
  });

  it("is a studio's: nobody 401, a super admin 403", async () => {
    expect((await call(list, request("GET", "/api/webhooks"))).status).toBe(401);
    const admin = await createSuperadmin();
    expect((await call(list, request("GET", "/api/webhooks", { token: await bearerFor(admin) }))).status).toBe(403);
  });
});

describe("PATCH, DELETE, deliveries and replay", () => {
  it("changes the url, the events and the state; enabling again clears the failure", async () => {
    const studio = await createStudio();
    const endpoint = await endpointOf(studio);
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false, failingSince: new Date(), disabledAt: new Date() } });
    const patch = async (body: unknown) => call(update, request("PATCH", `/api/webhooks/${endpoint.id}`, { ...(await as(studio)), body }), { endpointId: endpoint.id });
    const res = await patch({ url: "https://other.example.test/x", events: ["export.ready"], enabled: true });
    expect(res.status).toBe(200);
    expect((await res.json()).endpoint).toMatchObject({ url: "https://other.example.test/x", events: ["export.ready"], enabled: true, failingSince: null, disabledAt: null });
    expect((await patch({})).status).toBe(400);
    expect((await patch({ enabled: "yes" })).status).toBe(400);
    expect((await patch({ url: "http://127.0.0.1/" })).status).toBe(400);
  });

  it("lists deliveries newest first, a page at a time, and replays one (202: pending again, due now)", async () => {
    const studio = await createStudio();
    const endpoint = await endpointOf(studio);
    for (let i = 0; i < 5; i++) await emitEvent({ adminId: studio.id, type: "film.ready", object: film(`film-${i}`, `Film ${i}`) });
    const page = async (query: string) => call(deliveries, request("GET", `/api/webhooks/${endpoint.id}/deliveries${query}`, await as(studio)), { endpointId: endpoint.id });
    const first = await (await page("?limit=2")).json();
    expect(first.deliveries.map((d: { objectId: string }) => d.objectId)).toEqual(["film-4", "film-3"]);
    const second = await (await page(`?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.deliveries.map((d: { objectId: string }) => d.objectId)).toEqual(["film-2", "film-1"]);
    const last = await (await page(`?limit=2&cursor=${second.nextCursor}`)).json();
    expect(last).toMatchObject({ deliveries: [{ objectId: "film-0", type: "film.ready", status: "pending" }], nextCursor: null });
    for (const bad of ["?limit=0", "?limit=101", "?limit=x", "?cursor=abc", "?cursor=-1", "?other=1"]) expect((await page(bad)).status).toBe(400);

    const target = first.deliveries[0].id as string;
    await db.webhookDelivery.update({ where: { id: target }, data: { status: "failed", nextAttemptAt: new Date(0) } });
    const again = async () => call(replay, request("POST", `/api/webhooks/${endpoint.id}/deliveries/${target}/replay`, await as(studio)), { endpointId: endpoint.id, deliveryId: target });
    const res = await again();
    expect(res.status).toBe(202);
    expect((await res.json()).delivery).toMatchObject({ id: target, status: "pending" });
    // Disabled: enable it first (409).
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
    const refused = await again();
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(TEXTS.webhooks.enableFirst);
  });

  it("deletes an endpoint with its log", async () => {
    const studio = await createStudio();
    const endpoint = await endpointOf(studio);
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-x") });
    const del = async () => call(remove, request("DELETE", `/api/webhooks/${endpoint.id}`, await as(studio)), { endpointId: endpoint.id });
    expect((await del()).status).toBe(200);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect((await del()).status).toBe(404);
  });

  it("another studio's endpoint or delivery is 404 on every door, and is left as it was", async () => {
    const owner = await createStudio();
    const intruder = await createStudio();
    const endpoint = await endpointOf(owner);
    await emitEvent({ adminId: owner.id, type: "film.ready", object: film("film-y") });
    const [d] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    const mine = await endpointOf(intruder);
    const auth = await as(intruder);
    const answers = [
      await call(update, request("PATCH", `/api/webhooks/${endpoint.id}`, { ...auth, body: { enabled: false } }), { endpointId: endpoint.id }),
      await call(remove, request("DELETE", `/api/webhooks/${endpoint.id}`, auth), { endpointId: endpoint.id }),
      await call(deliveries, request("GET", `/api/webhooks/${endpoint.id}/deliveries`, auth), { endpointId: endpoint.id }),
      await call(replay, request("POST", `/api/webhooks/${endpoint.id}/deliveries/${d.id}/replay`, auth), { endpointId: endpoint.id, deliveryId: d.id }),
      // Its own endpoint with the owner's delivery: not found either.
      await call(replay, request("POST", `/api/webhooks/${mine.id}/deliveries/${d.id}/replay`, auth), { endpointId: mine.id, deliveryId: d.id }),
      await call(update, request("PATCH", "/api/webhooks/not-an-id", { ...auth, body: { enabled: false } }), { endpointId: "not-an-id" }),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ enabled: true });
    expect((await call(list, request("GET", "/api/webhooks", auth))).status).toBe(200);
    expect(JSON.stringify(await (await call(list, request("GET", "/api/webhooks", auth))).json())).not.toContain(endpoint.id);
  });
});

describe("PATCH with one field", () => {
  it.each([{ enabled: true }, { enabled: false }, { events: ["film.failed"] }, { url: "https://one.example.test/" }])("changes only %j", async (body) => {
    const studio = await createStudio();
    const endpoint = await endpointOf(studio);
    const res = await call(update, request("PATCH", `/api/webhooks/${endpoint.id}`, { ...(await as(studio)), body }), { endpointId: endpoint.id });
    expect(res.status).toBe(200);
    expect((await res.json()).endpoint).toMatchObject(body);
  });
});
