// The embedded store's gate (scripts/embedded.mjs puts it in front of s3rver, which accepts any
// request, signed or not: its Signature V4 check is unimplemented). It makes the local store private
// the way S3 is:
// - every request must carry a valid AWS Signature Version 4 made with the store's key: header-signed
//   (the SDK's own calls) or presigned in the query string (media addresses, browser uploads), with
//   every header it lists as signed (content-type, content-length …) exactly as sent, within its
//   expiry (presigned) or 15 minutes of the store's clock (header-signed);
// - CORS: reads (GET, HEAD) from any origin, since a studio's gallery plays media from its own
//   custom domain and a signed address is the permission anyway; writes (PUT, POST, DELETE) only
//   from the app's own origins. No credentials (cookies) are ever allowed.
// What it does not check is written in docs/security.md ("The embedded store").
import crypto from "node:crypto";

const ALGORITHM = "AWS4-HMAC-SHA256";
/** How long the store keeps an idle kept-alive connection (scripts/embedded.mjs says why not Node's 5 s). */
export const STORE_KEEP_ALIVE_MS = 65_000;
const MAX_SKEW_MS = 15 * 60_000;
const MAX_PRESIGN_SEC = 7 * 24 * 3600;
const READS = new Set(["GET", "HEAD"]);
const WRITES = new Set(["PUT", "POST", "DELETE"]);

const rfc3986 = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key, data) => crypto.createHmac("sha256", key).update(data, "utf8").digest();
const sha256 = (data) => crypto.createHash("sha256").update(data, "utf8").digest("hex");

function parseDate(s) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s ?? "");
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

/** The query string's parameters as sent (decoded, `+` kept literally as S3 does). */
function queryParams(raw) {
  if (!raw) return [];
  return raw
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      const k = at < 0 ? pair : pair.slice(0, at);
      const v = at < 0 ? "" : pair.slice(at + 1);
      try {
        return [decodeURIComponent(k), decodeURIComponent(v)];
      } catch {
        return [k, v];
      }
    });
}

const refuse = (code, message) => ({ ok: false, code, message });

/**
 * Checks a request's Signature V4 against the store's key. `headers`: lower-case names (Node's
 * `req.headers`); `url`: the request target as sent (path and query).
 * @returns {{ ok: true } | { ok: false, code: string, message: string }}
 */
export function verifySignature({ method, url, headers }, key, now = Date.now()) {
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  const params = queryParams(q < 0 ? "" : url.slice(q + 1));
  const get = (name) => params.find(([k]) => k === name)?.[1];
  const auth = headers.authorization;
  const presigned = get("X-Amz-Algorithm") !== undefined;
  if (!auth && !presigned) return refuse("AccessDenied", "Anonymous requests are not allowed: this store is private.");
  if (auth && presigned) return refuse("InvalidArgument", "Only one auth mechanism allowed.");

  let credential, signedHeaders, signature, date, payloadHash;
  if (presigned) {
    if (get("X-Amz-Algorithm") !== ALGORITHM) return refuse("AuthorizationQueryParametersError", `X-Amz-Algorithm only supports "${ALGORITHM}".`);
    credential = get("X-Amz-Credential");
    signedHeaders = get("X-Amz-SignedHeaders");
    signature = get("X-Amz-Signature");
    date = parseDate(get("X-Amz-Date"));
    const expires = Number(get("X-Amz-Expires"));
    if (!credential || !signedHeaders || !signature || Number.isNaN(date) || !Number.isInteger(expires))
      return refuse("AuthorizationQueryParametersError", "A presigned request needs X-Amz-Credential, -Date, -Expires, -SignedHeaders and -Signature.");
    if (expires < 1 || expires > MAX_PRESIGN_SEC) return refuse("AuthorizationQueryParametersError", "X-Amz-Expires must be between 1 second and 7 days.");
    if (date - now > MAX_SKEW_MS) return refuse("AccessDenied", "Request is not valid yet.");
    if (now > date + expires * 1000) return refuse("AccessDenied", "Request has expired.");
    payloadHash = get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD";
  } else {
    const m = /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})\s*$/.exec(auth);
    if (!m) return refuse("AuthorizationHeaderMalformed", "The authorization header is malformed (only AWS4-HMAC-SHA256 is accepted).");
    [, credential, signedHeaders, signature] = m;
    date = parseDate(headers["x-amz-date"]);
    if (Number.isNaN(date)) return refuse("AccessDenied", "AWS authentication requires a valid x-amz-date header.");
    if (Math.abs(now - date) > MAX_SKEW_MS) return refuse("RequestTimeTooSkewed", "The difference between the request time and the current time is too large.");
    payloadHash = headers["x-amz-content-sha256"];
    if (!payloadHash) return refuse("InvalidRequest", "Missing required header for this request: x-amz-content-sha256.");
  }

  const [accessKeyId, day, region, service, terminator, ...rest] = credential.split("/");
  if (accessKeyId !== key.accessKeyId) return refuse("InvalidAccessKeyId", "The access key id you provided does not exist in our records.");
  if (rest.length || service !== "s3" || terminator !== "aws4_request" || region !== key.region || day !== new Date(date).toISOString().slice(0, 10).replace(/-/g, "")) {
    return refuse("AuthorizationHeaderMalformed", "The credential scope is not this store's.");
  }
  const names = signedHeaders.split(";");
  if (!names.includes("host") || names.some((n) => n !== n.toLowerCase())) return refuse("AccessDenied", "The host header must be signed.");
  const canonicalHeaders = [];
  for (const name of names) {
    const value = headers[name];
    if (value === undefined) return refuse("AccessDenied", `The signed header ${name} is missing from the request.`);
    canonicalHeaders.push(
      `${name}:${String(Array.isArray(value) ? value.join(",") : value)
        .trim()
        .replace(/\s+/g, " ")}\n`,
    );
  }
  const canonicalQuery = params
    .filter(([k]) => !(presigned && k === "X-Amz-Signature"))
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalRequest = [method, path, canonicalQuery, canonicalHeaders.join(""), signedHeaders, payloadHash].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, presigned ? get("X-Amz-Date") : headers["x-amz-date"], scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), region), "s3"), "aws4_request");
  const expected = Buffer.from(crypto.createHmac("sha256", signingKey).update(stringToSign, "utf8").digest("hex"));
  const given = Buffer.from(String(signature));
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    return refuse("SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided.");
  }
  return { ok: true };
}

