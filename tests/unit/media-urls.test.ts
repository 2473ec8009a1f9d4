// Media addresses are signed (lib/storage/urls.ts): the synchronous S3 presigner makes exactly what
// the AWS SDK's presigner makes; addresses are stable within a 30-minute window and valid an hour
// from its start; CloudFront addresses carry a canned policy signed with the CDN's key.
import { createVerify, generateKeyPairSync } from "node:crypto";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

const STORE = {
  S3_ENDPOINT: "http://127.0.0.1:4569",
  S3_BUCKET: "vidfolio",
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "store-secret-0123456789",
  S3_FORCE_PATH_STYLE: "true",
};
const BASE = { DATABASE_URL: "postgres://x@localhost/x", AUTH_SECRET: "unit-test-secret-0123456789" };

async function withEnv<T>(vars: Record<string, string>, run: (m: typeof import("@/lib/storage/urls")) => Promise<T> | T): Promise<T> {
  const saved = { ...process.env };
  for (const k of Object.keys(process.env)) if (/^(S3_|CDN_|MEDIA_)/.test(k)) delete process.env[k];
  Object.assign(process.env, BASE, vars);
  jest.resetModules();
  try {
    return await run(await import("@/lib/storage/urls"));
  } finally {
    process.env = saved;
  }
}

const KEY = "a1/f2/g3/clip (1)!.mp4.derived/hls/720p_000.ts";

