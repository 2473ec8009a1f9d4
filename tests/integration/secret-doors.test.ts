// The secret-doors matrix (issue 17, generic test a). Every door that checks a secret — found from
// the code: every call of a verifier (verifyPassword, consumeImpersonation, timingSafeEqual,
// constructEvent, guardSecret) and every next-auth provider must be covered by a door in
// tests/helpers/secret-doors.ts or exempted there with its reason — is driven with wrong secrets
// × every body encoding (JSON, form, multipart) × repeated fields × forged address headers
// (X-Real-IP, X-Forwarded-For, Forwarded, all different every time):
// - against one account from ever-new addresses, it reaches 429 within 11 tries and then refuses
//   the right secret too;
// - from one socket address against ever-new accounts, it reaches 429 within 11 tries;
// - an encoding it does not read, or a form with the secret's field twice, is refused without
//   verifying (never a success, never a 5xx, even with the right secret).
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { RATE_WINDOW_MS } from "@/lib/security/rate-limit";
import { db } from "@/lib/db";
import { someAddress } from "../helpers/requests";
import { PROVIDERS, SECRET_DOORS, VERIFIERS, wrongSecret, type Attempt, type Encoding, type Fields, type SecretDoor } from "../helpers/secret-doors";

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);
jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, "../..");
const LIMIT = 11;
const VERIFIER_CALL = /\b(verifyPassword|consumeImpersonation|timingSafeEqual|constructEvent|guardSecret)\(/g;
const HASH_LIBRARIES = /from\s+["'](@node-rs\/argon2|@node-rs\/bcrypt|bcrypt|bcryptjs|argon2)["']/;

function sources(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return /\.(ts|tsx|cjs|mjs|js)$/.test(e.name) && !/\.d\.c?ts$/.test(e.name) ? [rel.split(path.sep).join("/")] : [];
  });
}

