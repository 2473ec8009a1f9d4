// A local HTTP server standing in for an outside API (Resend, Stripe): records every request and
// answers with what the test says.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
export type Reply = { status: number; body: unknown; headers?: Record<string, string> };

export async function startStandIn(reply: (req: Recorded) => Reply) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const rec = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      requests.push(rec);
      const { status, body: out, headers } = reply(rec);
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Inside a describe: Stripe's API answered by a stand-in (the real SDK talks to it), chosen as the
 * payment provider for each test and put back after. `answer` decides each reply; `requests` records them.
 */
export function useStripeStandIn(webhookSecret: string) {
  const saved = { ...process.env };
  const names = ["PAYMENTS_PROVIDER", "STRIPE_SECRET_KEY", "STRIPE_API_BASE", "STRIPE_WEBHOOK_SECRET"];
  const stripe = { answer: (() => ({ status: 500, body: {} })) as (req: Recorded) => Reply, standIn: null as Awaited<ReturnType<typeof startStandIn>> | null };
  beforeAll(async () => {
    stripe.standIn = await startStandIn((req) => stripe.answer(req));
  });
  afterAll(() => stripe.standIn?.close());
  beforeEach(() => {
    process.env.PAYMENTS_PROVIDER = "stripe"; // the suite's default is the test provider
    process.env.STRIPE_SECRET_KEY = "sk_test_local";
    process.env.STRIPE_API_BASE = stripe.standIn!.url;
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
    stripe.standIn!.requests.length = 0;
  });
  afterEach(() => {
    for (const k of names) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });
  return stripe;
}
