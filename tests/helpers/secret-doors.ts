// Every door that checks a secret, for the secret-doors matrix (tests/integration/secret-doors.test.ts):
// how to call it with a wrong or the right secret, in which body encodings, against which account.
// VERIFIERS lists every place in the code that checks a secret; the matrix scans the code and fails
// on a check that is not listed here (add its door below, or an exemption with its reason).
import { randomUUID } from "node:crypto";
import { POST as login } from "@/app/api/admin/login/route";
import { POST as validatePassword } from "@/app/api/validate-password/route";
import { POST as updateProfile } from "@/app/api/update-profile/route";
import { POST as unlock } from "@/app/api/public/galleries/[slug]/unlock/route";
import { POST as givePin } from "@/app/api/public/galleries/[slug]/pin/route";
import { POST as completeReset } from "@/app/api/password-reset/complete/route";
import { POST as enterAsGuest } from "@/app/api/public/galleries/[slug]/guest/route";
import { inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { issueImpersonation } from "@/lib/services/access/impersonation";
import { createFolderWithGallery, createStudio, createSuperadmin, TEST_PASSWORD } from "./factories";
import { call, request, sessionCookieFor } from "./requests";
import { nextAuth } from "./next-auth";

export type Encoding = "json" | "form" | "multipart";
export type Fields = [string, string][];
/** One attempt: the body's fields (in order; a name may repeat), its encoding, where it comes from. */
export type Attempt = { fields: Fields; encoding: Encoding; from: string; headers: Record<string, string> };

export type Target = { account: string | null; right: string; context: Record<string, string> };

export type SecretDoor = {
  name: string;
  /** Encodings the door reads; the others must be refused without verifying anything. */
  accepts: Encoding[];
  /** The field carrying the secret. */
  secretField: string;
  /** A fresh account (or gallery, or token) to guess at. */
  target(): Promise<Target>;
  /** The body's fields for a guess at the target. */
  fields(target: Target, secret: string): Fields;
  send(target: Target, attempt: Attempt): Promise<Response>;
};

function encode(fields: Fields, encoding: Encoding): { body: string; type: string } {
  if (encoding === "form") return { body: new URLSearchParams(fields).toString(), type: "application/x-www-form-urlencoded" };
  if (encoding === "multipart") {
    const b = "----vidfolio-matrix";
    return { body: `${fields.map(([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("")}--${b}--\r\n`, type: `multipart/form-data; boundary=${b}` };
  }
  // JSON with repeated names written out as they come (JSON.parse keeps the last).
  return { body: `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`, type: "application/json" };
}

function routeRequest(method: string, path: string, attempt: Attempt, extra: { cookie?: string } = {}) {
  const { body, type } = encode(attempt.fields, attempt.encoding);
  return request(method, path, { rawBody: body, headers: { ...attempt.headers, "content-type": type }, from: attempt.from, cookie: extra.cookie });
}

async function studioTarget(): Promise<Target> {
  const studio = await createStudio();
  return { account: studio.email, right: TEST_PASSWORD, context: { id: studio.id } };
}

async function actorTarget(): Promise<Target> {
  const studio = await createStudio();
  return { account: studio.email, right: TEST_PASSWORD, context: { cookie: await sessionCookieFor(studio), name: studio.name } };
}

export const SECRET_DOORS: SecretDoor[] = [
  {
    name: "studio sign-in: POST /api/auth/callback/credentials",
    accepts: ["form", "json"],
    secretField: "password",
    target: studioTarget,
    fields: (t, secret) => [
      ["email", t.account!],
      ["password", secret],
      ["json", "true"],
    ],
    send: (t, a) => nextAuth("POST", ["callback", "credentials"], { raw: encode(a.fields, a.encoding), from: a.from, headers: a.headers }),
  },
  {
    name: "super admin sign-in: POST /api/auth/callback/credentials with role",
    accepts: ["form", "json"],
    secretField: "password",
    target: async () => {
      const admin = await createSuperadmin();
      return { account: admin.email, right: TEST_PASSWORD, context: {} };
    },
    fields: (t, secret) => [
      ["email", t.account!],
      ["password", secret],
      ["role", "superadmin"],
      ["json", "true"],
    ],
    send: (t, a) => nextAuth("POST", ["callback", "credentials"], { raw: encode(a.fields, a.encoding), from: a.from, headers: a.headers }),
  },
  {
    name: "API sign-in: POST /api/admin/login",
    accepts: ["json"],
    secretField: "password",
    target: studioTarget,
    fields: (t, secret) => [
      ["email", t.account!],
      ["password", secret],
    ],
    send: (t, a) => call(login, routeRequest("POST", "/api/admin/login", a)),
  },
  {
    name: "password check: POST /api/validate-password",
    accepts: ["json"],
    secretField: "password",
    target: actorTarget,
    fields: (t, secret) => [
      ["email", t.account!],
      ["password", secret],
    ],
    send: (t, a) => call(validatePassword, routeRequest("POST", "/api/validate-password", a, { cookie: t.context.cookie })),
  },
  {
    name: "current password: POST /api/update-profile",
    accepts: ["json"],
    secretField: "currentPassword",
    target: actorTarget,
    fields: (t, secret) => [
      ["name", t.context.name],
      ["email", t.account!],
      ["currentPassword", secret],
    ],
    send: (t, a) => call(updateProfile, routeRequest("POST", "/api/update-profile", a, { cookie: t.context.cookie })),
  },
  {
    name: "gallery password: POST /api/public/galleries/:slug/unlock",
    accepts: ["json"],
    secretField: "password",
    target: async () => {
      const studio = await createStudio();
      const { gallery } = await createFolderWithGallery(studio.id);
      const right = "gallery-passphrase-1";
      await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: await hashPassword(right) } });
      return { account: gallery.id, right, context: { slug: gallery.customUrl } };
    },
    fields: (_t, secret) => [["password", secret]],
    send: (t, a) => call(unlock, routeRequest("POST", `/api/public/galleries/${t.context.slug}/unlock`, a), { slug: t.context.slug }),
  },
  {
    name: "download PIN: POST /api/public/galleries/:slug/pin",
    accepts: ["json"],
    secretField: "pin",
    target: async () => {
      const studio = await createStudio();
      const { gallery } = await createFolderWithGallery(studio.id);
      const right = "482913";
      await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: true, downloadPinHash: await hashPassword(right) } });
      return { account: gallery.id, right, context: { slug: gallery.customUrl } };
    },
    // A PIN is digits (anything else is a 400, never verified): a wrong guess is made of the wrong secret's digits.
    fields: (t, secret) => [["pin", secret === t.right ? secret : wrongPin(secret)]],
    send: (t, a) => call(givePin, routeRequest("POST", `/api/public/galleries/${t.context.slug}/pin`, a), { slug: t.context.slug }),
  },
  {
    name: "guest link token: POST /api/public/galleries/:slug/guest",
    accepts: ["json"],
    secretField: "token",
    target: async () => {
      const studio = await createStudio();
      const { gallery } = await createFolderWithGallery(studio.id);
      await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: await hashPassword("gallery-passphrase-1") } });
      const id = randomUUID();
      const salt = newInviteSalt();
      const right = inviteToken(id, salt);
      await db.galleryInvite.create({ data: { id, galleryId: gallery.id, adminId: studio.id, name: "Guest", email: `guest-${id}@example.test`, salt, tokenHash: tokenHash(right) } });
      // An unguessable token names no account: limited per address only (issue 36 item 2).
      return { account: null, right, context: { slug: gallery.customUrl } };
    },
    fields: (_t, secret) => [["token", secret]],
    send: (t, a) => call(enterAsGuest, routeRequest("POST", `/api/public/galleries/${t.context.slug}/guest`, a), { slug: t.context.slug }),
  },
  {
    name: "impersonation token: POST /api/auth/callback/impersonate",
    accepts: ["form", "json"],
    secretField: "token",
    target: async () => {
      const admin = await createSuperadmin();
      const studio = await createStudio();
      const { url } = await issueImpersonation(admin, studio.id);
      return { account: null, right: new URL(url).searchParams.get("token")!, context: { studio: studio.id } };
    },
    fields: (_t, secret) => [
      ["token", secret],
      ["json", "true"],
    ],
    send: (t, a) => nextAuth("POST", ["callback", "impersonate"], { raw: encode(a.fields, a.encoding), from: a.from, headers: a.headers }),
  },
  {
    name: "password reset token: POST /api/password-reset/complete",
    accepts: ["json"],
    secretField: "token",
    target: async () => {
      const studio = await createStudio();
      const right = `reset-${randomUUID()}-${randomUUID()}`;
      await db.passwordReset.create({ data: { adminId: studio.id, tokenHash: createHash("sha256").update(right).digest("hex"), expiresAt: new Date(Date.now() + 3600_000) } });
      return { account: null, right, context: {} };
    },
    fields: (_t, secret) => [
      ["token", secret],
      ["password", "a-new-password-1"],
      ["confirmPassword", "a-new-password-1"],
    ],
    send: (_t, a) => call(completeReset, routeRequest("POST", "/api/password-reset/complete", a)),
  },
];

