import { signBearerToken, verifyBearerToken } from "@/lib/auth/token";
import { hashPassword, verifyPassword } from "@/lib/auth/password";

const SECRET = "unit-test-secret-0123456789abcdef";

describe("bearer tokens", () => {
  it("round-trips the account id and session version", async () => {
    const token = await signBearerToken({ sub: "a", sv: 3 }, SECRET);
    expect(await verifyBearerToken(token, SECRET)).toEqual({ sub: "a", sv: 3 });
  });
  it("refuses a token signed with another secret", async () => {
    const token = await signBearerToken({ sub: "a", sv: 0 }, "another-secret-0123456789abcdef");
    expect(await verifyBearerToken(token, SECRET)).toBeNull();
  });
  it("refuses a tampered token", async () => {
    const token = await signBearerToken({ sub: "a", sv: 0 }, SECRET);
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: "b" })).toString("base64url");
    expect(await verifyBearerToken(`${h}.${forged}.${s}`, SECRET)).toBeNull();
  });
  it("refuses an expired token", async () => {
    const token = await signBearerToken({ sub: "a", sv: 0 }, SECRET, 1);
    await new Promise((r) => setTimeout(r, 2100));
    expect(await verifyBearerToken(token, SECRET)).toBeNull();
  });
  it("refuses garbage", async () => {
    expect(await verifyBearerToken("not-a-token", SECRET)).toBeNull();
  });
});

describe("password hashing", () => {
  it("uses argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("s3cret-pass");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(hash, "s3cret-pass")).toBe(true);
    expect(await verifyPassword(hash, "s3cret-pasS")).toBe(false);
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });
});
