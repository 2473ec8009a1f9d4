// The client's address, for the per-address limits (lib/security/throttle.ts). Never from a header a
// client can choose: `X-Real-IP`, `Forwarded` and a client's own `X-Forwarded-For` entries are ignored.
// - TRUST_PROXY=N (the number of proxies in front that append to X-Forwarded-For; "true" means 1):
//   the entry N places from the right, i.e. the address the outermost trusted proxy saw. (Without
//   a proxy in front Next.js sets the header to the socket address, which this then reads.)
// - Otherwise the socket address, which the production server (server/server.mjs) stamps on each
//   request in a header only this process can sign (server/socket-address.cjs).
// - Neither (plain `next start` / `next dev` with no TRUST_PROXY): "unknown", one bucket shared by
//   every client. That fails safe — no client can pick a fresh bucket — at the price that one
//   client's attempts count against everyone's per-address limit; the per-account limits are
//   unaffected. A warning is logged once. Production runs `npm start` (docs/operations.md).
import { isIPv6 } from "node:net";
import { SOCKET_HEADER } from "@/server/constants.cjs";
import { normaliseAddress, readSocketStamp } from "@/server/socket-address.cjs";
import { log } from "@/lib/log";
import { env } from "@/lib/env";

export const UNKNOWN_ADDRESS = "unknown";

type HeaderSource = { get(name: string): string | null };

/** How many proxies append to X-Forwarded-For in front of the app (TRUST_PROXY, lib/env.ts). */
export function trustedHops(): number {
  return env().TRUST_PROXY;
}

/** An IPv6 client holds a whole /64, so it is one bucket; an IPv4 address is its own. */
export function addressBucket(address: string): string {
  if (!isIPv6(address)) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

let warned = false;

/** The client's address bucket for rate limits ("unknown" when this process cannot know it). */
export function clientAddress(headers: HeaderSource): string {
  const hops = trustedHops();
  if (hops > 0) {
    const forwarded = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const entry = normaliseAddress(forwarded[Math.max(0, forwarded.length - hops)]);
    if (entry) return addressBucket(entry);
  }
  const socket = readSocketStamp(headers.get(SOCKET_HEADER));
  if (socket) return addressBucket(socket);
  if (!warned) {
    warned = true;
    log().warn("the client address is unknown (no TRUST_PROXY and not served by server/server.mjs): every client shares one per-address rate-limit bucket");
  }
  return UNKNOWN_ADDRESS;
}
