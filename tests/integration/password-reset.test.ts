// "Forgot password?" (issue 19, item 9): asking says the same whether or not the address has an
// account and mails a one-time link only when it has; the link works once, within the hour, only the
// newest one works, a reset ends every session of the account (cookies and bearer tokens), the new
// password signs in and the old one no longer does; bad input changes nothing. Guessing tokens is
// driven to 429 by the secret-doors matrix (tests/helpers/secret-doors.ts). Issue 36 item 5: the door
// does the same work for a known and an unknown address (the account's lookup and mail come after
// the answer), and a throttled reset is refused before its new password is hashed.
import { randomUUID } from "node:crypto";
import { POST as ask } from "@/app/api/password-reset/route";
import { POST as complete } from "@/app/api/password-reset/complete/route";
import { GET as adminDetails } from "@/app/api/admin/admin-details/route";
import { POST as login } from "@/app/api/admin/login/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { resetLinkUsable } from "@/lib/services/access/password-reset";
import { afterResponsesSettled } from "@/lib/http/after-response";
import { createStudio, TEST_PASSWORD } from "../helpers/factories";
import { bearerFor, call, request, sessionCookieFor, someAddress } from "../helpers/requests";
import { closeStatementLog, statementsOf } from "../helpers/statements";

// The only hashing library the app calls (lib/auth/password.ts), as that module requires it.
const argon2 = require("@node-rs/argon2") as typeof import("@node-rs/argon2");

afterAll(closeStatementLog);

const askDoor = (email: string) => call(ask, request("POST", "/api/password-reset", { body: { email } }));
/** Asks, and waits for the work the door left for after its answer (the mail). */
async function askFor(email: string) {
  const res = await askDoor(email);
  await afterResponsesSettled();
  return res;
}
const reset = (token: string, password = "brand-new-pass-1", confirmPassword = password, from?: string) =>
  call(complete, request("POST", "/api/password-reset/complete", { body: { token, password, confirmPassword }, from }));