/** A wrong secret that differs each time. */
export const wrongSecret = () => `wrong-${randomUUID().slice(0, 12)}`;

/** A well-formed wrong download PIN (6 digits, never the doors' "482913"), from any secret. */
function wrongPin(secret: string): string {
  const pin = String(parseInt(createHash("sha256").update(secret).digest("hex").slice(0, 8), 16) % 1_000_000).padStart(6, "0");
  return pin === "482913" ? "000000" : pin;
}

/**
 * Every place that checks a secret, found by the scan in the matrix: file → how many calls of each
 * verifier it makes, and the doors above that cover them (or why none is needed).
 */
export const VERIFIERS: Record<string, { calls: Record<string, number>; doors?: string[]; exempt?: string }> = {
  "lib/services/access/accounts.ts": {
    calls: { verifyPassword: 1, guardSecret: 1 },
    doors: ["studio sign-in: POST /api/auth/callback/credentials", "super admin sign-in: POST /api/auth/callback/credentials with role", "API sign-in: POST /api/admin/login"],
  },
  "lib/services/studio/profile.ts": { calls: { verifyPassword: 2, guardSecret: 2 }, doors: ["password check: POST /api/validate-password", "current password: POST /api/update-profile"] },
  "lib/services/access/gallery-locks.ts": {
    calls: { verifyPassword: 2, guardSecret: 2 },
    doors: ["gallery password: POST /api/public/galleries/:slug/unlock", "download PIN: POST /api/public/galleries/:slug/pin"],
  },
  "lib/auth/sign-in-door.ts": { calls: { consumeImpersonation: 1, guardSecret: 1 }, doors: ["impersonation token: POST /api/auth/callback/impersonate"] },
  "lib/services/access/password-reset.ts": { calls: { guardSecret: 1 }, doors: ["password reset token: POST /api/password-reset/complete"] },
  "lib/services/guests/invites.ts": { calls: { guardSecret: 1 }, doors: ["guest link token: POST /api/public/galleries/:slug/guest"] },
  "lib/services/guests/invite-mail.ts": {
    calls: { timingSafeEqual: 1 },
    exempt: "compares the delivery mail's pixel and image signatures (HMAC-SHA256 of an invite id with AUTH_SECRET), which only this app can issue: nothing a visitor can guess",
  },
  "lib/contract/openapi.ts": {
    calls: { timingSafeEqual: 1 },
    exempt: "text, not code the app runs: the reference's snippet showing a webhook receiver how to verify Vidfolio-Signature",
  },
  "lib/auth/gallery-unlock.ts": { calls: { timingSafeEqual: 1 }, exempt: "compares the unlock cookie's HMAC-SHA256, which only this app can issue: nothing a visitor can guess" },
  "lib/security/throttle.ts": { calls: { timingSafeEqual: 1 }, exempt: "compares the known-device cookie's HMAC-SHA256, which only this app can issue" },
  "server/socket-address.cjs": { calls: { timingSafeEqual: 1 }, exempt: "compares the production server's socket stamp (a per-process HMAC key), never seen by a client" },
  "lib/services/public/viewer.ts": { calls: { timingSafeEqual: 1 }, exempt: "compares the vf_viewer cookie's HMAC-SHA256 (a viewer id only this app can issue): nothing a visitor can guess" },
  "scripts/store-gate.mjs": {
    calls: { timingSafeEqual: 1 },
    exempt: "the embedded store's SigV4 check against a key generated per data folder (HMAC-SHA256): not a door of the app, nothing a visitor can guess",
  },
  "lib/services/platform/api-keys.ts": {
    calls: { timingSafeEqual: 1 },
    exempt:
      "compares the SHA-256 of a studio API key's secret (32 random bytes: 2^256 to guess, found by its prefix first); unknown and wrong keys are a 401, every use of a real key counts against its own rate limit (tests/integration/api-keys.test.ts)",
  },
  "lib/services/platform/rules/webhooks/signature.ts": {
    calls: { timingSafeEqual: 1 },
    exempt: "verifies an outgoing webhook delivery's signature for the receiver's side (the tests and docs/examples/webhook-receiver.mjs); no door of the app takes it",
  },
  "lib/services/money/stripe-webhook.ts": { calls: { constructEvent: 1 }, exempt: "Stripe's signature over the raw body (HMAC-SHA256 with the webhook secret): nothing a caller can guess" },
};

/** next-auth providers: each either has its door above, or the reason it checks no guessable secret. */
export const PROVIDERS: Record<string, string> = {
  credentials: "studio sign-in: POST /api/auth/callback/credentials",
  impersonate: "impersonation token: POST /api/auth/callback/impersonate",
  "end-impersonation": "exempt: reads the caller's own session cookie (a JWE only this app can mint), no secret in the body",
};
