// One throttle for every door that checks a secret: account passwords (both sign-ins, the password
// check, the profile's current password), gallery passwords, one-time tokens (impersonation), and
// the download PINs and invite codes to come. The door parses its request once, names the account
// from the very value its verifier will read (normalised: a trimmed lower-case email, an id), and
// runs the verifier through guardSecret():
//   1. admit — per client address and per account, a sliding one-minute window that counts every
//      attempt (RATE_LIMIT_PER_MINUTE, 10); and back-off on repeated failures, account-wide and
//      per account+address (lib/security/backoff.ts). Any refusal is a 429 with Retry-After,
//      before the secret is looked at, so the right secret is refused too while limited;
//   2. verify — the door's own check, which says whether the secret was right;
//   3. record — a failure moves the back-off on; a success clears the keys the attempt was counted
//      under and gives this browser a "known device" cookie for the account.
// Lock-out: an attacker's failures slow the account for unknown clients only. A browser that has
// succeeded on the account before (its signed known-device cookie) is counted in buckets of its
// own instead of the account-wide ones, so the owner's browser keeps working during an attack
// (docs/security.md, "Rate limits").
// tests/integration/secret-doors.test.ts finds every verifier in the code and fails on one it does
// not know; tests/helpers/secret-doors.ts lists the doors it drives to 429.
import "@/lib/server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { env, secureCookies } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { clientAddress } from "@/lib/security/client-ip";
import { enforceRateLimit, RateLimitError } from "@/lib/security/rate-limit";
import { admit, clearKeys, recordFailure, type BackoffPolicy } from "@/lib/security/backoff";

/** What kind of secret a door checks; doors of one kind share their buckets (one password, many doors). */
export type SecretKind = "password" | "gallery" | "token" | "pin";

type Policy = { message: string; account: BackoffPolicy; pair: BackoffPolicy };

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Account-wide back-off is capped lower than the account+address one: the first also slows the
 * owner (on a browser they never signed in with), the second only whoever keeps failing there.
 */
export const POLICIES: Record<SecretKind, Policy> = {
  password: { message: TEXTS.tooManyAttempts, account: { free: 5, baseMs: SECOND, capMs: 5 * MINUTE }, pair: { free: 5, baseMs: SECOND, capMs: 15 * MINUTE } },
  gallery: { message: TEXTS.viewer.tooManyAttempts, account: { free: 5, baseMs: SECOND, capMs: 5 * MINUTE }, pair: { free: 5, baseMs: SECOND, capMs: 15 * MINUTE } },
  token: { message: TEXTS.tooManyAttempts, account: { free: 5, baseMs: SECOND, capMs: 5 * MINUTE }, pair: { free: 5, baseMs: SECOND, capMs: 15 * MINUTE } },
  // A gallery's download PIN: buckets apart from its password's, so PIN guesses never slow the
  // password's door (and the other way round).
  pin: { message: TEXTS.viewer.tooManyAttempts, account: { free: 5, baseMs: SECOND, capMs: 5 * MINUTE }, pair: { free: 5, baseMs: SECOND, capMs: 15 * MINUTE } },
};

type Cookie = { name: string; value: string; options: { httpOnly: true; sameSite: "lax"; secure: boolean; path: "/"; maxAge: number } };

/** Who is knocking: the client's address and cookies, read once from the request; and what a success grants. */
export type SecretClient = { address: string; cookie(name: string): string | undefined; grants: Cookie[] };

export function secretClient(req: Pick<NextRequest, "headers" | "cookies">): SecretClient {
  return { address: clientAddress(req.headers), cookie: (name) => req.cookies.get(name)?.value, grants: [] };
}

/** The result of a verifier: whether the secret was right; `error` is thrown on a wrong one, else `value` is returned. */
export type Verdict<T> = { ok: true; value: T } | { ok: false; value?: T; error?: AppError };

export type SecretTarget = { kind: SecretKind; account: string | null };

const KNOWN_MAX_AGE_SEC = 180 * 24 * 3600;

function accountOf(account: string | null): string | null {
  const a = account?.trim().toLowerCase().slice(0, 254);
  return a ? a : null;
}

function knownMac(kind: SecretKind, account: string, issuedAt: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`known-device:${kind}:${account}:${issuedAt}`).digest("base64url");
}

