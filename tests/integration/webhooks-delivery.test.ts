/**
 * Signed webhooks, delivered (issue 38.4), against local receivers through the real database:
 * - each delivery is the event's JSON, signed as Stripe signs (verified here by lib/services/platform/rules/webhooks/signature.ts);
 * - a failing receiver is retried after 30 s, 60 s, 120 s … (the fake clock, never waiting), and
 *   the event arrives once it recovers, with the same id;
 * - deliveries of one object go in order (a later one waits while an earlier one is pending);
 * - an endpoint failing for 3 days is disabled, its studio mailed once;
 * - the SSRF guard: private, loopback, link-local literals and names, redirects, time-out, a capped read.
 */
import http from "node:http";
import dns from "node:dns";
import type { AddressInfo } from "node:net";
import { db } from "@/lib/db";
import { attemptDelivery, deliverInTurn, probeEndpoint, queueDueDeliveries } from "@/lib/services/platform/webhooks/deliver";
import { createEndpoint } from "@/lib/services/platform/webhooks/endpoints";
import { emitEvent } from "@/lib/services/platform/webhooks/publish";
import { postOutbound } from "@/lib/security/outbound-http";
import { verifySignature } from "@/lib/services/platform/rules/webhooks/signature";
import { TEXTS } from "@/lib/texts";
import { createStudio } from "../helpers/factories";
import { movableClock } from "../helpers/clock";
import { receiverForFile, startReceiver } from "../helpers/webhook-receiver";

const receiver = receiverForFile();
let clock: ReturnType<typeof movableClock> | null = null;

afterEach(() => {
  clock?.restore();
  clock = null;
});

async function studioWithEndpoint(url = receiver().url, events: ("film.ready" | "film.failed")[] = ["film.ready", "film.failed"]) {
  const studio = await createStudio();
  const endpoint = await createEndpoint(studio, { url, events });
  return { studio, endpoint };
}
const deliveriesOf = (endpointId: string) => db.webhookDelivery.findMany({ where: { endpointId }, orderBy: { seq: "asc" } });
const film = (id: string, title = "The Wedding") => ({ id, title, galleryId: "g1", status: "READY" as const, durationSec: 60, failureCode: null, failureReason: null });

describe("a delivery", () => {
  it("POSTs { id, type, created, data: { object } } with Vidfolio-Signature (t, v1) and Vidfolio-Event-Id, verified with the endpoint's secret", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-1") });
    const [d] = await deliveriesOf(endpoint.id);
    expect(await attemptDelivery(d.id)).toBe("delivered");
    expect(receiver().received).toHaveLength(1);
    const got = receiver().received[0];
    const body = JSON.parse(got.body);
    expect(body).toEqual({ id: d.eventId, type: "film.ready", created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), data: { object: film("film-1") } });
    expect(got.headers["vidfolio-event-id"]).toBe(d.eventId);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(verifySignature(endpoint.secret, got.body, got.headers["vidfolio-signature"] as string, Math.floor(Date.now() / 1000))).toEqual({ ok: true, timestamp: expect.any(Number) });
    expect(verifySignature("whsec_another", got.body, got.headers["vidfolio-signature"] as string, Math.floor(Date.now() / 1000)).ok).toBe(false);
    const after = await db.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } });
    expect(after).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 200, responseExcerpt: "ok", lastError: null });
    expect(after.latencyMs).toBeGreaterThanOrEqual(0);
    // Delivered: another job of it (a double dispatch, the sweep) sends nothing again.
    expect(await attemptDelivery(d.id)).toBe("skipped");
    expect(receiver().received).toHaveLength(1);
  });

  it("goes only to the studio's enabled endpoints that want the event; a studio without one writes no event", async () => {
    const { studio, endpoint } = await studioWithEndpoint(receiver().url, ["film.failed"]);
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-2") });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    expect(await db.studioEvent.count({ where: { adminId: studio.id } })).toBe(0);
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
    await emitEvent({ adminId: studio.id, type: "film.failed", object: film("film-2") });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
  });

  it("stores the endpoint's secret sealed, not as given", async () => {
    const { endpoint } = await studioWithEndpoint();
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(row.secret).not.toContain(endpoint.secret.slice(6));
    expect(row.secret).toMatch(/^v1\./);
  });

  it("sends nothing unsigned when the secret does not open (sealed for another row, or under another AUTH_SECRET): a failed attempt", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    const other = await studioWithEndpoint();
    const sealedForOther = (await db.webhookEndpoint.findUniqueOrThrow({ where: { id: other.endpoint.id } })).secret;
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { secret: sealedForOther } });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-13") });
    const [d] = await deliveriesOf(endpoint.id);
    expect(await attemptDelivery(d.id)).toBe("retrying");
    expect(receiver().received).toHaveLength(0);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ lastStatus: null, lastError: expect.stringMatching(/cannot be read/) });
  });
});

