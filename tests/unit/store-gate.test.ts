// The embedded store's signature check (scripts/store-gate.mjs), with a clock of its own: the same
// address is accepted within its life and refused after it; requests signed by the AWS SDK's own
// signer (header-signed and presigned) are accepted, and any change to what they signed is not.
import { createHash, createHmac } from "node:crypto";
import { SignatureV4 } from "@smithy/signature-v4";

const KEY = { accessKeyId: "S3RVER", secretAccessKey: "store-secret-0123456789", region: "us-east-1" };
const HOST = "127.0.0.1:4569";
const T = Date.UTC(2026, 10, 24, 10, 30);

type Gate = typeof import("../../scripts/store-gate.mjs");
let gate: Gate;
beforeAll(async () => {
  gate = await import("../../scripts/store-gate.mjs");
});

const signer = new SignatureV4({
  credentials: { accessKeyId: KEY.accessKeyId, secretAccessKey: KEY.secretAccessKey },
  region: KEY.region,
  service: "s3",
  uriEscapePath: false,
  // The signer's hash constructor: an HMAC when given a key, else a plain SHA-256.
  sha256: class {
    private h: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
    constructor(key?: string | Uint8Array) {
      this.h = key ? createHmac("sha256", key) : createHash("sha256");
    }
    update(d: string | Uint8Array) {
      this.h.update(d);
    }
    async digest() {
      return new Uint8Array(this.h.digest());
    }
  } as never,
});

const toUrl = (req: { path: string; query?: Record<string, string | string[] | null> }) =>
  req.path +
  (req.query && Object.keys(req.query).length
    ? `?${Object.entries(req.query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
        .join("&")}`
    : "");

