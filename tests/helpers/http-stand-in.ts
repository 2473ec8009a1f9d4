// A local HTTP server standing in for an outside API (Resend, Stripe): records every request and
// answers with what the test says.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
export type Reply = { status: number; body: unknown };

export async function startStandIn(reply: (req: Recorded) => Reply) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const rec = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      requests.push(rec);
      const { status, body: out } = reply(rec);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}
