// The request id that joins up a request's log lines (proxy.ts makes it, lib/log.ts writes it).
// Kept apart from lib/log.ts so the proxy bundle does not pull in the logger.

/** The header: set by proxy.ts on the forwarded request and on every answer. */
export const REQUEST_ID_HEADER = "x-request-id";

/** A request id we accept from outside (a load balancer's): short, plain characters only. */
const TRUSTED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: the `x-request-id` it carries when that looks like one (a load balancer's, or
 * the one proxy.ts set), otherwise a new one.
 */
export function requestIdOf(req: Request): string {
  const given = req.headers.get(REQUEST_ID_HEADER);
  return given && TRUSTED_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}
