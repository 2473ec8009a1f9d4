// The request id that joins up a request's log lines (proxy.ts makes it, lib/log.ts writes it).
// Kept apart from lib/log.ts so the proxy bundle does not pull in the logger. The rule itself is in
// server/constants.cjs, which the production server's page front cache uses too.
import { REQUEST_ID_HEADER, requestIdFrom } from "@/server/constants.cjs";

export { REQUEST_ID_HEADER };

/**
 * The request's id: the `x-request-id` it carries when that looks like one (a load balancer's, or
 * the one proxy.ts set), otherwise a new one.
 */
export function requestIdOf(req: Request): string {
  return requestIdFrom(req.headers.get(REQUEST_ID_HEADER));
}