/** The token of the newest reset mail sent to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mail = await db.mailMessage.findFirstOrThrow({ where: { to: email, subject: TEXTS.passwordResetMailSubject }, orderBy: { createdAt: "desc" } });
  const url = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)![0];
  return new URL(url).searchParams.get("token")!;
}

it("answers the same for a known and an unknown address, and mails a link only to the account", async () => {
  const studio = await createStudio();
  const known = await askFor(studio.email.toUpperCase());
  const unknown = await askFor(`nobody-${Date.now()}@example.test`);
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(await known.json()).toEqual({ message: TEXTS.passwordResetRequested });
  expect(await unknown.json()).toEqual({ message: TEXTS.passwordResetRequested });
  expect(await db.mailMessage.count({ where: { to: studio.email, subject: TEXTS.passwordResetMailSubject } })).toBe(1);
  const row = await db.passwordReset.findFirstOrThrow({ where: { adminId: studio.id } });
  expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
  const token = await mailedToken(studio.email);
  expect(row.tokenHash).not.toContain(token); // only its hash is kept
});

it("the link sets the new password once, ends every session, and the old password no longer signs in", async () => {
  const studio = await createStudio();
  const cookie = await sessionCookieFor(studio);
  const bearer = await bearerFor(studio);
  await askFor(studio.email);
  const token = await mailedToken(studio.email);

  expect((await reset(token, "brand-new-pass-1", "something-else-1")).status).toBe(400); // confirmation differs: nothing changes
  expect((await call(adminDetails, request("GET", "/x", { cookie }))).status).toBe(200);

  const done = await reset(token);
  expect(done.status).toBe(200);
  expect(await done.json()).toEqual({ message: TEXTS.passwordResetDone });
  expect((await call(adminDetails, request("GET", "/x", { cookie }))).status).toBe(401);
  expect((await call(adminDetails, request("GET", "/x", { token: bearer }))).status).toBe(401);
  expect((await call(login, request("POST", "/api/admin/login", { body: { email: studio.email, password: TEST_PASSWORD } }))).status).toBe(401);
  expect((await call(login, request("POST", "/api/admin/login", { body: { email: studio.email, password: "brand-new-pass-1" } }))).status).toBe(200);
  expect(await db.auditLog.count({ where: { action: "password.reset", targetId: studio.id } })).toBe(1);

  // Used once: a second use (or two racing ones) opens nothing.
  const again = await reset(token, "another-pass-2");
  expect(again.status).toBe(401);
  expect((await again.json()).message).toBe(TEXTS.passwordResetInvalid);
});

it("two racing uses of one link: exactly one sets the password", async () => {
  const studio = await createStudio();
  await askFor(studio.email);
  const token = await mailedToken(studio.email);
  const results = await Promise.all([reset(token, "racing-pass-1"), reset(token, "racing-pass-2"), reset(token, "racing-pass-3")]);
  expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
});

it("only the newest link works, and an expired one does not", async () => {
  const studio = await createStudio();
  await askFor(studio.email);
  const first = await mailedToken(studio.email);
  await new Promise((r) => setTimeout(r, 5));
  await askFor(studio.email);
  const second = await mailedToken(studio.email);
  expect(second).not.toBe(first);
  expect((await reset(first)).status).toBe(401);
  await db.passwordReset.updateMany({ where: { adminId: studio.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  expect((await reset(second)).status).toBe(401);
});

it("asking is rate-limited per address and per email, and bad input is a 400 that sends nothing", async () => {
  const studio = await createStudio();
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await askFor(studio.email)).status);
  expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
  for (const body of [{}, { email: "not-an-email" }, { email: ["a@b.c"] }]) {
    const res = await call(ask, request("POST", "/api/password-reset", { body }));
    expect(res.status).toBe(400);
  }
  for (const body of [{}, { token: "", password: "brand-new-pass-1", confirmPassword: "brand-new-pass-1" }, { token: "x".repeat(40), password: "short", confirmPassword: "short" }]) {
    expect((await call(complete, request("POST", "/api/password-reset/complete", { body }))).status).toBe(400);
  }
});

describe("nothing to learn from the time taken (issue 36 item 5)", () => {
  it("asking runs the same statements for a known and an unknown address; the account's lookup and mail come after the answer", async () => {
    const studio = await createStudio();
    // The process's first window hit also deletes old buckets: out of the way before measuring.
    await askFor(`warm-up-${randomUUID()}@example.test`);
    const known = await statementsOf(() => askDoor(studio.email));
    await afterResponsesSettled();
    const unknown = await statementsOf(() => askDoor(`nobody-${randomUUID()}@example.test`));
    expect(known.length).toBeGreaterThan(0);
    expect(known).toEqual(unknown);
    expect(known.join("\n")).not.toMatch(/"Admin"|"PasswordReset"|"MailMessage"/);
    // The work left for after the answer: the link for the account, nothing for the unknown address.
    await afterResponsesSettled();
    expect(await db.mailMessage.count({ where: { to: studio.email, subject: TEXTS.passwordResetMailSubject } })).toBe(1);
    expect(await db.passwordReset.count({ where: { adminId: studio.id } })).toBe(1);
  });

  it("a reset is throttled before its new password is hashed: wrong and throttled tokens hash nothing, the right one hashes once", async () => {
    const studio = await createStudio();
    await askFor(studio.email);
    const token = await mailedToken(studio.email);
    const hashed = jest.spyOn(argon2, "hash");
    try {
      const from = someAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await reset(`wrong-${randomUUID()}`, "brand-new-pass-1", "brand-new-pass-1", from)).status);
      // Refused (401), then throttled (429: the back-off after 5 failures, the window after 10).
      expect(statuses[0]).toBe(401);
      expect(statuses.at(-1)).toBe(429);
      // Throttled: refused before anything is hashed, the right token too (and it stays unused).
      expect((await reset(token, "brand-new-pass-1", "brand-new-pass-1", from)).status).toBe(429);
      expect(hashed).not.toHaveBeenCalled();
      expect(await db.passwordReset.count({ where: { adminId: studio.id, usedAt: null } })).toBe(1);
      // From elsewhere the right token sets the password: one hash.
      expect((await reset(token)).status).toBe(200);
      expect(hashed).toHaveBeenCalledTimes(1);
    } finally {
      hashed.mockRestore();
    }
  });
});

it("tells the reset page whether a link can still be used: fresh yes; used, replaced, expired, unknown or empty no", async () => {
  const studio = await createStudio();
  await askFor(studio.email);
  const first = await mailedToken(studio.email);
  expect(await resetLinkUsable(first)).toBe(true);
  expect(await resetLinkUsable(first)).toBe(true); // asking claims nothing
  await askFor(studio.email);
  const second = await mailedToken(studio.email);
  expect(await resetLinkUsable(first)).toBe(false); // replaced by the newer link
  expect(await resetLinkUsable(second)).toBe(true);
  expect(await resetLinkUsable(`${second}x`)).toBe(false);
  expect(await resetLinkUsable("")).toBe(false);
  await db.passwordReset.updateMany({ where: { adminId: studio.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  expect(await resetLinkUsable(second)).toBe(false);
  await db.passwordReset.updateMany({ where: { adminId: studio.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
  expect((await reset(second)).status).toBe(200);
  expect(await resetLinkUsable(second)).toBe(false); // used
});