describe("store gate: Signature V4", () => {
  it("a presigned address is valid from its date for its life, and refused after it (or long before it)", async () => {
    const presigned = await signer.presign(
      {
        method: "GET",
        protocol: "http:",
        hostname: "127.0.0.1",
        port: 4569,
        path: "/vidfolio/a/b%20c.jpg",
        query: { "response-cache-control": "max-age=60" },
        headers: { host: HOST, "x-amz-content-sha256": "UNSIGNED-PAYLOAD" },
      },
      { signingDate: new Date(T), expiresIn: 3600 },
    );
    const req = { method: "GET", url: toUrl(presigned), headers: { host: HOST } };
    expect(gate.verifySignature(req, KEY, T + 1000)).toEqual({ ok: true });
    expect(gate.verifySignature(req, KEY, T + 3600_000)).toEqual({ ok: true });
    expect(gate.verifySignature(req, KEY, T + 3601_000)).toMatchObject({ ok: false, message: "Request has expired." });
    expect(gate.verifySignature(req, KEY, T - 20 * 60_000)).toMatchObject({ ok: false, message: "Request is not valid yet." });
    expect(gate.verifySignature({ ...req, url: req.url.replace("max-age%3D60", "max-age%3D61") }, KEY, T)).toMatchObject({ ok: false, code: "SignatureDoesNotMatch" });
    expect(gate.verifySignature({ ...req, method: "PUT" }, KEY, T)).toMatchObject({ ok: false, code: "SignatureDoesNotMatch" });
    expect(gate.verifySignature({ ...req, headers: { host: "127.0.0.1:4570" } }, KEY, T)).toMatchObject({ ok: false, code: "SignatureDoesNotMatch" });
    expect(gate.verifySignature(req, { ...KEY, secretAccessKey: "S3RVER" }, T)).toMatchObject({ ok: false, code: "SignatureDoesNotMatch" });
    expect(gate.verifySignature(req, { ...KEY, region: "eu-west-1" }, T)).toMatchObject({ ok: false });
  });

  it("a header-signed request is valid within 15 minutes of its date, and refused when a signed header changes", async () => {
    const body = "hello";
    const hash = createHash("sha256").update(body).digest("hex");
    const signed = await signer.sign(
      {
        method: "PUT",
        protocol: "http:",
        hostname: "127.0.0.1",
        port: 4569,
        path: "/vidfolio/k.txt",
        query: { "x-id": "PutObject" },
        headers: { host: HOST, "content-type": "text/plain", "content-length": "5", "x-amz-content-sha256": hash },
      },
      { signingDate: new Date(T) },
    );
    const headers = Object.fromEntries(Object.entries(signed.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const req = { method: "PUT", url: toUrl(signed), headers };
    expect(gate.verifySignature(req, KEY, T + 14 * 60_000)).toEqual({ ok: true });
    expect(gate.verifySignature(req, KEY, T + 16 * 60_000)).toMatchObject({ ok: false, code: "RequestTimeTooSkewed" });
    expect(gate.verifySignature({ ...req, headers: { ...headers, "content-type": "text/html" } }, KEY, T)).toMatchObject({ ok: false, code: "SignatureDoesNotMatch" });
    const { "content-length": _dropped, ...missing } = headers;
    expect(gate.verifySignature({ ...req, headers: missing }, KEY, T)).toMatchObject({ ok: false, message: "The signed header content-length is missing from the request." });
  });

  it("anonymous and malformed requests are refused", () => {
    expect(gate.verifySignature({ method: "GET", url: "/vidfolio/k", headers: { host: HOST } }, KEY, T)).toMatchObject({ ok: false, code: "AccessDenied" });
    expect(gate.verifySignature({ method: "GET", url: "/vidfolio/k", headers: { host: HOST, authorization: "AWS S3RVER:abc" } }, KEY, T)).toMatchObject({
      ok: false,
      code: "AuthorizationHeaderMalformed",
    });
    expect(gate.verifySignature({ method: "GET", url: "/vidfolio/k?X-Amz-Algorithm=AWS4-HMAC-SHA256", headers: { host: HOST } }, KEY, T)).toMatchObject({
      ok: false,
      code: "AuthorizationQueryParametersError",
    });
  });

  it("CORS: reads from anywhere, writes from the app's origins (loopback names alike)", () => {
    const origins = gate.appOrigins(["http://localhost:3000", undefined, "not a url"]);
    expect(origins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(gate.appOrigins(["https://app.vidfolio.com/"])).toEqual(["https://app.vidfolio.com"]);
    expect(gate.corsAllows("https://evil.example", "GET", origins)).toBe(true);
    expect(gate.corsAllows("https://evil.example", "PUT", origins)).toBe(false);
    expect(gate.corsAllows("http://127.0.0.1:3000", "PUT", origins)).toBe(true);
    expect(gate.corsAllows("http://localhost:3000", "PATCH", origins)).toBe(false);
  });
});

describe("store gate: one multipart upload's calls", () => {
  /** Runs `ops` through one lock table; each op holds for `ms` and records when it ran. */
  async function timeline(ops: { id: string; exclusive: boolean; at: number; ms: number }[]) {
    const withUpload = gate.uploadLocks();
    const spans: { i: number; start: number; end: number }[] = [];
    const t0 = Date.now();
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await Promise.all(
      ops.map(async (op, i) => {
        await sleep(op.at);
        await withUpload(op.id, op.exclusive, async () => {
          const start = Date.now() - t0;
          await sleep(op.ms);
          spans.push({ i, start, end: Date.now() - t0 });
        });
      }),
    );
    const overlap = (a: number, b: number) => {
      const [x, y] = [spans.find((s) => s.i === a)!, spans.find((s) => s.i === b)!];
      return x.start < y.end && y.start < x.end;
    };
    return overlap;
  }

  it("a completion (or abort) waits for the calls before it and holds those after; part writes run side by side", async () => {
    const overlap = await timeline([
      { id: "u1", exclusive: false, at: 0, ms: 60 }, // 0: a part
      { id: "u1", exclusive: false, at: 5, ms: 60 }, // 1: another part, alongside
      { id: "u1", exclusive: true, at: 10, ms: 60 }, // 2: complete: after 0 and 1
      { id: "u1", exclusive: true, at: 15, ms: 30 }, // 3: a second complete: after 2
      { id: "u1", exclusive: false, at: 20, ms: 10 }, // 4: a late part: after 2 and 3
      { id: "u2", exclusive: true, at: 20, ms: 30 }, // 5: another upload: not held
    ]);
    expect(overlap(0, 1)).toBe(true);
    expect(overlap(0, 2) || overlap(1, 2)).toBe(false);
    expect(overlap(2, 3)).toBe(false);
    expect(overlap(2, 4) || overlap(3, 4)).toBe(false);
    expect(overlap(2, 5) || overlap(0, 5)).toBe(true);
  });

  it("a call that fails releases its turn", async () => {
    const withUpload = gate.uploadLocks();
    await expect(withUpload("u", true, async () => Promise.reject(new Error("store said no")))).rejects.toThrow("store said no");
    await expect(withUpload("u", true, async () => "next")).resolves.toBe("next");
  });
});
