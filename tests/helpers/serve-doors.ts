// Serves a few route handlers over real HTTP on a free local port, for what runs outside the test
// process (docs/examples, the local webhook forwarder): each request becomes a NextRequest (request()),
// the answer's status, headers and body are sent as they come (a server-sent event stream included,
// cancelled when the client goes).
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { NextRequest } from "next/server";
import { request } from "./requests";

export type Doors = Record<string, (r: NextRequest) => Promise<Response>>;

/** `doors`: "<METHOD> <path>" → the handler call. Unknown paths are a 404. */
export function serveDoors(doors: Doors): Promise<{ url: string; close: () => void }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const u = new URL(req.url!, "http://example");
    const door = doors[`${req.method} ${u.pathname}`];
    const raw = Buffer.concat(chunks).toString("utf8");
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const lastEventId = req.headers["last-event-id"];
    const headers: Record<string, string> = { ...(raw ? { "content-type": "application/json" } : {}), ...(typeof lastEventId === "string" ? { "last-event-id": lastEventId } : {}) };
    const answer = door ? await door(request(req.method!, `${u.pathname}${u.search}`, { token, rawBody: raw || undefined, headers })) : Response.json({ code: "not_found" }, { status: 404 });
    res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    if (!answer.body) return void res.end();
    const reader = answer.body.getReader();
    res.on("close", () => void reader.cancel().catch(() => {}));
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) res.write(r.value);
    } catch {
      // the client went
    }
    res.end();
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}