describe("S3 presigned GETs", () => {
  it("are byte for byte what the AWS SDK's presigner makes", async () => {
    await withEnv(STORE, async ({ presignGet }) => {
      const signedAt = Date.UTC(2026, 10, 24, 10, 30);
      for (const credentials of [
        { accessKeyId: "AK", secretAccessKey: "SK" },
        { accessKeyId: "AK", secretAccessKey: "SK", sessionToken: "TOKEN/with+chars=" },
      ]) {
        for (const [endpoint, forcePathStyle, url] of [
          ["http://127.0.0.1:4569", true, `http://127.0.0.1:4569/vidfolio/a1/f2/g3/clip%20%281%29%21.mp4.derived/hls/720p_000.ts`],
          [undefined, false, `https://vidfolio.s3.eu-west-1.amazonaws.com/a1/f2/g3/clip%20%281%29%21.mp4.derived/hls/720p_000.ts`],
        ] as const) {
          const client = new S3Client({ region: "eu-west-1", endpoint, forcePathStyle, credentials });
          const disposition = 'attachment; filename="A b.mp4"';
          const sdk = await getSignedUrl(client, new GetObjectCommand({ Bucket: "vidfolio", Key: KEY, ResponseContentDisposition: disposition }), { expiresIn: 3600, signingDate: new Date(signedAt) });
          const ours = presignGet({
            url,
            region: "eu-west-1",
            credentials,
            signedAt,
            expiresInSec: 3600,
            // The SDK adds these two for GetObject: sign them too, to compare whole addresses.
            query: { "response-content-disposition": disposition, "x-amz-checksum-mode": "ENABLED", "x-id": "GetObject" },
          });
          expect(ours).toBe(sdk);
        }
      }
    });
  });

  it("are the same string for a whole 30-minute window, valid an hour from its start, never served with less than 10 minutes left", async () => {
    await withEnv(STORE, ({ mediaUrl, signingWindow }) => {
      const start = Date.UTC(2026, 10, 24, 10, 30);
      const a = mediaUrl("k/thumb.jpg", { now: start + 1000 })!;
      expect(mediaUrl("k/thumb.jpg", { now: start + 29 * 60_000 })).toBe(a);
      expect(mediaUrl("k/thumb.jpg", { now: start + 30 * 60_000 })).not.toBe(a);
      const u = new URL(a);
      expect(u.origin + u.pathname).toBe("http://127.0.0.1:4569/vidfolio/k/thumb.jpg");
      expect(u.searchParams.get("X-Amz-Date")).toBe("20261124T103000Z");
      expect(u.searchParams.get("X-Amz-Expires")).toBe("3600");
      expect(u.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
      // Its key never changes content (uploads get unique names, derived files are made once per key): the browser keeps it.
      expect(u.searchParams.get("response-cache-control")).toBe("private, max-age=31536000, immutable");
      expect(signingWindow(start + 5 * 60_000)).toEqual({ signedAt: start, expiresAt: start + 3600_000, servableUntil: start + 50 * 60_000 });
      expect(mediaUrl(null)).toBeNull();
      expect(mediaUrl("https://elsewhere.example/logo.png")).toBe("https://elsewhere.example/logo.png");
    });
  });

  it("without a CDN there is no fallback host", async () => {
    await withEnv(STORE, ({ fallbackMediaUrl }) => expect(fallbackMediaUrl("k/a.mp4")).toBeNull());
  });
});

describe("CloudFront signed URLs", () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
  const CDN = { ...STORE, CDN_BASE_URL: "https://media.example.com/", CDN_KEY_PAIR_ID: "K2JCJMDEHXQW5F", CDN_PRIVATE_KEY: pem };

  function verifies(url: string): boolean {
    const u = new URL(url);
    const resource = `${u.origin}${u.pathname}`;
    const policy = JSON.stringify({ Statement: [{ Resource: resource, Condition: { DateLessThan: { "AWS:EpochTime": Number(u.searchParams.get("Expires")) } } }] });
    const signature = Buffer.from(u.searchParams.get("Signature")!.replace(/-/g, "+").replace(/_/g, "=").replace(/~/g, "/"), "base64");
    return createVerify("RSA-SHA1").update(policy).verify(publicKey, signature);
  }

  it("sign the CDN's address with a canned policy; the store is the fallback host, presigned", async () => {
    await withEnv(CDN, ({ mediaUrl, fallbackMediaUrl }) => {
      const now = Date.UTC(2026, 10, 24, 10, 45);
      const url = mediaUrl("k/thumb.jpg", { now })!;
      const u = new URL(url);
      expect(u.origin + u.pathname).toBe("https://media.example.com/k/thumb.jpg");
      expect(u.searchParams.get("Key-Pair-Id")).toBe("K2JCJMDEHXQW5F");
      expect(Number(u.searchParams.get("Expires"))).toBe(Date.UTC(2026, 10, 24, 11, 30) / 1000);
      expect(verifies(url)).toBe(true);
      expect(verifies(url.replace("thumb.jpg", "other.jpg"))).toBe(false);
      expect(fallbackMediaUrl("k/thumb.jpg", { now })).toMatch(/^http:\/\/127\.0\.0\.1:4569\/vidfolio\/k\/thumb\.jpg\?.*X-Amz-Signature=/);
    });
  });

  it("accept the key as base64 of the PEM, and sign a fallback distribution the same way", async () => {
    await withEnv({ ...CDN, CDN_PRIVATE_KEY: Buffer.from(pem).toString("base64"), MEDIA_FALLBACK_BASE_URL: "https://media-2.example.com" }, ({ fallbackMediaUrl }) => {
      const url = fallbackMediaUrl("k/a.mp4")!;
      expect(url).toMatch(/^https:\/\/media-2\.example\.com\/k\/a\.mp4\?Expires=\d+&Signature=[A-Za-z0-9~_-]+&Key-Pair-Id=K2JCJMDEHXQW5F$/);
      expect(verifies(url)).toBe(true);
    });
  });

  it("a CDN without its signing key stops the app with a message naming the variables", async () => {
    await withEnv({ ...STORE, CDN_BASE_URL: "https://media.example.com" }, ({ mediaUrl }) => {
      expect(() => mediaUrl("k/a.jpg")).toThrow(/CDN_BASE_URL needs CDN_KEY_PAIR_ID and CDN_PRIVATE_KEY/);
    });
  });
});