describe("retries", () => {
  it("retries a failing receiver after 30 s, 60 s, 120 s (not before), and delivers the same event once it recovers", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-3") });
    const [d] = await deliveriesOf(endpoint.id);
    receiver().answer = (_r, n) => (n <= 3 ? { status: 500, body: "x".repeat(5000) } : { status: 204 });
    clock = movableClock();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      expect(await attemptDelivery(d.id)).toBe("retrying");
      const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } });
      expect(row).toMatchObject({ status: "pending", attempts: attempt, lastStatus: 500, lastError: "HTTP 500" });
      expect(row.responseExcerpt).toHaveLength(500);
      const wait = row.nextAttemptAt.getTime() - before;
      waits.push(Math.round(wait / 1000));
      // Not due yet: nothing is sent.
      expect(await attemptDelivery(d.id)).toBe("not-due");
      clock.advance(wait + 1);
    }
    expect(waits).toEqual([30, 60, 120]);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).not.toBeNull();
    expect(await attemptDelivery(d.id)).toBe("delivered");
    expect(receiver().received).toHaveLength(4);
    expect(new Set(receiver().received.map((r) => JSON.parse(r.body).id))).toEqual(new Set([d.eventId]));
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ status: "delivered", attempts: 4, lastStatus: 204 });
    // Delivered again: the endpoint is no longer failing.
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBeNull();
  });

  it("an endpoint answering again has what it missed sent at once, not after its back-off", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    receiver().answer = () => ({ status: 500 });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-11") });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-12") });
    const [a, b] = await deliveriesOf(endpoint.id);
    clock = movableClock();
    for (let i = 0; i < 6; i++) {
      expect(await attemptDelivery(b.id)).toBe("retrying");
      clock.advance((await db.webhookDelivery.findUniqueOrThrow({ where: { id: b.id } })).nextAttemptAt.getTime() - Date.now() + 1);
    }
    expect(await attemptDelivery(a.id)).toBe("retrying");
    // b waits 32 minutes now; a recovers first.
    receiver().answer = () => ({ status: 200 });
    clock.advance(31_000);
    expect(await attemptDelivery(a.id)).toBe("delivered");
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: b.id } })).nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await attemptDelivery(b.id)).toBe("delivered");
  });

  it("the minute's sweep queues what is due (a dispatch lost), and nothing that is not", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-4") });
    const [d] = await deliveriesOf(endpoint.id);
    const due = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*)::bigint AS n FROM pgboss.job WHERE name = 'webhook-deliver' AND data->>'deliveryId' = ${d.id}`;
    expect(Number(due[0].n)).toBe(1);
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'webhook-deliver' AND data->>'deliveryId' = ${d.id}`;
    expect((await queueDueDeliveries()).queued).toBeGreaterThanOrEqual(1);
    const again = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*)::bigint AS n FROM pgboss.job WHERE name = 'webhook-deliver' AND data->>'deliveryId' = ${d.id}`;
    expect(Number(again[0].n)).toBe(1);
    await db.webhookDelivery.update({ where: { id: d.id }, data: { nextAttemptAt: new Date(Date.now() + 60_000) } });
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'webhook-deliver' AND data->>'deliveryId' = ${d.id}`;
    await queueDueDeliveries();
    const none = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*)::bigint AS n FROM pgboss.job WHERE name = 'webhook-deliver' AND data->>'deliveryId' = ${d.id}`;
    expect(Number(none[0].n)).toBe(0);
  });
});

describe("order per object", () => {
  it("holds a later event of an object while an earlier one is pending, and sends it once that one is delivered; other objects are not held", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    await emitEvent({ adminId: studio.id, type: "film.failed", object: film("film-5", "first") });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-5", "second") });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-6", "other") });
    const [first, second, other] = await deliveriesOf(endpoint.id);
    receiver().answer = () => ({ status: 503 });
    expect(await attemptDelivery(first.id)).toBe("retrying");
    expect(await attemptDelivery(second.id)).toBe("waiting");
    receiver().answer = () => ({ status: 200 });
    expect(await attemptDelivery(other.id)).toBe("delivered");
    expect(await attemptDelivery(second.id)).toBe("waiting");
    clock = movableClock();
    clock.advance(31_000);
    expect(await attemptDelivery(first.id)).toBe("delivered");
    // Its turn came: its job was queued when the first was delivered.
    const queued = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*)::bigint AS n FROM pgboss.job WHERE name = 'webhook-deliver' AND data->>'deliveryId' = ${second.id}`;
    expect(Number(queued[0].n)).toBeGreaterThanOrEqual(1);
    expect(await attemptDelivery(second.id)).toBe("delivered");
    const titles = receiver()
      .received.filter((r) => r.headers["vidfolio-event-id"] !== undefined && r.body.includes('"film-5"'))
      .map((r) => JSON.parse(r.body).data.object.title);
    expect(titles).toEqual(["first", "first", "second"]);
  });
});