export function knownCookieName(kind: SecretKind, account: string): string {
  return `vf_known_${createHash("sha256").update(`${kind}:${account}`).digest("hex").slice(0, 16)}`;
}

/** This browser's proof of an earlier success on the account (a short id of it), or null. */
function knownDevice(client: SecretClient, kind: SecretKind, account: string): string | null {
  const m = client.cookie(knownCookieName(kind, account))?.match(/^(\d{1,12})\.([A-Za-z0-9_-]{43})$/);
  if (!m || Date.now() - Number(m[1]) * 1000 > KNOWN_MAX_AGE_SEC * 1000) return null;
  const expected = Buffer.from(knownMac(kind, account, m[1]));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[2].slice(0, 16) : null;
}

function knownCookie(kind: SecretKind, account: string): Cookie {
  const issuedAt = String(Math.floor(Date.now() / 1000));
  return {
    name: knownCookieName(kind, account),
    value: `${issuedAt}.${knownMac(kind, account, issuedAt)}`,
    options: { httpOnly: true, sameSite: "lax", secure: secureCookies(), path: "/", maxAge: KNOWN_MAX_AGE_SEC },
  };
}

/** The buckets one attempt is counted under. */
function keysOf(client: SecretClient, { kind, account }: SecretTarget) {
  const a = accountOf(account);
  const device = a ? knownDevice(client, kind, a) : null;
  // The owner's known browser has buckets of its own; everyone else shares the account's.
  const accountKey = a ? (device ? `${kind}:known:${a}|${device}` : `${kind}:account:${a}`) : null;
  const pairKey = `${kind}:pair:${a ?? "*"}|${client.address}`;
  return { account: a, flat: [`${kind}:ip:${client.address}`, ...(accountKey ? [accountKey] : [])], backoff: [pairKey, ...(accountKey ? [accountKey] : [])] };
}

/**
 * Checks a secret through the throttle: admit (429 when limited), verify, record. Returns the
 * verifier's value; a wrong secret throws the verifier's error (or returns its value, for doors
 * that answer `valid: false`). An error thrown by the verifier itself is not an outcome and is
 * passed on uncounted.
 */
export async function guardSecret<T>(client: SecretClient, target: SecretTarget, verify: () => Promise<Verdict<T>>): Promise<T> {
  const policy = POLICIES[target.kind];
  const keys = keysOf(client, target);
  try {
    await enforceRateLimit(keys.flat);
  } catch (e) {
    if (e instanceof RateLimitError) throw new RateLimitError(e.retryAfterSec, policy.message);
    throw e;
  }
  let retryAfter = 0;
  for (const [i, key] of keys.backoff.entries()) {
    const r = await admit(key, i === 0 ? policy.pair : policy.account);
    if (!r.admitted) retryAfter = Math.max(retryAfter, r.retryAfterSec);
  }
  if (retryAfter > 0) throw new RateLimitError(retryAfter, policy.message);

  const verdict = await verify();
  if (verdict.ok) {
    await clearKeys(keys.backoff);
    if (keys.account) client.grants.push(knownCookie(target.kind, keys.account));
    return verdict.value;
  }
  for (const [i, key] of keys.backoff.entries()) await recordFailure(key, i === 0 ? policy.pair : policy.account);
  if (verdict.error) throw verdict.error;
  return verdict.value as T;
}

/**
 * A flat per-address and per-account limit for a door that checks no secret but must not be
 * hammered (sign-up, issuing impersonation links). 429 with Retry-After when over.
 */
export async function limitAction(client: SecretClient, door: string, account: string | null): Promise<void> {
  const a = accountOf(account);
  await enforceRateLimit([`${door}:ip:${client.address}`, ...(a ? [`${door}:account:${a}`] : [])]);
}

/** Puts what a success granted (the known-device cookie) on the answer. */
export function applyGrants<R extends Response>(res: R, client: SecretClient): R {
  for (const c of client.grants) {
    const o = c.options;
    res.headers.append("set-cookie", `${c.name}=${c.value}; Path=${o.path}; Max-Age=${o.maxAge}; HttpOnly; SameSite=Lax${o.secure ? "; Secure" : ""}`);
  }
  return res;
}

/** A wrong secret's refusal, for verifiers: `{ ok: false, error }`. */
export const refused = (error: AppError): Verdict<never> => ({ ok: false, error });