/** Source without comments (a verifier named in a comment is not a call). */
const code = (file: string) =>
  fs
    .readFileSync(path.join(ROOT, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/** Calls of each verifier per file, definitions excluded. */
function verifierCalls(): Record<string, Record<string, number>> {
  const found: Record<string, Record<string, number>> = {};
  for (const file of ["app", "lib", "pages", "components", "scripts", "server"].flatMap(sources)) {
    for (const m of code(file).matchAll(VERIFIER_CALL)) {
      const before = code(file).slice(Math.max(0, m.index! - 20), m.index);
      if (/function\s+$|async\s+$/.test(before) && !/await\s+$/.test(before)) continue;
      (found[file] ??= {})[m[1]] = (found[file][m[1]] ?? 0) + 1;
    }
  }
  return found;
}

const forgedHeaders = () => {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return { "x-real-ip": `203.0.113.${n()}`, "x-forwarded-for": `198.18.${n()}.${n()}, 192.0.2.${n()}`, forwarded: `for=192.0.2.${n()};proto=https`, "x-client-ip": `203.0.113.${n()}` };
};
const attempt = (fields: Fields, encoding: Encoding, from = someAddress()): Attempt => ({ fields, encoding, from, headers: forgedHeaders() });
const opensSession = (res: Response) => res.headers.getSetCookie().some((c) => /^next-auth\.session-token=[^;]/.test(c));

async function succeeded(door: SecretDoor, res: Response): Promise<boolean> {
  if (opensSession(res)) return true;
  if (res.status !== 200) return false;
  const body = await res
    .clone()
    .json()
    .catch(() => ({}));
  // validate-password answers 200 { valid } either way; sign-in answers 200 only with a session.
  return door.name.startsWith("password check") ? body.valid === true : !door.name.includes("/api/auth/");
}

async function expectRightRefused(door: SecretDoor, target: Awaited<ReturnType<SecretDoor["target"]>>, a: Attempt) {
  const right = await door.send(target, a);
  expect(right.status).toBe(429);
  expect(Number(right.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(typeof (await right.json()).message).toBe("string");
  expect(opensSession(right)).toBe(false);
  // A one-time token was not even looked at: it is still unused.
  if (target.context.studio) expect((await db.impersonationToken.findFirstOrThrow({ where: { adminId: target.context.studio } })).usedAt).toBeNull();
}

beforeEach(async () => {
  const into = Date.now() % RATE_WINDOW_MS;
  if (into > RATE_WINDOW_MS - 20_000) await new Promise((r) => setTimeout(r, RATE_WINDOW_MS - into + 200));
});

describe("the doors are found from the code", () => {
  it("every verifier call is covered by a door of the matrix, or exempted with its reason", () => {
    const found = verifierCalls();
    const sorted = (o: Record<string, number> | undefined) => JSON.stringify(Object.entries(o ?? {}).sort());
    const unknown = Object.entries(found).filter(([file, calls]) => sorted(calls) !== sorted(VERIFIERS[file]?.calls));
    if (unknown.length) {
      throw new Error(
        `Secret checks the matrix does not know: ${unknown.map(([f, c]) => `${f} ${JSON.stringify(c)}`).join("; ")}. ` +
          "A new door that checks a secret must go through guardSecret (lib/security/throttle.ts) and be added to SECRET_DOORS and VERIFIERS in tests/helpers/secret-doors.ts (or exempted there with its reason).",
      );
    }
    expect(Object.keys(found).sort()).toEqual(Object.keys(VERIFIERS).sort());
    for (const v of Object.values(VERIFIERS)) {
      expect(v.doors?.length || v.exempt).toBeTruthy();
      for (const d of v.doors ?? []) expect(SECRET_DOORS.map((x) => x.name)).toContain(d);
    }
  });

  it("every verifier that checks a guessable secret goes through the throttle in the same file", () => {
    for (const [file, calls] of Object.entries(verifierCalls())) {
      const guessable = (calls.verifyPassword ?? 0) + (calls.consumeImpersonation ?? 0);
      if (guessable > 0) expect({ file, guarded: calls.guardSecret ?? 0 }).toEqual({ file, guarded: guessable });
    }
  });

  it("only lib/auth/password.ts uses a password-hashing library", () => {
    const users = ["app", "lib", "pages", "components", "scripts", "server"].flatMap(sources).filter((f) => HASH_LIBRARIES.test(fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(users).toEqual(["lib/auth/password.ts"]);
  });

  it("every next-auth provider has its door, or its reason for none", () => {
    const options = code("lib/auth/options.ts");
    const ids = [...options.matchAll(/CredentialsProvider\(\{\s*(?:id:\s*"([^"]+)")?/g)].map((m) => m[1] ?? "credentials");
    expect(ids.sort()).toEqual(Object.keys(PROVIDERS).sort());
    for (const door of Object.values(PROVIDERS)) if (!door.startsWith("exempt:")) expect(SECRET_DOORS.map((d) => d.name)).toContain(door);
  });
});

describe.each(SECRET_DOORS.map((d) => [d.name, d] as const))("%s", (_name, door) => {
  const encodings: Encoding[] = ["json", "form", "multipart"];

  it.each(door.accepts.map((e) => [e]))("%s: one account, guesses from ever-new addresses with forged headers → 429 within 11, then the right secret is refused", async (encoding) => {
    const target = await door.target();
    // A one-time token names no account: its limit is per address (below).
    if (target.account === null) return;
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT && !statuses.includes(429); i++) {
      const res = await door.send(target, attempt(door.fields(target, wrongSecret()), encoding));
      expect(res.status).toBeLessThan(500);
      expect(await succeeded(door, res)).toBe(false);
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    await expectRightRefused(door, target, attempt(door.fields(target, target.right), encoding));
  });

  it.each(door.accepts.map((e) => [e]))("%s: one socket address, ever-new accounts, forged headers → 429 within 11, then the right secret is refused there", async (encoding) => {
    const from = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT && !statuses.includes(429); i++) {
      const target = door.name.includes("/api/auth/") || door.name.includes("/api/admin/login") ? { account: `nobody-${randomUUID()}@example.test`, right: "", context: {} } : await door.target();
      const res = await door.send(target, attempt(door.fields(target, wrongSecret()), encoding, from));
      expect(res.status).toBeLessThan(500);
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    const real = await door.target();
    await expectRightRefused(door, real, attempt(door.fields(real, real.right), encoding, from));
  });

  it(`repeated fields: a form with "${door.secretField}" twice is refused unverified; JSON's repeated name is one value, still counted`, async () => {
    const target = await door.target();
    const repeated = (secret: string): Fields => {
      const fields = door.fields(target, secret);
      const i = fields.findIndex(([k]) => k === door.secretField);
      return [...fields.slice(0, i), [door.secretField, wrongSecret()], ...fields.slice(i)];
    };
    if (door.accepts.includes("form")) {
      for (let i = 0; i < 3; i++) {
        const res = await door.send(target, attempt(repeated(target.right), "form"));
        expect(res.status).toBe(400);
        expect(await succeeded(door, res)).toBe(false);
      }
      if (target.context.studio) expect((await db.impersonationToken.findFirstOrThrow({ where: { adminId: target.context.studio } })).usedAt).toBeNull();
    }
    if (door.accepts.includes("json")) {
      // (A one-time token names no account: its guesses are counted per address.)
      const from = target.account === null ? someAddress() : undefined;
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT && !statuses.includes(429); i++) statuses.push((await door.send(target, attempt(repeated(wrongSecret()), "json", from))).status);
      expect(statuses).toContain(429);
      // The right secret as the repeated name's last value (the one JSON.parse keeps): limited too.
      await expectRightRefused(door, target, attempt(repeated(target.right), "json", from));
    }
  });

  it(`encodings it does not read (${encodings.filter((e) => !door.accepts.includes(e)).join(", ")}) are refused unverified, even with the right secret`, async () => {
    const target = await door.target();
    for (const encoding of encodings.filter((e) => !door.accepts.includes(e))) {
      const res = await door.send(target, attempt(door.fields(target, target.right), encoding));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await succeeded(door, res)).toBe(false);
    }
  });
});