describe("publishing", () => {
  it("queues a delivery at once unless an earlier one of its object is pending (that one's completion hands it on)", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-q", "first") });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-q", "second") });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-r") });
    const [first, second, other] = await deliveriesOf(endpoint.id);
    const queued = await db.$queryRaw<
      { id: string }[]
    >`SELECT data->>'deliveryId' AS id FROM pgboss.job WHERE name = 'webhook-deliver' AND data->>'deliveryId' = ANY(${[first.id, second.id, other.id]})`;
    expect(queued.map((q) => q.id).sort()).toEqual([first.id, other.id].sort());
  });
});

describe("a job sends an object's deliveries in turn", () => {
  const jobsOf = async (ids: string[]) =>
    (await db.$queryRaw<{ id: string }[]>`SELECT data->>'deliveryId' AS id FROM pgboss.job WHERE name = 'webhook-deliver' AND data->>'deliveryId' = ANY(${ids})`).map((r) => r.id);

  it("delivers the next of the same object in the same job, in order, and queues what is left after 20", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    for (let i = 0; i < 21; i++) await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-turn", `take ${i}`) });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-other") });
    const all = await deliveriesOf(endpoint.id);
    // The dispatch at publish queued a job for each; dropped, so what the job queues shows.
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'webhook-deliver' AND data->>'deliveryId' = ANY(${all.map((d) => d.id)})`;
    expect(await deliverInTurn(all[0].id)).toBe("delivered");
    const titles = receiver().received.map((r) => JSON.parse(r.body).data.object.title);
    expect(titles).toEqual(Array.from({ length: 20 }, (_, i) => `take ${i}`));
    const after = await deliveriesOf(endpoint.id);
    expect(after.map((d) => d.status)).toEqual([...Array(20).fill("delivered"), "pending", "pending"]);
    // The 21st is queued for another job; another object's delivery is not this job's to send.
    expect(await jobsOf(all.map((d) => d.id))).toEqual([all[20].id]);
    expect(await deliverInTurn(all[20].id)).toBe("delivered");
  });

  it("stops at a failure: the next of the object waits for the failed one's retry", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-stop", "one") });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-stop", "two") });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-stop", "three") });
    const [one, two, three] = await deliveriesOf(endpoint.id);
    receiver().answer = (req) => ({ status: req.body.includes('"two"') ? 500 : 200 });
    expect(await deliverInTurn(one.id)).toBe("delivered");
    expect((await deliveriesOf(endpoint.id)).map((d) => [d.id, d.status, d.attempts])).toEqual([
      [one.id, "delivered", 1],
      [two.id, "pending", 1],
      [three.id, "pending", 0],
    ]);
    expect(receiver().received.map((r) => JSON.parse(r.body).data.object.title)).toEqual(["one", "two"]);
    expect(three).toBeDefined();
  });
});

describe("a failing endpoint is probed", () => {
  const probesOf = (endpointId: string) =>
    db.$queryRaw<
      { startsIn: number }[]
    >`SELECT extract(epoch FROM start_after - now())::float8 AS "startsIn" FROM pgboss.job WHERE name = 'webhook-probe' AND singleton_key = ${endpointId} AND state = 'created'`;

  it("queues one probe per endpoint 2 s after a failure; a probe tries a delivery ahead of its back-off, and its success sends what was missed at once", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    receiver().answer = () => ({ status: 503 });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-p1") });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-p2") });
    const [a, b] = await deliveriesOf(endpoint.id);
    expect(await attemptDelivery(a.id)).toBe("retrying");
    expect(await attemptDelivery(b.id)).toBe("retrying");
    // One probe queued for the endpoint (the second failure's was dropped), about 2 s ahead.
    const probes = await probesOf(endpoint.id);
    expect(probes).toHaveLength(1);
    expect(probes[0].startsIn).toBeGreaterThan(0.5);
    expect(probes[0].startsIn).toBeLessThan(2.5);
    // Just tried: neither is probed again while it could be in flight (20 s); the probe comes again later.
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'webhook-probe' AND singleton_key = ${endpoint.id}`;
    expect(await probeEndpoint(endpoint.id)).toBe("idle");
    expect(await probesOf(endpoint.id)).toHaveLength(1);
    clock = movableClock();
    clock.advance(21_000);
    receiver().answer = () => ({ status: 200 });
    // Neither's back-off has ended: the probe tries one now all the same.
    await db.webhookDelivery.updateMany({ where: { id: { in: [a.id, b.id] } }, data: { nextAttemptAt: new Date(Date.now() + 3_600_000) } });
    expect(await attemptDelivery(a.id)).toBe("not-due");
    expect(await probeEndpoint(endpoint.id)).toBe("delivered");
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBeNull();
    // The other one is due at once, not in an hour.
    const rest = (await deliveriesOf(endpoint.id)).filter((d) => d.status === "pending");
    expect(rest).toHaveLength(1);
    expect(rest[0].nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await attemptDelivery(rest[0].id)).toBe("delivered");
    // Not failing any more: a probe has nothing to do.
    expect(await probeEndpoint(endpoint.id)).toBe("idle");
  });

  it("a failed probe is an attempt (its back-off grows) and schedules the next probe, later as the failure lasts", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    receiver().answer = () => ({ status: 500 });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-p3") });
    const [d] = await deliveriesOf(endpoint.id);
    expect(await attemptDelivery(d.id)).toBe("retrying");
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'webhook-probe' AND singleton_key = ${endpoint.id}`;
    clock = movableClock();
    clock.advance(20 * 60_000);
    await db.webhookDelivery.update({ where: { id: d.id }, data: { nextAttemptAt: new Date(Date.now() + 3_600_000) } });
    expect(await probeEndpoint(endpoint.id)).toBe("retrying");
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ attempts: 2, lastStatus: 500 });
    // Failing for 20 minutes: the next probe 1 minute (a twentieth) after the (moved) clock's now; the
    // queue's own clock is 20 minutes behind it.
    const [probe] = await probesOf(endpoint.id);
    expect(probe.startsIn - 20 * 60).toBeGreaterThan(50);
    expect(probe.startsIn - 20 * 60).toBeLessThan(65);
  });
});

describe("an endpoint failing for 3 days", () => {
  it("is disabled, its pending deliveries given up, and its studio mailed once", async () => {
    const { studio, endpoint } = await studioWithEndpoint();
    receiver().answer = () => ({ status: 500 });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-7") });
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-8") });
    const [a, b] = await deliveriesOf(endpoint.id);
    clock = movableClock();
    expect(await attemptDelivery(a.id)).toBe("retrying");
    clock.advance(2 * 24 * 3600_000);
    expect(await attemptDelivery(a.id)).toBe("retrying");
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).enabled).toBe(true);
    clock.advance(24 * 3600_000 + 60_000);
    expect(await attemptDelivery(a.id)).toBe("failed");
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.enabled).toBe(false);
    expect(row.disabledAt).not.toBeNull();
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ status: "failed" });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({ status: "failed", attempts: 0 });
    expect(await attemptDelivery(b.id)).toBe("skipped");
    const mails = await db.mailMessage.findMany({ where: { to: studio.email, subject: TEXTS.webhooks.mailSubject } });
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(receiver().url);
  });
});

describe("the SSRF guard", () => {
  const opts = { allowPrivate: false, httpsOnly: false, timeoutMs: 10_000, maxBytes: 4096 };

  it.each(["http://127.0.0.1:9/x", "http://10.1.2.3/x", "http://169.254.169.254/latest/meta-data", "http://[::1]:9/x", "http://[::ffff:127.0.0.1]/x", "http://0.0.0.0/x", "http://192.168.0.10/x"])(
    "refuses %s without connecting",
    async (url) => {
      const r = await postOutbound(url, "{}", {}, opts);
      expect(r).toMatchObject({ status: null, error: expect.stringMatching(/private, loopback or link-local/) });
    },
  );

  // Issue 55 item 7: IPv4-mapped, NAT64 (well-known and local-use), 6to4 and Teredo, in every spelling.
  const CARRIERS = ["::ffff:127.0.0.1", "::ffff:7f00:1", "0:0:0:0:0:ffff:7f00:1", "::ffff:8.8.8.8", "64:ff9b::7f00:1", "64:ff9b:1::a00:1", "2002:7f00:1::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2"];

  it.each(CARRIERS)("refuses [%s] without connecting", async (ip) => {
    expect(await postOutbound(`http://[${ip}]:${receiver().port}/x`, "{}", {}, opts)).toMatchObject({ status: null, error: expect.stringMatching(/private, loopback or link-local/) });
  });

  it.each(CARRIERS)("refuses a name whose DNS answer is %s, and the receiver sees nothing", async (ip) => {
    const lookup = jest
      .spyOn(dns, "lookup")
      .mockImplementation(((_host: string, _options: unknown, callback: (e: null, a: dns.LookupAddress[]) => void) => callback(null, [{ address: ip, family: 6 }])) as unknown as typeof dns.lookup);
    try {
      const r = await postOutbound(`http://hooks.example.test:${receiver().port}/x`, "{}", {}, opts);
      expect(r).toMatchObject({ status: null, error: expect.stringMatching(/refused: hooks\.example\.test/) });
      expect(lookup).toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
    expect(receiver().received).toHaveLength(0);
  });

  it("refuses a name that resolves to a private address (localhost), and the receiver sees nothing", async () => {
    const r = await postOutbound(`http://localhost:${receiver().port}/hooks`, "{}", {}, opts);
    expect(r).toMatchObject({ status: null, error: expect.stringMatching(/refused: localhost/) });
    expect(receiver().received).toHaveLength(0);
  });

  it("records the refusal on the delivery when WEBHOOKS_ALLOW_PRIVATE is off", async () => {
    const { studio, endpoint } = await studioWithEndpoint(`http://localhost:${receiver().port}/hooks`);
    delete process.env.WEBHOOKS_ALLOW_PRIVATE;
    await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-9") });
    const [d] = await deliveriesOf(endpoint.id);
    expect(await attemptDelivery(d.id)).toBe("retrying");
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ lastStatus: null, lastError: expect.stringMatching(/refused/) });
    expect(receiver().received).toHaveLength(0);
  });

  it("refuses http:// when only https is allowed (production)", async () => {
    expect(await postOutbound("http://example.com/x", "{}", {}, { ...opts, httpsOnly: true })).toMatchObject({ status: null, error: "only https:// addresses" });
  });

  it("follows no redirect: a 3xx (even to a private address) is a failed attempt, and its target is never asked", async () => {
    const target = await startReceiver();
    try {
      const { studio, endpoint } = await studioWithEndpoint();
      receiver().answer = () => ({ status: 302, headers: { location: target.url } });
      await emitEvent({ adminId: studio.id, type: "film.ready", object: film("film-10") });
      const [d] = await deliveriesOf(endpoint.id);
      expect(await attemptDelivery(d.id)).toBe("retrying");
      expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ lastStatus: 302, lastError: "HTTP 302: redirects are not followed" });
      expect(target.received).toHaveLength(0);
    } finally {
      await target.close();
    }
  });

  it("times out (the attempt's limit), and reads at most its cap of a long answer", async () => {
    receiver().answer = () => "hang";
    const started = Date.now();
    const r = await postOutbound(receiver().url, "{}", {}, { ...opts, allowPrivate: true, timeoutMs: 300 });
    expect(r).toMatchObject({ status: null, error: "timed out after 0.3 s" });
    expect(Date.now() - started).toBeLessThan(3000);
    receiver().answer = () => ({ status: 200, body: "y".repeat(1_000_000) });
    const long = await postOutbound(receiver().url, "{}", {}, { ...opts, allowPrivate: true });
    expect(long.status).toBe(200);
    expect(long.body.length).toBe(4096);
  });
});

