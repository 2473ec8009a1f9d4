// "Forgot password?" (issue 19, item 9): asking says the same whether or not the address has an
// account and mails a one-time link only when it has; the link works once, within the hour, only the
// newest one works, a reset ends every session of the account (cookies and bearer tokens), the new
// password signs in and the old one no longer does; bad input changes nothing. Guessing tokens is
// driven to 429 by the secret-doors matrix (tests/helpers/secret-doors.ts).
import { POST as ask } from "@/app/api/password-reset/route";
import { POST as complete } from "@/app/api/password-reset/complete/route";
import { GET as adminDetails } from "@/app/api/admin/admin-details/route";
import { POST as login } from "@/app/api/admin/login/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { createStudio, TEST_PASSWORD } from "../helpers/factories";
import { bearerFor, call, request, sessionCookieFor } from "../helpers/requests";

const askFor = (email: string) => call(ask, request("POST", "/api/password-reset", { body: { email } }));
const reset = (token: string, password = "brand-new-pass-1", confirmPassword = password) =>
  call(complete, request("POST", "/api/password-reset/complete", { body: { token, password, confirmPassword } }));

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
