// The SDK's pure parts (packages/sdk/src), without the app: the retry's waits with a fake fetch and
// clock, the pager over any cursor field, and webhook verification against the app's own signer
// (lib/services/platform/rules/webhooks/signature.ts; the SDK has its own code and must agree).
import { retryDelayMs, retryingFetch } from "@/packages/sdk/src/retry";
import { pages, paginate } from "@/packages/sdk/src/paginate";
import { verifyWebhook, WebhookSignatureError } from "@/packages/sdk/src/webhooks";
import { signatureHeader } from "@/lib/services/platform/rules/webhooks/signature";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** A fetch answering `answers` in turn, recording each request's method and body. */
function fakeFetch(answers: Response[]) {
  const seen: { method: string; body: string }[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const req = input as Request;
    seen.push({ method: req.method, body: await req.text() });
    return answers.shift()!;
  }) as typeof fetch;
  return { fetcher, seen };
}

describe("the SDK's retry of 429 and 503", () => {
  it("waits each Retry-After (seconds or a date), capped, then returns the success; every attempt sends the body", async () => {
    const waits: number[] = [];
    const { fetcher, seen } = fakeFetch([
      json(429, { code: "rate_limited" }, { "retry-after": "2" }),
      json(429, {}, { "retry-after": "600" }),
      json(503, {}, { "retry-after": "1" }),
      json(201, { ok: true }),
    ]);
    const retrying = retryingFetch(fetcher, { maxDelaySec: 30, sleep: async (ms) => void waits.push(ms) });
    const res = await retrying(new Request("http://app.test/api/folder/folders", { method: "POST", body: JSON.stringify({ name: "A" }) }));
    expect(res.status).toBe(201);
    expect(waits).toEqual([2000, 30_000, 1000]);
    expect(seen).toEqual(Array(4).fill({ method: "POST", body: '{"name":"A"}' }));
  });

  it("gives up after maxRetries and hands back the last 429; a 503 without Retry-After and other errors are not retried", async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const limited = fakeFetch([json(429, {}), json(429, {}), json(429, {})]);
    const res = await retryingFetch(limited.fetcher, { maxRetries: 2, sleep })("http://app.test/x");
    expect(res.status).toBe(429);
    expect(limited.seen).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]); // no Retry-After: 1 s, 2 s
    for (const status of [503, 500, 404]) {
      const once = fakeFetch([json(status, {})]);
      expect((await retryingFetch(once.fetcher, { sleep })("http://app.test/x")).status).toBe(status);
      expect(once.seen).toHaveLength(1);
    }
    const at = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(retryDelayMs(json(429, {}, { "retry-after": new Date(at + 5000).toUTCString() }), 1, {}, at)).toBe(5000);
  });
});

describe("the SDK's pager", () => {
  const pageOf = (store: Record<string, { deliveries: number[]; nextCursor: string | null }>) => async (cursor: string | undefined) => ({ data: store[cursor ?? "first"], response: new Response() });
  it("walks any list by its items and cursor fields, page by page or item by item", async () => {
    const walk = pageOf({ first: { deliveries: [1, 2], nextCursor: "b" }, b: { deliveries: [3], nextCursor: "c" }, c: { deliveries: [], nextCursor: null } });
    const items: number[] = [];
    for await (const d of paginate(walk, { items: "deliveries", next: "nextCursor" })) items.push(d);
    expect(items).toEqual([1, 2, 3]);
    let count = 0;
    for await (const page of pages(walk, { items: "deliveries", next: "nextCursor", cursor: "b" })) count += page.deliveries.length;
    expect(count).toBe(1);
  });
  it("checks the field names against the page's type (npx tsc --noEmit)", () => {
    const walk = pageOf({ first: { deliveries: [1], nextCursor: null } });
    // @ts-expect-error "nope" names no field of the page
    void paginate(walk, { items: "nope", next: "nextCursor" });
    // @ts-expect-error the cursor field must hold a string or null, not the items
    void paginate(walk, { items: "deliveries", next: "deliveries" });
    expect(typeof paginate(walk, { items: "deliveries", next: "nextCursor" })[Symbol.asyncIterator]).toBe("function");
  });
  it("stops on a cursor that comes back rather than looping", async () => {
    const loop = pageOf({ first: { deliveries: [1], nextCursor: "a" }, a: { deliveries: [2], nextCursor: "a" } });
    const items: number[] = [];
    await expect(
      (async () => {
        for await (const d of paginate(loop, { items: "deliveries", next: "nextCursor" })) items.push(d);
      })(),
    ).rejects.toThrow("came back twice");
    expect(items).toEqual([1, 2]);
  });
});

describe("the SDK's verifyWebhook, against the app's signer", () => {
  const secret = "whsec_test_0123456789";
  const body = JSON.stringify({ id: "evt_1", type: "film.ready", created: "2026-12-07T10:00:00.000Z", data: { object: { id: "f1", title: "Ceremony" } } });
  const t = 1_796_032_800;
  const now = new Date(t * 1000 + 60_000);
  const reason = (p: Promise<unknown>) =>
    p.then(
      () => "verified",
      (e: unknown) => (e instanceof WebhookSignatureError ? e.reason : String(e)),
    );

  it("answers the parsed event for a good signature (string or bytes), also beside another secret's v1", async () => {
    const header = signatureHeader(secret, body, t);
    expect(await verifyWebhook(body, header, secret, { now })).toMatchObject({ id: "evt_1", type: "film.ready" });
    expect(await verifyWebhook(new TextEncoder().encode(body), header, secret, { now })).toMatchObject({ id: "evt_1" });
    const rotating = `${signatureHeader("whsec_old", body, t)},${header.split(",")[1]}`;
    expect(await verifyWebhook(body, rotating, secret, { now })).toMatchObject({ id: "evt_1" });
  });

  it("throws mismatch for a tampered body, another secret or another timestamp; expired outside the tolerance; malformed for a bad header", async () => {
    const header = signatureHeader(secret, body, t);
    expect(await reason(verifyWebhook(body.replace("Ceremony", "Reception"), header, secret, { now }))).toBe("mismatch");
    expect(await reason(verifyWebhook(body, header, "whsec_other", { now }))).toBe("mismatch");
    expect(await reason(verifyWebhook(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, { now }))).toBe("mismatch");
    expect(await reason(verifyWebhook(body, header, secret, { now: new Date((t + 301) * 1000) }))).toBe("expired");
    expect(await reason(verifyWebhook(body, header, secret, { now: new Date((t + 301) * 1000), toleranceSec: 600 }))).toBe("verified");
    for (const bad of [null, "", `t=${t}`, "v1=" + "a".repeat(64), `t=soon,v1=${"a".repeat(64)}`, `t=${t},v1=xyz`]) {
      expect(await reason(verifyWebhook(body, bad, secret, { now }))).toBe("malformed");
    }
    await expect(verifyWebhook(body, header, "", { now })).rejects.toThrow("secret is empty");
  });
});