/** Which origins may do what: any for reads, the app's own for writes. */
export function corsAllows(origin, method, writeOrigins) {
  if (READS.has(method)) return true;
  return WRITES.has(method) && writeOrigins.includes(origin);
}

/**
 * The app's origins from its address, with the loopback equivalents on the same port (a studio may
 * open http://127.0.0.1:3000 as well as http://localhost:3000).
 */
export function appOrigins(appUrls) {
  const out = new Set();
  for (const raw of appUrls) {
    if (!raw) continue;
    let u;
    try {
      u = new URL(raw);
    } catch {
      continue;
    }
    out.add(u.origin);
    if (["localhost", "127.0.0.1", "[::1]"].includes(u.hostname)) {
      for (const host of ["localhost", "127.0.0.1", "[::1]"]) out.add(`${u.protocol}//${host}${u.port ? `:${u.port}` : ""}`);
    }
  }
  return [...out];
}

/**
 * One multipart upload's calls, one at a time where S3 makes them atomic: completing and aborting
 * (POST and DELETE with `uploadId`) wait for every call on that upload before them and hold the
 * ones after; writing and listing parts (PUT, GET) run side by side. s3rver completes an upload by
 * opening its part files and then deleting them, so a second completion arriving meanwhile (the
 * SDK retrying a slow first one) opened files already gone, and the unhandled stream error ended
 * the store's process (tests/integration/store-races.test.ts, tests/unit/store-gate.test.ts).
 */
export function uploadLocks() {
  const byId = new Map();
  return async function withUpload(uploadId, exclusive, run) {
    let s = byId.get(uploadId);
    if (!s) byId.set(uploadId, (s = { exclusive: Promise.resolve(), running: new Set(), users: 0 }));
    s.users += 1;
    let release;
    const mine = new Promise((resolve) => (release = resolve));
    const before = exclusive ? [s.exclusive, ...s.running] : [s.exclusive];
    if (exclusive) s.exclusive = mine;
    else s.running.add(mine);
    try {
      await Promise.all(before);
      return await run();
    } finally {
      release();
      s.running.delete(mine);
      s.users -= 1;
      if (s.users === 0) byId.delete(uploadId);
    }
  };
}

const xml = (code, message) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<&>]/g, "")}</Message></Error>`;

/**
 * A Koa middleware for s3rver, put first in its chain: CORS as above (s3rver's own CORS headers are
 * replaced), then the signature check; a refusal is a 403 with S3's XML error.
 * @param {{ accessKeyId: string, secretAccessKey: string, region: string, writeOrigins: string[], now?: () => number }} options
 */
export function storeGate(options) {
  const now = options.now ?? Date.now;
  const withUpload = uploadLocks();
  return async function gate(ctx, next) {
    const origin = ctx.get("origin");
    const method = ctx.method.toUpperCase();
    if (method === "OPTIONS") {
      const wanted = ctx.get("access-control-request-method").toUpperCase();
      if (!origin || !wanted || !corsAllows(origin, wanted, options.writeOrigins)) {
        ctx.status = 403;
        ctx.type = "application/xml";
        ctx.body = xml("CORSResponse", "This CORS request is not allowed.");
        return;
      }
      ctx.status = 200;
      ctx.set("Access-Control-Allow-Origin", READS.has(wanted) ? "*" : origin);
      ctx.set("Access-Control-Allow-Methods", READS.has(wanted) ? "GET, HEAD" : [...WRITES].join(", "));
      if (ctx.get("access-control-request-headers")) ctx.set("Access-Control-Allow-Headers", ctx.get("access-control-request-headers"));
      ctx.set("Access-Control-Max-Age", "3000");
      ctx.set("Vary", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers");
      ctx.body = "";
      return;
    }
    const cors = () => {
      for (const name of ctx.response.headers ? Object.keys(ctx.response.headers) : []) if (name.startsWith("access-control-")) ctx.remove(name);
      if (origin && corsAllows(origin, method, options.writeOrigins)) {
        ctx.set("Access-Control-Allow-Origin", READS.has(method) ? "*" : origin);
        ctx.set("Access-Control-Expose-Headers", "ETag, Content-Length, Content-Range, Accept-Ranges");
        ctx.set("Vary", "Origin");
      }
    };
    // A write from another site is refused outright (not only left unreadable by its page).
    const verdict =
      origin && WRITES.has(method) && !corsAllows(origin, method, options.writeOrigins)
        ? refuse("AccessDenied", "Writes are accepted from the app's own origin only.")
        : verifySignature({ method, url: ctx.originalUrl, headers: ctx.req.headers }, options, now());
    if (!verdict.ok) {
      ctx.status = 403;
      ctx.type = "application/xml";
      ctx.body = xml(verdict.code, verdict.message);
      cors();
      return;
    }
    try {
      const uploadId = ctx.query.uploadId;
      if (typeof uploadId === "string" && uploadId) await withUpload(uploadId, method === "POST" || method === "DELETE", next);
      else await next();
    } finally {
      cors();
    }
  };
}
