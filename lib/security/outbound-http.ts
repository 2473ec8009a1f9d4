// Outbound requests to addresses a studio chose (webhook endpoints): the guard against being used to
// reach the inside (SSRF). The name is resolved once, every address it gave is checked
// (lib/services/platform/rules/webhooks/address.ts) and the connection goes to a checked address (the lookup the socket
// itself uses: no second resolution that could answer differently), with the URL's host in the
// Host header and TLS's SNI. No redirect is followed (a 3xx is an answer like any other: the caller
// decides), the whole exchange is bounded in time, and at most `maxBytes` of the answer are read.
import "@/lib/server-only";
import http from "node:http";
import https from "node:https";
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import { isIpLiteral, isPublicAddress } from "@/lib/services/platform/rules/webhooks/address";

export type OutboundOptions = {
  /** Private, loopback and link-local addresses allowed (WEBHOOKS_ALLOW_PRIVATE: tests and development only). */
  allowPrivate: boolean;
  /** Only https:// (production). */
  httpsOnly: boolean;
  timeoutMs: number;
  maxBytes: number;
};

export type OutboundResult = {
  /** The answer's HTTP status; null when there was none (refused, unreachable, timed out). */
  status: number | null;
  latencyMs: number;
  /** The first `maxBytes` of the answer's body, as text. */
  body: string;
  /** Why there was no answer. */
  error: string | null;
};

class RefusedAddressError extends Error {
  constructor(host: string) {
    super(`refused: ${host} is a private, loopback or link-local address`);
    this.name = "RefusedAddressError";
  }
}

export type UrlRefusal = { kind: "invalid" | "scheme" | "private"; message: string };

/** Why a URL may not be requested at all (not a URL, its scheme, credentials in it, its literal address), or null. */
export function urlRefusal(url: string, opts: Pick<OutboundOptions, "allowPrivate" | "httpsOnly">): UrlRefusal | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { kind: "invalid", message: "not a URL" };
  }
  if (u.protocol !== "https:" && (opts.httpsOnly || u.protocol !== "http:")) return { kind: "scheme", message: opts.httpsOnly ? "only https:// addresses" : "only http:// or https:// addresses" };
  if (u.username || u.password) return { kind: "invalid", message: "no user name or password in the address" };
  const host = u.hostname.replace(/^\[|\]$/g, "");
  if (!opts.allowPrivate && isIpLiteral(host) && !isPublicAddress(host)) return { kind: "private", message: new RefusedAddressError(host).message };
  return null;
}

/** dns.lookup, refusing the name when any address it resolves to is not public. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      if (addresses.length === 0) return callback(new Error(`no address for ${hostname}`), "", 0);
      if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) return callback(new RefusedAddressError(hostname), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** An idle kept connection is closed after this (below the usual 5 s of servers, so a server seldom closes one as it is reused). */
const IDLE_MS = 4_000;
type Agents = { http: http.Agent; https: https.Agent };
const pools = new Map<boolean, Agents>();

/**
 * Connections kept open between requests to the same origin (a TCP and TLS handshake per webhook
 * delivery was most of its cost). One pool per address rule: a connection opened (its address
 * checked) with private addresses allowed never serves a request under the other rule. A kept
 * connection stays with the address checked when it opened, whatever the name resolves to later.
 */
function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  let agents = pools.get(allowPrivate);
  if (!agents) {
    agents = { http: new http.Agent({ keepAlive: true, timeout: IDLE_MS }), https: new https.Agent({ keepAlive: true, timeout: IDLE_MS }) };
    pools.set(allowPrivate, agents);
  }
  return protocol === "https:" ? agents.https : agents.http;
}

/** POSTs `body` to `url`; never throws: what happened is in the result. */
export function postOutbound(url: string, body: string, headers: Record<string, string>, opts: OutboundOptions): Promise<OutboundResult> {
  const refusal = urlRefusal(url, opts);
  if (refusal) return Promise.resolve({ status: null, latencyMs: 0, body: "", error: refusal.message });
  return send(url, body, headers, opts, true);
}

/** Resets of a kept connection the server closed as it was reused: the request is sent again once, on a new connection. */
const STALE_SOCKET = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

function send(url: string, body: string, headers: Record<string, string>, opts: OutboundOptions, reuse: boolean): Promise<OutboundResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const u = new URL(url);
  const client = u.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<OutboundResult, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...r, latencyMs: elapsed() });
    };
    const req = client.request(u, {
      method: "POST",
      agent: reuse ? agentFor(u.protocol, opts.allowPrivate) : false,
      lookup: checkedLookup(opts.allowPrivate),
      headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), "user-agent": "Vidfolio-Webhooks/1.0" },
    });
    const deadline = setTimeout(() => req.destroy(new Error(`timed out after ${opts.timeoutMs / 1000} s`)), opts.timeoutMs);
    req.on("error", (e) => {
      if (reuse && req.reusedSocket && !settled && STALE_SOCKET.has((e as NodeJS.ErrnoException).code ?? "")) {
        settled = true;
        clearTimeout(deadline);
        return void send(url, body, headers, opts, false).then(resolve);
      }
      finish({ status: null, body: "", error: e.message });
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish({ status: res.statusCode ?? null, body: Buffer.concat(chunks).subarray(0, opts.maxBytes).toString("utf8"), error: null });
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest is not waited for (nor held in memory).
        if (size >= opts.maxBytes) {
          done();
          res.destroy();
        }
      });
      res.on("end", done);
      res.on("error", done);
      res.on("close", done);
    });
    req.end(body);
  });
}
