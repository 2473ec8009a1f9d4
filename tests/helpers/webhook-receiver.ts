// A local webhook receiver for the tests (issue 38.4): records every delivery (headers, raw body)
// and answers as the test says — a status, a redirect, or never (to time out).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | "hang";

export async function startReceiver(answer: (r: Received, n: number) => Answer = () => ({ status: 200 })) {
  const received: Received[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(r);
      const a = receiver.answer(r, received.length);
      if (a === "hang") {
        hanging.add(res);
        return;
      }
      res.writeHead(a.status, a.headers);
      res.end(a.body ?? "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const receiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answer,
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return receiver;
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * A test file's receiver, started once: before each test it answers 200 again and has received
 * nothing, and private addresses may be reached (WEBHOOKS_ALLOW_PRIVATE, off again after the test).
 */
export function receiverForFile(): () => Receiver {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  beforeEach(() => {
    process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
    receiver.received.length = 0;
    receiver.answer = () => ({ status: 200 });
  });
  afterEach(() => {
    delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  });
  return () => receiver;
}
