// The request-id rule, shared by lib/request-id.ts (proxy.ts, the route wrappers) and the
// production server's page front cache (lib/cache/front-cache.cjs, plain JavaScript at run time).
"use strict";

/** The header: set on the forwarded request and on every answer. */
const REQUEST_ID_HEADER = "x-request-id";

/** A request id we accept from outside (a load balancer's): short, plain characters only. */
const TRUSTED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id a request carries when it looks like one, otherwise a new one. */
function requestIdFrom(given) {
  return typeof given === "string" && TRUSTED_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

module.exports = { REQUEST_ID_HEADER, TRUSTED_REQUEST_ID, requestIdFrom };