describe("kept connections", () => {
  const allow = { allowPrivate: true, httpsOnly: false, timeoutMs: 10_000, maxBytes: 4096 };

  /** A server that records the client port of each request; `dropReused`: it resets a kept connection's second request unanswered (a server closing it as it is reused). */
  async function portServer(dropReused = false) {
    const seen: number[] = [];
    const perSocket = new WeakMap<object, number>();
    const server = http.createServer((req, res) => {
      const n = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, n);
      seen.push(req.socket.remotePort!);
      req.resume();
      req.on("end", () => (dropReused && n > 1 ? req.socket.destroy() : res.writeHead(200).end("ok")));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://localhost:${(server.address() as AddressInfo).port}/hooks`;
    return { seen, url, close: () => new Promise((r) => server.close(r)) };
  }

  it("sends one endpoint's deliveries over one kept connection", async () => {
    const s = await portServer();
    try {
      for (let i = 0; i < 3; i++) expect(await postOutbound(s.url, "{}", {}, allow)).toMatchObject({ status: 200, error: null });
      expect(s.seen).toHaveLength(3);
      expect(new Set(s.seen).size).toBe(1);
    } finally {
      await s.close();
    }
  });

  it("sends again on a new connection when the server resets a kept one as it is reused", async () => {
    const s = await portServer(true);
    try {
      expect(await postOutbound(s.url, "{}", {}, allow)).toMatchObject({ status: 200 });
      expect(await postOutbound(s.url, "{}", {}, allow)).toMatchObject({ status: 200, error: null });
      expect(s.seen).toHaveLength(3);
      expect(new Set(s.seen).size).toBe(2);
    } finally {
      await s.close();
    }
  });

  it("a connection kept while private addresses were allowed never serves a request under the guard", async () => {
    const s = await portServer();
    try {
      expect(await postOutbound(s.url, "{}", {}, allow)).toMatchObject({ status: 200 });
      expect(await postOutbound(s.url, "{}", {}, { ...allow, allowPrivate: false })).toMatchObject({ status: null, error: expect.stringMatching(/refused: localhost/) });
      expect(s.seen).toHaveLength(1);
    } finally {
      await s.close();
    }
  });
});
