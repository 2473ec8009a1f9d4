// The embedded store is private (issue 17, item 9): scripts/store-gate.mjs in front of s3rver refuses
// anonymous, forged, tampered and expired requests, enforces the headers a presigned upload signs,
// and answers CORS for reads from anywhere and for writes from the app's origin only.
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { bucket, s3 } from "@/lib/storage/client";
import { mediaUrl } from "@/lib/storage/urls";
import { putObjects } from "../helpers/storage";
import { STORE_KEEP_ALIVE_MS } from "../../scripts/store-gate.mjs";

const endpoint = () => `${process.env.S3_ENDPOINT}/${process.env.S3_BUCKET}`;
const KEY = `gate-test/${Date.now()}/thumb.jpg`;
const APP = "http://localhost:3000";
const EVIL = "https://evil.example";

beforeAll(() => putObjects([KEY]));

const code = async (res: Response) => (await res.text()).match(/<Code>([^<]+)<\/Code>/)?.[1];

describe("the embedded store refuses what is not signed with its key", () => {
  it("anonymous reads, listings and writes are refused (403 AccessDenied), and nothing is written", async () => {
    for (const [method, url, body] of [
      ["GET", `${endpoint()}/${KEY}`],
      ["HEAD", `${endpoint()}/${KEY}`],
      ["GET", `${endpoint()}?prefix=gate-test/`],
      ["GET", `${process.env.S3_ENDPOINT}/`],
      ["PUT", `${endpoint()}/gate-test/anonymous.html`, "<script>alert(1)</script>"],
      ["DELETE", `${endpoint()}/${KEY}`],
    ] as const) {
      const res = await fetch(url, { method, body });
      expect([method, url, res.status]).toEqual([method, url, 403]);
      if (method !== "HEAD") expect(await code(res)).toBe("AccessDenied");
    }
    expect((await fetch(mediaUrl(KEY)!)).status).toBe(200);
    expect((await fetch(mediaUrl("gate-test/anonymous.html")!)).status).toBe(404);
  });

  it("a media address works as signed, and not without its signature, tampered, for another key, or once expired", async () => {
    const url = mediaUrl(KEY)!;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`content of ${KEY}`);
    expect(res.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");

    const unsigned = new URL(url);
    for (const p of [...unsigned.searchParams.keys()]) if (/^X-Amz-/i.test(p)) unsigned.searchParams.delete(p);
    expect((await fetch(unsigned)).status).toBe(403);
    const tampered = url.replace(/X-Amz-Signature=([0-9a-f])/, (_, c: string) => `X-Amz-Signature=${c === "0" ? "1" : "0"}`);
    expect(await code(await fetch(tampered))).toBe("SignatureDoesNotMatch");
    expect((await fetch(url.replace("thumb.jpg", "other.jpg"))).status).toBe(403);
    expect((await fetch(url.replace("X-Amz-Expires=3600", "X-Amz-Expires=86400"))).status).toBe(403);
    // The same address as the app handed it out two hours ago: correctly signed, expired.
    const old = await fetch(mediaUrl(KEY, { now: Date.now() - 2 * 3600_000 })!);
    expect(old.status).toBe(403);
    expect(await old.text()).toContain("Request has expired");
  });

  it("header-signed calls with another secret or another access key are refused", async () => {
    for (const credentials of [
      { accessKeyId: process.env.S3_ACCESS_KEY_ID!, secretAccessKey: "S3RVER" },
      { accessKeyId: "SOMEONE", secretAccessKey: process.env.S3_SECRET_ACCESS_KEY! },
    ]) {
      const other = new S3Client({ region: "us-east-1", endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, credentials });
      await expect(other.send(new GetObjectCommand({ Bucket: bucket(), Key: KEY }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      await expect(other.send(new PutObjectCommand({ Bucket: bucket(), Key: "gate-test/forged.txt", Body: "x" }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    }
  });

  it("a presigned upload must send the headers it signed, exactly (type and length)", async () => {
    const key = `gate-test/${Date.now()}/logo.png`;
    const url = await getSignedUrl(s3(), new PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: "image/png", ContentLength: 4 }), {
      expiresIn: 60,
      signableHeaders: new Set(["content-type", "content-length"]),
    });
    expect(new URL(url).searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    const put = (type: string, body: string) => fetch(url, { method: "PUT", headers: { "content-type": type }, body });
    expect((await put("text/html", "abcd")).status).toBe(403);
    expect((await put("image/png", "<svg onload=alert(1)>")).status).toBe(403);
    expect((await fetch(mediaUrl(key)!)).status).toBe(404);
    expect((await put("image/png", "abcd")).status).toBe(200);
    expect(await (await fetch(mediaUrl(key)!)).text()).toBe("abcd");
  });
});

it("keeps an idle connection about a minute, so a client reusing one after a few quiet seconds does not meet its close (EPIPE)", async () => {
  const res = await fetch(mediaUrl(KEY)!);
  expect(res.status).toBe(200);
  expect(res.headers.get("keep-alive")).toBe(`timeout=${STORE_KEEP_ALIVE_MS / 1000}`);
  expect(STORE_KEEP_ALIVE_MS).toBeGreaterThanOrEqual(60_000);
});

describe("the embedded store's CORS", () => {
  const preflight = (origin: string, method: string) =>
    fetch(`${endpoint()}/${KEY}`, { method: "OPTIONS", headers: { origin, "access-control-request-method": method, "access-control-request-headers": "content-type" } });

  it("lets any origin read (a studio's custom domain plays media), without credentials", async () => {
    for (const origin of [APP, "https://gallery.some-studio.com", EVIL]) {
      const pre = await preflight(origin, "GET");
      expect(pre.status).toBe(200);
      expect(pre.headers.get("access-control-allow-origin")).toBe("*");
      const res = await fetch(mediaUrl(KEY)!, { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });

  it("takes writes from the app's origin only: another site's preflight and its signed PUT are refused", async () => {
    const ok = await preflight(APP, "PUT");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe(APP);
    expect(ok.headers.get("access-control-allow-methods")).toContain("PUT");
    expect((await preflight("http://127.0.0.1:3000", "PUT")).status).toBe(200);

    for (const method of ["PUT", "POST", "DELETE"]) {
      const pre = await preflight(EVIL, method);
      expect(pre.status).toBe(403);
      expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    }
    const key = `gate-test/${Date.now()}/from-evil.txt`;
    const url = await getSignedUrl(s3(), new PutObjectCommand({ Bucket: bucket(), Key: key }), { expiresIn: 60 });
    const evil = await fetch(url, { method: "PUT", headers: { origin: EVIL }, body: "x" });
    expect(evil.status).toBe(403);
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    expect((await fetch(mediaUrl(key)!)).status).toBe(404);
    const mine = await fetch(url, { method: "PUT", headers: { origin: APP }, body: "x" });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("access-control-allow-origin")).toBe(APP);
    expect(mine.headers.get("access-control-expose-headers")).toContain("ETag");
  });
});
